"""The Spades table of the arena: partnerships, each deal played twice with
the partnerships' seats swapped.

>>> from parlour.arena.match import play_match
>>> play_match(SpadesTable(), "easy", "random", hands=2, seed=3, progress=False).deals
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.arena.match import HandOutcome, deal_seed
from parlour.bots.base import Bot
from parlour.cards import shuffled_deck
from parlour.games.spades import SpadesHand, SpadesOptions
from parlour.games.spades_scoring import game_winner
from parlour.games.trick import deal_hands

__all__ = ["SpadesTable"]


class SpadesTable:
    """Spades: partnerships, the deal replayed with the seats swapped; scores
    carry from hand to hand and a game ends at the target."""

    game = "spades"
    seats = 4
    layouts = ((0, 1, 0, 1), (1, 0, 1, 0))
    higher_is_better = True

    def __init__(self, options: SpadesOptions | None = None) -> None:
        self.options = options or SpadesOptions()

    def new_carry(self) -> Any:
        return ([0, 0], [0, 0])

    def new_hand(self, deal: int, seed: int, carry: Any) -> SpadesHand:
        """Deal number ``deal`` of a match (the same cards in every layout), with
        the scores and bags carried from the hands before."""
        scores, bags = carry
        hands = deal_hands(shuffled_deck(deal_seed(seed, deal)), deal % 4)
        return SpadesHand(hands, deal % 4, self.options, scores, bags)

    def play_hand(self, deal: int, seed: int, bots: Sequence[Bot], carry: Any) -> HandOutcome:
        hand = self.new_hand(deal, seed, carry)
        while not hand.is_terminal():
            seat = hand.current_player()
            hand.apply(bots[seat].choose(hand.observation(seat), hand.legal_actions()))
        result = hand.score()
        points = [float(result.points[s & 1]) for s in range(4)]
        winner = game_winner(result.scores, self.options)
        if winner is None:
            return HandOutcome(points, (result.scores, result.bags))
        return HandOutcome(points, self.new_carry(), [winner, winner + 2])
