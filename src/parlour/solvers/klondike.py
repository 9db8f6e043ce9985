"""A Klondike solver that sees every card ("thoughtful" solitaire); typed Python that
``make`` compiles with mypyc.

Depth-first search over positions, with:

- the stock and waste as one ordered *talon*: every card that drawing can bring
  to the top of the waste is one move (the "K+" macro move of Solvitaire), so
  draws are never searched; the talon's order never changes, only cards leave;
- face-down cards turned as soon as they are on top (turning never hurts);
- provably safe moves to the foundations played at once (see :func:`safe`);
- in the complete search, positions one move from each other both ways searched as
  one: a card that could go home and come straight back goes home (``undone``), a
  run whose two places are both there lies on the lower-numbered (``twin``, see
  :func:`_twins`);
- a transposition table on a canonical key (the piles in an order of their own,
  so piles that differ only in their places are one position; the talon follows
  from the other cards, so only the foundations stand for it: see :func:`pile_key`);
- only sound pruning (each rule can be switched off: see ``PRUNINGS``), and
  positions proved lost without search (:func:`blocked`);
- a quick search for wins (restarted with other move orders) and a best-first one
  (see :meth:`Solver._best_first`) taking turns with the complete one and its
  relaxations;
- the inner loop in native ints where mypyc compiles it so: moves as ints (see
  ``_PILE``), sets of cards as the bits of an int, a child built (its piles as a
  tuple) only once its key is new.

The position and its encoding are in :mod:`parlour.solvers.klondike_position`,
the expansion of a line into the engine's notation in
:mod:`parlour.solvers.klondike_lines`, the solver's answers for games in
progress (still winnable?) and winnable deals in
:mod:`parlour.solvers.klondike_winnable`.

So ``lose`` is a proof, ``win`` comes with moves that replay in the engine, and
``unknown`` means the time ran out.

>>> result = solve(deal_from_seed(1), draw=1, time_limit=5)
>>> result.result in ("win", "lose", "unknown")
True
>>> result.result != "win" or replays(deal_from_seed(1), result.moves, draw=1)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any, Final

from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import deal_from_seed
from parlour.games.klondike_records import make_record
from parlour.solvers.klondike_lines import expand, replays
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
    Position,
    blocked,
    packed,
    pile_key,
    position_key,
    reach_indices,
    reach_mask,
    reachable,
    safe,
    start_position,
)

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]

__all__ = [
    "CARD", "PRUNINGS", "Position", "QuickTable", "SolveResult", "Solver", "blocked",
    "expand", "position_key", "reachable", "replays", "safe", "solution_record", "solve",
    "solve_seed", "start_position",
]

# The share of the time the quick search (for wins) may take before the complete one.
QUICK_SHARE: Final = 0.5
# The quick search restarts with other move orders, its node budget doubling each time
# (a depth-first search that went wrong early rarely recovers).
QUICK_NODES: Final = 3000
JITTER: Final = 12
# The rounds in which a quick draw-1 search takes half of the draw-1 relaxation's turn
# (a draw-1 win drops the relaxation); later rounds, which are most of the time, are
# the relaxation's own (most draw-1 wins are found early, and the deals left are more
# often draw-1 losses, which only the relaxation proves).
PROBE_ROUNDS: Final = 4
# Seconds a turn for each complete search once the quick one is over (times its weight).
SLICE: Final = 0.5
# With draw 3, the weights of the five searches that take turns (the quick one, the
# exact draw-3 one, the draw-1 relaxation, the draw-3 game with the ``swap`` move, the
# best-first search for wins): for every second the quick search runs, each of the
# others runs its weight over the quick one's seconds, and a quick restart gets at
# most its weight's share of the time left. For the first EARLY seconds, when most
# wins are found, EARLY_WEIGHTS; then WEIGHTS, which give most of the time to the
# draw-1 relaxation: the deals left are mostly lost, a relaxation proves a loss in far
# fewer positions than the exact search, and the draw-1 one, which allows every move
# the other does and more, proves most losses sooner. Once the draw-1 game is won, its
# weight goes to the swap game, the only relaxation left, and BEST_SHARE of it to the
# best-first search, which finds the hard wins the others leave in a second or two
# (tuned on the hard deals of seeds 30000-90000: a larger share finds no more wins
# and proves fewer losses in the swap game). A search that is over passes its weight
# on to the best-first one. With draw 1 there are no relaxations: DRAW1_WEIGHTS.
EARLY: Final = 1.0
EARLY_WEIGHTS: Final = (1.0, 0.5, 1.5, 0.25, 0.5)
WEIGHTS: Final = (0.25, 0.25, 4.0, 0.25, 0.5)
BEST_SHARE: Final = 0.2
# The positions the best-first search may expand (it keeps them all: with its table
# about 700 bytes each, reached in about 25 s); then it stops and its weight goes to the
# exact search.
BEST_POSITIONS: Final = 2_000_000
DRAW1_WEIGHTS: Final = (1.0, 1.0, 0.0, 0.0, 1.0)

# The pruning rules beyond plain symmetry, each of which can be switched off to check
# that it never turns a win into a ``lose``:
# - ``safe``: safe cards go home at once (see :func:`safe`);
# - ``talon``: with draw 1 a talon card goes to the tableau only if a card could go on it;
# - ``split``: a run is split only when the card it uncovers can be used right away;
# - ``back``: a foundation card comes back only if it is not safe and a card could go on it;
# - ``empty``: one empty pile stands for all, and a whole pile never moves to an empty one.
# - ``emptying``: a whole pile (no face-down cards) moves onto another only if a king
#   could then go to the empty pile (face up on face-down cards, in reach, or home);
# - ``pointer``: with draw 3, a position whose pointer reaches only talon cards that
#   another searched position with the same cards reaches is not searched;
# - ``blocked``: a position where some card can never go home is lost (see :func:`blocked`),
#   checked at every position the complete search reaches;
# - ``draw1``: with draw 3, a deal proved lost with draw 1 is lost (see :func:`solve`);
# - ``undone``: in the complete search, a card that could go home and come straight back
#   to where it lies goes home at once (see :meth:`Solver._settle`);
# - ``twin``: in the complete search, a run that lies on one of the two cards it may lie
#   on, the other being free on top of its pile, lies on the lower-numbered of the two
#   (see :func:`_twins`);
# - ``defer``: in the draw-1 relaxation of a draw-3 deal, a talon card goes home only
#   together with the next cards of its suit, the last from the top of a pile (see
#   :meth:`Solver._gen`);
# - ``swap``: in that relaxation the runs on two twin cards may swap places, a move
#   the relaxation adds (see :func:`_swap_tails`);
# - ``swap3``: with draw 3, a deal proved lost in the draw-3 game with the ``swap`` move
#   added is lost (see :func:`solve`).
PRUNINGS: Final = frozenset({"safe", "talon", "split", "back", "empty", "emptying",
                             "pointer", "blocked", "draw1", "undone", "twin", "defer",
                             "swap", "swap3"})


class _OutOfTime(Exception):
    pass


@dataclass
class SolveResult:
    """``result`` is ``win``, ``lose`` or ``unknown``; ``moves`` replay a win in the engine."""

    result: str
    moves: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "moves": self.moves, "states": self.states,
                "seconds": round(self.seconds, 3)}


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
    for s in range(4):
        v = visible >> 13 * s & 0x1FFF
        up = (v & 0x7FF) << 1 | v >> 12 & 1
        if s == 0 or s == 3:
            o1, o2 = 1, 2
        else:
            o1, o2 = 0, 3
        home = (i64(_UPTO[o1 * 14 + (f >> 4 * o1 & 15)]) >> 13 * o1
                | i64(_UPTO[o2 * 14 + (f >> 4 * o2 & 15)]) >> 13 * o2)
        if up & home:
            return True
    return False


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


class QuickTable:
    """The positions that quick searches of a deal ran through, kept from one restart
    to the next: a restart then skips what an earlier one searched and goes on with
    another move order instead of doing the same work again.

    After each attempt the positions still on its stack (not searched through) are
    taken out. (Only quick searches share a table: one that gives up a line because
    it meets a position on its own stack may miss a win, which a quick search may,
    but never a complete one.)"""

    def __init__(self) -> None:
        self.seen: dict[bytes, int] = {}
        self.more: dict[bytes, list[int]] = {}

    def release(self, solver: Solver) -> None:
        """Take out the positions on ``solver``'s stack, which it did not finish."""
        for pos in solver.positions:
            key = position_key(pos)
            self.seen.pop(key, None)
            self.more.pop(key, None)


class Solver:
    """One search; :meth:`run` returns a :class:`SolveResult`."""

    def __init__(self, deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
                 max_states: int | None = None, complete: bool = True,
                 pruning: frozenset[str] = PRUNINGS, max_nodes: int | None = None,
                 jitter: int = 0, reach: int = 0, table: QuickTable | None = None,
                 relaxed: bool = False, best_first: bool = False) -> None:
        self.deal = list(deal)
        # best first (see :meth:`_best_first`) instead of depth first
        self.best_first = best_first
        # the best-first search's open positions, each an int (see :meth:`_best_first`),
        # and the positions it expanded: each with the one it came from, the move from
        # there, its depth and whether a card came back
        self.open: list[int] = []
        self.expanded: list[Position] = []
        self.parent: list[int] = []
        self.move_to: list[int] = []
        self.depth: list[int] = []
        self.came_back: list[bool] = []
        # a quick search may start from the positions an earlier one ran through (see
        # :class:`QuickTable`)
        self.table = table
        self.complete = complete
        self.pruning = pruning
        self.draw = draw
        # the talon's reach that moves are generated with: ``draw`` unless a quick search
        # with draw 1 looks only for lines that draw 3 allows too (far fewer talon moves)
        self.reach = reach or draw
        self.time_limit = time_limit
        self.max_states = max_states
        self.max_nodes = max_nodes
        # jitter > 0 shuffles moves of nearly equal promise (seeded): a restart of the
        # quick search then tries other lines first
        self.rng = random.Random(jitter) if jitter else None
        # positions searched: with draw 3, per position without its pointer, the mask of
        # talon cards reachable from the first pointer searched (see :func:`reach_mask`),
        # and in ``more`` those of the other pointers searched (rarely any); ints only,
        # so the garbage collector need not look into the table
        self.seen: dict[bytes, int] = {}
        self.more: dict[bytes, list[int]] = {}
        self.states = 0
        # the moves that settled the start, and the move (as its code) down to each
        # position on the stack after the first (see :meth:`_line`)
        self.moves0: list[Move] = []
        self.line: list[int] = []
        self.deadline = 0.0
        self.nodes = 0
        self.positions: list[Position] = []
        self.choices: list[list[int]] = []
        self.tried: list[int] = []
        # whether each position on the stack came back from a foundation (see
        # :meth:`_settle`: its cards that could go home are left where they are)
        self.back: list[bool] = []
        self.settled = ""
        self.bare = False
        self.check_blocked = "blocked" in pruning
        self.prune_safe = "safe" in pruning
        self.prune_talon = self.reach == 1 and "talon" in pruning
        self.prune_split = "split" in pruning
        self.prune_back = "back" in pruning
        self.prune_empty = "empty" in pruning
        self.prune_emptying = "emptying" in pruning
        self.prune_pointer = "pointer" in pruning
        # (the quick search brings no cards back from the foundations, so it must leave
        # them in the tableau)
        self.prune_undone = complete and "undone" in pruning
        self.prune_twin = complete and "twin" in pruning
        # a complete draw-1 search whose wins are thrown away (the relaxation of a draw-3
        # deal, see :func:`solve`): a talon card goes home only when the next card of its
        # suit follows it at once (``defer``), and a position with every card face up is
        # won (its line is not kept, so it need not be played to the end)
        self.defer = (relaxed and complete and self.reach == 1 and draw == 1
                      and "defer" in pruning)
        # and the runs on two twin cards may swap places (``swap``, see :func:`_swap_tails`)
        # (in the draw-1 relaxation, or in the draw-3 game as a relaxation of its own:
        # ``swap3``, see :func:`solve`)
        self.swap = relaxed and complete and self.reach == draw and "swap" in pruning
        self.blocked_hits = 0
        self.start_state: KlondikeState | None = None

    def run(self, start: Position | None = None,
            start_state: KlondikeState | None = None) -> SolveResult:
        """Search from the deal (or ``start``) until settled or out of time."""
        t0 = time.perf_counter()
        self.begin(start, start_state)
        result = self.advance(self.time_limit)
        return self.outcome(result, time.perf_counter() - t0)

    def begin(self, start: Position | None = None,
              start_state: KlondikeState | None = None) -> None:
        """Set up a search that :meth:`advance` then runs a slice of time at a time."""
        self.start_state = start_state
        self.bare = start is not None and start_state is None
        pos = start or start_position(self.deal)
        moves0, pos = self._settle(pos, [])
        if self.swap:
            pos = (_swap_tails(pos[0]), pos[1], pos[2], pos[3])
        self.moves0 = moves0
        self.line = []
        if self.table is not None and not self.complete:
            self.seen, self.more = self.table.seen, self.table.more
            self.seen[position_key(pos)] = self._mask(pos)
        else:
            self.seen = {position_key(pos): self._mask(pos)}
            self.more = {}
        self.states = 1
        self.positions = [pos]
        self.choices = [self._gen(pos)]
        self.tried = [0]
        self.back = [False]
        self.settled = ""
        if self._won(pos):
            self.settled = "win"
        elif self.complete and "blocked" in self.pruning and blocked(pos, self.reach):
            self.settled = "lose"
        elif self.best_first:
            self.expanded = [pos]
            self.parent = [-1]
            self.move_to = [0]
            self.depth = [0]
            self.came_back = [False]
            self.open = []
            if self._open_children(0):
                self.settled = "win"

    def advance(self, seconds: float | None) -> str:
        """Search on for up to ``seconds``: ``win``, ``lose`` or ``unknown`` (not yet)."""
        if not self.settled:
            self.deadline = (time.perf_counter() + seconds if seconds is not None
                             else float("inf"))
            try:
                won = self._best_first() if self.best_first else self._search()
                self.settled = "win" if won else "lose"
            except _OutOfTime:
                return "unknown"
        return self.settled

    def outcome(self, result: str, seconds: float) -> SolveResult:
        out = SolveResult(result, states=self.states, seconds=seconds)
        if result == "win" and not self.bare:
            # (a line from a bare position, without its game, is not expanded)
            out.moves = expand(self.deal, self._line(), self.draw, start=self.start_state)
        return out

    def _line(self) -> list[Move]:
        """The moves from the start to the position won: each move down the stack played
        again, with the moves that settled the position after it."""
        moves = list(self.moves0)
        for k in range(len(self.line)):
            pos = self.positions[k]
            self._step(pos, self.line[k], self.back[k], list(pos[0]), moves)
        return moves

    # --- search ------------------------------------------------------------

    def _mask(self, pos: Position) -> int:
        return self._mask_of(len(pos[2]), pos[3])

    def _mask_of(self, size: int, pointer: int) -> int:
        if self.reach == 1 or not size:
            return 0
        if not self.prune_pointer:
            return 1 << pointer  # each pointer on its own
        return reach_mask(size, pointer)

    def _won(self, pos: Position) -> bool:
        return _won(list(pos[0]), pos[2], self.defer)

    def _search(self) -> bool:
        """Depth-first search with an explicit stack (deep lines need no deep recursion,
        and the search can stop and go on); ``self.line`` holds the moves down to the
        position on top of the stack."""
        seen = self.seen
        more = self.more
        line = self.line
        positions = self.positions
        choices = self.choices
        tried = self.tried
        back = self.back
        swap = self.swap
        check_blocked = self.check_blocked
        reach = self.reach
        defer = self.defer
        while positions:
            top = len(positions) - 1
            i = tried[top]
            options = choices[top]
            if i == len(options):
                positions.pop()
                choices.pop()
                tried.pop()
                back.pop()
                if positions:
                    line.pop()
                continue
            tried[top] = i + 1
            code: i64 = options[i] & _CODE
            parent = positions[top]
            pl = list(parent[0])
            f, talon, pointer, came_back, builds = self._step(parent, code, back[top], pl, None)
            if swap:
                _swap_into(pl)
            mask = self._mask_of(len(talon), pointer)
            if not _first_visit(seen, more, pile_key(pl, f), mask):
                continue  # searched already, or dominated by a position searched
            self.states += 1
            child = (tuple(pl), _unpacked(f, parent[1]), talon, pointer)
            # a move that leaves the foundations alone can make a card safe to send home
            # only on top of the piles it touched (the position before was settled)
            # and only a card put on another can block (see :func:`blocked`): cards going
            # home or coming back leave a position that was not blocked unblocked
            # (after a card came back from a foundation, every pile's top may go home)
            if builds and check_blocked and blocked(child, reach):
                self.blocked_hits += 1
                continue
            line.append(code)
            if _won(pl, talon, defer):
                return True
            positions.append(child)
            choices.append(self._gen(child))
            tried.append(0)
            back.append(came_back)
            self.nodes += 1
            if self.nodes & 1023 == 0 and (
                time.perf_counter() > self.deadline
                or (self.max_states is not None and self.states > self.max_states)
                or (self.max_nodes is not None and self.nodes > self.max_nodes)
            ):
                raise _OutOfTime
        return False

    def _best_first(self) -> bool:
        """Best-first search for a win over the same moves and positions as the
        complete search: the open position with the fewest moves so far plus a bound
        on those left (every card not home and every card face down) is expanded
        next, ties to the deepest. Where the depth-first search can spend its time
        under one early move that went wrong, this one leaves such a line as soon as
        its positions stop improving. It finds most of the hard wins far sooner; it
        proves a loss only by expanding every position, which it seldom has the time
        or memory for.

        An open position is an int: its priority, the depth, the expanded position
        it comes from and the move from there (the move's rank and code), so the
        open list holds no positions; a position is built when it is expanded."""
        open_ = self.open
        expanded = self.expanded
        while open_:
            item: int = heappop(open_)
            code: i64 = item & _CODE
            node: i64 = item >> 40 & _NODE
            parent = expanded[node]
            pl = list(parent[0])
            f, talon, pointer, came_back, builds = self._step(parent, code,
                                                               self.came_back[node], pl, None)
            expanded.append((tuple(pl), _unpacked(f, parent[1]), talon, pointer))
            self.parent.append(node)
            self.move_to.append(code)
            self.depth.append(self.depth[node] + 1)
            self.came_back.append(came_back)
            if self._open_children(len(expanded) - 1):
                return True
            self.nodes += 1
            if self.nodes & 255 == 0 and (
                time.perf_counter() > self.deadline
                or (self.max_states is not None and self.states > self.max_states)
            ):
                raise _OutOfTime
        return False

    def _open_children(self, node: int) -> bool:
        """Put the positions one move from the expanded position ``node`` on the open
        list, those not met before; true if one of them is won (the line to it is
        then on the stack, see :meth:`_line`)."""
        pos = self.expanded[node]
        back = self.came_back[node]
        depth: i64 = self.depth[node] + 1
        if depth > 255:
            depth = 255
        rank: i64 = 0
        for m in self._gen(pos):
            code: i64 = m & _CODE
            pl = list(pos[0])
            f, talon, pointer, came_back, builds = self._step(pos, code, back, pl, None)
            if not _first_visit(self.seen, self.more, pile_key(pl, f),
                                self._mask_of(len(talon), pointer)):
                continue
            self.states += 1
            if builds and self.check_blocked and blocked(
                    (tuple(pl), _unpacked(f, pos[1]), talon, pointer), self.reach):
                self.blocked_hits += 1
                continue
            if _won(pl, talon, self.defer):
                chain: list[int] = []
                k = node
                while k >= 0:
                    chain.append(k)
                    k = self.parent[k]
                chain.reverse()
                self.positions = [self.expanded[k] for k in chain]
                self.back = [self.came_back[k] for k in chain]
                self.line = [self.move_to[k] for k in chain[1:]] + [code]
                return True
            left: i64 = 52
            for s in range(4):
                left -= f >> 4 * s & 15
            for i in range(7):
                left += pl[i][0]
            rank += 1
            priority: int = (left + depth) << 8 | 255 - depth
            low: int = min(rank, 255) << 32 | code
            heappush(self.open, priority << 80 | node << 40 | low)
        return False

    def _step(self, pos: Position, code: i64, back: bool, pl: list[bytes],
              moves: list[Move] | None) -> tuple[i64, bytes, int, bool, bool]:
        """Play the move ``code`` from ``pos`` (whose piles ``pl`` holds, changed in place),
        then settle (see :meth:`_settle`): the foundations (:func:`packed`), talon and
        pointer after it, whether a card came back from a foundation, and whether the
        move can have made the position blocked. The moves played are added to
        ``moves`` (for the line of a win)."""
        found = pos[1]
        talon = pos[2]
        pointer = pos[3]
        f = packed(found)
        kind: i64 = code & 7
        builds = True
        a: i64 = -1
        b: i64 = -1
        if kind == _TWIN:
            # a run moved to its twin place, then a move that only that allows
            inner: i64 = code >> 16
            came_back = inner & 7 == _HOME
            if moves is not None:
                moves.append(("pile", code >> 3 & 7, code >> 9 & 15, code >> 13 & 7))
                moves.append(_decode(inner, found))
            f, talon, pointer = self._apply(pl, f, talon, pointer, code & 0xFFF8)
            f, talon, pointer = self._apply(pl, f, talon, pointer, inner)
        elif kind == _CHAIN:
            came_back = False
            builds = False
            if moves is not None:
                moves.extend(_decode(code, found)[1])
            f, talon, pointer = self._apply(pl, f, talon, pointer, code)
            if not back:
                a = -2  # cards home from the talon, then from the top of pile b
                b = code >> 13 & 7
        else:
            came_back = kind == _HOME
            if moves is not None:
                moves.append(_decode(code, found))
            f, talon, pointer = self._apply(pl, f, talon, pointer, code)
            t: i64 = code >> 13 & 7
            if back:
                pass
            elif kind == _PILE and t != _TO_FOUNDATION:
                a = code >> 3 & 7
                b = t
            elif kind == _TALON and t != _TO_FOUNDATION:
                a = t
                b = t
            else:
                builds = False
                if kind == _PILE:
                    a = -2  # a card home from pile b
                    b = code >> 3 & 7
                elif kind == _TALON:
                    a = -2  # a card home from the talon
        f, talon = self._settle_into(pl, f, talon, a, b, came_back, moves)
        return f, talon, pointer, came_back, builds

    def _apply(self, pl: list[bytes], f: i64, talon: bytes, pointer: int,
               code: i64) -> tuple[i64, bytes, int]:
        """Play the move ``code`` on the piles ``pl`` (in place), the foundations ``f``
        (four bits a suit), the talon and its pointer: the foundations, talon and pointer
        after it."""
        one: i64 = i64(BIT[0])
        kind: i64 = code & 7
        t: i64 = code >> 13 & 7
        if kind == _PILE:
            i: i64 = code >> 3 & 7
            count: i64 = code >> 9 & 15
            p = pl[i]
            n: i64 = len(p)
            cut: i64 = n - count
            down: i64 = p[0]
            if down and down == cut - 1:
                pl[i] = _DOWN[down - 1] + p[1:cut]  # the card under the run turned
            else:
                pl[i] = p[:cut]
            if t == _TO_FOUNDATION:
                f += one << 4 * _SUIT[p[n - 1]]
            else:
                pl[t] = pl[t] + p[cut:]
        elif kind == _TALON:
            c: i64 = code >> 3 & 63
            talon, j = _taken(talon, c)
            pointer = j if self.reach > 1 else 0
            if t == _TO_FOUNDATION:
                f += one << 4 * _SUIT[c]
            else:
                pl[t] = pl[t] + _ONE[c]
        elif kind == _HOME:
            s: i64 = code >> 3 & 3
            c = _card(s, f >> 4 * s & 15)
            f -= one << 4 * s
            pl[t] = pl[t] + _ONE[c]
        elif kind == _CHAIN:
            y: i64 = code >> 3 & 63
            s = _SUIT[y]
            c = _card(s, (f >> 4 * s & 15) + 1)
            while c != y:
                talon, j = _taken(talon, c)
                pointer = j if self.reach > 1 else 0
                f += one << 4 * s
                c = _SUCC[c]
            return self._apply(pl, f, talon, pointer, _PILE | t << 3 | 1 << 9 | 7 << 13)
        else:
            f, talon, pointer = self._apply(pl, f, talon, pointer, code & 0xFFF8)
            return self._apply(pl, f, talon, pointer, code >> 16)
        return f, talon, pointer

    def _settle_into(self, pl: list[bytes], f: i64, talon: bytes, a: i64, b: i64,
                     came_back: bool, moves: list[Move] | None) -> tuple[i64, bytes]:
        """:meth:`_settle` on the piles ``pl`` (in place) and the foundations ``f`` (four
        bits a suit): the foundations and talon after it."""
        one: i64 = i64(BIT[0])
        undone = self.prune_undone and not came_back
        twin = self.prune_twin and not came_back
        prune_safe = self.prune_safe
        if not prune_safe and not undone and not twin:
            return f, talon
        if a >= 0:
            if not _home_now(pl[a], f, prune_safe, undone) and not _home_now(
                    pl[b], f, prune_safe, undone) and not (twin and _twin_near(pl, a, b)):
                return f, talon
        else:
            # a == -2: cards went home (from the talon, or the last from the top of pile
            # b) from a settled position, so only pile b's new top card can be a run's
            # free twin place (the other piles are as they were); otherwise a card came
            # back from a foundation (or had before this move), and any run may be on
            # its twin place. Either way only a top card next on its foundation can go
            # home now, and with draw 1 a talon card may have become safe.
            nxt = _next_cards(f)
            hit = False
            for i in range(7):
                p = pl[i]
                n: i64 = len(p)
                if n > 1 and nxt >> p[n - 1] & 1 and _home_now(p, f, prune_safe, undone):
                    hit = True
                    break
            if not hit and twin:
                hit = (b >= 0 and _twin_near(pl, b, b)) if a == -2 else _twin_pair(pl)
            if not hit and self.reach == 1 and prune_safe:
                hit = _ready(f) & _cards_of(talon) != 0
            if not hit:
                return f, talon
        # (with draw 1 safe cards also go home from the talon)
        in_talon: i64 = _cards_of(talon) if self.reach == 1 and prune_safe else 0
        changed = True
        while changed:
            changed = False
            nxt = _next_cards(f)
            for i in range(7):
                p = pl[i]
                n = len(p)
                if n > 1 and nxt >> p[n - 1] & 1 and _home_now(p, f, prune_safe, undone):
                    c: i64 = p[n - 1]
                    f += one << 4 * i64(_SUIT[c])
                    nxt = _next_cards(f)
                    down: i64 = p[0]
                    if down and down == n - 2:
                        pl[i] = _DOWN[down - 1] + p[1:n - 1]
                    else:
                        pl[i] = p[:n - 1]
                    if moves is not None:
                        moves.append(("pile", i, 1, -1))
                    changed = True
            ready: i64 = _ready(f) & in_talon if in_talon else 0
            if ready:
                size: i64 = len(talon)
                k: i64 = 0
                while k < size:
                    c = talon[k]
                    if ready >> c & 1:  # the first in the talon
                        f += one << 4 * i64(_SUIT[c])
                        in_talon ^= one << c
                        talon = talon[:k] + talon[k + 1:]
                        if moves is not None:
                            moves.append(("talon", c, -1))
                        changed = True
                        break
                    k += 1
            if twin and not changed and _twin_pair(pl):
                tops = _tops(pl)
                for i in range(7):
                    p = pl[i]
                    j: i64 = _twin_at(p, tops) if len(p) > p[0] + 2 else 0
                    if j:
                        # the run from p[j] to the free card it may lie on
                        u: i64 = _ON0[p[j]] if _ON0[p[j]] != p[j - 1] else _ON1[p[j]]
                        for t in range(7):
                            q = pl[t]
                            if len(q) > 1 and q[len(q) - 1] == u:
                                pl[t] = q + p[j:]
                                pl[i] = p[:j]
                                if moves is not None:
                                    moves.append(("pile", i, len(p) - j, t))
                                changed = True
                                break
                        break
        return f, talon

    def _gen(self, pos: Position, twins: bool = True) -> list[int]:
        """The moves of ``pos`` as codes, the most promising first (see :meth:`_moves`)."""
        piles, found, talon, pointer = pos
        one: i64 = i64(BIT[0])
        f = packed(found)
        complete = self.complete
        defer = self.defer
        prune_talon = self.prune_talon
        prune_split = self.prune_split
        prune_back = self.prune_back
        prune_empty = self.prune_empty
        prune_emptying = self.prune_emptying
        rng = self.rng
        out: list[int] = []
        # (native ints throughout)
        i: i64 = 0
        j: i64 = 0
        n: i64 = 0
        c: i64 = 0
        t: i64 = 0
        down: i64 = 0
        score: i64 = 0
        code: i64 = 0
        # the piles: their top cards, the face-up cards, the cards at the bottom of a
        # pile, the empty piles to move to (one stands for all) as bits of their indices
        tops: i64 = 0
        faceup: i64 = 0
        bottoms: i64 = 0
        empties: i64 = 0
        empty: i64 = -1
        plane0: i64 = 0
        plane1: i64 = 0
        plane2: i64 = 0
        for i in range(7):
            p = piles[i]
            n = len(p)
            if n == 1:
                if empty < 0:
                    empty = i
                    empties |= one << i
                elif not prune_empty:
                    empties |= one << i
                continue
            tops |= one << p[n - 1]
            bottoms |= one << p[1]
            mine: i64 = 0
            for j in range(p[0] + 1, n):
                mine |= one << p[j]
            faceup |= mine
            # the pile of each face-up card, in three bits (see _locate)
            if i & 1:
                plane0 |= mine
            if i & 2:
                plane1 |= mine
            if i & 4:
                plane2 |= mine
        size: i64 = len(talon)
        in_reach = reach_indices(size, pointer, self.reach) if size else ()
        reach: i64 = 0
        for j in in_reach:
            reach |= one << talon[j]
        nxt = _next_cards(f)
        home_tops = _home_tops(f)
        # the cards something could lie on: face up, in reach, or on top of a foundation
        usable = faceup | reach | home_tops
        # a king that could go to an empty pile: on face-down cards, in reach, or home
        king_waiting = _KINGS & (reach | home_tops | (faceup & ~bottoms)) != 0
        k: i64 = 0
        for i in range(7):
            p = piles[i]
            n = len(p)
            if n > 1 and nxt >> p[n - 1] & 1:
                down = p[0]
                score = 60 + down * 3 if n - 2 == down and down else 40
                if rng is not None:
                    score += rng.randrange(JITTER)
                out.append((255 - score) << 40 | k << 32 | _PILE | i << 3 | 1 << 9 | 7 << 13)
                k += 1
        for j in in_reach:
            c = talon[j]
            if nxt >> c & 1:
                if not defer:
                    score = 45
                    code = _TALON | c << 3 | 7 << 13
                else:
                    # deferred: only with the next cards of its suit, up to one on top of
                    # a pile
                    y: i64 = _SUCC[c]
                    while y != 255 and reach >> y & 1:
                        y = _SUCC[y]
                    if y == 255 or not tops >> y & 1:
                        continue
                    score = 45
                    code = _CHAIN | y << 3 | _pile_with_top(piles, y) << 13
                if rng is not None:
                    score += rng.randrange(JITTER)
                out.append((255 - score) << 40 | k << 32 | code)
                k += 1
        # runs between piles: for each target top, the two cards that may go on it
        for t in range(7):
            q = piles[t]
            if len(q) == 1:
                continue
            u: i64 = q[len(q) - 1]
            for side in range(2):
                b: i64 = _UNDER0[u] if side == 0 else _UNDER1[u]
                if b == 255:
                    continue
                if faceup >> b & 1:
                    loc = _locate(piles, b, plane0, plane1, plane2)
                    i = loc >> 6
                    j = loc & 63
                    p = piles[i]
                    down = p[0]
                    if j == 1 + down:
                        if not down and prune_emptying and not king_waiting:
                            continue  # emptying a pile can wait until a king can go there
                        score = 50 + down * 3 if down else 30  # turns a card / empties a pile
                    elif _next_home(p[j - 1], f, reach, defer) or (
                            complete and (not prune_split or self._usable(
                                p, j, tops, usable, reach, f, empty))):
                        score = 5  # splits a run: only to use the card it uncovers
                    else:
                        continue
                    code = _PILE | i << 3 | (len(p) - j) << 9 | t << 13
                elif reach >> b & 1 and (
                        not prune_talon or i64(_BELOW_BITS[b]) & usable != 0):
                    score = 20
                    code = _TALON | b << 3 | t << 13
                else:
                    continue
                if rng is not None:
                    score += rng.randrange(JITTER)
                out.append((255 - score) << 40 | k << 32 | code)
                k += 1
        for e in range(7):
            if not empties >> e & 1:
                continue
            for s in range(4):
                c = _card(s, 13)
                if not faceup >> c & 1:
                    continue
                loc = _locate(piles, c, plane0, plane1, plane2)
                i = loc >> 6
                j = loc & 63
                if j > 1 or not prune_empty:
                    p = piles[i]
                    if j == 1 + p[0]:
                        score = 48 + p[0] * 3
                    elif complete:
                        score = 5
                    else:
                        continue
                    if rng is not None:
                        score += rng.randrange(JITTER)
                    out.append((255 - score) << 40 | k << 32
                               | _PILE | i << 3 | (len(p) - j) << 9 | e << 13)
                    k += 1
            for j in in_reach:
                c = talon[j]
                if _KING[c] and (not prune_talon or i64(_BELOW_BITS[c]) & usable != 0):
                    score = 18
                    if rng is not None:
                        score += rng.randrange(JITTER)
                    out.append((255 - score) << 40 | k << 32 | _TALON | c << 3 | e << 13)
                    k += 1
        # cards back from the foundations, only when some card could be built on them
        if complete:
            back_useful = not prune_back or _back_useful_in(f, faceup | reach)
            for s in range(4):
                n = f >> 4 * s & 15
                if not n:
                    continue
                c = _card(s, n)
                if prune_back and (not back_useful or _safe_in(s, n, f - (one << 4 * s))):
                    continue
                above = i64(_ABOVE_BITS[c])
                for t in range(7):
                    q = piles[t]
                    if len(q) > 1:
                        if not above >> q[len(q) - 1] & 1:
                            continue
                    elif not (empties >> t & 1 and n == 13):
                        continue
                    score = 0
                    if rng is not None:
                        score += rng.randrange(JITTER)
                    out.append((255 - score) << 40 | k << 32 | _HOME | s << 3 | t << 13)
                    k += 1
        # sorted by score, best first, ties in the order found
        out.sort()
        if twins and self.prune_twin and tops:
            # what a run's other place allows: a card put on the card it leaves free, or
            # that card going home (a run kept on the lower-numbered place, see _twins)
            for i in range(7):
                p = piles[i]
                n = len(p)
                for j in range(p[0] + 2, n):
                    b = p[j]
                    u = p[j - 1]
                    u2: i64 = _ON0[b]
                    if u2 == u:
                        u2 = _ON1[b]
                    if u2 == 255 or not tops >> u2 & 1:
                        continue
                    base: i64 = _TWIN | i << 3 | (n - j) << 9 | _pile_with_top(piles, u2) << 13
                    other: i64 = _UNDER0[u] if _UNDER1[u] == b else _UNDER1[u]  # b's twin
                    if other == 255:
                        pass  # (b on an ace: never in play)
                    elif faceup >> other & 1:
                        loc = _locate(piles, other, plane0, plane1, plane2)
                        q = piles[loc >> 6]
                        if loc & 63 == 1 + q[0]:
                            out.append(base | (_PILE | (loc >> 6) << 3
                                               | (len(q) - (loc & 63)) << 9 | i << 13) << 16)
                    elif reach >> other & 1:
                        out.append(base | (_TALON | other << 3 | i << 13) << 16)
                    elif home_tops >> other & 1:
                        out.append(base | (_HOME | i64(_SUIT[other]) << 3 | i << 13) << 16)
                    if nxt >> u & 1:
                        out.append(base | (_PILE | i << 3 | 1 << 9 | 7 << 13) << 16)
                    elif defer and _next_home(u, f, reach, True):
                        out.append(base | (_CHAIN | u << 3 | i << 13) << 16)
        return out

    def _usable(self, p: bytes, j: i64, tops: i64, usable: i64, reach: i64, f: i64,
                empty: i64) -> bool:
        """Whether card ``y = p[j - 1]``, uncovered by moving the run from ``p[j]`` off it,
        could be used right away: sent home, given another card, or moved (alone or
        carried by a run that starts further down its pile).

        Splitting a run can always wait until just before its uncovered card is used
        (nothing else can touch it meanwhile), so a split that uncovers an unusable
        card is pruned soundly."""
        one: i64 = i64(BIT[0])
        y = p[j - 1]
        if _next_home(y, f, reach, self.defer):
            return True
        if i64(_BELOW_BITS[y]) & ~(one << p[j]) & usable:
            return True
        others = tops & ~(one << p[len(p) - 1])
        for k in range(1 + p[0], j):
            x = p[k]
            if _KING[x]:
                if empty >= 0:
                    return True
            elif i64(_ABOVE_BITS[x]) & others:
                return True
        return False

    # --- the same with moves as tuples (the tests, the line of a win) -----------------

    def _moves(self, pos: Position, twins: bool = True) -> list[Move]:
        """The moves of ``pos``, the most promising first."""
        return [_decode(m & _CODE, pos[1]) for m in self._gen(pos, twins)]

    def _play(self, pos: Position, move: Move) -> Position:
        """``pos`` after ``move`` (not settled)."""
        kind = move[0]
        if kind == "twin":
            return self._play(self._play(pos, ("pile", move[1], move[2], move[3])), move[4])
        if kind == "chain":
            for m in move[1]:
                pos = self._play(pos, m)
            return pos
        pl = list(pos[0])
        f, talon, pointer = self._apply(pl, packed(pos[1]), pos[2], pos[3], _encode(move))
        return (tuple(pl), _unpacked(f, pos[1]), talon, pointer)

    def _settle(self, pos: Position, moves: list[Move], a: int = -1,
                b: int = -1, came_back: bool = False) -> tuple[list[Move], Position]:
        """Play every safe move to the foundations (turning cards as they come up); with
        piles ``a`` and ``b`` given, only their tops can go home (nothing else changed).

        In the complete search (``undone``) a pile's top card also goes home when it
        could come straight back to where it lies: it lies face up on a face-up card
        (or is a king alone in its pile) and is the next card of its foundation. The
        two positions are then one move from each other both ways, so one is won
        exactly when the other is, and only the one with the card home is searched.
        A card comes back from a foundation only for something to go on it (or on a
        card under it in its foundation, which comes back too), so the position just
        after a card ``came_back`` keeps such cards where they are, and the next move
        (one that does not bring a card back) settles them: every line of play is
        still there, with the cards that could go home sent home between its moves.
        """
        pl = list(pos[0])
        count = len(moves)
        f, talon = self._settle_into(pl, packed(pos[1]), pos[2], a, b, came_back, moves)
        if len(moves) == count and talon is pos[2]:
            return moves, pos
        return moves, (tuple(pl), _unpacked(f, pos[1]), talon, pos[3])


def solve(deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
          auto_flip: bool = False, max_states: int | None = None,
          pruning: frozenset[str] = PRUNINGS, start: Position | None = None,
          start_state: KlondikeState | None = None) -> SolveResult:
    """Solve a deal: ``win`` (with moves), ``lose`` (proved) or ``unknown`` (out of time).

    A quick search over the moves that usually matter (restarted with other move
    orders and a doubling node budget) takes turns with a complete search (every
    legal move, sound pruning only): the quick one finds most wins, the complete one
    alone may answer ``lose``. With draw 3 two relaxations take turns too (see
    ``WEIGHTS``): the draw-1 game and the draw-3 game with the ``swap`` move, either
    of which, proved lost, proves the deal lost.

    From ``start`` (a game in progress: its position, and its state ``start_state``,
    from which a win's moves are played) rather than from the deal, when given.
    """
    t0 = time.perf_counter()
    if "blocked" in pruning and blocked(start or start_position(deal), draw):
        return SolveResult("lose", states=1, seconds=time.perf_counter() - t0)
    end = t0 + time_limit if time_limit is not None else float("inf")
    full = Solver(deal, draw, None, max_states, complete=True, pruning=pruning)
    full.begin(start, start_state)
    # with draw 3, the same deal with draw 1 (every talon card always in reach) allows
    # every line draw 3 does and more: a proof that it is lost proves draw 3 lost
    # (from a game in progress, the same talon with its pointer back at the start)
    start1 = None if start is None else (start[0], start[1], start[2], 0)
    relaxed: Solver | None = None
    if draw == 3 and "draw1" in pruning:
        relaxed = Solver(deal, 1, None, max_states, complete=True, pruning=pruning,
                         relaxed=True)
        relaxed.begin(start1)
    # and so does the draw-3 game in which the runs on two twin cards may swap places
    swapped: Solver | None = None
    if draw == 3 and "swap3" in pruning and "swap" in pruning:
        swapped = Solver(deal, 3, None, max_states, complete=True, pruning=pruning,
                         relaxed=True)
        swapped.begin(start)
    # and a best-first search for wins over the complete search's moves
    finder = Solver(deal, draw, None, max_states, complete=True, pruning=pruning,
                    best_first=True)
    finder.begin(start, start_state)
    best: Solver | None = finder
    # the quick searches' tables: plain, draw-3 lines only (draw 1), the draw-1 probe
    tables = [QuickTable(), QuickTable(), QuickTable()]
    over = [False, False]  # the plain quick search, the draw-3 lines only (draw 1)
    probe_over = False
    states = 0
    attempt = 0
    quick_over = False  # the quick search ran through all its moves: no use restarting it
    while True:
        now = time.perf_counter()
        if now >= end:
            result = full.outcome("unknown", 0.0)
            break
        w = (DRAW1_WEIGHTS if draw != 3
             else EARLY_WEIGHTS if now - t0 < EARLY else WEIGHTS)
        # the weight of a search that is over passes on: a relaxation won is no help,
        # the draw-1 game's goes to the swap game and the best-first search (BEST_SHARE
        # of it), the swap game's to the best-first search, and that one's, once it
        # has expanded BEST_POSITIONS, to the exact search
        w_full = w[1]
        w_relaxed = w[2] if relaxed is not None else 0.0
        w_swap = w[3] if swapped is not None else 0.0
        w_best = w[4] if best is not None else 0.0
        if relaxed is None:
            if swapped is not None:
                part = BEST_SHARE if best is not None else 0.0
                w_swap += w[2] * (1.0 - part)
                w_best += w[2] * part
            else:
                w_best += w[2]
        if swapped is None:
            w_best += w[3]
        if best is None:
            w_full += w_best
            w_best = 0.0
        others = w_full + w_relaxed + w_swap + w_best
        spent = 0.0
        if not quick_over:
            # with draw 1, every other attempt looks only for lines draw 3 allows too
            # (draw-6 lines for draw 3 were tried that way too: they lost more wins than
            # they found)
            kind = 1 if (draw == 1 and attempt % 2 == 1 and not over[1]) or over[0] else 0
            table = tables[kind]
            # at most its share of the time left: a restart's doubled node budget would
            # otherwise take the last seconds from the complete searches
            searcher = Solver(deal, draw, (end - now) * w[0] / (w[0] + others),
                              max_states, complete=False, pruning=pruning,
                              max_nodes=QUICK_NODES << attempt, jitter=attempt,
                              reach=3 if kind else 0, table=table)
            quick = searcher.run(start, start_state)
            table.release(searcher)
            states += quick.states
            if quick.result == "win":
                result = quick
                break
            if quick.result == "lose":  # every line of this kind searched
                over[kind] = True
            quick_over = (over[0] and (draw > 1 or over[1])) or attempt >= 40
            attempt += 1
            spent = time.perf_counter() - now
        # the complete searches get their weights' worth of the quick one's time (turns
        # of SLICE seconds each once the quick one is over)
        unit = SLICE if quick_over else max(spent, 0.01) / w[0]
        now = time.perf_counter()
        answer = full.advance(min(max(unit * w_full, 0.01), end - now))
        if answer != "unknown":
            result = full.outcome(answer, 0.0)
            break
        share = unit * w_relaxed
        if relaxed is not None and not quick_over and not probe_over and attempt <= PROBE_ROUNDS:
            # a quick draw-1 search in the first half of the relaxed search's turn: a
            # draw-1 win leaves the relaxed search nothing to prove
            now = time.perf_counter()
            prober = Solver(deal, 1, min(share / 2, end - now), max_states, complete=False,
                            pruning=pruning, max_nodes=QUICK_NODES << (attempt - 1),
                            jitter=attempt, table=tables[2])
            probe = prober.run(start1)
            tables[2].release(prober)
            probe_over = probe.result == "lose"
            states += probe.states
            if probe.result == "win":
                states += relaxed.states
                relaxed = None
            share -= time.perf_counter() - now
        if relaxed is not None:
            now = time.perf_counter()
            answer = relaxed.advance(min(max(share, 0.01), end - now))
            if answer == "lose":
                result = SolveResult("lose")
                break
            if answer == "win":  # no help: draw 3 may still be lost
                states += relaxed.states
                relaxed = None
        if swapped is not None:
            now = time.perf_counter()
            answer = swapped.advance(min(max(unit * w_swap, 0.01), end - now))
            if answer == "lose":
                result = SolveResult("lose")
                break
            if answer == "win":  # no help either
                states += swapped.states
                swapped = None
        if best is not None:
            now = time.perf_counter()
            answer = best.advance(min(max(unit * w_best, 0.01), end - now))
            if answer != "unknown":
                result = best.outcome(answer, 0.0)
                break
            if len(best.expanded) > BEST_POSITIONS:  # (keeps the memory it takes bounded)
                states += best.states
                best = None
    for other in (relaxed, swapped, best):
        if other is not None:
            states += other.states
    states += full.states
    result.states = states
    result.seconds = time.perf_counter() - t0
    if result.result == "win" and auto_flip:
        result.moves = [m for m in result.moves if not m.startswith("flip")]
    return result


def solution_record(deal: Sequence[int], result: SolveResult, draw: int) -> dict[str, Any]:
    """A record of a solved deal (``auto_complete`` off, so every move is kept)."""
    return make_record(deal, result.moves, KlondikeOptions(draw=draw, auto_complete=False))


def solve_seed(seed: int, draw: int = 1, time_limit: float | None = 10.0) -> SolveResult:
    return solve(deal_from_seed(seed), draw, time_limit)
