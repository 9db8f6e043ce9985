"""Why the Klondike solver leaves deals unsettled: each of its searches alone, side by side.

    python benchmarks/klondike_solver.py --deals 1000 --start 10000 --draw 3 --out RUN.json
    python benchmarks/klondike_unsettled.py RUN.json --seconds 15 [--first 12] [--log FILE]

For every deal a batch left ``unknown`` (``--first N``: the first N of them),
the three searches that :func:`parlour.solvers.klondike.solve` interleaves
are run one at a time with the whole ``--seconds`` each: the complete draw-3
search (the only one that can prove a draw-3 loss outright), the complete
draw-1 search (a draw-1 loss proves the draw-3 deal lost; a draw-1 win says
nothing), and the quick search for wins (restarted with other move orders,
as in ``solve``). Prints one row a deal (answer, seconds, states) and how
many each search settled; ``--log`` appends the rows as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from parlour.games.klondike_notation import deal_from_seed
from parlour.progress import Progress
from parlour.solvers.klondike import QUICK_NODES, QuickTable, Solver


def complete(seed: int, draw: int, seconds: float) -> tuple[str, float, int]:
    """The complete search alone: its answer, seconds and states."""
    result = Solver(deal_from_seed(seed), draw, seconds).run()
    return result.result, result.seconds, result.states


def quick(seed: int, seconds: float) -> tuple[str, float, int]:
    """The quick draw-3 search alone, restarted as ``solve`` restarts it: ``win``,
    ``exhausted`` (every quick line searched, no win), or ``unknown``; seconds
    and restarts."""
    t0 = time.perf_counter()
    table = QuickTable()
    attempt = 0
    while attempt <= 40:
        left = seconds - (time.perf_counter() - t0)
        if left <= 0:
            break
        searcher = Solver(deal_from_seed(seed), 3, left, complete=False,
                          max_nodes=QUICK_NODES << attempt, jitter=attempt, table=table)
        result = searcher.run()
        table.release(searcher)
        if result.result == "win":
            return "win", time.perf_counter() - t0, attempt + 1
        if result.result == "lose":
            return "exhausted", time.perf_counter() - t0, attempt + 1
        attempt += 1
    return "unknown", time.perf_counter() - t0, attempt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="a klondike_solver.py --out file (draw 3)")
    parser.add_argument("--seconds", type=float, default=15.0, help="each search, each deal")
    parser.add_argument("--first", type=int, default=0, help="only the first N unknown deals")
    parser.add_argument("--log", help="append each deal's row as a JSON line")
    args = parser.parse_args()
    data = json.loads(Path(args.run).read_text(encoding="utf-8"))
    if data["draw"] != 3:
        parser.error("the run must be a draw-3 batch")
    seeds = list(data["unknown_seeds"])
    if args.first:
        seeds = seeds[:args.first]
    rows = []
    print(f"{len(seeds)} deals the batch left unknown at {data['time_limit']:g} s, "
          f"each search alone for {args.seconds:g} s")
    print(f"{'seed':>6} | {'complete draw 3':>22} | {'complete draw 1':>22} | "
          f"{'quick draw 3':>22}")
    with Progress(len(seeds), "searches alone") as bar:
        for seed in seeds:
            row = {"seed": seed, "seconds": args.seconds,
                   "full3": complete(seed, 3, args.seconds),
                   "full1": complete(seed, 1, args.seconds),
                   "quick3": quick(seed, args.seconds)}
            rows.append(row)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            cells = [f"{r[0]:>9} {r[1]:5.1f} s {r[2]:>7}" for r in
                     (row["full3"], row["full1"], row["quick3"])]
            bar.update(note=f"seed {seed}")
            print(f"{seed:>6} | " + " | ".join(cells), flush=True)
    n = len(rows)
    d3 = sum(1 for r in rows if r["full3"][0] != "unknown")
    d1_lose = sum(1 for r in rows if r["full1"][0] == "lose")
    d1_win = sum(1 for r in rows if r["full1"][0] == "win")
    q_win = sum(1 for r in rows if r["quick3"][0] == "win")
    settled = sum(1 for r in rows if r["full3"][0] != "unknown" or r["full1"][0] == "lose"
                  or r["quick3"][0] == "win")
    print(f"of {n}: the complete draw-3 search settled {d3}; the draw-1 search proved "
          f"{d1_lose} lost and won {d1_win} (which proves nothing for draw 3); the quick "
          f"search won {q_win}; settled by some search alone: {settled}")


if __name__ == "__main__":
    main()
