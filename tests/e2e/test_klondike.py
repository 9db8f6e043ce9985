"""Klondike in a real browser, played as a person plays it: drags, taps, double
clicks, the keyboard, on a desktop and on a phone.

The winning line comes from the solver for a fixed seed; every move of it is
made with the gesture a player would use (a drag for a tableau move, a double
click to send a card home, a click on the stock to draw) and each waits for the
move counter to go up, never for a fixed time.
"""

from __future__ import annotations

import json
import re
import urllib.request
from functools import cache

from playwright.sync_api import Locator, Page, expect

from parlour.solvers.klondike import solve_seed

SEED = 5  # a short draw-1 win: about 190 moves, half of them draws


def new_table(base_url: str, seed: int | None = SEED, **options: object) -> str:
    """The url of a fresh Klondike table (the same request the page's New deal makes)."""
    request = {"game": "klondike", "options": options}
    if seed is not None:
        request["seed"] = seed
    body = json.dumps(request).encode()
    post = urllib.request.Request(f"{base_url}/api/tables", data=body,
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(post, timeout=30) as answer:
        return base_url + json.load(answer)["url"]


@cache
def winning_line(seed: int = SEED) -> tuple[str, ...]:
    result = solve_seed(seed, draw=1, time_limit=20)
    assert result.result == "win", f"seed {seed} should be a proved win"
    return tuple(result.moves)


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".pile.tableau .card.live")).to_have_count(7)


def moves_shown(page: Page) -> int:
    return int(page.locator("#moves").inner_text())


def pile(page: Page, place: str) -> Locator:
    return page.locator(f'.pile[data-place="{place}"]')


def card_at(page: Page, place: str, count: int = 1) -> Locator:
    """The card a player grabs to move `count` cards off `place`."""
    return pile(page, place).locator(".card.live").nth(-count)


def grab_spot(card: Locator) -> dict[str, float]:
    """A point on the part of the card that shows (a fanned card shows its top strip)."""
    box = card.bounding_box()
    assert box, "the card is not on screen"
    return {"x": box["width"] / 2, "y": min(12.0, box["height"] / 6)}


def drag(page: Page, card: Locator, target: Locator) -> None:
    """Press on the card, carry it over the target pile's last card, let go."""
    spot = grab_spot(card)
    card.hover(position=spot)  # (waits for the card to come to rest)
    box, start = target.bounding_box(), card.bounding_box()
    assert box and start, "the cards are not on screen"
    x, y = start["x"] + spot["x"], start["y"] + spot["y"]
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 20, steps=4)
    page.mouse.up()


def perform(page: Page, action: str) -> None:
    """One move of the solver's line, made the way a player makes it, and waited for."""
    before = moves_shown(page)
    words = action.split()
    if words[0] == "draw":
        pile(page, "stock").click()
    elif words[0] == "flip":
        pile(page, words[1]).locator(".card").last.click()
    elif words[2].startswith("F"):
        card = card_at(page, words[1])
        card.dblclick(position=grab_spot(card))
    else:
        count = int(words[3]) if len(words) == 4 else 1
        drag(page, card_at(page, words[1], count), pile(page, words[2]))
    expect(page.locator("#moves")).to_have_text(str(before + 1))


def play_line(page: Page, line: tuple[str, ...], undo_at: int | None = None) -> None:
    """Plays the line until the game is won (auto-complete may end it early)."""
    won = page.locator("#won")
    for number, action in enumerate(line):
        if won.is_visible():
            return
        try:
            perform(page, action)
        except AssertionError as error:
            raise AssertionError(f"move {number} of the line, {action}: {error}") from error
        if number == undo_at:
            undo_and_redo(page)


def undo_and_redo(page: Page) -> None:
    """Undo takes the last move back (a move on the counter too); redo plays it again."""
    before = moves_shown(page)
    snapshot = page.locator("#board").get_attribute("aria-label"), board_text(page)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#moves")).to_have_text(str(before + 1))
    assert board_text(page) != snapshot[1], "undo should change the table"
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("#moves")).to_have_text(str(before + 2))
    assert board_text(page) == snapshot[1], "redo should bring the move back"


def board_text(page: Page) -> str:
    """The table as a screen reader reads it: every pile's label."""
    return "|".join(page.locator("#board [aria-label]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"))


def test_win_a_deal_by_dragging_and_double_clicking(server, browser_page: Page, screenshot,
                                                   check_accessibility) -> None:
    page = browser_page
    open_table(page, new_table(server.url))
    screenshot(page, "klondike-desktop-start")
    check_accessibility(page, "the Klondike table")
    line = winning_line()
    play_line(page, line[:60], undo_at=len([m for m in line[:40]]))
    screenshot(page, "klondike-desktop-mid-game")
    play_line(page, line[60:])
    won = page.locator("#won")
    expect(won).to_be_visible()
    expect(won.get_by_role("heading")).to_have_text("You won!")
    moves = moves_shown(page)
    assert moves >= 120
    expect(won).to_contain_text(f"{moves} moves")
    assert re.search(r"\d\d:\d\d", won.inner_text())
    screenshot(page, "klondike-desktop-won")
    check_accessibility(page, "the won panel")
    for suit in "SHCD":
        expect(pile(page, f"F{suit}").locator(".card.live")).to_have_attribute(
            "aria-label", re.compile("King"))
