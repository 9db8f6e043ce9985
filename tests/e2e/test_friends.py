"""Four people at one table, each in their own browser (a context is a fresh
profile): a Spades table opened by its host, joined by the code, by the link
and by Quick join, partners drawn by the cards, a spectator who sees no hand,
the server killed and started again mid-game, one person reloading mid-trick
and one closing the tab (a bot plays for them after the grace), the game
played out, and Rematch clicked by everyone making one next game. Then Hearts
with hints turned off by the host, someone changing seats in the waiting
room, a seat freed by the host for someone who went, a seat left to a bot,
a network lost and back, and someone leaving."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import DESKTOP, FORCED_OFF, SCREENSHOTS, Server
from .test_trick_table import PLAYABLE, SUMMARY, continue_after_summary


@pytest.fixture
def people(browser: Browser) -> Iterator[list[Page]]:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(5)]
    pages = []
    errors: list[str] = []
    for context in contexts:
        context.set_default_timeout(20_000)
        # Five browsers on two cores: without animations (the players' own
        # setting), and forced cards waiting for a click as in the other tests.
        context.add_init_script("localStorage.setItem('parlour.motion', 'off');")
        context.add_init_script(FORCED_OFF)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, errors


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"friends-{name}.png"), full_page=True)


def settle(page: Page) -> None:
    """Wait until the page shows the newest view it has and no action of its
    own is awaiting an answer."""
    expect(page.locator(".trick-table[data-settled]")).to_have_count(1)


def see(page: Page, check: Callable[[], None],
        close: Callable[[Page], bool] = continue_after_summary) -> None:
    """``check`` (an expect) on ``page``, closing the hand's summary (by
    ``close``) if one comes up meanwhile: the page shows nothing newer until it
    is closed."""
    for _ in range(5):
        close(page)
        try:
            check()
            return
        except AssertionError:
            if not page.locator(SUMMARY).count():
                raise
    check()


BID = ".bid-grid button.bid:not([disabled])"  # a bid the person may make now


def act_once(page: Page) -> bool:
    """The person's one move if it is their turn: a bid of 3 or what is
    nearest, else the first playable card. False when nothing is asked of them."""
    bids = page.locator(BID)
    if bids.count():
        three = page.locator(BID, has_text=re.compile(r"^3$"))
        try:
            (three if three.count() else bids.last).click()
        except PlaywrightTimeoutError:
            # The turn moved on between the look and the click (a bot stood in,
            # or the bid was taken): nothing is asked now, or it is a real fault.
            if bids.count():
                raise
            return False
        return True
    cards = page.locator(PLAYABLE)
    if cards.count():
        cards.first.click()
        return True
    return False


def test_four_people_play_spades_at_one_table(server: Server, people: list[Page],
                                              check_accessibility: Callable[..., None]) -> None:
    ada, bea, cy, dee, watcher = people
    # Ada hosts: partners by the cards, listed in the lobby, spectators, a short grace.
    ada.goto(f"{server.url}/spades")
    ada.get_by_label("Play with friends").check()
    ada.get_by_label("Your name").fill("Ada")
    ada.get_by_label("List it in the lobby").check()
    ada.get_by_label("Partners").select_option("draw")
    ada.get_by_label("A bot plays for someone away after").select_option("15")
    ada.get_by_label("Play to").fill("50")
    ada.get_by_label("Bot speed").select_option("fast")  # the bots and the trick's pause
    ada.get_by_role("button", name="Start").click()
    code = ada.locator(".invite-code").inner_text().replace(" ", "")
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code)
    link = ada.url
    if not ada.evaluate("typeof navigator.share === 'function'"):
        # a browser that cannot share is offered no Share button (the copy buttons do)
        expect(ada.get_by_role("button", name="Share…")).to_have_count(0)
    shot(ada, "waiting-room")
    check_accessibility(ada, "the waiting room")

    # Bea types the code on the home page (lower case, as people do).
    bea.goto(server.url)
    bea.fill("#join-code", code.lower())
    bea.get_by_role("button", name="Join", exact=True).click()
    expect(bea.locator("#room-name")).to_be_visible()  # the table's page, its seats offered
    check_accessibility(bea, "a table's seats, to join")
    bea.fill("#room-name", "Bea")
    bea.get_by_role("button", name="Sit East").click()
    expect(bea.locator(".room-seat.mine")).to_contain_text("Bea (you)")
    # Cy follows the link.
    cy.goto(link)
    cy.fill("#room-name", "Cy")
    cy.get_by_role("button", name="Sit North").click()
    expect(cy.locator(".room-seat.mine")).to_contain_text("Cy (you)")
    # Dee uses Quick join: the fullest listed table.
    dee.goto(server.url)
    expect(dee.locator("#lobby-list")).to_contain_text("1 seat free")
    dee.fill("#name-input", "Dee")
    dee.get_by_role("button", name="Quick join: Spades").click()
    expect(dee.locator(".room-seat.mine")).to_contain_text("Dee (you)")
    expect(ada.locator(".presence-here")).to_have_count(4)  # everyone sees everyone here
    expect(ada.locator(".room-seat.mine")).to_contain_text("Ada (you, host)")
    expect(dee.locator(".room-seat", has_text="Ada")).to_contain_text("Ada (host)")

    ada.get_by_role("button", name="Start").click()
    for page in (ada, bea, cy, dee):
        expect(page.locator(".draw-line")).to_contain_text("deals first")
    draw = ada.locator(".draw-line").inner_text()
    assert all(name in draw for name in ("Ada", "Bea", "Cy", "Dee")) and "Partners:" in draw
    drawn = r"drew the (ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)"
    assert len(re.findall(drawn, draw)) == 4, draw
    assert not re.search(r"drew the [A-Z]", draw), draw  # "the king of hearts", as said aloud
    # The spectator sees the table and no one's hand; the players see them watching.
    watcher.goto(link)
    expect(watcher.locator(".friends-bar")).to_contain_text("You are watching")
    expect(ada.locator(".watching")).to_have_text("1 watching")
    assert watcher.locator(".hand .card").count() == 0
    shot(ada, "table")
    shot(watcher, "spectator")
    check_accessibility(ada, "a table with friends")
    check_accessibility(watcher, "a table watched")
    # No "New game" for the players mid-game (it would walk away from the seat:
    # "Leave the table" says what it does); the spectator may start their own.
    for page in (ada, bea, cy, dee):
        expect(page.get_by_role("button", name="New game")).to_be_hidden()
        # hints on, as the host left them (Hearts, below, has them off)
        expect(page.get_by_role("button", name="Hint")).to_be_visible()
    expect(watcher.get_by_role("button", name="New game")).to_be_visible()
    expect(watcher.locator(".table-tools button", has_text="Hint")).to_be_hidden()
    # The tab's title says whose turn it is (for someone looking at another tab):
    # the first bidder's, and nobody else's, while the table waits for that bid.
    players = (ada, bea, cy, dee)
    for _ in range(600):  # a poll: the deal is shown first
        if any(page.locator(BID).count() for page in players):
            break
        ada.wait_for_timeout(100)
    else:
        raise AssertionError("no one was asked to bid")
    for page in players:
        title = "Your turn · Spades: Parlour" if page.locator(BID).count() else "Spades: Parlour"
        expect(page).to_have_title(title)
    expect(watcher).to_have_title("Spades: Parlour")

    moves = 0
    reloaded = killed = False
    away = "not yet"  # then "gone", "stood in", "back"
    dee_context = dee.context
    dee_seat = ada.locator(".seat", has_text="Dee")
    summaries: dict[str, int] = {}

    def summary_seen(page: Page, name: str) -> bool:
        """Every person sees the hand's summary, at once, and goes on: counted
        as it is closed, whichever step of the test comes upon it (it may come
        up between one look and the next)."""
        summary = page.locator(SUMMARY)
        if not summary.count():
            return False
        expect(summary).to_contain_text("Bids")
        if not summaries:
            shot(page, "hand-summary")
        summaries[name] = summaries.get(name, 0) + 1
        return continue_after_summary(page)

    def ada_sees(check: Callable[[], None]) -> None:
        see(ada, check, lambda page: summary_seen(page, "Ada"))

    while not ada.locator(".game-over").count():
        acted = 0  # the people's moves this round (several may act in one)
        for page, name in ((ada, "Ada"), (bea, "Bea"), (cy, "Cy"), (dee, "Dee")):
            if page.is_closed():
                continue
            acted += summary_seen(page, name) or act_once(page)
        moves += acted
        if moves >= 20 and not reloaded and cy.locator(PLAYABLE).count():
            # Cy reloads mid-trick (his turn: no hand can end meanwhile): back in
            # the same seat, with the same hand size.
            settle(cy)
            before = cy.locator(".hand .card").count()
            cy.reload()
            expect(cy.locator(".hand .card")).to_have_count(before)
            reloaded = True
        if moves >= 12 and not killed and ada.locator(PLAYABLE).count():
            # The server is killed (SIGKILL) and started again on the same database:
            # every browser reconnects by itself and play goes on from where it was.
            settle(ada)  # her last card answered: she counts what the server holds
            before = ada.locator(".hand .card").count()
            assert server.process is not None
            server.process.kill()
            server.process.wait()
            server.process = None
            expect(ada.locator(".connection")).to_contain_text("reconnecting")
            server.start()
            for page in (ada, bea, cy, dee):
                expect(page.locator(".connection")).to_be_hidden(timeout=30_000)
            expect(ada.locator(".hand .card")).to_have_count(before)
            killed = True
        if moves >= 30 and away == "not yet":
            # Dee closes the tab: the others see her away, and once it is her
            # turn and the grace is over a bot plays for her, marked as such.
            dee.close()
            ada_sees(lambda: expect(dee_seat).to_contain_text("away"))
            away = "gone"
        if away == "gone" and "a bot plays for them" in dee_seat.inner_text():
            shot(ada, "away")
            away = "stood in"
            dee = dee_context.new_page()  # she comes back: the same seat, her own hand
            dee.goto(link)
            expect(dee.locator(".seat-bottom")).to_contain_text("Dee (you)")
            ada_sees(lambda: expect(dee_seat).not_to_contain_text("away"))
            away = "back"
        if not acted:
            ada.wait_for_timeout(100)  # a poll: the bots' and the server's turn
        assert moves < 2000, "the game did not end"
    assert away == "back", "the game ended before a bot played for Dee"
    assert killed
    shot(ada, "over")
    players = (ada, bea, cy, dee)
    for page, name in zip(players, ("Ada", "Bea", "Cy", "Dee"), strict=True):
        page.locator(f"{SUMMARY}, .game-over").first.wait_for(timeout=30_000)
        summary_seen(page, name)  # the last hand's summary comes before the result
        expect(page.locator(".game-over")).to_be_visible()
        expect(page.get_by_role("button", name="New game")).to_be_visible()
        page.get_by_role("button", name="Rematch").click()
    assert {"Ada", "Bea", "Cy"} <= set(summaries), summaries  # Dee was away for some
    for page in players:  # (the address: a browser may end a navigation aborted when
        # another to the same page replaces it, and the page is there all the same)
        expect(page).not_to_have_url(link, timeout=30_000)
    assert len({page.url for page in players}) == 1  # exactly one next game, for all four
    for page in players:
        expect(page.locator(".table-felt")).to_be_visible()
        expect(page.locator(".hand .card")).to_have_count(13)


def test_hearts_with_a_seat_left_to_a_bot_and_a_network_lost(server: Server,
                                                             people: list[Page]) -> None:
    ada, bea, cy = people[:3]
    # Ada's device can share (as a phone's can): what it is given is kept to look at
    ada.context.add_init_script("""Object.defineProperty(navigator, "share", {
        value: async (data) => { window.sharedInvite = data; }, configurable: true });""")
    ada.goto(f"{server.url}/hearts")
    ada.get_by_label("Play with friends").check()
    ada.get_by_label("Your name").fill("Ada")
    ada.get_by_label("A bot plays for someone away after").select_option("15")
    ada.get_by_label("Play to").fill("25")
    ada.get_by_label("Bot speed").select_option("fast")
    ada.get_by_label("Players may ask for hints").uncheck()
    ada.get_by_role("button", name="Start").click()
    expect(ada.locator(".invite-code")).to_be_visible()  # the waiting room, at its link
    expect(ada.locator(".room-rules")).to_contain_text("no hints")
    link = ada.url
    ada.get_by_role("button", name="Share…").click()
    ada.wait_for_function("window.sharedInvite !== undefined")
    shared = ada.evaluate("window.sharedInvite")
    code = ada.locator(".invite-code").inner_text().replace(" ", "")
    assert shared["url"] == link and code in shared["text"] and "Hearts" in shared["title"]
    for page, name, seat in ((bea, "Bea", "West"), (cy, "Cy", "East")):
        page.goto(link)
        page.fill("#room-name", name)
        page.get_by_role("button", name=f"Sit {seat}").click()
        expect(page.locator(".room-seat.mine")).to_contain_text(f"{name} (you)")
    # Cy thinks better of East: he leaves the seat, and sits North
    cy.get_by_role("button", name="Leave this seat").click()
    expect(cy.locator(".entry")).to_contain_text("You left your seat: it is free again.")
    expect(cy.locator("#entry-title")).to_have_text("Take a seat")
    shot(cy, "left-seat")
    expect(ada.locator(".room-seat", has_text="East")).to_contain_text("free")
    cy.fill("#entry-name", "Cy")
    cy.get_by_role("button", name="Sit North").click()
    expect(cy.locator(".room-seat.mine")).to_contain_text("Cy (you)")
    expect(ada.locator(".room-seat", has_text="North")).to_contain_text("Cy")
    # Dee sits East and closes the tab: the host frees her seat for someone else
    dee = people[3]
    dee.goto(link)
    dee.fill("#room-name", "Dee")
    dee.get_by_role("button", name="Sit East").click()
    expect(dee.locator(".room-seat.mine")).to_contain_text("Dee (you)")
    dee.close()
    east = ada.locator(".room-seat", has_text="East")
    expect(east).to_contain_text("away")
    east.get_by_role("button", name="Free the seat").click()
    expect(east).to_contain_text("free")
    expect(east).not_to_contain_text("Dee")
    ada.get_by_role("button", name="Start: bots take the 1 free seat").click()
    expect(ada.locator(".seat", has_text="East")).to_contain_text("bot")
    # The host turned hints off: no player is offered one (in Spades, above, they are).
    for page in (ada, bea, cy):
        expect(page.locator(".table-tools button", has_text="Hint")).to_be_attached()
        expect(page.locator(".table-tools button", has_text="Hint")).to_be_hidden()

    players = [ada, bea, cy]
    moves = 0
    left = offline = False
    cy_seat = ada.locator(".seat", has_text="Cy")
    while not ada.locator(".game-over").count():
        acted = 0  # the people's moves this round
        for page in players:
            pass_button = page.get_by_role("button", name=re.compile(r"^Pass (left|right|across)"))
            cards = page.locator(PLAYABLE)
            if continue_after_summary(page):
                acted += 1
            elif page is bea and moves >= 25 and not left \
                    and not page.locator(".pass-panel").count():
                # Bea holds her cards until her turn comes, and leaves on it (below):
                # played at once, her turn could be over before the check saw it
                continue
            elif page.locator(".pass-panel").count() and cards.count() >= 3 \
                    and not page.locator(".hand button.card.selected").count():
                for i in range(3):
                    cards.nth(i).click()
                pass_button.click()
                acted += 1
            elif not page.locator(".pass-panel").count() and cards.count():
                cards.first.click()
                acted += 1
        moves += acted
        if moves >= 15 and not offline:
            # Cy's network goes: the others see him away; it comes back and he plays on.
            cy.context.set_offline(True)
            expect(cy.locator(".connection")).to_contain_text("reconnecting")
            # (The server may learn of a connection gone quiet only by its pings: the test
            # servers' --ping 10 notices it in 10-20 s.)
            see(ada, lambda: expect(cy_seat).to_contain_text("away", timeout=45_000))
            cy.context.set_offline(False)
            expect(cy.locator(".connection")).to_be_hidden(timeout=30_000)
            see(ada, lambda: expect(cy_seat).not_to_contain_text("away"))
            offline = True
        if moves >= 25 and not left and bea.locator(PLAYABLE).count():
            # Bea leaves on her turn (no hand's summary can come up meanwhile): a
            # bot takes her seat, and the game goes on without her.
            bea.once("dialog", lambda dialog: dialog.accept())
            bea.get_by_role("button", name="Leave the table").click()
            see(ada, lambda: expect(ada.locator(".seat-left")).to_contain_text("bot"))
            players.remove(bea)
            left = True
        if not acted:
            ada.wait_for_timeout(100)  # a poll: the bots' and the server's turn
        assert moves < 2000, "the game did not end"
    assert left and offline
    shot(ada, "hearts-over")
    expect(ada.locator(".game-over")).to_contain_text("wins")


def test_a_table_you_cannot_enter_says_why_and_stops_trying(server: Server,
                                                           people: list[Page]) -> None:
    owner, stranger = people[:2]
    owner.goto(f"{server.url}/spades")
    owner.get_by_role("button", name="Start").click()  # a game against bots
    expect(owner.locator(".seat-bottom")).to_be_visible()
    sockets: list[object] = []
    stranger.on("websocket", lambda ws: sockets.append(ws))
    stranger.goto(owner.url)  # a shared link, or a lost seat
    panel = stranger.locator(".entry")
    expect(panel).to_contain_text("no seat for you")
    expect(panel.get_by_role("link", name="Go home")).to_be_visible()
    shot(stranger, "not-yours")
    stranger.goto(f"{server.url}/spades/no-such-table")
    expect(stranger.locator(".entry")).to_contain_text("No table here")
    assert len(sockets) == 2  # one try each, no reconnecting loop
