"""Spades for bot writers: ``from parlour.spades import SpadesHand, SpadesGame``.

>>> hand = SpadesHand.from_seed(3, dealer=2)
>>> hand.current_player(), len(hand.legal_actions())
(3, 14)
"""

from parlour.games.spades import (
    BID_BASE,
    BLIND_NIL_ACTION,
    HandScore,
    SpadesGame,
    SpadesHand,
    SpadesObservation,
    SpadesOptions,
    action_to_string,
    bid_action,
    parse_action,
    replay_record,
)
from parlour.games.spades_scoring import BLIND_NIL, TEAMS, game_winner, score_hand, score_pad

__all__ = [
    "BID_BASE",
    "BLIND_NIL",
    "BLIND_NIL_ACTION",
    "TEAMS",
    "HandScore",
    "SpadesGame",
    "SpadesHand",
    "SpadesObservation",
    "SpadesOptions",
    "action_to_string",
    "bid_action",
    "game_winner",
    "parse_action",
    "replay_record",
    "score_hand",
    "score_pad",
]
