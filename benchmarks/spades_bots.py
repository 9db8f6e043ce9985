"""Spades bot levels against each other in duplicate matches, and decision times.

    python benchmarks/spades_bots.py                       # every level against the one below
    python benchmarks/spades_bots.py --pairs expert:normal --hands 400 --seed 1
    python benchmarks/spades_bots.py --dd                  # double-dummy solve times
    python benchmarks/spades_bots.py --json
    python benchmarks/spades_bots.py --summary benchmarks/logs/spades_expert_normal.jsonl

``--summary`` pools logged matches (one ``parlour arena ... --json`` line a
seed, the seeds disjoint): each seed's difference, and the mean over the seeds
with a 95% interval from their intervals' standard errors combined.

Targets (issue 5): each level beats the one below with a 95% interval clear of
zero; expert against normal at least +25 points a hand; expert decision time
median <= 100 ms and 95th percentile <= 300 ms on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import parlour
from parlour.arena import run_match
from parlour.cards import SPADES, Rng, mask_of
from parlour.solvers.double_dummy import DoubleDummy

PAIRS = ["easy:random", "normal:easy", "expert:normal"]


def dd_times(tricks: list[int], deals: int, seed: int) -> list[dict[str, float]]:
    """Median and maximum time of a double-dummy solve of random endings."""
    rng = Rng(seed)
    out = []
    for n in tricks:
        ts = []
        nodes = []
        for _ in range(deals):
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [mask_of(deck[i * 13:i * 13 + n]) for i in range(4)]
            t = time.perf_counter()
            dd = DoubleDummy(hands, 0, trump=SPADES, side=0, break_suit=SPADES, broken=True)
            dd.value()
            ts.append(time.perf_counter() - t)
            nodes.append(dd.nodes)
        out.append({"tricks": n, "median_ms": round(1000 * statistics.median(ts), 2),
                    "max_ms": round(1000 * max(ts), 2), "median_nodes": statistics.median(nodes)})
    return out


def pooled(rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """The mean of the seeds' differences and its 95% interval, each seed's
    standard error read off its interval (the seeds have equal weight).

    >>> pooled([{"diff": 20.0, "ci95": [10.2, 29.8]}, {"diff": 30.0, "ci95": [20.2, 39.8]}])
    (25.0, 18.07..., 31.92...)
    """
    diffs = [float(r["diff"]) for r in rows]
    ses = [(float(r["ci95"][1]) - float(r["ci95"][0])) / 3.92
           for r in rows]
    mean = sum(diffs) / len(diffs)
    se = sum(x * x for x in ses) ** 0.5 / len(diffs)
    return mean, mean - 1.96 * se, mean + 1.96 * se


def summary(paths: list[str]) -> int:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path) as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    if not rows:
        print("no matches logged", file=sys.stderr)
        return 1
    seeds = [r["seed"] for r in rows]
    if len(set(seeds)) != len(seeds):
        print("a seed is logged twice: the deals would count twice", file=sys.stderr)
        return 1
    for r in sorted(rows, key=lambda r: int(r["seed"])):
        lo, hi = r["ci95"]
        note = f"  ({r['from']})" if "from" in r else ""
        print(f"  seed {r['seed']:>3}  {r['deals']} deals  {float(r['diff']):+6.1f}"
              f"  ({lo:+.1f} .. {hi:+.1f}){note}")
    mean, lo, hi = pooled(rows)
    deals = sum(int(r["deals"]) for r in rows)
    print(f"{rows[0]['a']} v {rows[0]['b']}: {len(rows)} seeds, {deals} deals: "
          f"{mean:+.1f} a hand ({lo:+.1f} .. {hi:+.1f})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", default=",".join(PAIRS),
                        help="comma-separated A:B level pairs (default: each v the one below)")
    parser.add_argument("--hands", type=int, default=200, help="deals a pair (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dd", action="store_true", help="also time the double-dummy solver")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--summary", nargs="+", metavar="LOG",
                        help="pool logged matches (JSON lines) instead of playing")
    args = parser.parse_args()
    if args.summary:
        return summary(args.summary)
    report: dict[str, object] = {"compiled": parlour.compiled(), "matches": []}
    matches: list[dict[str, object]] = []
    for pair in args.pairs.split(","):
        a, b = pair.split(":")
        result = run_match("spades", a, b, args.hands, args.seed,
                           progress=not args.json and sys.stderr.isatty())
        matches.append(result.summary())
        if not args.json:
            print(result.report(), flush=True)
    report["matches"] = matches
    if args.dd:
        report["double_dummy"] = dd_times([5, 6, 7, 8], 10, args.seed)
        if not args.json:
            print("double-dummy solve of random endings (spades trumps):")
            for row in report["double_dummy"]:  # type: ignore[attr-defined]
                print(f"  {row['tricks']} tricks: median {row['median_ms']:.1f} ms, "
                      f"max {row['max_ms']:.1f} ms, {row['median_nodes']:.0f} nodes")
    if args.json:
        print(json.dumps(report))
    else:
        print(f"(compiled: {parlour.compiled()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
