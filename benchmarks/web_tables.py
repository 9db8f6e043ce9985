"""Tables with friends under load: N tables of four people on one ``parlour serve``.

A loopback load generator. For each level of N it starts a fresh ``parlour
serve`` (a temporary SQLite file, a free port of 127.0.0.1), opens N tables
with friends, Spades and Hearts in turn (the host creates the table over HTTP,
three more HTTP clients, each with its own player cookie, take the other
seats), connects four WebSocket clients a table (each says hello with its seat
token; the hosts press start over 5 s), and lets every client play whole games
at a person's pace: it thinks 1 to 4 s (``--think``) and plays the first legal
action; at game over all four say yes to a rematch and play the next game. The
``--seconds`` measured start once every table has started and played a little.

Measured, for each move a person makes on their turn: the time from the
``act`` sent to all four clients of that table having received the view of the
new version (the load's own clock, so its scheduling on the shared cores
counts too), p50, p99 and max; moves a second; the tables held (no error, no
dropped connection, and a move in the last 15 s); the server process's
resident memory after a warm-up, with the N tables open, with the 4N sockets
connected and at the end of the level, so memory a table and a connection;
its CPU and the load generator's; and the server's own move times from
``GET /api/server`` (a message read to the views sent). Printed side by side
with the target (500 tables, 2,000 connections, p99 under 100 ms, under 50 KB
a connection) and the single-player figures of the README
(``web_server.py``).

    python benchmarks/web_tables.py                                  # 50, 100, 200, 500 tables
    python benchmarks/web_tables.py --tables 20 --seconds 20         # a quick look
    python benchmarks/web_tables.py --tables 100 --deflate both      # deflate's memory
    python benchmarks/web_tables.py --plot web_tables.svg            # p99 against N

``--deflate off``: the clients offer no per-message deflate (uvicorn accepts it
by default when a client offers it, as browsers do), so the server keeps no
compressor for them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from common import (
    Person,
    environment,
    raise_open_files,
    rss_kb,
    spread,
    start_server,
    stop_server,
    svg_page,
)
from parlour.progress import Progress

TARGET_TABLES = 500
TARGET_CONNECTIONS = 2000
TARGET_P99_MS = 100.0
TARGET_KB_A_CONNECTION = 50.0
SEATS = 4
MAX_TABLES = 600  # 2,400 connections at the most, whatever is asked
HANDSHAKES_AT_ONCE = 32
SPADES_BID = "bid 3"  # four of them: 12 of the 13 tricks bid, so games end
STALL_S = 15.0  # a table with no move for this long at the end is not held
START_SPREAD_S = 5.0  # the hosts press start over this long, not all in one instant
# The README's single-player figures (web_server.py: 100 tables of one person
# against bots, 57 moves/s; the target there is p99 20 ms).
SINGLE_TABLES = 100
SINGLE_ROW = ("100", "100", "", "1 person", "57", "2.9-3.3", "7.3-11.1", "", "2.1/6.5",
              "", "", "", "", "(README)")
SINGLE_P99 = (7.3, 11.1)


@dataclass
class Table:
    """A table with friends: its seats' tokens, and what the load saw of it."""

    id: str
    game: str
    tokens: list[str]
    # (table id, version) -> (when the act was sent, the clients that have its view)
    pending: dict[tuple[str, int], tuple[float, set[int]]] = field(default_factory=dict)
    moves: int = 0
    last_move: float = 0.0
    errors: list[str] = field(default_factory=list)
    stale: int = 0  # "the table has moved on": a race the protocol answers, not a failure
    finished: set[str] = field(default_factory=set)  # games played to the end


@dataclass
class Level:
    """One level's figures."""

    tables: int
    deflate: bool
    seconds: float
    latencies: list[float] = field(default_factory=list)
    held: int = 0
    moves: int = 0
    stale: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    server_log: list[str] = field(default_factory=list)  # what the server said meanwhile
    ended: float = 0.0  # the load's clock when the level stopped playing
    rss: dict[str, int] = field(default_factory=dict)
    inside: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)

    @property
    def connections(self) -> int:
        return self.tables * SEATS

    def kb(self, since: str, until: str, per: int) -> float:
        return (self.rss[until] - self.rss[since]) / max(1, per)

    def met(self) -> bool:
        p99 = spread(self.latencies)[1] * 1000
        return (bool(self.latencies) and self.held == self.tables and p99 <= TARGET_P99_MS
                and self.kb("before", "end", self.connections) <= TARGET_KB_A_CONNECTION)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_table(url: str, game: str, seed: int) -> Table:
    """A table with friends: its host, and three people who take the other seats."""
    host = Person(url)
    made = host.post("/api/tables", {"game": game, "seed": seed, "level": "easy",
                                     "friends": {"grace": 300}})
    tokens = [made["token"]]
    for n in range(1, SEATS):
        tokens.append(Person(url).post(f"/api/tables/{made['table']}/seats",
                                       {"name": f"Guest {n}"})["token"])
    return Table(made["table"], game, tokens)


class Load:
    """Every client of one level, and when they may play."""

    def __init__(self, url: str, tables: list[Table], think: tuple[float, float],
                 deflate: bool, latencies: list[float], quiet: bool = False) -> None:
        self.ws_url = url.replace("http", "ws", 1)
        self.tables = tables
        self.think = think
        self.deflate = deflate
        self.latencies = latencies
        self.quiet = quiet  # no progress bars (the warm-up)
        self.go = asyncio.Event()  # the host starts, everyone plays
        self.playing = False
        self.measuring = False  # once every table has started and played a little
        self.stopping = False
        self.handshakes = asyncio.Semaphore(HANDSHAKES_AT_ONCE)
        self.sockets: set[ClientConnection] = set()

    async def dial(self, table_id: str) -> ClientConnection:
        async with self.handshakes:
            ws = await connect(f"{self.ws_url}/ws/{table_id}", proxy=None,
                               compression="deflate" if self.deflate else None,
                               ping_interval=None,  # as a browser: it answers pings only
                               open_timeout=120, close_timeout=5, max_size=1 << 20)
        self.sockets.add(ws)
        return ws


class Player:
    """One person at a table: a connection, the latest view, and its moves."""

    def __init__(self, load: Load, table: Table, index: int, rng: random.Random) -> None:
        self.load = load
        self.table = table
        self.index = index  # 0 is the host
        self.rng = rng
        self.table_id = table.id
        self.latest: dict[str, Any] | None = None
        self.version = -1
        self.acted: tuple[str, int] | None = None
        self.voted: str | None = None
        self.passed: tuple[str, int] | None = None  # the hand whose pass was sent
        self.sent = 0
        self.changed = asyncio.Event()
        self.first_view = asyncio.Event()

    async def run(self) -> None:
        token = self.table.tokens[self.index]
        while True:
            try:
                ws = await self.load.dial(self.table_id)
            except (OSError, TimeoutError, WebSocketException) as e:
                self.table.errors.append(f"could not connect: {e!r}")
                self.first_view.set()
                return
            try:
                await ws.send(json.dumps({"type": "hello", "token": token, "version": None}))
                following = await self.listen(ws)
            finally:
                self.load.sockets.discard(ws)
                with contextlib.suppress(Exception):
                    await ws.close()
            if following is None:
                return
            self.table_id, self.latest, self.version = following, None, -1

    async def listen(self, ws: ClientConnection) -> str | None:
        """Messages until the connection ends (None) or a rematch names the next table."""
        actor = asyncio.create_task(self.act(ws))
        try:
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "view":
                    self.seen(message, now)
                elif kind == "rematch":
                    return str(message["table"])
                elif kind == "error":
                    if "moved on" in message["reason"]:
                        self.table.stale += 1
                    else:
                        self.table.errors.append(message["reason"])
                    self.acted = self.passed = None
                    await ws.send('{"type": "sync"}')
            if not self.load.stopping:
                self.table.errors.append(f"connection closed ({ws.close_code})")
            return None
        except ConnectionClosed as e:
            if not self.load.stopping:
                self.table.errors.append(f"connection dropped: {e}")
            return None
        finally:
            actor.cancel()
            self.first_view.set()

    def seen(self, message: dict[str, Any], now: float) -> None:
        version = message["version"]
        self.latest, self.version = message["view"], version
        self.first_view.set()
        table = self.table
        for key in [k for k in table.pending if k[0] == self.table_id and k[1] <= version]:
            sent_at, have = table.pending[key]
            have.add(self.index)
            if len(have) == SEATS:
                del table.pending[key]
                if self.load.playing:
                    if self.load.measuring:
                        self.load.latencies.append(now - sent_at)
                    table.moves += 1
                    table.last_move = now
        self.changed.set()

    def choice(self) -> tuple[int, str] | None:
        """The action to make on the latest view: (version, action), or None. The
        first legal action, but a Spades bid is 3 (the first is nil: four nils a
        hand and no game would ever end)."""
        view = self.latest
        if view is None or not view.get("legal") or (self.table_id, self.version) == self.acted:
            return None
        legal = view["legal"]
        if legal[0].startswith("pass ") and self.passed == (self.table_id, view["hand_number"]):
            return None  # sent already, and the view saying it is held is on its way
        return self.version, SPADES_BID if SPADES_BID in legal else legal[0]

    async def act(self, ws: ClientConnection) -> None:
        if self.index == 0 and not self.load.go.is_set():
            await self.load.go.wait()
            await asyncio.sleep(self.rng.uniform(0, START_SPREAD_S))
            if self.latest is not None and self.latest.get("status") == "waiting":
                await ws.send('{"type": "start"}')
        await self.load.go.wait()
        while self.load.playing:
            await self.changed.wait()
            self.changed.clear()
            view = self.latest
            if view is not None and view.get("over") and self.voted != self.table_id:
                self.voted = self.table_id
                self.table.finished.add(self.table_id)
                await ws.send('{"type": "rematch"}')
                continue
            if self.choice() is None:
                continue
            await asyncio.sleep(self.rng.uniform(*self.load.think))
            chosen = self.choice()  # the table may have moved while we thought
            if chosen is None or not self.load.playing:
                continue
            version, action = chosen
            self.acted = (self.table_id, version)
            assert self.latest is not None
            if action.startswith("pass "):
                self.passed = (self.table_id, self.latest["hand_number"])
            if self.latest.get("to_act") == self.latest.get("seat"):  # a move, not a held pass
                self.table.pending[(self.table_id, version + 1)] = (time.perf_counter(), set())
            self.sent += 1
            await ws.send(json.dumps({"type": "act", "version": version, "action": action,
                                      "id": f"a{self.sent}"}))


async def connect_all(load: Load, players: list[Player]) -> list[asyncio.Task[None]]:
    """Every player's connection, each with its first view (the waiting room)."""
    tasks = [asyncio.create_task(p.run()) for p in players]
    bar = Progress(len(players), f"connecting {len(players)}", enabled=not load.quiet)
    for p in players:
        await p.first_view.wait()
        bar.update(1)
    bar.close()
    return tasks


async def play(load: Load, players: list[Player], level: Level, pid: int,
               url: str) -> None:
    tasks = await asyncio.wait_for(connect_all(load, players),
                                   timeout=120 + 0.1 * len(players))
    await asyncio.sleep(1.0)
    level.rss["connected"] = rss_kb(pid)
    load.playing = True
    load.go.set()
    await asyncio.sleep(START_SPREAD_S + load.think[1])  # every table started and playing
    load.measuring = True
    server_cpu, own_cpu, started = cpu_seconds(pid), time.process_time(), time.monotonic()
    until = started + level.seconds
    bar = Progress(int(level.seconds), f"{level.tables} tables, seconds",
                   enabled=not load.quiet)
    while time.monotonic() < until:
        await asyncio.sleep(min(1.0, max(0.0, until - time.monotonic())))
        p99 = spread(load.latencies)[1] * 1000
        bar.update(1, note=f"{len(load.latencies)} moves, p99 {p99:.0f} ms")
    bar.close()
    load.playing = False  # no more moves; a last second for views on their way
    level.ended = time.perf_counter()
    elapsed = time.monotonic() - started
    level.cpu = {"server": (cpu_seconds(pid) - server_cpu) / elapsed,
                 "load": (time.process_time() - own_cpu) / elapsed}
    await asyncio.sleep(1.0)
    level.rss["end"] = rss_kb(pid)
    level.inside = (await asyncio.to_thread(Person(url).get, "/api/server"))["move_ms"]
    load.stopping = True
    closing = [ws.close() for ws in list(load.sockets)]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), timeout=30)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def warm_up(url: str, pid: int, think: tuple[float, float]) -> None:
    """A Spades and a Hearts table played for a few seconds: every module loaded,
    every cache and pool made, before the memory is read."""
    tables = [open_table(url, game, 10_000 + n) for n, game in enumerate(("spades", "hearts"))]
    load = Load(url, tables, think, True, [], quiet=True)
    players = [Player(load, t, i, random.Random(i)) for t in tables for i in range(SEATS)]
    await play(load, players, Level(len(tables), True, 3.0), pid, url)


def run_level(tables: int, deflate: bool, seconds: float, think: tuple[float, float],
              bot_delay: float, seed: int) -> Level:
    level = Level(tables, deflate, seconds)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "tables.db"
        server, url = start_server(db, bot_delay=bot_delay)
        try:
            asyncio.run(warm_up(url, server.pid, (0.05, 0.2)))
            time.sleep(1.0)
            level.rss["before"] = rss_kb(server.pid)
            opened = []
            bar = Progress(tables, f"opening {tables} tables")
            for n in range(tables):
                opened.append(open_table(url, "spades" if n % 2 == 0 else "hearts", seed + n))
                bar.update(1)
            bar.close()
            level.rss["tables"] = rss_kb(server.pid)
            rng = random.Random(seed)

            async def main() -> None:
                load = Load(url, opened, think, deflate, level.latencies)
                players = [Player(load, t, i, random.Random(rng.getrandbits(32)))
                           for t in opened for i in range(SEATS)]
                await play(load, players, level, server.pid, url)

            asyncio.run(main())
        finally:
            stop_server(server)
            level.server_log = db.with_suffix(".log").read_text(errors="replace").splitlines()
    level.moves = len(level.latencies)
    for t in opened:
        level.stale += t.stale
        level.games += len(t.finished)
        level.errors += t.errors[:3]
        if not t.errors and t.moves and level.ended - t.last_move < STALL_S:
            level.held += 1
    return level


def ms(x: float) -> str:
    return f"{x:.1f}" if x < 100 else f"{x:.0f}"


def report(levels: list[Level], think: tuple[float, float]) -> None:
    print(f"\nTables with friends, four WebSocket clients a table, each person thinking "
          f"{think[0]:g}-{think[1]:g} s and playing the first legal action (a Spades bid: "
          f"{SPADES_BID}); one server process, {os.cpu_count()} cores shared with the load "
          f"generator")
    print(environment())
    header = ("tables", "conns", "deflate", "held", "moves/s", "p50 ms", "p99 ms", "max ms",
              "server p50/p99", "KB/table", "KB/conn", "socket KB", "CPU srv/load", "met")
    rows = [header]
    for lv in levels:
        p50, p99, top = (x * 1000 for x in spread(lv.latencies))
        inside = lv.inside
        rows.append((str(lv.tables), str(lv.connections), "on" if lv.deflate else "off",
                     f"{lv.held}/{lv.tables}", f"{lv.moves / lv.seconds:.0f}", ms(p50),
                     ms(p99), ms(top),
                     f"{inside.get('p50', 0):.1f}/{inside.get('p99', 0):.1f}",
                     f"{lv.kb('before', 'end', lv.tables):.0f}",
                     f"{lv.kb('before', 'end', lv.connections):.1f}",
                     f"{lv.kb('tables', 'connected', lv.connections):.1f}",
                     f"{lv.cpu['server']:.0%}/{lv.cpu['load']:.0%}",
                     "yes" if lv.met() else "no"))
    rows.append(("target", str(TARGET_CONNECTIONS), "", f"{TARGET_TABLES}", "", "",
                 f"<{TARGET_P99_MS:.0f}", "", "", "", f"<{TARGET_KB_A_CONNECTION:.0f}",
                 "", "", ""))
    rows.append(SINGLE_ROW)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for n, r in enumerate(rows):
        print("  " + "  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
    print("  moves: a person's move, from the act sent to all four views of the new "
          "version received (the load's clock); server: GET /api/server, a message read "
          "to the views sent. KB/conn: the server's memory at the end less after a "
          "warm-up, over the connections; socket KB: connecting the sockets alone. "
          "The last row: the README's single-player load (web_server.py, target p99 "
          "20 ms).")
    for lv in levels:
        p99 = spread(lv.latencies)[1] * 1000
        rss = lv.rss
        ratio = f"{TARGET_P99_MS / p99:.1f}x under" if 0 < p99 <= TARGET_P99_MS else \
            f"{p99 / TARGET_P99_MS:.1f}x over"
        print(f"  {lv.tables} tables (deflate {'on' if lv.deflate else 'off'}): p99 {ratio} "
              f"the target; {lv.games} games finished, {lv.stale} stale acts; server RSS "
              f"{rss['before'] / 1024:.0f} MB warm, {rss['tables'] / 1024:.0f} with the "
              f"tables, {rss['connected'] / 1024:.0f} connected, {rss['end'] / 1024:.0f} at "
              f"the end; p99 {p99 / SINGLE_P99[1]:.1f}x the single-player "
              f"{SINGLE_P99[1]:g} ms")
        if lv.errors:
            print(f"    errors (first few): {'; '.join(lv.errors[:5])}")
        if lv.server_log:
            print(f"    the server logged {len(lv.server_log)} lines, the first: "
                  f"{lv.server_log[0][:200]}")


def chart(levels: list[Level], width: int = 640, height: int = 380) -> str:
    """p99 (and p50) against the number of tables, the target's line and point,
    and the README's single-player p99 for comparison."""
    left, right, top, bottom = 60, 150, 30, 45
    pw, ph = width - left - right, height - top - bottom
    hi_n = max([TARGET_TABLES] + [lv.tables for lv in levels]) * 1.05
    values = [spread(lv.latencies)[1] * 1000 for lv in levels]
    lo, hi = 1.0, max([TARGET_P99_MS] + values) * 1.5  # ms, on a log scale

    def px(n: float) -> float:
        return left + pw * n / hi_n

    def py(v: float) -> float:
        return top + ph * (1 - math.log(min(max(v, lo), hi) / lo) / math.log(hi / lo))

    out = [f'<line x1="{left}" y1="{py(TARGET_P99_MS):.1f}" x2="{left + pw}" '
           f'y2="{py(TARGET_P99_MS):.1f}" stroke="#d94801" stroke-dasharray="5 3"/>',
           f'<text x="{left + pw + 6}" y="{py(TARGET_P99_MS) + 4:.1f}" fill="#d94801">'
           f'target p99 {TARGET_P99_MS:.0f} ms</text>',
           f'<circle cx="{px(TARGET_TABLES):.1f}" cy="{py(TARGET_P99_MS):.1f}" r="5" '
           'fill="none" stroke="#d94801"><title>target: 500 tables, 2,000 connections'
           '</title></circle>',
           f'<line x1="{px(SINGLE_TABLES):.1f}" y1="{py(SINGLE_P99[0]):.1f}" '
           f'x2="{px(SINGLE_TABLES):.1f}" y2="{py(SINGLE_P99[1]):.1f}" '
           'stroke="#636363" stroke-width="4"><title>single player (README): p99 '
           f'{SINGLE_P99[0]:g}-{SINGLE_P99[1]:g} ms at 100 tables</title></line>',
           f'<text x="{px(SINGLE_TABLES) + 6:.1f}" y="{py(SINGLE_P99[1]) - 4:.1f}" '
           'fill="#636363">single player p99 (README)</text>']
    for v in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000):
        if v > hi:
            break
        out.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v} ms</text>')
    for n in sorted({lv.tables for lv in levels} | {TARGET_TABLES}):
        out.append(f'<text x="{px(n):.1f}" y="{top + ph + 16}" text-anchor="middle">{n}</text>')
    series = [("p99", True, "#08519c", ""), ("p50", True, "#6baed6", ' stroke-dasharray="4 3"'),
              ("p99, no deflate", False, "#238b45", "")]
    for label, deflate, colour, dash in series:
        pts = sorted((lv.tables, spread(lv.latencies)[1 if label.startswith("p99") else 0]
                      * 1000) for lv in levels if lv.deflate == deflate and lv.latencies)
        if not pts:
            continue
        line = " ".join(f"{px(n):.1f},{py(v):.1f}" for n, v in pts)
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        for n, v in pts:
            out.append(f'<circle cx="{px(n):.1f}" cy="{py(v):.1f}" r="3.5" fill="{colour}">'
                       f'<title>{label}, {n} tables: {v:.1f} ms</title></circle>')
        n, v = pts[-1]
        out.append(f'<text x="{left + pw + 6}" y="{py(v) + 4:.1f}" fill="{colour}">'
                   f'{label}</text>')
    return svg_page(width, height, (left, top, pw, ph),
                    "Tables with friends on one server: a move to all four views, against "
                    "tables in play", "tables in play (four connections each; the load "
                    "generator on the same 2 cores); ms on a log scale", out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="50,100,200,500", metavar="N,N,...",
                        help=f"the levels: tables in play at once (default 50,100,200,500; "
                        f"at most {MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="seconds each level plays (default 60)")
    parser.add_argument("--think", default="1,4", metavar="LOW,HIGH",
                        help="seconds a person thinks before each move (default 1,4)")
    parser.add_argument("--deflate", choices=("on", "off", "both"), default="on",
                        help="whether the clients offer per-message deflate (browsers do); "
                        "both: each level twice, on then off")
    parser.add_argument("--bot-delay", type=float, default=0.1,
                        help="the server's --bot-delay (no seat has a bot unless a person "
                        "is replaced)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", metavar="FILE.svg", help="an SVG chart of p99 against N")
    args = parser.parse_args()
    try:
        counts = [int(x) for x in args.tables.split(",")]
        low, high = (float(x) for x in args.think.split(","))
    except ValueError:
        parser.error("--tables is numbers like 50,100 and --think two seconds like 1,4")
    if not all(1 <= n <= MAX_TABLES for n in counts):
        parser.error(f"a level is 1 to {MAX_TABLES} tables ({SEATS * MAX_TABLES} connections)")
    if not 0 <= low <= high <= 60 or not 1 <= args.seconds <= 600:
        parser.error("--think is 0-60 s (LOW <= HIGH) and --seconds 1 to 600")
    if args.plot and not args.plot.endswith(".svg"):
        parser.error("--plot writes an .svg file")
    limit = raise_open_files(2 * SEATS * max(counts) + 256)  # both ends of each socket here
    if limit < SEATS * max(counts) + 128:
        parser.error(f"the open-file limit is {limit}: too low for {max(counts)} tables")
    modes = {"on": [True], "off": [False], "both": [True, False]}[args.deflate]
    levels: list[Level] = []
    try:
        for n in counts:
            for deflate in modes:
                print(f"{n} tables, {SEATS * n} connections, deflate "
                      f"{'on' if deflate else 'off'}", file=sys.stderr)
                levels.append(run_level(n, deflate, args.seconds, (low, high),
                                        args.bot_delay, args.seed))
    except KeyboardInterrupt:
        print("\nstopped: the server is stopped; the levels done so far follow",
              file=sys.stderr)
    if not levels:
        return 130
    report(levels, (low, high))
    if args.plot:
        Path(args.plot).write_text(chart(levels), encoding="utf-8")
        print(f"chart: {args.plot}")
    return 0 if all(lv.met() for lv in levels) else 1


if __name__ == "__main__":
    sys.exit(main())
