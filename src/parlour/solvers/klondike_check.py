"""Checks that the Klondike solver's pruning never turns a win into ``lose``.

Every pruning rule of :mod:`parlour.solvers.klondike` can be switched off; a
position that the solver calls lost with pruning on must not be won with it
off. Whole deals are slow to exhaust, so most of the checking is done on small
random positions (the low cards of each suit already home), where both searches
usually finish.

>>> pos = random_position(5, draw=1)
>>> sum(pos[1]) + sum(len(p) - 1 for p in pos[0]) + len(pos[2])
52
>>> compare(pos, 1)[0] in ("win", "lose", "unknown")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from parlour.games.klondike_notation import deal_from_seed
from parlour.solvers.klondike import CARD, PRUNINGS, Position, Solver, solve


def random_position(seed: int, draw: int) -> Position:
    """A random position: 1..9 cards home in each suit, the rest dealt at random into
    seven piles (only the top card of each face up) and a talon of up to 12 cards."""
    rng = random.Random(seed)
    found = (rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9))
    rest = [CARD[s][r] for s in range(4) for r in range(found[s] + 1, 14)]
    rng.shuffle(rest)
    size = rng.randint(0, min(12, len(rest) - 7))
    talon = bytes(rest[:size])
    cards = rest[size:]
    cuts = sorted(rng.sample(range(1, len(cards)), 6)) if len(cards) > 7 else list(range(1, 7))
    piles = []
    prev = 0
    for cut in [*cuts, len(cards)]:
        pile = cards[prev:cut]
        prev = cut
        piles.append(bytes((max(0, len(pile) - 1), *pile)))
    pointer = rng.randint(0, len(talon)) if draw == 3 else 0
    return (tuple(piles), found, talon, pointer)


def compare(pos: Position, draw: int, on_seconds: float = 2.0, off_seconds: float = 5.0,
            off: frozenset[str] = PRUNINGS) -> tuple[str, str]:
    """The complete search's answers with pruning on and with the rules ``off`` switched off.

    With draw 3 and the ``draw1`` rule on, a position counts as lost when the draw-1
    search (with pruning on) proves it lost, whatever the draw-3 search says, and with
    the ``swap3`` rule on, when the draw-3 game with the ``swap`` move proves it lost:
    the claims :func:`parlour.solvers.klondike.solve` would make."""
    on = Solver([], draw, on_seconds, max_states=50_000).run(start=pos).result
    if draw == 3 and "draw1" in off:
        relaxed = (pos[0], pos[1], pos[2], 0)
        if Solver([], 1, on_seconds, max_states=50_000,
                  relaxed=True).run(start=relaxed).result == "lose":
            on = "lose"
    if draw == 3 and {"swap3", "swap"} <= off and Solver(
            [], 3, on_seconds, max_states=50_000, relaxed=True).run(start=pos).result == "lose":
        on = "lose"
    without = Solver([], draw, off_seconds, max_states=150_000, pruning=PRUNINGS - off)
    return on, without.run(start=pos).result


@dataclass
class CheckReport:
    """Answer pairs (pruning on, pruning off) counted; ``bad`` lists the cases where
    pruning on says ``lose`` and off finds a win (a bug), or the reverse."""

    tally: dict[tuple[str, str], int] = field(default_factory=dict)
    bad: list[int] = field(default_factory=list)

    def add(self, case: int, on: str, off: str) -> None:
        self.tally[(on, off)] = self.tally.get((on, off), 0) + 1
        if {on, off} == {"win", "lose"}:
            self.bad.append(case)

    def report(self) -> str:
        pairs = ", ".join(f"on {a} / off {b}: {n}" for (a, b), n in sorted(self.tally.items()))
        return f"{pairs}; disagreements: {self.bad or 'none'}"


def check_positions(seeds: Iterable[int], draw: int,
                    off: frozenset[str] = PRUNINGS) -> CheckReport:
    """Compare pruning on and off on the random positions of ``seeds``."""
    out = CheckReport()
    for seed in seeds:
        out.add(seed, *compare(random_position(seed, draw), draw, off=off))
    return out


def check_losses(seeds: Iterable[int], draw: int, off_seconds: float = 60.0) -> CheckReport:
    """Solve each seeded deal the solver calls ``lose`` again with every pruning off
    (quick and complete search, ``off_seconds`` a deal): no win may turn up."""
    out = CheckReport()
    for seed in seeds:
        result = solve(deal_from_seed(seed), draw, off_seconds, pruning=frozenset())
        out.add(seed, "lose", result.result)
    return out
