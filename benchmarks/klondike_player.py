"""Klondike players that never see a face-down card: win rate over seeded draw-3 deals.

    python benchmarks/klondike_player.py --deals 200 --budgets 1,10,60 [--start 0]
    python benchmarks/klondike_player.py --deals 200 --level greedy

For each time budget (seconds of thinking a game) the ``expert`` plays seeds
``--start .. --start+deals-1`` and the win rate is printed with its 95%
interval beside the published 36.97% +- 1.92 (ensemble UCT, ICAPS 2009, about
40 minutes a game), with the thinking time a game (median, 95th percentile).
``--out FILE`` keeps every game as JSON lines (one line per game, appended as
it ends, so a long run can be read while it goes). A long run can be done in
pieces: ``--start`` picks up where a log ends (``--resume`` skips the seeds the
log already holds), and ``--summary FILE...`` adds up logs (a seed counted once
per level and budget).

    python benchmarks/klondike_player.py --deals 1000 --budgets 10 --out k10.jsonl --resume
    python benchmarks/klondike_player.py --summary k10.jsonl other.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

from parlour.bots.base import make_bot
from parlour.bots.klondike_player import GameResult, play_deal
from parlour.progress import Progress

PUBLISHED = (36.97, 1.92)


def interval(wins: int, n: int) -> tuple[float, float]:
    """Win rate and the half-width of its 95% interval (normal approximation), in %."""
    p = wins / n if n else 0.0
    return 100 * p, 100 * 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0


def logged(paths: list[Path]) -> dict[tuple[str, float | None], dict[int, GameResult]]:
    """The games in ``--out`` logs, by level and budget, then seed (the first line wins)."""
    games: dict[tuple[str, float | None], dict[int, GameResult]] = {}
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            per = games.setdefault((row["level"], row["budget"]), {})
            if row["seed"] not in per:
                per[row["seed"]] = GameResult(row["seed"], row["won"], row["decisions"],
                                              row["seconds"])
    return games


def run(level: str, deals: int, start: int, draw: int, budget: float | None,
        out: Path | None, skip: frozenset[int] = frozenset()) -> list[GameResult]:
    label = f"{level}" + (f" {budget:g}s" if budget is not None else "")
    results: list[GameResult] = []
    seeds = [s for s in range(start, start + deals) if s not in skip]
    with Progress(len(seeds), label) as bar:
        for seed in seeds:
            kw = {"time_budget": budget} if level == "expert" else {}
            result = play_deal(make_bot("klondike", level, seed=seed, **kw), seed, draw)
            results.append(result)
            if out is not None:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"level": level, "budget": budget, "seed": seed,
                                        "won": result.won, "decisions": result.decisions,
                                        "seconds": round(result.seconds, 3)}) + "\n")
            wins = sum(r.won for r in results)
            bar.update(note=f"won {wins}/{len(results)}")
    return results


def report(label: str, results: list[GameResult]) -> str:
    wins = sum(r.won for r in results)
    rate, half = interval(wins, len(results))
    times = sorted(r.seconds for r in results)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    median = statistics.median(times) if times else 0.0
    return (f"{label:>14}  {wins:4}/{len(results):<4} won  {rate:5.1f}% +- {half:4.1f}"
            f"   (published {PUBLISHED[0]}% +- {PUBLISHED[1]})"
            f"   s a game: median {median:.1f}, p95 {p95:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--draw", type=int, choices=[1, 3], default=3)
    parser.add_argument("--level", default="expert", help="random, greedy or expert")
    parser.add_argument("--budgets", default="10", help="seconds a game, comma separated")
    parser.add_argument("--out", help="append every game as a JSON line to this file")
    parser.add_argument("--resume", action="store_true",
                        help="skip the seeds that --out already holds (for this level and budget)")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="only add up these logs and print the figures")
    args = parser.parse_args()
    if args.summary:
        for (level, budget), per in sorted(logged([Path(p) for p in args.summary]).items(),
                                           key=lambda kv: (kv[0][0], kv[0][1] or 0)):
            seeds = sorted(per)
            label = level + (f" {budget:g}s" if budget is not None else "")
            print(report(label, [per[s] for s in seeds]) + f"   seeds {seeds[0]}..{seeds[-1]}")
        return
    out = Path(args.out) if args.out else None
    budgets: list[float | None] = (
        [float(b) for b in args.budgets.split(",")] if args.level == "expert" else [None])
    lines = []
    for budget in budgets:
        skip: frozenset[int] = frozenset()
        if args.resume and out is not None:
            skip = frozenset(logged([out]).get((args.level, budget), {}))
        results = run(args.level, args.deals, args.start, args.draw, budget, out, skip)
        label = args.level + (f" {budget:g}s" if budget is not None else "")
        lines.append(report(label, results))
        print(lines[-1], flush=True)
    print(f"\nKlondike draw {args.draw}, seeds {args.start}..{args.start + args.deals - 1}:")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
