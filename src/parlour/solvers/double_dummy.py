"""A double-dummy solver for trick-taking games: all four hands known.

Alpha-beta over card plays with a transposition table at trick boundaries
(lower and upper bounds), move ordering, equivalent-card pruning (cards of a
suit in one hand with nothing live between them are one move) and quick-trick
bounds. The value is the sum, over the tricks still to play, of
``weights[winner]``: with the default weights it is the number of tricks the
side (``side`` 0 = seats 0 and 2, 1 = seats 1 and 3) takes. Other weights let
the same search score a Spades nil (a large negative weight on the nil seat)
and, with ``points``, Hearts' points.

The trick rules are those of :class:`parlour.games.trick.TrickRules` (trumps,
a suit that may not be led until broken, first-trick restrictions). The
position, its legal cards and their order, and what is sure at a horizon are
:class:`~parlour.solvers.trick_position.TrickPosition`; this module is the
search over it.

>>> from parlour.cards import parse_cards as p, SPADES
>>> hands = [p("AS KH"), p("2S AH"), p("3H 4H"), p("5H 6H")]
>>> dd = DoubleDummy(hands, leader=0, trump=SPADES, side=0)
>>> dd.value()          # North cashes the spade ace, then the king of hearts loses
1
>>> sorted((card_code(c), v) for c, v in dd.move_values())
[('AS', 1), ('KH', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import card_code
from parlour.solvers.trick_position import INF, TrickPosition

__all__ = ["DoubleDummy", "card_code", "solve_tricks"]


def _squeeze_table(bits: int) -> list[int]:
    """``table[m << bits | x]``: the bits of ``x`` that lie in ``m``, packed
    down (a parallel bit extract), for every ``bits``-bit mask ``m`` and ``x``."""
    out = [0] * (1 << (2 * bits))
    for m in range(1 << bits):
        for x in range(1 << bits):
            if x & ~m:
                continue
            v = 0
            k = 0
            for b in range(bits):
                if m >> b & 1:
                    v |= (x >> b & 1) << k
                    k += 1
            out[m << bits | x] = v
    return out


# A suit's ranks are squeezed in two pieces: the low 7 and the high 6.
_SQUEEZE_LO = _squeeze_table(7)
_SQUEEZE_HI = _squeeze_table(6)


def _squeeze(x: int, m: int) -> int:
    """The ranks of ``x`` (a subset of the 13-bit ``m``) among those of ``m``."""
    lo = m & 127
    return (_SQUEEZE_LO[lo << 7 | (x & 127)]
            | _SQUEEZE_HI[(m >> 7) << 6 | (x >> 7)] << lo.bit_count())


class DoubleDummy(TrickPosition):
    """A :class:`~parlour.solvers.trick_position.TrickPosition` with the search:
    :meth:`value` and :meth:`move_values` by alpha-beta with a transposition
    table at trick boundaries."""

    # --- search -------------------------------------------------------------

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The value of the rest of the hand with best play by both sides
        (exact when it lies strictly inside ``alpha..beta``, else a bound)."""
        return self._search(alpha, beta)

    def move_values(self) -> list[tuple[int, int]]:
        """Each legal card of the player to act with the value of playing it."""
        out: list[tuple[int, int]] = []
        p = self.player
        legal = self.legal_mask(p)
        reps = self._ordered_moves(p, legal)
        rep_value: dict[int, int] = {}
        guess = 0
        for c in reps:
            guess = self._exact_after(c, guess)
            rep_value[c] = guess
        m = legal
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            r = self._representative(c, p, legal)
            out.append((c, rep_value[r]))
        return out

    def _exact_after(self, c: int, guess: int) -> int:
        """The exact value of playing ``c``, by null-window searches from
        ``guess`` (MTD(f)): each narrows the value's bounds, and the table
        keeps what they learn for the next."""
        lo = -INF
        hi = INF
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._after(c, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def _after(self, c: int, alpha: int, beta: int) -> int:
        """Play ``c`` for the player to act, search, take it back."""
        p = self.player
        leader = self.leader
        broken = self.broken
        tl = self.trick_len
        b = 1 << c
        self.hands[p] ^= b
        self.trick[tl] = c
        if b & self.breakers:
            self.broken = True
        if tl == 3:
            w = self.trick_winner()
            gain = self.trick_value(w)
            self.trick_len = 0
            self.leader = w
            self.player = w
            self.tricks_done += 1
            t = self.trick
            t0 = t[0]
            t1 = t[1]
            t2 = t[2]
            v = gain + self._search(alpha - gain, beta - gain)
            # the next tricks reuse the array: put back the cards the frames above read
            t[0] = t0
            t[1] = t1
            t[2] = t2
            self.tricks_done -= 1
        else:
            self.trick_len = tl + 1
            self.player = (p + 1) & 3
            v = self._search(alpha, beta)
        self.hands[p] |= b
        self.trick_len = tl
        self.leader = leader
        self.player = p
        self.broken = broken
        return v

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        p = self.player
        maximise = (self.maximisers >> p & 1) == 1
        key = 0
        alpha0 = alpha
        beta0 = beta
        if (self.trick_len == 3 and self.tricks_done + 1 == self.stop_at
                and self.hands[p].bit_count() >= 3):
            if self.points and self.trump < 0:
                return self._final_card(p, maximise)
            return self._final_card_sure(p, maximise)
        if self.trick_len == 0:
            left = self.hands[p].bit_count()
            if left == 0:
                return 0
            if left == 1:
                return self._last_trick()
            if self.tricks_done >= self.stop_at:
                return self.sure_value()
            span = self._points_left() if self.points else left
            if self.solo and self.tricks_done + 1 == self.stop_at and left >= 3:
                # the last trick before the horizon: one trick's points at most
                if maximise and self._lead_surely_lost(p):
                    return 0
                queen = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
                queen = 13 if queen >> 49 & 1 else 0
                one = queen + min(span - queen, 3 if queen else 4)
                if one < span:
                    span = one
            lo_bound = span * self.wmin
            hi_bound = span * self.wmax
            key = self._key(p)
            entry = self.tt.get(key, -1)
            if entry >= 0:
                lo_bound = (entry >> 20) - (1 << 19)
                hi_bound = (entry & 0xFFFFF) - (1 << 19)
            if self.plain:
                q = self._quick_tricks(p, left)
                if maximise:
                    if q > lo_bound:
                        lo_bound = q
                elif left - q < hi_bound:
                    hi_bound = left - q
            if lo_bound >= beta:
                return lo_bound
            if hi_bound <= alpha:
                return hi_bound
            if lo_bound == hi_bound:
                return lo_bound
            if lo_bound > alpha:
                alpha = lo_bound
            if hi_bound < beta:
                beta = hi_bound
            alpha0 = alpha
            beta0 = beta
        moves = self._ordered_moves(p, self.legal_mask(p))
        if maximise:
            best = -INF
            for c in moves:
                v = self._after(c, alpha, beta)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for c in moves:
                v = self._after(c, alpha, beta)
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key:
            entry = self.tt.get(key, -1)
            if entry >= 0:
                lo = (entry >> 20) - (1 << 19)
                hi = (entry & 0xFFFFF) - (1 << 19)
            else:
                span = self._points_left() if self.points else self.hands[p].bit_count()
                lo = span * self.wmin
                hi = span * self.wmax
            if best <= alpha0:
                hi = min(hi, best)
            elif best >= beta0:
                lo = max(lo, best)
            else:
                lo = best
                hi = best
            self.tt[key] = ((lo + (1 << 19)) << 20) | (hi + (1 << 19))
        return best

    def _key(self, p: int) -> int:
        """The table's key for a trick start: for each suit, how many of its
        cards are left and which of those each of the first three hands
        holds, by rank among the cards left (the cards played squeezed out,
        so positions that differ only in which low cards are gone share an
        entry); the leader, whether the suit is broken, and in points where
        the queen of spades stands among the spades left."""
        h = self.hands
        h0 = h[0]
        h1 = h[1]
        h2 = h[2]
        every = h0 | h1 | h2 | h[3]
        key = p << 1 | (1 if self.broken else 0)
        for s in range(4):
            shift = 13 * s
            m = every >> shift & 0x1FFF
            key = (key << 43 | m.bit_count() << 39 | _squeeze(h0 >> shift & 0x1FFF, m) << 26
                   | _squeeze(h1 >> shift & 0x1FFF, m) << 13 | _squeeze(h2 >> shift & 0x1FFF, m))
        if self.points:
            queen = (every >> 39 & 0x3FF).bit_count() + 1 if every >> 49 & 1 else 0
            key = key << 4 | queen
        return key


def solve_tricks(hands: Sequence[int], leader: int, trump: int = -1, side: int = 0,
                 trick: Sequence[int] = (), broken: bool = True, break_suit: int = -1) -> int:
    """Tricks ``side`` takes from here with best play on both sides.

    >>> from parlour.cards import parse_cards as p
    >>> solve_tricks([p("AH 2C"), p("KH 3C"), p("QH 4C"), p("JH 5C")], leader=0)
    1
    """
    dd = DoubleDummy(hands, leader, trick, trump=trump, side=side, broken=broken,
                     break_suit=break_suit)
    return dd.value()
