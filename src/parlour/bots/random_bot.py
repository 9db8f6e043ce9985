"""The ``random`` level of every game: a uniformly random legal action.

>>> RandomBot(seed=1).choose(None, [10, 20, 30]) in (10, 20, 30)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.registry import register_bot
from parlour.cards import Rng


class RandomBot:
    """Plays any legal action, uniformly; seeded, so a match can be replayed.

    >>> a, b = RandomBot(seed=4), RandomBot(seed=4)
    >>> picks = [(a.choose(None, range(52)), b.choose(None, range(52))) for _ in range(3)]
    >>> all(x == y for x, y in picks)
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.below(len(legal_actions))]


def _make(seed: int = 0) -> RandomBot:
    return RandomBot(seed)


register_bot("*", "random", _make)
