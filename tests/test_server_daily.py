"""The daily deal through the app: the same deal for everyone, one try a day
each (asking again goes back to it), the day's best by moves and by time, and a
reason for every bad request. Spades and Hearts: the same cards against the
expert bots, your first hand beside the expert's own in your seat (played in
the worker pool, once, and stored), and a history of your days."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from parlour.server import daily, daily_trick, workers
from parlour.server.protocol import Bucket
from parlour.server.schema import tables
from parlour.server.store import Store
from parlour.solvers.klondike import solve_seed
from test_server_app import TOKENS, client_for, connect, play_hand, stored_actions
from test_server_postmortem import play

DAY = "2026-12-01"


@pytest.fixture(autouse=True)
def _the_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "today", lambda: DAY)
    monkeypatch.setattr(Bucket, "take", lambda self, now: True)  # a whole line at once


def deal_me(client: TestClient, draw: int = 1, game: str = "klondike") -> dict[str, Any]:
    ask: dict[str, Any] = {"draw": draw} if game == "klondike" else {"game": game}
    answer = client.post("/api/daily", json=ask)
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


def test_asks_at_once_deal_one_table(db: str) -> None:
    # A double click, or two tabs: each ask finds the table another one dealt
    # (there was a table for each once, and the day's count had her twice).
    from concurrent.futures import ThreadPoolExecutor

    with client_for(db) as ada:
        ada.post("/api/me", json={"name": "Ada"})
        for ask in ({"draw": 3}, {"game": "hearts"}):
            with ThreadPoolExecutor(4) as pool:
                answers = list(pool.map(lambda a: ada.post("/api/daily", json=a), [ask] * 4))
            assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
            assert len({a.json()["table"] for a in answers}) == 1
            assert sum("token" in a.json() for a in answers) == 1
        assert ada.get("/api/daily").json()["draws"]["3"]["played"] == 1


def test_two_processes_dealing_one_try_at_once_store_one_table(db: str) -> None:
    # Behind nginx a double click may reach two processes, each with its own
    # lock: the database holds the one try, and the second is told the first's table.
    from parlour.server.games import default_seats
    from parlour.server.table import Table

    one, two = Store(db), Store(db)
    one.migrate()
    ada = one.new_player("Ada")["id"]
    dealt = []
    for store in (one, two):
        table = Table(f"daily{len(dealt)}", "klondike", {"draw": 3}, 7,
                      default_seats("klondike", ada, "Ada", "normal"), daily=DAY)
        dealt.append(store.create_daily(table, ada, 3))
    assert dealt == ["daily0", "daily0"]
    assert one.load_table("daily1") is None  # nothing half made
    other = Table("daily2", "klondike", {"draw": 1}, 7,
                  default_seats("klondike", ada, "Ada", "normal"), daily=DAY)
    assert two.create_daily(other, ada, 1) == "daily2"  # draw 1 is another try


@pytest.mark.parametrize(("ask", "reason"), [
    ({"draw": 2}, "draw must be 1 or 3"), ({"draw": "1"}, "draw 1 or draw 3"),
    ({"draw": 1, "seed": 3}, '{"draw": 1}'), ([], '{"draw": 1}'),
    ({"game": "chess"}, "no daily deal of 'chess'"),
    ({"game": "spades", "draw": 1}, "draw 1 or 3 is Klondike's"),
    ({"game": "hearts", "level": "easy"}, '{"game": "hearts"}'),
    ({"game": ["spades"]}, "no daily deal of ['spades']")])
def test_a_bad_daily_request_gets_its_reason(db: str, ask: Any, reason: str) -> None:
    with client_for(db) as client:
        answer = client.post("/api/daily", json=ask)
        assert answer.status_code == 400 and reason in answer.json()["error"], answer.text


@pytest.mark.parametrize(("ask", "reason"), [
    ("day=yesterday", "YYYY-MM-DD"), ("day=2026-02-30", "no day 2026-02-30"),
    ("game=spades&day=2026-12-1", "YYYY-MM-DD"), ("game=chess", "no daily deal of 'chess'"),
    ("game=hearts&day=2026-12-02", "not dealt yet (today is 2026-12-01)")])
def test_a_bad_day_gets_its_reason(db: str, ask: str, reason: str) -> None:
    with client_for(db) as client:
        answer = client.get(f"/api/daily?{ask}")
        assert answer.status_code == 400 and reason in answer.json()["error"]


# --- Spades and Hearts ------------------------------------------------------------------


def first_view(client: TestClient, table: str) -> dict[str, Any]:
    with connect(client, table) as ws:
        view: dict[str, Any] = ws.receive_json()["view"]
    return view


def the_day(client: TestClient, game: str, day: str = DAY) -> dict[str, Any]:
    """``GET /api/daily`` for a trick game, asked until the expert's hand is played."""
    deadline = time.monotonic() + 120  # a guard against a hang, not a wait for time
    while time.monotonic() < deadline:
        answer = client.get(f"/api/daily?game={game}&day={day}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["expert"]["status"] != "working":
            return body
        time.sleep(0.05)
    raise AssertionError("the expert's hand was never played")


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_a_trick_daily_deal_is_the_same_cards_for_two_players_against_experts(
        db: str, game: str) -> None:
    with client_for(db, bot_delay=30.0) as ada:  # the bots wait: the first views stay put
        bob = TestClient(ada.app)
        first, second = deal_me(ada, game=game), deal_me(bob, game=game)
        assert first["table"] != second["table"] and first["url"] == f"/{game}/{first['table']}"
        assert first["day"] == DAY and first["seat"] == 2
        mine, theirs = first_view(ada, first["table"]), first_view(bob, second["table"])
        assert len(mine["hand"]) == 13 and mine["hand"] == theirs["hand"]
        assert mine["daily"] == DAY and mine["seat"] == 2 and mine["hand_number"] == 1
        assert [s["bot"] for s in mine["seats"]] == ["expert", "expert", None, "expert"]
        assert mine["options"] == daily.check_options(game, {})  # the default rules
        again = deal_me(ada, game=game)  # one try a day: back to the table begun
        assert again["table"] == first["table"] and again["again"] and "token" not in again
        other = deal_me(ada, game="hearts" if game == "spades" else "spades")
        assert other["table"] != first["table"]  # a try a day of each game

        # Before your first hand is over the expert's is not shown (it tells of the cards).
        day = ada.get(f"/api/daily?game={game}").json()
        assert day["day"] == DAY and day["today"] and day["table"]["id"] == first["table"]
        assert day["you"] is None and day["expert"] == {"status": "sealed"}
        assert day["history"] == [{"day": DAY, "url": first["url"], "you": None,
                                   "expert": None}]
        stranger = TestClient(ada.app)
        assert stranger.get(f"/api/daily?game={game}").json()["table"] is None
        before = stranger.get(f"/api/daily?game={game}&day=2026-11-30").json()
        assert before["expert"] == {"status": "unplayed"} and before["history"] == []
    with sa.create_engine(db).connect() as conn:
        seeds = set(conn.execute(sa.select(tables.c.seed).where(tables.c.game == game)
                                 .where(tables.c.daily == DAY)).scalars())
    assert seeds == {daily.trick_seed(DAY, game)}


def test_the_first_hand_is_scored_beside_the_experts_played_in_the_pool(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[Any] = []
    run = workers.Workers.run

    async def recorded(self: workers.Workers, fn: Any, *args: Any) -> Any:
        ran.append(fn)
        return await run(self, fn, *args)

    monkeypatch.setattr(workers.Workers, "run", recorded)
    with client_for(db) as ada:
        table = deal_me(ada, game="spades")["table"]
        with connect(ada, table) as ws:
            view = play_hand(ws)  # the first legal card each time
        assert view["hands"][0]["hand"] == 1 and view["daily"] == DAY
        day = the_day(ada, "spades")
        you = daily_trick.first_hand("spades", {}, daily.trick_seed(DAY, "spades"),
                                     stored_actions(db, table), 2)
        assert you is not None and day["you"] == you
        assert set(you) == {"points", "bid", "tricks"}
        expert = daily_trick.expert_in_seat("spades", daily.check_options("spades", {}),
                                            daily.trick_seed(DAY, "spades"), 2)
        assert day["expert"] == {"status": "done", **expert}
        assert ran.count(daily_trick.expert_in_seat) == 1  # in the pool, once
        assert Store(db).review("daily-spades", "expert", 20261201, 2) == expert
        assert day["history"] == [{"day": DAY, "url": f"/spades/{table}", "you": you,
                                   "expert": expert}]
        assert the_day(ada, "spades") == day and ran.count(daily_trick.expert_in_seat) == 1

        # The next day: a new try, its expert's hand kept until the first hand is over.
        monkeypatch.setattr(daily, "today", lambda: "2026-12-02")
        later = deal_me(ada, game="spades")
        assert later["table"] != table and later["day"] == "2026-12-02"
        days = the_day(ada, "spades", "2026-12-02")
        assert days["expert"] == {"status": "sealed"}
        assert [d["day"] for d in days["history"]] == ["2026-12-02", DAY]
        assert days["history"][1]["expert"] == expert  # yesterday's is no secret
    with client_for(db) as restarted:  # stored: another process has it at once
        answer = restarted.get(f"/api/daily?game=spades&day={DAY}").json()
        assert answer["expert"] == {"status": "done", **expert}


def test_an_expert_hand_that_could_not_be_played_says_so_and_is_played_again(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run = workers.Workers.run
    failures: list[Any] = []

    async def once_gone(self: workers.Workers, fn: Any, *args: Any) -> Any:
        if fn is daily_trick.expert_in_seat and not failures:
            failures.append(fn)
            raise RuntimeError("the worker is gone")
        return await run(self, fn, *args)

    monkeypatch.setattr(workers.Workers, "run", once_gone)
    with client_for(db, bot_delay=30.0) as ada:
        deal_me(ada, game="hearts")  # the expert's hand starts, and fails
        monkeypatch.setattr(daily, "today", lambda: "2026-12-02")  # a day later: not sealed
        failed = the_day(ada, "hearts")
        assert failed["expert"]["status"] == "failed" and failures
        assert "could not be played (RuntimeError): ask again" in failed["expert"]["reason"]
        again = the_day(ada, "hearts")  # asking again plays it again
        assert again["expert"]["status"] == "done" and again["you"] is None
        assert again["history"][0]["expert"] == {k: v for k, v in again["expert"].items()
                                                 if k != "status"}
