"""The moves a Klondike search's rules allow from a position (typed Python that
``make`` compiles with mypyc): :class:`LegalMoves`, on which
:class:`~parlour.solvers.klondike_rules.Rules` builds what playing one does, and the
pruning rules (``PRUNINGS``) a search may apply."""

from __future__ import annotations

import random
from typing import Final

from parlour.solvers.klondike_moves import (
    _ABOVE_BITS,
    _BELOW_BITS,
    _CHAIN,
    _CODE,
    _HOME,
    _KING,
    _KINGS,
    _ON0,
    _ON1,
    _PILE,
    _SUCC,
    _SUIT,
    _TALON,
    _TWIN,
    _UNDER0,
    _UNDER1,
    _back_useful_in,
    _card,
    _decode,
    _home_tops,
    _locate,
    _next_cards,
    _next_home,
    _pile_with_top,
    _safe_in,
    _useful_cards,
    _useful_home,
)
from parlour.solvers.klondike_position import (
    BIT,
    Move,
    Position,
    packed,
    reach_indices,
)

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]

# A restart of the quick search adds up to JITTER to each move's score (seeded), so
# moves of nearly equal promise are tried in another order.
JITTER: Final = 12

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
# - ``draw1``: with draw 3, a deal proved lost with draw 1 is lost (see
#   :func:`~parlour.solvers.klondike.solve`);
# - ``undone``: in the complete search, a card that could go home and come straight back
#   to where it lies goes home at once (see :meth:`Rules._settle`);
# - ``twin``: in the complete search, a run that lies on one of the two cards it may lie
#   on, the other being free on top of its pile, lies on the lower-numbered of the two
#   (see :func:`~parlour.solvers.klondike_moves._twins`);
# - ``defer``: in the draw-1 relaxation of a draw-3 deal, a talon card goes home only
#   together with the next cards of its suit, the last from the top of a pile (see
#   :meth:`Rules._gen`);
# - ``swap``: in that relaxation the runs on two twin cards may swap places, a move
#   the relaxation adds (see :func:`~parlour.solvers.klondike_moves._swap_tails`);
# - ``swap3``: with draw 3, a deal proved lost in the draw-3 game with the ``swap`` move
#   added is lost (see :func:`~parlour.solvers.klondike.solve`);
# - ``used``: in the complete search, right after a card comes back from its foundation
#   the next move uses it (puts a card on it, or brings back another card) or is one
#   the position before did not have, other than taking the card away again (see
#   :func:`~parlour.solvers.klondike_moves._using`). A move that does neither could
#   have been played before the card came back, and the card brought back later, just
#   before it is used. And only a card that some visible card could lie on, or that
#   starts a chain of cards coming back that ends at one, comes back (see
#   :func:`~parlour.solvers.klondike_moves._useful_home`).
# - ``chain``: with draw 1, in the complete search, a talon card or a card back from
#   its foundation goes to the tableau only if it starts a chain of such cards (each
#   lying on the one before) that a card face up in the tableau could end (see
#   :func:`~parlour.solvers.klondike_moves._useful_cards`): with draw 1 a talon card
#   can be had at any time, so such moves can all wait until just before a tableau
#   card is put on the chain, and a chain nothing from the tableau ever lies on could
#   have stayed in the talon and the foundations. It narrows ``talon`` and ``used``
#   (and the cards ``split`` and ``emptying`` count as usable).
# - ``swaptwin``: in a game with ``swap``, no twin move puts a card on the place its
#   run left free when that card could go on the other place by a move of its own:
#   the two positions are one (the runs on the two twins swapped back).
PRUNINGS: Final = frozenset({"safe", "talon", "split", "back", "empty", "emptying",
                             "pointer", "blocked", "draw1", "undone", "twin", "defer",
                             "swap", "swap3", "used", "chain", "swaptwin"})


class LegalMoves:
    """One search's rules and the moves they allow: the draw, the talon's reach the
    moves are generated with, complete (every legal move) or quick, the pruning rules
    on and the relaxations; the moves of a position (:meth:`_gen`, best first).
    :class:`~parlour.solvers.klondike_rules.Rules` adds what playing one does."""

    def __init__(self, draw: int, complete: bool, pruning: frozenset[str], jitter: int,
                 reach: int, relaxed: bool) -> None:
        self.complete = complete
        self.pruning = pruning
        self.draw = draw
        # the talon's reach that moves are generated with: ``draw`` unless a quick search
        # with draw 1 looks only for lines that draw 3 allows too (far fewer talon moves)
        self.reach = reach or draw
        # jitter > 0 shuffles moves of nearly equal promise (seeded): a restart of the
        # quick search then tries other lines first
        self.rng = random.Random(jitter) if jitter else None
        self.check_blocked = "blocked" in pruning
        self.prune_safe = "safe" in pruning
        self.prune_talon = self.reach == 1 and "talon" in pruning
        # with draw 1, talon cards and cards back from the foundations go to the
        # tableau only to start a chain that a face-up card ends (``chain``, see
        # _useful_cards; it narrows ``talon`` and ``used``, so only with them)
        self.prune_chain = (self.prune_talon and complete and "chain" in pruning
                            and "used" in pruning and "back" in pruning)
        self.prune_split = "split" in pruning
        self.prune_back = "back" in pruning
        self.prune_empty = "empty" in pruning
        self.prune_emptying = "emptying" in pruning
        self.prune_pointer = "pointer" in pruning
        # (the quick search brings no cards back from the foundations, so it must leave
        # them in the tableau)
        self.prune_undone = complete and "undone" in pruning
        self.prune_twin = complete and "twin" in pruning
        self.prune_used = complete and "used" in pruning
        # a complete draw-1 search whose wins are thrown away (the relaxation of a draw-3
        # deal, see :func:`~parlour.solvers.klondike.solve`): a talon card goes home only
        # when the next card of its suit follows it at once (``defer``), and a position
        # with every card face up is won (its line is not kept, so it need not be played
        # to the end)
        self.defer = (relaxed and complete and self.reach == 1 and draw == 1
                      and "defer" in pruning)
        # and the runs on two twin cards may swap places (``swap``, see :func:`_swap_tails`)
        # (in the draw-1 relaxation, or in the draw-3 game as a relaxation of its own:
        # ``swap3``, see :func:`~parlour.solvers.klondike.solve`)
        self.swap = relaxed and complete and self.reach == draw and "swap" in pruning
        # (``swaptwin``: with ``swap``, no twin move where a plain move gives its position)
        self.prune_swaptwin = self.swap and "swaptwin" in pruning

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
        swap = self.prune_swaptwin
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
        # (``chain``: the talon and foundation cards worth putting on the tableau; all
        # of them otherwise)
        useful: i64 = -1
        if self.prune_chain:
            useful = _useful_cards(f, faceup, reach)
            # only those go to the tableau: to a card uncovered by a split, or to an
            # empty pile
            usable = faceup | useful
            king_waiting = _KINGS & (useful | (faceup & ~bottoms)) != 0
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
                elif reach >> b & 1 and useful >> b & 1 and (
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
                if _KING[c] and useful >> c & 1 and (
                        not prune_talon or i64(_BELOW_BITS[c]) & usable != 0):
                    score = 18
                    if rng is not None:
                        score += rng.randrange(JITTER)
                    out.append((255 - score) << 40 | k << 32 | _TALON | c << 3 | e << 13)
                    k += 1
        # cards back from the foundations, only when some card could be built on them
        # the foundation cards that may come back: with ``used``, those a chain
        # ending at a visible card starts from (see _useful_home); else all or
        # none, as some card could lie on one of them or not
        worth: i64 = -1
        if complete:
            if prune_back:
                worth = (useful if self.prune_chain
                         else _useful_home(f, faceup | reach) if self.prune_used
                         else -1 if _back_useful_in(f, faceup | reach) else 0)
            for s in range(4):
                n = f >> 4 * s & 15
                if not n:
                    continue
                c = _card(s, n)
                if not worth >> c & 1 or (prune_back and _safe_in(s, n, f - (one << 4 * s))):
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
                        # (in a game with ``swap``, the run and the card put on the
                        # place it leaves free are swapped back: the same position as
                        # the card put on the other place, a move of its own, see
                        # _swap_tails; so such twin moves are made only where that
                        # move is not)
                        if loc & 63 == 1 + q[0] and not (swap and (
                                q[0] or not prune_emptying or king_waiting)):
                            out.append(base | (_PILE | (loc >> 6) << 3
                                               | (len(q) - (loc & 63)) << 9 | i << 13) << 16)
                    elif reach >> other & 1:
                        if useful >> other & 1 and not (swap and (
                                not prune_talon or i64(_BELOW_BITS[other]) & usable != 0)):
                            out.append(base | (_TALON | other << 3 | i << 13) << 16)
                    elif home_tops >> other & 1 and useful >> other & 1:
                        s = _SUIT[other]
                        if not (swap and worth >> other & 1 and not (prune_back and _safe_in(
                                s, f >> 4 * s & 15, f - (one << 4 * s)))):
                            out.append(base | (_HOME | s << 3 | i << 13) << 16)
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
