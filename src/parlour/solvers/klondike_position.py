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
ON0_B: Final = bytes(c if c >= 0 else NONE for c in ABOVE0)
ON1_B: Final = bytes(c if c >= 0 else NONE for c in ABOVE1)
# the aces, and each suit's two .. queen (the cards one rank up from which stay in the suit)
ACES: Final = sum(1 << CARD[s][1] for s in range(4))
LOW11: Final = sum(0x7FF << 13 * s for s in range(4))
# UPTO[s * 14 + n]: SUIT_UPTO[s][n]
UPTO: Final[tuple[int, ...]] = tuple(SUIT_UPTO[s][n] for s in range(4) for n in range(14))
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
    """The position without its pointer, its piles in an order of their own (their places
    do not matter): see :func:`pile_key`.

    >>> from parlour.games.klondike_notation import deal_from_seed
    >>> pos = start_position(deal_from_seed(1))
    >>> flipped = (pos[0][::-1], pos[1], pos[2], pos[3])
    >>> moved = (pos[0], (1, 0, 0, 0), pos[2][1:], 0)  # a talon card home
    >>> position_key(pos) == position_key(flipped) != position_key(moved)
    True
    """
    return pile_key(list(pos[0]), packed(pos[1]))


def packed(found: tuple[int, ...]) -> i64:
    """The foundations as one int, four bits a suit (the count of suit ``s`` at bit
    ``4 * s``)."""
    return i64(found[0]) | i64(found[1]) << 4 | i64(found[2]) << 8 | i64(found[3]) << 12


def pile_key(piles: list[bytes], f: i64) -> bytes:
    """The key of seven piles and foundations (``f``: four bits a suit): the empty
    piles, then the others by their bottom card (no two piles share one), joined by
    ``|`` (no card or count is that byte), then the foundations in two bytes. Two
    positions of one search have one key exactly when they have the same piles in
    some order and the same foundations: the talon follows from the other cards (in
    a search it only ever loses cards, which keep their order), and the pointer is
    left out (see :func:`reach_mask`)."""
    # each pile as (its bottom card + 1, or 0 when empty) * 8 + its index, sorted by a
    # sorting network (16 exchanges of native ints)
    x0 = _pile_order(piles[0], 0)
    x1 = _pile_order(piles[1], 1)
    x2 = _pile_order(piles[2], 2)
    x3 = _pile_order(piles[3], 3)
    x4 = _pile_order(piles[4], 4)
    x5 = _pile_order(piles[5], 5)
    x6 = _pile_order(piles[6], 6)
    if x0 > x6:
        x0, x6 = x6, x0
    if x2 > x3:
        x2, x3 = x3, x2
    if x4 > x5:
        x4, x5 = x5, x4
    if x0 > x2:
        x0, x2 = x2, x0
    if x1 > x4:
        x1, x4 = x4, x1
    if x3 > x6:
        x3, x6 = x6, x3
    if x0 > x1:
        x0, x1 = x1, x0
    if x2 > x5:
        x2, x5 = x5, x2
    if x3 > x4:
        x3, x4 = x4, x3
    if x1 > x2:
        x1, x2 = x2, x1
    if x4 > x6:
        x4, x6 = x6, x4
    if x2 > x3:
        x2, x3 = x3, x2
    if x4 > x5:
        x4, x5 = x5, x4
    if x1 > x2:
        x1, x2 = x2, x1
    if x3 > x4:
        x3, x4 = x4, x3
    if x5 > x6:
        x5, x6 = x6, x5
    return b"%b|%b|%b|%b|%b|%b|%b|%b" % (
        piles[x0 & 7], piles[x1 & 7], piles[x2 & 7], piles[x3 & 7], piles[x4 & 7],
        piles[x5 & 7], piles[x6 & 7], _FOUNDATIONS[f])


# The two bytes of every foundations' int, made once.
_FOUNDATIONS: Final[tuple[bytes, ...]] = tuple(bytes((f & 255, f >> 8)) for f in range(1 << 16))


def _pile_order(p: bytes, i: i64) -> i64:
    return i64(p[1] + 1) << 3 | i if len(p) > 1 else i


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
    if 0 <= pointer <= size <= MAX_TALON:
        return REACH_MASK3[size * (MAX_TALON + 1) + pointer]
    mask = _REACH_MASK.get((size, pointer))
    if mask is None:
        mask = 0
        for j in reachable(size, pointer, 3):
            mask |= 1 << j
        _REACH_MASK[(size, pointer)] = mask
    return mask


def reach_indices(size: int, pointer: int, draw: int) -> tuple[int, ...]:
    """:func:`reachable`, read from a table where there is one.

    >>> reach_indices(7, 4, 3) == reachable(7, 4, 3), reach_indices(5, 0, 1)
    (True, (0, 1, 2, 3, 4))
    """
    if draw == 3 and 0 <= pointer <= size <= MAX_TALON:
        return REACH3[size * (MAX_TALON + 1) + pointer]
    if draw == 1 and pointer == 0 and 0 <= size <= MAX_TALON:
        return REACH1[size]
    return reachable(size, pointer, draw)


# The talon holds at most 24 cards: reachable() and reach_mask() for every size and
# pointer, read by index (size * 25 + pointer) in the search.
MAX_TALON: Final = 24
REACH3: Final[tuple[tuple[int, ...], ...]] = tuple(
    reachable(n, q, 3) if q <= n else () for n in range(MAX_TALON + 1)
    for q in range(MAX_TALON + 1))
REACH1: Final[tuple[tuple[int, ...], ...]] = tuple(
    reachable(n, 0, 1) for n in range(MAX_TALON + 1))
REACH_MASK3: Final[tuple[int, ...]] = tuple(sum(1 << j for j in r) for r in REACH3)


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
    # each property is a set of cards as the bits of an int (native in compiled code),
    # all cards worked on at once, round after round until nothing changes; a suit's
    # 13 bits run from the two to the king, then the ace (see :func:`_back_useful` in
    # the solver), so one rank up or down is a shift by one within each suit's bits
    # (i64: a native 64-bit int in compiled code, a plain int otherwise)
    one: i64 = i64(BIT[0])
    home: i64 = 0
    for s in range(4):
        home |= i64(UPTO[s * 14 + found[s]])
    down: i64 = 0
    bottom: i64 = 0  # bottom cards whose leaving empties a pile (not kings)
    on_top: i64 = 0  # can be the top card of a pile (or taken from the talon)
    # the face-up cards lying on another face-up card: on the first (lower-numbered) of
    # the two cards they may lie on, or on the second
    on_first: i64 = 0
    on_second: i64 = 0
    # per pile in 5 bits at 5 * pile, the index in its bytes of the deepest card known
    # to be able to come to the top through the cards over it leaving one by one
    # (the first face-up card, then the face-down ones under it)
    cursors: i64 = 0
    cursor_cards: i64 = 0  # the cards at the cursors (above a card, so not index 1)
    empty = False
    for i in range(7):
        p = piles[i]
        n = len(p)
        if n == 1:
            empty = True
            continue
        d = p[0]
        for k in range(1, d + 1):
            down |= one << p[k]
        for k in range(d + 2, n):
            c = p[k]
            u = p[k - 1]
            if u == ON0_B[c]:
                on_first |= one << c
            elif u == ON1_B[c]:
                on_second |= one << c
            else:
                return _blocked_one_by_one(pos, draw)  # not a run (never in play)
        on_top |= one << p[n - 1]
        if RANK_B[p[1]] != 13:
            bottom |= one << p[1]
        cursors |= i64(d + 1) << 5 * i
        if d:
            cursor_cards |= one << p[d + 1]
    in_talon: i64 = 0
    n = len(talon)
    for i in range(n):
        in_talon |= one << talon[i]
    if draw == 1:
        on_top |= in_talon
    elif n:
        for i in reach_indices(n, pointer, draw):
            on_top |= one << talon[i]
    # with draw 3 a talon card out of reach comes into reach only once a card before it
    # or the one just after it has been taken (until then the draws pass over it)
    first_taken: i64 = n  # cards after the first talon card taken are all in reach
    taken: i64 = 0
    holds: i64 = home  # can be the top card of a pile, for another card to lie on
    leaves: i64 = home  # can leave its place (with the cards on it)
    changed = True
    while changed:
        before_home = home
        before_holds = holds
        before_leaves = leaves
        before_top = on_top
        before_empty = empty
        # a card comes home once on top with the card under it in its suit home
        while True:
            more = home | (on_top & (ACES | (home & LOW11) << 1 | (home & ACES) >> 12))
            if more == home:
                break
            home = more
        holds |= home
        leaves |= home
        # placed: one of the two cards it may lie on can hold it (a king: a pile empty)
        up_red = (holds >> 13 | holds >> 26) & 0x1FFF
        up_black = (holds | holds >> 39) & 0x1FFF
        for_black = (up_red >> 1 & 0x7FF) | (up_red & 1) << 12
        for_red = (up_black >> 1 & 0x7FF) | (up_black & 1) << 12
        placed: i64 = (for_black | for_black << 39 | for_red << 13 | for_red << 26) & ~KING_BITS
        if empty:
            placed |= KING_BITS
        holds |= on_top & (~in_talon | placed)
        leaves |= placed & ~in_talon & (~down | on_top)
        # a card leaving lets the card under it come to the top
        lying = leaves & on_first
        black = (lying | lying >> 39) & 0x1FFF
        red = (lying >> 13 | lying >> 26) & 0x1FFF
        under_black = (black & 0x7FF) << 1 | black >> 12 & 1
        under_red = (red & 0x7FF) << 1 | red >> 12 & 1
        on_top |= under_black << 13 | under_red
        lying = leaves & on_second
        black = (lying | lying >> 39) & 0x1FFF
        red = (lying >> 13 | lying >> 26) & 0x1FFF
        under_black = (black & 0x7FF) << 1 | black >> 12 & 1
        under_red = (red & 0x7FF) << 1 | red >> 12 & 1
        on_top |= under_black << 26 | under_red << 39
        if leaves & cursor_cards:
            for i in range(7):
                at: i64 = cursors >> 5 * i & 31
                if at > 1:
                    p = piles[i]
                    if leaves >> p[at] & 1:
                        cursor_cards ^= one << p[at]
                        while at > 1 and leaves >> p[at] & 1:
                            under: i64 = one << p[at - 1]
                            on_top |= under
                            # on top, it holds, and leaves if placed (what the next
                            # round would find)
                            holds |= under
                            if placed & under:
                                leaves |= under
                            at -= 1
                        if at > 1:
                            cursor_cards |= one << p[at]
                        cursors = cursors & ~(i64(31) << 5 * i) | at << 5 * i
        if not empty and bottom & leaves:
            empty = True
        if in_talon & holds != taken:
            taken = in_talon & holds
            # a talon card taken: the talon cards after it, and the one before, in reach
            for j in range(first_taken):
                if taken >> talon[j] & 1:
                    for m in range(max(j - 1, 0), first_taken):
                        on_top |= one << talon[m]
                    first_taken = j
                    break
        changed = (home != before_home or holds != before_holds or leaves != before_leaves
                   or on_top != before_top or empty != before_empty)
    return home != ALL_CARDS


def _blocked_one_by_one(pos: Position, draw: int) -> bool:
    """:func:`blocked` a card at a time (any position, even one whose face-up cards are
    not runs)."""
    piles, found, talon, pointer = pos
    # each property is a set of cards as the bits of an int (native in compiled code)
    # (i64: a native 64-bit int in compiled code, a plain int otherwise)
    home: i64 = 0
    for s in range(4):
        home |= i64(UPTO[s * 14 + found[s]])
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
            where[p[k]] = 32 * i + k
        for k in range(1, d + 1):
            down |= one << p[k]
        on_top |= one << p[n - 1]
        if RANK_B[p[1]] != 13:
            bottom |= one << p[1]
    # with draw 3 a talon card out of reach comes into reach only once a card before it
    # or the one just after it has been taken (until then the draws pass over it)
    n = len(talon)
    for i in range(n):
        where[talon[i]] = 224 + i
        in_talon |= one << talon[i]
    if draw == 1:
        on_top |= in_talon
    elif n:
        for i in reach_indices(n, pointer, draw):
            on_top |= one << talon[i]
    first_taken: i64 = n  # cards after the first talon card taken are all in reach
    # the cards to look at (again): a card is queued when something it depends on changed;
    # the lowest first (the order changes nothing but the work)
    queued: i64 = ALL_CARDS & ~home
    while queued:
        low: i64 = queued & -queued
        queued ^= low
        c: i64 = int(low).bit_length() - 1
        if home & low:
            continue
        r: i64 = RANK_B[c]
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
            nxt: i64 = SUCC_B[c]
            if nxt != NONE:
                queued |= one << nxt
        else:
            placed = empty if r == 13 else (holds >> ON0_B[c] & 1 | holds >> ON1_B[c] & 1) != 0
            if on_top & low and not holds & low and (not in_talon & low or placed):
                holds |= low
                gained_holds = True
            if (placed and not leaves & low and not in_talon & low
                    and (not down & low or on_top & low)):
                leaves |= low
                gained_leaves = True
        if not gained_holds and not gained_leaves:
            continue
        w: i64 = where[c]
        if w >= 224:
            i = w - 224
            if i < first_taken:
                # a talon card taken: the talon cards after it, and the one before, in reach
                for j in range(i - 1, first_taken):
                    if j >= 0 and j != i:
                        t: i64 = talon[j]
                        if not on_top >> t & 1:
                            on_top |= one << t
                            queued |= one << t
                first_taken = i
        if gained_holds:
            b: i64 = BELOW0_B[c]
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
