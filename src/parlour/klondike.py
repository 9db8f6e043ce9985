"""Klondike Solitaire: the engine lives in :mod:`parlour.games.klondike`, the solver in
:mod:`parlour.solvers.klondike`; this module gathers the public names in one place.

>>> from parlour.klondike import new_game
>>> new_game(seed=1).current_player()
0
"""

from parlour.games.klondike import (
    DRAW,
    REDO,
    UNDO,
    KlondikeObservation,
    KlondikeOptions,
    KlondikeState,
    deal_from_seed,
    deal_to_string,
    hint,
    make_record,
    new_game,
    parse_deal,
    replay_record,
)

__all__ = [
    "DRAW",
    "REDO",
    "UNDO",
    "KlondikeObservation",
    "KlondikeOptions",
    "KlondikeState",
    "deal_from_seed",
    "deal_to_string",
    "hint",
    "make_record",
    "new_game",
    "parse_deal",
    "replay_record",
]
