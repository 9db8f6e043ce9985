"""A whole hand of Hearts by clicking, as a player: three cards passed, the
three received shown, thirteen tricks, the score sheet; each state checked by
axe and saved (desktop and phone)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_trick_table import (
    Check,
    assert_within_screen,
    continue_after_summary,
    hand_cards,
    open_score_sheet,
    open_table,
    play_hand,
    playable,
)


def pass_three(page: Page) -> list[str]:
    cards = page.locator(".hand button.card:not(:disabled)")
    cards.first.wait_for(timeout=20_000)
    button = page.get_by_role("button", name="Pass left")
    chosen = []
    for i in (0, 1, 2):
        expect(button).to_be_disabled()
        chosen.append(str(cards.nth(i).get_attribute("data-card")))
        cards.nth(i).click()
    expect(page.locator(".hand button.card[aria-pressed='true']")).to_have_count(3)
    expect(button).to_be_enabled()
    button.click()
    return chosen


def test_a_whole_hand_of_hearts_by_clicking(
    server: Server, browser_page: Page, screenshot: Check, check_accessibility: Check,
    assert_clean: Check,
) -> None:
    page = browser_page
    open_table(page, server, "hearts")
    page.locator(".pass-panel").wait_for(timeout=20_000)
    expect(page.locator(".prompt")).to_have_text("Pass three cards left, to West.")
    expect(page.locator(".table-panel")).not_to_contain_text("Choose three")  # said once
    screenshot(page, "hearts-passing")
    check_accessibility(page, "hearts passing")
    passed = pass_three(page)

    playable(page)
    received = page.locator(".hand button.card.received")
    expect(received).to_have_count(3)
    expect(page.locator(".received-line")).to_contain_text("You received")
    assert not set(passed) & set(hand_cards(page))
    screenshot(page, "hearts-received")

    def look() -> None:
        screenshot(page, "hearts-play")
        check_accessibility(page, "hearts play")

    summary = play_hand(page, look)
    # The hand's summary: the points each seat took, before the next deal.
    expect(summary.locator("tbody tr")).to_have_count(4)
    screenshot(page, "hearts-hand-summary")
    check_accessibility(page, "hearts hand summary")
    continue_after_summary(page)

    open_score_sheet(page)
    sheet = page.locator(".score-sheet")
    expect(sheet.locator("tbody th").first).to_have_text("1")
    points = sheet.locator("tbody tr").first.locator(".points").all_inner_texts()
    assert sum(int(p) for p in points) in (26, 78)  # 26 points taken, or a moon (26 to each other)
    screenshot(page, "hearts-score-sheet")
    check_accessibility(page, "hearts score sheet")
    assert_clean(page)


def test_hearts_on_a_phone(
    server: Server, phone_page: Page, screenshot: Check, check_accessibility: Check
) -> None:
    page = phone_page
    open_table(page, server, "hearts")
    page.locator(".pass-panel").wait_for(timeout=20_000)
    for selector in (".hand button.card", ".hand button.card svg", ".pass-panel button", ".seat"):
        assert_within_screen(page, selector)
    screenshot(page, "hearts-phone-passing")
    check_accessibility(page, "hearts passing (phone)")
    pass_three(page)
    playable(page)
    assert_within_screen(page, ".hand button.card svg")
    screenshot(page, "hearts-phone-play")
    check_accessibility(page, "hearts play (phone)")
