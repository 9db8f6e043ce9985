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
    bid(page, "3")
    forced_mid_hand = []
    while True:
        page.locator(f"{PLAYABLE}, {SUMMARY}, {FORCED}").first.wait_for(timeout=TURN_TIMEOUT)
        if page.locator(SUMMARY).count():
            break
        forced = page.locator(FORCED)
        if forced.count():
            code = forced.get_attribute("data-card")
            left = page.locator(".hand button.card").count()
            # Nobody clicks: the card leaves the hand by itself after its beat.
            expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
            if left > 1:
                forced_mid_hand.append(code)
                break  # seen: the rest of the hand is the other tests' business
            continue
        play_a_card(page)
    assert forced_mid_hand, "no card was forced before the last trick on this deal"
