"""The Klondike post-mortem through the app: a deal given up is lost and looked
back on in the worker pool (the page sees progress), the move that lost the win
is found along the positions the player reached (undo included), and a second
look is the stored answer. Bad requests get their reason."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.solvers.klondike_postmortem import position_after
from parlour.solvers.klondike_winnable import still_winnable
from test_server_app import auth, client_for, connect, new_table
from test_server_klondike import NO_MOVES_LEFT

# Deal 23 with draw 1: winnable from the start; the tenth move (8♥ and 7♠ onto the
# 9♣ of column 7) buries what the win needed. Then a draw taken back, and two more.
SEED = 23
LOSING = ["draw", "draw", "draw", "draw", "draw", "draw", "move W T7", "draw", "move W T1",
          "move T1 T7 2", "draw", "undo", "draw", "draw"]


def play(ws: Any, actions: list[str]) -> dict[str, Any]:
    view: dict[str, Any] = ws.receive_json()["view"]
    for version, action in enumerate(actions):
        if view["over"]:
            break  # (a winning line's last cards go home by themselves)
        ws.send_json({"type": "act", "version": version, "action": action})
        answer = ws.receive_json()
        assert answer["type"] == "view", answer
        view = answer["view"]
    return view


def finished(client: TestClient, table: str) -> dict[str, Any]:
    """The post-mortem once worked out, with every answer on the way (the progress)."""
    deadline = time.monotonic() + 60
    while True:
        answer = client.get(f"/api/tables/{table}/postmortem", headers=auth(table))
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["status"] != "working":
            return body
        assert 0 <= body["step"] < body["steps"]
        assert time.monotonic() < deadline, "the post-mortem never came"
        time.sleep(0.05)


def test_the_line_really_loses_at_the_tenth_move() -> None:
    """(The test's premise, checked by the solver itself.)"""
    for upto, result in ((0, "win"), (9, "win"), (10, "lose")):
        assert still_winnable(position_after(SEED, {"draw": 1}, LOSING, upto),
                              time_limit=10).result == result


def test_a_deal_given_up_shows_the_move_that_lost_it_and_the_win_from_before(db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=SEED)
        with connect(client, table) as ws:
            play(ws, LOSING)
            assert client.get(f"/api/tables/{table}/postmortem",
                              headers=auth(table)).json() == {"status": "playing"}
            answer = client.post(f"/api/tables/{table}/give-up", headers=auth(table))
            assert answer.status_code == 200, answer.text
            assert answer.json()["status"] in ("working", "done")
            again = client.post(f"/api/tables/{table}/give-up", headers=auth(table))
            assert again.status_code == 409 and "given this deal up" in again.json()["error"]
            # A deal given up takes no more moves, even from a client that sends one.
            ws.send_json({"type": "act", "version": len(LOSING), "action": "draw"})
            refused = ws.receive_json()
            while refused["type"] == "view":
                refused = ws.receive_json()
            assert refused["type"] == "error" and "over" in refused["reason"], refused
        body = finished(client, table)
        assert body["status"] == "done", body
        review = body["postmortem"]
        assert review["verdict"] == "lost" and review["from_start"] == "win"
        assert review["given_up"] and review["moves"] == len(LOSING)
        assert review["last_winnable"] == 9
        lost = review["losing_move"]
        assert lost["number"] == 10 and lost["action"] == "move T1 T7 2"
        assert lost["words"] == "Move the 8♥ (and the 7♠ on it) onto the 9♣ in column 7."
        assert lost["after"] == "lose"
        # the winning line from the position before it, each step with its table
        line = review["line"]
        assert line and all(step["words"] and step["board"]["tableau"] for step in line)
        assert sum(step["board"]["foundations"][s] for s in "CDHS" for step in line[-1:]) == 52
        # the tables before and after the move
        assert review["board"]["tableau"][6]["face_up"] == ["TD", "9C"]
        assert lost["board"]["tableau"][6]["face_up"] == ["TD", "9C", "8H", "7S"]

        # a second look is the stored one, at once: done on the first ask
        first = client.get(f"/api/tables/{table}/postmortem", headers=auth(table)).json()
        assert first == body
        # the deal counts as played and lost
        stats = client.get("/api/stats").json()
        assert stats["games"]["klondike"]["played"] == 1
        assert stats["games"]["klondike"]["won"] == 0
        assert client.get("/api/tables").json() == []  # no longer in play


def test_bad_requests_for_a_post_mortem_get_their_reason(db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=SEED)
        spades = new_table(client, "spades")
        for url, headers, status, reason in (
                ("/api/tables/nosuchtable/postmortem", auth(table), 404, "no such Klondike"),
                (f"/api/tables/{table}/postmortem", {}, 404, "no such Klondike"),
                (f"/api/tables/{table}/postmortem", {"authorization": "Bearer x"}, 404,
                 "no such Klondike"),
                (f"/api/tables/{spades}/postmortem", auth(spades), 404, "no such Klondike")):
            answer = client.get(url, headers=headers)
            assert answer.status_code == status and reason in answer.json()["error"], url
        stranger = TestClient(client.app)
        refused = stranger.post(f"/api/tables/{table}/give-up", headers={})
        assert refused.status_code == 404 and "of yours" in refused.json()["error"]


def test_a_deal_given_up_at_once_is_judged_from_the_deal(db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=SEED)
        assert client.post(f"/api/tables/{table}/give-up", headers=auth(table)).status_code == 200
        review = finished(client, table)["postmortem"]
        # nothing lost it: the deal could still be won where it was given up
        assert review["verdict"] == "winnable" and review["losing_move"] is None
        assert review["last_winnable"] == 0 and review["line"]


def test_a_deal_with_no_moves_left_is_looked_back_on_and_unknown_is_said_honestly(
        db: str) -> None:
    """Deal 1 with draw 3 and one pass: the solver does not count passes through the
    stock, so the wins it finds need more than one and prove nothing."""
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=1, options={"draw": 3, "passes": 1})
        with connect(client, table) as ws:
            assert play(ws, NO_MOVES_LEFT)["over"]["winner"] == "no moves left"
        refused = client.post(f"/api/tables/{table}/give-up", headers=auth(table))
        assert refused.status_code == 409 and "over already" in refused.json()["error"]
        review = finished(client, table)["postmortem"]
        assert review["verdict"] == "unknown" and not review["given_up"]
        assert review["from_start"] == "unknown" and review["losing_move"] is None


def test_a_won_deal_has_nothing_to_look_back_on(db: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.server.protocol import Bucket
    from parlour.solvers.klondike import solve_seed

    monkeypatch.setattr(Bucket, "take", lambda self, now: True)  # a whole line at once
    line = solve_seed(5, draw=1, time_limit=20).moves
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=5)
        with connect(client, table) as ws:
            assert play(ws, line)["won"]
        assert client.get(f"/api/tables/{table}/postmortem",
                          headers=auth(table)).json() == {"status": "won"}


def test_post_mortems_take_turns_with_the_solver(db: str) -> None:
    """One at a time takes a worker (the bots keep the rest): the next one waits."""
    with client_for(db) as client:
        table = new_table(client, "klondike", seed=SEED)
        client.get(f"/api/tables/{table}/postmortem", headers=auth(table))
        turn = client.app.state.postmortem_turn  # type: ignore[attr-defined]
        client.portal.call(turn.acquire)  # another post-mortem has the solver
        answer = client.post(f"/api/tables/{table}/give-up", headers=auth(table)).json()
        assert answer == {"status": "working", "step": 0, "steps": 1, "waiting": True}
        again = client.get(f"/api/tables/{table}/postmortem", headers=auth(table)).json()
        assert again["waiting"]
        client.portal.call(turn.release)
        assert finished(client, table)["postmortem"]["verdict"] == "winnable"
