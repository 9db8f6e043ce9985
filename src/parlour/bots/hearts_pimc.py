"""The plain PIMC reference for Hearts (``pimc``, an arena opponent, not a
level offered to players): perfect-information Monte Carlo.

For each card decision it deals the unseen cards afresh ``samples`` times
(24 by default; 48 is the other reference) consistently with the observation
(:meth:`HeartsObservation.sample`: voids shown, cards played, the cards this
seat passed; no weighting of the deals), solves each deal double dummy with
:mod:`parlour.solvers.double_dummy` in points (a heart 1, the queen of spades
13), this seat against the other three, and plays the card with the fewest
points expected. It passes as ``normal`` does.

A whole deal takes our solver far too long (points have no quick-trick
bound), so the solve is exact from ``exact_tricks`` (5) tricks left; before
that it is searched through the current trick and ``horizon`` (2) more,
counting only the points taken by then.

>>> from parlour.games.hearts import HeartsHand
>>> hand = HeartsHand.from_seed(2, pass_dir=0)
>>> bot = HeartsPIMC(seed=1, samples=4)
>>> hand.apply(bot.choose(hand.observation(hand.current_player()), hand.legal_actions()))
>>> bot.choose(hand.observation(hand.current_player()), hand.legal_actions()) in \\
...     hand.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.hearts_expert import points_from_here
from parlour.bots.hearts_rules import NORMAL, PASS_BIT, choose_pass
from parlour.bots.pimc import PIMC
from parlour.bots.registry import register_bot

__all__ = ["EXACT_TRICKS", "HORIZON", "HeartsPIMC"]

EXACT_TRICKS = 5
HORIZON = 2


class HeartsPIMC(PIMC):
    """Sampled deals, each solved double dummy in points; the fewest points."""

    def __init__(self, seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
                 horizon: int = HORIZON) -> None:
        super().__init__(seed, samples, exact_tricks, horizon)

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        obs = observation
        if obs.passing:
            action = PASS_BIT | choose_pass(obs.hand, NORMAL, obs.options.jack_of_diamonds)
            return action if action in legal_actions else legal_actions[0]
        return self.best_card(obs, legal_actions, obs.hand.bit_count())

    def card_values(self, obs: Any, world: Any, legal: Sequence[int],
                    horizon: int) -> list[float]:
        values = points_from_here(world, obs.seat, horizon)
        return [-float(values[c]) for c in legal]


def _pimc(seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
          horizon: int = HORIZON) -> HeartsPIMC:
    return HeartsPIMC(seed, samples, exact_tricks, horizon)


register_bot("hearts", "pimc", _pimc)
