"""Duplicate matches between two bot levels, with the figures to judge them.

Each deal is played once per *layout* (which side sits in which seat), so the
luck of the cards cancels: in Spades the deal is played again with the
partnerships' seats swapped. The result gives each side's points per hand,
the difference with a 95% confidence interval (over deals, each deal's
difference being the mean over its layouts), games won, and the time per
decision (median and 95th percentile) of each side.

Games plug in as a :class:`Table`: a table knows its layouts and how to
play one hand of a deal with given bots (:mod:`parlour.arena.spades`,
:mod:`parlour.arena.hearts`); :func:`parlour.arena.run_match` finds a game's
table by name.

>>> from parlour.arena.spades import SpadesTable
>>> result = play_match(SpadesTable(), "normal", "easy", hands=4, seed=1, progress=False)
>>> result.deals, len(result.diffs), result.layouts
(4, 4, 2)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.bots.base import Bot, make_bot
from parlour.cards import Rng
from parlour.progress import Progress

__all__ = ["HandOutcome", "MatchResult", "Table", "deal_seed", "mean_interval", "play_match",
           "svg_plot"]


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation):
    0 and infinity with no value, infinity with one."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return statistics.fmean(values), half


@dataclass
class HandOutcome:
    """One hand played: points per seat (a partnership's points go to both its
    seats), the carry for the next hand (running scores), and the seats of the
    winners of a game that ended with this hand (empty if none did)."""

    seat_points: list[float]
    carry: Any
    game_winners: list[int] = field(default_factory=list)


class Table(Protocol):
    """How the arena plays a game."""

    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> int: ...

    @property
    def layouts(self) -> Sequence[Sequence[int]]:
        """Per replay of a deal: the side (0 = A, 1 = B) of each seat."""
        ...

    @property
    def higher_is_better(self) -> bool: ...

    def new_carry(self) -> Any: ...

    def play_hand(self, deal: int, seed: int, bots: Sequence[Bot], carry: Any) -> HandOutcome: ...


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` of a match (the same for every layout)."""
    r = Rng(seed * 1_000_003 + deal)
    return r.next64()


class _TimedBot:
    """Wraps a bot, recording how long each decision takes."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        t = time.perf_counter()
        action = self.bot.choose(observation, legal_actions)
        self.times.append(time.perf_counter() - t)
        if action not in legal_actions:
            raise RuntimeError(f"bot {self.name} chose an illegal action {action}")
        return action


@dataclass
class MatchResult:
    game: str
    a: str
    b: str
    seed: int
    deals: int
    layouts: int
    points_a: list[float]  # per deal: side A's mean points per hand over the layouts
    points_b: list[float]
    games_a: int
    games_b: int
    times_a: list[float]
    times_b: list[float]
    seconds: float

    @property
    def diffs(self) -> list[float]:
        return [x - y for x, y in zip(self.points_a, self.points_b, strict=True)]

    def summary(self) -> dict[str, Any]:
        d = self.diffs
        mean, half = mean_interval(d)
        return {
            "game": self.game,
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "deals": self.deals,
            "hands": self.deals * self.layouts,
            "points_per_hand_a": round(statistics.fmean(self.points_a), 2) if d else 0.0,
            "points_per_hand_b": round(statistics.fmean(self.points_b), 2) if d else 0.0,
            "diff": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "games_won_a": self.games_a,
            "games_won_b": self.games_b,
            "decision_ms_a": _times(self.times_a),
            "decision_ms_b": _times(self.times_b),
            "seconds": round(self.seconds, 1),
        }

    def report(self) -> str:
        s = self.summary()
        ta, tb = s["decision_ms_a"], s["decision_ms_b"]
        lo, hi = s["ci95"]
        return "\n".join([
            f"{self.game}: A = {self.a} against B = {self.b}, {self.deals} deals x "
            f"{self.layouts} seatings = {s['hands']} hands (seed {self.seed})",
            f"  points per hand   A {s['points_per_hand_a']:+.1f}"
            f"   B {s['points_per_hand_b']:+.1f}",
            f"  difference A - B  {s['diff']:+.1f}  (95% CI {lo:+.1f} .. {hi:+.1f})",
            f"  games won         A {self.games_a}   B {self.games_b}",
            f"  time a decision   A median {ta['median']:.1f} ms, p95 {ta['p95']:.1f} ms;"
            f"  B median {tb['median']:.1f} ms, p95 {tb['p95']:.1f} ms",
            f"  {s['seconds']:.0f} s",
        ])


def _times(ts: list[float]) -> dict[str, float]:
    if not ts:
        return {"median": 0.0, "p95": 0.0, "decisions": 0}
    s = sorted(ts)
    return {"median": round(1000 * statistics.median(s), 2),
            "p95": round(1000 * s[min(len(s) - 1, int(0.95 * len(s)))], 2),
            "decisions": len(s)}


def play_match(table: Table, a: str, b: str, hands: int, seed: int = 1,
               a_options: dict[str, Any] | None = None, b_options: dict[str, Any] | None = None,
               progress: bool = True) -> MatchResult:
    """Play ``hands`` deals at ``table``, each once per layout, level ``a`` against level ``b``."""
    game = table.game
    times: tuple[list[float], list[float]] = ([], [])
    levels = (a, b)
    opts = (a_options or {}, b_options or {})
    layouts = table.layouts
    # One set of bots per layout (each keeps its own state across hands).
    seat_bots: list[list[Bot]] = []
    for li, layout in enumerate(layouts):
        seat_bots.append([
            _TimedBot(make_bot(game, levels[side], seed=seed * 7919 + 97 * li + seat,
                               **opts[side]), times[side])
            for seat, side in enumerate(layout)])
    carries = [table.new_carry() for _ in layouts]
    points: tuple[list[float], list[float]] = ([], [])
    games = [0, 0]
    start = time.monotonic()
    bar = Progress(hands * len(layouts), label=f"{game} {a} v {b}", enabled=progress)
    for deal in range(hands):
        sums = [0.0, 0.0]
        for li, layout in enumerate(layouts):
            out = table.play_hand(deal, seed, seat_bots[li], carries[li])
            carries[li] = out.carry
            for side in (0, 1):
                seats = [s for s in range(table.seats) if layout[s] == side]
                sums[side] += sum(out.seat_points[s] for s in seats) / len(seats)
            if out.game_winners:
                games[layout[out.game_winners[0]]] += 1
            d = (statistics.fmean(points[0]) - statistics.fmean(points[1])) if points[0] else 0.0
            bar.update(1, note=f"A-B {d:+.1f}")
        points[0].append(sums[0] / len(layouts))
        points[1].append(sums[1] / len(layouts))
    bar.close()
    return MatchResult(game, a, b, seed, hands, len(layouts), points[0], points[1],
                       games[0], games[1], times[0], times[1], time.monotonic() - start)


def svg_plot(result: MatchResult, width: int = 640, height: int = 360) -> str:
    """An SVG chart of the running mean difference A - B with its 95% band.

    >>> r = MatchResult("spades", "x", "y", 1, 3, 2, [10.0, 20.0, 0.0], [0.0, 5.0, 5.0],
    ...                 0, 0, [], [], 0.0)
    >>> svg_plot(r).startswith("<svg")
    True
    """
    d = result.diffs
    run: list[tuple[float, float, float]] = []
    total = 0.0
    sq = 0.0
    for i, x in enumerate(d, 1):
        total += x
        sq += x * x
        mean = total / i
        var = (sq - i * mean * mean) / (i - 1) if i > 1 else 0.0
        half = 1.96 * math.sqrt(max(var, 0.0) / i) if i > 1 else 0.0
        run.append((mean, mean - half, mean + half))
    skip = max(1, len(run) // 20)  # the band is meaningless for the first few deals
    shown = run[skip - 1:] if len(run) > skip else run
    lo = min([0.0] + [r[1] for r in shown])
    hi = max([0.0] + [r[2] for r in shown])
    if hi - lo < 1e-9:
        hi = lo + 1.0
    left, right, top, bottom = 60, 20, 30, 40
    pw, ph = width - left - right, height - top - bottom
    n = max(len(run), 2)

    def px(i: int) -> float:
        return left + pw * i / (n - 1)

    def py(v: float) -> float:
        return top + ph * (hi - v) / (hi - lo)

    start = len(run) - len(shown)
    line = " ".join(f"{px(start + i):.1f},{py(r[0]):.1f}" for i, r in enumerate(shown))
    band = " ".join(f"{px(start + i):.1f},{py(r[2]):.1f}" for i, r in enumerate(shown))
    band += " " + " ".join(f"{px(start + i):.1f},{py(r[1]):.1f}"
                           for i, r in reversed(list(enumerate(shown))))
    title = (f"{result.game}: {result.a} - {result.b}, running mean points a hand "
             f"({result.deals} deals)")
    ticks = []
    for k in range(5):
        v = lo + (hi - lo) * k / 4
        ticks.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:+.0f}</text>')
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18">{title}</text>',
        f'<polygon points="{band}" fill="#9ecae1" opacity="0.5"/>',
        f'<line x1="{left}" y1="{py(0):.1f}" x2="{width - right}" y2="{py(0):.1f}" '
        'stroke="#888" stroke-dasharray="4 3"/>',
        f'<polyline points="{line}" fill="none" stroke="#08519c" stroke-width="1.5"/>',
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>',
        *ticks,
        f'<text x="{left + pw / 2:.0f}" y="{height - 10}" text-anchor="middle">deal</text>',
        "</svg>",
    ]) + "\n"
