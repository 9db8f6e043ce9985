"""What playing a move does to a Klondike position under one search's rules, settled
(typed Python that ``make`` compiles with mypyc): :class:`Rules`, which every
:class:`~parlour.solvers.klondike_search.Solver` is, built on the moves the rules
allow (:class:`~parlour.solvers.klondike_legal.LegalMoves`)."""

from __future__ import annotations

from parlour.solvers.klondike_legal import LegalMoves
from parlour.solvers.klondike_moves import (
    _CHAIN,
    _DOWN,
    _HOME,
    _ON0,
    _ON1,
    _ONE,
    _PILE,
    _SUCC,
    _SUIT,
    _TALON,
    _TO_FOUNDATION,
    _TWIN,
    _card,
    _cards_of,
    _decode,
    _encode,
    _home_now,
    _next_cards,
    _ready,
    _taken,
    _tops,
    _twin_at,
    _twin_near,
    _twin_pair,
    _unpacked,
)
from parlour.solvers.klondike_position import (
    BIT,
    Move,
    Position,
    packed,
)

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]


class Rules(LegalMoves):
    """One search's rules (:class:`~parlour.solvers.klondike_legal.LegalMoves`: the moves
    of a position, best first) and what playing a move does, settled (:meth:`_step`). A
    :class:`~parlour.solvers.klondike_search.Solver` is one, with a search over them."""

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

    # --- the same with moves as tuples (the tests, the line of a win) -----------------

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
