"""A whole hand of Hearts by clicking, as a player: three cards passed, the
three received shown, thirteen tricks, the score sheet; each state checked by
axe and saved (desktop and phone)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import Server
from .test_trick_table import (
    PLAYABLE,
    SUMMARY,
    TURN_TIMEOUT,
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
    # The last trick's card played itself (a card about to is never one to
    # click): the hand is empty and its summary shows the points each seat took.
    expect(page.locator(".hand button.card")).to_have_count(0)
    expect(summary.locator("tbody tr")).to_have_count(4)
    screenshot(page, "hearts-hand-summary")
    check_accessibility(page, "hearts hand summary")
    review_from_the_keyboard(page, summary, screenshot, check_accessibility)
    continue_after_summary(page)

    open_score_sheet(page)
    sheet = page.locator(".score-sheet")
    expect(sheet.locator("tbody th").first).to_have_text("1")
    points = sheet.locator("tbody tr").first.locator(".points").all_inner_texts()
    assert sum(int(p) for p in points) in (26, 78)  # 26 points taken, or a moon (26 to each other)
    screenshot(page, "hearts-score-sheet")
    check_accessibility(page, "hearts score sheet")
    assert_clean(page)


def review_from_the_keyboard(page: Page, summary: Locator, screenshot: Check,
                             check_accessibility: Check) -> None:
    """The hand review: the expert's view of each decision, stepped with the keys."""
    summary.get_by_role("button", name="Review this hand").click()
    review = page.locator("dialog.review[data-ready]")
    review.wait_for(timeout=120_000)  # judged in the worker pool, progress shown meanwhile
    expect(review.locator(".review-line")).to_contain_text("Your decisions")
    where = review.locator(".review-where")
    expect(where).to_contain_text("The deal")
    for seat in review.locator(".review-seat .review-cards").all():
        expect(seat.locator(".rc")).to_have_count(13)  # every hand as dealt
    expect(review.locator(".decision")).to_have_count(1)  # the pass, judged
    page.keyboard.press("ArrowRight")
    expect(where).to_contain_text("Trick 1")
    expect(review.locator(".review-trick li")).to_have_count(4)
    page.keyboard.press("End")
    expect(where).to_contain_text("Trick 13")
    for seat in review.locator(".review-seat .review-cards").all():
        expect(seat.locator(".rc")).to_have_count(1)  # one card each at the last trick
    page.keyboard.press("Home")
    expect(where).to_contain_text("The deal")
    if review.locator("button", has_text="Next mistake").is_enabled():
        page.keyboard.press("n")
        # "... cost about 1.2 points on average here: the expert plays ..." or, for a
        # card the expert plays without search, "... the expert plays Q♠ (dump the queen ...)".
        expect(review.locator(".decision.mistake .verdict")).to_contain_text("the expert")
    screenshot(page, "hearts-review")
    check_accessibility(page, "hearts review")
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 740})  # the same review on a phone
    # Every card of the four hands fits across the screen (the dialog scrolls down).
    rights = page.locator("dialog.review .rc").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().right)")
    assert rights and max(rights) <= 360.5, max(rights)
    screenshot(page, "hearts-review-phone")
    if size:
        page.set_viewport_size(size)
    page.keyboard.press("Escape")
    expect(page.locator("dialog.review")).to_have_count(0)


def test_hearts_on_a_phone(
    server: Server, phone_page: Page, screenshot: Check, check_accessibility: Check
) -> None:
    page = phone_page
    open_table(page, server, "hearts")
    page.locator(".pass-panel").wait_for(timeout=20_000)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)  # every view drawn
    for selector in (".hand button.card", ".hand button.card svg", ".pass-panel button", ".seat"):
        assert_within_screen(page, selector)
    screenshot(page, "hearts-phone-passing")
    check_accessibility(page, "hearts passing (phone)")
    pass_three(page)
    playable(page)
    assert_within_screen(page, ".hand button.card svg")
    screenshot(page, "hearts-phone-play")
    check_accessibility(page, "hearts play (phone)")


def test_with_no_points_left_the_rest_of_the_hand_plays_itself(
    server: Server, browser_page: Page, screenshot: Check,
) -> None:
    # South plays its highest card each turn (seed 8): every heart and the queen
    # are taken with tricks to go; then no card is offered and the table plays the
    # rest, South's cards too, until the hand's summary
    page = browser_page
    open_table(page, server, "hearts", seed=8)
    page.locator(".pass-panel").wait_for(timeout=20_000)
    pass_three(page)
    summary = page.locator(SUMMARY)
    clicked = 0
    while True:
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for(timeout=TURN_TIMEOUT)
        if summary.count():
            break
        card = page.locator(PLAYABLE).last
        code = str(card.get_attribute("data-card"))
        card.click()
        expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
        clicked += 1
        if clicked == 8:
            screenshot(page, "hearts-highest-cards")
    assert clicked <= 11, f"South played {clicked} of its 13 cards by hand"
    expect(summary.locator("tbody tr")).to_have_count(4)
    expect(page.locator(".hand button.card")).to_have_count(0)
    # Behind the summary your seat shows your total after the hand, as the summary
    # does (it showed the total before the hand's last tricks, which the table
    # played itself and the new deal followed at once).
    total = summary.locator("tbody tr.mine td").nth(2).inner_text()
    assert total != "0", "South took points: its total moved"
    expect(page.locator(".seat-bottom .seat-status")).to_contain_text(f"total {total}")
    screenshot(page, "hearts-played-out")
