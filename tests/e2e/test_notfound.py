"""An address that is not a page: the site's own page, in its style, with the
way home, on a desktop and a phone."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_pages import fits_the_screen


def test_an_unknown_address_shows_the_way_home(
    server: Server, browser_page: Page, phone_page: Page, page_watch, check_accessibility,
    screenshot,
) -> None:
    for page, size in ((browser_page, "desktop"), (phone_page, "phone")):
        answer = page.goto(server.url + "/nosuchpage")
        assert answer is not None and answer.status == 404
        expect(page.locator("header.site nav")).to_be_visible()
        expect(page.get_by_role("heading", level=1)).to_have_text("No such page")
        assert fits_the_screen(page)
        check_accessibility(page, f"404 ({size})")
        screenshot(page, f"pages-notfound-{size}")
        # The browser logs the 404 itself; nothing else may go wrong.
        problems = [p for p in page_watch(page).problems() if "status of 404" not in p]
        assert not problems, problems
    page = browser_page
    page.get_by_role("link", name="Back to the games").click()
    expect(page).to_have_url(server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Pull up a chair")
