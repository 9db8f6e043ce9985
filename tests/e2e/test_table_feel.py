"""The table as players expect it: sound with a mute toggle that is
remembered, a forced card that plays itself, and the hand review stepped
through from the keyboard after a hand of Hearts."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_hearts import pass_three
from .test_trick_table import (
    PLAYABLE,
    SUMMARY,
    TURN_TIMEOUT,
    Check,
    bid,
    continue_after_summary,
    open_table,
    play_a_card,
)


def sounds(page: Page) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.sounds ?? 0)"))


def test_sound_is_muted_from_the_header_and_stays_muted(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    toggle = page.get_by_role("button", name="Mute")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # sound on at a desktop
    bid(page, "3")
    play_a_card(page)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)
    assert sounds(page) > 0  # cards laid down, your turn: heard
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_role("button", name="Mute")).to_have_attribute("aria-pressed", "true")
    play_a_card(page)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)
    assert sounds(page) == 0  # muted: the table plays on in silence


def test_a_forced_card_plays_itself_and_the_hand_is_reviewed_from_the_keyboard(
    server: Server, browser_page: Page, screenshot: Check, check_accessibility: Check,
) -> None:
    page = browser_page
    page.goto(server.url)
    page.evaluate("localStorage.setItem('parlour.forced', 'on')")
    open_table(page, server, "hearts")
    page.locator(".pass-panel").wait_for(timeout=TURN_TIMEOUT)
    pass_three(page)
    # Click the cards until the last trick, whose card plays itself: marked
    # while it waits its beat, then played with no click.
    summary = page.locator(SUMMARY)
    while True:
        page.locator(f"{PLAYABLE}, {SUMMARY}, .hand button.card[data-forced]").first.wait_for(
            timeout=TURN_TIMEOUT)
        if page.locator(".hand button.card").count() == 1 or summary.count():
            break
        if page.locator(PLAYABLE).count():
            play_a_card(page)
    if not summary.count():
        page.wait_for_selector(".hand button.card[data-forced]", timeout=TURN_TIMEOUT)
    expect(summary).to_have_count(1, timeout=TURN_TIMEOUT)
    assert page.locator(".hand button.card").count() == 0

    # Review: the expert's view of each decision, stepped with the arrow keys.
    summary.get_by_role("button", name="Review this hand").click()
    review = page.locator("dialog.review[data-ready]")
    review.wait_for(timeout=120_000)
    expect(review.locator(".review-line")).to_contain_text("Your decisions")
    where = review.locator(".review-where")
    expect(where).to_contain_text("The deal")
    expect(review.locator(".review-seat")).to_have_count(4)
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
    mistakes = review.locator("button", has_text="Next mistake")
    if mistakes.is_enabled():
        page.keyboard.press("n")
        expect(review.locator(".decision.mistake .verdict")).to_contain_text("cost about")
    screenshot(page, "hearts-review")
    check_accessibility(page, "hearts review")
    page.keyboard.press("Escape")
    expect(page.locator("dialog.review")).to_have_count(0)
    continue_after_summary(page)
    expect(page.locator(SUMMARY)).to_have_count(0)
