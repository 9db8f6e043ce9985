"""Two server processes' apps on one PostgreSQL and one Redis, each with its own
event loop (as two processes have): a person connected to one sees who is
connected to the other, a move made through one reaches the other's people,
and a seat the host gives to a bot through one is no longer its person's
through the other (their socket is told and can no longer act)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

import databases
from parlour.server.app import COOKIE, Settings, create_app
from services import Redis


@pytest.fixture(scope="module")
def redis() -> Iterator[Redis]:
    server = Redis()
    yield server
    server.close()


@pytest.fixture
def two(redis: Redis) -> Iterator[tuple[TestClient, TestClient]]:
    url = databases.cluster().url()
    with TestClient(create_app(Settings(url, bot_delay=0.0, workers=1,
                                        redis_url=redis.url))) as a, \
            TestClient(create_app(Settings(url, bot_delay=0.0, workers=1,
                                           redis_url=redis.url))) as b:
        yield a, b


def until(ws: Any, what: Any, limit: int = 400) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if what(message):
            return message
    raise AssertionError("never came")


def test_people_through_two_processes_at_one_table(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    hosted = a.post("/api/tables", json={"game": "spades", "level": "easy",
                                         "options": {"target": 500}, "friends": {}})
    assert hosted.status_code == 200, hosted.text
    table, host_token = hosted.json()["table"], hosted.json()["token"]
    a_cookie = a.cookies.get(COOKIE)
    sat = b.post(f"/api/tables/{table}/seats", json={"name": "Bea"})  # through the other
    assert sat.status_code == 200, sat.text
    bea_seat, bea_token = sat.json()["seat"], sat.json()["token"]
    with a.websocket_connect(f"/ws/{table}") as host, \
            b.websocket_connect(f"/ws/{table}") as bea:
        host.send_json({"type": "hello", "token": host_token})
        bea.send_json({"type": "hello", "token": bea_token})
        # Each sees the other connected, through the other process.
        until(host, lambda m: m["type"] == "view"
              and m["view"]["seats"][bea_seat]["connected"])
        seen = until(bea, lambda m: m["type"] == "view" and m["view"]["seats"][bea_seat]
                     ["name"] == "Bea" and m["view"]["seats"][hosted.json()["seat"]]
                     ["connected"])
        assert seen["view"]["status"] == "waiting"
        host.send_json({"type": "start"})
        # The start, made through a, reaches Bea through b.
        playing = until(bea, lambda m: m["type"] == "view" and m["view"]["status"] == "playing")
        assert playing["view"]["seat"] == bea_seat and len(playing["view"]["hand"]) == 13
        first = playing["view"]["to_act"]
        if first in (bea_seat, hosted.json()["seat"]):  # a person bids first: through one
            mover, other = (bea, host) if first == bea_seat else (host, bea)
            mover.send_json({"type": "act", "version": playing["version"], "action": "bid 3",
                             "id": "first-bid"})  # process, it reaches the other's people
            until(other, lambda m: m["type"] == "view" and m["version"] > playing["version"])
        else:  # a bot bids first: its bid reaches Bea through b
            until(bea, lambda m: m["type"] == "view" and m["version"] > 0)
        # The host gives Bea's seat to a bot (through a): Bea's socket (on b) is told,
        # and what it sends is no longer a seat's.
        a.cookies.set(COOKIE, a_cookie or "")
        host.send_json({"type": "seat_bot", "seat": bea_seat})
        left = until(bea, lambda m: m["type"] == "left")
        assert "bot" in left["reason"]
        bea.send_json({"type": "act", "version": playing["version"], "action": "bid 3"})
        refused = until(bea, lambda m: m["type"] == "error")
        assert "spectators" in refused["reason"] or "seat" in refused["reason"]
        shown = until(host, lambda m: m["type"] == "view"
                      and m["view"]["seats"][bea_seat]["bot"] is not None)
        assert shown["view"]["seats"][bea_seat]["name"] != "Bea"


def test_a_host_leaving_through_one_process_makes_a_host_seen_through_the_other(
        two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    hosted = a.post("/api/tables", json={"game": "hearts", "level": "easy",
                                         "options": {"target": 100}, "friends": {}}).json()
    table = hosted["table"]
    sat = b.post(f"/api/tables/{table}/seats", json={"name": "Bea"}).json()
    with a.websocket_connect(f"/ws/{table}") as host, \
            b.websocket_connect(f"/ws/{table}") as bea:
        host.send_json({"type": "hello", "token": hosted["token"]})
        bea.send_json({"type": "hello", "token": sat["token"]})
        until(host, lambda m: m["type"] == "view" and m["view"]["seats"][sat["seat"]]
              ["connected"])
        host.send_json({"type": "start"})
        playing = until(bea, lambda m: m["type"] == "view" and m["view"]["status"] == "playing")
        assert not playing["view"]["host"]
        host.send_json({"type": "leave"})  # through a: a bot takes her seat
        until(host, lambda m: m["type"] == "left")
        # Bea, the one person left, hosts now: her process (b) reads it from the database
        handed = until(bea, lambda m: m["type"] == "view" and m["view"]["host"])
        seats = handed["view"]["seats"]
        assert [s for s, info in enumerate(seats) if info["host"]] == [handed["view"]["seat"]]
