"""The ``greedy`` Klondike player: rules judged from the observation alone.

Flips first, then safe cards home, moves that turn a face-down card, the waste
onto the tableau, other cards home, and otherwise a draw. It never moves a card
back from a foundation and never shuffles a run between piles for nothing, so
it only cycles through the stock when it is stuck.

>>> from parlour.games.klondike import KlondikeOptions, KlondikeState, deal_from_seed
>>> state = KlondikeState(deal_from_seed(1), KlondikeOptions(draw=3))
>>> GreedyPlayer().choose(state.observation(0), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.registry import register_bot
from parlour.games.klondike_engine import KlondikeObservation
from parlour.games.klondike_notation import (
    DRAW,
    FOUNDATION_BASE,
    KLONDIKE_RANK,
    MOVE_BASE,
    WASTE,
    decode_move,
    is_red,
)

__all__ = ["GreedyPlayer", "action_value", "greedy_choice", "is_safe_home", "moved_card"]


def moved_card(view: KlondikeObservation, action: int) -> int:
    """The card a move action picks up (the bottom card of a moved run)."""
    source, _target, count = decode_move(action)
    if source == WASTE:
        return view.waste[-1]
    if source >= FOUNDATION_BASE:
        suit = source - FOUNDATION_BASE
        return suit * 13 + (view.foundations[suit] + 11) % 13
    return view.face_up[source - 1][-count]


def is_safe_home(c: int, found: Sequence[int]) -> bool:
    """Whether sending ``c`` home can never cost the game: the two foundations of the
    other colour hold its rank minus one, the other of its colour its rank minus two
    (aces and twos always). The same rule as the solver's ``safe``.

    >>> is_safe_home(12, [0, 0, 0, 0]), is_safe_home(3, [0, 0, 0, 0])
    (True, False)
    """
    rank = KLONDIKE_RANK[c]
    if rank <= 2:
        return True
    suit = c // 13
    for s in range(4):
        if s == suit:
            continue
        need = rank - 1 if is_red(s * 13) != is_red(c) else rank - 2
        if found[s] < need:
            return False
    return True


def _waiting_king(view: KlondikeObservation) -> bool:
    for h, up in zip(view.hidden, view.face_up, strict=True):
        if up and h > 0 and KLONDIKE_RANK[up[0]] == 13:
            return True
    return bool(view.waste and KLONDIKE_RANK[view.waste[-1]] == 13)


def action_value(view: KlondikeObservation, action: int) -> int:
    """How much the rules like an action (0: only if nothing else; never negative)."""
    if action == DRAW:
        return 10
    if action < MOVE_BASE:
        return 1000  # turning a card never hurts
    source, target, count = decode_move(action)
    if source >= FOUNDATION_BASE:
        return 0
    c = moved_card(view, action)
    if target >= FOUNDATION_BASE:
        if is_safe_home(c, view.foundations):
            return 900
        if source == WASTE:
            return 300
        up = view.face_up[source - 1]
        return 350 if len(up) == 1 and view.hidden[source - 1] else 150
    if source == WASTE:
        if KLONDIKE_RANK[c] == 13:
            return 380
        return 400
    pile = source - 1
    up = view.face_up[pile]
    whole = count == len(up)
    if whole and view.hidden[pile]:
        return 500 + view.hidden[pile]
    if whole:
        # emptying a pile helps only when a king waits for it and this is not a king
        return 200 if KLONDIKE_RANK[c] != 13 and _waiting_king(view) else 0
    under = up[-count - 1]
    if view.foundations[under // 13] + 1 == KLONDIKE_RANK[under]:
        return 100  # uncovers a card that can go home
    return 0


def greedy_choice(view: KlondikeObservation, legal_actions: Sequence[int]) -> int:
    """The rules' best action; a draw rather than a pointless move."""
    best = legal_actions[0]
    best_value = -1
    for action in legal_actions:
        value = action_value(view, action)
        if value > best_value:
            best, best_value = action, value
    if best_value <= 0 and DRAW in legal_actions:
        return DRAW
    return best


class GreedyPlayer:
    """Rule-based Klondike; uses only the observation and is deterministic."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return greedy_choice(observation, legal_actions)


def _make(seed: int = 0) -> GreedyPlayer:
    return GreedyPlayer(seed)


register_bot("klondike", "greedy", _make)
