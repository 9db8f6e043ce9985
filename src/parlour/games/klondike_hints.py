"""Hints for a player: a good next move judged only from what the player sees,
and a move said in words."""

from __future__ import annotations

from parlour.cards import SUIT_NAMES, pretty
from parlour.games.klondike_engine import KlondikeObservation, KlondikeState
from parlour.games.klondike_notation import (
    DRAW,
    FLIP_BASE,
    FOUNDATION_BASE,
    KLONDIKE_RANK,
    MOVE_BASE,
    WASTE,
    decode_move,
    foundation_card,
    is_red,
)

NO_HINT = "No move helps now: undo, or start a new deal."


def hint(state: KlondikeState) -> str | None:
    """A good next move judged only from what the player sees (never a face-down card).

    Flips first, then cards home, moves that turn a card or free a pile for a
    waiting king, the waste onto the tableau, and otherwise a draw; ``None`` when
    nothing helps.

    >>> from parlour.games.klondike_notation import deal_from_seed
    >>> hint(KlondikeState(deal_from_seed(1))) is not None
    True
    """
    view = state.observation(0)
    found = view.foundations
    waiting_king = any(
        KLONDIKE_RANK[up[0]] == 13 and h > 0 for h, up in zip(view.hidden, view.face_up,
                                                               strict=True) if up
    ) or bool(view.waste and KLONDIKE_RANK[view.waste[-1]] == 13)
    best: tuple[int, int] | None = None
    for action in state.legal_actions():
        value = _hint_value(view, action, found, waiting_king)
        if value > 0 and (best is None or value > best[0]):
            best = (value, action)
    return state.action_to_string(best[1]) if best else None


def _hint_value(view: KlondikeObservation, action: int, found: list[int],
                waiting_king: bool) -> int:
    if action == DRAW:
        return 5
    if action < MOVE_BASE:
        return 200  # turning a card only ever helps
    source, target, count = decode_move(action)
    if source >= FOUNDATION_BASE:
        return 0
    if source == WASTE:
        c = view.waste[-1]
    else:
        up = view.face_up[source - 1]
        c = up[-count]
    if target >= FOUNDATION_BASE:
        rank = KLONDIKE_RANK[c]
        opposite = [found[s] for s in range(4) if is_red(s * 13) != is_red(c)]
        return 100 if rank <= min(opposite) + 2 else 60
    if source == WASTE:
        return 40
    pile = source - 1
    up = view.face_up[pile]
    whole = count == len(up)
    if whole and view.hidden[pile]:
        return 80 + view.hidden[pile]
    if whole and not view.hidden[pile]:
        # emptying a pile helps only when a king waits for it and this is not a king
        return 50 if waiting_king and KLONDIKE_RANK[c] != 13 else 0
    under = up[-count - 1]
    if found[under // 13] + 1 == KLONDIKE_RANK[under]:
        return 30  # uncovers a card that can go home
    return 0


def move_words(state: KlondikeState, text: str) -> str:
    """A move of ``state`` in words a player reads, the way a hint says it.

    >>> from parlour.games.klondike_notation import deal_from_seed
    >>> state = KlondikeState(deal_from_seed(1))
    >>> move_words(state, "draw"), move_words(state, "flip T3")
    ('Draw from the stock.', 'Turn over the top card of column 3.')
    """
    action = state.parse_action(text)
    if action == DRAW:
        return "Draw from the stock." if state.stock else "Turn the waste over to make a new stock."
    if action < MOVE_BASE:
        return f"Turn over the top card of column {action - FLIP_BASE + 1}."
    source, target, count = decode_move(action)
    if source == WASTE:
        moved, where = [state.waste[-1]], " from the waste"
    elif source < FOUNDATION_BASE:
        moved, where = state.tableau[source - 1][-count:], ""
    else:
        suit = source - FOUNDATION_BASE
        moved = [foundation_card(suit, state.foundation[suit])]
        where = f" back from the {SUIT_NAMES[suit]} foundation"
    cards = f"the {pretty(moved[0])}"
    if count == 2:
        cards += f" (and the {pretty(moved[1])} on it)"
    elif count > 2:
        cards += f" and the {count - 1} cards on it"
    if target >= FOUNDATION_BASE:
        return f"Move {cards}{where} to the {SUIT_NAMES[target - FOUNDATION_BASE]} foundation."
    pile = state.tableau[target - 1]
    if not pile:
        return f"Move {cards}{where} to the empty column {target}."
    return f"Move {cards}{where} onto the {pretty(pile[-1])} in column {target}."
