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
from functools import cache

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from parlour.solvers.klondike import solve_seed

SEED = 5  # a short draw-1 win: about 190 moves, half of them draws
TOKENS: dict[str, str] = {}  # each new table's seat token, by its url


def new_table(page: Page, base_url: str, seed: int | None = SEED, **options: object) -> str:
    """The url of a fresh table of this browser's player (the request the page's New deal makes)."""
    request: dict[str, object] = {"game": "klondike", "options": options}
    if seed is not None:
        request["seed"] = seed
    answer = page.request.post(f"{base_url}/api/tables", data=request)
    assert answer.ok, answer.text()
    made = answer.json()
    # the seat's token, kept in this browser as the page keeps it (web/seats.js)
    page.add_init_script(f"localStorage.setItem({json.dumps('parlour.seat.' + made['table'])}, "
                         f"{json.dumps(made['token'])})")
    TOKENS[base_url + made["url"]] = made["token"]
    return base_url + made["url"]


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
    return page.locator(f'#board .pile[data-place="{place}"]')


def card_at(page: Page, place: str, count: int = 1) -> Locator:
    """The card a player grabs to move `count` cards off `place`."""
    return pile(page, place).locator(".card.live").nth(-count)


def grab_point(card: Locator) -> tuple[float, float]:
    """A point on the part of the card that shows (a fanned card shows its top strip)."""
    box = card.bounding_box()
    assert box, "the card is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + min(12.0, box["height"] / 6)


def grip(card: Locator) -> dict[str, float]:
    """Where a player takes hold of a card, within it: its top, where the index shows."""
    box = card.bounding_box()
    assert box, "the card is not on screen"
    return {"x": box["width"] / 2, "y": min(12.0, box["height"] / 6)}


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
    elif words[0] in ("undo", "redo"):
        page.get_by_role("button", name=words[0].title(), exact=True).click()
    elif words[0] == "flip":
        page.mouse.click(*grab_point(pile(page, words[1]).locator(".card").last))
    elif words[2].startswith("F"):
        # Through the locator, which waits until the card stands still (after a
        # resize the table is laid out again) and takes the pointer.
        card = card_at(page, words[1])
        card.dblclick(position=grip(card))
    else:
        count = int(words[3]) if len(words) == 4 else 1
        drag(page, card_at(page, words[1], count), words[2])
    wait_for_moves(page, before + 1)


def wait_for_moves(page: Page, count: int) -> None:
    """Waits (frame by frame, no fixed sleep) until the move counter shows `count`."""
    page.wait_for_function("n => document.getElementById('moves').textContent === n",
                           arg=str(count))


def play_line(page: Page, line: tuple[str, ...], undo_at: int | None = None) -> None:
    """Plays the line; stops at the win, or at Finish (auto-complete) once every card is face up."""
    for number, action in enumerate(line):
        if page.locator("#finish:visible, #won[open]").count():
            return
        try:
            perform(page, action)
        except (AssertionError, PlaywrightError) as error:
            raise AssertionError(f"move {number} of the line, {action}: {error}") from error
        if number == undo_at:
            undo_and_redo(page)


def undo_and_redo(page: Page) -> None:
    """Undo takes the last move back (a move on the counter too); redo plays it again."""
    before = moves_shown(page)
    table = board_text(page)
    page.get_by_role("button", name="Undo").click()
    wait_for_moves(page, before + 1)
    assert board_text(page) != table, "undo should change the table"
    page.get_by_role("button", name="Redo").click()
    wait_for_moves(page, before + 2)
    assert board_text(page) == table, "redo should bring the move back"


def board_text(page: Page) -> str:
    """The table as a screen reader reads it: every pile's label."""
    return "|".join(page.locator("#board [aria-label]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"))


def label_of(page: Page, place: str) -> str:
    """The pile's label as read out: its top card, or its slot when empty or face down."""
    entry = pile(page, place).locator('[tabindex="0"]')
    return entry.get_attribute("aria-label") or ""


def assert_fits_phone(page: Page) -> None:
    """All seven piles side by side within 360 px, nothing to scroll sideways."""
    for place in ("stock", "W", "FS", "FH", "FC", "FD", *(f"T{n}" for n in range(1, 8))):
        box = pile(page, place).bounding_box()
        assert box and 0 <= box["x"] <= 360 - box["width"], f"{place} is off screen: {box}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_win_a_deal_by_dragging_and_double_clicking(server, browser_page: Page, screenshot,
                                                   check_accessibility, assert_clean) -> None:
    page = browser_page
    page.emulate_media(reduced_motion="reduce")  # nothing slides under the pointer
    open_table(page, new_table(page, server.url))
    screenshot(page, "klondike-desktop-start")
    check_accessibility(page, "the Klondike table")
    line = winning_line()
    first_tableau_move = next(i for i, m in enumerate(line) if re.fullmatch(r"move T\d T\d.*", m))
    play_line(page, line[:70], undo_at=first_tableau_move)
    screenshot(page, "klondike-desktop-mid-game")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_phone(page)
    screenshot(page, "klondike-phone-mid-game")
    page.set_viewport_size({"width": 1280, "height": 800})

    play_line(page, line[70:])
    won = page.get_by_role("dialog", name="You won!")
    finish = page.get_by_role("button", name="Finish")
    if not won.is_visible():  # (a line may end with every card face up and the stock empty)
        finish.click()
    expect(won).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-cascade", "skipped")  # motion is off
    moves = moves_shown(page)
    assert moves >= 100
    expect(won).to_contain_text(f"in {moves} moves")
    expect(won).to_contain_text(re.compile(r"and \d\d:\d\d"))
    for suit in "SHCD":
        expect(pile(page, f"F{suit}").locator(".card.live")).to_have_attribute(
            "aria-label", re.compile("up to the king of "))
    screenshot(page, "klondike-desktop-won")
    check_accessibility(page, "the won panel")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "klondike-phone-won")
    assert_clean(page)


def test_a_tap_sends_a_card_to_its_one_place_and_the_clock_runs(server, browser_page: Page,
                                                               assert_clean) -> None:
    page = browser_page
    open_table(page, new_table(page, server.url))
    expect(page.locator("#clock")).to_have_text("00:00")
    card_at(page, "T2").click()  # the ace of hearts goes home
    wait_for_moves(page, 1)
    expect(pile(page, "FH").locator(".card.live")).to_have_attribute(
        "aria-label", re.compile("up to the ace of hearts"))
    expect(pile(page, "T2").locator(".card.live")).to_have_count(0)
    card_at(page, "T5").click()  # the 5 of spades onto the 6 of hearts
    wait_for_moves(page, 2)
    assert label_of(page, "T6").endswith("6 of hearts, 5 of spades")
    expect(page.locator("#live")).to_contain_text("5 of spades to tableau 6")
    pile(page, "T2").locator(".card").last.click()  # a face-down top card turns over
    wait_for_moves(page, 3)
    expect(pile(page, "T2").locator(".card.live")).to_have_count(1)
    pile(page, "stock").click()
    wait_for_moves(page, 4)
    expect(pile(page, "W").locator(".card.live")).to_have_count(1)
    expect(page.locator("#clock")).to_have_text(re.compile(r"00:0[1-3]"), timeout=3000)
    assert_clean(page)



# Every WebSocket the page makes, kept where a test can count them and see them closed.
KEEP_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.tableSockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      window.tableSockets.push(this);
    }
  };
})();"""


def sockets_made(page: Page) -> int:
    return page.evaluate("tableSockets.length")


def wait_for_sockets_closed(page: Page) -> None:
    """Until every socket the page made is closed, at both ends (the server knows)."""
    page.wait_for_function("() => tableSockets.every(s => s.readyState === WebSocket.CLOSED)")


def set_page_shown(page: Page, shown: bool) -> None:
    """The page hidden (another tab, a window minimised) or shown again. Headless
    Chromium shows every page, so the page is told as a browser tells it."""
    page.evaluate("""state => {
        const is = (name, value) => Object.defineProperty(document, name,
                                                          {configurable: true, get: () => value});
        is("visibilityState", state);
        is("hidden", state === "hidden");
        document.dispatchEvent(new Event("visibilitychange"));
    }""", "visible" if shown else "hidden")


def set_network(page: Page, online: bool) -> None:
    """The browser's network goes or comes back; returns once the page has heard
    it (a listener added now hears the event after the page's own)."""
    word = "online" if online else "offline"
    page.evaluate("""word => {
        window.heard = null;
        addEventListener(word, () => { window.heard = word; }, {once: true});
    }""", word)
    page.context.set_offline(not online)
    page.wait_for_function("word => window.heard === word", arg=word)


def clock_running(page: Page, server) -> Locator:
    """A new table with its first move made, so its clock runs on the page's time,
    which the test moves on (``page.clock``); the clock's locator."""
    page.clock.install()
    open_table(page, new_table(page, server.url))
    card_at(page, "T2").click()  # the ace of hearts goes home: the clock starts
    wait_for_moves(page, 1)
    return page.locator("#clock")


def test_a_network_lost_says_reconnecting_at_once_and_play_goes_on_when_back(
        server, browser_page: Page, screenshot) -> None:
    page = browser_page
    errors: list[str] = []  # (a try while offline logs a failed connection: not checked)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()  # the page's time is the test's to move on
    page.emulate_media(reduced_motion="reduce")  # (no card caught in flight by the screenshot)
    open_table(page, new_table(page, server.url))
    card_at(page, "T2").click()  # the ace of hearts goes home
    wait_for_moves(page, 1)
    page.context.set_offline(True)
    # Said as soon as the browser knows, not after a closing handshake that
    # cannot cross a dead network.
    expect(page.locator("#message")).to_contain_text("reconnecting")
    screenshot(page, "klondike-offline")
    # The server's clock stopped with the connection, and so does the page's.
    stopped = page.locator("#clock").inner_text()
    page.clock.run_for(60_000)
    expect(page.locator("#clock")).to_have_text(stopped)
    page.context.set_offline(False)
    # Back, the table's view comes again and takes the word away (it once stayed
    # until the next move).
    expect(page.locator("#message")).not_to_contain_text("reconnecting", timeout=30_000)
    card_at(page, "T5").click()  # the 5 of spades onto the 6 of hearts, on the new socket
    wait_for_moves(page, 2)
    assert label_of(page, "T6").endswith("6 of hearts, 5 of spades")
    assert not errors, errors


def test_a_hidden_page_gives_its_connection_up_and_its_clock_stops(
        server, browser_page: Page, assert_clean) -> None:
    """A page nobody looks at is not being played: it closes its connection (the
    server stops the deal's clock then), its own clock stands, the network going
    and coming back changes nothing, and it connects again once it is looked at."""
    page = browser_page
    page.add_init_script(KEEP_SOCKETS)
    clock = clock_running(page, server)
    page.clock.run_for(5_000)
    expect(clock).to_have_text(re.compile(r"00:(0[5-9]|[1-5]\d)"))  # (5 s and what ran meanwhile)

    set_page_shown(page, False)
    wait_for_sockets_closed(page)
    stopped = clock.inner_text()
    page.clock.run_for(60_000)  # a minute away
    expect(clock).to_have_text(stopped)
    set_network(page, online=False)
    expect(page.locator("#message")).not_to_contain_text("reconnecting")
    set_network(page, online=True)
    page.clock.run_for(60_000)
    assert sockets_made(page) == 1  # no try while hidden

    set_page_shown(page, True)
    card_at(page, "T5").click()  # the 5 of spades onto the 6 of hearts, on a new socket
    wait_for_moves(page, 2)
    assert sockets_made(page) == 2
    going = clock.inner_text()
    page.clock.run_for(10_000)
    expect(clock).not_to_have_text(going)
    assert_clean(page)


def test_the_clock_never_goes_back_when_the_table_is_drawn_again(server,
                                                                  browser_page: Page) -> None:
    """The clock counts on from the last view; a redraw that brings no view (a
    window resized, a refused move's cards sliding back) once took it back to
    the time of that view."""
    page = browser_page
    clock = clock_running(page, server)
    page.clock.run_for(90_000)
    expect(clock).to_have_text(re.compile(r"01:[3-5]\d"))
    page.evaluate("dispatchEvent(new Event('resize'))")  # the table is drawn again
    page.clock.run_for(1_000)
    expect(clock).to_have_text(re.compile(r"01:[3-5]\d"))


def test_a_table_refused_before_its_first_view_says_why_and_is_not_tried_again(
        server, browser: Browser, browser_page: Page, screenshot) -> None:
    page = browser_page
    page.add_init_script(KEEP_SOCKETS)
    page.clock.install()
    message = page.locator("#message")
    other = browser.new_context()  # someone else's deal
    answer = other.request.post(f"{server.url}/api/tables", data={"game": "klondike"})
    assert answer.ok, answer.text()
    url = server.url + answer.json()["url"]
    other.close()
    page.goto(url)
    expect(message).to_have_text("This table is someone's own game: it has no seat for you. "
                                 "Start a new game from the Klondike page.")
    page.clock.run_for(60_000)  # any try would have been made by now...
    set_network(page, online=False)
    set_network(page, online=True)  # ...or now
    page.clock.run_for(60_000)
    assert sockets_made(page) == 1
    expect(message).to_contain_text("no seat for you")

    page.goto(f"{server.url}/klondike/no-such-table")
    expect(message).to_have_text("There is no table with this link: it may have been mistyped. "
                                 "Start a new game from the Klondike page.")
    expect(page.get_by_role("button", name="Hint")).to_be_disabled()  # no table to ask
    screenshot(page, "klondike-refused")
    page.clock.run_for(60_000)
    assert sockets_made(page) == 1

    # A connection that ends before the first view without a refusal (a code that
    # is not final) is not tried again either: there is no table to come back to.
    page.route_web_socket("**/ws/*", lambda socket: socket.close(code=1011))
    page.add_init_script(KEEP_SOCKETS)  # (counting the routed sockets: after the routing's own)
    page.goto(new_table(page, server.url))
    expect(message).to_have_text("This table could not be opened. "
                                 "Start a new game from the Klondike page.")
    page.clock.run_for(60_000)
    assert sockets_made(page) == 1


def test_a_deal_given_up_ends_its_connection_for_good(server, browser_page: Page) -> None:
    page = browser_page
    page.add_init_script(KEEP_SOCKETS)
    page.clock.install()
    open_table(page, new_table(page, server.url))
    card_at(page, "T2").click()
    wait_for_moves(page, 1)
    page.get_by_text("More").click()
    page.get_by_role("button", name="Give up this deal").click()
    page.get_by_role("dialog", name="Give up this deal?").get_by_role(
        "button", name="Give up", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-deal", "given-up")
    wait_for_sockets_closed(page)
    stopped = page.locator("#clock").inner_text()
    # Nothing brings it back: not the page shown again, nor the network coming back.
    set_page_shown(page, False)
    set_page_shown(page, True)
    set_network(page, online=False)
    set_network(page, online=True)
    page.clock.run_for(60_000)
    assert sockets_made(page) == 1
    expect(page.locator("#clock")).to_have_text(stopped)
    expect(page.locator("#message")).not_to_contain_text("reconnecting")


def test_keyboard_only(server, browser_page: Page, check_accessibility, assert_clean) -> None:
    page = browser_page
    open_table(page, new_table(page, server.url))
    for _ in range(30):  # Tab from the top of the page to the stock
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.place") == "stock":
            break
    else:
        raise AssertionError("Tab never reached the stock")
    page.keyboard.press("d")
    wait_for_moves(page, 1)
    page.keyboard.press("ArrowDown")  # stock -> tableau 1
    page.keyboard.press("ArrowRight")  # -> tableau 2, the ace of hearts
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("aria-label", "Tableau 2: 1 face down, ace of hearts")
    page.keyboard.press("f")
    wait_for_moves(page, 2)
    expect(focused).to_have_attribute("aria-label", re.compile("Tableau 2: 1 face down"))
    page.keyboard.press("Enter")  # turns the face-down card over
    wait_for_moves(page, 3)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(focused).to_have_attribute("aria-label", re.compile("5 of spades$"))
    page.keyboard.press("Enter")  # take the 5 of spades
    expect(page.locator("#live")).to_contain_text("5 of spades taken")
    expect(pile(page, "T6")).to_have_class(re.compile("target"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # put it on the 6 of hearts
    wait_for_moves(page, 4)
    assert label_of(page, "T6").endswith("6 of hearts, 5 of spades")
    page.keyboard.press("Control+z")
    wait_for_moves(page, 5)
    assert label_of(page, "T5").endswith("5 of spades")
    page.keyboard.press("Control+y")
    wait_for_moves(page, 6)
    assert label_of(page, "T6").endswith("5 of spades")
    page.keyboard.press("h")
    # the move in a player's words, not notation: "Hint: Move the 9♦ onto the 10♣ in column 3."
    expect(page.locator("#message")).to_have_text(
        re.compile(r"Hint: (Move the \S+[♣♦♥♠] |Draw from the stock|Turn )"))
    expect(page.locator("#board .hinted").first).to_be_visible()
    check_accessibility(page, "the table with a hint")
    assert_clean(page)


def test_phone_touch(server, phone_page: Page, screenshot, check_accessibility,
                     assert_clean) -> None:
    page = phone_page
    open_table(page, new_table(page, server.url))
    assert_fits_phone(page)
    screenshot(page, "klondike-phone-start")
    check_accessibility(page, "the Klondike table on a phone")
    card_at(page, "T2").tap()
    wait_for_moves(page, 1)
    expect(pile(page, "FH").locator(".card.live")).to_have_count(1)
    touch_drag(page, card_at(page, "T6"), card_at(page, "T7"))  # 6 of hearts onto 7 of spades
    wait_for_moves(page, 2)
    assert label_of(page, "T7").endswith("7 of spades, 6 of hearts")
    assert_clean(page)


def touch_drag(page: Page, card: Locator, onto: Locator) -> None:
    """A finger pressed on the card, slid onto the other card, lifted (real touch events)."""
    x, y = grab_point(card)
    to_x, to_y = grab_point(onto)
    to_y += (onto.bounding_box() or {"height": 0})["height"] * 0.3
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent",
               {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):
        point = {"x": x + (to_x - x) * step / 5, "y": y + (to_y - y) * step / 5}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
