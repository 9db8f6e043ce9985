"""The database goes away in the middle of a Spades hand (the server on
PostgreSQL, the server stopped): the card played meanwhile is not lost. The
page says the table is unavailable and is being retried, and once the
database is back the card is played and the game goes on."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import databases
from services import Server

from .conftest import SCREENSHOTS
from .test_trick_table import bid, hand_cards, open_table, play_a_card, playable


@pytest.fixture
def on_postgresql(tmp_path: Path) -> Iterator[tuple[Server, databases.Cluster]]:
    cluster = databases.cluster()  # (skips, with the reason, where PostgreSQL cannot run)
    server = Server(tmp_path, db=cluster.url())
    server.start()
    try:
        yield server, cluster
    finally:
        server.stop()
        with contextlib.suppress(RuntimeError):  # (running again already)
            cluster.resume()


def test_a_card_played_while_the_database_is_away_is_played_when_it_is_back(
        on_postgresql: tuple[Server, databases.Cluster], browser_page: Page) -> None:
    server, cluster = on_postgresql
    page = browser_page
    open_table(page, server, "spades")
    bid(page)
    play_a_card(page)
    card = playable(page)
    code = str(card.get_attribute("data-card"))
    before = len(hand_cards(page))
    cluster.pause()
    card.click()
    expect(page.locator(".table-notice")).to_contain_text("unavailable")
    expect(page.locator(".table-notice")).to_contain_text("retrying")
    assert len(hand_cards(page)) == before  # nothing shown as played that is not stored
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "spades-database-away.png"))
    cluster.resume()
    expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0,
                                                                                  timeout=30_000)
    expect(page.locator(".table-notice")).to_have_text("The table is back: your move is made.")
    play_a_card(page)  # and the game goes on
