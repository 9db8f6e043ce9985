"""The Spades and Hearts daily deal in a real browser: two players open today's
Spades deal from the new-game page's panel and hold the same cards, one try a
day (the panel goes back to the table begun); a Hearts daily hand ends with
your points beside the expert's on the same cards, and the panel keeps the day
in your history. (Who gets what is the server's: see test_server_daily.)"""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from .conftest import DESKTOP, PHONE
from .test_trick_table import SUMMARY, hand_cards


def open_daily(page: Page, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/{game}")
    panel = page.locator("#daily")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(panel.locator(".daily-yours")).to_have_text("Not played yet today.")
    panel.get_by_role("button", name="Play today's deal").click()
    expect(page.locator(".hand button.card")).to_have_count(13)


def test_two_players_get_the_same_spades_deal(server, browser: Browser, browser_page: Page,
                                             screenshot, check_accessibility,
                                             assert_clean) -> None:
    ada = browser_page
    ada.goto(server.url + "/spades")
    panel = ada.locator("#daily")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(ada.get_by_role("heading", name=re.compile("^Daily Spades: "))).to_be_visible()
    screenshot(ada, "spades-daily-fresh")
    check_accessibility(ada, "the Spades daily deal's panel")
    open_daily(ada, server.url, "spades")
    ada_url = ada.url
    context = browser.new_context(viewport=DESKTOP)  # another person: another browser
    try:
        bob = context.new_page()
        open_daily(bob, server.url, "spades")
        assert bob.url != ada_url  # a table each...
        assert sorted(hand_cards(bob)) == sorted(hand_cards(ada))  # ...of the same cards
    finally:
        context.close()

    ada.goto(server.url + "/spades")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(panel.locator(".daily-yours")).to_have_text(
        "You have begun it: go on where you left it.")
    expect(panel.get_by_role("table", name="Your days")).to_contain_text("playing")
    screenshot(ada, "spades-daily-begun")
    panel.get_by_role("button", name="Go on with it").click()
    expect(ada).to_have_url(ada_url)  # one try a day: back to the table begun
    assert_clean(ada)


def play_to_the_last_card(base_url: str, table: str, token: str) -> None:
    """The seat's first hand played over another connection (its first legal
    choice each time) up to its last card, which the page then plays itself, or
    until no points are left, when the table plays the rest itself."""
    with connect(base_url.replace("http", "ws") + f"/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "version": None, "watch": False}))
        acted = -1
        while True:
            message = json.loads(ws.recv())
            if message["type"] != "view":
                continue
            view = message["view"]
            if view.get("playing_out") or view["hands"]:
                return
            if not view["legal"] or message["version"] <= acted:
                continue
            if len(view["hand"]) == 1 and view["legal"][0].startswith("play "):
                return
            time.sleep(1 / 15)  # the socket's rate limit (20 messages a second), kept to
            ws.send(json.dumps({"type": "act", "version": message["version"],
                                "action": view["legal"][0]}))
            acted = message["version"]


def test_a_hearts_daily_hand_ends_beside_the_experts(server, browser_page: Page, screenshot,
                                                     check_accessibility, assert_clean) -> None:
    page = browser_page
    page.emulate_media(reduced_motion="reduce")
    open_daily(page, server.url, "hearts")
    url = page.url
    table = url.rsplit("/", 1)[1]
    token = page.evaluate("table => localStorage.getItem(`parlour.seat.${table}`)", table)
    # the hand played over another connection while the page looks on: the last card
    # plays itself there (or the table plays the rest, no points being left), and
    # the hand is over
    play_to_the_last_card(server.url, table, token)
    summary = page.locator(SUMMARY)
    comparison = summary.locator(".daily-comparison")
    expect(comparison).to_have_attribute("data-state", "done", timeout=60_000)
    expect(comparison.locator(".daily-line")).to_have_text(re.compile(
        r"^(You took \d+ points?|You shot the moon); the expert in your seat "
        r"(took \d+|shot the moon)\.$"))
    expect(comparison.get_by_role("button", name="Ask again")).to_be_hidden()
    screenshot(page, "hearts-daily-summary")
    check_accessibility(page, "a daily hand's summary")
    line = comparison.locator(".daily-line").inner_text()
    comparison.get_by_role("link", name="Your daily deals").click()
    panel = page.locator("#daily")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(panel.locator(".daily-yours")).to_have_text(line)  # the same words on the page
    days = panel.get_by_role("table", name="Your days")
    expect(days.locator("tbody tr")).to_have_count(1)
    expect(days.locator("tbody tr td").nth(1)).not_to_be_empty()
    screenshot(page, "hearts-daily-played")
    check_accessibility(page, "the Hearts daily panel with a day played")
    assert_clean(page)


def test_the_spades_history_reads_your_side_beside_the_expert(server, browser_page: Page,
                                                              screenshot, check_accessibility,
                                                              assert_clean) -> None:
    """(What each day holds is the server's: see test_server_daily. Here: how it reads.)"""
    page = browser_page
    days = [{"day": "2026-12-01", "url": "/spades/a", "you": {"points": 52, "bid": 4, "tricks": 5},
             "expert": {"points": 61, "bid": 4, "tricks": 4}},
            {"day": "2026-11-30", "url": "/spades/b", "you": {"points": -40, "bid": 4, "tricks": 2},
             "expert": {"points": -60, "bid": 3, "tricks": 2}},
            {"day": "2026-11-28", "url": "/spades/c", "you": None, "expert": None}]
    page.route("**/api/daily?game=spades", lambda route: route.fulfill(json={
        "game": "spades", "day": "2026-12-01", "today": True,
        "table": {"id": "a", "url": "/spades/a", "status": "playing"}, "you": days[0]["you"],
        "expert": {"status": "done", **days[0]["expert"]}, "history": days}))
    page.goto(server.url + "/spades")
    panel = page.locator("#daily")
    expect(panel).to_have_attribute("data-ready", "true")
    expect(panel.locator(".daily-yours")).to_have_text(
        "Your side made +52; the expert in your seat made +61 on the same cards.")
    rows = panel.get_by_role("table", name="Your days").locator("tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_have_attribute("data-standing", "behind")
    expect(rows.nth(1).locator("td")).to_have_text(["-40", "-60"])
    expect(rows.nth(1)).to_have_attribute("data-standing", "ahead")
    expect(rows.nth(2).locator("td")).to_have_text(["playing", ""])
    expect(panel.get_by_role("button", name="Look at your table")).to_be_visible()
    screenshot(page, "spades-daily-history")
    check_accessibility(page, "the Spades daily history")
    page.set_viewport_size(PHONE)  # under the form, as wide as the phone and no wider
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    panel.scroll_into_view_if_needed()
    screenshot(page, "spades-daily-history-phone")
    assert_clean(page)


def test_the_panel_shows_the_experts_score_once_it_is_played(server, browser_page: Page,
                                                             assert_clean) -> None:
    """Your first hand is over and the expert's is still being played when the
    page opens: the comparison comes up by itself, without a reload."""
    page = browser_page
    you = {"points": 9, "moon": False}
    asks: list[str] = []

    def answer(route) -> None:  # type: ignore[no-untyped-def]
        asks.append(route.request.url)
        played = len(asks) >= 3  # the third ask finds the expert's hand played
        expert = {"status": "done", "points": 4, "moon": False} if played else {
            "status": "working"}
        route.fulfill(json={
            "game": "hearts", "day": "2026-12-01", "today": True,
            "table": {"id": "a", "url": "/hearts/a", "status": "playing"}, "you": you,
            "expert": expert, "history": [{"day": "2026-12-01", "url": "/hearts/a", "you": you,
                                           "expert": expert if played else None}]})

    page.route(re.compile(r".*/api/daily\?game=hearts.*"), answer)
    page.goto(server.url + "/hearts")
    panel = page.locator("#daily")
    expect(panel).to_have_attribute("data-ready", "true")
    status = panel.locator(".daily-yours")
    expect(status).to_have_text(re.compile("The expert's is being played"))
    expect(status).to_have_text("You took 9 points; the expert in your seat took 4.")
    expect(status).to_have_attribute("data-standing", "behind")
    expect(panel.get_by_role("table", name="Your days: points taken")
           .locator("tbody tr td")).to_have_text(["9", "4"])
    assert all("day=2026-12-01" in url for url in asks[1:])  # the same day asked again
    assert_clean(page)

