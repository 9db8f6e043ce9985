"""Weighing the Hearts expert's sampled deals by what the other seats did.

A sampled deal fits what is certain (voids shown, cards played, the cards
this seat passed). :func:`mismatches` says how well the ``normal`` rules
explain, on that deal, what the others chose: the pass this seat received,
the queen of spades kept where she could have been dropped safely, and every
other play. The expert (:mod:`parlour.bots.hearts_expert`) turns the counts
into weights (``infer``, ``pass_infer``, ``queen_infer``) and draws its
deals by weight (:func:`systematic_draw`); all of it is off by default.

>>> systematic_draw([1.0, 0.0, 3.0], 4, 0.5)
[(0, 1), (2, 3)]
"""

from __future__ import annotations

from typing import Any

from parlour.bots.hearts_policy import WEIGHTS, policy_logp
from parlour.bots.hearts_rules import (
    HEARTS,
    NORMAL,
    QS,
    SPADES,
    SUIT,
    alike,
    choose_pass,
    legal_cards,
    penalty,
    rule_card,
    trick_winner,
)

__all__ = ["mismatches", "systematic_draw"]


def mismatches(obs: Any, world: Any, policy: bool = False) -> tuple[int, int, int, float]:
    """How far the sampled deal ``world`` is from what the ``normal`` rules
    would have done with its cards: the other seats' plays so far that are
    not the rules' card (nor a card alike to it); the cards this seat
    received that the passer's rules would not have passed; and the times a
    seat holding the queen of spades in ``world`` could have dropped her on
    a trick another seat takes (void in the suit led, or under the ace or
    king of spades, no moon under way) and did not.

    A deal where the passer kept a card its rules pass before the ones it
    gave counts one for each such card; the expert's ``infer``,
    ``pass_infer`` and ``queen_infer`` turn the counts into weights. With
    ``policy``, the fourth figure is the log of the chance the learned policy
    (:mod:`parlour.bots.hearts_policy`) gives the others' plays on this deal,
    their product (``policy_infer``); else 0."""
    me: int = obs.seat
    opts = obs.options
    jack: bool = opts.jack_of_diamonds
    qbh: bool = opts.queen_breaks_hearts
    target: int = opts.target
    scores: list[int] = list(obs.scores)
    pass_miss = 0
    d: int = obs.pass_dir
    if d and obs.received:
        giver = (me - d) & 3
        rule_pass = choose_pass(world.deal[giver], NORMAL, jack)
        pass_miss = 3 - (rule_pass & obs.received).bit_count()
    plays: list[int] = list(obs.plays)
    if not plays:
        return 0, pass_miss, 0, 0.0
    played_by: list[int] = list(obs.played_by)
    now: list[int] = list(world.play.hands)
    hands = [now[s] | played_by[s] for s in range(4)]
    left = hands[0] | hands[1] | hands[2] | hands[3]
    leader = 0
    for s in range(4):
        if played_by[s] >> plays[0] & 1:
            leader = s
    trick = [0, 0, 0, 0]
    n = 0
    broken = False
    pts = [0, 0, 0, 0]
    done = 0
    miss = 0
    queen = 0
    logp = 0.0
    for c in plays:
        p = (leader + n) & 3
        hand = hands[p]
        if p != me:
            first = done == 0
            legal = legal_cards(hand, trick, n, first, broken)
            if legal & (legal - 1):
                out = left & ~hand
                rule = rule_card(p, hand, legal, trick, n, leader, out, pts, first, NORMAL,
                                 jack, scores, target)
                sep = out
                for i in range(n):
                    sep |= 1 << trick[i]
                if not alike(rule, c, sep, jack):
                    miss += 1
                if (legal >> QS & 1 and c != QS and n > 0 and not first
                        and _safe_queen(trick, n, legal, pts)):
                    queen += 1
                if policy:
                    logp += policy_logp(c, p, hand, legal, trick, n, leader, out, pts, first,
                                        jack, scores, target, WEIGHTS)
        hands[p] = hand & ~(1 << c)
        left &= ~(1 << c)
        if c // 13 == HEARTS or (qbh and c == QS):
            broken = True
        trick[n] = c
        n += 1
        if n == 4:
            w = trick_winner(trick, leader)
            pts[w] += penalty((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
                              | (1 << trick[3]))
            leader = w
            n = 0
            done += 1
    return miss, pass_miss, queen, logp


def _safe_queen(trick: list[int], n: int, legal: int, pts: list[int]) -> bool:
    """Whether the queen of spades, legal here, would land on a trick another
    seat takes (void in the suit led, or under the ace or king of spades in
    the trick), with no seat going for the moon (every point so far, 8 or more)."""
    total = pts[0] + pts[1] + pts[2] + pts[3]
    for s in range(4):
        if total >= 8 and pts[s] == total:
            return False
    led = trick[0] // 13
    if not legal & SUIT[led]:
        return True
    top = 0
    for i in range(n):
        top = max(top, trick[i])
    return led == SPADES and top > QS


def systematic_draw(weights: list[float], samples: int, u: float) -> list[tuple[int, int]]:
    """``samples`` draws by weight, evenly spaced from the offset ``u`` (0 to 1,
    of one step): each index drawn with how often (at most ``4 * samples``
    draws in all)."""
    total = 0.0
    for w in weights:
        total += w
    step = total / samples
    at = step * u
    out: list[tuple[int, int]] = []
    acc = 0.0
    for i in range(len(weights)):
        acc += weights[i]
        count = 0
        while at < acc and count + len(out) < 4 * samples:
            count += 1
            at += step
        if count:
            out.append((i, count))
    return out
