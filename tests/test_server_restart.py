"""A real ``parlour serve`` killed with SIGKILL in the middle of a hand, three
times, and started again on the same database: three people and a bot play on,
the people's browsers (small socket clients here) reconnecting by themselves
with the last version they saw, and no action anyone was told was made is lost
or made twice."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from websockets.sync.client import connect

from parlour.server.schema import actions
from services import Server


def _http(opener: Any, url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with opener.open(request, timeout=10) as answer:
        reply: dict[str, Any] = json.loads(answer.read())
        return reply


class Person(threading.Thread):
    """Plays its seat (bid 3, else the first legal action), reconnecting after any
    drop with the last version it saw; keeps every action the table confirmed."""

    def __init__(self, ws_url: str, token: str, host: bool = False) -> None:
        super().__init__(daemon=True)
        self.ws_url, self.token, self.host = ws_url, token, host
        self.version: int | None = None
        self.confirmed: dict[int, str] = {}  # version it was made at -> the action
        self.sent: dict[int, str] = {}
        self.over = threading.Event()
        self.reconnects = 0

    def run(self) -> None:
        deadline = time.monotonic() + 240
        while not self.over.is_set() and time.monotonic() < deadline:
            try:
                with connect(self.ws_url, open_timeout=3) as ws:
                    self.sent.clear()  # not confirmed: acted on again from the view it gets
                    ws.send(json.dumps({"type": "hello", "token": self.token,
                                        "version": self.version}))
                    if self.host:
                        ws.send(json.dumps({"type": "start"}))
                        self.host = False
                    self._play(ws)
            except Exception:
                self.reconnects += 1
                time.sleep(0.2)  # the server is away: try again

    def _play(self, ws: Any) -> None:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "view":
                continue
            version, view = message["version"], message["view"]
            self.version = version
            # An action of ours the table now shows as made (its version passed).
            for at, action in list(self.sent.items()):
                if at < version:
                    self.confirmed[at] = action
                    del self.sent[at]
            if view.get("over"):
                self.over.set()
                return
            if view["legal"] and version not in self.sent and view["status"] == "playing":
                action = "bid 3" if "bid 3" in view["legal"] else view["legal"][0]
                time.sleep(1 / 15)  # a quick person's pace, under the rate limit
                self.sent[version] = action
                ws.send(json.dumps({"type": "act", "version": version, "action": action,
                                    "id": f"{version}"}))


def test_killed_three_times_mid_hand_nothing_confirmed_is_lost(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        people = []
        host = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        _http(host, f"{server.url}/api/me", {"name": "Ada"})
        table = _http(host, f"{server.url}/api/tables", {
            "game": "spades", "options": {"target": 150, "nil": False}, "level": "easy",
            "friends": {"grace": 300}})
        ws_url = server.url.replace("http", "ws") + f"/ws/{table['table']}"
        tokens = [table["token"]]
        for seat, name in ((0, "Bea"), (1, "Cy")):  # West is left to a bot
            opener = urllib.request.build_opener(
                urllib.request.HTTPCookieProcessor(CookieJar()))
            tokens.append(_http(opener, f"{server.url}/api/tables/{table['table']}/seats",
                                {"seat": seat, "name": name})["token"])
        people = [Person(ws_url, token, host=i == 0) for i, token in enumerate(tokens)]
        for person in people:
            person.start()
        for kill_at in (20, 70, 120):  # three kills, each in the middle of a hand
            while max((p.version or 0) for p in people) < kill_at:
                assert all(p.is_alive() for p in people), "a player gave up"
                time.sleep(0.05)
            assert server.process is not None
            server.process.kill()  # SIGKILL: no goodbye, no flush
            server.process.wait()
            server.process = None
            server.start()
        for person in people:
            person.join(timeout=240)
        assert all(p.over.is_set() for p in people), "the game did not finish"
        assert all(p.reconnects >= 3 for p in people)
    finally:
        server.stop()
    with sa.create_engine(server.db).connect() as conn:
        stored = dict(conn.execute(sa.select(actions.c.seq, actions.c.action)
                                   .where(actions.c.table_id == table["table"])).all())
        seats = dict(conn.execute(sa.select(actions.c.seq, actions.c.seat)
                                  .where(actions.c.table_id == table["table"])).all())
    confirmed = {at: action for p in people for at, action in p.confirmed.items()}
    assert len(confirmed) > 60
    for at, action in confirmed.items():  # every action the table showed as made is there
        assert stored.get(at) == action, (at, action, stored.get(at))
    assert sorted(stored) == list(range(len(stored)))  # one action a version, no gap
    assert 3 in seats.values()  # the bot played on after every restart
