"""Duplicate Hearts matches between two bots (the ``parlour arena hearts`` logic).

Side A sits in two opposite seats and side B in the other two; every deal is
played twice, the second time with everyone moved one seat round, so each
side holds every hand once and the luck of the deal cancels. The figures:
points a hand for each side (per seat, as the hand adds them to the score),
their difference with a 95% interval over deals, deals won, and each side's
decision times (median and 95th percentile, forced moves left out).

Bots see only observations. A reference player that needs OpenSpiel's own
state (:mod:`parlour.bots.hearts_openspiel`) gets it from a *table*, an
observer told of the deal and of every action, never from the bot interface.

>>> from parlour.bots.base import make_bot
>>> r = duplicate_match(lambda s: make_bot("hearts", "normal", seed=s),
...                     lambda s: make_bot("hearts", "random", seed=s), hands=2, seed=1)
>>> r.deals, len(r.diffs)
(2, 2)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.arena.match import HandOutcome, deal_seed, mean_interval
from parlour.bots.base import Bot
from parlour.cards import shuffled_deck
from parlour.games.hearts import PASS_ROTATION, HeartsHand, HeartsOptions
from parlour.games.hearts_scoring import HEARTS_MASK, QUEEN_OF_SPADES, game_winner
from parlour.games.trick import deal_hands

__all__ = ["DealResult", "HeartsTable", "MatchResult", "Observer", "add_deal", "duplicate_match",
           "play_deal", "play_hand", "report_lines", "split_lines"]


class Observer(Protocol):
    """Told of each hand and action (an engine kept in lock-step with ours)."""

    def start(self, hand: HeartsHand) -> None: ...

    def apply(self, action: int) -> None: ...


@dataclass
class MatchResult:
    """A duplicate match. ``diffs[i]``: points a hand of A minus B on deal i
    (per seat, both plays of the deal); negative means A did better."""

    deals: int = 0
    points_a: list[float] = field(default_factory=list)
    points_b: list[float] = field(default_factory=list)
    diffs: list[float] = field(default_factory=list)
    won_a: int = 0
    won_b: int = 0
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    moons_a: int = 0
    moons_b: int = 0
    # where the points went, over the ``split_deals`` deals that recorded it:
    # [queen, hearts, all points] a hand per seat of each side, summed
    split_deals: int = 0
    split_a: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    split_b: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])

    def mean_a(self) -> float:
        return statistics.fmean(self.points_a) if self.points_a else 0.0

    def mean_b(self) -> float:
        return statistics.fmean(self.points_b) if self.points_b else 0.0

    def diff(self) -> tuple[float, float]:
        """Mean of A minus B per hand and the half-width of its 95% interval."""
        return mean_interval(self.diffs)

    def to_json(self) -> dict[str, Any]:
        m, half = self.diff()
        return {"deals": self.deals, "points_a": self.mean_a(), "points_b": self.mean_b(),
                "diff": m, "ci95": half, "won_a": self.won_a, "won_b": self.won_b,
                "moons_a": self.moons_a, "moons_b": self.moons_b,
                "time_a": time_figures(self.times_a), "time_b": time_figures(self.times_b)}


def time_figures(times: Sequence[float]) -> dict[str, float]:
    """Median and 95th percentile in milliseconds."""
    if not times:
        return {"median_ms": 0.0, "p95_ms": 0.0, "decisions": 0}
    s = sorted(times)
    return {"median_ms": 1000 * statistics.median(s),
            "p95_ms": 1000 * s[min(len(s) - 1, int(0.95 * len(s)))], "decisions": len(s)}


def play_hand(hand: HeartsHand, players: Sequence[Bot],
              observers: Sequence[Observer] = ()) -> tuple[list[int], list[list[float]]]:
    """Play a hand to its end; each seat's player gets only its observation.
    Returns what the hand adds to each score and each seat's decision times."""
    times: list[list[float]] = [[], [], [], []]
    for o in observers:
        o.start(hand)
    while not hand.is_terminal():
        seat = hand.current_player()
        legal = hand.legal_actions()
        obs = hand.observation(seat)
        t0 = time.perf_counter()
        action = players[seat].choose(obs, legal)
        if len(legal) > 1:
            times[seat].append(time.perf_counter() - t0)
        hand.apply(action)  # refuses an illegal action
        for o in observers:
            o.apply(action)
    return hand.score().gained, times


@dataclass
class DealResult:
    """One deal of a duplicate match, both plays: points a hand per seat of each
    side, moons shot, each side's decision times (seconds), and where each
    side's points came from: ``split_a`` and ``split_b`` are the queen of
    spades' and the hearts' points a hand per seat in hands without a moon (the
    rest of ``points_a`` is moons and the jack; None in logs from before it)."""

    deal: int
    points_a: float
    points_b: float
    moons_a: int = 0
    moons_b: int = 0
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    split_a: list[float] | None = None
    split_b: list[float] | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"deal": self.deal, "points_a": self.points_a, "points_b": self.points_b,
               "moons_a": self.moons_a, "moons_b": self.moons_b,
               "times_a": [round(t, 5) for t in self.times_a],
               "times_b": [round(t, 5) for t in self.times_b]}
        if self.split_a is not None and self.split_b is not None:
            out["split_a"] = self.split_a
            out["split_b"] = self.split_b
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        split_a = data.get("split_a")
        split_b = data.get("split_b")
        return cls(int(data["deal"]), float(data["points_a"]), float(data["points_b"]),
                   int(data["moons_a"]), int(data["moons_b"]),
                   [float(t) for t in data["times_a"]], [float(t) for t in data["times_b"]],
                   None if split_a is None else [float(x) for x in split_a],
                   None if split_b is None else [float(x) for x in split_b])


def add_deal(result: MatchResult, deal: DealResult) -> None:
    """Count one deal into a match's figures."""
    result.deals += 1
    result.points_a.append(deal.points_a)
    result.points_b.append(deal.points_b)
    result.diffs.append(deal.points_a - deal.points_b)
    if deal.points_a < deal.points_b:
        result.won_a += 1
    elif deal.points_b < deal.points_a:
        result.won_b += 1
    result.moons_a += deal.moons_a
    result.moons_b += deal.moons_b
    result.times_a.extend(deal.times_a)
    result.times_b.extend(deal.times_b)
    if deal.split_a is not None and deal.split_b is not None:
        result.split_deals += 1
        for k in (0, 1):
            result.split_a[k] += deal.split_a[k]
            result.split_b[k] += deal.split_b[k]
        result.split_a[2] += deal.points_a
        result.split_b[2] += deal.points_b


def play_deal(make_a: Callable[[int], Bot], make_b: Callable[[int], Bot], i: int,
              seed: int = 0, options: HeartsOptions | None = None,
              observers: Sequence[Observer] = ()) -> DealResult:
    """Deal ``i`` of a match, played twice: A in seats 0 and 2, then A in 1 and 3.

    It is dealt from ``seed * 1_000_003 + i`` with dealer ``i % 4`` and the pass
    of the ``i``-th hand of a game (left, right, across, none)."""
    dealt_from = seed * 1_000_003 + i
    pass_dir = PASS_ROTATION[i % 4]
    pa: list[int] = []
    pb: list[int] = []
    split_a = [0.0, 0.0]  # queen, hearts: points a hand per seat
    split_b = [0.0, 0.0]
    out = DealResult(i, 0.0, 0.0, split_a=split_a, split_b=split_b)
    for rot in (0, 1):
        hand = HeartsHand.from_seed(dealt_from, dealer=i % 4, pass_dir=pass_dir,
                                    options=options)
        a_seats = (rot, rot + 2)
        players = [make_a(dealt_from * 8 + s) if s in a_seats else make_b(dealt_from * 8 + s)
                   for s in range(4)]
        gained, times = play_hand(hand, players, observers)
        moon = hand.score().moon
        for s in range(4):
            split = split_a if s in a_seats else split_b
            if s in a_seats:
                pa.append(gained[s])
                out.times_a.extend(times[s])
            else:
                pb.append(gained[s])
                out.times_b.extend(times[s])
            if moon is None:
                taken = hand.play.taken[s]
                split[0] += 13 / 4 if taken >> QUEEN_OF_SPADES & 1 else 0.0
                split[1] += (taken & HEARTS_MASK).bit_count() / 4
        if moon is not None:
            if moon in a_seats:
                out.moons_a += 1
            else:
                out.moons_b += 1
    out.points_a = statistics.fmean(pa)
    out.points_b = statistics.fmean(pb)
    return out


def duplicate_match(make_a: Callable[[int], Bot], make_b: Callable[[int], Bot], hands: int,
                    seed: int = 0, options: HeartsOptions | None = None,
                    observers: Sequence[Observer] = (),
                    progress: Callable[[int, MatchResult], None] | None = None,
                    first: int = 0,
                    on_deal: Callable[[DealResult], None] | None = None) -> MatchResult:
    """Deals ``first`` .. ``first + hands - 1``, each played twice (:func:`play_deal`).
    ``on_deal`` is told of every deal as it ends (to log a long match)."""
    result = MatchResult()
    for n, i in enumerate(range(first, first + hands)):
        deal = play_deal(make_a, make_b, i, seed, options, observers)
        add_deal(result, deal)
        if on_deal is not None:
            on_deal(deal)
        if progress is not None:
            progress(n + 1, result)
    return result


def report_lines(result: MatchResult, name_a: str, name_b: str) -> list[str]:
    """The match as text."""
    m, half = result.diff()
    ta = time_figures(result.times_a)
    tb = time_figures(result.times_b)
    return [
        f"{result.deals} duplicate deals ({2 * result.deals} hands), points a hand per seat:",
        f"  A {name_a}: {result.mean_a():.2f}   B {name_b}: {result.mean_b():.2f}",
        f"  A - B: {m:+.2f} +- {half:.2f} (95%)   deals won: A {result.won_a}, "
        f"B {result.won_b}, tied {result.deals - result.won_a - result.won_b}",
        f"  moons: A {result.moons_a}, B {result.moons_b}",
        *split_lines(result),
        f"  decision time A: median {ta['median_ms']:.1f} ms, p95 {ta['p95_ms']:.1f} ms; "
        f"B: median {tb['median_ms']:.1f} ms, p95 {tb['p95_ms']:.1f} ms",
    ]


def split_lines(result: MatchResult) -> list[str]:
    """Where each side's points came from, points a hand per seat: the queen of
    spades and the hearts in hands without a moon, the rest (moons, the jack),
    over the deals that recorded it."""
    n = result.split_deals
    if not n:
        return []
    qa, ha, pa = (x / n for x in result.split_a)
    qb, hb, pb = (x / n for x in result.split_b)
    return [f"  where the points went ({n} deals), A / B: queen {qa:.2f} / {qb:.2f}, "
            f"hearts {ha:.2f} / {hb:.2f}, moons and the jack {pa - qa - ha:.2f} / "
            f"{pb - qb - hb:.2f}"]


class HeartsTable:
    """Hearts for :func:`parlour.arena.run_match`: A in seats 0 and 2, then
    the deal again with A in 1 and 3; scores carry from hand to hand (the pass
    going left, right, across, none) and a game ends at the target."""

    game = "hearts"
    seats = 4
    layouts = ((0, 1, 0, 1), (1, 0, 1, 0))
    higher_is_better = False

    def __init__(self, options: HeartsOptions | None = None) -> None:
        self.options = options or HeartsOptions()

    def new_carry(self) -> Any:
        return ([0, 0, 0, 0], 0)  # scores, hands played in this game

    def play_hand(self, deal: int, seed: int, bots: Sequence[Bot], carry: Any) -> HandOutcome:
        scores, played = carry
        hands = deal_hands(shuffled_deck(deal_seed(seed, deal)), deal % 4)
        hand = HeartsHand(hands, deal % 4, PASS_ROTATION[played % 4], self.options, scores)
        gained, _times = play_hand(hand, bots)
        result = hand.score()
        points = [float(g) for g in gained]
        winner = game_winner(result.scores, self.options)
        if winner is None:
            return HandOutcome(points, (result.scores, played + 1))
        return HandOutcome(points, self.new_carry(), [winner])
