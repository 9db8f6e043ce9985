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
HOME: Final = 1
ON_TOP: Final = 2  # can be the top card of a pile (or taken from the talon)
LEAVES: Final = 4  # can leave its place (with the cards on it)
HOLDS: Final = 8  # can be the top card of a pile, for another card to lie on
IN_TALON: Final = 16
DOWN: Final = 32
BOTTOM: Final = 64  # a bottom card whose leaving empties a pile (not a king)
QUEUED: Final = 128
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


_SAFE_NOW: dict[tuple[int, ...], frozenset[int]] = {}


def safe_now(found: tuple[int, ...]) -> frozenset[int]:
    """The cards (at most one a suit) that :func:`safe` would send home now."""
    ready = _SAFE_NOW.get(found)
    if ready is None:
        ready = frozenset(CARD[s][found[s] + 1] for s in range(4)
                          if found[s] < 13 and safe(CARD[s][found[s] + 1], found))
        _SAFE_NOW[found] = ready
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
    # one int of flags a card (fewer lists to build: this runs at every position searched)
    flag = [0] * 52
    above = [-1] * 52
    under = [-1] * 52
    at = [-1] * 52  # index in the talon
    for s in range(4):
        for r in range(1, found[s] + 1):
            flag[CARD[s][r]] = HOME | HOLDS | LEAVES
    empty = False
    for p in piles:
        n = len(p)
        if n == 1:
            empty = True
            continue
        down = p[0]
        for k in range(1, n):
            c = p[k]
            if k + 1 < n:
                above[c] = p[k + 1]
                under[p[k + 1]] = c
            else:
                flag[c] |= ON_TOP
            if k <= down:
                flag[c] |= DOWN
        if RANK[p[1]] != 13:
            flag[p[1]] |= BOTTOM
    # with draw 3 a talon card out of reach comes into reach only once a card before it
    # or the one just after it has been taken (until then the draws pass over it)
    n = len(talon)
    for i in range(n):
        c = talon[i]
        at[c] = i
        flag[c] |= IN_TALON | ON_TOP if draw == 1 else IN_TALON
    if draw > 1 and n:
        for i in reachable(n, pointer, draw):
            flag[talon[i]] |= ON_TOP
    first_taken = n  # cards after the first talon card taken are all in reach
    # a worklist: a card is looked at again when something it depends on changed
    work: list[int] = []
    for c in range(52):
        if not flag[c] & HOME:
            flag[c] |= QUEUED
            work.append(c)
    while work:
        c = work.pop()
        f = flag[c] & ~QUEUED
        if f & HOME:
            flag[c] = f
            continue
        if not f & ON_TOP and above[c] >= 0 and flag[above[c]] & LEAVES:
            f |= ON_TOP
        r = RANK[c]
        old = f
        if f & ON_TOP and (r == 1 or flag[PRED[c]] & HOME):
            f |= HOME | HOLDS | LEAVES
            nxt = SUCC[c]
            if nxt >= 0 and not flag[nxt] & QUEUED:
                flag[nxt] |= QUEUED
                work.append(nxt)
        else:
            placed = empty if r == 13 else bool((flag[ABOVE0[c]] | flag[ABOVE1[c]]) & HOLDS)
            if f & ON_TOP and (not f & IN_TALON or placed):
                f |= HOLDS
            if placed and not f & IN_TALON and (not f & DOWN or f & ON_TOP):
                f |= LEAVES
        flag[c] = f
        gained = f & ~old
        if not gained & (HOLDS | LEAVES):
            continue
        i = at[c]
        if i >= 0 and i < first_taken:
            # a talon card taken: the talon cards after it, and the one before, in reach
            for j in range(i - 1, first_taken):
                if j >= 0 and j != i:
                    t = talon[j]
                    if not flag[t] & ON_TOP:
                        flag[t] |= ON_TOP
                        if not flag[t] & QUEUED:
                            flag[t] |= QUEUED
                            work.append(t)
            first_taken = i
        if gained & HOLDS:
            for b in (BELOW0[c], BELOW1[c]):
                if b >= 0 and not flag[b] & QUEUED:
                    flag[b] |= QUEUED
                    work.append(b)
        if gained & LEAVES:
            b = under[c]
            if b >= 0 and not flag[b] & QUEUED:
                flag[b] |= QUEUED
                work.append(b)
            if f & BOTTOM and not empty:
                empty = True
                for k in KINGS:
                    if not flag[k] & QUEUED:
                        flag[k] |= QUEUED
                        work.append(k)
    return any(not flag[c] & HOME for c in range(52))
