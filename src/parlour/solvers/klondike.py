"""A Klondike solver that sees every card ("thoughtful" solitaire), in pure Python.

Depth-first search over positions, with:

- the stock and waste as one ordered *talon*: every card that drawing can bring
  to the top of the waste is one move (the "K+" macro move of Solvitaire), so
  draws are never searched; the talon's order never changes, only cards leave;
- face-down cards turned as soon as they are on top (turning never hurts);
- provably safe moves to the foundations played at once (see :func:`safe`);
- a transposition table on a canonical key (the piles sorted, so piles that
  differ only in their places are one position; the foundations follow from
  the other cards, so they are left out);
- only sound pruning: one empty pile stands for all; a whole pile is never moved
  onto an empty pile; a foundation card comes back only if some card could
  then go on it, and never a safe one.

So ``lose`` is a proof, ``win`` comes with moves that replay in the engine, and
``unknown`` means the time ran out.

>>> result = solve(deal_from_seed(1), draw=1, time_limit=20)
>>> result.result
'win'
>>> replays(deal_from_seed(1), result.moves, draw=1)
True
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.games.klondike import (
    KLONDIKE_RANK,
    KlondikeOptions,
    KlondikeState,
    deal_from_seed,
    is_red,
    layout,
    make_record,
)

KR = KLONDIKE_RANK
SUIT = tuple(c // 13 for c in range(52))
RED = tuple(is_red(c) for c in range(52))
# The card of a suit and Klondike rank (1 = ace .. 13 = king).
CARD = tuple(tuple(s * 13 + (r + 11) % 13 if r else -1 for r in range(14)) for s in range(4))
# BELOW[c]: the two cards that may lie on c in the tableau; KINGS mark empty-pile candidates.
BELOW = tuple(
    tuple(d for d in range(52) if KR[d] + 1 == KR[c] and RED[d] != RED[c]) for c in range(52)
)
# For each suit: the two suits of the other colour and the other suit of its colour.
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
PARTNER = (3, 2, 1, 0)

# A position: the seven piles as bytes (byte 0 the face-down count, then the cards
# bottom to top), the foundations (counts per suit), the talon (cards in stock
# order: waste bottom .. waste top, stock top .. stock bottom) and the pointer
# (how many talon cards are in the waste; always 0 with draw 1, where it never matters).
Position = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int]
# A logical move: ("talon", card, target) | ("pile", source, count, target) |
# ("home", suit, target); target is a pile index 0..6 or -1 for the foundation.
Move = tuple[Any, ...]


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


def safe(c: int, found: Sequence[int]) -> bool:
    """Whether sending ``c`` to its foundation can never cost the game.

    The only use of a card in the tableau is to hold the cards one rank lower of
    the other colour (and, through them, its own colour two lower). When those
    are all home, nothing useful can ever be built on ``c``, even with cards
    coming back from the foundations, so it may as well go home.
    """
    s, r = SUIT[c], KR[c]
    if found[s] != r - 1:
        return False
    if r <= 2:
        return True
    o1, o2 = OPPOSITE[s]
    return found[o1] >= r - 1 and found[o2] >= r - 1 and found[PARTNER[s]] >= r - 2


_REACH: dict[tuple[int, int, int], tuple[int, ...]] = {}


def reachable(size: int, pointer: int, draw: int) -> tuple[int, ...]:
    """Indices of the talon cards that drawing can bring to the top of the waste,
    cheapest first (the waste top itself costs nothing).

    >>> reachable(7, 0, 3)
    (2, 5, 6)
    >>> reachable(7, 4, 3)
    (3, 6, 2, 5)
    """
    key = (size, pointer, draw)
    found = _REACH.get(key)
    if found is not None:
        return found
    seen: list[int] = []
    q = pointer
    if draw == 1:
        order = list(range(pointer - 1, size)) + list(range(pointer - 1))
        out = tuple(i for i in order if i >= 0)
        _REACH[key] = out
        return out
    while True:
        if q > 0 and q - 1 not in seen:
            seen.append(q - 1)
        if q == size:
            break
        q = min(q + draw, size)
    q = 0
    while q < size:
        q = min(q + draw, size)
        if q - 1 not in seen:
            seen.append(q - 1)
    out = tuple(seen)
    _REACH[key] = out
    return out


def _pile(down: int, cards: Sequence[int] | bytes) -> bytes:
    return bytes((down, *cards))


def start_position(deal: Sequence[int]) -> Position:
    piles, stock = layout(deal)
    return (tuple(_pile(len(p) - 1, p) for p in piles), (0, 0, 0, 0), bytes(stock), 0)


def _key(pos: Position) -> bytes:
    piles, _found, talon, pointer = pos
    return b"\xff".join(sorted(piles)) + b"\xfe" + talon + bytes((pointer,))


class Solver:
    """One search; :meth:`run` returns a :class:`SolveResult`."""

    def __init__(self, deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
                 max_states: int | None = None) -> None:
        self.deal = list(deal)
        self.draw = draw
        self.time_limit = time_limit
        self.max_states = max_states
        self.seen: set[bytes] = set()
        self.path: list[list[Move]] = []
        self.deadline = 0.0
        self.nodes = 0

    def run(self, start: Position | None = None) -> SolveResult:
        t0 = time.perf_counter()
        self.deadline = t0 + self.time_limit if self.time_limit is not None else float("inf")
        pos = start or start_position(self.deal)
        moves0, pos = self._settle(pos, [])
        self.path = [moves0]
        self.seen = {_key(pos)}
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            won = self._won(pos) or self._search(pos)
            result = "win" if won else "lose"
        except _OutOfTime:
            result = "unknown"
        finally:
            sys.setrecursionlimit(limit)
        out = SolveResult(result, states=len(self.seen))
        if result == "win":
            out.moves = expand(self.deal, [m for ms in self.path for m in ms], self.draw)
        out.seconds = time.perf_counter() - t0
        return out

    # --- search ------------------------------------------------------------

    @staticmethod
    def _won(pos: Position) -> bool:
        # Every card face up and the talon empty: the rest goes home by itself.
        return not pos[2] and all(p[0] == 0 for p in pos[0])

    def _search(self, pos: Position) -> bool:
        self.nodes += 1
        if self.nodes & 1023 == 0 and (
            time.perf_counter() > self.deadline
            or (self.max_states is not None and len(self.seen) > self.max_states)
        ):
            raise _OutOfTime
        seen = self.seen
        for moves, child in self._children(pos):
            key = _key(child)
            if key in seen:
                continue
            seen.add(key)
            self.path.append(moves)
            if self._won(child) or self._search(child):
                return True
            self.path.pop()
        return False

    def _settle(self, pos: Position, moves: list[Move]) -> tuple[list[Move], Position]:
        """Play every safe move to the foundations (turning cards as they come up)."""
        piles, found, talon, pointer = pos
        pl = list(piles)
        fd = list(found)
        changed = True
        while changed:
            changed = False
            for i in range(7):
                p = pl[i]
                if len(p) > 1:
                    c = p[-1]
                    if safe(c, fd):
                        fd[SUIT[c]] += 1
                        down = p[0]
                        if down and down == len(p) - 2:
                            down -= 1
                        pl[i] = bytes((down,)) + p[1:-1]
                        moves.append(("pile", i, 1, -1))
                        changed = True
            if self.draw == 1 and talon:
                for j, c in enumerate(talon):
                    if safe(c, fd):
                        fd[SUIT[c]] += 1
                        talon = talon[:j] + talon[j + 1:]
                        moves.append(("talon", c, -1))
                        changed = True
                        break
        return moves, (tuple(pl), tuple(fd), talon, pointer)

    def _children(self, pos: Position) -> list[tuple[list[Move], Position]]:
        piles, found, talon, pointer = pos
        draw = self.draw
        scored: list[tuple[int, Move]] = []
        tops = [p[-1] if len(p) > 1 else -1 for p in piles]
        empty = next((i for i in range(7) if len(piles[i]) == 1), -1)
        # where each face-up card lies: card -> (pile, index in the bytes)
        where: dict[int, tuple[int, int]] = {}
        for i in range(7):
            p = piles[i]
            for j in range(1 + p[0], len(p)):
                where[p[j]] = (i, j)
        reach = reachable(len(talon), pointer, draw) if talon else ()
        reach_cards = {talon[j]: j for j in reach}

        for i in range(7):
            c = tops[i]
            if c >= 0 and found[SUIT[c]] + 1 == KR[c]:
                p = piles[i]
                bonus = 60 + p[0] * 3 if len(p) - 2 == p[0] and p[0] else 40
                scored.append((bonus, ("pile", i, 1, -1)))
        for c in reach_cards:
            if found[SUIT[c]] + 1 == KR[c]:
                scored.append((45, ("talon", c, -1)))
        # runs between piles: for each target top, the two cards that may go on it
        for t in range(7):
            u = tops[t]
            if u < 0:
                continue
            for b in BELOW[u]:
                loc = where.get(b)
                if loc is not None:
                    i, j = loc
                    p = piles[i]
                    if j == 1 + p[0]:
                        score = 50 + p[0] * 3 if p[0] else 30  # turns a card / empties a pile
                    else:
                        score = 5  # splits a run: rarely needed, searched late
                    scored.append((score, ("pile", i, len(p) - j, t)))
                elif b in reach_cards:
                    scored.append((20, ("talon", b, t)))
        if empty >= 0:
            for c, (i, j) in where.items():
                if KR[c] == 13 and j > 1:
                    p = piles[i]
                    score = 48 + p[0] * 3 if j == 1 + p[0] else 5
                    scored.append((score, ("pile", i, len(p) - j, empty)))
            for c in reach_cards:
                if KR[c] == 13:
                    scored.append((18, ("talon", c, empty)))
        # cards back from the foundations, only when something could go on them
        for s in range(4):
            n = found[s]
            if not n:
                continue
            f = CARD[s][n]
            if safe(f, (*found[:s], n - 1, *found[s + 1:])):
                continue
            if not any(b in where or b in reach_cards or found[SUIT[b]] == KR[b]
                       for b in BELOW[f]):
                continue
            for t in range(7):
                u = tops[t]
                if (u >= 0 and KR[f] + 1 == KR[u] and RED[f] != RED[u]) or (
                        u < 0 and t == empty and n == 13):
                    scored.append((0, ("home", s, t)))
        scored.sort(key=lambda sm: -sm[0])
        out = []
        for _score, move in scored:
            child = self._play(pos, move)
            out.append(self._settle(child, [move]))
        return out

    def _play(self, pos: Position, move: Move) -> Position:
        piles, found, talon, pointer = pos
        kind = move[0]
        pl = list(piles)
        fd = list(found)
        if kind == "talon":
            c, target = move[1], move[2]
            j = talon.index(c)
            talon = talon[:j] + talon[j + 1:]
            pointer = j if self.draw > 1 else 0
            cards: bytes = bytes((c,))
        elif kind == "pile":
            i, count, target = move[1], move[2], move[3]
            p = piles[i]
            cards = p[-count:]
            rest = p[:-count]
            down = rest[0]
            if down and down == len(rest) - 1:
                down -= 1
            pl[i] = bytes((down,)) + rest[1:]
        else:
            s, target = move[1], move[2]
            cards = bytes((CARD[s][found[s]],))
            fd[s] -= 1
        if target < 0:
            fd[SUIT[cards[0]]] += 1
        else:
            pl[target] = pl[target] + cards
        return (tuple(pl), tuple(fd), talon, pointer)


# --- turning logical moves into the engine's notation -----------------------------


def expand(deal: Sequence[int], moves: Sequence[Move], draw: int,
           auto_flip: bool = False) -> list[str]:
    """The concrete actions (draws, flips, moves) of a line of logical moves, checked by
    playing them in the engine, finished with every card sent home."""
    state = KlondikeState(deal, KlondikeOptions(draw=draw, auto_flip=auto_flip,
                                                auto_complete=False), clock=lambda: 0.0)
    out: list[str] = []

    def act(text: str) -> None:
        state.apply(state.parse_action(text))
        out.append(text)
        if not auto_flip:
            for p in range(7):
                if state.tableau[p] and state.hidden[p] == len(state.tableau[p]):
                    act(f"flip T{p + 1}")

    def where(target: int, card: int) -> str:
        return f"T{target + 1}" if target >= 0 else "F" + "CDHS"[card // 13]

    for move in moves:
        if move[0] == "talon":
            c, target = move[1], move[2]
            for _ in range(200):
                if state.waste and state.waste[-1] == c:
                    break
                act("draw")
            act(f"move W {where(target, c)}")
        elif move[0] == "pile":
            i, count, target = move[1], move[2], move[3]
            c = state.tableau[i][-count]
            act(f"move T{i + 1} {where(target, c)}" + (f" {count}" if count > 1 else ""))
        else:
            s, target = move[1], move[2]
            act(f"move F{'CDHS'[s]} T{target + 1}")
    while state.cards_placed() < 52:
        for p in range(7):
            if state.tableau[p]:
                c = state.tableau[p][-1]
                if state.foundation[c // 13] + 1 == KR[c]:
                    act(f"move T{p + 1} F{'CDHS'[c // 13]}")
                    break
        else:
            raise AssertionError("the solver's line does not finish: a solver bug")
    return out


def replays(deal: Sequence[int], moves: Sequence[str], draw: int,
            auto_flip: bool = False) -> bool:
    """Whether a move list wins the deal when played through the engine."""
    state = KlondikeState(deal, KlondikeOptions(draw=draw, auto_flip=auto_flip,
                                                auto_complete=False), clock=lambda: 0.0)
    for text in moves:
        state.apply(state.parse_action(text))
    return state.won


def solve(deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
          auto_flip: bool = False, max_states: int | None = None) -> SolveResult:
    """Solve a deal: ``win`` (with moves), ``lose`` (proved) or ``unknown`` (out of time)."""
    result = Solver(deal, draw, time_limit, max_states).run()
    if result.result == "win" and auto_flip:
        result.moves = [m for m in result.moves if not m.startswith("flip")]
    return result


def solution_record(deal: Sequence[int], result: SolveResult, draw: int) -> dict[str, Any]:
    """A record of a solved deal (``auto_complete`` off, so every move is kept)."""
    return make_record(deal, result.moves, KlondikeOptions(draw=draw, auto_complete=False))


def solve_seed(seed: int, draw: int = 1, time_limit: float | None = 10.0) -> SolveResult:
    return solve(deal_from_seed(seed), draw, time_limit)
