"""The position a double-dummy search walks: four hands (masks), the trick in
progress, whose turn, and the rules of the trick (trumps, a suit that may not be
led until broken, first-trick restrictions); its legal cards, their order for the
search (equivalent cards merged), the winner and worth of a trick, and what is
sure at a horizon without search. :class:`~parlour.solvers.double_dummy.DoubleDummy`
is one, with the search over it. Typed Python that ``make`` compiles with mypyc.

>>> from parlour.cards import parse_cards as p, SPADES
>>> pos = TrickPosition([p("AS KH"), p("2S AH"), p("3H 4H"), p("5H 6H")], leader=0, trump=SPADES)
>>> pos.legal_mask(0) == p("AS KH"), pos.sure_value()
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["INF", "TrickPosition"]

INF = 1 << 30
_SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


class TrickPosition:
    """One position: four hands (masks), the trick in progress, whose turn.

    ``weights[seat]`` is what a trick won by ``seat`` is worth to ``side``
    (the maximising partnership); the default is 1 for the side's seats, 0
    for the others. ``tricks_done`` matters only for first-trick rules.
    """

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int] = (),
        trump: int = -1,
        side: int = 0,
        weights: Sequence[int] | None = None,
        break_suit: int = -1,
        broken: bool = True,
        breakers: int = 0,
        first_lead: int = -1,
        first_trick_forbidden: int = 0,
        tricks_done: int = 1,
        points: bool = False,
        maximisers: int = -1,
        horizon: int = 0,
    ) -> None:
        self.hands: list[int] = [hands[0], hands[1], hands[2], hands[3]]
        self.trick: list[int] = [0, 0, 0, 0]
        self.trick_len = len(trick)
        for i in range(len(trick)):
            self.trick[i] = trick[i]
        self.leader = leader
        self.player = (leader + len(trick)) & 3
        self.trump = trump
        self.side = side & 1
        # Seats that maximise, as a mask (default: the side's two seats); Hearts
        # solves one seat against the other three.
        self.maximisers = maximisers if maximisers >= 0 else (0b0101 << self.side) & 0xF
        # Hearts: a trick is worth weights[winner] times its points (a heart 1,
        # the queen of spades 13) instead of weights[winner].
        self.points = points
        # horizon > 0: stop that many tricks after this position's next trick
        # start and count what is sure from there (sure_value); 0 solves to the end.
        self.stop_at = tricks_done + 1 + horizon if horizon > 0 else 99
        if weights is None:
            self.weights: list[int] = [1 if (s & 1) == self.side else 0 for s in range(4)]
        else:
            self.weights = [weights[0], weights[1], weights[2], weights[3]]
        # Quick-trick bounds count tricks, so they hold only for plain trick counting.
        self.plain = (self.weights == [1 if (s & 1) == self.side else 0 for s in range(4)]
                      and not points and horizon == 0)
        # Hearts' one seat against three: only its own tricks count, never for it
        self.solo = (points and trump < 0 and max(self.weights) <= 0
                     and all(self.weights[s] == 0 for s in range(4)
                             if not self.maximisers >> s & 1))
        # a maximising seat whose tricks count 1 (not a nil bidder)
        self.counted = any(self.weights[s] == 1 and self.maximisers >> s & 1 for s in range(4))
        self.wmax = max(max(self.weights), 0)
        self.wmin = min(min(self.weights), 0)
        self.break_mask = _SUIT[break_suit] if break_suit >= 0 else 0
        self.breakers = self.break_mask | breakers
        self.broken = broken
        self.first_lead = first_lead
        self.first_trick_forbidden = first_trick_forbidden
        self.tricks_done = tricks_done
        self.tt: dict[int, int] = {}
        self.nodes = 0

    # --- rules --------------------------------------------------------------

    def legal_mask(self, p: int) -> int:
        """The cards seat ``p`` may play now (it must be ``p``'s turn)."""
        hand = self.hands[p]
        if self.trick_len > 0:
            m = hand & _SUIT[self.trick[0] // 13]
            if m:
                return m
            if self.tricks_done == 0 and self.first_trick_forbidden:
                m = hand & ~self.first_trick_forbidden
                if m:
                    return m
            return hand
        if self.tricks_done == 0 and self.first_lead >= 0:
            m = hand & (1 << self.first_lead)
            if m:
                return m
        if not self.broken and self.break_mask:
            m = hand & ~self.break_mask
            if m:
                return m
        return hand

    def trick_winner(self) -> int:
        """The seat winning the (complete) trick in ``self.trick``."""
        return (self.leader + self._best_of(4)) & 3

    def _best_of(self, n: int) -> int:
        """The place in the trick of the best of its first ``n`` cards."""
        t = self.trick
        best = t[0]
        idx = 0
        trump = self.trump
        for i in range(1, n):
            c = t[i]
            if c // 13 == best // 13:
                if c > best:
                    best = c
                    idx = i
            elif c // 13 == trump:
                best = c
                idx = i
        return idx

    def trick_value(self, winner: int) -> int:
        """What the complete trick in ``self.trick`` is worth to the side.

        With ``points``, the cards in the trick carry the value (Hearts)."""
        if self.points:
            t = self.trick
            pts = 0
            for i in range(4):
                c = t[i]
                if c // 13 == 2:
                    pts += 1
                elif c == 49:
                    pts += 13
            return self.weights[winner] * pts
        return self.weights[winner]

    def _points_left(self) -> int:
        """The points still in the hands (Hearts): hearts and the queen of spades."""
        h = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        return (h & _SUIT[2]).bit_count() + (13 if h >> 49 & 1 else 0)

    def sure_value(self) -> int:
        """What the rest of the hand is surely worth at the horizon: in points,
        nothing (no point is counted before it is taken); in tricks, each
        seat's masters (cards above every other hand's card of their suit;
        never more than the tricks left, the seat to play first counted
        first), and half the tricks that no master makes sure of to the
        maximisers."""
        if self.points:
            return 0
        h = self.hands
        every = h[0] | h[1] | h[2] | h[3]
        masters = 0  # four bits a seat
        for suit in range(4):
            cards = every & _SUIT[suit]
            if not cards:
                continue
            # only the holder of the suit's top card has masters in it
            top = 1 << (cards.bit_length() - 1)
            holder = 0
            while not h[holder] & top:
                holder += 1
            mine = h[holder] & cards
            theirs = cards & ~mine
            masters += (mine & ~((1 << theirs.bit_length()) - 1)).bit_count() << 4 * holder
        left = h[self.player].bit_count()
        v = 0
        sure_all = 0
        for i in range(4):
            s = (self.player + i) & 3
            # masters of several seats can outnumber the tricks: the first take them
            sure = min(masters >> 4 * s & 15, left - sure_all)
            v += self.weights[s] * sure
            sure_all += sure
        # the tricks nobody is sure of: half to the maximising side
        unsure = left - sure_all
        if self.counted and unsure > 0:
            v += unsure // 2
        return v

    def _representative(self, c: int, p: int, legal: int) -> int:
        """The legal card equivalent to ``c`` that the move list keeps (the run's lowest)."""
        live = self._live(p)
        hand = legal
        lo = c
        if self.points and c == 49:
            return c  # the queen of spades is worth 13 points: like no other spade
        while lo % 13 > 0:
            below = lo - 1
            if hand >> below & 1:
                if self.points and below == 49:
                    break
                lo = below
            elif live >> below & 1:
                break
            else:
                lo = below
        while not hand >> lo & 1:
            lo += 1
        return lo

    def _live(self, p: int) -> int:
        live = 0
        for s in range(4):
            if s != p:
                live |= self.hands[s]
        for i in range(self.trick_len):
            live |= 1 << self.trick[i]
        return live

    def _last_trick(self) -> int:
        # Each hand holds one card: the trick plays itself.
        p = self.player
        t = self.trick
        for i in range(4):
            t[i] = self.hands[(p + i) & 3].bit_length() - 1
        leader = self.leader
        self.leader = p
        w = self.trick_winner()
        v = self.trick_value(w)
        self.leader = leader
        return v

    def _quick_tricks(self, p: int, left: int) -> int:
        """Tricks the leader ``p`` can surely cash from the top, without losing the lead."""
        hand = self.hands[p]
        o1 = self.hands[(p + 1) & 3]
        o2 = self.hands[(p + 3) & 3]
        trump = self.trump
        q = 0
        for s in range(4):
            mine = hand & _SUIT[s]
            if not mine:
                continue
            if s == trump and self.break_mask and not self.broken and hand & ~_SUIT[s]:
                continue
            theirs = (o1 | o2) & _SUIT[s]
            top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
            k = top.bit_count()
            if k == 0:
                continue
            if trump >= 0 and s != trump:
                t = _SUIT[trump]
                limit = 13
                if o1 & t:
                    limit = (o1 & _SUIT[s]).bit_count()
                if o2 & t:
                    limit = min(limit, (o2 & _SUIT[s]).bit_count())
                if k > limit:
                    k = limit
            q += k
        return q if q < left else left

    def _ordered_moves(self, p: int, legal: int) -> list[int]:
        """Representatives of ``legal`` (one card per run of equivalent cards),
        likely best first."""
        tl = self.trick_len
        if tl > 0 and self._in_final_trick(p):
            return self._final_trick_moves(p, legal)
        live = self._live(p)
        trump = self.trump
        best = -1
        partner_wins = False
        w = -1
        if tl > 0:
            idx = self._best_of(tl)
            best = self.trick[idx]
            w = (self.leader + idx) & 3
            mx = self.maximisers
            partner_wins = w != p and (mx >> w & 1) == (mx >> p & 1)
        keyed: list[int] = []
        prev = -1
        m = legal
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            if prev >= 0 and prev // 13 == c // 13 and not (self.points and (c == 49
                                                                             or prev == 49)):
                between = ((1 << c) - 1) & ~((2 << prev) - 1)
                if not live & between:
                    prev = c
                    # keep the run's lowest card: replace nothing, skip this one
                    continue
            prev = c
            rank = c % 13
            suit = c // 13
            if self.points:
                score = self._points_order(c, tl, best, w, p)
            elif tl == 0:
                higher = live & _SUIT[suit] & ~((2 << c) - 1)
                score = 100 + rank if not higher else 40 - rank
            else:
                wins = (suit == best // 13 and c > best) or (suit == trump and best // 13 != trump)
                if partner_wins:
                    score = 60 - rank - (20 if suit == trump else 0)
                elif wins:
                    score = 100 - rank if tl == 3 else 80 + rank
                else:
                    score = 40 - rank - (20 if suit == trump else 0)
            keyed.append((200 - score) << 6 | c)
        keyed.sort()
        return [x & 63 for x in keyed]

    def _in_final_trick(self, p: int) -> bool:
        """In points without trumps, the last trick before the horizon, with
        nothing counted after it (more than one card left after it: a lone
        last card would play itself and count)."""
        return (self.points and self.trump < 0 and self.tricks_done + 1 == self.stop_at
                and self.hands[p].bit_count() >= 3)

    def _lead_surely_lost(self, p: int) -> bool:
        """Whether the maximising seat ``p``, on lead, has a card that an
        opponent must beat (all that hand's cards of the suit are higher)."""
        legal = self.legal_mask(p)
        for suit in range(4):
            mine = legal & _SUIT[suit]
            if not mine:
                continue
            below = (mine & -mine) - 1
            for o in range(4):
                if not self.maximisers >> o & 1:
                    theirs = self.hands[o] & _SUIT[suit]
                    if theirs and not theirs & below:
                        return True
        return False

    def _final_card(self, p: int, maximise: bool) -> int:
        """The last card of the last trick before the horizon, in points: each
        legal card's trick valued at once, no search below it."""
        t = self.trick
        led = t[0] // 13
        best = t[0]
        idx = 0
        pts = 0
        for i in range(3):
            c = t[i]
            if c // 13 == led and c > best:
                best = c
                idx = i
            if c // 13 == 2:
                pts += 1
            elif c == 49:
                pts += 13
        lose_w = self.weights[(self.leader + idx) & 3]
        win_w = self.weights[p]
        out = -INF if maximise else INF
        m = self.legal_mask(p)
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            cp = pts + (13 if c == 49 else (1 if c // 13 == 2 else 0))
            v = (win_w if c // 13 == led and c > best else lose_w) * cp
            if maximise:
                if v > out:
                    out = v
            elif v < out:
                out = v
        return out

    def _final_card_sure(self, p: int, maximise: bool) -> int:
        """The last card before the horizon: each legal card valued at once,
        its trick and what is sure after it (masters), no search below it."""
        out = -INF if maximise else INF
        t = self.trick
        m = self.legal_mask(p)
        while m:
            b = m & -m
            m ^= b
            t[3] = b.bit_length() - 1
            self.hands[p] ^= b
            w = self.trick_winner()
            self.player = w  # the masters after the trick are counted from its winner
            v = self.trick_value(w) + self.sure_value()
            self.hands[p] ^= b
            if maximise:
                if v > out:
                    out = v
            elif v < out:
                out = v
        self.player = p
        return out

    def _final_trick_moves(self, p: int, legal: int) -> list[int]:
        """Representatives for a follower in the last trick before the horizon,
        in points (nothing after it counts): a card matters only by its points
        and by which cards still to come this trick it beats, so a discard is
        one of three (no point, a heart, the queen of spades) and a card of the
        suit led is one per gap between the later seats' cards of that suit,
        every card under the best so far being one."""
        t = self.trick
        tl = self.trick_len
        led = t[0] // 13
        best = t[0]
        for i in range(1, tl):
            c = t[i]
            if c // 13 == led and c > best:
                best = c
        winner = -1
        for i in range(tl):
            if t[i] == best:
                winner = (self.leader + i) & 3
        suit = _SUIT[led]
        later = 0
        if legal & suit:
            for i in range(tl + 1, 4):
                later |= self.hands[(self.leader + i) & 3]
            later &= suit
        keyed: list[int] = []
        seen = 0  # classes taken, as bits: (gap + 1) * 3 + points class
        m = legal
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            pts_class = 2 if c == 49 else (1 if c // 13 == 2 else 0)
            beats = c // 13 == led and c > best
            gap = (later & ((1 << c) - 1)).bit_count() + 1 if beats else 0
            bit = 1 << (gap * 3 + pts_class)
            if seen & bit:
                continue  # a lower card of the same class is already in
            seen |= bit
            score = self._points_order(c, tl, best, winner, p)
            keyed.append((200 - score) << 6 | c)
        keyed.sort()
        return [x & 63 for x in keyed]

    def _points_order(self, c: int, tl: int, best: int, winner: int, p: int) -> int:
        """Hearts' move order (higher first): low leads; the maximising seat
        plays its highest card that loses, dumping points; the others play
        under it when it wins the trick, dumping points on it, else low."""
        rank = c % 13
        if tl == 0:
            return 100 - rank
        pts = 13 if c == 49 else (1 if c // 13 == 2 else 0)
        wins = c // 13 == best // 13 and c > best
        if self.maximisers >> p & 1:
            return 40 - rank if wins else 80 + rank + 2 * pts
        if self.maximisers >> winner & 1:
            return 20 - rank if wins else 80 + rank + 2 * pts
        return 60 - rank + pts
