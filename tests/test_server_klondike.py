"""Klondike through the app's table socket and API, as a page and a hostile
client use them: a malformed action is refused on a connection that stays
open, the deal is timed only while its page is open, and its number (which
shows every face-down card) is given only once the deal is over."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.games.klondike import PlayClock
from test_server_app import TOKENS, auth, client_for, connect, new_table, stored_actions

# Deal 1 with draw 3 and one pass through the stock: no move is left after these.
NO_MOVES_LEFT = ["move T3 FC", "draw", "flip T3", "draw", "move T6 T5", "move T1 FC", "draw",
                 "move T4 T3", "flip T6", "flip T4", "draw", "move T4 FS", "move W FS", "draw",
                 "draw", "flip T4", "draw", "draw"]


def act(ws: Any, version: int, action: str) -> dict[str, Any]:
    ws.send_json({"type": "act", "version": version, "action": action})
    answer: dict[str, Any] = ws.receive_json()
    return answer


@pytest.mark.parametrize("action", ["move T1 T2 -1", "move W X", "move T1 T4 x", "move T1 T4 ²",
                                    "move T1 F 2", "move T1 T4 03", "flip W", "draw 2"])
def test_a_malformed_action_is_refused_with_its_reason_on_a_connection_that_stays_open(
        db: str, action: str) -> None:
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=1)
        with connect(client, table) as ws:
            before = ws.receive_json()["view"]
            answer = act(ws, 0, action)
            assert answer["type"] == "error", answer
            assert answer["reason"].split(":")[0] in ("'" + action.split()[-1] + "' is not a "
                                                      "number of cards",
                                                      "'X' is not a pile",
                                                      "cards go to a foundation one at a time",
                                                      "only a tableau card can be flipped",
                                                      f"'{action}' is not a Klondike move")
            # the same connection goes on: the table as it was, then a legal move
            ws.send_json({"type": "sync"})
            assert ws.receive_json()["view"] == before
            assert act(ws, 0, "draw")["view"]["moves"] == 1
    assert stored_actions(db, table) == ["draw"]


def wait_until(done: Any) -> None:
    deadline = time.monotonic() + 10
    while not done():
        assert time.monotonic() < deadline, "the server never got there"
        time.sleep(0.01)


def test_the_deal_is_timed_only_while_its_page_is_open_and_after_a_restart_too(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr("parlour.server.table.PlayClock",
                        lambda wall: PlayClock(lambda: now[0]))
    with client_for(db) as client:
        rooms = client.app.state.tables  # type: ignore[attr-defined]
        table = new_table(client, "klondike", seed=1)
        with connect(client, table) as ws:
            assert ws.receive_json()["view"]["seconds"] == 0
            now[0] += 4  # looking before the first move is not timed
            assert act(ws, 0, "draw")["view"]["seconds"] == 0
            now[0] += 30
            ws.send_json({"type": "sync"})
            assert ws.receive_json()["view"]["seconds"] == 30
        wait_until(lambda: not rooms.open[table].connected(0))
        now[0] += 62  # the page closed for 62 seconds
        with connect(client, table) as ws:
            assert ws.receive_json()["view"]["seconds"] == 30  # as it was left: no jump
            now[0] += 3
            assert act(ws, 1, "draw")["view"]["seconds"] == 33
    now[0] += 3600  # the server stopped for an hour
    with client_for(db) as client, connect(client, table) as ws:
        assert ws.receive_json()["view"]["seconds"] == 33  # each move stored with its time
        now[0] += 2
        assert act(ws, 2, "draw")["view"]["seconds"] == 35


def face_up(view: dict[str, Any]) -> list[list[str]]:
    return [pile["face_up"] for pile in view["tableau"]]


def test_the_deal_number_comes_once_the_deal_is_over_and_the_same_deal_from_the_server(
        db: str) -> None:
    options = {"draw": 3, "passes": 1}
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=1, options=options)
        assert client.get(f"/api/tables/{table}/record",
                          headers=auth(table)).status_code == 409  # it holds the whole deal
        again = client.post("/api/tables", json={"game": "klondike", "same_deal": table},
                            headers=auth(table))
        assert again.status_code == 200, again.text
        restart = again.json()["table"]
        TOKENS[restart] = again.json()["token"]
        with connect(client, restart) as ws:
            fresh = ws.receive_json()["view"]
            assert fresh["seed"] is None and fresh["options"]["passes"] == 1
        with connect(client, table) as ws:
            view = ws.receive_json()["view"]
            assert view["seed"] is None and face_up(view) == face_up(fresh)
            for version, action in enumerate(NO_MOVES_LEFT):
                view = act(ws, version, action)["view"]
            assert view["over"] == {"winner": "no moves left", "seats": []}
            assert view["seed"] == 1  # over: the deal's number is the player's to keep
        record = client.get(f"/api/tables/{table}/record", headers=auth(table)).json()
        assert record["seed"] == 1 and len(record["deal"].split()) == 52

        stranger = TestClient(client.app)  # another browser: neither this seat's token...
        refused = stranger.post("/api/tables", json={"game": "klondike", "same_deal": table})
        assert refused.status_code == 404 and "of yours" in refused.json()["error"]
        # ...nor the player's cookie is enough without the token of a seat that has one
        assert client.post("/api/tables", json={"game": "klondike", "same_deal": table}
                           ).status_code == 404
        spades = new_table(client, "spades")
        for ask, status in (({"game": "klondike", "same_deal": spades}, 404),
                            ({"game": "spades", "same_deal": table}, 400),
                            ({"game": "klondike", "same_deal": table, "seed": 3}, 400)):
            answer = client.post("/api/tables", json=ask, headers=auth(table))
            assert answer.status_code == status, (ask, answer.text)
