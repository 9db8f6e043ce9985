"""Re-solve the deals a Klondike solver batch left unknown (or called lose), one at a time.

    python benchmarks/klondike_solver.py --deals 1000 --start 10000 --draw 3 --out RUN.json
    python benchmarks/klondike_rerun.py RUN.json [RUN.json ...] [--which unknown|lose]
        [--slower SECONDS] [--time-limit 10] [--off RULE,RULE] [--first N] [--log FILE]
        [--weights W,W,W,W,W] [--best-share X] [--jobs N]

Prints one row a deal (the batch's answer, the answer now, seconds, states) and
how many are settled now; every win is replayed through the engine (a win that
does not replay is counted as ``bad-win``), and a deal now called ``lose`` that
the batch won is counted as ``bad-lose`` (either is a bug). ``--log`` writes the
rows as JSON. ``--off`` solves with those pruning rules switched off (``PRUNINGS``
in :mod:`parlour.solvers.klondike`): the check that a rule's losses stand without
it; ``--first N`` takes only the first N deals. ``--slower S`` adds the deals the
batches settled in S seconds or more (the hard deals a change of the solver's time
shares could lose). ``--weights`` and ``--best-share`` replace the solver's
``WEIGHTS`` and ``BEST_SHARE`` (the draw-3 searches' shares of the time after the
first second: quick, exact, draw-1 relaxation, swap game, best-first); each row
says which search settled the deal (``SolveResult.by``).
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from parlour.games.klondike_notation import deal_from_seed
from parlour.progress import Progress
from parlour.solvers.klondike import BEST_SHARE, PRUNINGS, WEIGHTS, replays, solve


def _solve(job: tuple[int, int, float, frozenset[str], tuple[float, ...], float]
           ) -> tuple[int, str, float, int, str]:
    seed, draw, limit, pruning, weights, best_share = job
    cards = deal_from_seed(seed)
    result = solve(cards, draw, time_limit=limit, pruning=pruning, weights=weights,
                   best_share=best_share)
    answer = result.result
    if answer == "win" and not replays(cards, result.moves, draw):
        answer = "bad-win"
    return seed, answer, result.seconds, result.states, result.by


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", nargs="+", help="klondike_solver.py --out files")
    parser.add_argument("--which", choices=["unknown", "lose", "win"], default="unknown",
                        help="the deals the batch gave this answer (default unknown)")
    parser.add_argument("--slower", type=float, default=0.0,
                        help="also the deals settled in this many seconds or more")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--off", default="", help="pruning rules to switch off, comma-separated")
    parser.add_argument("--first", type=int, default=0, help="only the first N deals")
    parser.add_argument("--log", help="write the rows as JSON to this file")
    parser.add_argument("--weights", help="five time shares in place of WEIGHTS, comma-separated")
    parser.add_argument("--best-share", type=float, default=BEST_SHARE,
                        help=f"in place of BEST_SHARE ({BEST_SHARE:g})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one deal each)")
    args = parser.parse_args()
    off = frozenset(r for r in args.off.split(",") if r)
    if off - PRUNINGS:
        parser.error(f"no such rule: {', '.join(sorted(off - PRUNINGS))}")
    weights = WEIGHTS
    if args.weights:
        try:
            weights = tuple(float(w) for w in args.weights.split(","))
        except ValueError:
            parser.error(f"--weights: not numbers: {args.weights}")
        if len(weights) != 5 or min(weights) < 0 or weights[0] <= 0:
            parser.error("--weights: five shares, none negative, the first above 0")
    if not 0.0 <= args.best_share <= 1.0:
        parser.error("--best-share: between 0 and 1")
    if args.jobs < 1:
        parser.error("--jobs: at least 1")
    before: dict[int, str] = {}
    draws = set()
    limits = set()
    for run in args.run:
        data = json.loads(Path(run).read_text(encoding="utf-8"))
        draws.add(data["draw"])
        limits.add(data["time_limit"])
        for r in data["results"]:
            if r["result"] == args.which or (
                    args.slower and r["result"] in ("win", "lose") and r["seconds"] >= args.slower):
                before[r["seed"]] = r["result"]
    if len(draws) != 1:
        parser.error("the runs are of different draws")
    draw = draws.pop()
    seeds = list(before)
    if args.first:
        seeds = seeds[:args.first]
    which = args.which + (f" or settled in {args.slower:g} s or more" if args.slower else "")
    print(f"{len(seeds)} deals the batches called {which} at "
          f"{'/'.join(f'{t:g}' for t in sorted(limits))} s, draw {draw}, solved again at "
          f"{args.time_limit:g} s each" + (f", without {', '.join(sorted(off))}" if off else "")
          + (f", weights {','.join(f'{w:g}' for w in weights)} best share {args.best_share:g}"
             if args.weights or args.best_share != BEST_SHARE else ""))
    rows = []
    tally: dict[str, int] = {}
    jobs = [(seed, draw, args.time_limit, PRUNINGS - off, weights, args.best_share)
            for seed in seeds]
    with Progress(len(seeds), "deals") as bar, ProcessPoolExecutor(args.jobs) as pool:
        for seed, answer, seconds, states, by in pool.map(_solve, jobs):
            if answer == "lose" and before[seed] == "win":
                answer = "bad-lose"
            tally[answer] = tally.get(answer, 0) + 1
            rows.append({"seed": seed, "before": before[seed], "result": answer,
                         "seconds": round(seconds, 3), "states": states, "by": by})
            bar.update(note=f"seed {seed}")
            print(f"{seed:>6} {before[seed]:>8} -> {answer:<8} {seconds:6.2f} s "
                  f"{states:>9} {by}", flush=True)
    settled = sum(n for a, n in tally.items() if a in ("win", "lose"))
    print(f"of {len(seeds)}: " + ", ".join(f"{a} {n}" for a, n in sorted(tally.items()))
          + f"; settled now {settled}")
    if args.log:
        Path(args.log).write_text(json.dumps({"draw": draw, "time_limit": args.time_limit,
                                              "weights": list(weights),
                                              "best_share": args.best_share,
                                              "rows": rows}, indent=1) + "\n",
                                  encoding="utf-8")

if __name__ == "__main__":
    main()
