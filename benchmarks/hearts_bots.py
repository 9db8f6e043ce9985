"""Hearts bots against each other in duplicate matches, and the expert against
OpenSpiel's IS-MCTS (1,000 simulations a move, random rollouts).

Each level should beat the one below it (the 95% interval of A - B below
zero: fewer points is better); the expert should take at least 2 points a
hand fewer than IS-MCTS; the expert's decisions should take a median of at
most 100 ms and a 95th percentile of at most 300 ms.

    python benchmarks/hearts_bots.py --hands 300 --seed 1
    python benchmarks/hearts_bots.py --match expert-ismcts --hands 200
    python benchmarks/hearts_bots.py --match expert-normal --a-opt time_budget=0.3

IS-MCTS's seats pass as our ``normal`` bot (its passing crashes OpenSpiel), so
that match compares the card play.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from parlour.arena_hearts import duplicate_match, report_lines, time_figures
from parlour.bots.base import make_bot

MATCHES = {
    "easy-random": ("easy", "random"),
    "normal-easy": ("normal", "easy"),
    "expert-normal": ("expert", "normal"),
    "expert-ismcts": ("expert", "ismcts"),
}


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _sep, value = pair.partition("=")
        out[key] = float(value) if "." in value else int(value)
    return out


def run(name: str, hands: int, seed: int, a_opt: dict[str, Any],
        b_opt: dict[str, Any]) -> dict[str, Any]:
    a, b = MATCHES[name]
    started = time.monotonic()

    def progress(i: int, r: Any) -> None:
        if i % 10 == 0:
            m, half = r.diff()
            print(f"  [{name}] {i}/{hands} deals: A - B {m:+.2f} +- {half:.2f}",
                  file=sys.stderr, flush=True)

    result = duplicate_match(lambda s: make_bot("hearts", a, seed=s, **a_opt),
                             lambda s: make_bot("hearts", b, seed=s, **b_opt),
                             hands=hands, seed=seed, progress=progress)
    for line in report_lines(result, a, b):
        print(line, flush=True)
    figures = result.to_json()
    figures.update(match=name, seed=seed, seconds=round(time.monotonic() - started, 1),
                   a_options=a_opt, b_options=b_opt)
    m, half = result.diff()
    figures["a_better"] = m + half < 0
    print(f"  A better with 95% confidence: {figures['a_better']}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help="a match to run (default: all)")
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals a match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    out = []
    for name in args.match or list(MATCHES):
        print(f"{name}:", flush=True)
        out.append(run(name, args.hands, args.seed, _options(args.a_opt),
                       _options(args.b_opt)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


__all__ = ["main", "run", "time_figures"]

if __name__ == "__main__":
    sys.exit(main())
