"""Re-solve the deals a Klondike solver batch left unknown (or called lose), one at a time.

    python benchmarks/klondike_solver.py --deals 1000 --start 10000 --draw 3 --out RUN.json
    python benchmarks/klondike_rerun.py RUN.json [--which unknown|lose] [--time-limit 10]
        [--off RULE,RULE] [--first N] [--log FILE]

Prints one row a deal (the batch's answer, the answer now, seconds, states) and
how many are settled now; every win is replayed through the engine (a win that
does not replay is counted as ``bad-win``), and a deal now called ``lose`` that
the batch won is counted as ``bad-lose`` (either is a bug). ``--log`` writes the
rows as JSON. ``--off`` solves with those pruning rules switched off (``PRUNINGS``
in :mod:`parlour.solvers.klondike`): the check that a rule's losses stand without
it; ``--first N`` takes only the first N deals.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from parlour.games.klondike_notation import deal_from_seed
from parlour.progress import Progress
from parlour.solvers.klondike import PRUNINGS, replays, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="a klondike_solver.py --out file")
    parser.add_argument("--which", choices=["unknown", "lose", "win"], default="unknown",
                        help="the deals the batch gave this answer (default unknown)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--off", default="", help="pruning rules to switch off, comma-separated")
    parser.add_argument("--first", type=int, default=0, help="only the first N deals")
    parser.add_argument("--log", help="write the rows as JSON to this file")
    args = parser.parse_args()
    off = frozenset(r for r in args.off.split(",") if r)
    if off - PRUNINGS:
        parser.error(f"no such rule: {', '.join(sorted(off - PRUNINGS))}")
    data = json.loads(Path(args.run).read_text(encoding="utf-8"))
    draw = data["draw"]
    seeds = [r["seed"] for r in data["results"] if r["result"] == args.which]
    if args.first:
        seeds = seeds[:args.first]
    print(f"{len(seeds)} deals the batch called {args.which} at {data['time_limit']:g} s, "
          f"draw {draw}, solved again at {args.time_limit:g} s each"
          + (f", without {', '.join(sorted(off))}" if off else ""))
    rows = []
    tally: dict[str, int] = {}
    with Progress(len(seeds), "deals") as bar:
        for seed in seeds:
            cards = deal_from_seed(seed)
            result = solve(cards, draw, time_limit=args.time_limit, pruning=PRUNINGS - off)
            answer = result.result
            if answer == "win" and not replays(cards, result.moves, draw):
                answer = "bad-win"
            if answer == "lose" and args.which == "win":
                answer = "bad-lose"
            tally[answer] = tally.get(answer, 0) + 1
            rows.append({"seed": seed, "before": args.which, "result": answer,
                         "seconds": round(result.seconds, 3), "states": result.states})
            bar.update(note=f"seed {seed}")
            print(f"{seed:>6} {args.which:>8} -> {answer:<8} {result.seconds:6.2f} s "
                  f"{result.states:>9}", flush=True)
    settled = sum(n for a, n in tally.items() if a in ("win", "lose"))
    print(f"of {len(seeds)}: " + ", ".join(f"{a} {n}" for a, n in sorted(tally.items()))
          + f"; settled now {settled}")
    if args.log:
        Path(args.log).write_text(json.dumps({"draw": draw, "time_limit": args.time_limit,
                                              "rows": rows}, indent=1) + "\n",
                                  encoding="utf-8")


if __name__ == "__main__":
    main()
