"""The plain PIMC reference for Spades (``pimc``, an arena opponent, not a
level offered to players): perfect-information Monte Carlo.

For each card decision it deals the unseen cards afresh ``samples`` times
(24 by default; 48 is the other reference), consistently with the
observation only (voids shown and cards played: no inference from the bids),
solves every deal double dummy with :mod:`parlour.solvers.double_dummy`
(a nil bidder's trick weighted as in the expert's solver) and plays the card
whose mean *hand score* is best: the team's points for the hand minus the
opponents', as :func:`score_hand` gives them (bags and their penalty
included, nothing more). It bids as ``normal`` does.

A whole 13-card deal takes our solver tens of seconds, so the solve is exact
from ``exact_tricks`` (7) tricks left; before that it is searched through
the current trick and ``horizon`` (2) more, every seat's sure masters
counted after that.

>>> from parlour.games.spades import SpadesHand, bid_action
>>> hand = SpadesHand.from_seed(3, dealer=0)
>>> for b in (3, 3, 3, 3):
...     hand.apply(bid_action(b))
>>> bot = SpadesPIMC(seed=1, samples=4)
>>> bot.choose(hand.observation(1), hand.legal_actions()) in hand.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.pimc import PIMC
from parlour.bots.registry import register_bot
from parlour.bots.spades_expert import solve_outcomes, table_bids
from parlour.bots.spades_rules import RuleBot
from parlour.games.spades import BID_BASE, SpadesObservation
from parlour.games.spades_scoring import score_hand

__all__ = ["EXACT_TRICKS", "HORIZON", "SpadesPIMC"]

EXACT_TRICKS = 7
HORIZON = 2


class SpadesPIMC(PIMC):
    """Sampled deals, each solved double dummy; the best mean hand score."""

    def __init__(self, seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
                 horizon: int = HORIZON) -> None:
        super().__init__(seed, samples, exact_tricks, horizon)
        self.rules = RuleBot("normal", seed)

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        if legal_actions[0] >= BID_BASE:
            return self.rules.choose(observation, legal_actions)
        return self.best_card(observation, legal_actions, 13 - sum(observation.tricks_won))

    def card_values(self, obs: Any, world: Any, legal: Sequence[int],
                    horizon: int) -> list[float]:
        bids = table_bids(obs)
        team = obs.seat & 1
        out = []
        for tricks in solve_outcomes(world, obs, list(legal), horizon):
            r = score_hand(bids, tricks, obs.scores, obs.bags, obs.options)
            out.append(float(r.points[team] - r.points[1 - team]))
        return out


def _pimc(seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
          horizon: int = HORIZON) -> SpadesPIMC:
    return SpadesPIMC(seed, samples, exact_tricks, horizon)


register_bot("spades", "pimc", _pimc)
