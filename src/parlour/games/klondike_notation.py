"""Klondike's notation and card arithmetic: action ints, place names, deals as
52 card codes, ranks with the ace low and colours. Changes only when the
notation does.

>>> decode_move(move_action(1, 4, 3))
(1, 4, 3)
>>> place_name(FOUNDATION_BASE + 2), parse_place("t5")
('FH', 5)
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import SUIT_LETTERS, CardError, card_code, parse_card, shuffled_deck

# --- actions as ints -------------------------------------------------------
# 0 draw, 1 undo, 2 redo, 3..9 flip a pile, 16.. a move (source, target, count).
DRAW, UNDO, REDO = 0, 1, 2
FLIP_BASE = 3
MOVE_BASE = 16
# Places: 0 the waste, 1..7 tableau piles T1..T7, 8..11 foundations by suit C D H S.
WASTE = 0
FOUNDATION_BASE = 8
SCORINGS = ("none", "standard", "vegas")
DEAL_SIZE = 52
TABLEAU_CARDS = 28


def flip_action(pile: int) -> int:
    """The action turning the top card of a pile (0..6) face up."""
    return FLIP_BASE + pile


def move_action(source: int, target: int, count: int = 1) -> int:
    """The action moving ``count`` cards from a place to a place (see the place numbers)."""
    return MOVE_BASE + (source * 16 + target) * 16 + count


def decode_move(action: int) -> tuple[int, int, int]:
    """``(source, target, count)`` of a move action."""
    code = action - MOVE_BASE
    return code // 256, (code // 16) % 16, code % 16


def place_name(place: int) -> str:
    if place == WASTE:
        return "W"
    if place < FOUNDATION_BASE:
        return f"T{place}"
    return "F" + SUIT_LETTERS[place - FOUNDATION_BASE]


def parse_place(text: str) -> int:
    t = text.strip().upper()
    if t == "W":
        return WASTE
    if len(t) == 2 and t[0] == "T" and t[1] in "1234567":
        return int(t[1])
    if len(t) == 2 and t[0] == "F" and t[1] in SUIT_LETTERS:
        return FOUNDATION_BASE + SUIT_LETTERS.index(t[1])
    raise ValueError(f"{text!r} is not a pile: use W, T1..T7 or FS FH FD FC")


# Klondike counts the ace low: KLONDIKE_RANK[c] is 1 for an ace .. 13 for a king.
KLONDIKE_RANK = tuple((c % 13 + 1) % 13 + 1 for c in range(52))


def is_red(c: int) -> bool:
    return 1 <= c // 13 <= 2  # diamonds and hearts


def fits_on(c: int, under: int) -> bool:
    """Whether card ``c`` may lie on ``under`` in the tableau: one rank lower, other colour.

    >>> fits_on(parse_card("6H"), parse_card("7S")), fits_on(parse_card("AH"), parse_card("2C"))
    (True, True)
    """
    return KLONDIKE_RANK[c] + 1 == KLONDIKE_RANK[under] and is_red(c) != is_red(under)


# --- deals -----------------------------------------------------------------


def deal_from_seed(seed: int) -> list[int]:
    """The deal of a seed: the shuffled deck read in deal notation order.

    >>> sorted(deal_from_seed(1)) == list(range(52))
    True
    """
    return shuffled_deck(seed)


def parse_deal(text: str | Sequence[str]) -> list[int]:
    """A deal from 52 card codes (a string or a list); refuses repeats and short deals.

    >>> parse_deal("AS 2C")
    Traceback (most recent call last):
    ...
    ValueError: a deal has 52 cards, not 2
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    if len(codes) != DEAL_SIZE:
        raise ValueError(f"a deal has 52 cards, not {len(codes)}")
    cards = []
    seen = 0
    for code in codes:
        if not isinstance(code, str):
            raise ValueError(f"{code!r} is not a card code")
        try:
            c = parse_card(code)
        except CardError as e:
            raise ValueError(str(e)) from None
        if seen >> c & 1:
            raise ValueError(f"{card_code(c)} is dealt twice")
        seen |= 1 << c
        cards.append(c)
    return cards


def deal_to_string(deal: Sequence[int]) -> str:
    return " ".join(card_code(c) for c in deal)


def layout(deal: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """The seven tableau piles (bottom to top) and the stock (top first) of a deal."""
    piles = []
    i = 0
    for n in range(1, 8):
        piles.append(list(deal[i:i + n]))
        i += n
    return piles, list(deal[TABLEAU_CARDS:])


# --- options ---------------------------------------------------------------


def foundation_card(suit: int, count: int) -> int:
    """The top card of a foundation holding ``count`` cards (ace = the first)."""
    return suit * 13 + (count + 11) % 13
