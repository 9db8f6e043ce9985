"""Tables with friends through the real app (Starlette's test client, an SQLite
file): a table found by its code, two claims of one seat at once with exactly
one winner, the lobby, bad claims refused with their reason, and only the host
may start."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.server.app import Settings, create_app


@pytest.fixture
def app(db: str) -> Any:
    return create_app(Settings(db, bot_delay=0.0, workers=1))


def host_table(client: TestClient, game: str, **friends: Any) -> dict[str, Any]:
    client.post("/api/me", json={"name": "Ada"})
    answer = client.post("/api/tables", json={
        "game": game, "options": {"target": 50 if game == "spades" else 25},
        "friends": {"watchable": True, "listed": True, **friends}})
    assert answer.status_code == 200, answer.text
    reply: dict[str, Any] = answer.json()
    return reply


def test_one_claim_of_a_seat_wins_and_only_the_host_starts(app: Any) -> None:
    with TestClient(app) as ada, TestClient(app) as bea, TestClient(app) as cy:
        table = host_table(ada, "spades")
        found = bea.post("/api/join", json={"code": table["code"].lower()})
        assert found.status_code == 200 and found.json()["status"] == "waiting"
        assert bea.post("/api/join", json={"code": "OOOOOO"}).status_code == 400

        def claim(client: TestClient) -> int:
            return client.post(f"/api/tables/{table['table']}/seats",
                               json={"seat": 1, "name": "East?"}).status_code

        with ThreadPoolExecutor(2) as pool:
            codes = sorted(pool.map(claim, (bea, cy)))
        assert codes == [200, 409]  # exactly one of two claims at once
        assert bea.post(f"/api/tables/{table['table']}/seats",
                        json={"seat": 2, "name": "Bea"}).status_code in (400, 409)
        # listed while someone seated is there: the host, in the waiting room
        assert ada.get("/api/lobby?game=spades").json() == []
        with ada.websocket_connect(f"/ws/{table['table']}") as host:
            host.send_json({"type": "hello", "token": table["token"]})
            host.receive_json()
            lobby = ada.get("/api/lobby?game=spades").json()
        assert [t["free"] for t in lobby] == [[0, 3]] and lobby[0]["host"] == "Ada"
        # once everyone has gone it is not offered, nor joined by Quick join
        for _ in range(500):  # the server hears of the closed socket a moment later
            if not ada.get("/api/lobby?game=spades").json():
                break
        else:
            raise AssertionError("a table no one is at is still listed")
        with TestClient(app) as eve:
            quick = eve.post("/api/lobby/quick", json={"game": "spades", "name": "Eve"})
            assert quick.status_code == 404 and "no spades table" in quick.json()["error"]
        with TestClient(app) as dee:
            for bad, reason in (({"seat": 9, "name": "X"}, "a seat is 0 to 3"),
                                ({"seat": 0, "name": "   "}, "not only spaces"),
                                ({"seat": 0}, "missing required field")):
                answer = dee.post(f"/api/tables/{table['table']}/seats", json=bad)
                assert answer.status_code == 400 and reason in answer.json()["error"], answer.text
            answer = dee.post(f"/api/tables/{table['table']}/seats", json={"name": "Dee"})
            assert answer.status_code == 200 and answer.json()["seat"] == 0
            with dee.websocket_connect(f"/ws/{table['table']}") as ws:
                ws.send_json({"type": "hello", "token": answer.json()["token"]})
                assert ws.receive_json()["view"]["status"] == "waiting"
                ws.send_json({"type": "start"})
                while (reply := ws.receive_json())["type"] != "error":
                    pass
                assert "only the host" in reply["reason"]


def test_a_table_people_wait_at_is_offered_behind_many_deserted_ones(app: Any) -> None:
    """The lobby reads the store newest first; 120 newer listed tables that
    everyone left must not push out an older one where someone waits."""
    with TestClient(app) as ada, TestClient(app) as bea:
        table = host_table(ada, "hearts")
        with ada.websocket_connect(f"/ws/{table['table']}") as host:
            host.send_json({"type": "hello", "token": table["token"]})
            host.receive_json()
            deserted = {host_table(bea, "hearts")["table"] for _ in range(120)}
            lobby = bea.get("/api/lobby?game=hearts").json()
            assert [t["table"] for t in lobby] == [table["table"]]
            quick = bea.post("/api/lobby/quick", json={"game": "hearts", "name": "Bea"})
            assert quick.status_code == 200 and quick.json()["table"] == table["table"]
        assert not deserted & {t["table"] for t in bea.get("/api/lobby").json()}
