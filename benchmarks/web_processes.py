"""Tables with friends on one server process and on two behind nginx: the same
load (``web_tables.py``'s: four WebSocket clients a table, each person thinking
1 to 4 s, whole games and rematches) against

- one process on SQLite (``make run``'s embedded store),
- one process on PostgreSQL,
- two processes on one PostgreSQL and one Redis, behind nginx (round robin,
  no stickiness): the deployment of ``docs/deploy.md``,

side by side in one run, each on fresh servers of its own (a throwaway
PostgreSQL cluster, redis-server and nginx, Debian's, on loopback ports). For
each: a move's time from the act sent to all four views received (p50, p99,
max), moves a second, tables held, and where the time goes: the CPU of each
server process, of PostgreSQL (every backend), of Redis, of nginx and of the
load generator, as a share of one core and as CPU milliseconds a move; and
each process's own move times (``GET /api/server``). Everything shares this
machine's cores, the load generator included: the per-move CPU figures are
what an operator sizes a larger machine with.

    python benchmarks/web_processes.py                       # 200 tables, 60 s each
    python benchmarks/web_processes.py --tables 50 --seconds 20
    python benchmarks/web_processes.py --plot docs/web_processes.svg
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the tests' servers

from common import Person, environment, raise_open_files, spread, svg_page  # noqa: E402
from databases import Cluster, pg_bin  # noqa: E402
from parlour.progress import Progress  # noqa: E402
from parlour.server.store import Store  # noqa: E402
from services import Nginx, Redis, Server, children_of  # noqa: E402
from web_tables import (  # noqa: E402
    SEATS,
    TARGET_P99_MS,
    Load,
    Player,
    Table,
    connect_all,
    cpu_seconds,
    open_table,
)

SETUPS = ("sqlite", "postgresql", "two")
TITLES = {"sqlite": "1 process, SQLite", "postgresql": "1 process, PostgreSQL",
          "two": "2 processes + nginx, PostgreSQL, Redis"}


def _cpu(pids: list[int]) -> dict[int, float]:
    seen = {}
    for pid in pids:
        try:
            seen[pid] = cpu_seconds(pid)
        except (OSError, IndexError):
            continue
    return seen


@dataclass
class Part:
    """A component whose CPU is counted: its processes, found again each time
    (PostgreSQL starts a backend a connection)."""

    name: str
    roots: list[int]
    with_children: bool = True
    start: dict[int, float] = field(default_factory=dict)

    def pids(self) -> list[int]:
        found = list(self.roots)
        if self.with_children:
            for root in self.roots:
                found += children_of(root)
        return found

    def mark(self) -> None:
        self.start = _cpu(self.pids())

    def used(self) -> float:
        now = _cpu(self.pids())
        return sum(v - self.start.get(pid, 0.0) for pid, v in now.items())


@dataclass
class Result:
    setup: str
    tables: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    held: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)  # share of one core
    inside: list[dict[str, Any]] = field(default_factory=list)  # each process's /api/server


def _postmaster(cluster: Cluster) -> int:
    return int((cluster.data / "postmaster.pid").read_text().split()[0])


async def _play(url: str, tables: list[Table], result: Result, parts: list[Part],
                think: tuple[float, float], seed: int) -> None:
    load = Load(url, tables, think, False, result.latencies)
    rng = random.Random(seed)
    players = [Player(load, t, i, random.Random(rng.getrandbits(32)))
               for t in tables for i in range(SEATS)]
    tasks = await asyncio.wait_for(connect_all(load, players), timeout=120 + 0.1 * len(players))
    load.playing = True
    load.go.set()
    await asyncio.sleep(5.0 + think[1])  # every table started and playing
    load.measuring = True
    for part in parts:
        part.mark()
    own, started = time.process_time(), time.monotonic()
    bar = Progress(int(result.seconds), f"{TITLES[result.setup]}: {result.tables} tables")
    until = started + result.seconds
    while time.monotonic() < until:
        await asyncio.sleep(min(1.0, max(0.0, until - time.monotonic())))
        bar.update(1, note=f"{len(result.latencies)} moves, "
                           f"p99 {spread(result.latencies)[1] * 1000:.0f} ms")
    bar.close()
    load.playing = False
    elapsed = time.monotonic() - started
    ended = time.perf_counter()
    result.cpu = {part.name: part.used() / elapsed for part in parts}
    result.cpu["load generator"] = (time.process_time() - own) / elapsed
    load.stopping = True
    await asyncio.gather(*(ws.close() for ws in list(load.sockets)), return_exceptions=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    result.moves = len(result.latencies)
    for t in tables:
        result.errors += t.errors[:3]
        if not t.errors and t.moves and ended - t.last_move < 15.0:
            result.held += 1


def run_setup(setup: str, tables: int, seconds: float, think: tuple[float, float],
              seed: int, cluster: Cluster | None) -> Result:
    result = Result(setup, tables, seconds)
    work = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    servers: list[Server] = []
    redis = nginx = None
    try:
        db = None
        if setup != "sqlite":
            assert cluster is not None
            db = cluster.url()
            Store(db).migrate()
        if setup == "two":
            redis = Redis()
            servers = [Server(work, db=db, redis=redis.url, bot_delay=0.1, name=f"p{n}")
                       for n in range(2)]
        else:
            servers = [Server(work, db=db, bot_delay=0.1)]
        for server in servers:
            server.start()
        if setup == "two":
            nginx = Nginx([s.port for s in servers], tls=False)  # (TLS's cost is nginx's alone)
        url = nginx.url if nginx is not None else servers[0].url
        bar = Progress(tables, f"opening {tables} tables")
        opened = []
        for n in range(tables):
            opened.append(open_table(url, "spades" if n % 2 == 0 else "hearts", seed + n))
            bar.update(1)
        bar.close()
        parts = []
        for n, server in enumerate(servers):
            assert server.process is not None
            parts.append(Part(f"server {n + 1}",
                              [server.process.pid]))
        if cluster is not None and setup != "sqlite":
            parts.append(Part("PostgreSQL", [_postmaster(cluster)]))
        if redis is not None and redis.process is not None:
            parts.append(Part("Redis", [redis.process.pid], with_children=False))
        if nginx is not None:
            parts.append(Part("nginx", [nginx.process.pid]))
        try:
            asyncio.run(_play(url, opened, result, parts, think, seed))
        except TimeoutError:
            result.errors.append("the clients could not all connect in time")
        for server in servers:
            result.inside.append(Person(server.url).get("/api/server"))
    finally:
        if nginx is not None:
            nginx.close()
        for server in servers:
            server.stop()
        if redis is not None:
            redis.close()
        shutil.rmtree(work, ignore_errors=True)
    return result


def report(results: list[Result], think: tuple[float, float]) -> None:
    print(f"\nTables with friends, four WebSocket clients a table, each person thinking "
          f"{think[0]:g}-{think[1]:g} s; every server, database, Redis, nginx and the load "
          f"generator on this machine's {os.cpu_count()} cores")
    print(environment())
    parts = sorted({name for r in results for name in r.cpu}, key=lambda n: (
        not n.startswith("server"), n == "load generator", n))
    header = ["setup", "tables", "held", "moves/s", "p50 ms", "p99 ms", "max ms",
              "process p99 ms", "write p99 wait+db", *(f"{p} CPU" for p in parts), "met"]
    rows = [header]
    for r in results:
        p50, p99, top = (x * 1000 for x in spread(r.latencies))
        inside = "/".join(f"{i['move_ms'].get('p99', 0):.1f}" for i in r.inside)
        waits = "/".join(f"{i['write_wait_ms'].get('p99', 0):.1f}+"
                         f"{i['write_ms'].get('p99', 0):.1f}" for i in r.inside)
        rows.append([TITLES[r.setup], str(r.tables), f"{r.held}/{r.tables}",
                     f"{r.moves / r.seconds:.0f}", f"{p50:.1f}", f"{p99:.1f}", f"{top:.0f}",
                     inside, waits, *(f"{r.cpu[p]:.0%}" if p in r.cpu else "" for p in parts),
                     "yes" if r.held == r.tables and p99 <= TARGET_P99_MS else "no"])
    rows.append(["target", "", "all", "", "", f"<{TARGET_P99_MS:.0f}", "", "", "",
                 *("" for _ in parts), ""])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for n, row in enumerate(rows):
        print("  " + "  ".join(c.rjust(w) if i else c.ljust(w)
                               for i, (c, w) in enumerate(zip(row, widths, strict=True))))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
    print("  CPU: a share of one core over the measured seconds. A move: from the act "
          "sent to all four views received, through nginx where there is one. Process "
          "p99: each process's own, a message read to the views sent; write: its writes' "
          "wait for the store's thread and the database's time (these three since the "
          "process started, the tables' start included).")
    print("\n  CPU milliseconds a move (what sizes a machine):")
    for r in results:
        per = {p: 1000 * v / max(1.0, r.moves / r.seconds) for p, v in r.cpu.items()}
        text = ", ".join(f"{p} {v:.2f}" for p, v in per.items())
        base = results[0]
        ratio = spread(r.latencies)[1] / max(1e-9, spread(base.latencies)[1])
        print(f"    {TITLES[r.setup]}: {text}; p99 {ratio:.2f}x {TITLES[base.setup]}'s")
        if r.errors:
            print(f"      errors (first few): {'; '.join(r.errors[:5])}")


def chart(results: list[Result], width: int = 680, height: int = 360) -> str:
    """Per setup, the CPU milliseconds a move of each component, stacked, and p99."""
    left, right, top, bottom = 250, 40, 30, 50
    pw, ph = width - left - right, height - top - bottom
    colours = ["#08519c", "#3182bd", "#6baed6", "#d94801", "#fd8d3c", "#31a354", "#969696"]
    names = sorted({n for r in results for n in r.cpu})
    per = [{p: 1000 * v / max(1.0, r.moves / r.seconds) for p, v in r.cpu.items()}
           for r in results]
    hi = max(sum(p.values()) for p in per) * 1.15 or 1.0
    band = ph / len(results)
    out = []
    for i, (r, costs) in enumerate(zip(results, per, strict=True)):
        y = top + i * band + band * 0.2
        x = float(left)
        p99 = spread(r.latencies)[1] * 1000
        out.append(f'<text x="{left - 8}" y="{y + band * 0.35:.1f}" text-anchor="end">'
                   f'{TITLES[r.setup]}</text>')
        out.append(f'<text x="{left - 8}" y="{y + band * 0.35 + 15:.1f}" text-anchor="end" '
                   f'fill="#636363">p99 {p99:.1f} ms</text>')
        for name in names:
            w = pw * costs.get(name, 0.0) / hi
            colour = colours[names.index(name) % len(colours)]
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
                       f'height="{band * 0.6:.1f}" fill="{colour}"><title>{name}: '
                       f'{costs.get(name, 0.0):.2f} CPU ms a move</title></rect>')
            x += w
    for n, name in enumerate(names):
        colour = colours[n % len(colours)]
        lx = left + (n % 4) * (pw / 4)
        ly = top + ph + 18 + 16 * (n // 4)
        out.append(f'<rect x="{lx:.1f}" y="{ly - 10:.1f}" width="10" height="10" '
                   f'fill="{colour}"/><text x="{lx + 14:.1f}" y="{ly:.1f}">{name}</text>')
    return svg_page(width, height + 16, (left, top, pw, ph),
                    "Where a move's CPU goes: one process and two behind nginx",
                    "CPU milliseconds a move, by component", out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables in play (default 200)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="seconds each setup is measured (default 60)")
    parser.add_argument("--think", default="1,4", metavar="LOW,HIGH")
    parser.add_argument("--setups", default=",".join(SETUPS),
                        help=f"which, in order (default {','.join(SETUPS)})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", metavar="FILE.svg")
    args = parser.parse_args()
    try:
        low, high = (float(x) for x in args.think.split(","))
    except ValueError:
        parser.error("--think is two seconds like 1,4")
    setups = args.setups.split(",")
    if not set(setups) <= set(SETUPS):
        parser.error(f"--setups is some of {', '.join(SETUPS)}")
    if not 1 <= args.tables <= 600 or not 1 <= args.seconds <= 600:
        parser.error("--tables is 1 to 600 and --seconds 1 to 600")
    raise_open_files(4 * SEATS * args.tables + 512)
    binaries = pg_bin()
    if binaries is None and setups != ["sqlite"]:
        parser.error("PostgreSQL is not installed (Debian's postgresql): make services")
    cluster = Cluster(binaries) if binaries is not None and setups != ["sqlite"] else None
    results = []
    try:
        for setup in setups:
            results.append(run_setup(setup, args.tables, args.seconds, (low, high), args.seed,
                                     cluster))
    except KeyboardInterrupt:
        print("\nstopped; the setups done so far follow", file=sys.stderr)
    except subprocess.SubprocessError as e:
        print(f"a server did not start: {e}", file=sys.stderr)
    finally:
        if cluster is not None:
            cluster.stop()
    if not results:
        return 130
    report(results, (low, high))
    if args.plot:
        Path(args.plot).write_text(chart(results), encoding="utf-8")
        print(f"chart: {args.plot}")
    return 0 if all(r.held == r.tables and spread(r.latencies)[1] * 1000 <= TARGET_P99_MS
                    for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
