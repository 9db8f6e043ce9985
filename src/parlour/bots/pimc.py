"""Perfect-information Monte Carlo, the plain reference of the trick games.

A decision deals the unseen cards afresh ``samples`` times from the seat's
observation alone (its ``sample``: voids shown, cards played), values every
legal card on each deal with the double-dummy solver (a game's
``card_values``), and plays the card with the best total. The game modules
(:mod:`parlour.bots.spades_pimc`, :mod:`parlour.bots.hearts_pimc`) say how a
deal is solved and what is bid or passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import Rng

__all__ = ["PIMC"]


class PIMC:
    """``samples`` deals a decision; exact from ``exact_tricks`` tricks left,
    before that searched ``horizon`` tricks past the current one."""

    name = "pimc"

    def __init__(self, seed: int, samples: int, exact_tricks: int, horizon: int) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.rng = Rng(seed)
        self.samples = samples
        self.exact_tricks = exact_tricks
        self.horizon = horizon

    def card_values(self, obs: Any, world: Any, legal: Sequence[int],
                    horizon: int) -> Sequence[float]:
        """The value of each legal card on one full deal (higher is better)."""
        raise NotImplementedError

    def best_card(self, obs: Any, legal: Sequence[int], tricks_left: int) -> int:
        if len(legal) == 1:
            return legal[0]
        horizon = 0 if tricks_left <= self.exact_tricks else self.horizon
        cands = sorted(legal)
        totals = [0.0] * len(cands)
        done = 0
        failed = 0
        while done < self.samples:
            try:
                world = obs.sample(self.rng)
            except ValueError:  # a sampler can dead-end on tight constraints
                failed += 1
                if failed > 8 * self.samples:
                    break
                continue
            for i, v in enumerate(self.card_values(obs, world, cands, horizon)):
                totals[i] += v
            done += 1
        best = 0
        for i in range(1, len(cands)):
            if totals[i] > totals[best] + 1e-9:  # ties: the lowest card
                best = i
        return cands[best]
