"""Four people and two spectators at one table, each on their own socket, over
whole games of Spades and Hearts: every frame sent is recorded and scanned, and
none names a card that another seat holds unplayed (a Hearts pass is known to
its passer). Then the races: an action resent after a reconnect is applied
once, an old socket and a new one of one seat, everyone clicking Rematch at
once makes one next game, a bot's move for a version that has moved on."""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from helpers import scan
from parlour.server.app import COOKIE, Settings, create_app
from parlour.server.room import Client

# A few hands: everyone bids 3 and plays their first card, so without the mercy rule
# a Spades game can drag on for 20-30 hands (about a minute on a busy machine).
SHORT = {"spades": {"target": 150, "nil": False, "mercy": -100}, "hearts": {"target": 25}}


class Person:
    """One browser: its own player cookie, a socket read by a thread into a queue.
    Everyone shares one test client, so one event loop serves them all, as
    uvicorn's does."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookie: str | None = None
        self.frames: list[dict[str, Any]] = []
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.ws: Any = None
        self.seat: int | None = None
        self.token: str | None = None

    def post(self, url: str, body: dict[str, Any]) -> Any:
        self.client.cookies.clear()
        if self.cookie:
            self.client.cookies.set(COOKIE, self.cookie)
        answer = self.client.post(url, json=body)
        self.cookie = self.client.cookies.get(COOKIE) or self.cookie
        return answer

    def connect(self, table: str, **hello: Any) -> None:
        self.table = table
        self.context = self.client.websocket_connect(f"/ws/{table}")
        self.ws = self.context.__enter__()
        self.ws.send_json({"type": "hello", "token": self.token, **hello})
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while True:
                message = self.ws.receive_json()
                self.frames.append(message)
                self.inbox.put(message)
        except Exception:
            self.inbox.put(None)

    def latest(self, wait: float = 0.0) -> dict[str, Any] | None:
        """The newest view waiting, if any (waiting up to ``wait`` seconds for one)."""
        newest = None
        try:
            message = self.inbox.get(timeout=wait) if wait else self.inbox.get_nowait()
            while True:
                if message is not None and message["type"] == "view":
                    newest = message
                message = self.inbox.get_nowait()
        except queue.Empty:
            return newest

    def close(self) -> None:
        if self.ws is not None:
            self.context.__exit__(None, None, None)
            self.ws = None


@pytest.fixture
def app(db: str) -> Any:
    return create_app(Settings(db, bot_delay=0.0, workers=1))


@pytest.fixture
def people(app: Any) -> Iterator[list[Person]]:
    with TestClient(app) as client:
        crowd = [Person(client) for _ in range(6)]
        yield crowd
        for person in crowd:
            person.close()


def seat_everyone(game: str, people: list[Person], **friends: Any) -> str:
    host = people[0]
    host.post("/api/me", {"name": "Ada"})
    answer = host.post("/api/tables", {
        "game": game, "options": SHORT[game], "level": "easy",
        "friends": {"watchable": True, **friends}}).json()
    host.token, host.seat = answer["token"], answer["seat"]
    table: str = answer["table"]
    for person, seat, name in zip(people[1:4], (0, 1, 3), ("Bea", "Cy", "Dee"), strict=True):
        taken = person.post(f"/api/tables/{table}/seats", {"seat": seat, "name": name})
        assert taken.status_code == 200, taken.text
        person.token, person.seat = taken.json()["token"], seat
    for person in people[:4]:
        person.connect(table)
    for watcher in people[4:]:
        watcher.connect(table, watch=True)
    return table


def play_out(players: list[Person], stop: Any, limit: float = 120.0) -> dict[str, Any]:
    """Each person plays the first legal action of their newest view until
    ``stop(view)``; returns that view."""
    deadline = time.monotonic() + limit
    newest: dict[int, dict[str, Any]] = {}
    acted: dict[int, int] = {}  # the version each person last acted on
    last: dict[int, float] = {}  # and when
    while time.monotonic() < deadline:
        for person in players:
            message = person.latest(wait=0.01)
            if message is not None:
                newest[id(person)] = message
            message = newest.get(id(person))
            if message is None:
                continue
            view = message["view"]
            if stop(view):
                return view
            # A person's pace: at most 15 actions a second (the server takes 20).
            if view["legal"] and acted.get(id(person)) != message["version"] \
                    and view["status"] == "playing" \
                    and time.monotonic() - last.get(id(person), 0.0) > 1 / 15:
                acted[id(person)] = message["version"]
                last[id(person)] = time.monotonic()
                person.ws.send_json({"type": "act", "version": message["version"],
                                     # bid 3 (bids of 1 gather bags and a game drags on)
                                     "action": "bid 3" if "bid 3" in view["legal"]
                                     else view["legal"][0],
                                     "id": f"{id(person)}-{message['version']}"})
    raise AssertionError(f"the game did not get there in {limit:.0f} s")


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_no_frame_names_a_card_another_seat_holds(game: str, people: list[Person]) -> None:
    seat_everyone(game, people, partners="draw")
    people[0].ws.send_json({"type": "start"})
    final = play_out(people[:4], lambda view: view.get("over") is not None, limit=240.0)
    assert final["over"] is not None
    checked = scan([p.frames for p in people])
    assert checked >= 6 * 52  # a view a card at least, to every seat and both spectators
    for watcher in people[4:]:
        views = [f["view"] for f in watcher.frames if f["type"] == "view"]
        assert views and all(v["hand"] == [] and v["legal"] == [] for v in views)
        assert any(v.get("trick") for v in views)  # they did see the cards played


def test_rematch_clicked_by_everyone_at_once_makes_one_game(people: list[Person]) -> None:
    seat_everyone("spades", people)
    people[0].ws.send_json({"type": "start"})
    play_out(people[:4], lambda view: view.get("over") is not None, limit=240.0)
    for _ in range(3):  # many clicks from every seat
        for person in people[:4]:
            person.ws.send_json({"type": "rematch"})
    nexts = set()
    for person in people:  # (each one's frames are read by a thread of its own: wait)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            nexts |= {f["table"] for f in person.frames if f["type"] == "rematch"}
            if any(f["type"] == "rematch" for f in person.frames):
                break
            time.sleep(0.02)
    assert len(nexts) == 1
    # The watchers were told too, and the same seat tokens hold the same seats there.
    assert all(any(f["type"] == "rematch" for f in w.frames) for w in people[4:])
    (table,) = nexts
    bea = people[1]
    with bea.client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": bea.token})
        view = ws.receive_json()["view"]
        assert view["seat"] == bea.seat and len(view["hand"]) == 13


def test_an_action_resent_after_a_reconnect_is_applied_once(app: Any) -> None:
    with TestClient(app) as ada:
        answer = ada.post("/api/tables", json={"game": "klondike", "seed": 3}).json()
        hello = {"type": "hello", "token": answer["token"]}
        with ada.websocket_connect(f"/ws/{answer['table']}") as ws:
            ws.send_json(hello)
            view = ws.receive_json()
            ws.send_json({"type": "act", "version": view["version"], "action": "draw",
                          "id": "draw-1"})
            assert ws.receive_json()["version"] == 1
        with ada.websocket_connect(f"/ws/{answer['table']}") as ws:  # the same, resent
            ws.send_json({**hello, "version": 0})
            assert ws.receive_json()["version"] == 1  # what was missed
            ws.send_json({"type": "act", "version": 0, "action": "draw", "id": "draw-1"})
            again = ws.receive_json()
            assert again["type"] == "view" and again["version"] == 1  # not drawn twice


def test_an_old_socket_and_a_new_one_of_one_seat(app: Any) -> None:
    with TestClient(app) as ada:
        answer = ada.post("/api/tables", json={"game": "klondike", "seed": 3}).json()
        hello = {"type": "hello", "token": answer["token"]}
        with ada.websocket_connect(f"/ws/{answer['table']}") as old, \
                ada.websocket_connect(f"/ws/{answer['table']}") as new:
            old.send_json(hello)
            assert old.receive_json()["version"] == 0
            new.send_json(hello)
            assert new.receive_json()["version"] == 0
            new.send_json({"type": "act", "version": 0, "action": "draw"})
            assert new.receive_json()["version"] == 1
            while (seen := old.receive_json())["version"] < 1:
                pass  # the old tab sees the move made in the new one
            old.send_json({"type": "act", "version": 0, "action": "draw"})  # stale
            refused = old.receive_json()
            assert refused["type"] == "error" and "moved on" in refused["reason"]
            assert seen["view"]["stock"] == 23


def _alone_with_bots(app: Any, client: TestClient, **friends: Any) -> tuple[str, str]:
    answer = client.post("/api/tables", json={
        "game": "spades", "options": {"target": 500}, "level": "easy",
        "friends": friends}).json()
    with client.websocket_connect(f"/ws/{answer['table']}") as ws:
        ws.send_json({"type": "hello", "token": answer["token"]})
        ws.receive_json()
        ws.send_json({"type": "start"})
        while ws.receive_json()["view"]["status"] != "playing":
            pass
    return answer["table"], answer["token"]


def _views(ws: Any, until: Any, limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view" and until(message):
            return message
    raise AssertionError("the table never got there")


def test_away_past_the_grace_a_bot_plays_then_the_person_again(app: Any) -> None:
    with TestClient(app) as client:
        table, token = _alone_with_bots(app, client, watchable=True)
        room = app.state.tables.open[table]
        assert room.table.hosting is not None
        room.table.hosting.grace = 0  # (the form's shortest is 15 s; a test need not wait)
        # Away (no connection) on their turn: the normal bot plays for them.
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "watch": True})
            played = _views(ws, lambda m: m["view"]["seats"][2]["stand_in"])
            assert played["view"]["seats"][2]["away"]
            room.table.hosting.grace = 3600  # from now on the person plays their own turns
            # They come back: the same seat, no longer stood in for.
            with client.websocket_connect(f"/ws/{table}") as mine:
                mine.send_json({"type": "hello", "token": token})
                back = _views(mine, lambda m: True)
                assert back["view"]["seat"] == 2 and not back["view"]["seats"][2]["stand_in"]
                # (the bots may have played up to their turn already: no view follows)
                turn = back if back["view"]["legal"] else \
                    _views(mine, lambda m: bool(m["view"]["legal"]))
                action = "bid 3" if "bid 3" in turn["view"]["legal"] else turn["view"]["legal"][0]
                mine.send_json({"type": "act", "version": turn["version"], "action": action})
                made = _views(mine, lambda m: m["version"] > turn["version"])
                assert made["version"] == turn["version"] + 1


def test_a_connection_whose_send_fails_is_shown_away_to_the_others(app: Any) -> None:
    # A browser's network goes: the server may find out by a view it fails to send
    # before the connection's own loop ends. The others must see the seat away then
    # (a clean-clone CI run showed Cy connected for good, and the table waited on him).
    with TestClient(app) as client:
        table, _ = _alone_with_bots(app, client, watchable=True)
        rooms = app.state.tables
        room = rooms.open[table]
        assert room.table.hosting is not None
        room.table.hosting.grace = 3600  # no bot stands in: only the person moves the table
        seen: dict[str, list[dict[str, Any]]] = {"mine": [], "watcher": []}
        cut = False

        def sender(name: str) -> Any:
            async def send(text: str) -> None:
                if cut and name == "mine":
                    raise ConnectionError("the network is gone")
                seen[name].append(json.loads(text))
            return send

        client.portal.call(rooms.join, room, 1, Client(sender("mine"), 2), None)
        client.portal.call(rooms.join, room, 2, Client(sender("watcher"), None), None)
        deadline = time.monotonic() + 60
        while not any(m["type"] == "view" and m["view"]["legal"] for m in seen["mine"][-1:]):
            assert time.monotonic() < deadline, "the person's turn never came"
            time.sleep(0.01)  # the bots play up to it, then the table waits
        views = [m for m in seen["watcher"] if m["type"] == "view"]
        assert not views[-1]["view"]["seats"][2]["away"]
        cut = True
        client.portal.call(rooms.broadcast, room)  # its send fails
        client.portal.call(rooms.part, room, 1)  # then its loop ends, as a socket's does
        views = [m for m in seen["watcher"] if m["type"] == "view"]
        assert views[-1]["view"]["seats"][2]["away"]
        assert 2 in room.away_since  # and past the grace a bot plays for them


def test_a_turn_timer_runs_out_and_the_bot_plays_then_a_late_move_is_refused(
        app: Any) -> None:
    with TestClient(app) as client:
        table, token = _alone_with_bots(app, client, turn_timer=30)
        room = app.state.tables.open[table]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            turn = _views(ws, lambda m: bool(m["view"]["legal"]))
            assert turn["view"]["timer"]["seat"] == 2 and turn["view"]["timer"]["of"] == 30
            assert room.table.hosting is not None
            room.table.hosting.turn_timer = 0.01  # the time is up at once
            room.wake()
            moved = _views(ws, lambda m: m["version"] > turn["version"])
            assert moved["version"] > turn["version"]  # the normal bot played for South
            room.table.hosting.turn_timer = 3600
            ws.send_json({"type": "act", "version": turn["version"],
                          "action": turn["view"]["legal"][0]})
            while (reply := ws.receive_json())["type"] != "error":
                pass
            assert "moved on" in reply["reason"]


@pytest.mark.parametrize("hints", [True, False])
def test_the_host_decides_whether_players_may_ask_for_hints(app: Any, hints: bool) -> None:
    with TestClient(app) as client:
        table, token = _alone_with_bots(app, client, hints=hints)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            turn = _views(ws, lambda m: bool(m["view"]["legal"]))
            assert turn["view"]["hosting"]["hints"] is hints
            ws.send_json({"type": "hint", "version": turn["version"]})
            while (reply := ws.receive_json())["type"] not in ("hint", "error"):
                pass
            if hints:
                assert reply["type"] == "hint" and reply["action"] in turn["view"]["legal"]
            else:
                assert reply["type"] == "error"
                assert reply["reason"] == "the host turned hints off at this table"
                # and the table plays on: the refusal cost nothing
                ws.send_json({"type": "act", "version": turn["version"],
                              "action": turn["view"]["legal"][0]})
                assert _views(ws, lambda m: m["version"] > turn["version"])
    # the choice is stored with the table, and comes back with it
    stored = app.state.store.load_table(table)
    assert stored.hosting.hints is hints


def _newest_view(person: Person, until: Any, limit: float = 30.0) -> dict[str, Any]:
    """The first view ``person`` is sent (from now on) that ``until`` accepts."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        message = person.latest(wait=0.05)
        if message is not None and until(message["view"]):
            return message
    raise AssertionError("the table never got there")


def test_a_host_away_past_the_grace_passes_the_table_on(app: Any, people: list[Person]) -> None:
    ada, bea, cy = people[:3]
    ada.post("/api/me", {"name": "Ada"})
    answer = ada.post("/api/tables", {"game": "hearts", "options": SHORT["hearts"],
                                      "level": "easy", "friends": {"grace": 15}}).json()
    table = answer["table"]
    ada.token, ada.seat = answer["token"], answer["seat"]
    for person, seat, name in ((bea, 3, "Bea"), (cy, 1, "Cy")):
        taken = person.post(f"/api/tables/{table}/seats", {"seat": seat, "name": name})
        person.token, person.seat = taken.json()["token"], seat
        person.connect(table)
    ada.connect(table)
    seen = _newest_view(bea, lambda v: v["seats"][2]["connected"])["view"]
    assert seen["seats"][2]["host"] and not seen["host"]  # Ada (South) hosts
    # Ada's tab closes in the waiting room: nobody else could start the game
    room = app.state.tables.open[table]
    ada.close()
    _newest_view(bea, lambda v: v["seats"][2]["away"])
    assert room.table.hosting is not None
    room.table.hosting.grace = 0  # her grace is over at once
    room.wake()
    # the first person going left from her seat (West) hosts now, and says so to all
    handed = _newest_view(bea, lambda v: v["host"])["view"]
    assert handed["seats"][3]["host"] and not handed["seats"][2]["host"]
    assert _newest_view(cy, lambda v: v["seats"][3]["host"])
    stored = app.state.store.load_table(table)  # and the database has it so
    assert stored.hosting.host == stored.seats[3].player is not None
    cy.ws.send_json({"type": "start"})  # not Cy's to do
    bea.ws.send_json({"type": "start"})
    assert _newest_view(bea, lambda v: v["status"] == "playing")
    assert any(f["type"] == "error" and "only the host" in f["reason"] for f in cy.frames)


def test_leaving_a_seat_in_the_waiting_room_frees_it_to_sit_elsewhere(
        app: Any, people: list[Person]) -> None:
    ada, bea = people[:2]
    ada.post("/api/me", {"name": "Ada"})
    answer = ada.post("/api/tables", {"game": "spades", "options": SHORT["spades"],
                                      "level": "easy", "friends": {}}).json()
    table = answer["table"]
    ada.token, ada.seat = answer["token"], answer["seat"]
    taken = bea.post(f"/api/tables/{table}/seats", {"seat": 1, "name": "Bea"}).json()
    bea.token, bea.seat = taken["token"], 1
    ada.connect(table)
    bea.connect(table)
    _newest_view(ada, lambda v: v["seats"][1]["connected"])
    # Bea sat East, but wants to partner Ada (North, opposite): she leaves her seat...
    bea.ws.send_json({"type": "leave"})
    left = None
    deadline = time.monotonic() + 30
    while left is None and time.monotonic() < deadline:
        left = next((f for f in bea.frames if f["type"] == "left"), None)
        time.sleep(0.02)
    assert left is not None and "free again" in left["reason"]
    freed = _newest_view(ada, lambda v: v["seats"][1]["free"])["view"]
    assert freed["status"] == "waiting" and not freed["seats"][1]["bot"]
    # ... and sits North, with the seat token she is given for it
    again = bea.post(f"/api/tables/{table}/seats", {"seat": 0, "name": "Bea"})
    assert again.status_code == 200, again.text
    assert _newest_view(ada, lambda v: v["seats"][0]["name"] == "Bea"
                        and v["seats"][1]["free"])
    # The host leaving the waiting room passes the table on to whoever is here
    bea.token = again.json()["token"]
    bea.close()
    bea.connect(table)
    _newest_view(ada, lambda v: v["seats"][0]["connected"])
    ada.ws.send_json({"type": "leave"})
    handed = _newest_view(bea, lambda v: v["host"])["view"]
    assert handed["seats"][2]["free"] and handed["seats"][0]["host"]
    stored = app.state.store.load_table(table)
    assert stored.hosting.host == stored.seats[0].player and stored.seats[2].free
    # and Bea, hosting now, frees a seat someone took (in the waiting room: no bot)
    cy = people[2]
    sat = cy.post(f"/api/tables/{table}/seats", {"seat": 3, "name": "Cy"}).json()
    cy.token, cy.seat = sat["token"], 3
    cy.connect(table)
    _newest_view(bea, lambda v: v["seats"][3]["connected"])
    bea.ws.send_json({"type": "seat_bot", "seat": 3})
    freed = _newest_view(bea, lambda v: v["seats"][3]["free"])["view"]
    assert freed["status"] == "waiting" and freed["seats"][3]["bot"] is None
    deadline = time.monotonic() + 30
    while not any(f["type"] == "left" for f in cy.frames):
        assert time.monotonic() < deadline, "Cy was not told"
        time.sleep(0.02)
    assert [f["reason"] for f in cy.frames if f["type"] == "left"] == ["the host freed your seat"]


def test_a_socket_closed_is_seen_away_by_the_others_every_time(people: list[Person]) -> None:
    # The test client cancels a socket's handler as it closes it; the handler's
    # goodbye (the seat away, told to the others) must survive that, every time.
    seat_everyone("hearts", people)
    bea, dee = people[1], people[3]
    for _ in range(8):
        bea.close()
        _newest_view(dee, lambda v: v["seats"][0]["away"])
        bea.connect(bea.table)
        _newest_view(dee, lambda v: v["seats"][0]["connected"])


def test_a_host_who_leaves_mid_game_passes_the_table_on_at_once(people: list[Person]) -> None:
    seat_everyone("spades", people)
    ada, bea, cy, dee = people[:4]
    ada.ws.send_json({"type": "start"})
    _newest_view(dee, lambda v: v["status"] == "playing")
    ada.ws.send_json({"type": "leave"})
    # a bot has her seat; Dee, next going left from it, hosts (no grace to wait)
    handed = _newest_view(dee, lambda v: v["host"])["view"]
    assert handed["seats"][2]["bot"] and handed["seats"][3]["host"]
    assert sum(info["host"] for info in handed["seats"]) == 1
    # and has the host's part: giving a seat to a bot (Bea's, here)
    dee.ws.send_json({"type": "seat_bot", "seat": 0})
    assert _newest_view(cy, lambda v: v["seats"][0]["bot"] is not None)


def test_the_host_gives_a_silent_seat_to_a_bot_and_the_rematch_goes_ahead(
        people: list[Person]) -> None:
    seat_everyone("spades", people)
    people[0].ws.send_json({"type": "start"})
    play_out(people[:4], lambda view: view.get("over") is not None, limit=240.0)
    for person in people[:3]:  # Dee (West) does not answer
        person.ws.send_json({"type": "rematch"})

    def said_yes(view: dict[str, Any]) -> bool:
        return sum(bool(s["rematch"]) for s in view["seats"]) == 3

    deadline = time.monotonic() + 30
    while not any(f["type"] == "view" and said_yes(f["view"]) for f in people[0].frames):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert not any(f["type"] == "rematch" for f in people[0].frames)  # waiting for Dee
    people[1].ws.send_json({"type": "seat_bot", "seat": 3})  # only the host may
    people[0].ws.send_json({"type": "seat_bot", "seat": 3})
    while not any(f["type"] == "rematch" for f in people[0].frames):
        assert time.monotonic() < deadline + 30
        time.sleep(0.02)
    assert any(f["type"] == "error" and "only the host" in f["reason"] for f in people[1].frames)
    assert any(f["type"] == "left" for f in people[3].frames)  # Dee is told why


def test_a_table_no_one_is_at_is_unloaded_and_comes_back_as_it_was(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.server import rooms as rooms_module

    monkeypatch.setattr(rooms_module, "IDLE_SECONDS", 0.2)
    with TestClient(app) as client:
        answer = client.post("/api/tables", json={"game": "hearts", "level": "easy",
                                                  "friends": {}}).json()
        table, token = answer["table"], answer["token"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            first = _views(ws, lambda m: True)
            assert first["view"]["status"] == "waiting"
        deadline = time.monotonic() + 60
        while table in app.state.tables.open:  # the waiting room, left: forgotten here
            assert time.monotonic() < deadline, "the table stayed open with no one at it"
            time.sleep(0.05)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            again = _views(ws, lambda m: True)
            assert again["view"]["seat"] == first["view"]["seat"]
            assert again["view"]["status"] == "waiting" and table in app.state.tables.open
            ws.send_json({"type": "start"})
            assert _views(ws, lambda m: m["view"]["status"] == "playing")


def _play_until_the_table_plays_out(client: TestClient, game: str, seed: int,
                                    pick: int = -1) -> Any:
    """A table with South alone among easy bots, South bidding 3 and playing its
    highest card each turn (its lowest with ``pick=0``) until the table plays the
    rest of the hand itself: the view then, the views up to the hand's end, and
    its last view."""
    answer = client.post("/api/tables", json={"game": game, "level": "easy",
                                              "seed": seed}).json()
    with client.websocket_connect(f"/ws/{answer['table']}") as ws:
        ws.send_json({"type": "hello", "token": answer["token"]})
        while True:
            message = _views(ws, lambda m: m["view"]["playing_out"] or (
                bool(m["view"]["legal"]) and m["view"]["status"] == "playing"))
            view = message["view"]
            if view["playing_out"]:
                break
            assert not view["hands"], "South played its hand to the end"
            action = "bid 3" if "bid 3" in view["legal"] else view["legal"][pick]
            ws.send_json({"type": "act", "version": message["version"], "action": action})
        # South never acts again: the hand ends all the same
        offered: list[list[str]] = []
        done = _views(ws, lambda m: offered.append(m["view"]["legal"]) or bool(
            m["view"]["hands"]))
    return view, offered, done["view"]


def test_with_no_points_left_the_table_plays_the_rest_of_the_hand(app: Any) -> None:
    # South plays its highest card each turn, so the hearts and the queen are all
    # taken tricks before the end; from then on nothing can change the hand's
    # score, and the table plays every seat's cards, South's too, offering none
    with TestClient(app) as client:
        view, offered, done = _play_until_the_table_plays_out(client, "hearts", 11)
    assert view["legal"] == [] and len(view["hand"]) >= 2, view  # tricks left
    assert sum(view["points"]) == 26  # every heart and the queen taken
    # the hand's score as it was, and no view on the way offers a card
    assert done["hands"][0]["score"]["points"] == view["points"]
    assert offered[:-1] and not any(offered[:-1])


# (seeds where South, playing high in Spades and low in Hearts, sees it happen
# with two tricks or more left, and in Hearts with points still to take)
@pytest.mark.parametrize("game, seed, pick", [("spades", 2, -1), ("hearts", 3, 0)])
def test_once_one_seat_takes_every_trick_left_the_table_plays_the_rest(
        app: Any, game: str, seed: int, pick: int) -> None:
    # Late in the hand one seat holds the top card of every suit it has (and in
    # Spades nobody can trump it). The rest can change nothing then: the table
    # plays every seat's cards, South's too, offering none, and that seat takes
    # every trick left (in Hearts, with points still in them)
    with TestClient(app) as client:
        view, offered, done = _play_until_the_table_plays_out(client, game, seed, pick)
    seat = view["takes_the_rest"]
    assert view["legal"] == [] and offered[:-1] and not any(offered[:-1])
    if game == "spades":
        won = list(view["tricks_won"])
        assert 13 - sum(won) >= 2  # tricks left
        tricks = done["hands"][0]["score"]["tricks"]
        assert [t - w for t, w in zip(tricks, won, strict=True)] == [
            13 - sum(won) if s == seat else 0 for s in range(4)]
    else:  # every point left goes to that seat (points: as taken, before a moon)
        left = 26 - sum(view["points"])
        assert left > 0 and len(view["hand"]) >= 2  # points and tricks left
        points = done["hands"][0]["score"]["points"]
        assert [p - q for p, q in zip(points, view["points"], strict=True)] == [
            left if s == seat else 0 for s in range(4)]
