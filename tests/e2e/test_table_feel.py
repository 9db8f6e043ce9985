"""The table as players expect it: sound with a mute toggle that is
remembered. (A forced last card playing itself and the hand review stepped
through from the keyboard are checked in the hand of test_hearts.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Server
from .test_trick_table import (
    bid,
    open_table,
    play_a_card,
)


def sounds(page: Page) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.sounds ?? 0)"))


def test_sound_is_muted_from_the_header_and_stays_muted(server: Server, browser_page: Page) -> None:
    page = browser_page
    open_table(page, server, "spades")
    toggle = page.get_by_role("button", name="Mute")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # sound on at a desktop
    bid(page, "3")
    play_a_card(page)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)
    assert sounds(page) > 0  # cards laid down, your turn: heard
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_role("button", name="Mute")).to_have_attribute("aria-pressed", "true")
    play_a_card(page)
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)
    assert sounds(page) == 0  # muted: the table plays on in silence
