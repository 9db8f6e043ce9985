"""A learned card policy for the Hearts expert's playouts (an experiment,
issue 19): a linear conditional-logit model over the legal cards (equivalent
cards merged), on features computed from the masks the playouts have. Its
weights were fitted to the expert's own card choices in expert self-play on
tuning seeds (``benchmarks/hearts_learn.py``); the ``normal`` rules' card is
one of the features, so the policy is the rules with learned corrections.
Compiled with mypyc; no numpy here.

>>> from parlour.games.hearts import HeartsHand
>>> hands = list(HeartsHand.from_seed(2, pass_dir=0).play.hands)
>>> lead = 0 if hands[0] & 1 else 1 if hands[1] & 1 else 2 if hands[2] & 1 else 3
>>> out = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[lead]
>>> policy_card(lead, hands[lead], 1, [0, 0, 0, 0], 0, lead, out, [0, 0, 0, 0], True,
...             False, [0, 0, 0, 0], 100, WEIGHTS)
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from parlour.bots.hearts_rules import NORMAL, rule_card

__all__ = ["FEATURES", "WEIGHTS", "card_features", "policy_card", "policy_draw", "policy_logp",
           "rep_of", "reps"]

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUIT: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
HEARTS_MASK: Final = 0x1FFF << 26
QS: Final = 49
KS: Final = 50
AS: Final = 51
JD: Final = 22

FEATURES: Final = (
    "the normal rules' card",
    "queen of spades",
    "a heart",
    "rank (0-12)",
    "lead",
    "lead: cards out above it in its suit",
    "lead: cards out below it",
    "lead: a master (nothing out above, some out)",
    "lead: nobody else holds the suit",
    "lead: a spade under the queen, the queen out",
    "lead: a spade, holding the queen (not the queen)",
    "lead: the ace or king of spades, the queen out",
    "lead: a heart",
    "lead: suit length held",
    "lead: the highest held of its suit",
    "lead: cards of its suit out",
    "follow",
    "follow: wins the trick so far",
    "follow: wins, last to play",
    "follow: wins, points in the trick",
    "follow: wins, not last, cards out above it",
    "follow: the highest card under the winner",
    "follow: the lowest legal card",
    "follow: the highest legal card",
    "follow: the queen under the ace or king",
    "follow: the ace or king of spades, the queen out",
    "follow: the first trick",
    "follow: wins a heart trick",
    "follow: wins, not last, clubs or diamonds, 6+ out, no points",
    "discard",
    "discard: the queen",
    "discard: the ace or king of spades, the queen out",
    "discard: a heart's rank",
    "discard: rank",
    "discard: leaves the suit void",
    "discard: points onto a moon threat's trick",
    "discard: suit length held",
    "discard: points onto the trick of the seat with fewest points",
    "moon threat (another seat all points, 4+): wins a trick with points",
    "shooting (this seat all points, 8+): wins",
    "wins: the card's own points",
    "points taken by this seat so far, when winning",
    "wins, the queen out and spades led",
    "lead: the lowest held of its suit",
    "lead: a sure loser (nothing out below it, some out)",
    "lead: a master, 6+ of its suit out",
    "follow: second to play, wins",
    "discard: points onto the trick of a seat with points",
    "lead: a club",
    "lead: a diamond",
    "lead: a spade",
    "lead: a singleton",
    "lead: own cards of its suit below it",
    "lead: one card out above it",
    "follow: the lowest card that wins",
    "follow: third to play, wins",
    "lead: the normal rules' card",
    "discard: the normal rules' card",
)
NF: Final = 58

# Fitted by ``benchmarks/hearts_learn.py fit`` (see its docstring).
WEIGHTS: Final[tuple[float, ...]] = (
    1.283314,  # the normal rules' card
    -1.292370,  # queen of spades
    -0.189277,  # a heart
    0.087388,  # rank (0-12)
    0.000000,  # lead
    -0.059106,  # lead: cards out above it in its suit
    0.086821,  # lead: cards out below it
    -0.703315,  # lead: a master (nothing out above, some out)
    -2.150380,  # lead: nobody else holds the suit
    0.744679,  # lead: a spade under the queen, the queen out
    -0.207195,  # lead: a spade, holding the queen (not the queen)
    -3.640970,  # lead: the ace or king of spades, the queen out
    0.084860,  # lead: a heart
    -0.041210,  # lead: suit length held
    0.233329,  # lead: the highest held of its suit
    0.027715,  # lead: cards of its suit out
    0.000000,  # follow
    -0.461710,  # follow: wins the trick so far
    0.740503,  # follow: wins, last to play
    -0.357869,  # follow: wins, points in the trick
    0.061024,  # follow: wins, not last, cards out above it
    0.009069,  # follow: the highest card under the winner
    -0.410902,  # follow: the lowest legal card
    0.122149,  # follow: the highest legal card
    3.003835,  # follow: the queen under the ace or king
    -0.476089,  # follow: the ace or king of spades, the queen out
    -0.000000,  # follow: the first trick
    -1.233848,  # follow: wins a heart trick
    1.328330,  # follow: wins, not last, clubs or diamonds, 6+ out, no points
    0.000000,  # discard
    5.087755,  # discard: the queen
    -0.847456,  # discard: the ace or king of spades, the queen out
    0.023426,  # discard: a heart's rank
    0.084807,  # discard: rank
    0.374996,  # discard: leaves the suit void
    1.319842,  # discard: points onto a moon threat's trick
    -0.466756,  # discard: suit length held
    -0.020712,  # discard: points onto the trick of the seat with fewest points
    -0.939536,  # moon threat (another seat all points, 4+): wins a trick with points
    2.148995,  # shooting (this seat all points, 8+): wins
    -0.114128,  # wins: the card's own points
    -0.052007,  # points taken by this seat so far, when winning
    0.878301,  # wins, the queen out and spades led
    -0.052399,  # lead: the lowest held of its suit
    0.157141,  # lead: a sure loser (nothing out below it, some out)
    0.343891,  # lead: a master, 6+ of its suit out
    -0.734202,  # follow: second to play, wins
    0.050809,  # discard: points onto the trick of a seat with points
    -0.073240,  # lead: a club
    0.055097,  # lead: a diamond
    -0.066716,  # lead: a spade
    0.457250,  # lead: a singleton
    -0.547196,  # lead: own cards of its suit below it
    -0.224247,  # lead: one card out above it
    0.201475,  # follow: the lowest card that wins
    -0.468010,  # follow: third to play, wins
    -0.402845,  # lead: the normal rules' card
    0.617296,  # discard: the normal rules' card
)


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def _high(m: int) -> int:
    return m.bit_length() - 1


def reps(legal: int, sep: int, jack: bool) -> list[int]:
    """One card for each run of equivalent legal cards (the run's lowest): cards
    of a suit with no card of ``sep`` between them; the queen of spades (and the
    jack of diamonds when it counts) stand alone."""
    special = (1 << QS) | ((1 << JD) if jack else 0)
    out: list[int] = []
    prev = -1
    m = legal
    while m:
        c = _low(m)
        m &= m - 1
        b = 1 << c
        if prev >= 0 and prev // 13 == c // 13 and not (b | (1 << prev)) & special:
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if not sep & between:
                prev = c
                continue
        out.append(c)
        prev = c
    return out


def _put(nz: list[int], i: int, x: int) -> None:
    """Feature ``i`` of value ``x`` into the sparse list ``nz`` (pairs of index
    and value), where ``x`` is not 0."""
    if x:
        nz.append(i)
        nz.append(x)


def _spot(me: int, trick: list[int], n: int, leader: int,
          pts: list[int]) -> tuple[int, int, int, int, int, int]:
    """What every card's features share in a position: the seat holding every
    point so far (-1 if none), the seat with the fewest points, the suit led,
    the trick's winning card and seat, and the trick's points."""
    shooter = -1
    total = 0
    fewest = 0
    for t in range(4):
        total += pts[t]
        if pts[t] < pts[fewest]:
            fewest = t
    for t in range(4):
        if pts[t] > 0 and pts[t] == total:
            shooter = t
    if n == 0:
        return shooter, fewest, -1, -1, -1, 0
    led = trick[0] // 13
    best = trick[0]
    bi = 0
    tpts = 0
    for i in range(n):
        x = trick[i]
        if x // 13 == led and x > best:
            best = x
            bi = i
        if x == QS:
            tpts += 13
        elif x // 13 == HEARTS:
            tpts += 1
    return shooter, fewest, led, best, (leader + bi) & 3, tpts


def _fill(nz: list[int], c: int, rule_rep: int, me: int, hand: int, legal: int, n: int,
          out: int, pts: list[int], first: bool,
          spot: tuple[int, int, int, int, int, int]) -> None:
    """The features of card ``c`` that are not 0 into ``nz`` (pairs of index and
    value), in the order of their indices (so a score sums in one order)."""
    shooter, fewest, led, best, win_seat, tpts = spot
    s = c // 13
    r = c % 13
    out_s = out & SUIT[s]
    mine_s = hand & SUIT[s]
    len_s = mine_s.bit_count()
    above_out = (out_s & ~((2 << c) - 1)).bit_count()
    below_out = (out_s & ((1 << c) - 1)).bit_count()
    qs_out = out >> QS & 1 == 1
    heart = s == HEARTS
    cpts = 13 if c == QS else 1 if heart else 0
    rule = 1 if c == rule_rep else 0
    _put(nz, 0, rule)
    _put(nz, 1, 1 if c == QS else 0)
    _put(nz, 2, 1 if heart else 0)
    _put(nz, 3, r)
    wins = False
    if n == 0:
        _put(nz, 4, 1)
        _put(nz, 5, above_out)
        _put(nz, 6, below_out)
        _put(nz, 7, 1 if above_out == 0 and out_s else 0)
        _put(nz, 8, 1 if not out_s else 0)
        if s == SPADES:
            _put(nz, 9, 1 if qs_out and c < QS else 0)
            _put(nz, 10, 1 if hand >> QS & 1 and c != QS else 0)
            _put(nz, 11, 1 if qs_out and c > QS else 0)
        _put(nz, 12, 1 if heart else 0)
        _put(nz, 13, len_s)
        _put(nz, 14, 1 if c == _high(mine_s) else 0)
        _put(nz, 15, out_s.bit_count())
        wins = above_out == 0
    elif s == led:
        wins = c > best
        _put(nz, 16, 1)
        if wins:
            _put(nz, 17, 1)
            _put(nz, 18, 1 if n == 3 else 0)
            _put(nz, 19, tpts if tpts < 13 else 13)
            if n != 3:
                _put(nz, 20, above_out)
        under = legal & ((1 << best) - 1)
        _put(nz, 21, 1 if under and c == _high(under) else 0)
        _put(nz, 22, 1 if c == _low(legal) else 0)
        _put(nz, 23, 1 if c == _high(legal) else 0)
        _put(nz, 24, 1 if c == QS and best > QS else 0)
        _put(nz, 25, 1 if c in (KS, AS) and qs_out else 0)
        _put(nz, 26, 1 if first else 0)
        if wins:
            _put(nz, 27, 1 if led == HEARTS else 0)
            _put(nz, 28, 1 if n != 3 and led <= DIAMONDS and tpts == 0
                 and out_s.bit_count() >= 6 else 0)
            _put(nz, 38, 1 if tpts + cpts > 0 and shooter >= 0 and shooter != me
                 and pts[shooter] >= 4 else 0)
    else:
        _put(nz, 29, 1)
        _put(nz, 30, 1 if c == QS else 0)
        _put(nz, 31, 1 if c in (KS, AS) and qs_out else 0)
        _put(nz, 32, r if heart else 0)
        _put(nz, 33, r)
        _put(nz, 34, 1 if len_s == 1 else 0)
        _put(nz, 35, 1 if cpts and shooter == win_seat and shooter != me
             and pts[shooter] >= 4 else 0)
        _put(nz, 36, len_s)
        _put(nz, 37, 1 if cpts and win_seat == fewest else 0)
    if wins:
        _put(nz, 39, 1 if shooter == me and pts[me] >= 8 else 0)
        _put(nz, 40, cpts)
        _put(nz, 41, pts[me] if pts[me] < 26 else 26)
        _put(nz, 42, 1 if qs_out and s == SPADES else 0)
    if n == 0:
        _put(nz, 43, 1 if c == _low(mine_s) else 0)
        _put(nz, 44, 1 if out_s and below_out == 0 else 0)
        _put(nz, 45, 1 if above_out == 0 and out_s.bit_count() >= 6 else 0)
        _put(nz, 48, 1 if s == CLUBS else 0)
        _put(nz, 49, 1 if s == DIAMONDS else 0)
        _put(nz, 50, 1 if s == SPADES else 0)
        _put(nz, 51, 1 if len_s == 1 else 0)
        _put(nz, 52, (mine_s & ((1 << c) - 1)).bit_count())
        _put(nz, 53, 1 if above_out == 1 else 0)
        _put(nz, 56, rule)
    elif s == led:
        if wins:
            _put(nz, 46, 1 if n == 1 else 0)
            _put(nz, 54, 1 if c == _low(legal & ~((2 << best) - 1)) else 0)
            _put(nz, 55, 1 if n == 2 else 0)
    else:
        _put(nz, 47, 1 if cpts and pts[win_seat] > 0 else 0)
        _put(nz, 57, rule)


def _value(nz: list[int], weights: tuple[float, ...]) -> float:
    """The policy's score of a card from its features (:func:`_fill`)."""
    v = 0.0
    for k in range(0, len(nz), 2):
        v += weights[nz[k]] * nz[k + 1]
    return v


def _choices(legal: int, out: int, trick: list[int], n: int, jack: bool) -> list[int]:
    """The legal cards the seat can tell apart (:func:`reps`): cards still held by
    the others or lying on the trick separate a suit's runs."""
    sep = out
    for i in range(n):
        sep |= 1 << trick[i]
    return reps(legal, sep, jack)


def rep_of(cards: list[int], rule: int) -> int:
    """The card of ``cards`` (representatives, ascending) whose run holds ``rule``."""
    rep = -1
    for c in cards:
        if c <= rule and c // 13 == rule // 13:
            rep = c
    return rep


def card_features(c: int, me: int, hand: int, legal: int, trick: list[int], n: int,
                  leader: int, out: int, pts: list[int], first: bool, jack: bool,
                  scores: Sequence[int], target: int) -> list[int]:
    """The features of playing ``c`` (a representative of :func:`reps`) here."""
    cards = _choices(legal, out, trick, n, jack)
    rule = rule_card(me, hand, legal, trick, n, leader, out, pts, first, NORMAL, jack,
                     scores, target)
    nz: list[int] = []
    _fill(nz, c, rep_of(cards, rule), me, hand, legal, n, out, pts, first,
          _spot(me, trick, n, leader, pts))
    f = [0] * NF
    for k in range(0, len(nz), 2):
        f[nz[k]] = nz[k + 1]
    return f


def _scores(cards: list[int], me: int, hand: int, legal: int, trick: list[int], n: int,
            leader: int, out: int, pts: list[int], first: bool, jack: bool,
            scores: Sequence[int], target: int, weights: tuple[float, ...]) -> list[float]:
    """The policy's score of each of ``cards`` (the representatives, :func:`_choices`)."""
    rule = rule_card(me, hand, legal, trick, n, leader, out, pts, first, NORMAL, jack,
                     scores, target)
    rep = rep_of(cards, rule)
    spot = _spot(me, trick, n, leader, pts)
    vals: list[float] = []
    for c in cards:
        nz: list[int] = []
        _fill(nz, c, rep, me, hand, legal, n, out, pts, first, spot)
        vals.append(_value(nz, weights))
    return vals


def policy_card(me: int, hand: int, legal: int, trick: list[int], n: int, leader: int,
                out: int, pts: list[int], first: bool, jack: bool, scores: Sequence[int],
                target: int, weights: tuple[float, ...], u: float = -1.0) -> int:
    """The policy's card: the highest-scoring representative (``u`` < 0), or one
    drawn with the softmax's chances by ``u`` in [0, 1)."""
    if legal & (legal - 1) == 0:
        return _low(legal)
    cards = _choices(legal, out, trick, n, jack)
    if len(cards) == 1:
        return cards[0]
    vals = _scores(cards, me, hand, legal, trick, n, leader, out, pts, first, jack, scores,
                   target, weights)
    best = 0
    for k in range(1, len(vals)):
        if vals[k] > vals[best]:
            best = k
    if u < 0.0:
        return cards[best]
    best_v = vals[best]
    z = 0.0
    for k in range(len(vals)):
        vals[k] = math.exp(vals[k] - best_v)
        z += vals[k]
    acc = 0.0
    for k in range(len(vals)):
        acc += vals[k] / z
        if u < acc:
            return cards[k]
    return cards[len(cards) - 1]


def policy_logp(card: int, me: int, hand: int, legal: int, trick: list[int], n: int,
                leader: int, out: int, pts: list[int], first: bool, jack: bool,
                scores: Sequence[int], target: int, weights: tuple[float, ...]) -> float:
    """The log of the policy's chance of playing ``card`` (its run of equivalent
    cards): how well the policy explains a play, 0 where there was no choice."""
    if legal & (legal - 1) == 0:
        return 0.0
    cards = _choices(legal, out, trick, n, jack)
    if len(cards) == 1:
        return 0.0
    vals = _scores(cards, me, hand, legal, trick, n, leader, out, pts, first, jack, scores,
                   target, weights)
    top = vals[0]
    for v in vals:
        if v > top:
            top = v
    z = 0.0
    for v in vals:
        z += math.exp(v - top)
    return vals[cards.index(rep_of(cards, card))] - top - math.log(z)


def policy_draw(h: int) -> float:
    """A number in [0, 1) from a 32-bit draw."""
    return (h & 0xFFFFFF) / 16777216.0
