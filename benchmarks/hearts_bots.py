"""Hearts bots against each other in duplicate matches, and the expert against
OpenSpiel's IS-MCTS (1,000 simulations a move, random rollouts).

Each level should beat the one below it (the 95% interval of A - B below
zero: fewer points is better); the expert should take at least 2 points a
hand fewer than IS-MCTS; the expert's decisions should take a median of at
most 100 ms and a 95th percentile of at most 300 ms.

    python benchmarks/hearts_bots.py --hands 300 --seed 1
    python benchmarks/hearts_bots.py --match expert-ismcts --hands 200
    python benchmarks/hearts_bots.py --match expert-normal --a-opt time_budget=0.3
    python benchmarks/hearts_bots.py --match expert-ismcts --hands 500 --first 1000 --log b.jsonl
    python benchmarks/hearts_bots.py --summary a.jsonl b.jsonl
    python benchmarks/hearts_bots.py --match expert-expert --a-opt end_bonus=0.0 --hands 400

A long match can be split: ``--first`` is the first deal's number and ``--log``
appends every deal as a JSON line as it ends, so runs of disjoint deal ranges
(in parallel, or one after a stopped run) add up; ``--summary`` prints the
figures of such logs together (a deal logged twice is refused).

IS-MCTS's seats pass as our ``normal`` bot (its passing crashes OpenSpiel), so
that match compares the card play.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from parlour.arena.hearts import (
    DealResult,
    MatchResult,
    add_deal,
    duplicate_match,
    report_lines,
    time_figures,
)
from parlour.bots.base import make_bot

MATCHES = {
    "easy-random": ("easy", "random"),
    "normal-easy": ("normal", "easy"),
    "expert-normal": ("expert", "normal"),
    "expert-ismcts": ("expert", "ismcts"),
    # not run by default: an expert against another (its options by --a-opt / --b-opt),
    # and single hands against the PIMC reference (benchmarks/pimc_reference.py plays
    # games to 100)
    "expert-expert": ("expert", "expert"),
    "expert-pimc": ("expert", "pimc"),
    "normal-pimc": ("normal", "pimc"),
}
DEFAULT = ("easy-random", "normal-easy", "expert-normal", "expert-ismcts")


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _sep, value = pair.partition("=")
        out[key] = float(value) if "." in value else int(value)
    return out


def run(name: str, hands: int, seed: int, a_opt: dict[str, Any],
        b_opt: dict[str, Any], first: int = 0, log: str | None = None) -> dict[str, Any]:
    a, b = MATCHES[name]
    started = time.monotonic()

    def progress(i: int, r: Any) -> None:
        if i % 10 == 0:
            m, half = r.diff()
            print(f"  [{name}] {i}/{hands} deals: A - B {m:+.2f} +- {half:.2f}",
                  file=sys.stderr, flush=True)

    result = duplicate_match(lambda s: make_bot("hearts", a, seed=s, **a_opt),
                             lambda s: make_bot("hearts", b, seed=s, **b_opt),
                             hands=hands, seed=seed, progress=progress, first=first,
                             on_deal=None if log is None else lambda d: _log(log, name, seed, d))
    for line in report_lines(result, a, b):
        print(line, flush=True)
    figures = result.to_json()
    figures.update(match=name, seed=seed, seconds=round(time.monotonic() - started, 1),
                   a_options=a_opt, b_options=b_opt)
    m, half = result.diff()
    figures["a_better"] = m + half < 0
    print(f"  A better with 95% confidence: {figures['a_better']}", flush=True)
    return figures


def _log(path: str, name: str, seed: int, deal: DealResult) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"match": name, "seed": seed, **deal.to_json()}) + "\n")


def summary(paths: list[str]) -> int:
    """Figures of logged deals, per match; exits 2 on a deal logged twice or a bad line."""
    results: dict[tuple[str, int], MatchResult] = {}
    seen: set[tuple[str, int, int]] = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                try:
                    data = json.loads(line)
                    deal = DealResult.from_json(data)
                    key = (str(data["match"]), int(data["seed"]))
                except (ValueError, KeyError, TypeError) as e:
                    print(f"{path}:{number}: not a logged deal ({e})", file=sys.stderr)
                    return 2
                if (*key, deal.deal) in seen:
                    print(f"{path}:{number}: deal {deal.deal} of {key[0]} (seed {key[1]}) "
                          "is logged twice", file=sys.stderr)
                    return 2
                seen.add((*key, deal.deal))
                add_deal(results.setdefault(key, MatchResult()), deal)
    for (name, seed), result in sorted(results.items()):
        a, b = MATCHES.get(name, ("A", "B"))
        print(f"{name} (seed {seed}):")
        for text in report_lines(result, a, b):
            print(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help="a match to run (default: the ladder and expert-ismcts)")
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals a match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--log", metavar="FILE", help="append every deal as a JSON line")
    parser.add_argument("--summary", nargs="+", metavar="LOG",
                        help="print the figures of logged deals instead of playing")
    args = parser.parse_args(argv)
    if args.summary:
        return summary(args.summary)
    if args.first < 0 or args.hands < 1:
        parser.error("--first must be 0 or more and --hands at least 1")
    out = []
    for name in args.match or list(DEFAULT):
        print(f"{name}:", flush=True)
        out.append(run(name, args.hands, args.seed, _options(args.a_opt),
                       _options(args.b_opt), args.first, args.log))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


__all__ = ["main", "run", "time_figures"]

if __name__ == "__main__":
    sys.exit(main())
