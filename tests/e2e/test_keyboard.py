"""The trick table from the keyboard alone, over several turns: after a bid, a
pass or a card, focus stays in the bid grid or the hand, so on your next turn
Enter plays a card without reaching for the mouse or Tab."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_trick_table import TURN_TIMEOUT, hand_cards, open_table


def focused(page: Page) -> str:
    """What has focus: a card's code, a button's text, or the element's class."""
    return str(page.evaluate(
        "() => { const a = document.activeElement;"
        " return a.dataset.card || (a.tagName === 'BUTTON' ? a.textContent : a.className); }"))


def enter_plays_a_card_on_each_turn(page: Page, turns: int) -> None:
    """On each of your turns a playable card has focus already: Enter plays it."""
    for _ in range(turns):
        card = page.locator(".hand button.card:not(:disabled):focus")
        expect(card).to_have_count(1, timeout=TURN_TIMEOUT)
        code = str(card.get_attribute("data-card"))
        page.keyboard.press("Enter")
        expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
        # Waiting for the others, focus stays in the hand, not on the page.
        assert page.evaluate("document.querySelector('.hand').contains(document.activeElement)")


def test_spades_bid_and_tricks_from_the_keyboard(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    stop = page.locator('.bid-grid button[tabindex="0"]')
    expect(stop).to_have_count(1, timeout=TURN_TIMEOUT)
    expect(stop).to_have_text("1")  # the lowest bid but nil: never a nil by accident
    page.get_by_role("button", name="New game").focus()  # the last of the table's tools
    page.keyboard.press("Tab")  # the grid is one tab stop
    assert focused(page) == "1"
    page.keyboard.press("End")
    assert focused(page) == "13"
    page.keyboard.press("Home")
    assert focused(page) == "Nil"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page) == "2"
    page.keyboard.press("Enter")
    expect(page.locator(".bid-grid")).to_have_count(0, timeout=TURN_TIMEOUT)
    enter_plays_a_card_on_each_turn(page, turns=4)
    assert len(hand_cards(page)) == 9


def test_the_bid_grid_on_a_phone_moves_by_rows(server: Server, phone_page: Page) -> None:
    page = phone_page
    open_table(page, server, "spades")
    stop = page.locator('.bid-grid button[tabindex="0"]')
    expect(stop).to_have_count(1, timeout=TURN_TIMEOUT)
    stop.focus()
    where = ("() => { const r = document.activeElement.getBoundingClientRect();"
             " return [r.left, r.top]; }")
    left, top = page.evaluate(where)
    page.keyboard.press("ArrowDown")
    below_left, below_top = page.evaluate(where)
    assert below_top > top and abs(below_left - left) < 2, "ArrowDown goes to the bid below"
    page.keyboard.press("ArrowUp")
    assert focused(page) == "1"


def test_hearts_pass_and_play_from_the_keyboard(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "hearts")
    first = page.locator(".hand button.card:not(:disabled)").first
    first.wait_for(timeout=TURN_TIMEOUT)
    first.focus()
    chosen = []
    for i in range(3):
        if i:
            page.keyboard.press("ArrowRight")
        chosen.append(focused(page))
        page.keyboard.press("Enter")
        # The card is chosen and keeps focus: the next arrow goes on from it.
        expect(page.locator(f'.hand button.card[data-card="{chosen[-1]}"]')).to_have_attribute(
            "aria-pressed", "true")
        assert focused(page) == chosen[-1]
    page.keyboard.press("Enter")  # Enter again takes a chosen card back, and again chooses it
    expect(page.locator('.hand button.card[aria-pressed="true"]')).to_have_count(2)
    page.keyboard.press("Enter")
    expect(page.locator('.hand button.card[aria-pressed="true"]')).to_have_count(3)
    page.keyboard.press("Shift+Tab")  # from the hand back to the pass button
    assert focused(page) == "Pass left"
    page.keyboard.press("Enter")
    expect(page.locator(".pass-panel")).to_have_count(0, timeout=TURN_TIMEOUT)
    for code in chosen:
        expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
    enter_plays_a_card_on_each_turn(page, turns=3)
