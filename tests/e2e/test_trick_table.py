"""The Spades and Hearts table as a player meets it: reloading and a server
restart in the middle of a hand, the keyboard alone, the last trick, the hint,
a phone-sized screen. Also the helpers the Spades and Hearts tests share."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from .conftest import Server

Check = Callable[..., object]

TURN_TIMEOUT = 20_000  # bots at --bot-delay 0, plus the pause after each trick


def open_table(page: Page, server: Server, game: str, seed: int | None = None,
               **options: object) -> str:
    """Start a table as the new-game panel does and open it (the deal from
    ``seed`` if given); returns its url."""
    page.goto(f"{server.url}/{game}")
    reply = page.evaluate(
        """([game, options, seed]) => fetch('/api/tables', {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({game, options, level: 'normal', pace: 'fast',
                                   ...(seed === null ? {} : {seed})})})
             .then(r => r.json())
             .then(answer => { localStorage.setItem(`parlour.seat.${answer.table}`, answer.token);
                               return answer; })""",
        [game, options, seed],
    )  # the page keeps the seat's token, as the new-game panel does
    page.goto(server.url + reply["url"])
    expect(page.locator(".seat-bottom")).to_be_visible()
    return str(reply["url"])


def hand_cards(page: Page) -> list[str]:
    return page.locator(".hand button.card").evaluate_all("cards => cards.map(c => c.dataset.card)")


def trick_labels(page: Page) -> list[str]:
    return page.locator(".trick-area svg").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )


# A card to click: one the server lets you play that is not about to play itself.
PLAYABLE = ".hand button.card:not(:disabled):not([data-forced])"
SUMMARY = "dialog.hand-summary[open]"


def playable(page: Page) -> Locator:
    """The first card the server lets you play, once it is your turn."""
    card = page.locator(PLAYABLE).first
    card.wait_for(timeout=TURN_TIMEOUT)
    return card


def continue_after_summary(page: Page) -> bool:
    """Close the end-of-hand summary if it is showing (True if it was)."""
    summary = page.locator(SUMMARY)
    if not summary.count():
        return False
    summary.get_by_role("button", name=re.compile("^(Continue|See the result)$")).click()
    expect(summary).to_have_count(0)
    return True


def play_a_card(page: Page) -> str:
    """Click the first playable card and see it leave the hand."""
    card = playable(page)
    code = str(card.get_attribute("data-card"))
    card.click()
    expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
    return code


def play_hand(page: Page, look: Callable[[], object], at_trick: int = 4) -> Locator:
    """Play the hand by clicking (a forced last card plays itself) until its
    summary shows; `look` runs once in the middle of the hand. Returns the summary."""
    played = 0
    summary = page.locator(SUMMARY)
    while True:
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for(timeout=TURN_TIMEOUT)
        if summary.count():
            return summary
        if played == at_trick:
            look()
        play_a_card(page)
        played += 1


def bid(page: Page, label: str = "3") -> None:
    button = page.locator(".bid-grid button", has_text=label).first
    button.wait_for(timeout=TURN_TIMEOUT)
    button.click()
    expect(page.locator(".bid-grid")).to_have_count(0)


def open_score_sheet(page: Page) -> None:
    toggle = page.get_by_role("button", name="Score sheet")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator(".score-sheet")).to_be_visible()


def test_reload_in_the_middle_of_a_hand(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    bid(page)
    play_a_card(page)
    play_a_card(page)
    playable(page)  # your turn ...
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)  # ... all drawn
    before_hand, before_trick = hand_cards(page), trick_labels(page)
    page.reload()
    playable(page)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)
    assert hand_cards(page) == before_hand
    assert trick_labels(page) == before_trick
    play_a_card(page)


def test_server_restart_in_the_middle_of_a_game(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "hearts")
    cards = page.locator(".hand button.card:not(:disabled)")
    cards.first.wait_for(timeout=TURN_TIMEOUT)
    for i in range(3):
        cards.nth(i).click()
    page.get_by_role("button", name="Pass left").click()
    play_a_card(page)
    playable(page)
    before = hand_cards(page)

    server.stop()
    expect(page.locator(".connection")).to_contain_text("reconnecting")
    server.start()
    expect(page.locator(".connection")).to_be_hidden(timeout=TURN_TIMEOUT)
    playable(page)
    assert hand_cards(page) == before
    play_a_card(page)


def test_a_trick_from_the_keyboard_alone(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    first_bid = page.locator(".bid-grid button").first
    first_bid.wait_for(timeout=TURN_TIMEOUT)
    page.locator(".bid-grid button", has_text="2").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".bid-grid")).to_have_count(0)

    playable(page).focus()
    legal = page.locator(".hand button.card:not(:disabled)")
    if legal.count() > 1:
        page.keyboard.press("ArrowRight")
        expect(legal.nth(1)).to_be_focused()
        page.keyboard.press("ArrowLeft")
        expect(legal.nth(0)).to_be_focused()
    code = str(legal.nth(0).get_attribute("data-card"))
    page.keyboard.press("Enter")
    expect(page.locator(f'.hand button.card[data-card="{code}"]')).to_have_count(0)
    # The trick completes and the next one begins: your turn again.
    playable(page)
    expect(page.get_by_role("button", name="Last trick")).to_be_enabled()


def test_last_trick_and_hint(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    page.locator(".bid-grid button").first.wait_for(timeout=TURN_TIMEOUT)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".table-notice")).to_contain_text("bid")
    expect(page.locator(".bid-grid button.suggested")).to_have_count(1)
    bid(page)
    play_a_card(page)
    playable(page)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hand button.card.suggested")).to_have_count(1)

    page.get_by_role("button", name="Last trick").click()
    dialog = page.get_by_role("dialog", name="Last trick")
    expect(dialog.locator("li")).to_have_count(4)
    expect(dialog).to_contain_text("won the trick")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def page_state(page: Page) -> str:
    """What a failed look at the table saw: whether the table is hidden (a refusal's
    panel in its place), the panel's words, and what the page last said."""
    return str(page.evaluate(
        "() => JSON.stringify({url: location.href, ready: document.readyState,"
        " tableHidden: document.querySelector('.trick-table')?.hidden,"
        " room: document.querySelector('.room')?.innerText.slice(0, 200),"
        " said: [...document.querySelectorAll('[aria-live] p')].map(p => p.innerText).slice(-4)})"))


def assert_within_screen(page: Page, selector: str) -> None:
    """Every element matching `selector` is wholly on screen: no scrolling to see it."""
    size = page.viewport_size or {"width": 360, "height": 740}
    for box in page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.right, r.top, r.bottom, r.width]; })"
    ):
        left, right, top, bottom, width = box
        on_screen = width > 0 and left >= 0 and right <= size["width"] + 0.5
        assert on_screen, f"{selector} off screen: {box}; {page_state(page)}"
        assert top >= 0 and bottom <= size["height"] + 0.5, f"{selector} below the fold: {box}"


def test_phone_the_whole_hand_fits(
    server: Server, phone_page: Page, screenshot: Check, check_accessibility: Check
) -> None:
    page = phone_page
    open_table(page, server, "spades")
    page.locator(".bid-grid button").first.wait_for(timeout=TURN_TIMEOUT)
    assert len(hand_cards(page)) == 13
    # Deciding the bid, the whole hand and every bid button are in sight at once.
    for selector in (
        ".hand button.card", ".hand button.card svg", ".bid-grid button", ".seat",
        ".table-tools button",
    ):
        assert_within_screen(page, selector)
    # Two rows of cards, each card showing a slice wide enough for a finger.
    boxes = page.locator(".hand button.card").evaluate_all(
        "cards => cards.map(c => { const r = c.getBoundingClientRect(); return [r.top, r.left]; })"
    )
    rows: dict[float, list[float]] = {}
    for top, left in boxes:
        rows.setdefault(round(top), []).append(left)
    assert sorted(len(lefts) for lefts in rows.values()) == [6, 7]
    steps = [b - a for lefts in rows.values() for a, b in zip(lefts, lefts[1:], strict=False)]
    assert min(steps) >= 40
    screenshot(page, "spades-phone-bidding")
    check_accessibility(page, "spades bidding (phone)")
    bid(page)
    playable(page)
    assert_within_screen(page, ".trick-area svg")
    page.locator(".hand button.card:not(:disabled)").first.tap()
    playable(page)
    screenshot(page, "spades-phone-play")
    check_accessibility(page, "spades play (phone)")
