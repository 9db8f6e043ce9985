"""The Klondike solver's moves as ints and what a move does to the piles, for
:mod:`parlour.solvers.klondike_rules` (typed Python that ``make`` compiles with
mypyc): the move codes, the tables of each card's neighbours, and the helpers that
play, settle and normalise piles held as bytes (see
:mod:`parlour.solvers.klondike_position`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.solvers.klondike_position import (
    ABOVE,
    ABOVE0,
    ABOVE1,
    BELOW,
    BIT,
    CARD,
    KR,
    PARTNER,
    SUCC,
    SUIT,
    SUIT_UPTO,
    Move,
    packed,
)

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]


# Moves inside the search are ints (a move as a tuple is built only for the line of a
# win and for the tests): the kind in bits 0-2, then
# - _PILE: the run of ``count`` cards from pile ``i`` to pile ``t`` (7: to its foundation),
#   ``i << 3 | count << 9 | t << 13``;
# - _TALON: talon card ``c`` to pile ``t`` (7: to its foundation), ``c << 3 | t << 13``;
# - _HOME: the top card of foundation ``s`` back to pile ``t``, ``s << 3 | t << 13``;
# - _CHAIN: (``defer``) the talon cards below ``y`` in its suit home, then ``y`` from the
#   top of pile ``t``, ``y << 3 | t << 13``;
# - _TWIN: a run moved to its twin place (the fields of a _PILE move), then the move
#   ``code >> 16`` (see :func:`_twins`).
# The moves of a position are sorted as ints: ``(255 - score) << 40 | k << 32 | code``
# (``k`` the order found, the tie-break), and the code read back as the low 32 bits.
_PILE: Final = 0
_TALON: Final = 1
_HOME: Final = 2
_CHAIN: Final = 3
_TWIN: Final = 4
_TO_FOUNDATION: Final = 7
_CODE: Final = 0xFFFFFFFF
# an expanded position's index in a best-first search's open list entries
_NODE: Final = (1 << 40) - 1

# the two cards each card may lie on, as bytes (255: none)
_ON0: Final = bytes(c if c >= 0 else 255 for c in ABOVE0)
_ON1: Final = bytes(c if c >= 0 else 255 for c in ABOVE1)
_UNDER0: Final = bytes(c if c >= 0 else 255 for c in (b[0] if b else -1 for b in BELOW))
_UNDER1: Final = bytes(c if c >= 0 else 255 for c in (b[1] if b else -1 for b in BELOW))
_KING: Final = bytes(1 if KR[c] == 13 else 0 for c in range(52))
_RANK: Final = bytes(KR)
_SUIT: Final = bytes(SUIT)
_SUCC: Final = bytes(c if c >= 0 else 255 for c in SUCC)
# the card of the same rank and colour, of the other suit
_TWIN_CARD: Final = bytes(CARD[PARTNER[SUIT[c]]][KR[c]] for c in range(52))
# _ONE[c]: the card as one byte; _DOWN[d]: a pile's first byte, d cards face down
_ONE: Final = tuple(bytes((c,)) for c in range(52))
_DOWN: Final = tuple(bytes((d,)) for d in range(32))
# as bits: the cards that may lie on c, the cards c may lie on, the kings
_BELOW_BITS: Final[tuple[int, ...]] = tuple(sum(1 << b for b in BELOW[c]) for c in range(52))
_ABOVE_BITS: Final[tuple[int, ...]] = tuple(sum(1 << a for a in ABOVE[c]) for c in range(52))
_KINGS: Final = sum(1 << CARD[s][13] for s in range(4))
# _UPTO[s * 14 + n]: the bits of the first n cards of suit s
_UPTO: Final[tuple[int, ...]] = tuple(SUIT_UPTO[s][n] for s in range(4) for n in range(14))


def _unpacked(f: i64, found: tuple[int, ...]) -> tuple[int, ...]:
    """The foundations of ``f`` as a tuple (``found`` itself when they are the same)."""
    if f == packed(found):
        return found
    return (int(f & 15), int(f >> 4 & 15), int(f >> 8 & 15), int(f >> 12 & 15))


def _card(s: i64, r: i64) -> i64:
    """The card of suit ``s`` and Klondike rank ``r`` (1 = ace .. 13 = king)."""
    return s * 13 + (r + 11) % 13


def _next_cards(f: i64) -> i64:
    """The cards next on their foundations, as bits."""
    one: i64 = i64(BIT[0])
    out: i64 = 0
    for s in range(4):
        n = f >> 4 * s & 15
        if n < 13:
            out |= one << _card(s, n + 1)
    return out


def _home_tops(f: i64) -> i64:
    """The cards on top of the foundations, as bits."""
    one: i64 = i64(BIT[0])
    out: i64 = 0
    for s in range(4):
        n = f >> 4 * s & 15
        if n:
            out |= one << _card(s, n)
    return out


def _safe_in(s: i64, r: i64, f: i64) -> bool:
    """:func:`safe` for the card of suit ``s`` and rank ``r``, next on its foundation."""
    if r <= 2:
        return True
    if s == 0 or s == 3:
        o1, o2, partner = f >> 4 & 15, f >> 8 & 15, f >> 4 * (3 - s) & 15
    else:
        o1, o2, partner = f & 15, f >> 12 & 15, f >> 4 * (3 - s) & 15
    return o1 >= r - 1 and o2 >= r - 1 and partner >= r - 2


def _decode(code: int, found: tuple[int, ...]) -> Move:
    """The move of ``code`` as a tuple (a chain's cards read from ``found``)."""
    kind = code & 7
    t = code >> 13 & 7
    target = -1 if t == _TO_FOUNDATION else t
    if kind == _PILE:
        return ("pile", code >> 3 & 7, code >> 9 & 15, target)
    if kind == _TALON:
        return ("talon", code >> 3 & 63, target)
    if kind == _HOME:
        return ("home", code >> 3 & 3, target)
    if kind == _CHAIN:
        return _home_chain(code >> 3 & 63, found, t)
    return ("twin", code >> 3 & 7, code >> 9 & 15, t, _decode(code >> 16, found))


def _encode(move: Move) -> int:
    """The code of a move of one card or run (not a chain or twin move)."""
    kind: str = move[0]
    first: int = move[1]
    last: int = move[-1]
    target = last if last >= 0 else _TO_FOUNDATION
    if kind == "pile":
        count: int = move[2]
        return _PILE | first << 3 | count << 9 | target << 13
    if kind == "talon":
        return _TALON | first << 3 | target << 13
    return _HOME | first << 3 | target << 13


def _back_useful(found: Sequence[int], visible: int) -> bool:
    """Whether a card out of the foundations could be worth having back in the tableau:
    some card face up in the tableau or reachable in the talon could lie on a card
    that is now in a foundation.

    Cards come back from the foundations only to hold cards, directly or by
    uncovering the foundation card under them, or by holding other cards that came
    back; such a chain ends at a card from the tableau or the talon, and all its
    moves can wait until just before that card is put on it. (A test that only
    looked for a card to put on the returning card itself was unsound: a card may
    come back only to uncover the one under it.)

    ``visible`` holds the cards face up in the tableau or reachable in the talon as
    bits; a suit's 13 bits run from the two to the king, then the ace, so the cards
    one rank higher are those bits shifted by one (the king's dropped, the ace's to
    the two's place).

    >>> # the two of hearts home: the ace of clubs could lie on it, the ace of diamonds not
    >>> _back_useful((0, 0, 2, 0), 1 << CARD[0][1]), _back_useful((0, 0, 2, 0), 1 << CARD[1][1])
    (True, False)
    """
    return _back_useful_in(packed(tuple(found)), visible)


def _back_useful_in(f: i64, visible: i64) -> bool:
    """:func:`_back_useful` of the foundations ``f`` (four bits a suit)."""
    return _holders(visible) & _home_cards(f) != 0


def _home_cards(f: i64) -> i64:
    """The cards in the foundations ``f`` (four bits a suit), as bits."""
    home: i64 = 0
    for s in range(4):
        home |= i64(_UPTO[s * 14 + (f >> 4 * s & 15)])
    return home


def _holders(cards: i64) -> i64:
    """The cards that some card of ``cards`` could lie on (one rank up, the other
    colour), as bits."""
    # (a black card lies on a red one and the reverse: clubs and spades are suits 0
    # and 3, at bits 0 and 39)
    black: i64 = (cards | cards >> 39) & 0x1FFF
    red: i64 = (cards >> 13 | cards >> 26) & 0x1FFF
    up_black: i64 = (black & 0x7FF) << 1 | black >> 12 & 1
    up_red: i64 = (red & 0x7FF) << 1 | red >> 12 & 1
    return up_black << 13 | up_black << 26 | up_red | up_red << 39


def _useful_home(f: i64, visible: i64) -> i64:
    """The foundation cards (of the foundations ``f``) worth bringing back, as bits:
    those some card in ``visible`` (face up, or in the talon's reach) could lie on,
    and, round after round, those another such card could lie on (it would come back
    onto them) and those above such a card in its suit (they would come back to
    uncover it). A card comes back only to be at the start of such a chain (see
    :func:`_back_useful`), each move of which can wait until just before the visible
    card is put on its end, so no other card need ever come back.

    >>> # the 2♥ and 3♥ home: the A♣ could lie on the 2♥, so both may come back
    >>> # (the 3♥ to uncover the 2♥); with only the A♦ in sight, neither
    >>> f = packed((0, 0, 3, 0))
    >>> _useful_home(f, 1 << CARD[0][1]) == (1 << CARD[2][2] | 1 << CARD[2][3])
    True
    >>> _useful_home(f, 1 << CARD[1][1])
    0
    """
    return _useful_cards(f, visible, 0)  # (the same chains, with no talon card in them)


def _useful_cards(f: i64, faceup: i64, talon: i64) -> i64:
    """With draw 1 (every talon card in reach): the talon and foundation cards worth
    putting on the tableau, as bits: those that start a chain of such cards, each
    lying on the one before, that ends at a card face up in the tableau (``faceup``),
    and the foundation cards above such a foundation card in its suit (they come back
    to uncover it). (With ``talon`` 0, the foundation cards alone: :func:`_useful_home`.)

    A talon card (with draw 1, taken whenever wanted) or a card back from its
    foundation is put on the tableau only to hold cards; if no card from the tableau
    ever comes to lie on the chain it starts, the chain's cards could have stayed in
    the talon and the foundations (covering a card or taking one out of the talon or
    a foundation never helps). So every such move can wait until just before the
    tableau card is put on the chain's end, and then each card of the chain is in
    the talon or on top of its foundation: a chain of this set.

    >>> # the 2♥ home, the A♣ in the talon, the 3♠ face up: the 3♠ lies on no
    >>> # card of them, so neither is worth putting on the tableau
    >>> _useful_cards(packed((0, 0, 2, 0)), 1 << CARD[3][3], 1 << CARD[0][1])
    0
    >>> # the 3♥ home, the 4♣ in the talon, the 2♠ face up: the 4♣ to the tableau, the
    >>> # 3♥ back onto it, the 2♠ onto that (the 2♥ under the 3♥ is never wanted)
    >>> f = packed((0, 0, 3, 0))
    >>> _useful_cards(f, 1 << CARD[3][2], 1 << CARD[0][4]) == (1 << CARD[0][4] | 1 << CARD[2][3])
    True
    """
    pool = _home_cards(f) | talon
    home = pool & ~talon
    useful = _holders(faceup) & pool
    if not useful:
        return 0
    while True:
        more = useful | _holders(useful) & pool
        for s in range(4):
            m: i64 = more & home
            m = m >> 13 * s & 0xFFF  # (an ace never holds a card)
            if m:
                low = m & -m
                more |= (home >> 13 * s & ~(low - 1) & 0xFFF) << 13 * s
        if more == useful:
            return useful
        useful = more


def _uses(code: i64, t: i64) -> bool:
    """Whether the move ``code`` may use the card just back from its foundation on top
    of pile ``t``: puts a card on it, or brings back another card (the one under it
    in its suit, or one of a chain of cards coming back that it holds: see ``used``
    in :data:`~parlour.solvers.klondike_legal.PRUNINGS`)."""
    kind: i64 = code & 7
    if kind in (_PILE, _TALON):
        return code >> 13 & 7 == t
    if kind == _HOME:
        return True  # cards come back in chains, whose order can matter
    if kind == _TWIN:
        return _uses(code & 0xFFF8, t) or _uses(code >> 16, t)
    return False


def _moves_it(code: i64, t: i64) -> bool:
    """Whether the move ``code`` takes the card on top of pile ``t`` (a card just back
    from its foundation) somewhere: home again, or with the run it lies on, which
    could have moved first with the card brought back onto it afterwards."""
    kind: i64 = code & 7
    if kind == _PILE:
        return code >> 3 & 7 == t
    if kind == _TWIN:
        return code >> 3 & 7 == t or _moves_it(code >> 16, t)
    return False


def _using(options: list[int], before: list[int], t: i64) -> list[int]:
    """The moves of ``options`` (of a position where a card just came back from its
    foundation to the top of pile ``t``) that may use that card (see :func:`_uses`),
    or that the position before (whose moves were ``before``) did not have, other
    than taking the card away again."""
    had: set[int] = set()
    for m in before:
        had.add(m & _CODE)
    out: list[int] = []
    for m in options:
        code: i64 = m & _CODE
        if _uses(code, t) or (code not in had and not _moves_it(code, t)):
            out.append(m)
    return out


def _home_chain(y: int, found: Sequence[int], pile: int) -> Move:
    """The move sending home the talon cards below ``y`` (in reach), then ``y`` from the
    top of ``pile``."""
    chain: list[Move] = []
    c = CARD[SUIT[y]][found[SUIT[y]] + 1]
    while c != y:
        chain.append(("talon", c, -1))
        c = SUCC[c]
    chain.append(("pile", pile, 1, -1))
    return ("chain", tuple(chain))


def _next_home(y: i64, f: i64, reach: i64, defer: bool) -> bool:
    """Whether ``y`` could go home now: it is next on its foundation, or (``defer``) the
    cards between are all in reach in the talon, to go home just before it."""
    s = i64(_SUIT[y])
    r = i64(_RANK[y])
    n = (f >> 4 * s & 15) + 1
    if n == r:
        return True
    if not defer or n > r:
        return False
    between = i64(_UPTO[s * 14 + r - 1]) & ~i64(_UPTO[s * 14 + n - 1])
    return between & ~reach == 0


def _locate(piles: tuple[bytes, ...], c: i64, plane0: i64, plane1: i64, plane2: i64) -> i64:
    """Where face-up card ``c`` lies: pile * 64 + its index in the pile's bytes, the pile
    read from the bits of its index (``plane0``: bit 0 of the pile of each face-up card,
    and so on)."""
    i: i64 = (plane0 >> c & 1) | (plane1 >> c & 1) << 1 | (plane2 >> c & 1) << 2
    p = piles[i]
    n: i64 = len(p)
    j: i64 = p[0] + 1
    while j < n:
        if p[j] == c:
            return i * 64 + j
        j += 1
    return -1


def _pile_with_top(piles: tuple[bytes, ...], c: i64) -> i64:
    """The pile with ``c`` on top (-1: none)."""
    for t in range(7):
        q = piles[t]
        if len(q) > 1 and q[len(q) - 1] == c:
            return t
    return -1


def _home_now(p: bytes, f: i64, safe_home: bool, undone: bool) -> bool:
    """Whether the top card of pile ``p`` goes home at once (the foundations ``f``): it is
    next on its foundation and (``safe_home``) safe, or (``undone``) it could come
    straight back to where it lies, on a face-up card or, a king alone, to the pile it
    empties."""
    n: i64 = len(p)
    if n < 2:
        return False
    c: i64 = p[n - 1]
    s: i64 = _SUIT[c]
    r: i64 = _RANK[c]
    if r != (f >> 4 * s & 15) + 1:
        return False
    if safe_home and _safe_in(s, r, f):
        return True
    return undone and (n - 2 > p[0] or (n == 2 and r == 13))


def _ready(f: i64) -> i64:
    """:func:`safe_now` of the foundations ``f``: the safe cards next on them, as bits."""
    one: i64 = i64(BIT[0])
    out: i64 = 0
    for s in range(4):
        n = f >> 4 * s & 15
        if n < 13 and _safe_in(s, n + 1, f):
            out |= one << _card(s, n + 1)
    return out


def _cards_of(talon: bytes) -> i64:
    """The cards of the talon, as bits."""
    one: i64 = i64(BIT[0])
    out: i64 = 0
    for j in range(len(talon)):
        out |= one << talon[j]
    return out


def _twin_at(p: bytes, tops: i64) -> i64:
    """The index in pile ``p`` of the first card lying face up on one of its two places
    while the other, lower-numbered, is free on top of a pile (a card of ``tops``), or 0."""
    n: i64 = len(p)
    j: i64 = p[0] + 2
    while j < n:
        b: i64 = p[j]
        u1: i64 = p[j - 1]
        u2: i64 = _ON0[b]
        if u2 == u1:
            u2 = _ON1[b]
        if u2 < u1 and tops >> u2 & 1:
            return j
        j += 1
    return 0


def _twin_pair(pl: list[bytes]) -> bool:
    """Whether some pile has a run that :func:`_twin_at` finds: a run lies on the
    higher-numbered of its two places while the other is free on top of a pile, that is,
    a club or diamond (the lower-numbered of two twins) is on top of a pile while its
    twin (the spade or heart of its rank), face up, holds a card (which may lie on
    either)."""
    tops = _tops(pl)
    return ((tops & 0x1FFF) << 39 | (tops & 0x1FFF << 13) << 13) & _held(pl) != 0


def _held(pl: list[bytes]) -> i64:
    """The face-up cards that hold another card, as bits."""
    one: i64 = i64(BIT[0])
    holding: i64 = 0
    for i in range(7):
        p = pl[i]
        n: i64 = len(p)
        j: i64 = p[0] + 1
        while j < n - 1:
            holding |= one << p[j]
            j += 1
    return holding


def _tops(pl: list[bytes]) -> i64:
    one: i64 = i64(BIT[0])
    tops: i64 = 0
    for i in range(7):
        p = pl[i]
        n: i64 = len(p)
        if n > 1:
            tops |= one << p[n - 1]
    return tops


def _twin_near(pl: list[bytes], a: i64, b: i64) -> bool:
    """Whether a move from pile ``a`` to pile ``b`` (or from the talon to ``a == b``) of
    a settled position left a run that should move to its twin place: only a run put
    on a card (in ``b``) or one lying on the twin of the card left free on top of ``a``
    (the card of the same rank and colour) can."""
    one: i64 = i64(BIT[0])
    p = pl[a]
    n: i64 = len(p)
    w: i64 = 255  # the twin of the card left free on top of a, if the higher-numbered
    if n > 1:
        u: i64 = p[n - 1]
        w = _TWIN_CARD[u]
        if w < u:
            w = 255
    tops: i64 = 0
    for i in range(7):
        q = pl[i]
        n = len(q)
        if n > 1:
            tops |= one << q[n - 1]
            if w != 255:
                k: i64 = q[0] + 1
                while k < n - 1:
                    if q[k] == w:
                        return True
                    k += 1
    return _twin_at(pl[b], tops) != 0


def _twins(piles: tuple[bytes, ...]) -> list[tuple[int, int, int]]:
    """The runs that could move to their *twin* place: ``(pile, count, target)`` for a run
    of ``count`` cards lying face up on one of the two cards its bottom card may lie on
    (in ``pile``), the other being free on top of pile ``target``.

    The run can go there and come straight back (no card is turned), so the two
    positions are won or lost together. The complete search keeps every such run on
    the lower-numbered of its two places; what only the other place allows (a card
    put on the card the run leaves free, that card going home) it plays as one move
    after moving the run over (see :meth:`Solver._gen`). Moving the run frees a
    card that only the run's bottom card and its own twin (of the same rank and
    colour) may lie on, and the twin lies on neither card, so no other run can then
    move to a twin place: one run moved over is enough.

    >>> from parlour.cards import parse_card
    >>> pile = lambda down, text: bytes((down, *(parse_card(c) for c in text.split())))
    >>> # the 5♥ on the 6♠ (hearts 2, spades 3), the 6♣ (clubs 0) free
    >>> _twins((pile(0, "KD 6S 5H"), pile(1, "2D 6C")) + (bytes(1),) * 5)
    [(0, 1, 1)]
    """
    out: list[tuple[int, int, int]] = []
    tops = _tops(list(piles))
    if not tops:
        return out
    for i in range(7):
        p = piles[i]
        for j in range(p[0] + 2, len(p)):
            b = p[j]
            u1 = p[j - 1]
            u2 = _ON0[b]
            if u2 == u1:
                u2 = _ON1[b]
            if u2 == 255 or not tops >> u2 & 1:
                continue
            out.append((i, len(p) - j, int(_pile_with_top(piles, u2))))
    return out


def _swap_tails(piles: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The piles with every two twin cards (the same rank and colour) that both hold a
    run lying so that the lower-numbered holds the run whose first card is the
    lower-numbered: the runs on them swapped where needed.

    Not a move of the game: the draw-1 relaxation of a draw-3 deal allows it (a game
    with more moves, lost only if the deal is; see :func:`solve`). A run fits on
    either twin, and only the two runs' first cards (twins too) may lie on them, so
    each pair is settled on its own, and the positions that differ only so are one.

    >>> from parlour.cards import parse_card
    >>> pile = lambda down, text: bytes((down, *(parse_card(c) for c in text.split())))
    >>> # the 5♦ (lower-numbered than the 5♥) holds the 4♠, the 5♥ the 4♣ (lower than the 4♠)
    >>> swapped = _swap_tails((pile(1, "KC 5H 4C 3D"), pile(2, "9S 8S 5D 4S")) + (bytes(1),) * 5)
    >>> swapped[:2] == (pile(1, "KC 5H 4S"), pile(2, "9S 8S 5D 4C 3D"))
    True
    """
    pl = list(piles)
    return tuple(pl) if _swap_into(pl) else piles


def _swap_into(pl: list[bytes]) -> bool:
    """:func:`_swap_tails` on a list of piles, in place: whether any runs were swapped."""
    one: i64 = i64(BIT[0])
    holding: i64 = 0  # the cards face up under another card
    second: i64 = 0  # the cards lying on the higher-numbered of their two places
    for i in range(7):
        p = pl[i]
        n: i64 = len(p)
        j: i64 = p[0] + 1
        while j < n - 1:
            holding |= one << p[j]
            if _ON1[p[j + 1]] == p[j]:
                second |= one << p[j + 1]
            j += 1
    # the lower-numbered of two twins both holding a run, as bits (a suit's twin suit
    # is 3 - suit: clubs and spades, diamonds and hearts); each pair is settled on its
    # own, the lowest first, and swapping runs leaves the cards that hold one as they were
    pairs: i64 = (holding & holding >> 39 & 0x1FFF) | (holding & holding >> 13 & 0x1FFF << 13)
    changed = False
    while pairs:
        low: i64 = pairs & -pairs
        pairs ^= low
        c = int(low).bit_length() - 1
        if not second >> _UNDER0[c] & 1:
            # the lower-numbered of the two cards that may lie on c and its twin lies on
            # c, its lower-numbered place: the runs lie as they should
            continue
        at_c = _holding_at(pl, c)
        at_w = _holding_at(pl, _TWIN_CARD[c])
        i, j = at_c >> 6, at_c & 63
        k, m = at_w >> 6, at_w & 63
        if i == k or pl[i][j + 1] < pl[k][m + 1]:
            continue  # (both in one pile, one run on the other: left as it is)
        changed = True
        pi, pk = pl[i], pl[k]
        pl[i] = pi[:j + 1] + pk[m + 1:]
        pl[k] = pk[:m + 1] + pi[j + 1:]
    return changed


def _holding_at(pl: list[bytes], c: int) -> int:
    """Where card ``c``, face up under another card, lies: pile * 64 + its index."""
    for i in range(7):
        p = pl[i]
        for j in range(p[0] + 1, len(p) - 1):
            if p[j] == c:
                return i * 64 + j
    return -1


def _won(pl: list[bytes], talon: bytes, defer: bool) -> bool:
    # Every card face up and the talon empty: the rest goes home by itself. (With
    # draw 1 a talon left over changes nothing: the lowest card not home is on top
    # of its pile or in the talon, so it can always go home next.)
    return (not talon or defer) and all(not pl[i][0] for i in range(7))


def _first_visit(seen: dict[bytes, int], more: dict[bytes, list[int]], key: bytes,
                 mask: int) -> bool:
    """Note a position (its key, and the mask of talon cards its pointer reaches); false
    if it was met before, or a position met before reaches every card it does."""
    size = len(seen)
    first = seen.setdefault(key, mask)
    if len(seen) > size:
        return True  # a new position
    if first & mask == mask:
        return False
    masks = more.get(key)
    if masks is None:
        more[key] = [mask]
    elif any(m & mask == mask for m in masks):
        return False
    else:
        masks.append(mask)
    return True


def _taken(talon: bytes, c: i64) -> tuple[bytes, int]:
    """The talon without card ``c``, and where ``c`` was in it."""
    n: i64 = len(talon)
    j: i64 = 0
    for j in range(n):
        if talon[j] == c:
            if j == 0:
                return talon[1:], 0
            if j == n - 1:
                return talon[:j], j
            return talon[:j] + talon[j + 1:], j
    raise ValueError(f"card {c} is not in the talon")
