"""Small helpers for side-by-side benchmarks: Parlour against a reference engine.

Time a callable for a number of iterations or seconds and get its rate, then
print the rates in one table with their ratio::

    from common import Rate, measure, print_table
    ours = measure(lambda: play_one_hand(), seconds=5, label="parlour")
    theirs = measure(lambda: play_reference_hand(), seconds=5, label="openspiel")
    print_table("Spades, random hands", "hands/s", [("random agent", ours, theirs)])

The web app's benchmarks share the rest: a ``parlour serve`` of their own
(``start_server``, ``stop_server``), HTTP clients with a player cookie each
(``Person``), the server's resident memory (``rss_kb``), the open-file limit
(``raise_open_files``) and a run's p50, p99 and max (``spread``); charts are
drawn on ``svg_page``.

Run the scripts from the repository root (``python benchmarks/x_speed.py``);
they import this module by its file name, as Python puts the script's own
directory on the path.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.cookiejar import CookieJar
from itertools import cycle
from pathlib import Path
from typing import Any

import parlour
from parlour.progress import Progress

# Runs shorter than this get no progress bar: it would only flicker.
_PROGRESS_AFTER_S = 3.0


@dataclass(frozen=True)
class Rate:
    """How many calls ran in how many seconds."""

    label: str
    calls: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.calls / self.seconds if self.seconds > 0 else 0.0


def measure(fn: Callable[[], object], *, iterations: int | None = None,
            seconds: float | None = None, label: str = "", warmup: int = 10,
            progress: bool | None = None) -> Rate:
    """Call ``fn`` ``iterations`` times, or repeatedly for ``seconds``; return the rate.

    Exactly one of ``iterations`` and ``seconds`` is given. A few warm-up calls
    run first and are not timed; the garbage collector is paused while timing
    (both sides alike) so a collection does not land in one side's window only.
    ``progress`` draws a bar on stderr (default: only for runs of 3 s or more).
    """
    if (iterations is None) == (seconds is None):
        raise ValueError("give exactly one of iterations and seconds")
    for _ in range(warmup):
        fn()
    long_run = seconds is not None and seconds >= _PROGRESS_AFTER_S
    show = long_run if progress is None else progress
    clock = time.perf_counter
    gc_was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        if iterations is not None:
            bar = Progress(iterations, label, enabled=show)
            step = max(1, iterations // 100)
            start = clock()
            done = 0
            while done < iterations:
                batch = min(step, iterations - done)
                for _ in range(batch):
                    fn()
                done += batch
                bar.update(batch)
            elapsed = clock() - start
            calls = iterations
        else:
            assert seconds is not None
            ticks = max(1, round(seconds * 10))
            bar = Progress(ticks, label, enabled=show)
            start = clock()
            deadline = start + seconds
            next_tick = start + seconds / ticks
            calls = 0
            now = start
            while now < deadline:
                # Check the clock every few calls only: reading it is not free.
                for _ in range(8):
                    fn()
                calls += 8
                now = clock()
                while now >= next_tick and bar.done < ticks:
                    bar.update(1)
                    next_tick += seconds / ticks
            elapsed = now - start
        if show:
            bar.close()
    finally:
        if gc_was_on:
            gc.enable()
    return Rate(label, calls, elapsed)


def best_of(repeats: int, run: Callable[[], Rate]) -> Rate:
    """The fastest of ``repeats`` runs: on a shared machine, the least disturbed one."""
    rates = [run() for _ in range(max(1, repeats))]
    return max(rates, key=lambda r: r.per_second)


def environment() -> str:
    """One line saying what ran: Python, platform, compiled or pure Parlour."""
    mode = "compiled (mypyc)" if parlour.compiled() else "pure Python (not compiled)"
    return (f"Python {platform.python_version()} on {platform.machine()} "
            f"{sys.platform}; Parlour {parlour.__version__} {mode}")


def format_rate(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def print_table(title: str, unit: str, rows: Sequence[tuple[str, Rate, Rate]],
                reference: str = "reference") -> None:
    """Print ``case | Parlour | reference | ratio`` rows; ratio > 1 means Parlour is faster."""
    header = ("case", f"Parlour {unit}", f"{reference} {unit}", "ratio")
    lines = [header]
    for case, ours, theirs in rows:
        ratio = ours.per_second / theirs.per_second if theirs.per_second else float("inf")
        lines.append((case, format_rate(ours.per_second), format_rate(theirs.per_second),
                      f"{ratio:.2f}x"))
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    print(title)
    print(environment())
    for n, line in enumerate(lines):
        cells = [line[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(line[1:], widths[1:],
                                                                          strict=True)]
        print("  " + "  ".join(cells))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
    print("  (ratio = Parlour / reference; above 1 means Parlour is faster)")


def numbers(seed: int, n: int = 1 << 16) -> Callable[[], int]:
    """A near-free source of pseudo-random choices, the same for both sides of a race."""
    rng = random.Random(seed)
    return cycle([rng.getrandbits(30) for _ in range(n)]).__next__


def race(ours: Callable[[], object], theirs: Callable[[], object], seconds: float,
         repeats: int, label: str) -> tuple[Rate, Rate]:
    """Alternate the two sides ``repeats`` times; keep each side's best run."""
    best: list[Rate | None] = [None, None]
    for r in range(repeats):
        for side, (name, fn) in enumerate((("Parlour", ours), ("OpenSpiel", theirs))):
            rate = measure(fn, seconds=seconds, label=f"{label}: {name} {r + 1}/{repeats}")
            old = best[side]
            if old is None or rate.per_second > old.per_second:
                best[side] = rate
    assert best[0] is not None and best[1] is not None
    return best[0], best[1]


def engines_race(description: str, game: str, options: dict[str, Any], title: str,
                 target: float, sides: Callable[[Any, int], Sequence[tuple[
                     str, Callable[[], object], Callable[[], object]]]]) -> int:
    """The command line of a race of our engine against OpenSpiel's on random
    complete hands (``hearts_speed.py``, ``spades_speed.py``): ``--seconds``,
    ``--repeats``, ``--quick``, ``--seed``; ``sides(game, seed)`` gives each
    row's label, our side and theirs; the first row is judged against
    ``target`` (our rate at least that many times OpenSpiel's)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=3.0, help="per side per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="1 s per side, 1 repeat")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.repeats = 1.0, 1
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): nothing to compare with")
        return 0
    loaded = pyspiel.load_game(game, options) if options else pyspiel.load_game(game)
    rows = [(label, *race(ours, theirs, args.seconds, args.repeats, label))
            for label, ours, theirs in sides(loaded, args.seed)]
    print()
    print_table(f"{title}, best of {args.repeats} x {args.seconds:g} s a side", "hands/s",
                rows, reference="OpenSpiel")
    ratio = rows[0][1].per_second / rows[0][2].per_second
    verdict = "meets" if ratio >= target else "MISSES"
    print(f"  target: Parlour >= {target}x OpenSpiel with the {rows[0][0]}: {verdict} "
          f"({ratio:.2f}x)")
    return 0


# --- the web app under test ----------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: Path, bot_delay: float = 0.0) -> tuple[subprocess.Popen[bytes], str]:
    """``parlour serve`` on a free port of 127.0.0.1 with the SQLite file ``db``;
    its log goes to ``db`` with the suffix ``.log`` (a pipe nobody reads would
    stop a busy server once full)."""
    port = free_port()
    log = db.with_suffix(".log")
    with log.open("wb") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "parlour.cli", "serve", "--port", str(port), "--no-browser",
             "--bot-delay", str(bot_delay), "--db", str(db)],
            stdout=subprocess.DEVNULL, stderr=err)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/api/me", timeout=1).read()
            return server, url
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.1)
    stop_server(server)
    raise SystemExit(f"the server did not start: {log.read_text(errors='replace')}")


def stop_server(server: subprocess.Popen[bytes], wait: float = 15.0) -> None:
    """Stop it as Ctrl-C would (its worker processes with it); killed if it lingers."""
    if server.poll() is None:
        server.terminate()
    try:
        server.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def rss_kb(pid: int) -> int:
    """A process's resident memory, in KB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def raise_open_files(wanted: int) -> int:
    """Raise this process's open-file limit towards ``wanted`` (as far as the hard
    limit allows; a server started afterwards inherits it); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


class Person:
    """An HTTP client of the web app with its own player cookie (no proxy: the
    server is on this machine)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}),
                                                  urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> Any:
        return json.loads(self.opener.open(self.url + path, timeout=60).read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(self.url + path, method="POST",
                                         data=json.dumps(body).encode())
        return json.loads(self.opener.open(request, timeout=60).read())


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """p50, p99 and max of ``values`` (0s when there are none)."""
    if not values:
        return 0.0, 0.0, 0.0
    ordered = sorted(values)
    n = len(ordered)
    middle = n // 2
    p50 = ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return p50, ordered[min(n - 1, int(n * 0.99))], ordered[-1]


def svg_page(width: int, height: int, box: tuple[float, float, float, float], title: str,
             caption: str, body: Sequence[str]) -> str:
    """An SVG chart, dependency-free: a white page, ``title`` above, ``body`` (the
    marks, drawn in ``box``: left, top, width, height), the box's frame and
    ``caption`` below it."""
    left, top, pw, ph = box
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="18">{title}</text>', *body,
           f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>',
           f'<text x="{left + pw / 2:.0f}" y="{height - 8}" text-anchor="middle">{caption}</text>',
           "</svg>"]
    return "\n".join(out) + "\n"
