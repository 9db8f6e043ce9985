"""The daily deal through the app: the same deal for everyone, one try a day
each (asking again goes back to it), the day's best by moves and by time, and a
reason for every bad request."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.server import daily, workers
from parlour.server.protocol import Bucket
from parlour.solvers.klondike import solve_seed
from test_server_app import TOKENS, client_for, connect
from test_server_postmortem import play

DAY = "2026-12-01"


@pytest.fixture(autouse=True)
def _the_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "today", lambda: DAY)
    monkeypatch.setattr(Bucket, "take", lambda self, now: True)  # a whole line at once


def deal_me(client: TestClient, draw: int = 1) -> dict[str, Any]:
    answer = client.post("/api/daily", json={"draw": draw})
    assert answer.status_code == 200, answer.text
    made: dict[str, Any] = answer.json()
    if "token" in made:
        TOKENS[made["table"]] = made["token"]
    return made


def face_up(client: TestClient, table: str) -> list[list[str]]:
    with connect(client, table) as ws:
        view = ws.receive_json()["view"]
    return [pile["face_up"] for pile in view["tableau"]]


def test_the_daily_deal_is_the_same_for_two_players_and_one_try_each(db: str) -> None:
    with client_for(db) as ada:
        bob = TestClient(ada.app)
        bob.post("/api/me", json={"name": "Bob"})
        ada.post("/api/me", json={"name": "Ada"})
        first, second = deal_me(ada), deal_me(bob)
        assert first["table"] != second["table"] and first["day"] == DAY
        assert face_up(ada, first["table"]) == face_up(bob, second["table"])
        three = deal_me(ada, draw=3)
        assert face_up(ada, three["table"]) != face_up(ada, first["table"])
        again = deal_me(ada)  # one try a day: back to the deal begun
        assert again["table"] == first["table"] and again["again"] and "token" not in again

        # Ada wins hers (the solver's line), Bob is still playing
        seed = workers.winnable_seed(daily.day_seed(DAY, 1), 1)
        with connect(ada, first["table"]) as ws:
            assert play(ws, solve_seed(seed, draw=1, time_limit=20).moves)["won"]
        standings = ada.get("/api/daily").json()
        assert standings["day"] == DAY and standings["today"]
        one = standings["draws"]["1"]
        assert (one["played"], one["won"]) == (2, 1)
        assert [w["name"] for w in one["moves"]] == ["Ada"] and one["moves"][0]["you"]
        assert one["time"][0]["moves"] == one["moves"][0]["moves"] > 50
        assert one["yours"]["won"] and one["yours"]["url"] == f"/klondike/{first['table']}"
        theirs = bob.get("/api/daily").json()["draws"]["1"]
        assert not theirs["moves"][0]["you"] and theirs["yours"]["status"] == "playing"
        assert standings["draws"]["3"]["played"] == 1 and standings["draws"]["3"]["moves"] == []
        assert ada.get("/api/daily?day=2026-11-30").json()["draws"]["1"]["played"] == 0


@pytest.mark.parametrize(("ask", "reason"), [
    ({"draw": 2}, "draw must be 1 or 3"), ({"draw": "1"}, "draw 1 or draw 3"),
    ({"draw": 1, "seed": 3}, '{"draw": 1}'), ([], '{"draw": 1}')])
def test_a_bad_daily_request_gets_its_reason(db: str, ask: Any, reason: str) -> None:
    with client_for(db) as client:
        answer = client.post("/api/daily", json=ask)
        assert answer.status_code == 400 and reason in answer.json()["error"], answer.text


@pytest.mark.parametrize(("day", "reason"), [("yesterday", "YYYY-MM-DD"),
                                             ("2026-02-30", "no day 2026-02-30")])
def test_a_bad_day_gets_its_reason(db: str, day: str, reason: str) -> None:
    with client_for(db) as client:
        answer = client.get(f"/api/daily?day={day}")
        assert answer.status_code == 400 and reason in answer.json()["error"]
