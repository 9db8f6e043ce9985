"""Games in progress judged two ways: every search of ``solve`` (what the post-mortem
and the finish button use) against the quick search then the exact one (what they
used before, and what the Klondike player's sampled deals still use).

    python benchmarks/klondike_winnable.py RUN.json [--time-limit 10] [--first 30]
        [--min-seconds 1] [--max-seconds 8] [--draws 1]

RUN.json is a ``klondike_solver.py --out`` batch; its deals that took between
``--min-seconds`` and ``--max-seconds`` to settle (the hard ones) are played
``--draws`` draws in, so the position is a game in progress, and judged both ways
at ``--time-limit`` each, one after the other. Prints a row a position and the
answers side by side; a win against a loss between the two is a bug (exit 1).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from parlour.games.klondike import KlondikeOptions, KlondikeState, deal_from_seed
from parlour.progress import Progress
from parlour.solvers.klondike_winnable import still_winnable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="a klondike_solver.py --out file")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--first", type=int, default=30, help="at most this many deals")
    parser.add_argument("--min-seconds", type=float, default=1.0)
    parser.add_argument("--max-seconds", type=float, default=8.0)
    parser.add_argument("--draws", type=int, default=1, help="draws made before judging")
    args = parser.parse_args()
    if args.time_limit <= 0 or args.first < 1 or args.draws < 0:
        parser.error("--time-limit and --first must be positive, --draws not negative")
    data = json.loads(Path(args.run).read_text(encoding="utf-8"))
    draw = data.get("draw", 3)
    rows = [r for r in data["results"] if r["result"] in ("win", "lose")
            and args.min_seconds <= r["seconds"] <= args.max_seconds][:args.first]
    if not rows:
        parser.error("no deal of the batch settled in that many seconds")
    counts: dict[str, Counter[str]] = {"every": Counter(), "quick": Counter()}
    bad = 0
    bar = Progress(len(rows), "positions")
    print(f"{len(rows)} deals of {args.run} settled in {args.min_seconds:g}-"
          f"{args.max_seconds:g} s, draw {draw}, {args.draws} draw(s) in, "
          f"{args.time_limit:g} s each way")
    print(f"{'seed':>8}  {'batch':>5}  {'every search':>18}  {'quick then exact':>18}")
    for row in rows:
        game = KlondikeState(deal_from_seed(row["seed"]), KlondikeOptions(draw=draw),
                             clock=lambda: 0.0)
        for _ in range(args.draws):
            game.apply(game.parse_action("draw"))
        every = still_winnable(game, args.time_limit)
        quick = still_winnable(game, args.time_limit, every_search=False)
        counts["every"][every.result] += 1
        counts["quick"][quick.result] += 1
        wrong = {every.result, quick.result} == {"win", "lose"}
        bad += wrong
        print(f"{row['seed']:>8}  {row['result']:>5}  {every.result:>8} {every.seconds:7.2f} s"
              f"  {quick.result:>8} {quick.seconds:7.2f} s{'  WIN AGAINST LOSS' if wrong else ''}")
        bar.update(note=str(row["seed"]))
    bar.close()
    for name, label in (("every", "every search"), ("quick", "quick then exact")):
        c = counts[name]
        print(f"{label:>18}: win {c['win']}, lose {c['lose']}, unknown {c['unknown']}")
    if bad:
        print(f"{bad} positions won one way and lost the other", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
