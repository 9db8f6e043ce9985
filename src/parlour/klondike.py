"""Klondike Solitaire: the engine lives in :mod:`parlour.games.klondike`, the solver in
:mod:`parlour.solvers.klondike`; this module gathers the public names in one place,
and deals new games (winnable ones with the solver's help).

>>> from parlour.klondike import new_game
>>> new_game(seed=1).current_player()
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
    parse_deal,
    replay_record,
)
from parlour.solvers.klondike_winnable import winnable_deal

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


def new_game(seed: int | None = None, deal: Sequence[int] | str | None = None,
             options: KlondikeOptions | None = None,
             clock: Callable[[], float] | None = None, winnable_only: bool = False,
             time_limit: float = 10.0) -> KlondikeState:
    """A game from a seed or a deal (codes or ints). ``winnable_only`` deals the first
    seed from ``seed`` on that the solver proves winnable (with the game's draw)."""
    if winnable_only and deal is None:
        draw = (options or KlondikeOptions()).draw
        cards = winnable_deal(seed or 0, draw, time_limit)[1]
    elif deal is None:
        cards = deal_from_seed(seed or 0)
    elif isinstance(deal, str):
        cards = parse_deal(deal)
    else:
        cards = list(deal)
    return KlondikeState(cards, options, clock)
