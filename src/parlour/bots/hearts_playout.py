"""A sampled Hearts deal played to its end by the rules, and what the hand is
worth to a seat: the playouts of the expert's search (typed Python that ``make``
compiles with mypyc). :func:`playout` plays every seat by the ``normal`` rules
(or one of the playout models: ``AVOID``, ``CASH``, a little noise);
:func:`outcome` scores the cards each seat took, moon, jack and the game's end
included.

>>> from parlour.games.hearts import HeartsHand
>>> hands = list(HeartsHand.from_seed(2, pass_dir=0).play.hands)
>>> taken = playout(hands, [0, 0, 0, 0], 0, 0 if hands[0] & 1 else 1 if hands[1] & 1
...                 else 2 if hands[2] & 1 else 3, False, 0, [0, 0, 0, 0], False, False,
...                 [0, 0, 0, 0], 100)
>>> sum(bin(t).count("1") for t in taken), hands
(52, [0, 0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.hearts_policy import WEIGHTS, policy_card, policy_draw
from parlour.bots.hearts_rules import (
    AVOID,
    CASH,
    HEARTS,
    JD,
    NORMAL,
    QS,
    WARY,
    legal_cards,
    penalty,
    rule_card,
    trick_winner,
)

__all__ = ["noise_draw", "noisy_card", "outcome", "playout"]


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def playout(hands: list[int], trick: list[int], n: int, leader: int, broken: bool,
            tricks_done: int, taken: list[int], jack: bool, qbh: bool,
            scores: Sequence[int], target: int, avoid: int = 0, noisy: int = 0,
            noise_key: int = 0, noise_cut: int = 0, noise_until: int = 13,
            cash: int = 0, wary: int = 0, policy: int = 0,
            policy_key: int = -1) -> list[int]:
    """Play the hand to its end by the ``normal`` rules; returns the cards each
    seat took. ``hands``, ``trick`` and ``taken`` are changed. The seats in the
    mask ``avoid`` play as a seat that only avoids points (the rules' ``AVOID``:
    no moon shot or stopped, the lowest card to duck). The seats in the mask
    ``noisy`` play, where :func:`noise_draw` of ``noise_key`` with the trick's
    number and the seat falls below ``noise_cut`` (out of 65,536), another
    legal card than the rules' one, drawn uniformly (:func:`noisy_card`),
    in the tricks before the ``noise_until``-th. The seats in the mask ``cash``
    play the rules' ``CASH`` (their leads as searching players lead), those in
    ``wary`` the rules' ``WARY`` (a moon stopped sooner). The seats in
    ``policy`` play the learned policy's card (:mod:`parlour.bots.hearts_policy`):
    its best card when ``policy_key`` is negative, else one drawn with the
    policy's chances by :func:`noise_draw` of ``policy_key``."""
    pts = [penalty(taken[0]), penalty(taken[1]), penalty(taken[2]), penalty(taken[3])]
    while tricks_done < 13:
        p = (leader + n) & 3
        hand = hands[p]
        first = tricks_done == 0
        legal = legal_cards(hand, trick, n, first, broken)
        out = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        if policy >> p & 1:
            u = -1.0 if policy_key < 0 else policy_draw(noise_draw(policy_key,
                                                                  tricks_done * 4 + p))
            c = policy_card(p, hand, legal, trick, n, leader, out, pts, first, jack, scores,
                            target, WEIGHTS, u)
        else:
            c = rule_card(p, hand, legal, trick, n, leader, out, pts, first,
                          AVOID if avoid >> p & 1 else CASH if cash >> p & 1
                          else WARY if wary >> p & 1 else NORMAL, jack,
                          scores, target)
        if noisy >> p & 1 and tricks_done < noise_until and legal & (legal - 1):
            h = noise_draw(noise_key, tricks_done * 4 + p)
            if h & 0xFFFF < noise_cut:
                c = noisy_card(legal & ~(1 << c), h >> 16)
        hands[p] = hand & ~(1 << c)
        if c // 13 == HEARTS or (qbh and c == QS):
            broken = True
        trick[n] = c
        n += 1
        if n == 4:
            w = trick_winner(trick, leader)
            won = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            taken[w] |= won
            pts[w] += penalty(won)
            leader = w
            n = 0
            tricks_done += 1
    return taken


def noise_draw(key: int, at: int) -> int:
    """A 32-bit hash of a sampled deal's noise key and a place in its playout
    (the trick's number times 4 plus the seat): the same place draws the same
    number in every candidate's playout of that deal, so the candidates'
    comparison stays paired as far as their playouts run alike.

    >>> noise_draw(5, 7) == noise_draw(5, 7), noise_draw(5, 7) == noise_draw(5, 8)
    (True, False)
    """
    x = (key ^ (at * 0x9E3779B1)) & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x2C1B3C6D) & 0xFFFFFFFF
    x ^= x >> 16
    return x


def noisy_card(cards: int, r: int) -> int:
    """One card of the mask ``cards`` (not empty), the ``r`` mod its size-th.

    >>> noisy_card(0b10110, 0), noisy_card(0b10110, 1), noisy_card(0b10110, 5)
    (1, 2, 4)
    """
    i = r % cards.bit_count()
    while i > 0:
        cards &= cards - 1
        i -= 1
    return _low(cards)


def outcome(taken: list[int], me: int, jack: bool, moon_add: bool, scores: Sequence[int],
            target: int, relative: float = 0.0, end_bonus: float = 30.0) -> float:
    """What the hand adds to ``me``'s score, less ``relative`` times the mean it
    adds to the other three's, plus the game-end bonus or penalty (``end_bonus``)."""
    gained = [penalty(taken[0]), penalty(taken[1]), penalty(taken[2]), penalty(taken[3])]
    for s in range(4):
        if gained[s] == 26:
            for t in range(4):
                if moon_add:
                    gained[t] = 0 if t == s else 26
                else:
                    gained[t] = -26 if t == s else 0
            break
    if jack:
        for s in range(4):
            if taken[s] >> JD & 1:
                gained[s] -= 10
    value = float(gained[me])
    if relative > 0.0:
        value -= relative * (gained[0] + gained[1] + gained[2] + gained[3] - gained[me]) / 3.0
    if target > 0 and end_bonus != 0.0:
        final = [scores[s] + gained[s] for s in range(4)]
        if max(final) >= target:
            low = min(final)
            lowest = [s for s in range(4) if final[s] == low]
            if lowest == [me]:
                value -= end_bonus
            elif me not in lowest:
                value += end_bonus
    return value
