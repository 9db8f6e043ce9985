"""The Klondike solver's position: cards as bytes, the talon's reach, safe cards, and
positions proved lost without search. Changes only when the encoding does.

>>> from parlour.games.klondike_notation import deal_from_seed
>>> pos = start_position(deal_from_seed(1))
>>> [len(p) - 1 for p in pos[0]], pos[1], len(pos[2]), pos[3]
([1, 2, 3, 4, 5, 6, 7], (0, 0, 0, 0), 24, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from parlour.games.klondike_notation import KLONDIKE_RANK, is_red, layout

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]

KR: Final = KLONDIKE_RANK
SUIT: Final = tuple(c // 13 for c in range(52))
RED: Final = tuple(is_red(c) for c in range(52))
# The card of a suit and Klondike rank (1 = ace .. 13 = king).
CARD: Final = tuple(tuple(s * 13 + (r + 11) % 13 if r else -1 for r in range(14)) for s in range(4))
# BELOW[c]: the two cards that may lie on c in the tableau; KINGS mark empty-pile candidates.
BELOW: Final = tuple(
    tuple(d for d in range(52) if KR[d] + 1 == KR[c] and RED[d] != RED[c]) for c in range(52)
)
# ABOVE[c]: the two cards c may lie on in the tableau.
ABOVE: Final = tuple(
    tuple(d for d in range(52) if KR[d] == KR[c] + 1 and RED[d] != RED[c]) for c in range(52)
)
# PRED[c], SUCC[c]: the card one rank lower, one rank higher, of c's suit (-1 if none).
PRED: Final[tuple[int, ...]] = tuple(CARD[SUIT[c]][KR[c] - 1] for c in range(52))
SUCC: Final[tuple[int, ...]] = tuple(CARD[SUIT[c]][KR[c] + 1] if KR[c] < 13 else -1
                                     for c in range(52))
# The same tables flat, and the flags of :func:`blocked`, for compiled code.
RANK: Final[tuple[int, ...]] = tuple(KR)
ABOVE0: Final[tuple[int, ...]] = tuple(a[0] if a else -1 for a in ABOVE)
ABOVE1: Final[tuple[int, ...]] = tuple(a[1] if a else -1 for a in ABOVE)
BELOW0: Final[tuple[int, ...]] = tuple(b[0] if b else -1 for b in BELOW)
BELOW1: Final[tuple[int, ...]] = tuple(b[1] if b else -1 for b in BELOW)
KINGS: Final[tuple[int, ...]] = tuple(CARD[s][13] for s in range(4))
# ABOVE_BITS[c]: the two cards c may lie on, as bits; SUIT_UPTO[s][n]: the bits of the
# first n cards of suit s (a foundation holding n cards).
ABOVE_BITS: Final[tuple[int, ...]] = tuple(sum(1 << d for d in ABOVE[c]) for c in range(52))
SUIT_UPTO: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << CARD[s][r] for r in range(1, n + 1)) for n in range(14)) for s in range(4))
ALL_CARDS: Final = (1 << 52) - 1
# BIT[c] = 1 << c
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(52))
KING_BITS: Final = sum(1 << CARD[s][13] for s in range(4))
# The same as bytes, 255 for none (bytes are read natively in compiled code).
NONE: Final = 255
RANK_B: Final = bytes(KR)
PRED_B: Final = bytes(c if c >= 0 else NONE for c in PRED)
SUCC_B: Final = bytes(c if c >= 0 else NONE for c in SUCC)
BELOW0_B: Final = bytes(c if c >= 0 else NONE for c in BELOW0)
BELOW1_B: Final = bytes(c if c >= 0 else NONE for c in BELOW1)
# For each suit: the two suits of the other colour and the other suit of its colour.
OPPOSITE: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
PARTNER: Final = (3, 2, 1, 0)

# A position: the seven piles as bytes (byte 0 the face-down count, then the cards
# bottom to top), the foundations (counts per suit), the talon (cards in stock
# order: waste bottom .. waste top, stock top .. stock bottom) and the pointer
# (how many talon cards are in the waste; always 0 with draw 1, where it never matters).
Position = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int]
# A logical move: ("talon", card, target) | ("pile", source, count, target) |
# ("home", suit, target); target is a pile index 0..6 or -1 for the foundation.
Move = tuple[Any, ...]


def safe(c: int, found: Sequence[int]) -> bool:
    """Whether sending ``c`` to its foundation can never cost the game.

    The only use of a card in the tableau is to hold the cards one rank lower of
    the other colour (and, through them, its own colour two lower). When those
    are all home, nothing useful can ever be built on ``c``, even with cards
    coming back from the foundations, so it may as well go home.
    """
    s, r = SUIT[c], KR[c]
    if found[s] != r - 1:
        return False
    if r <= 2:
        return True
    o1, o2 = OPPOSITE[s]
    return found[o1] >= r - 1 and found[o2] >= r - 1 and found[PARTNER[s]] >= r - 2


_SAFE_NOW: dict[int, int] = {}


def safe_now(found: Sequence[int]) -> int:
    """The cards (at most one a suit) that :func:`safe` would send home now, as bits.

    >>> safe_now((0, 0, 0, 0)) == sum(1 << CARD[s][1] for s in range(4))
    True
    """
    key = found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12
    ready = _SAFE_NOW.get(key, -1)
    if ready < 0:
        ready = 0
        for s in range(4):
            if found[s] < 13 and safe(CARD[s][found[s] + 1], found):
                ready |= 1 << CARD[s][found[s] + 1]
        _SAFE_NOW[key] = ready
    return ready


_REACH: dict[tuple[int, int, int], tuple[int, ...]] = {}


def reachable(size: int, pointer: int, draw: int) -> tuple[int, ...]:
    """Indices of the talon cards that drawing can bring to the top of the waste,
    cheapest first (the waste top itself costs nothing).

    >>> reachable(7, 0, 3)
    (2, 5, 6)
    >>> reachable(7, 4, 3)
    (3, 6, 2, 5)
    """
    key = (size, pointer, draw)
    found = _REACH.get(key)
    if found is not None:
        return found
    seen: list[int] = []
    q = pointer
    if draw == 1:
        order = list(range(pointer - 1, size)) + list(range(pointer - 1))
        out = tuple(i for i in order if i >= 0)
        _REACH[key] = out
        return out
    while True:
        if q > 0 and q - 1 not in seen:
            seen.append(q - 1)
        if q == size:
            break
        q = min(q + draw, size)
    q = 0
    while q < size:
        q = min(q + draw, size)
        if q - 1 not in seen:
            seen.append(q - 1)
    out = tuple(seen)
    _REACH[key] = out
    return out


def pile_bytes(down: int, cards: Sequence[int] | bytes) -> bytes:
    return bytes((down, *cards))


def start_position(deal: Sequence[int]) -> Position:
    piles, stock = layout(deal)
    return (tuple(pile_bytes(len(p) - 1, p) for p in piles), (0, 0, 0, 0), bytes(stock), 0)


def position_key(pos: Position) -> bytes:
    """The position without its pointer: piles sorted (their places do not matter), talon."""
    piles, _found, talon, _pointer = pos
    return b"\xff".join(sorted(piles)) + b"\xfe" + talon


_REACH_MASK: dict[tuple[int, int], int] = {}


def reach_mask(size: int, pointer: int) -> int:
    """The talon cards reachable with draw 3 from ``pointer``, as bits of their indices.

    Taking a card leaves the pointer where the card was, whatever it was before, so
    of two positions that differ only in the pointer, the one that reaches a superset
    of talon cards can do all the other can (the same moves lead to the same or
    again such positions): once it has been searched the other need not be.

    >>> bin(reach_mask(7, 0)), bin(reach_mask(7, 3)), bin(reach_mask(7, 4))
    ('0b1100100', '0b1100100', '0b1101100')
    """
    mask = _REACH_MASK.get((size, pointer))
    if mask is None:
        mask = 0
        for j in reachable(size, pointer, 3):
            mask |= 1 << j
        _REACH_MASK[(size, pointer)] = mask
    return mask


def blocked(pos: Position, draw: int = 1) -> bool:
    """Whether some card can never reach its foundation, whatever is played: a proof
    that the position is lost, found without search.

    A least fixed point of what could ever happen, each judged optimistically (the
    talon as if every card in it could be drawn, an empty pile there for a king as
    soon as some pile's bottom card can leave): a card comes *home* once it can be
    on top and the card below it in its suit can come home; it can be on top once
    the card lying on it can leave; a face-up card can leave carrying the cards on
    it if one of the two cards it may lie on can be on top (a king, if a pile can
    be emptied); a face-down card can leave only once on top. A card left out (say
    the 5♥ with the 4♥ and both black 6s under it in its pile) proves the loss.

    >>> from parlour.games.klondike_notation import deal_from_seed
    >>> blocked(start_position(deal_from_seed(18))), blocked(start_position(deal_from_seed(1)))
    (True, False)
    """
    piles, found, talon, pointer = pos
    # each property is a set of cards as the bits of an int (native in compiled code)
    # (i64: a native 64-bit int in compiled code, a plain int otherwise)
    home: i64 = i64(SUIT_UPTO[0][found[0]] | SUIT_UPTO[1][found[1]]
                    | SUIT_UPTO[2][found[2]] | SUIT_UPTO[3][found[3]])
    holds: i64 = home  # can be the top card of a pile, for another card to lie on
    leaves: i64 = home  # can leave its place (with the cards on it)
    on_top: i64 = 0  # can be the top card of a pile (or taken from the talon)
    down: i64 = 0
    bottom: i64 = 0  # bottom cards whose leaving empties a pile (not kings)
    in_talon: i64 = 0
    # 1 read at run time: compiled code shifts a literal 1 as a 32-bit int
    one: i64 = i64(BIT[0])
    # where each card is: 32 * pile + index in its bytes, or 224 + index in the talon
    where = [0] * 52
    empty = False
    for i in range(7):
        p = piles[i]
        n = len(p)
        if n == 1:
            empty = True
            continue
        d = p[0]
        for k in range(1, n):
            c = p[k]
            where[c] = 32 * i + k
            if k <= d:
                down |= one << c
        on_top |= one << p[n - 1]
        if RANK_B[p[1]] != 13:
            bottom |= one << p[1]
    # with draw 3 a talon card out of reach comes into reach only once a card before it
    # or the one just after it has been taken (until then the draws pass over it)
    n = len(talon)
    for i in range(n):
        c = talon[i]
        where[c] = 224 + i
        in_talon |= one << c
    if draw == 1:
        on_top |= in_talon
    elif n:
        for i in reachable(n, pointer, draw):
            on_top |= one << talon[i]
    first_taken = n  # cards after the first talon card taken are all in reach
    # the cards to look at (again): a card is queued when something it depends on changed;
    # the lowest first (the order changes nothing but the work)
    queued: i64 = ALL_CARDS & ~home
    while queued:
        low: i64 = queued & -queued
        queued ^= low
        c = int(low).bit_length() - 1
        if home & low:
            continue
        r = RANK_B[c]
        gained_holds = False
        gained_leaves = False
        if on_top & low and (r == 1 or home >> PRED_B[c] & 1):
            home |= low
            if not holds & low:
                holds |= low
                gained_holds = True
            if not leaves & low:
                leaves |= low
                gained_leaves = True
            nxt = SUCC_B[c]
            if nxt != NONE:
                queued |= one << nxt
        else:
            placed = empty if r == 13 else holds & i64(ABOVE_BITS[c]) != 0
            if on_top & low and not holds & low and (not in_talon & low or placed):
                holds |= low
                gained_holds = True
            if (placed and not leaves & low and not in_talon & low
                    and (not down & low or on_top & low)):
                leaves |= low
                gained_leaves = True
        if not gained_holds and not gained_leaves:
            continue
        w = where[c]
        if w >= 224:
            i = w - 224
            if i < first_taken:
                # a talon card taken: the talon cards after it, and the one before, in reach
                for j in range(i - 1, first_taken):
                    if j >= 0 and j != i:
                        t = talon[j]
                        if not on_top >> t & 1:
                            on_top |= one << t
                            queued |= one << t
                first_taken = i
        if gained_holds:
            b = BELOW0_B[c]
            if b != NONE:
                queued |= one << b
            b = BELOW1_B[c]
            if b != NONE:
                queued |= one << b
        if gained_leaves:
            k = w & 31
            if w < 224 and k > 1:
                # the card under it can come to the top
                b = piles[w >> 5][k - 1]
                on_top |= one << b
                queued |= one << b
            if bottom & low and not empty:
                empty = True
                queued |= KING_BITS
    return home != ALL_CARDS
