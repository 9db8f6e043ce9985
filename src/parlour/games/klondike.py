"""Klondike Solitaire, as ``RULES.md`` reads seed 000: one player, seven tableau
piles, a stock turned onto the waste one or three cards at a time, four
foundations built up by suit from the ace.

A deal is 52 card codes: the first 28 are the tableau (pile 1's card, then
pile 2 bottom to top, ... pile 7 bottom to top; the last card of each pile is
face up), the last 24 the stock from the top (the next card turned) down.

Moves in the record notation: ``draw``, ``flip T3``, ``move W T5``,
``move W FH``, ``move T2 FS``, ``move FD T6``, ``move T1 T4 3`` (three cards),
``undo`` and ``redo``. ``move T3 F`` names the foundation that takes the card
(a double click).

>>> state = KlondikeState(deal_from_seed(1))
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
>>> state.apply(state.parse_action("draw"))
>>> state.observation(0).stock, len(state.observation(0).waste)
(23, 1)
>>> state.undo(); state.observation(0).stock, state.moves
(24, 2)

The engine is split by reason to change: :mod:`~parlour.games.klondike_notation`
(actions, places, deals), :mod:`~parlour.games.klondike_engine` (options, the
state, its moves), :mod:`~parlour.games.klondike_records` (records and replay)
and :mod:`~parlour.games.klondike_hints`; this module gathers their public names.
``new_game`` (which can ask the solver for a winnable deal) is in
:mod:`parlour.klondike`, above both the engine and the solver.
"""

from __future__ import annotations

from parlour.games.klondike_engine import (
    KlondikeObservation,
    KlondikeOptions,
    KlondikeState,
    PlayClock,
)
from parlour.games.klondike_hints import hint, move_words
from parlour.games.klondike_notation import (
    DEAL_SIZE,
    DRAW,
    FLIP_BASE,
    FOUNDATION_BASE,
    KLONDIKE_RANK,
    MOVE_BASE,
    REDO,
    SCORINGS,
    TABLEAU_CARDS,
    UNDO,
    WASTE,
    deal_from_seed,
    deal_to_string,
    decode_move,
    fits_on,
    flip_action,
    foundation_card,
    is_red,
    layout,
    move_action,
    parse_deal,
    parse_place,
    place_name,
)
from parlour.games.klondike_records import make_record, replay_record

__all__ = [
    "DEAL_SIZE", "DRAW", "FLIP_BASE", "FOUNDATION_BASE", "KLONDIKE_RANK", "MOVE_BASE", "REDO",
    "SCORINGS", "TABLEAU_CARDS", "UNDO", "WASTE", "KlondikeObservation", "KlondikeOptions",
    "KlondikeState", "PlayClock", "deal_from_seed", "deal_to_string", "decode_move", "fits_on",
    "flip_action", "foundation_card", "hint", "is_red", "layout", "make_record", "move_action",
    "move_words", "parse_deal", "parse_place", "place_name", "replay_record",
]

