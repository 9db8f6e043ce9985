"""Klondike solver benchmark: seeded deals, a time limit a deal, figures beside Solvitaire's.

    python benchmarks/klondike_solver.py --deals 1000 --draw 3 --time-limit 10 [--jobs 2]

Prints the shares of wins, proved losses and unknowns with 95% intervals, the
share settled, the winnable share among settled deals against the published
figure (81.945% draw 3, 90.480% draw 1), and the median and 99th percentile of
the time a deal against the published C++ median of 0.02 s. ``--out FILE``
keeps every deal's result as JSON.

Soundness checks (pruning on against pruning off; any disagreement is a bug):

    python benchmarks/klondike_solver.py --draw 1 --check-positions 1000 [--start 0]
    python benchmarks/klondike_solver.py --draw 3 --check-losses FILE [--check-limit 60]

The first compares on small random positions; the second re-solves every deal
that a batch's ``--out FILE`` calls ``lose`` with every pruning rule off.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from parlour.commands.solve import run_batch
from parlour.solvers.klondike_check import check_losses, check_positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--draw", type=int, choices=[1, 3], default=3)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one deal each)")
    parser.add_argument("--out", help="write every deal's result to this JSON file")
    parser.add_argument("--check-positions", type=int, metavar="N",
                        help="compare pruning on and off on N random positions instead")
    parser.add_argument("--check-losses", metavar="FILE",
                        help="re-solve the deals a batch's --out FILE calls lose, pruning off")
    parser.add_argument("--check-limit", type=float, default=60.0,
                        help="seconds a deal with pruning off (default 60)")
    args = parser.parse_args()
    if args.check_positions:
        seeds = range(args.start, args.start + args.check_positions)
        print(f"draw {args.draw}, {args.check_positions} random positions: "
              + check_positions(seeds, args.draw).report())
        return
    if args.check_losses:
        data = json.loads(Path(args.check_losses).read_text(encoding="utf-8"))
        lost = [r["seed"] for r in data["results"] if r["result"] == "lose"]
        print(f"draw {data['draw']}, {len(lost)} deals called lose, re-solved with pruning off "
              f"({args.check_limit:g} s each): "
              + check_losses(lost, data["draw"], args.check_limit).report())
        return
    summary = run_batch(args.deals, args.draw, args.time_limit, args.start, args.jobs)
    print(summary.report())
    if args.out:
        data = summary.to_json()
        data["results"] = [{"seed": s, "result": r, "seconds": round(t, 4), "states": n,
                            "by": by} for s, r, t, n, by in summary.results]
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
