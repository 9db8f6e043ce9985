"""The statistics a player reads: streaks, averages, Klondike by draw, and a
reset that starts them again (the games themselves kept)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from parlour.server.stats import player_stats
from test_server_app import auth, client_for, new_table


def klondike(won: bool, draw: int = 1, moves: int = 100, seconds: float = 60.0) -> dict[str, Any]:
    return {"game": "klondike", "table": "t", "seat": 0, "won": won, "finished": "", "seed": 1,
            "options": {"draw": draw},
            "result": {"won": won, "draw": draw, "moves": moves, "seconds": seconds}}


def trick(game: str, won: bool, seat: int, scores: list[list[int]]) -> dict[str, Any]:
    return {"game": game, "table": "t", "seat": seat, "won": won, "finished": "", "seed": 1,
            "options": {}, "result": {"scores": scores, "winner": "", "seats": []}}


def test_streaks_averages_and_draws_from_the_games_in_order() -> None:
    finished = [klondike(True, 1, 120, 300), klondike(False, 3), klondike(True, 3, 150, 500),
                klondike(True, 1, 90, 200), klondike(True, 1, 100, 250),
                trick("spades", True, 2, [[60, 30], [130, 80]]),  # South: North-South's 130
                trick("spades", False, 1, [[50, -20], [90, 10], [150, 40]]),  # East: 40
                trick("hearts", False, 2, [[1, 5, 20, 0], [14, 5, 20, 7]])]  # South: 20
    stats = player_stats(None, finished, [])
    klondike_total = stats["games"]["klondike"]
    assert {k: klondike_total[k] for k in ("played", "won", "current", "best")} == {
        "played": 5, "won": 4, "current": 3, "best": 3}
    assert (stats["games"]["spades"]["current"], stats["games"]["spades"]["best"]) == (0, 1)
    averages = stats["averages"]
    assert averages["spades"] == {"points_per_hand": round((130 + 40) / 5, 1), "hands": 5}
    assert averages["hearts"] == {"points_per_hand": 10.0, "hands": 2}
    assert averages["klondike"]["moves"] == 115.0  # wins only: (120+150+90+100)/4
    assert averages["klondike"]["seconds"] == 312.5
    one, three = stats["klondike_draws"]["1"], stats["klondike_draws"]["3"]
    assert (one["played"], one["won"], one["best"], one["moves"]) == (3, 3, 3, 103.3)
    assert (three["played"], three["won"], three["current"], three["seconds"]) == (2, 1, 1, 500.0)
    lost = stats["klondike_lost"]
    assert [(d["draw"], d["given_up"]) for d in lost] == [(3, False)]
    empty = player_stats(None, [], [])
    assert empty["averages"]["spades"]["points_per_hand"] is None
    assert empty["klondike_draws"]["3"]["moves"] is None


def test_a_reset_starts_the_statistics_again(db: str) -> None:
    with client_for(db) as client:
        assert TestClient(client.app).post("/api/stats/reset").status_code == 404
        table = new_table(client, "klondike", seed=23)
        assert client.post(f"/api/tables/{table}/give-up", headers=auth(table)).status_code == 200
        assert client.get("/api/stats").json()["games"]["klondike"]["played"] == 1
        answer = client.post("/api/stats/reset")
        assert answer.status_code == 200
        assert answer.json()["games"]["klondike"]["played"] == 0
        assert client.get("/api/stats").json()["games"]["klondike"]["played"] == 0
        # the games themselves are kept: only the statistics start again
        with sa.create_engine(db).connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM tables")).scalar() == 1
