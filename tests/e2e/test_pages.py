"""The site's own pages in a real browser: home, statistics, rules, the new-game form."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

PAGES = {
    "home": "/",
    "stats": "/stats",
    "rules-spades": "/rules/spades",
    "rules-hearts": "/rules/hearts",
    "rules-klondike": "/rules/klondike",
    "newgame-spades": "/spades",
}


def fits_the_screen(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("name", PAGES)
def test_page_is_clean_accessible_and_fits(
    name, server, browser_page, phone_page, assert_clean, check_accessibility, screenshot
):
    for page, size in ((browser_page, "desktop"), (phone_page, "phone")):
        page.goto(server.url + PAGES[name])
        page.wait_for_load_state("networkidle")
        expect(page.locator("header.site nav")).to_be_visible()
        expect(page.locator("h1")).to_be_visible()
        assert fits_the_screen(page), f"{name} is wider than the {size} screen"
        check_accessibility(page, f"{name} ({size})")
        screenshot(page, f"pages-{name}-{size}")
        assert_clean(page)


def test_nav_marks_the_current_section(server, browser_page):
    browser_page.goto(server.url + "/rules/hearts")
    current = browser_page.locator('header.site a[aria-current="page"]')
    expect(current).to_have_text("Rules")
    browser_page.get_by_role("link", name="Klondike", exact=True).last.click()
    expect(browser_page).to_have_url(server.url + "/rules/klondike")
    expect(browser_page.get_by_role("heading", level=1)).to_have_text("How to play Klondike")


def test_home_lists_a_game_started_from_the_form(server, browser_page):
    page = browser_page
    page.goto(server.url + "/")
    expect(page.locator("#continue-status")).to_contain_text("No unfinished games")
    page.locator(".tile", has_text="Hearts").click()
    page.get_by_role("button", name="Start").click()
    expect(page).to_have_url(re.compile(r"/hearts/[\w-]+$"))
    table_url = page.url.removeprefix(server.url)

    page.goto(server.url + "/")
    game = page.locator("#continue-list a")
    expect(game).to_have_count(1)
    expect(game).to_contain_text("Hearts")
    expect(game).to_have_attribute("href", table_url)


def test_display_name_is_kept(server, browser_page, assert_clean):
    page = browser_page
    page.goto(server.url + "/")
    name = page.get_by_label("Your name at the table")
    expect(name).to_have_value("You")
    name.fill("Ada")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Ada")

    page.reload()
    expect(page.get_by_label("Your name at the table")).to_have_value("Ada")
    # The home page's other loads land before the server stops: a request
    # refused in mid-flight would be the test's doing, not the page's.
    expect(page.locator("#continue-status")).to_contain_text("No unfinished games")
    expect(page.locator("#stats-summary")).to_contain_text("No games yet")
    server.stop()
    server.start()
    page.goto(server.url + "/stats")
    expect(page.locator("#stats-player")).to_contain_text("Ada")
    assert_clean(page)


def test_animations_setting_is_kept(server, browser_page):
    page = browser_page
    page.goto(server.url + "/")
    page.get_by_label("Animations").uncheck()
    page.goto(server.url + "/rules/spades")
    assert page.evaluate("document.documentElement.classList.contains('no-motion')")
    page.goto(server.url + "/")
    expect(page.get_by_label("Animations")).not_to_be_checked()


def seat_token(page, table_url: str) -> str:
    """The seat token the page keeps for a table (its last path part)."""
    table = table_url.rstrip("/").split("/")[-1]
    token = page.evaluate("(t) => localStorage.getItem(`parlour.seat.${t}`)", table)
    assert token, f"the page kept no seat token for {table}"
    return str(token)


def _play_out(ws_url: str, token: str) -> dict:
    """Plays the first legal action whenever it is our turn, until the game is over."""
    with connect(ws_url, open_timeout=5) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] != "view":
                # Acting on every view, an older one is refused as stale (passes are
                # chosen at once: a view two passes old still offers one): harmless.
                assert message["type"] != "error" or "moved on" in message["reason"], message
                continue
            view = message["view"]
            if view["over"]:
                return view
            if view["legal"]:
                time.sleep(1 / 15)  # the server takes at most 20 messages a second
                act = {"type": "act", "version": message["version"], "action": view["legal"][0]}
                ws.send(json.dumps(act))


def test_stats_show_a_finished_game(
    server, browser_page, assert_clean, check_accessibility, screenshot
):
    page = browser_page
    page.goto(server.url + "/stats")
    expect(page.locator("#charts")).to_contain_text("No finished game")
    # A short game of Spades (to 50) played out by a small client on our seat.
    started = page.request.post(
        server.url + "/api/tables",
        data={"game": "spades", "options": {"target": 50, "nil": False}, "level": "easy"},
    )
    assert started.ok, started.text()
    table = started.json()["table"]
    ws_url = server.url.replace("http", "ws") + f"/ws/{table}"
    final = _play_out(ws_url, started.json()["token"])

    page.reload()
    spades = page.locator("#totals article").filter(has_text="Spades")
    played = spades.locator("div", has=page.locator("dt", has_text="Played")).locator("dd")
    expect(played).to_have_text("1")
    chart = page.locator("#charts figure")
    expect(chart).to_have_count(1)
    expect(chart.locator("figcaption")).to_contain_text("Spades")
    expect(chart.locator("svg[role=img]")).to_have_attribute("aria-label", re.compile("Target 50"))
    hands = len(final["hands"])
    expect(chart.locator("table tbody tr")).to_have_count(hands)
    # The winner in the seats' names, as the table says it (the player is "You" here).
    side = "You & North" if final["over"]["seats"] == [0, 2] else "East & West"
    expect(page.locator(".chart-winner")).to_have_text(re.compile(f"^{side} win -?\\d+ to -?\\d+$"))
    check_accessibility(page, "stats with a game")
    screenshot(page, "pages-stats-with-a-game-desktop")
    assert_clean(page)


def test_new_game_form_shows_the_servers_refusal(server, browser_page, page_watch):
    page = browser_page
    page.goto(server.url + "/spades")
    target = page.get_by_label("Play to")
    target.fill("0")
    page.get_by_role("button", name="Start").click()
    refusal = page.request.post(
        server.url + "/api/tables", data={"game": "spades", "options": {"target": 0}}
    )
    assert refusal.status == 400
    expect(page.get_by_role("alert")).to_have_text(refusal.json()["error"])
    expect(page).to_have_url(server.url + "/spades")
    expect(page.get_by_role("button", name="Start")).to_be_enabled()
    # The browser logs the refused request itself; nothing else may go wrong.
    problems = [p for p in page_watch(page).problems() if "status of 400" not in p]
    assert not problems, problems


def test_new_game_form_remembers_the_last_choices(server, browser_page):
    page = browser_page
    page.goto(server.url + "/spades")
    page.get_by_label("Play to").fill("300")
    page.get_by_label("Blind nil").check()
    page.get_by_role("button", name="Start").click()
    expect(page).to_have_url(re.compile(r"/spades/[\w-]+$"))

    page.goto(server.url + "/spades")
    expect(page.get_by_label("Play to")).to_have_value("300")
    expect(page.get_by_label("Blind nil")).to_be_checked()
    page.goto(server.url + "/hearts")
    expect(page.get_by_label("Play to")).to_have_value("100")


def test_bot_speed_is_shown_remembered_and_kept_by_play_again(server, browser_page):
    page = browser_page
    page.goto(server.url + "/spades")
    page.get_by_label("Play to").fill("50")
    page.get_by_label("Nil bids").uncheck()
    page.get_by_label("Bot speed").select_option(label="Fast")
    page.get_by_role("button", name="Start").click()
    expect(page).to_have_url(re.compile(r"/spades/[\w-]+$"))
    expect(page.locator(".table-bar")).to_contain_text("Bot speed: fast")
    table_url = page.url

    page.goto(server.url + "/spades")
    expect(page.get_by_label("Bot speed")).to_have_value("fast")

    # The game played out by a small client on our seat; then Play again.
    ws_url = table_url.replace("http", "ws").replace("/spades/", "/ws/")
    _play_out(ws_url, seat_token(page, table_url))
    page.goto(table_url)
    page.get_by_role("button", name="Play again").click()
    expect(page).not_to_have_url(table_url)
    expect(page.locator(".table-bar")).to_contain_text("Bot speed: fast")
