"""Two `parlour serve` processes behind nginx (round robin, no stickiness), one
PostgreSQL, one Redis: four people at one Spades table, two through each
process. The process playing the table's own moves is killed mid-trick, Redis
is restarted mid-hand, PostgreSQL is stopped for a while; the game is played
to its end, and then the database shows no acknowledged action lost, none
applied twice, and no frame named a card another seat held.

The players are protocol clients (as a bot writer's would be): each reconnects
by itself when its connection drops, and sends again, with the same id, an
action it has no answer for."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

import databases
from helpers import run_async, scan
from parlour.server.games import new_state
from parlour.server.schema import actions, tables
from parlour.server.store import Store
from services import Nginx, Redis, Server

pytestmark = pytest.mark.timeout(400)

# At least three hands (a team scores at most about 130 a hand): room for every
# trouble, which the players hold on through where it could take long.
RULES = {"target": 300, "nil": False}
WAIT = 90.0  # seconds any one stage may take on a busy machine before the test gives up


@dataclass
class Site:
    url: str  # PostgreSQL
    cluster: databases.Cluster
    redis: Redis
    servers: list[Server]
    nginx: Nginx


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    cluster = databases.cluster()  # (skips, with the reason, where PostgreSQL cannot run)
    url = cluster.url()
    Store(url).migrate()  # once, before the processes start (docs/deploy.md)
    redis = Redis()
    servers = [Server(tmp_path, db=url, redis=redis.url, bot_delay=0.2, name=name)
               for name in ("a", "b")]
    nginx = None
    try:
        for server in servers:
            server.start()
        nginx = Nginx([s.port for s in servers])
        yield Site(url, cluster, redis, servers, nginx)
    finally:
        if nginx is not None:
            nginx.close()
        for server in servers:
            server.stop()
        redis.close()
        with contextlib.suppress(Exception):
            cluster.resume()  # for the tests after this one, if it failed while paused


def test_processes_started_at_once_migrate_the_database_once() -> None:
    url = databases.cluster().url()
    with ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(Store(url).migrate) for _ in range(4)]:
            done.result()  # none fails on a table another made meanwhile
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar_one() == 1
    engine.dispose()


def http(url: str, body: dict[str, Any] | None = None, cookie: str | None = None,
         tls: ssl.SSLContext | None = None) -> tuple[dict[str, Any], str | None]:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **({"Cookie": cookie} if cookie else {})})
    with urllib.request.urlopen(request, timeout=30, context=tls) as answer:
        set_cookie = answer.headers.get("Set-Cookie")
        return json.loads(answer.read()), (set_cookie.split(";")[0] if set_cookie else cookie)


@dataclass
class Player:
    """One person's program at the table."""

    name: str
    ws_url: str
    token: str
    seat: int
    tls: ssl.SSLContext
    frames: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    version: int | None = None
    upstream: str = ""
    pending: tuple[str, int, str] | None = None  # (id, version, action) sent, no answer yet
    acked: dict[str, int] = field(default_factory=dict)  # id -> the version it made
    refused: list[str] = field(default_factory=list)
    retrying: int = 0  # "unavailable, retrying" errors seen
    reconnects: int = 0
    ws: ClientConnection | None = None
    last_sent: float = 0.0
    go: asyncio.Event = field(default_factory=asyncio.Event)  # play, or hold on a moment

    async def run(self) -> None:
        while True:
            try:
                async with connect(self.ws_url, open_timeout=10, ssl=self.tls) as ws:
                    self.ws = ws
                    # (nginx names each process it tried: a dead one, then the next)
                    tried = ws.response.headers.get("X-Parlour-Upstream", "")
                    self.upstream = tried.split(",")[-1].strip()
                    await ws.send(json.dumps({"type": "hello", "token": self.token,
                                              "version": self.version}))
                    if self.pending is not None:  # no answer came: the same action, again
                        await self._send_act(*self.pending)
                    async for text in ws:
                        await self._heard(json.loads(text))
            except (OSError, WebSocketException, TimeoutError):
                pass
            self.ws = None
            self.reconnects += 1
            await asyncio.sleep(0.2)

    async def _heard(self, message: dict[str, Any]) -> None:
        self.frames.append(message)
        if message["type"] == "wait":  # held: the answer follows
            self.retrying += 1
            return
        if message["type"] == "error":
            if self.pending is not None and message.get("version") is not None:
                self.refused.append(message["reason"])
                self.pending = None
                await self._maybe_act()  # the view is as it was: choose again
            return
        if message["type"] != "view":
            return
        version = message["version"]
        if self.version is not None and version < self.version:
            return
        self.version, self.view = version, message["view"]
        if self.pending is not None and version > self.pending[1]:
            # It was this seat's turn at that version: what follows is its move.
            self.acked[self.pending[0]] = self.pending[1]
            self.pending = None
        await self._maybe_act()

    def _to_act(self) -> bool:
        view = self.view
        return view is not None and self.pending is None and view["status"] == "playing" \
            and bool(view["legal"]) and self.version is not None and self.go.is_set() \
            and self.ws is not None

    async def resume(self) -> None:
        self.go.set()
        await self._maybe_act()

    async def _maybe_act(self) -> None:
        if not self._to_act():
            return
        await asyncio.sleep(max(0.0, self.last_sent + 1 / 15 - time.monotonic()))  # a pace
        if not self._to_act():  # (it may have changed meanwhile)
            return
        assert self.view is not None and self.version is not None
        legal = self.view["legal"]
        action = "bid 3" if "bid 3" in legal else legal[0]
        self.pending = (f"{self.name}-{self.version}-{len(self.refused)}", self.version, action)
        await self._send_act(*self.pending)

    async def _send_act(self, ident: str, version: int, action: str) -> None:
        assert self.ws is not None
        self.last_sent = time.monotonic()
        await self.ws.send(json.dumps({"type": "act", "version": version, "action": action,
                                       "id": ident}))


def health(server: Server) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/server", timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def ready(server: Server) -> tuple[int, list[str]]:
    """The process's readiness for a load balancer: its status and its problems."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/health", timeout=10) as answer:
            return answer.status, json.loads(answer.read())["problems"]
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())["problems"]


async def until(what: str, done: Callable[[], bool], players: list[Player],
                tasks: list[asyncio.Task[None]], wait: float = WAIT) -> None:
    deadline = time.monotonic() + wait
    while not done():
        for task in tasks:
            if task.done():
                task.result()  # a player that crashed fails the test with its error
        if time.monotonic() > deadline:
            state = [(p.name, p.version, p.upstream, p.pending, p.reconnects, p.go.is_set(),
                      p.view and (p.view["status"], p.view["legal"][:2], p.view.get("to_act")))
                     for p in players]
            raise AssertionError(f"{what}: not within {wait:.0f} s; players: {state}")
        await asyncio.sleep(0.02)


def newest(players: list[Player]) -> int:
    return max(p.version or 0 for p in players)


def mid_trick(players: list[Player]) -> bool:
    view = max(players, key=lambda p: p.version or 0).view
    return view is not None and view["status"] == "playing" and 0 < len(view["trick"]) < 4


def upstreams(players: list[Player]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in players:
        counts[p.upstream] = counts.get(p.upstream, 0) + 1
    return counts


def test_four_people_two_processes_a_kill_a_redis_restart_and_a_database_away(
        site: Site) -> None:
    run_async(_play(site))


async def _play(site: Site) -> None:
    base = site.nginx.url
    ws_base = base.replace("https://", "wss://")
    tls = site.nginx.tls()
    # Ada opens a table (through nginx, over TLS: either process); three friends take seats.
    _, ada_cookie = http(f"{base}/api/me", {"name": "Ada"}, tls=tls)
    opened, ada_cookie = http(f"{base}/api/tables", {
        "game": "spades", "options": RULES, "level": "normal",
        "friends": {"grace": 300}}, ada_cookie, tls)
    table = opened["table"]
    players = [Player("Ada", f"{ws_base}/ws/{table}", opened["token"], opened["seat"], tls)]
    for name in ("Bea", "Cy", "Dee"):
        taken, _ = http(f"{base}/api/tables/{table}/seats", {"name": name}, tls=tls)
        players.append(Player(name, f"{ws_base}/ws/{table}", taken["token"], taken["seat"],
                              tls))
    tasks: list[asyncio.Task[None]] = []
    for player in players:
        player.go.set()
    for player in players:  # one after another: round robin puts two on each process
        tasks.append(asyncio.create_task(player.run()))
        await until(f"{player.name} connected", lambda p=player: p.view is not None,  # type: ignore[misc]
                    players, tasks)
    assert sorted(upstreams(players).values()) == [2, 2], upstreams(players)

    ada = players[0]
    assert ada.ws is not None
    await ada.ws.send(json.dumps({"type": "start"}))
    await until("the first hand under way", lambda: newest(players) >= 8, players, tasks)

    # 1. The process holding the table's lease is killed mid-trick.
    await until("the first hand, mid-trick", lambda: newest(players) >= 30
                and mid_trick(players), players, tasks)
    owners = [s for s in site.servers if health(s)["leases"] > 0]
    assert len(owners) == 1, [health(s) for s in site.servers]
    owner = owners[0]
    survivor = next(s for s in site.servers if s is not owner)
    killed_at = newest(players)
    await asyncio.to_thread(owner.kill)
    # Its people reconnect through nginx to the survivor and play on at once...
    await until("play on through the survivor", lambda: newest(players) >= killed_at + 12,
                players, tasks)
    assert all(p.upstream.endswith(f":{survivor.port}") for p in players), upstreams(players)
    # ... and the survivor takes the table's own moves over once the lease runs out.
    # (The players hold on from here to the next trouble: they play about 50
    # moves a second, and the game might otherwise end before it.)
    for player in players:
        player.go.clear()
    await until("the survivor takes the table over", lambda: health(survivor)["leases"] == 1,
                players, tasks)

    # The killed process comes back; two people reconnect, one lands on each.
    await asyncio.to_thread(owner.start)
    while len(upstreams(players)) < 2:
        mover = players[len(upstreams(players)) % 4]
        before = mover.reconnects
        assert mover.ws is not None
        await mover.ws.close()
        await until(f"{mover.name} back", lambda m=mover, b=before: m.reconnects > b  # type: ignore[misc]
                    and m.ws is not None and m.view is not None, players, tasks)

    for player in players:
        await player.resume()

    # 2. Redis restarted mid-hand: events lost meanwhile are caught up from the database.
    await until("mid-trick again", lambda: mid_trick(players), players, tasks)
    restarted_at = newest(players)
    await asyncio.to_thread(site.redis.stop)
    assert all(ready(s)[0] == 503 and "Redis" in ready(s)[1][0] for s in site.servers)
    await until("play goes on without Redis", lambda: newest(players) >= restarted_at + 4,
                players, tasks)
    await asyncio.to_thread(site.redis.start)
    await until("Redis in touch again", lambda: all(ready(s) == (200, []) for s in site.servers),
                players, tasks)
    await until("play on with Redis back", lambda: newest(players) >= restarted_at + 16,
                players, tasks)

    # 3. PostgreSQL away for a while: the person to act hears "unavailable, retrying",
    # and their move is made once it is back.
    await until("mid-trick once more", lambda: mid_trick(players), players, tasks)
    await asyncio.to_thread(site.cluster.pause)
    await until("someone is told the table is unavailable",
                lambda: any(p.retrying for p in players), players, tasks)
    assert all("database" in " ".join(ready(s)[1]) for s in site.servers)
    paused_at = newest(players)
    await asyncio.to_thread(site.cluster.resume)
    await until("play resumes", lambda: newest(players) > paused_at + 4, players, tasks)

    await until("the game played out", lambda: all(  # (bags can make a game long)
        p.view is not None and p.view["status"] == "over" for p in players), players, tasks,
        wait=3 * WAIT)
    for task in tasks:
        task.cancel()
    final = newest(players)

    # What the database holds.
    engine = sa.create_engine(site.url)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(actions.c.seq, actions.c.client_id, actions.c.action)
                            .where(actions.c.table_id == table)
                            .order_by(actions.c.seq)).all()
        made = conn.execute(sa.select(tables.c.options, tables.c.seed, tables.c.first_dealer)
                            .where(tables.c.id == table)).one()
    engine.dispose()
    assert [r.seq for r in rows] == list(range(final)), "every version once, in order"
    ids = [r.client_id for r in rows if r.client_id is not None]
    assert len(ids) == len(set(ids)), "an action applied twice"
    stored = {r.client_id: r.seq for r in rows}
    for player in players:
        for ident, version in player.acked.items():
            assert stored.get(ident) == version, f"{player.name}'s {ident} acknowledged, not stored"
    assert sum(len(p.acked) for p in players) == len(ids), "each move acknowledged and stored"
    # every other move is the table's own, playing out tricks left that one seat
    # takes whatever anyone plays
    state = new_state("spades", made.options, made.seed, first_dealer=made.first_dealer)
    for row in rows:
        assert row.client_id is not None or state.hand.nothing_to_play_for(), row
        state.apply(state.parse_action(row.action))
    assert state.is_terminal()
    assert any(p.reconnects for p in players)
    print(f"{final} moves; reconnects {[p.reconnects for p in players]}; retrying "
          f"{[p.retrying for p in players]}; refused {[p.refused for p in players]}")
    assert scan([p.frames for p in players]) > 4 * final // 2  # no card leaked

