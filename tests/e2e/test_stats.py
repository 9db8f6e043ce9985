"""The statistics page as a player reads it: streaks, averages and Klondike by
draw after a few deals, then a reset, asked to confirm, that starts them again."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_klondike import TOKENS, new_table, winning_line
from .test_klondike_postmortem import play_over_a_socket


def figure(page: Page, box: str, label: str) -> str:
    """The figure under ``label`` in the totals box of a game."""
    card = page.locator("#totals article").filter(has_text=box)
    return card.locator("div", has=page.locator("dt", has_text=label)).locator("dd").inner_text()


def give_up(page: Page, url: str) -> None:
    table = url.rsplit("/", 1)[1]
    answer = page.request.post(url.replace(f"/klondike/{table}", f"/api/tables/{table}/give-up"),
                               headers={"authorization": f"Bearer {TOKENS[url]}"})
    assert answer.ok, answer.text()


def test_streaks_averages_draws_and_a_reset(server, browser_page: Page, screenshot,
                                            check_accessibility, assert_clean) -> None:
    page = browser_page
    give_up(page, new_table(page, server.url, seed=23, draw=3))
    won = new_table(page, server.url)  # seed 5, draw 1: won by the solver's line
    play_over_a_socket(server.url, won.rsplit("/", 1)[1], TOKENS[won], winning_line())
    give_up(page, new_table(page, server.url, seed=23))

    page.goto(server.url + "/stats")
    expect(page.locator("#totals article").filter(has_text="Klondike")).to_contain_text("Played")
    assert (figure(page, "Klondike", "Played"), figure(page, "Klondike", "Won")) == ("3", "1")
    assert figure(page, "Klondike", "Streak now") == "0 wins"
    assert figure(page, "Klondike", "Best streak") == "1 win"
    rows = page.locator("#draws tbody tr")
    expect(rows.nth(0)).to_contain_text("Draw 1")
    cells = rows.nth(0).locator("td")
    expect(cells.nth(0)).to_have_text("2")  # played
    expect(cells.nth(1)).to_have_text("1")  # won
    expect(cells.nth(2)).to_have_text("50%")
    expect(rows.nth(1).locator("td").nth(0)).to_have_text("1")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("0")
    moves = page.locator(".average").filter(has_text="moves a win").locator(".average-value")
    expect(moves).to_have_text(page.locator("#best-moves + .table-scroll td").first.inner_text())
    lost = page.locator("#lost li")
    expect(lost).to_have_count(2)
    expect(lost.first).to_contain_text("draw 1, given up after 0 moves")
    screenshot(page, "stats-streaks-averages")
    check_accessibility(page, "the statistics with streaks and averages")
    lost.first.get_by_role("link").click()  # the deal's post-mortem, from its table
    panel = page.get_by_role("dialog", name="Looking back at this deal")
    expect(panel).to_have_attribute("data-state", "done", timeout=60_000)
    page.go_back()
    expect(lost).to_have_count(2)

    page.get_by_role("button", name="Reset statistics").click()
    confirm = page.get_by_role("dialog", name="Reset your statistics?")
    expect(confirm).to_be_visible()
    screenshot(page, "stats-reset-confirm")
    check_accessibility(page, "the reset confirmation")
    confirm.get_by_role("button", name="Keep them").click()
    assert figure(page, "Klondike", "Played") == "3"  # nothing changed
    page.get_by_role("button", name="Reset statistics").click()
    confirm.get_by_role("button", name="Reset", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="start again")).to_be_visible()
    expect(page.locator("#totals article").filter(has_text="Klondike")).to_contain_text(
        "No games yet")
    expect(rows.nth(0).locator("td").nth(0)).to_have_text("0")
    page.reload()  # kept by the server
    expect(page.locator("#totals article").filter(has_text="Klondike")).to_contain_text(
        "No games yet")
    screenshot(page, "stats-after-reset")
    assert_clean(page)
