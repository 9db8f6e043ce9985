"""The ``normal`` Spades card rules on masks: :func:`rule_card`.

The ``normal`` bot plays by them, and the ``expert``'s playouts use them for
every seat of a sampled deal, so they are compiled (mypyc) and read only
what the seat to act may see: its own hand and the public play (cards
played, voids shown, bids, tricks taken).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from parlour.cards import FULL_DECK
from parlour.games.trick import TrickPlay

__all__ = ["rule_card"]

SPADES: Final = 3
SPADE_MASK: Final = 0x1FFF << 39
_SUIT: Final = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


def _beats(c: int, best: int) -> bool:
    if c // 13 == best // 13:
        return c > best
    return c // 13 == SPADES


def _pick(mask: int, key: Callable[[int], int], highest: bool) -> int:
    """The card of ``mask`` with the highest (or lowest) key; ties go to the
    lowest card, as Python's ``max`` and ``min`` over sorted cards give."""
    best = -1
    bk = 0
    m = mask
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        k = key(c)
        if best < 0 or (k > bk if highest else k < bk):
            bk = k
            best = c
    return best


def _rank_key_max(mask: int, spade_last: bool) -> int:
    """The card of ``mask`` with the highest (not a spade if ``spade_last``, rank)."""
    return _pick(mask, lambda c: c % 13 + (13 if not spade_last or c // 13 != SPADES else 0),
                 True)


def _master_mask(unseen: int) -> int:
    """For each suit, the cards with no unseen card above them."""
    out = 0
    for s in range(4):
        u = unseen & _SUIT[s]
        if u:
            out |= _SUIT[s] & ~((2 << (u.bit_length() - 1)) - 1)
        else:
            out |= _SUIT[s]
    return out


def rule_card(play: TrickPlay, bids: list[int], bags: list[int], keen: int = 0) -> int:
    """The card the ``normal`` rules (:mod:`parlour.bots.spades_rules`) play for
    the seat to act, computed on masks from what that seat may see: its own
    hand and the public cards, voids, bids and tricks. Playouts use it with
    sampled hands, so every seat plays as ``normal`` would, without peeking.

    ``keen`` is a mask of seats that play *keen*: with their contract made
    they do not duck (every overtrick is a point, as a player that counts
    only the hand's score sees it) unless the next bag would bring the
    penalty of ten; everything else as ``normal``. 0, the default, is
    ``normal`` for every seat."""
    legal = play.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    me = play.player
    partner = (me + 2) & 3
    hand = play.hand(me)
    unseen = FULL_DECK & ~play.played & ~hand
    won = play.tricks_won
    nil_alive = [bids[s] == 0 and won[s] == 0 for s in range(4)]
    masters = _master_mask(unseen)
    trick = play.trick
    if nil_alive[me]:
        return _nil_card(legal, trick, unseen)
    team = me & 1
    contract = [0, 0]
    counted = [0, 0]
    for s in range(4):
        if bids[s] > 0:
            contract[s & 1] += bids[s]
            counted[s & 1] += won[s]
    need = contract[team] - counted[team]
    opp_need = contract[1 - team] - counted[1 - team]
    tricks_left = 13 - play.trick_count
    duck = need <= 0 and not (opp_need > 0 and tricks_left - opp_need <= 1)
    if keen >> me & 1:
        duck = duck and bags[team] - need + 1 >= 10
    elif duck and bags[team] < 5 and need > -2:
        duck = opp_need <= 0
    o1 = (me + 1) & 3
    o3 = (me + 3) & 3
    voids = play.voids
    if not trick:
        return _lead_card(legal, hand, unseen, masters, nil_alive, duck, me, voids)
    leader = play.leader
    pos = len(trick)
    best = trick[0]
    idx = 0
    for i in range(1, pos):
        if _beats(trick[i], best):
            best = trick[i]
            idx = i
    win_seat = (leader + idx) & 3
    partner_played = pos >= 2 and ((leader + pos - 2) & 3) == partner
    led = trick[0] // 13
    winners = 0
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if _beats(c, best):
            winners |= 1 << c
    losers = legal & ~winners
    following = (legal & _SUIT[led]) != 0
    if nil_alive[partner] and winners:
        if partner_played and win_seat == partner:
            return (winners & -winners).bit_length() - 1
        if not partner_played:
            return winners.bit_length() - 1
    for o in (o1, o3):
        if nil_alive[o]:
            if win_seat == o and losers:
                return _rank_key_max(losers, True)
            if pos < 3 and ((leader + pos + 1) & 3) == o and following:
                return (legal & -legal).bit_length() - 1
    if duck:
        if losers:
            return _rank_key_max(losers, not following)
        return (winners & -winners).bit_length() - 1 if pos == 3 else winners.bit_length() - 1
    partner_winning = win_seat == partner
    if partner_winning:
        safe = pos == 3 or (masters >> best & 1) == 1 or (best // 13 == SPADES and led != SPADES)
        if safe or not winners:
            if not following:
                return _discard_card(legal, hand, masters)
            return (legal & -legal).bit_length() - 1
    if not winners:
        if not following:
            return _discard_card(legal, hand, masters)
        return (legal & -legal).bit_length() - 1
    if pos == 1 and following:
        mw = winners & masters
        if mw and not partner_winning:
            return (mw & -mw).bit_length() - 1
        return (legal & -legal).bit_length() - 1
    if not following or pos == 3:
        return (winners & -winners).bit_length() - 1
    mw = winners & masters
    if mw:
        return (mw & -mw).bit_length() - 1
    return winners.bit_length() - 1


def _lead_card(legal: int, hand: int, unseen: int, masters: int, nil_alive: list[bool],
               duck: bool, me: int, voids: list[int]) -> int:
    partner = (me + 2) & 3
    o1 = (me + 1) & 3
    o3 = (me + 3) & 3
    if nil_alive[partner]:
        # Cover: masters, side suits, high cards.
        return _pick(legal, lambda c: c % 13 + (13 if c // 13 != SPADES else 0)
                     + (26 if masters >> c & 1 else 0), True)
    opp_nil = nil_alive[o1] or nil_alive[o3]
    if duck or opp_nil:
        # Low, spades last unless an opponent's nil is to be attacked.
        return _pick(legal, lambda c: c % 13 + (13 if c // 13 == SPADES and not opp_nil else 0),
                     False)
    opp_void = voids[o1] | voids[o3]
    opp_trumps = not (voids[o1] >> SPADES & 1) or not (voids[o3] >> SPADES & 1)
    cands = 0
    m = legal & masters
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        s = c // 13
        if (s == SPADES or not (opp_void >> s & 1) or not opp_trumps) and unseen & _SUIT[s]:
            cands |= 1 << c
    if cands:
        return _rank_key_max(cands, True)
    for s in range(3):
        if voids[partner] >> s & 1 and not (opp_void >> s & 1) and legal & _SUIT[s]:
            return (legal & _SUIT[s] & -(legal & _SUIT[s])).bit_length() - 1
    # From the shortest side suit, low, unless it is an honour to guard.
    return _pick(legal & ~SPADE_MASK or legal,
                 lambda c: ((hand & _SUIT[c // 13]).bit_count() if c % 13 < 9 else 20) * 16
                 + c % 13, False)


def _discard_card(legal: int, hand: int, masters: int) -> int:
    # Low cards of short side suits, keeping masters, honours and spades.
    return _pick(legal & ~SPADE_MASK & ~masters or legal & ~SPADE_MASK or legal,
                 lambda c: (256 if c % 13 >= 10 else 0)
                 + (hand & _SUIT[c // 13]).bit_count() * 16 + c % 13, False)


def _nil_card(legal: int, trick: tuple[int, ...], unseen: int) -> int:
    if not trick:
        # The card with the most higher cards still out, side suits first.
        def cover(c: int) -> int:
            n = (unseen & _SUIT[c // 13] & ~((2 << c) - 1)).bit_count()
            return ((2 if n else 0) + (1 if c // 13 != SPADES else 0)) * 4096 + n * 64 + 63 - c
        return _pick(legal, cover, True)
    best_c = trick[0]
    for i in range(1, len(trick)):
        if _beats(trick[i], best_c):
            best_c = trick[i]
    losers = 0
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if not _beats(c, best_c):
            losers |= 1 << c
    if losers:
        return _rank_key_max(losers, best_c // 13 != SPADES)
    if len(trick) == 3:
        return legal.bit_length() - 1
    return (legal & -legal).bit_length() - 1
