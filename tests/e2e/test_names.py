"""One name for each seat everywhere a player meets it: at the table, on the
score sheet, in the winner's line and on the statistics page's chart ("Ada
(you)", and in Spades the side "Ada (you) & North")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server
from .test_pages import _play_out, seat_token
from .test_trick_table import open_score_sheet, open_table

SHORT = {"spades": {"target": 50, "nil": False}, "hearts": {"target": 25}}
MINE = {"spades": "Ada (you) & North", "hearts": "Ada (you)"}


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_your_seat_has_one_name_at_the_table_on_the_sheet_and_the_chart(
    server: Server, browser_page: Page, game: str, screenshot
) -> None:
    page = browser_page
    page.goto(server.url + "/")
    assert page.request.post(server.url + "/api/me", data={"name": "Ada"}).ok
    url = open_table(page, server, game, **SHORT[game])
    expect(page.locator(".seat-bottom .seat-name")).to_have_text("Ada (you)")
    if game == "spades":
        expect(page.locator(".team.mine .team-name")).to_have_text(MINE[game])
        expect(page.locator(".team:not(.mine) .team-name")).to_have_text("East & West")

    _play_out(server.url.replace("http", "ws") + url.replace(f"/{game}/", "/ws/"),
              seat_token(page, url))
    page.reload()
    winner = page.locator(".game-over .winner-line")
    expect(winner).to_contain_text(" win")
    open_score_sheet(page)
    heads = page.locator(".score-sheet thead th")
    expect(heads.filter(has_text=MINE[game])).to_have_count(1)
    expect(page.locator(".score-sheet")).not_to_contain_text("North-South")
    screenshot(page, f"names-{game}-game-over")
    line = winner.inner_text()

    page.goto(server.url + "/stats")
    chart = page.locator("#charts figure").first
    expect(chart.locator(".chart-legend")).to_contain_text(f"{MINE[game]}:")
    expect(chart.locator("table thead")).to_contain_text(MINE[game])
    expect(chart.locator(".chart-winner")).to_have_text(line)  # the same words as the table's
    expect(chart).not_to_contain_text("South (you)")
    screenshot(page, f"names-{game}-stats")
