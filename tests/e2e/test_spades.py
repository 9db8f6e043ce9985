"""A game of Spades by clicking, as a player: bid, thirteen tricks, the score
sheet, game over and Play again; each state checked by axe and saved."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from parlour.records import replay

from .conftest import Server
from .test_trick_table import (
    PLAYABLE,
    Check,
    bid,
    continue_after_summary,
    open_score_sheet,
    open_table,
    play_a_card,
    play_hand,
)


def test_a_game_of_spades_by_clicking(
    server: Server, browser_page: Page, screenshot: Check, check_accessibility: Check,
    assert_clean: Check,
) -> None:
    page = browser_page
    # A low target and mercy at 0: a hand or two ends the game.
    first = open_table(page, server, "spades", target=50, mercy=0)
    page.locator(".bid-grid button").first.wait_for(timeout=20_000)
    expect(page.locator(".prompt")).to_contain_text("Your bid")
    screenshot(page, "spades-bidding")
    check_accessibility(page, "spades bidding")
    bid(page, "3")
    expect(page.locator(".seat-bottom")).to_contain_text("bid 3")

    def look() -> None:
        screenshot(page, "spades-play")
        check_accessibility(page, "spades play")

    summary = play_hand(page, look)
    # The hand's summary: each side's bids against its tricks, points and bags.
    expect(summary.locator("tbody tr")).to_have_count(2)
    expect(summary).to_contain_text("You 3")
    expect(summary.get_by_role("button", name="Review this hand")).to_be_visible()
    screenshot(page, "spades-hand-summary")
    check_accessibility(page, "spades hand summary")
    continue_after_summary(page)
    open_score_sheet(page)
    sheet = page.locator(".score-sheet")
    expect(sheet.locator("tbody th").first).to_have_text("1")
    expect(sheet).to_contain_text("bid You 3,")  # your bid, by your seat's name
    screenshot(page, "spades-score-sheet")
    check_accessibility(page, "spades score sheet")

    over = page.locator(".game-over")
    for _ in range(300):
        if over.count():
            break
        if continue_after_summary(page):
            continue
        if page.locator(".bid-grid button").count():
            bid(page, "4")
        elif page.locator(PLAYABLE).count():
            play_a_card(page)
        else:
            page.wait_for_timeout(200)
    expect(over.locator(".winner-line")).to_contain_text(" win ", timeout=30_000)
    # and a screen reader hears it
    expect(page.locator('[aria-live="polite"]').filter(has_text="Game over:")).to_have_count(1)
    expect(sheet).to_be_visible()
    screenshot(page, "spades-game-over")
    check_accessibility(page, "spades game over")
    assert_clean(page)
    # the game's record, to keep: it replays to the same end
    link = over.get_by_role("link", name="Save the game record")
    with page.expect_download() as saving:
        link.click()
    record = json.loads(Path(saving.value.path()).read_text())
    result = replay(record).result
    assert result["winner"]["seats"] in ([0, 2], [1, 3])
    assert result["winner"]["name"][0] in over.locator(".winner-line").inner_text()
    over.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: "/spades/" in url and not url.endswith(first))
    page.locator(".bid-grid button").first.wait_for(timeout=20_000)
