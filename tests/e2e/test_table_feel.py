"""The table as players expect it: sound with a mute toggle that is
remembered, and a card you are forced to play played for you in the middle of
a hand (the setting's default). (A forced last card playing itself and the
hand review stepped through from the keyboard are checked in the hand of
test_hearts.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_trick_table import (
    PLAYABLE,
    SUMMARY,
    TURN_TIMEOUT,
    bid,
    open_table,
    play_a_card,
)

FORCED = ".hand button.card[data-forced]"
# A deal on which South, clicking its first playable card, is left with one
# card of the suit led in the middle of the hand (the bots are the rules').
FORCED_DEAL = 3


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


def test_a_card_you_must_play_plays_itself_in_the_middle_of_a_hand(
        server: Server, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{server.url}/spades")
    page.evaluate("localStorage.setItem('parlour.forced', 'on')")  # as a new player has it
    open_table(page, server, "spades", seed=FORCED_DEAL)
    # Every card marked as forced is noted by the page itself, with the hand's
    # size then: it plays itself after its beat, perhaps before the test looks.
    page.evaluate("""(forced) => {
        window.forcedSeen = [];
        new MutationObserver(() => {
            const card = document.querySelector(forced);
            if (card && !window.forcedSeen.some(([code]) => code === card.dataset.card)) {
                window.forcedSeen.push([card.dataset.card,
                                        document.querySelectorAll(".hand button.card").length]);
            }
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }""", FORCED)
    bid(page, "3")
    forced_mid_hand = []
    while True:
        page.locator(f"{PLAYABLE}, {SUMMARY}, {FORCED}").first.wait_for(timeout=TURN_TIMEOUT)
        mid_hand = [code for code, left in page.evaluate("window.forcedSeen") if left > 1]
        if mid_hand:
            # Nobody clicks: the card leaves the hand by itself after its beat.
            expect(page.locator(f'.hand button.card[data-card="{mid_hand[0]}"]')).to_have_count(0)
            forced_mid_hand.append(mid_hand[0])
            break  # seen: the rest of the hand is the other tests' business
        if page.locator(SUMMARY).count():
            break
        if page.locator(PLAYABLE).count():
            play_a_card(page)
    assert forced_mid_hand, "no card was forced before the last trick on this deal"
