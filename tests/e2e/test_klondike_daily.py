"""The daily deal in a real browser: two players open today's deal and get the
same cards; one gives it up, and the day's panel says so, and that one try a
day is all (asking again goes back to the deal)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import DESKTOP, PHONE
from .test_klondike import assert_fits_phone, board_text


def open_daily(page: Page, base_url: str) -> None:
    page.goto(base_url + "/klondike")
    draw_one = page.get_by_role("article", name="Draw 1")
    expect(draw_one).to_contain_text("Not played yet today.")
    draw_one.get_by_role("button", name="Play today's deal").click()
    expect(page.locator("#board .pile.tableau .card.live")).to_have_count(7)


def test_the_daily_deal_is_the_same_for_two_players(server, browser: Browser, browser_page: Page,
                                                    screenshot, check_accessibility,
                                                    assert_clean) -> None:
    ada = browser_page
    ada.goto(server.url + "/klondike")
    expect(ada.locator("#daily")).to_have_attribute("data-ready", "true")
    expect(ada.get_by_role("heading", name=re.compile("^Today's deal: "))).to_be_visible()
    # titled as the other games' pages are, the day's deal beside the form on a wide screen
    expect(ada.get_by_role("heading", name="Klondike Solitaire", level=1)).to_be_visible()
    daily_box = ada.locator("#daily").bounding_box()
    form_box = ada.locator("#newgame").bounding_box()
    assert daily_box and form_box and daily_box["x"] >= form_box["x"] + form_box["width"]
    expect(ada.get_by_role("article", name="Draw 1")).to_contain_text(
        "Nobody has played it yet today.")
    screenshot(ada, "klondike-daily-fresh")
    check_accessibility(ada, "the daily deal's panel")
    open_daily(ada, server.url)
    ada_url = ada.url
    expect(ada.locator("#daily-mark")).to_have_text(re.compile(r"^Daily deal, .+, draw 1$"))
    check_accessibility(ada, "a daily deal's table")
    ada.set_viewport_size(PHONE)
    assert_fits_phone(ada)  # the day's mark in the bar takes no room from the cards
    ada.get_by_text("More").click()
    screenshot(ada, "klondike-daily-phone-menu")
    ada.get_by_text("More").click()
    ada.set_viewport_size(DESKTOP)
    ada.get_by_text("More").click()
    expect(ada.get_by_role("button", name="Restart this deal")).to_be_hidden()  # one try
    ada.get_by_text("More").click()
    context = browser.new_context(viewport=DESKTOP)  # another person: another browser
    try:
        bob = context.new_page()
        open_daily(bob, server.url)
        assert bob.url != ada_url  # a table each...
        assert board_text(bob) == board_text(ada)  # ...of the same cards
    finally:
        context.close()

    ada.get_by_text("More").click()
    ada.get_by_role("button", name="Give up this deal").click()
    ada.get_by_role("button", name="Give up", exact=True).click()
    panel = ada.get_by_role("dialog", name="Looking back at this deal")
    expect(panel).to_have_attribute("data-state", "done", timeout=60_000)
    expect(panel.get_by_role("button", name="Try this deal again")).to_be_hidden()
    screenshot(ada, "klondike-daily-postmortem")
    panel.get_by_role("link", name="Today's best").click()
    draw_one = ada.get_by_role("article", name="Draw 1")
    expect(draw_one).to_contain_text("You did not win it today")
    expect(draw_one).to_contain_text("2 players have played it today, 0 won.")
    screenshot(ada, "klondike-daily-played")
    draw_one.get_by_role("button", name="Look at your deal").click()
    expect(ada).to_have_url(ada_url)  # one try a day: back to the deal given up
    assert_clean(ada)


def test_the_days_best_are_shown_by_moves_and_by_time(server, browser_page: Page, screenshot,
                                                      check_accessibility, assert_clean) -> None:
    """(Who ranks where is the server's: see test_server_daily. Here: how it reads.)"""
    page = browser_page
    wins = [{"name": "Ada", "moves": 131, "seconds": 402.5, "you": False},
            {"name": "You", "moves": 140, "seconds": 251.0, "you": True},
            {"name": "You", "moves": 160, "seconds": 300.0, "you": False}]
    standing = {"played": 5, "won": 2, "moves": wins, "time": [wins[1], wins[2], wins[0]],
                "yours": {"url": "/klondike/x", "status": "over", "won": True, "moves": 140,
                          "seconds": 251.0}}
    empty = {"played": 0, "won": 0, "moves": [], "time": [], "yours": None}
    page.route("**/api/daily", lambda route: route.fulfill(json={
        "day": "2026-12-01", "today": True, "draws": {"1": standing, "3": empty}}))
    page.goto(server.url + "/klondike")
    draw_one = page.get_by_role("article", name="Draw 1")
    expect(draw_one).to_contain_text("You won it in 140 moves and 4:11.")
    moves = draw_one.get_by_role("table", name="Fewest moves")
    expect(moves.locator("tbody tr").first).to_contain_text("Ada")
    fastest = draw_one.get_by_role("table", name="Fastest")
    expect(fastest.locator("tbody tr").first.locator("td").first).to_have_text("You")
    expect(fastest.locator("tbody tr").nth(1)).to_contain_text("A player")  # a "You" not yours
    screenshot(page, "klondike-daily-best")
    check_accessibility(page, "the day's best")
    assert_clean(page)
