"""Issue 19's targets beside where the bots stand, as one picture: each row a
target, the measured figure as a dot with its 95% interval, the target as a
red mark. Every figure is read from the logs the benchmarks wrote (the files
named in ``ROWS``, the current bots' runs); nothing is typed in.

    python benchmarks/bots_chart.py --out docs/bots_targets.svg

A row is drawn on its own scale (points a hand, or a share of deals), from
zero or from the figure the issue started at, to past the target.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common import svg_page
from klondike_player import interval, logged
from parlour.arena.match import mean_interval

LOGS = Path(__file__).resolve().parent / "logs"


@dataclass(frozen=True)
class Figure:
    value: float
    low: float
    high: float
    sample: str  # "275 deals", "1,000 deals"


def _lines(name: str) -> list[dict]:  # type: ignore[type-arg]
    with open(LOGS / name) as f:
        return [json.loads(line) for line in f if line.strip()]


def against_pimc(game: str, *logs: str, a_opt: tuple[str, ...] = ()) -> Figure:
    """The expert's gain a hand on PIMC-24, every logged deal pooled (fewer points
    is the gain in Hearts), as ``pimc_reference.py --summary`` pools them."""
    sign = 1.0 if game == "spades" else -1.0
    runs = [m for name in logs for m in _lines(name) if m["game"] == game and m["a"] == "expert"
            and m["pimc_samples"] == 24 and tuple(m["a_opt"]) == a_opt and "diffs" in m]
    seeds = [m["seed"] for m in runs]
    if not runs or len(set(seeds)) != len(seeds):
        raise SystemExit(f"{game} v PIMC-24: no runs, or a seed logged twice, in {logs}")
    diffs = [sign * x for m in runs for x in m["diffs"]]
    mean, half = mean_interval(diffs)
    return Figure(mean, mean - half, mean + half, f"{len(diffs):,} deals")


def hearts_single_hands(*names: str, match: str = "expert-pimc",
                        a_options: dict[str, float] | None = None) -> Figure:
    """The Hearts expert's gain a hand in single hands with passing against PIMC-24
    or IS-MCTS (``hearts_bots.py --match MATCH``): the other's points less the
    expert's, every logged deal of the expert with ``a_options`` (none: the
    expert of the run's day, with its defaults) pooled."""
    deals = [m for name in names for m in _lines(name)
             if m["match"] == match and (m.get("a_options") or {}) == (a_options or {})]
    if not deals or len({(m["seed"], m["deal"]) for m in deals}) != len(deals):
        raise SystemExit(f"hearts single hands: no deals, or a deal logged twice, in {names}")
    mean, half = mean_interval([m["points_b"] - m["points_a"] for m in deals])
    return Figure(mean, mean - half, mean + half, f"{len(deals):,} single hands")


def klondike_player(name: str) -> Figure:
    ((_key, games),) = logged([LOGS / name]).items()
    wins = sum(g.won for g in games.values())
    rate, half = interval(wins, len(games))
    return Figure(rate, rate - half, rate + half, f"{len(games):,} deals")


def klondike_solver(*names: str) -> Figure:
    """The share of deals settled, every batch pooled (the same solver on other seeds)."""
    deals = unknown = 0
    for name in names:
        with open(LOGS / name) as f:
            batch = json.load(f)
        deals += int(batch["deals"])
        unknown += int(batch["unknown"]["count"])
    rate, half = interval(deals - unknown, deals)
    return Figure(rate, rate - half, min(100.0, rate + half), f"{deals:,} deals")


@dataclass(frozen=True)
class Row:
    label: str
    unit: str  # "points a hand" or "% of deals"
    start: float  # where the row's scale starts
    target: float
    measure: Callable[[], Figure]


ROWS = [
    Row("Hearts expert v PIMC-24 (games)", "points a hand", 0.0, 2.5,
        lambda: against_pimc("hearts", "pimc_reference_issue19.jsonl",
                             "pimc_reference_hearts_weighted.jsonl",
                             "pimc_hearts_model_issue19.jsonl")),
    # the expert before model=6 became its default (2026-12-07)
    Row("Hearts expert v PIMC-24 (hands, before 12-07)", "points a hand", 0.0, 2.5,
        lambda: hearts_single_hands("hearts_expert_pimc_seed9900.jsonl",
                                    "hearts_expert_pimc_seed9910.jsonl")),
    # model=6, the default since 2026-12-07
    Row("Hearts expert v PIMC-24 (hands)", "points a hand", 0.0, 2.5,
        lambda: hearts_single_hands("hearts_learned_model6_pimc_seed9900.jsonl",
                                    a_options={"model": 6})),
    Row("Hearts expert v IS-MCTS (hands, before 12-07)", "points a hand", 0.0, 3.5,
        lambda: hearts_single_hands("hearts_expert_ismcts_seed9960.jsonl",
                                    "hearts_plain_ismcts_seed9990.jsonl",
                                    "hearts_expert_ismcts_seed9970.jsonl",
                                    "hearts_expert_ismcts_seed9980.jsonl", match="expert-ismcts")),
    Row("Hearts expert v IS-MCTS (hands)", "points a hand", 0.0, 3.5,
        lambda: hearts_single_hands("hearts_learned_model6_ismcts_seed9995.jsonl",
                                    match="expert-ismcts", a_options={"model": 6})),
    Row("Spades expert v PIMC-24 (before 12-06)", "points a hand", 0.0, 30.0,
        lambda: against_pimc("spades", "pimc_reference_issue19.jsonl",
                             "spades_expert_pimc_fresh.jsonl")),
    # the expert with the endgame's 128 deals and bag_fight (ffa8597): seeds 6200-6279,
    # then 6280 on (the same expert, 2026-12-07, journal: "1,500 more fresh deals")
    Row("Spades expert v PIMC-24", "points a hand", 0.0, 30.0,
        lambda: against_pimc("spades", "spades_expert_pimc_fresh_128.jsonl",
                             "spades_expert_pimc_fresh_128_b.jsonl")),
    Row("Klondike player, 60 s a game", "% of deals won", 30.0, 45.0,
        lambda: klondike_player("klondike_macro_60s_fresh60000.jsonl")),
    Row("Klondike player, 10 s a game", "% of deals won", 30.0, 42.0,
        lambda: klondike_player("klondike_macro_10s_fresh60000.jsonl")),
    Row("Klondike player, 10 s (slow machine)", "% of deals won", 30.0, 42.0,
        lambda: klondike_player("klondike_macro_10s_fresh60000_again_20261206.jsonl")),
    # the machine searched 1.58x fewer positions a second from 2026-12-05, 11:11 (its
    # restart; docs/bots_journal.md, "The machine got slower") until its restart on 2026-12-06,
    # 08:25, after which it was about as fast as before: the batches of each apart
    Row("Klondike solver, 10 s (machine of 12-04)", "% of deals settled", 90.0, 99.3,
        lambda: klondike_solver(*(f"klondike_solver_draw3_10s_seeds{s}.json"
                                  for s in range(120000, 200001, 10000)),
                                "klondike_solver_draw3_10s_seeds100000_best_first.json",
                                "klondike_solver_draw3_10s_seeds110000_best_first.json")),
    Row("Klondike solver, 10 s (slow machine)", "% of deals settled", 90.0, 99.3,
        lambda: klondike_solver(*(f"klondike_solver_draw3_10s_seeds{s}.json"
                                  for s in range(210000, 340001, 10000)))),
    Row("Klondike solver, 15 s (slow machine)", "% of deals settled", 90.0, 99.3,
        lambda: klondike_solver(*(f"klondike_solver_draw3_15s_seeds{s}.json"
                                  for s in range(350000, 440001, 10000)))),
    Row("Klondike solver, 10 s (fast again, 12-06)", "% of deals settled", 90.0, 99.3,
        lambda: klondike_solver(*(f"klondike_solver_draw3_10s_seeds{s}.json"
                                  for s in range(450000, 590001, 10000)))),
    # with the chain rule (2026-12-07)
    Row("Klondike solver, 10 s (chain rule, 12-07)", "% of deals settled", 90.0, 99.3,
        lambda: klondike_solver(*(f"klondike_solver_draw3_10s_seeds{s}.json"
                                  for s in range(600000, 690001, 10000)))),
]


def chart(rows: list[tuple[Row, Figure]]) -> str:
    left, top, width, band = 250, 40, 420, 56
    height = top + band * len(rows)
    body = []
    for i, (row, fig) in enumerate(rows):
        y = top + band * i + band / 2
        end = max(fig.high, row.target) * 1.08 if row.start == 0 else min(
            100.0, max(fig.high, row.target) + 1.0)
        px = lambda v, r=row, e=end: left + width * (v - r.start) / (e - r.start)  # noqa: E731
        met = fig.low >= row.target
        colour = "#1b7a3a" if met else "#444"
        body += [
            f'<text x="12" y="{y - 4:.0f}">{row.label}</text>',
            f'<text x="12" y="{y + 12:.0f}" fill="#666" font-size="11">{row.unit}, '
            f'{fig.sample}</text>',
            f'<line x1="{left}" y1="{y + 14:.0f}" x2="{left + width}" y2="{y + 14:.0f}" '
            'stroke="#bbb"/>',
            f'<text x="{left}" y="{y + 26:.0f}" fill="#666" font-size="10">{row.start:g}</text>',
            f'<line x1="{px(fig.low):.1f}" y1="{y:.0f}" x2="{px(fig.high):.1f}" y2="{y:.0f}" '
            f'stroke="{colour}" stroke-width="2"/>',
            f'<circle cx="{px(fig.value):.1f}" cy="{y:.0f}" r="4" fill="{colour}"/>',
            f'<text x="{px(fig.value):.1f}" y="{y - 8:.0f}" text-anchor="middle" '
            f'font-size="11">{fig.value:.1f}</text>',
            f'<line x1="{px(row.target):.1f}" y1="{y - 12:.0f}" x2="{px(row.target):.1f}" '
            f'y2="{y + 14:.0f}" stroke="#c0392b" stroke-width="2" stroke-dasharray="3,2"/>',
            f'<text x="{px(row.target) + 4:.1f}" y="{y + 26:.0f}" fill="#c0392b" '
            f'font-size="10">target {row.target:g}</text>',
        ]
    frame = (4, top - 8, left + width + 48, height - top + 8)
    return svg_page(left + width + 60, height + 30, frame,
                    "Issue 19: the bots against their targets",
                    "dots: measured, bars: 95% intervals, red: the target (green when cleared)",
                    body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="the SVG file to write")
    args = ap.parse_args()
    if not args.out.endswith(".svg"):
        ap.error("--out writes an .svg file")
    rows = [(row, row.measure()) for row in ROWS]
    for row, fig in rows:
        print(f"  {row.label:32} {fig.value:7.2f} ({fig.low:.2f} .. {fig.high:.2f}) "
              f"{row.unit}, {fig.sample}; target {row.target:g}")
    Path(args.out).write_text(chart(rows), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
