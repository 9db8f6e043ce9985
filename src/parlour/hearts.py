"""Hearts: the engine lives in :mod:`parlour.games.hearts`, its scoring and score
pad in :mod:`parlour.games.hearts_scoring`, its records in
:mod:`parlour.games.hearts_record`; this module gathers the public names in one
place.

>>> from parlour.hearts import HeartsGame
>>> HeartsGame(seed=1).current_player()     # North chooses a pass first
0

A game's record replays, every action checked:

>>> game = HeartsGame(seed=3, options=HeartsOptions(target=40))
>>> while not game.is_terminal():
...     game.apply(game.legal_actions()[0])
>>> replay = replay_record(game.to_record())
>>> replay.result["winner"]["seats"] == [game.winner], replay.result["scores"] == game.scores
(True, True)
"""

from parlour.games.hearts import (
    PASS_ACROSS,
    PASS_BIT,
    PASS_LEFT,
    PASS_NAMES,
    PASS_NONE,
    PASS_RIGHT,
    PASS_ROTATION,
    HeartsGame,
    HeartsHand,
    HeartsObservation,
    PassChoices,
    pass_action,
)
from parlour.games.hearts_record import replay as replay_record
from parlour.games.hearts_scoring import (
    HandScore,
    HeartsOptions,
    game_winner,
    score_hand,
    score_pad,
    score_pad_lines,
)

__all__ = [
    "PASS_ACROSS",
    "PASS_BIT",
    "PASS_LEFT",
    "PASS_NAMES",
    "PASS_NONE",
    "PASS_RIGHT",
    "PASS_ROTATION",
    "HandScore",
    "HeartsGame",
    "HeartsHand",
    "HeartsObservation",
    "HeartsOptions",
    "PassChoices",
    "game_winner",
    "pass_action",
    "replay_record",
    "score_hand",
    "score_pad",
    "score_pad_lines",
]
