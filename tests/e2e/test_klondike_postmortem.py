"""Klondike's end in a real browser: a deal given up (after a confirmation) is
looked back on, showing the move that lost the win and the winning line from
before it, stepped through from the keyboard; a reload shows the stored answer
at once; a win ends in the cascade."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from test_server_postmortem import LOSING, SEED

from .test_klondike import TOKENS, new_table, open_table, perform, pile, winning_line

LOST_WORDS = "Move the 8♥ (and the 7♠ on it) onto the 9♣ in column 7."


def test_a_deal_given_up_shows_the_move_that_lost_it(server, browser_page: Page, screenshot,
                                                      check_accessibility, assert_clean) -> None:
    page = browser_page
    page.emulate_media(reduced_motion="reduce")  # nothing slides under the pointer
    url = new_table(page, server.url, SEED)
    open_table(page, url)
    for action in LOSING:
        perform(page, action)

    page.get_by_text("More").click()
    page.get_by_role("button", name="Give up this deal").click()
    confirm = page.get_by_role("dialog", name="Give up this deal?")
    expect(confirm).to_be_visible()
    screenshot(page, "klondike-give-up-confirm")
    check_accessibility(page, "the give-up confirmation")
    confirm.get_by_role("button", name="Keep playing").click()
    expect(confirm).to_be_hidden()  # nothing happened: the deal plays on
    perform(page, "draw")
    page.get_by_text("More").click()
    page.get_by_role("button", name="Give up this deal").click()
    # The solver's answers here come in a blink: the first look at its progress is
    # held at "2 of about 6" so that the page's progress can be seen.
    held = {"status": "working", "step": 2, "steps": 6}
    holding = [True]
    page.route("**/postmortem", lambda route: route.fulfill(json=held) if holding[0]
               else route.fallback())
    confirm.get_by_role("button", name="Give up", exact=True).click()

    panel = page.get_by_role("dialog", name="Looking back at this deal")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("status")).to_contain_text("judged 2 positions of about 6")
    expect(panel.locator("progress")).to_have_attribute("value", "2")
    screenshot(page, "klondike-postmortem-working")
    check_accessibility(page, "the post-mortem at work")
    holding[0] = False  # the server's own answers from here on
    expect(panel).to_have_attribute("data-state", "done", timeout=60_000)
    expect(panel.locator("#pm-verdict")).to_have_text("Your move 10 lost the win.")
    expect(panel.locator("#pm-detail")).to_contain_text("The deal could be won from the start")
    step = panel.locator("#pm-step")
    expect(step).to_contain_text(f"Your move 10 was: {LOST_WORDS}")
    expect(step).to_contain_text("The win went instead: ")
    # the table before the losing move, the 8♥ and 7♠ lit where they were taken from
    board = panel.locator("#pm-board")
    expect(board.locator('.pile[data-place="T7"] .card')).to_have_count(6 + 2)
    expect(board.locator(".card.hinted")).to_have_count(2)
    expect(board.locator('.pile[data-place="T7"]')).to_have_class(re.compile("hinted"))
    screenshot(page, "klondike-postmortem-lost")
    check_accessibility(page, "the post-mortem")
    # what lay face down under the cards (the deal is over): column 7's six shown, marked
    panel.get_by_label("Show the face-down cards").check()
    expect(board.locator('.pile[data-place="T7"] .card.revealed')).to_have_count(6)
    expect(board.locator(".card.revealed")).to_have_count(1 + 2 + 3 + 4 + 5 + 6)
    screenshot(page, "klondike-postmortem-face-down-shown")
    panel.get_by_label("Show the face-down cards").uncheck()
    expect(board.locator(".card.revealed")).to_have_count(0)

    # the winning line, a step at a time from the keyboard
    panel.get_by_role("button", name="Next step").focus()
    page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-step", "1")
    expect(step).to_contain_text(re.compile(r"The winning line, step 1 of \d+: "))
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-step", "1")
    screenshot(page, "klondike-postmortem-line")

    # the deal is played no more; opened again, the stored answer shows at once
    panel.get_by_role("button", name="Close").click()
    pile(page, "stock").click()
    expect(page.locator("#message")).to_contain_text("You gave this deal up")
    page.reload()
    expect(panel).to_have_attribute("data-state", "done")
    expect(panel.locator("#pm-verdict")).to_have_text("Your move 10 lost the win.")
    page.set_viewport_size({"width": 360, "height": 740})
    # on a phone the small table fits across (laid out again for the new width)
    page.wait_for_function("""() => {
        const pile = document.querySelector('#pm-board .pile[data-place="T7"]');
        const box = pile.getBoundingClientRect();
        return box.right <= 360 && box.left > 0; }""")
    screenshot(page, "klondike-postmortem-phone")
    check_accessibility(page, "the post-mortem on a phone")
    assert_clean(page)


def play_over_a_socket(base_url: str, table: str, token: str, line: tuple[str, ...]) -> None:
    """The winning line played by another connection of the same seat: the page
    sees each move as it is made (quicker than gestures, and the page is idle)."""
    with connect(base_url.replace("http", "ws") + f"/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "version": None, "watch": False}))
        view = json.loads(ws.recv())
        version = view["version"]
        for action in line:
            time.sleep(1 / 15)  # the socket's rate limit (20 messages a second), kept to
            ws.send(json.dumps({"type": "act", "version": version, "action": action}))
            while True:
                answer = json.loads(ws.recv())
                if answer["type"] == "view" and answer["version"] > version:
                    break
                assert answer["type"] != "error", answer
            version = answer["version"]
            if answer["view"]["won"]:
                return
    raise AssertionError("the line did not win")


def test_a_win_ends_in_a_cascade(server, browser_page: Page, screenshot, assert_clean) -> None:
    """(Under reduced motion there is none: see test_klondike's win.)"""
    page = browser_page
    page.emulate_media(reduced_motion="no-preference")
    url = new_table(page, server.url)
    open_table(page, url)
    # the moment it starts, the cards in flight are counted and the table caught mid-leap
    page.evaluate("""() => new MutationObserver((_, watcher) => {
        if (document.documentElement.dataset.cascade === 'running') {
          window.cascadeCards = document.querySelectorAll('.cascade .card').length;
          watcher.disconnect();
        }}).observe(document.documentElement, {attributes: true})""")
    play_over_a_socket(server.url, url.rsplit("/", 1)[1], TOKENS[url], winning_line())
    html = page.locator("html")
    expect(html).to_have_attribute("data-cascade", re.compile("running|done"))
    if page.locator(".cascade").count():
        screenshot(page, "klondike-win-cascade")
    won = page.get_by_role("dialog", name="You won!")
    expect(won).to_be_visible()
    expect(html).to_have_attribute("data-cascade", "done")
    assert page.evaluate("window.cascadeCards") == 52
    expect(page.locator(".cascade")).to_have_count(0)
    assert_clean(page)


def test_no_moves_left_asks_what_lost_it_and_unknown_is_said(server, browser_page: Page,
                                                             screenshot, check_accessibility,
                                                             assert_clean) -> None:
    from test_server_klondike import NO_MOVES_LEFT

    page = browser_page
    page.emulate_media(reduced_motion="reduce")
    open_table(page, new_table(page, server.url, seed=1, draw=3, passes=1))
    for action in NO_MOVES_LEFT:
        perform(page, action)
    ended = page.get_by_role("dialog", name="No moves left")
    expect(ended).to_be_visible()
    ended.get_by_role("button", name="What lost it?").click()
    panel = page.get_by_role("dialog", name="Looking back at this deal")
    expect(panel).to_have_attribute("data-state", "done", timeout=60_000)
    # the solver does not count passes through the stock: it cannot tell, and says so
    expect(panel.locator("#pm-verdict")).to_have_text("Unknown: the solver could not tell.")
    expect(panel.locator("#pm-detail")).to_contain_text("with 1 pass through the stock allowed")
    expect(panel.locator("#pm-steps")).to_be_hidden()
    screenshot(page, "klondike-postmortem-unknown")
    check_accessibility(page, "an unknown post-mortem")
    assert_clean(page)
