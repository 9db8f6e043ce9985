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

from parlour.bots.registry import register_bot
from parlour.bots.spades_expert import solve_outcomes, table_bids
from parlour.bots.spades_rules import RuleBot
from parlour.cards import Rng
from parlour.games.spades import BID_BASE, SpadesObservation
from parlour.games.spades_scoring import score_hand

__all__ = ["EXACT_TRICKS", "HORIZON", "SpadesPIMC"]

EXACT_TRICKS = 7
HORIZON = 2


class SpadesPIMC:
    """Sampled deals, each solved double dummy; the best mean hand score."""

    name = "pimc"

    def __init__(self, seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
                 horizon: int = HORIZON) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.exact_tricks = exact_tricks
        self.horizon = horizon
        self.rules = RuleBot("normal", seed)

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        obs = observation
        if legal_actions[0] >= BID_BASE:
            return self.rules.choose(obs, legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        left = 13 - sum(obs.tricks_won)
        horizon = 0 if left <= self.exact_tricks else self.horizon
        cands = sorted(legal_actions)
        bids = table_bids(obs)
        team = obs.seat & 1
        totals = [0.0] * len(cands)
        for _ in range(self.samples):
            world = obs.sample(self.rng)
            for i, tricks in enumerate(solve_outcomes(world, obs, cands, horizon)):
                r = score_hand(bids, tricks, obs.scores, obs.bags, obs.options)
                totals[i] += r.points[team] - r.points[1 - team]
        best = 0
        for i in range(1, len(cands)):
            if totals[i] > totals[best] + 1e-9:  # ties: the lowest card
                best = i
        return cands[best]


def _pimc(seed: int = 0, samples: int = 24, exact_tricks: int = EXACT_TRICKS,
          horizon: int = HORIZON) -> SpadesPIMC:
    return SpadesPIMC(seed, samples, exact_tricks, horizon)


register_bot("spades", "pimc", _pimc)
