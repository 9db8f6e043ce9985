"""How fast the Klondike solver's complete searches run, and whether another copy of the
solver searches exactly the same positions.

    python benchmarks/klondike_speed.py [--seeds 50153,30074,10006,10050] [--cap 300000]
    python benchmarks/klondike_speed.py --same-as DIR [--start 70000 --deals 300 --cap 20000]

The first runs, for each seed, the complete draw-3 search and the draw-1 relaxation
that :func:`parlour.solvers.klondike.solve` runs beside it, each alone up to ``--cap``
positions (``Solver(deal, draw, None, max_states=cap)``), and prints the answer, the
positions searched (the same on every machine) and the positions a second of CPU time
(so another process on the machine matters less). Run it on two builds, one after
the other, to compare their speed.

The second compares the solver with a copy of its modules (``klondike.py``,
``klondike_search.py``, ``klondike_rules.py``, ``klondike_legal.py``, ``klondike_moves.py``,
``klondike_position.py``) kept in
``DIR`` (imported as pure Python), or with the modules ``klondike_base``,
``klondike_position_base`` and so on there (the same renamed, importing each other,
perhaps compiled with mypyc): for every deal, the
complete draw-3 search, the draw-1 relaxation, the plain draw-1 search, a quick
search and the draw-3 game with the ``swap`` move (``swap3``) must give the same
answer, the same number of positions searched and of positions proved blocked, and
the same line for a win. A faster solver must not change these.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from parlour import compiled
from parlour.games.klondike_notation import deal_from_seed
from parlour.solvers import klondike

# (draw, relaxed, complete): the complete draw-3 search, the draw-1 relaxation, the plain
# draw-1 search, a quick draw-3 search (its fourth restart), and the draw-3 game with
# the ``swap`` move (``swap3``)
SEARCHES = {"3": (3, False, True), "1r": (1, True, True), "1": (1, False, True),
            "q": (3, False, False), "3r": (3, True, True)}


def search(module: Any, seed: int, kind: str, cap: int) -> tuple[str, int, int, list[str], float]:
    """One search alone: answer, positions, positions blocked, the line of a win, CPU s."""
    draw, relaxed, complete = SEARCHES[kind]
    solver = module.Solver(deal_from_seed(seed), draw, None, max_states=cap, relaxed=relaxed,
                           complete=complete, max_nodes=None if complete else 3000 << 3,
                           jitter=0 if complete else 3)
    t0 = time.process_time()
    solver.begin()
    answer = solver.advance(None)
    seconds = time.process_time() - t0
    # (the relaxation's lines are not games: they are never played out)
    line = (solver.outcome(answer, 0.0).moves if answer == "win" and kind not in ("1r", "3r")
            else [])
    return answer, solver.states, solver.blocked_hits, line, seconds


def load_copy(folder: Path) -> ModuleType:
    """The solver kept in ``folder``, its modules renamed ``klondike_base``,
    ``klondike_position_base`` and so on (``klondike_search``, ``klondike_moves``,
    ``klondike_rules`` and ``klondike_legal`` too where the copy has them: the solver
    was one module before 2026-12-05)."""
    if not (folder / "klondike_base.py").exists():
        scratch = Path(tempfile.mkdtemp(prefix="klondike_base_"))
        names = [name for name in ("klondike", "klondike_position", "klondike_search",
                                   "klondike_rules", "klondike_legal", "klondike_moves")
                 if (folder / f"{name}.py").exists()]
        for name in names:
            text = (folder / f"{name}.py").read_text(encoding="utf-8")
            for other in names:
                text = text.replace(f"from parlour.solvers.{other} import",
                                    f"from {other}_base import")
            (scratch / f"{name}_base.py").write_text(text, encoding="utf-8")
        folder = scratch
    sys.path.insert(0, str(folder))
    return importlib.import_module("klondike_base")


def speed(seeds: list[int], cap: int) -> None:
    print(f"compiled: {compiled()}; up to {cap:,} positions a search")
    states = 0
    seconds = 0.0
    for seed in seeds:
        for kind in ("3", "1r"):
            answer, n, _blocked, _line, dt = search(klondike, seed, kind, cap)
            states += n
            seconds += dt
            print(f"seed {seed} {'draw 3' if kind == '3' else 'draw-1 relaxation'}: {answer}, "
                  f"{n:,} positions, {dt:.2f} s, {n / max(dt, 1e-9):,.0f} a second", flush=True)
    rate = states / max(seconds, 1e-9)
    print(f"all: {states:,} positions, {seconds:.2f} s, {rate:,.0f} a second")


def same_as(folder: Path, seeds: range, cap: int) -> int:
    base = load_copy(folder)
    print(f"compiled: {compiled()}; the copy: {base.__file__}")
    differ = 0
    timing = {"copy": [0, 0.0], "this": [0, 0.0]}
    for seed in seeds:
        for kind in SEARCHES:
            them = search(base, seed, kind, cap)
            us = search(klondike, seed, kind, cap)
            for name, got in (("copy", them), ("this", us)):
                timing[name][0] += got[1]
                timing[name][1] += got[4]
            if them[:4] != us[:4]:
                differ += 1
                print(f"seed {seed} {kind}: the copy {them[:3]}, this solver {us[:3]}"
                      f"{'' if them[3] == us[3] else ' (lines differ)'}", flush=True)
    rates = ", ".join(f"{name} {n:,} positions {s:.1f} s ({n / max(s, 1e-9):,.0f} a second)"
                      for name, (n, s) in timing.items())
    print(f"seeds {seeds.start}-{seeds.stop - 1}, {len(SEARCHES)} searches each, up to "
          f"{cap:,} positions: {differ} differ; {rates}")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--seeds", default="50153,30074,10006,10050",
                        help="deals to time, comma-separated seeds")
    parser.add_argument("--cap", type=int, default=None,
                        help="positions a search (300,000; with --same-as 20,000)")
    parser.add_argument("--same-as", metavar="DIR", type=Path,
                        help="compare with the solver kept in DIR instead")
    parser.add_argument("--start", type=int, default=70000, help="first seed (--same-as)")
    parser.add_argument("--deals", type=int, default=300, help="deals (--same-as)")
    args = parser.parse_args()
    if args.same_as:
        cap = args.cap or 20_000
        sys.exit(1 if same_as(args.same_as, range(args.start, args.start + args.deals), cap) else 0)
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds: comma-separated whole numbers, not {args.seeds!r}")
    speed(seeds, args.cap or 300_000)


if __name__ == "__main__":
    main()
