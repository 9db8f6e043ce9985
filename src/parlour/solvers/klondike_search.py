"""One search of a Klondike deal (typed Python that ``make`` compiles with mypyc):
:class:`Solver`, depth first or best first, complete or quick, exact or one of the
relaxations that :func:`parlour.solvers.klondike.solve` runs side by side, over the
moves its :class:`~parlour.solvers.klondike_rules.Rules` allow; the table quick
searches share."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any

from parlour.games.klondike_engine import KlondikeState
from parlour.solvers.klondike_legal import PRUNINGS
from parlour.solvers.klondike_lines import expand
from parlour.solvers.klondike_moves import (
    _CODE,
    _HOME,
    _NODE,
    _first_visit,
    _swap_into,
    _swap_tails,
    _unpacked,
    _using,
    _won,
)
from parlour.solvers.klondike_position import (
    Move,
    Position,
    blocked,
    pile_key,
    position_key,
    reach_mask,
    start_position,
)
from parlour.solvers.klondike_rules import Rules

try:
    from mypy_extensions import i64
except ImportError:  # pure Python without mypy installed: i64 is only a type there
    i64 = int  # type: ignore[misc]


class _OutOfTime(Exception):
    pass


@dataclass
class SolveResult:
    """``result`` is ``win``, ``lose`` or ``unknown``; ``moves`` replay a win in the engine."""

    result: str
    moves: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    # which search settled it (``solve``): quick, exact, draw1, swap, best or blocked;
    # for ``unknown``, "open: " and the searches still running when time ran out
    by: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "moves": self.moves, "states": self.states,
                "seconds": round(self.seconds, 3), "by": self.by}


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


class Solver(Rules):
    """One search; :meth:`run` returns a :class:`SolveResult`."""

    def __init__(self, deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
                 max_states: int | None = None, complete: bool = True,
                 pruning: frozenset[str] = PRUNINGS, max_nodes: int | None = None,
                 jitter: int = 0, reach: int = 0, table: QuickTable | None = None,
                 relaxed: bool = False, best_first: bool = False) -> None:
        super().__init__(draw, complete, pruning, jitter, reach, relaxed)
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
        self.time_limit = time_limit
        self.max_states = max_states
        self.max_nodes = max_nodes
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
        prune_used = self.prune_used
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
            options = self._gen(child)
            if came_back and prune_used and code & 7 == _HOME:
                options = _using(options, choices[top], code >> 13 & 7)
            choices.append(options)
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
        complete search (but for ``used``'s narrowing of the moves right after a
        card came back, which needs the moves of the position before): the open
        position with the fewest moves so far plus a bound on those left (every
        card not home and every card face down) is expanded next, ties to the
        deepest. Where the depth-first search can spend its time
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
