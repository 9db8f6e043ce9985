"""The app through its HTTP API and table socket (Starlette's test client, a
real SQLite file): bad input gets an error to that client only, and the game
and the database stay as they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.server.app import COOKIE, Settings, create_app
from parlour.server.schema import actions
from parlour.server.store import Store


def client_for(db: str, bot_delay: float = 0.0) -> TestClient:
    return TestClient(create_app(Settings(db, bot_delay=bot_delay, workers=1)))


@pytest.fixture
def slow_bots(db: str) -> Iterator[TestClient]:
    """Bots that take their time: the table waits for North, whoever else writes."""
    with client_for(db, bot_delay=30.0) as client:
        yield client


# Each table's seat token, as its creator's browser keeps it.
TOKENS: dict[str, str] = {}


def new_table(client: TestClient, game: str = "spades", **extra: Any) -> str:
    answer = client.post("/api/tables", json={"game": game, "level": "easy", **extra})
    assert answer.status_code == 200, answer.text
    table: str = answer.json()["table"]
    TOKENS[table] = answer.json()["token"]
    return table


class Connection:
    """A table socket that says hello first (the seat's token, or none)."""

    def __init__(self, client: TestClient, table: str, hello: dict[str, Any]) -> None:
        self.context = client.websocket_connect(f"/ws/{table}")
        self.hello = hello

    def __enter__(self) -> Any:
        ws = self.context.__enter__()
        ws.send_json({"type": "hello", **self.hello})
        return ws

    def __exit__(self, *exc: Any) -> None:
        self.context.__exit__(*exc)


def connect(client: TestClient, table: str, token: str | None = None, **hello: Any) -> Any:
    return Connection(client, table, {"token": token or TOKENS.get(table), **hello})


def auth(table: str) -> dict[str, str]:
    return {"authorization": f"Bearer {TOKENS[table]}"}


def stored_actions(db: str, table: str) -> list[str]:
    with sa.create_engine(db).connect() as conn:
        return list(conn.execute(sa.select(actions.c.action)
                                 .where(actions.c.table_id == table)
                                 .order_by(actions.c.seq)).scalars())


def test_every_bad_message_gets_its_reason_and_changes_nothing(slow_bots: TestClient,
                                                               db: str) -> None:
    table = new_table(slow_bots, seed=0)  # North bids first
    with connect(slow_bots, table) as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["view"]["to_act"] != 2
        before = json.dumps(first["view"])
        bad = [
            ("not json at all", "not JSON"),
            ('{"type": "shout"}', "unknown type 'shout'"),
            ('{"type": "act", "version": "0", "action": "bid 3"}', "Expected `int`"),
            ('{"type": "act", "version": 0, "action": "bid 3", "extra": 1}', "extra"),
            ('[1, 2]', "bad message"),
            ('{"type": "act", "version": 0, "action": "bid 3"}', "not your turn"),
            ('{"type": "act", "version": 7, "action": "bid 3"}', "moved on"),
            ('{"type": "act", "version": 0, "action": "' + "x" * 100 + '"}', "64 characters"),
        ]
        for text, reason in bad:
            ws.send_text(text)
            answer = ws.receive_json()
            assert answer["type"] == "error" and reason in answer["reason"], (text, answer)
        ws.send_text('{"type": "sync"}')
        again = ws.receive_json()
        assert again["type"] == "view" and json.dumps(again["view"]) == before
    assert stored_actions(db, table) == []


def test_an_oversized_message_closes_that_connection_only(slow_bots: TestClient) -> None:
    table = new_table(slow_bots)
    with connect(slow_bots, table) as ws:
        ws.receive_json()
        ws.send_text('{"type": "sync", "pad": "' + "x" * 5000 + '"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    with connect(slow_bots, table) as ws:  # the table is still there to join
        assert ws.receive_json()["type"] == "view"


def test_a_flood_is_refused_then_cut_off(slow_bots: TestClient) -> None:
    table = new_table(slow_bots)
    with connect(slow_bots, table) as ws:
        ws.receive_json()
        refused = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(1000):
                ws.send_text('{"type": "sync"}')
                message = ws.receive_json()
                refused += message["type"] == "error"
        assert closed.value.code == 1008
        assert refused >= 100


def test_a_stranger_cannot_join_or_read_a_table(slow_bots: TestClient, db: str) -> None:
    table = new_table(slow_bots)
    with client_for(db, bot_delay=30.0) as stranger:
        stranger.post("/api/me", json={"name": "Eve"})
        with Connection(stranger, table, {}) as ws:
            answer = ws.receive_json()
            assert answer["type"] == "error" and "no seat for you" in answer["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        with Connection(stranger, table, {"token": "guessed"}) as ws:
            assert "not for this table" in ws.receive_json()["reason"]
        assert stranger.get(f"/api/tables/{table}/record").status_code == 404
        assert stranger.get(f"/api/tables/{table}/record",
                            headers={"authorization": "Bearer guessed"}).status_code == 404


def test_another_sites_page_cannot_open_the_socket(slow_bots: TestClient) -> None:
    table = new_table(slow_bots)
    headers = {"cookie": f"{COOKIE}={slow_bots.cookies[COOKIE]}",
               "origin": "http://evil.example"}
    with pytest.raises(WebSocketDisconnect), \
            slow_bots.websocket_connect(f"/ws/{table}", headers=headers) as ws:
        ws.receive_json()


def play_hand(ws: Any, until_hands: int = 1, sent: list[str] | None = None) -> dict[str, Any]:
    """Play the person's seat (the first legal action) until ``until_hands`` are over
    (the actions sent added to ``sent``)."""
    while True:
        message = ws.receive_json()
        if message["type"] != "view":
            continue
        view = message["view"]
        if len(view["hands"]) >= until_hands or view["over"]:
            return view
        if view["legal"]:
            ws.send_json({"type": "act", "version": message["version"],
                          "action": view["legal"][0]})
            if sent is not None:
                sent.append(view["legal"][0])


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_a_whole_hand_is_stored_and_resumes_after_a_restart(game: str, db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, game, seed=5, pace="fast")
        sent: list[str] = []
        with connect(client, table) as ws:
            view = play_hand(ws, sent=sent)
        assert view["hands"][0]["hand"] == 1
        health = client.get("/api/server").json()
        assert health["tables_open"] == 1 and health["connections"] == 0
        # the person's moves, not the bots' (nor the table's, playing out the rest)
        assert 10 <= health["move_ms"]["moves"] <= len(sent)
        assert 0 < health["move_ms"]["p50"] <= health["move_ms"]["p99"] <= health["move_ms"]["max"]
        cookie = client.cookies[COOKIE]
        # a record holds every seat's cards: not before the game is over
        early = client.get(f"/api/tables/{table}/record", headers=auth(table))
        assert early.status_code == 409 and "once the game is over" in early.text
        assert "seed" not in view  # a trick game's seed is every deal
    stored = stored_actions(db, table)
    assert len(stored) >= 52
    with client_for(db, bot_delay=30.0) as again:  # a new server on the same database
        again.cookies.set(COOKIE, cookie)
        with connect(again, table) as ws:
            resumed = ws.receive_json()
        assert resumed["version"] == len(stored)
        assert resumed["view"]["pace"] == "fast"
        assert resumed["view"]["hands"] == view["hands"]
        listed = again.get("/api/tables").json()
        assert [t["table"] for t in listed] == [table]


def test_options_are_checked_and_the_schema_names_them(slow_bots: TestClient) -> None:
    schema = slow_bots.get("/api/options").json()
    assert {o["name"] for o in schema["spades"]} == {"nil", "blind_nil", "target",
                                                    "boston_bonus", "mercy"}
    # what a player may sit with: never the arena's random or OpenSpiel bots
    assert schema["levels"] == {"spades": ["easy", "normal", "expert"],
                                "hearts": ["easy", "normal", "expert"]}
    assert schema["default_level"] == "normal"
    refused = slow_bots.post("/api/tables", json={"game": "hearts", "level": "ismcts"})
    assert refused.status_code == 400 and "no hearts bot 'ismcts'" in refused.text
    refused = slow_bots.post("/api/tables", json={"game": "spades", "options": {"bags": 1}})
    assert refused.status_code == 400 and "unknown Spades option 'bags'" in refused.text
    refused = slow_bots.post("/api/tables", json={"game": "hearts", "level": "grandmaster"})
    assert refused.status_code == 400 and "no hearts bot 'grandmaster'" in refused.text
    refused = slow_bots.post("/api/tables", json={"game": "spades", "pace": "warp"})
    assert refused.status_code == 400 and "pace is slow, normal, fast" in refused.text
    refused = slow_bots.post("/api/tables", content=b"{")
    assert refused.status_code == 400 and "bad request" in refused.text
    assert slow_bots.get("/api/tables").json() == []


def test_a_display_name_is_kept_and_checked(slow_bots: TestClient) -> None:
    assert slow_bots.post("/api/me", json={"name": "  Ada   Lovelace "}).json()["name"] == \
        "Ada Lovelace"
    assert slow_bots.get("/api/me").json()["name"] == "Ada Lovelace"
    for bad in ("", "x" * 25, "a\u0000b", 5):
        answer = slow_bots.post("/api/me", json={"name": bad})
        assert answer.status_code == 400
    assert slow_bots.get("/api/me").json()["name"] == "Ada Lovelace"


def test_statistics_count_a_finished_game(db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, "spades", seed=2, options={"target": 50, "mercy": 0})
        with connect(client, table) as ws:
            view = play_hand(ws, until_hands=99)
        assert view["over"] is not None
        stats = client.get("/api/stats").json()
        assert stats["games"]["spades"]["played"] == 1
        assert stats["games"]["spades"]["won"] == int(2 in view["over"]["seats"])
        chart = stats["charts"][0]
        assert chart["hands"] == [h["score"]["scores"] for h in view["hands"]]
        with connect(client, table) as ws:
            ws.receive_json()
            ws.send_json({"type": "rematch"})
            first = ws.receive_json()
            ws.send_json({"type": "rematch"})
            second = ws.receive_json()
        assert first["type"] == "rematch" and first["table"] == second["table"] != table
        record = client.get(f"/api/tables/{table}/record", headers=auth(table)).json()
        from parlour.records import replay

        assert replay(record).result["scores"] == view["hands"][-1]["score"]["scores"]


def test_an_older_database_is_upgraded_keeping_its_games(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from parlour.server.store import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(sa.text("INSERT INTO players VALUES ('p1', 'Ada', 0)"))
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, options, seed, version, status, created, updated) "
            "VALUES ('t1', 'klondike', '{\"draw\": 1}', 1, 1, 'playing', 0, 0)"))
        conn.execute(sa.text("INSERT INTO seats (table_id, seat, name, player_id) "
                             "VALUES ('t1', 0, 'Ada', 'p1')"))
        conn.execute(sa.text("INSERT INTO actions VALUES ('t1', 0, 0, 'draw', 1.0)"))
    assert store.revision() == "0001"
    store.migrate()
    from alembic.script import ScriptDirectory

    assert store.revision() == ScriptDirectory.from_config(config).get_current_head()
    assert store.revision() != "0001"
    table = store.load_table("t1")
    assert table is not None and table.actions == ["draw"]
    assert table.view(0)["stock"] == 23
    assert store.unfinished("p1")[0]["table"] == "t1"


@pytest.mark.parametrize(("game", "starts"), [("spades", "bid "), ("hearts", "pass "),
                                              ("klondike", "")])
def test_a_hint_in_every_game_is_a_legal_action_with_words(db: str, game: str,
                                                           starts: str) -> None:
    with client_for(db) as client:
        table = new_table(client, game, seed=2)
        with connect(client, table) as ws:
            while not (message := ws.receive_json())["view"]["legal"]:
                pass  # the bots before you
            view = message["view"]
            ws.send_json({"type": "hint", "version": message["version"]})
            while (hint := ws.receive_json())["type"] == "view":
                pass  # (the bots pass at the same time as you: their views may come first)
    assert hint["type"] == "hint" and hint["action"].startswith(starts)
    if game != "hearts":  # (a pass is legal in any order of its three cards)
        assert hint["action"] in view["legal"]
    if game != "klondike":  # (the page puts a Klondike move in words)
        assert len(hint["text"]) > len(hint["action"]) + 10


def test_no_hint_before_your_turn(slow_bots: TestClient) -> None:
    table = new_table(slow_bots, "spades", seed=0)  # North bids first, and slowly
    with connect(slow_bots, table) as ws:
        assert ws.receive_json()["view"]["legal"] == []
        ws.send_json({"type": "hint"})
        assert ws.receive_json() == {"type": "hint", "version": 0, "action": None,
                                     "text": "wait for your turn"}


def test_auto_complete_needs_every_card_face_up(slow_bots: TestClient, db: str) -> None:
    table = new_table(slow_bots, "klondike", seed=1)
    with connect(slow_bots, table) as ws:
        view = ws.receive_json()["view"]
        assert view["can_finish"] is False
        ws.send_json({"type": "finish", "version": 0})
        answer = ws.receive_json()
    assert answer["type"] == "error" and "face up" in answer["reason"]
    assert stored_actions(db, table) == []


def test_the_bots_play_on_after_a_worker_process_dies(db: str) -> None:
    import os
    import signal

    with client_for(db) as client:
        pool = client.app.state.pool  # type: ignore[attr-defined]
        table = new_table(client, "hearts", seed=1)
        with connect(client, table) as ws:
            while not ws.receive_json()["view"]["legal"]:
                pass  # the bots pass before South: the pool is up
            for process in list(pool._pool._processes.values()):
                os.kill(process.pid, signal.SIGKILL)
            ws.send_json({"type": "sync"})
            view = play_hand(ws)
    assert view["hands"][0]["hand"] == 1  # a whole hand, bots and all, after the kill


def test_requests_are_judged_by_their_shape_and_their_bytes(slow_bots: TestClient,
                                                          db: str) -> None:
    # JSON of the wrong shape is said to be so, not "not JSON"
    wrong = slow_bots.post("/api/tables", json={"game": 5})
    assert wrong.status_code == 400 and "Expected `str`" in wrong.json()["error"]
    assert "not JSON" not in wrong.json()["error"]
    spaces = slow_bots.post("/api/me", json={"name": "    "})
    assert spaces.status_code == 400 and "not only spaces" in spaces.json()["error"]
    table = new_table(slow_bots, "spades")
    with connect(slow_bots, table) as ws:
        ws.receive_json()
        ws.send_json({"type": "finish", "version": 0})
        answer = ws.receive_json()
        assert answer["type"] == "error" and "for Klondike" in answer["reason"]
        # the limit is in bytes: 2,000 three-byte characters are 6,000 bytes
        ws.send_text('{"type": "sync", "x": "' + "€" * 2000 + '"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


def test_looking_makes_no_player(db: str) -> None:
    with client_for(db) as client:
        for path in ("/", "/spades", "/static/base.css", "/api/me", "/api/tables",
                     "/api/stats", "/nosuchpage"):
            client.get(path)
            client.cookies.clear()
        with sa.create_engine(db).connect() as conn:
            assert conn.execute(sa.text("SELECT COUNT(*) FROM players")).scalar() == 0
        assert client.get("/api/me").json() == {"id": None, "name": "You"}
        client.post("/api/me", json={"name": "Ada"})  # the first thing done makes one
        with sa.create_engine(db).connect() as conn:
            assert conn.execute(sa.text("SELECT COUNT(*) FROM players")).scalar() == 1
