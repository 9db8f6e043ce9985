"""``parlour solve klondike``: solve one deal, or a batch of seeded deals.

    parlour solve klondike --seed 7 --draw 3 --time-limit 10 [--json] [--record FILE]
    parlour solve klondike --deal "AS 2C ..." --draw 1
    parlour solve klondike --batch 1000 --draw 3 [--start 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from parlour.commands import positive, seconds
from parlour.files import output_path, write_atomically
from parlour.games.klondike import deal_from_seed, deal_to_string, parse_deal
from parlour.progress import Progress
from parlour.records import dumps
from parlour.solvers.klondike import SolveResult, replays, solution_record, solve


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve", help="solve a Klondike deal with every card known (win, lose or unknown)",
        description="Solve Klondike deals: 'win' with a move list that replays, 'lose' only "
                    "when proved by exhaustive search, 'unknown' when out of time.")
    parser.add_argument("game", choices=["klondike"], help="the game (klondike)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--seed", type=int, help="solve the deal of this seed")
    which.add_argument("--deal", help="solve this deal: 52 card codes (tableau, then stock)")
    which.add_argument("--batch", type=positive, metavar="N", help="solve N seeded deals")
    parser.add_argument("--start", type=int, default=0, help="first seed of a batch (default 0)")
    parser.add_argument("--draw", type=int, choices=[1, 3], default=1)
    parser.add_argument("--time-limit", type=seconds, default=10.0, metavar="S",
                        help="seconds a deal (default 10)")
    parser.add_argument("--jobs", type=positive, default=1,
                        help="processes for a batch (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--record", metavar="FILE",
                        help="save a won deal's moves as a parlour-record/1 file")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        summary = run_batch(args.batch, args.draw, args.time_limit, args.start, args.jobs,
                            progress=not args.json)
        print(json.dumps(summary.to_json(), indent=1) if args.json else summary.report())
        return 0
    seed = args.seed if args.seed is not None or args.deal is not None else 0
    try:
        record = output_path(args.record, "--record") if args.record is not None else None
        deal = parse_deal(args.deal) if args.deal is not None else deal_from_seed(seed)
    except ValueError as e:
        print(f"parlour solve: {e}", file=sys.stderr)
        return 2
    result = solve(deal, args.draw, args.time_limit)
    if result.result == "win" and not replays(deal, result.moves, args.draw):
        print("parlour solve: the solver's line does not replay (a bug)", file=sys.stderr)
        return 1
    if record is not None and result.result == "win":
        write_atomically(record, dumps(solution_record(deal, result, args.draw)) + "\n")
    which = ("the deal given" if args.deal is not None else f"seed {seed}"
             + ("" if args.seed is not None else " (no --seed or --deal given)"))
    if args.json:
        out = result.to_json()
        out["deal"] = deal_to_string(deal)
        out["seed"] = seed
        out["draw"] = args.draw
        print(json.dumps(out))
    else:
        print(f"Klondike draw {args.draw}, {which}")
        found = "found by" if result.result == "win" else "proved by"
        how = f", {found} {BY_NAMES[result.by]}" if result.by in BY_NAMES else ""
        print(f"{result.result}  ({result.states} states, {result.seconds:.2f} s{how})")
        if result.moves:
            print(f"{len(result.moves)} moves:")
            for i in range(0, len(result.moves), 8):
                print("  " + ", ".join(result.moves[i:i + 8]))
    return 0


# --- batches -------------------------------------------------------------------


Solved = tuple[int, str, float, int, str]  # seed, result, seconds, positions, which search


def _solve_seed(job: tuple[int, int, float]) -> Solved:
    seed, draw, limit = job
    result: SolveResult = solve(deal_from_seed(seed), draw, limit)
    if result.result == "win" and not replays(deal_from_seed(seed), result.moves, draw):
        return seed, "bad-win", result.seconds, result.states, result.by
    return seed, result.result, result.seconds, result.states, result.by


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k / n``.

    >>> [round(x, 3) for x in wilson(82, 100)]
    [0.733, 0.883]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


PUBLISHED = {1: 90.480, 3: 81.945}
# the searches that settle a deal (``SolveResult.by``), as the report names them
BY_NAMES = {"quick": "the quick search", "exact": "the exact search",
            "draw1": "the draw-1 relaxation", "swap": "the swap-game relaxation",
            "best": "the best-first search", "blocked": "a blocked start"}


@dataclass
class BatchSummary:
    draw: int
    time_limit: float
    results: list[Solved]

    def count(self, what: str) -> int:
        return sum(1 for r in self.results if r[1] == what)

    def seconds(self) -> list[float]:
        return sorted(r[2] for r in self.results)

    def percentile(self, q: float) -> float:
        times = self.seconds()
        if not times:
            return 0.0
        return times[min(len(times) - 1, math.ceil(q * len(times)) - 1)]

    def speed(self) -> tuple[float, int]:
        """Positions searched a second, median over the deals that took a second or
        more (the quick deals are mostly set-up), and how many deals that is: a
        machine's speed, so batches run on different machines, or the same machine
        at another time, can be told apart."""
        rates = [r[3] / r[2] for r in self.results if r[2] >= 1.0]
        return (statistics.median(rates) if rates else 0.0), len(rates)

    def to_json(self) -> dict[str, Any]:
        n = len(self.results)
        out: dict[str, Any] = {"deals": n, "draw": self.draw, "time_limit": self.time_limit}
        for what in ("win", "lose", "unknown", "bad-win"):
            k = self.count(what)
            lo, hi = wilson(k, n)
            out[what] = {"count": k, "share": k / n if n else 0.0, "interval": [lo, hi]}
        out["settled"] = (self.count("win") + self.count("lose")) / n if n else 0.0
        out["median_seconds"] = statistics.median(self.seconds()) if n else 0.0
        out["p99_seconds"] = self.percentile(0.99)
        out["positions_a_second"] = round(self.speed()[0])
        out["unknown_seeds"] = [r[0] for r in self.results if r[1] == "unknown"]
        return out

    def report(self) -> str:
        n = len(self.results)
        lines = [f"Klondike draw {self.draw}: {n} deals, {self.time_limit:g} s a deal"]
        for what in ("win", "lose", "unknown"):
            k = self.count(what)
            lo, hi = wilson(k, n)
            lines.append(f"  {what:<8} {k:5}  {100 * k / max(n, 1):6.2f}%  "
                         f"(95% interval {100 * lo:.2f}..{100 * hi:.2f})")
        if self.count("bad-win"):
            lines.append(f"  WINS THAT DO NOT REPLAY: {self.count('bad-win')}")
        settled = self.count("win") + self.count("lose")
        lines.append(f"  settled  {100 * settled / max(n, 1):.2f}%")
        wins_settled = self.count("win") / settled if settled else 0.0
        lines.append(f"  winnable among settled {100 * wins_settled:.2f}%; published "
                     f"{PUBLISHED[self.draw]:.3f}% (Solvitaire)")
        lines.append(f"  time a deal: median {statistics.median(self.seconds()) if n else 0:.3f} s"
                     f" (published C++ median 0.02 s), 99th percentile "
                     f"{self.percentile(0.99):.2f} s")
        by = Counter(BY_NAMES.get(r[4], r[4]) for r in self.results
                     if r[1] in ("win", "lose") and r[4])
        if by:
            lines.append("  settled by " + ", ".join(f"{name} {k}" for name, k in by.most_common()))
        rate, slow = self.speed()
        if slow:
            which = (f"median of the {slow} deals" if slow > 1 else "the one deal")
            lines.append(f"  search speed {rate:,.0f} positions a second ({which} that took "
                         "1 s or more: this machine's speed)")
        return "\n".join(lines)


def run_batch(deals: int, draw: int, time_limit: float, start: int = 0, jobs: int = 1,
              progress: bool = True) -> BatchSummary:
    """Solve seeds ``start .. start+deals-1`` with a progress bar on stderr."""
    work = [(seed, draw, time_limit) for seed in range(start, start + deals)]
    results: list[Solved] = []
    with Progress(deals, f"draw {draw}", enabled=progress) as bar:
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                for r in pool.map(_solve_seed, work):
                    results.append(r)
                    bar.update(note=_tally(results))
        else:
            for job in work:
                results.append(_solve_seed(job))
                bar.update(note=_tally(results))
    return BatchSummary(draw, time_limit, results)


def _tally(results: list[Solved]) -> str:
    wins = sum(1 for r in results if r[1] == "win")
    loses = sum(1 for r in results if r[1] == "lose")
    return f"win {wins} lose {loses} unknown {len(results) - wins - loses}"
