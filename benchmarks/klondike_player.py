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
per level, budget and options).

    python benchmarks/klondike_player.py --deals 1000 --budgets 10 --out k10.jsonl --resume
    python benchmarks/klondike_player.py --summary k10.jsonl other.jsonl [--plot curve.svg]

``--opt KEY=VALUE`` passes an option to the expert (``--opt check=0``: the
plain vote, the player before its vote was checked); games played with
options are logged and added up apart from the default player's.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

from common import svg_page
from parlour.bots.base import UnknownBot, make_bot
from parlour.bots.klondike_player import GameResult, play_deal
from parlour.commands.arena import bot_options
from parlour.progress import Progress

PUBLISHED = (36.97, 1.92)


def interval(wins: int, n: int) -> tuple[float, float]:
    """Win rate and the half-width of its 95% interval (normal approximation), in %."""
    p = wins / n if n else 0.0
    return 100 * p, 100 * 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0


Key = tuple[str, float | None, str]  # level, budget, options ("" for none)


def option_text(options: dict[str, float]) -> str:
    return " ".join(f"{k}={v:g}" for k, v in sorted(options.items()))


def logged(paths: list[Path]) -> dict[Key, dict[int, GameResult]]:
    """The games in ``--out`` logs, by level, budget and options, then seed (the first
    line wins)."""
    games: dict[Key, dict[int, GameResult]] = {}
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            key = (row["level"], row["budget"], option_text(row.get("options", {})))
            per = games.setdefault(key, {})
            if row["seed"] not in per:
                per[row["seed"]] = GameResult(row["seed"], row["won"], row["decisions"],
                                              row["seconds"])
    return games


def label_of(level: str, budget: float | None, options: str = "") -> str:
    return level + (f" {budget:g}s" if budget is not None else "") + (
        f" {options}" if options else "")


def run(level: str, deals: int, start: int, draw: int, budget: float | None,
        out: Path | None, skip: frozenset[int] = frozenset(),
        options: dict[str, float] | None = None) -> list[GameResult]:
    options = options or {}
    label = label_of(level, budget, option_text(options))
    results: list[GameResult] = []
    seeds = [s for s in range(start, start + deals) if s not in skip]
    with Progress(len(seeds), label) as bar:
        for seed in seeds:
            kw: dict[str, float | None] = (
                {"time_budget": budget, **options} if level == "expert" else {})
            result = play_deal(make_bot("klondike", level, seed=seed, **kw), seed, draw)
            results.append(result)
            if out is not None:
                row = {"level": level, "budget": budget, "seed": seed, "won": result.won,
                       "decisions": result.decisions, "seconds": round(result.seconds, 3)}
                if options:
                    row["options"] = options
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
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


def svg_curve(groups: dict[str, list[tuple[float, int, int]]], width: int = 640,
              height: int = 380) -> str:
    """The win rate against the budget (log scale), one line with 95% bars per player
    (``groups``: label -> [(budget s, won, deals)]), the published figure as a band."""
    left, right, top, bottom = 60, 170, 30, 45
    pw, ph = width - left - right, height - top - bottom
    budgets = sorted({b for pts in groups.values() for b, _w, _n in pts})
    lo_b, hi_b = math.log10(min(budgets)), math.log10(max(budgets))
    if hi_b - lo_b < 1e-9:
        lo_b, hi_b = lo_b - 0.5, hi_b + 0.5
    lo_b, hi_b = lo_b - 0.1 * (hi_b - lo_b), hi_b + 0.1 * (hi_b - lo_b)
    top_rate = max(sum(interval(w, n)) for pts in groups.values() for _b, w, n in pts)
    lo, hi = 15.0, max(50.0, 5.0 * math.ceil(top_rate / 5.0))

    def px(b: float) -> float:
        return left + pw * (math.log10(b) - lo_b) / (hi_b - lo_b)

    def py(v: float) -> float:
        return top + ph * (hi - min(hi, max(lo, v))) / (hi - lo)

    pub, pub_half = PUBLISHED
    out = [f'<rect x="{left}" y="{py(pub + pub_half):.1f}" width="{pw}" '
           f'height="{py(pub - pub_half) - py(pub + pub_half):.1f}" fill="#fdd0a2" opacity="0.6"/>',
           f'<line x1="{left}" y1="{py(pub):.1f}" x2="{left + pw}" y2="{py(pub):.1f}" '
           'stroke="#d94801" stroke-dasharray="5 3"/>',
           f'<text x="{left + pw + 6}" y="{py(pub) + 4:.1f}" fill="#d94801">published '
           f'{pub}%</text>']
    for v in range(int(lo), int(hi) + 1, 5):
        out.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v}%</text>')
    for b in budgets:
        out.append(f'<text x="{px(b):.1f}" y="{top + ph + 16}" text-anchor="middle">'
                   f'{b:g} s</text>')
    colours = ["#08519c", "#6a51a3", "#238b45", "#636363"]
    for k, (label, pts) in enumerate(sorted(groups.items())):
        colour = colours[k % len(colours)]
        pts = sorted(pts)
        line = " ".join(f"{px(b):.1f},{py(100 * w / n):.1f}" for b, w, n in pts)
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" '
                   'stroke-width="2"/>')
        for b, w, n in pts:
            rate, half = interval(w, n)
            out.append(f'<line x1="{px(b):.1f}" y1="{py(rate - half):.1f}" x2="{px(b):.1f}" '
                       f'y2="{py(rate + half):.1f}" stroke="{colour}"/>')
            out.append(f'<circle cx="{px(b):.1f}" cy="{py(rate):.1f}" r="3.5" fill="{colour}">'
                       f'<title>{label} {b:g} s: {w}/{n} won</title></circle>')
        b, w, n = pts[-1]
        out.append(f'<text x="{left + pw + 6}" y="{py(100 * w / n) + 4:.1f}" '
                   f'fill="{colour}">{label}</text>')
    return svg_page(width, height, (left, top, pw, ph),
                    "Klondike draw 3, never seeing a face-down card: deals won against "
                    "thinking time", "thinking budget a game (log scale); bars: 95% intervals",
                    out)


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
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                        help="an option for the expert, e.g. check=0 (the vote unchecked)")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="only add up these logs and print the figures")
    parser.add_argument("--plot", metavar="FILE",
                        help="with --summary: an SVG chart of win rate against budget")
    args = parser.parse_args()
    if args.plot and not (args.summary and args.plot.endswith(".svg")):
        parser.error("--plot goes with --summary and writes an .svg file")
    if args.summary:
        missing = [p for p in args.summary if not Path(p).is_file()]
        if missing:
            parser.error(f"--summary: no file {missing[0]!r}")
        groups: dict[str, list[tuple[float, int, int]]] = {}
        for (level, budget, opts), per in sorted(
                logged([Path(p) for p in args.summary]).items(),
                key=lambda kv: (kv[0][0], kv[0][1] or 0, kv[0][2])):
            seeds = sorted(per)
            print(report(label_of(level, budget, opts), [per[s] for s in seeds])
                  + f"   seeds {seeds[0]}..{seeds[-1]}")
            if budget is not None:
                groups.setdefault(label_of(level, None, opts), []).append(
                    (budget, sum(per[s].won for s in seeds), len(seeds)))
        if args.plot:
            if not groups:
                parser.error("--plot: the logs hold no game with a time budget")
            Path(args.plot).write_text(svg_curve(groups), encoding="utf-8")
            print(f"chart written to {args.plot}")
        return
    try:
        options = bot_options(args.opt)
    except ValueError as e:
        parser.error(str(e))
    if options and args.level != "expert":
        parser.error("--opt is for the expert")
    try:
        make_bot("klondike", args.level, **options)
    except (UnknownBot, ValueError, TypeError) as e:
        parser.error(str(e))
    out = Path(args.out) if args.out else None
    budgets: list[float | None] = (
        [float(b) for b in args.budgets.split(",")] if args.level == "expert" else [None])
    lines = []
    for budget in budgets:
        skip: frozenset[int] = frozenset()
        if args.resume and out is not None:
            skip = frozenset(logged([out]).get((args.level, budget, option_text(options)), {}))
        results = run(args.level, args.deals, args.start, args.draw, budget, out, skip, options)
        lines.append(report(label_of(args.level, budget, option_text(options)), results))
        print(lines[-1], flush=True)
    print(f"\nKlondike draw {args.draw}, seeds {args.start}..{args.start + args.deals - 1}:")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
