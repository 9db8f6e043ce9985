"""Klondike in a real browser, played as a person plays it: drags, taps, double
clicks, the keyboard, on a desktop and on a phone.

The winning line comes from the solver for a fixed seed; every move of it is
made with the gesture a player would use (a drag for a tableau move, a double
click to send a card home, a click on the stock to draw) and each waits for the
move counter to go up, never for a fixed time.
"""

from __future__ import annotations

import re
from functools import cache

from playwright.sync_api import Locator, Page, expect

from parlour.solvers.klondike import solve_seed

SEED = 5  # a short draw-1 win: about 190 moves, half of them draws


def new_table(page: Page, base_url: str, seed: int | None = SEED, **options: object) -> str:
    """The url of a fresh table of this browser's player (the request the page's New deal makes)."""
    request: dict[str, object] = {"game": "klondike", "options": options}
    if seed is not None:
        request["seed"] = seed
    answer = page.request.post(f"{base_url}/api/tables", data=request)
    assert answer.ok, answer.text()
    return base_url + answer.json()["url"]


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


def grab_point(card: Locator) -> tuple[float, float]:
    """A point on the part of the card that shows (a fanned card shows its top strip)."""
    box = card.bounding_box()
    assert box, "the card is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + min(12.0, box["height"] / 6)


def drag(page: Page, card: Locator, target_place: str) -> None:
    """Press on the card, carry it down onto the target pile's last card, let go."""
    x, y = grab_point(card)
    under = pile(page, target_place).locator(".card, .slot").last
    to_x, to_y = grab_point(under)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8)
    page.mouse.move(to_x, to_y + under.bounding_box()["height"] * 0.3, steps=3)
    page.mouse.up()


def perform(page: Page, action: str) -> None:
    """One move of the solver's line, made the way a player makes it, and waited for.

    The pointer goes where the cards are drawn at rest: the page is told to keep
    motion down (as a player may), so nothing is sliding under it.
    """
    before = moves_shown(page)
    words = action.split()
    if words[0] == "draw":
        page.mouse.click(*grab_point(pile(page, "stock").locator(".slot")))
    elif words[0] == "flip":
        page.mouse.click(*grab_point(pile(page, words[1]).locator(".card").last))
    elif words[2].startswith("F"):
        page.mouse.dblclick(*grab_point(card_at(page, words[1])))
    else:
        count = int(words[3]) if len(words) == 4 else 1
        drag(page, card_at(page, words[1], count), words[2])
    wait_for_moves(page, before + 1)


def wait_for_moves(page: Page, count: int) -> None:
    """Waits (frame by frame, no fixed sleep) until the move counter shows `count`."""
    page.wait_for_function("n => document.getElementById('moves').textContent === n", arg=str(count))


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
    open_table(page, new_table(page, server.url))
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
