"""A Klondike solver that sees every card ("thoughtful" solitaire); typed Python that
``make`` compiles with mypyc.

Depth-first search over positions, with:

- the stock and waste as one ordered *talon*: every card that drawing can bring
  to the top of the waste is one move (the "K+" macro move of Solvitaire), so
  draws are never searched; the talon's order never changes, only cards leave;
- face-down cards turned as soon as they are on top (turning never hurts);
- provably safe moves to the foundations played at once (see :func:`safe`);
- in the complete search, positions one move from each other both ways searched as
  one: a card that could go home and come straight back goes home (``undone``), a
  run whose two places are both there lies on the lower-numbered (``twin``, see
  :func:`_twins`);
- a transposition table on a canonical key (the piles sorted, so piles that
  differ only in their places are one position; the foundations follow from
  the other cards, so they are left out);
- only sound pruning (each rule can be switched off: see ``PRUNINGS``), and
  positions proved lost without search (:func:`blocked`);
- a quick search for wins (restarted with other move orders) taking turns with
  the complete one.

The position and its encoding are in :mod:`parlour.solvers.klondike_position`,
the expansion of a line into the engine's notation in
:mod:`parlour.solvers.klondike_lines`, the solver's answers for games in
progress (still winnable?) and winnable deals in
:mod:`parlour.solvers.klondike_winnable`.

So ``lose`` is a proof, ``win`` comes with moves that replay in the engine, and
``unknown`` means the time ran out.

>>> result = solve(deal_from_seed(1), draw=1, time_limit=5)
>>> result.result in ("win", "lose", "unknown")
True
>>> result.result != "win" or replays(deal_from_seed(1), result.moves, draw=1)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import deal_from_seed
from parlour.games.klondike_records import make_record
from parlour.solvers.klondike_lines import expand, replays
from parlour.solvers.klondike_position import (
    ABOVE0,
    ABOVE1,
    BELOW,
    CARD,
    KR,
    OPPOSITE,
    PARTNER,
    RED,
    SUCC,
    SUIT,
    SUIT_UPTO,
    Move,
    Position,
    blocked,
    position_key,
    reach_mask,
    reachable,
    safe,
    safe_now,
    start_position,
)

__all__ = [
    "CARD", "PRUNINGS", "Position", "QuickTable", "SolveResult", "Solver", "blocked",
    "expand", "position_key", "reachable", "replays", "safe", "solution_record", "solve",
    "solve_seed", "start_position",
]

# The share of the time the quick search (for wins) may take before the complete one.
QUICK_SHARE: Final = 0.5
# The quick search restarts with other move orders, its node budget doubling each time
# (a depth-first search that went wrong early rarely recovers).
QUICK_NODES: Final = 3000
JITTER: Final = 12
# The rounds in which a quick draw-1 search takes half of the draw-1 relaxation's turn
# (a draw-1 win drops the relaxation); later rounds, which are most of the time, are
# the relaxation's own (most draw-1 wins are found early, and the deals left are more
# often draw-1 losses, which only the relaxation proves).
PROBE_ROUNDS: Final = 4
# Seconds a turn for each complete search once the quick one is over.
SLICE: Final = 0.5

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
# - ``draw1``: with draw 3, a deal proved lost with draw 1 is lost (see :func:`solve`);
# - ``undone``: in the complete search, a card that could go home and come straight back
#   to where it lies goes home at once (see :meth:`Solver._settle`);
# - ``twin``: in the complete search, a run that lies on one of the two cards it may lie
#   on, the other being free on top of its pile, lies on the lower-numbered of the two
#   (see :func:`_twins`);
# - ``defer``: in the draw-1 relaxation of a draw-3 deal, a talon card goes home only
#   together with the next cards of its suit, the last from the top of a pile (see
#   :meth:`Solver._moves`);
# - ``swap``: in that relaxation the runs on two twin cards may swap places, a move
#   the relaxation adds (see :func:`_swap_tails`).
PRUNINGS: Final = frozenset({"safe", "talon", "split", "back", "empty", "emptying",
                             "pointer", "blocked", "draw1", "undone", "twin", "defer",
                             "swap"})


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


def _holds(c: int, found: Sequence[int], where: list[int], reach: list[bool]) -> bool:
    """Whether some card could go on ``c`` right now (face up in the tableau, reachable
    in the talon, or on top of its foundation).

    A card put on the tableau from a draw-1 talon (which it could leave at any time)
    or from a foundation need only go there just before something is put on it, so
    without such a card the move can wait: pruning it is sound."""
    return any(where[b] >= 0 or reach[b] or found[SUIT[b]] == KR[b] for b in BELOW[c])


def _back_useful(found: Sequence[int], visible: int) -> bool:
    """Whether a card out of the foundations could be worth having back in the tableau:
    some card face up in the tableau or reachable in the talon could lie on a card
    that is now in a foundation.

    Cards come back from the foundations only to hold cards, directly or by
    uncovering the foundation card under them, or by holding other cards that came
    back; such a chain ends at a card from the tableau or the talon, and all its
    moves can wait until just before that card is put on it. (A test that only
    looked for a card to put on the returning card itself was unsound: a card may
    come back only to uncover the one under it.)

    ``visible`` holds the cards face up in the tableau or reachable in the talon as
    bits; a suit's 13 bits run from the two to the king, then the ace, so the cards
    one rank higher are those bits shifted by one (the king's dropped, the ace's to
    the two's place).

    >>> # the two of hearts home: the ace of clubs could lie on it, the ace of diamonds not
    >>> _back_useful((0, 0, 2, 0), 1 << CARD[0][1]), _back_useful((0, 0, 2, 0), 1 << CARD[1][1])
    (True, False)
    """
    for s in range(4):
        v = visible >> 13 * s & 0x1FFF
        up = (v & 0x7FF) << 1 | v >> 12 & 1
        o1, o2 = OPPOSITE[s]
        home = SUIT_UPTO[o1][found[o1]] >> 13 * o1 | SUIT_UPTO[o2][found[o2]] >> 13 * o2
        if up & home:
            return True
    return False


def _next_home(y: int, found: Sequence[int], reach: list[bool], defer: bool) -> bool:
    """Whether ``y`` could go home now: it is next on its foundation, or (``defer``) the
    cards between are all in reach in the talon, to go home just before it."""
    n = found[SUIT[y]] + 1
    if n == KR[y]:
        return True
    if not defer or n > KR[y]:
        return False
    c = CARD[SUIT[y]][n]
    while c != y:
        if not reach[c]:
            return False
        c = SUCC[c]
    return True


def _home_chain(y: int, found: Sequence[int], pile: int) -> Move:
    """The move sending home the talon cards below ``y`` (in reach), then ``y`` from the
    top of ``pile``."""
    chain: list[Move] = []
    c = CARD[SUIT[y]][found[SUIT[y]] + 1]
    while c != y:
        chain.append(("talon", c, -1))
        c = SUCC[c]
    chain.append(("pile", pile, 1, -1))
    return ("chain", tuple(chain))


def _usable(p: bytes, j: int, pile: int, found: Sequence[int],
            where: list[int], reach: list[bool], tops: Sequence[int],
            empty: int, defer: bool = False) -> bool:
    """Whether card ``y = p[j - 1]``, uncovered by moving the run from ``p[j]`` off it,
    could be used right away: sent home, given another card, or moved (alone or
    carried by a run that starts further down its pile).

    Splitting a run can always wait until just before its uncovered card is used
    (nothing else can touch it meanwhile), so a split that uncovers an unusable
    card is pruned soundly."""
    y, base = p[j - 1], p[j]
    if _next_home(y, found, reach, defer):
        return True
    for b in BELOW[y]:
        if b != base and (where[b] >= 0 or reach[b] or found[SUIT[b]] == KR[b]):
            return True
    for k in range(1 + p[0], j):
        x = p[k]
        if KR[x] == 13:
            if empty >= 0:
                return True
        elif any(v >= 0 and i != pile and KR[x] + 1 == KR[v] and RED[x] != RED[v]
                 for i, v in enumerate(tops)):
            return True
    return False


# NEXT[s][n]: the bit of the card of suit s that goes on a foundation holding n cards
NEXT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(1 << CARD[s][n + 1] if n < 13 else 0 for n in range(14)) for s in range(4))
# the two cards each card may lie on, as bytes (255: none)
_ON0: Final = bytes(c if c >= 0 else 255 for c in ABOVE0)
_ON1: Final = bytes(c if c >= 0 else 255 for c in ABOVE1)
_KING: Final = bytes(1 if KR[c] == 13 else 0 for c in range(52))
# the card of the same rank and colour, of the other suit
_TWIN: Final = bytes(CARD[PARTNER[SUIT[c]]][KR[c]] for c in range(52))


def _goes_home(p: bytes, ready: int, nxt: int, undone: bool) -> bool:
    """Whether the top card of pile ``p`` goes home at once: it is safe (in ``ready``),
    or (``undone``) it is next on its foundation (in ``nxt``) and could come straight
    back to where it lies, on a face-up card or, a king alone, to the pile it empties."""
    n = len(p)
    if n < 2:
        return False
    c = p[n - 1]
    if ready >> c & 1:
        return True
    return undone and nxt >> c & 1 == 1 and (n - 2 > p[0] or (n == 2 and _KING[c] == 1))


def _twin_at(p: bytes, tops: int) -> int:
    """The index in pile ``p`` of the first card lying face up on one of its two places
    while the other, lower-numbered, is free on top of a pile (a card of ``tops``), or 0."""
    for j in range(p[0] + 2, len(p)):
        b = p[j]
        u1 = p[j - 1]
        u2 = _ON0[b]
        if u2 == u1:
            u2 = _ON1[b]
        if u2 < u1 and tops >> u2 & 1:
            return j
    return 0


def _twin_near(piles: tuple[bytes, ...], a: int, b: int) -> bool:
    """Whether a move from pile ``a`` to pile ``b`` (or from the talon to ``a == b``) of
    a settled position left a run that should move to its twin place: only a run put
    on a card (in ``b``) or one lying on the twin of the card left free on top of ``a``
    (the card of the same rank and colour) can."""
    tops = 0
    for i in range(7):
        p = piles[i]
        if len(p) > 1:
            tops |= 1 << p[len(p) - 1]
    if _twin_at(piles[b], tops):
        return True
    p = piles[a]
    if len(p) < 2:
        return False
    u = p[len(p) - 1]
    w = _TWIN[u]
    if w < u:
        return False
    for i in range(7):
        q = piles[i]
        for k in range(q[0] + 1, len(q) - 1):
            if q[k] == w:
                return True
    return False


def _twins(piles: tuple[bytes, ...]) -> list[tuple[int, int, int]]:
    """The runs that could move to their *twin* place: ``(pile, count, target)`` for a run
    of ``count`` cards lying face up on one of the two cards its bottom card may lie on
    (in ``pile``), the other being free on top of pile ``target``.

    The run can go there and come straight back (no card is turned), so the two
    positions are won or lost together. The complete search keeps every such run on
    the lower-numbered of its two places; what only the other place allows (a card
    put on the card the run leaves free, that card going home) it plays as one move
    after moving the run over (see :meth:`Solver._moves`). Moving the run frees a
    card that only the run's bottom card and its own twin (of the same rank and
    colour) may lie on, and the twin lies on neither card, so no other run can then
    move to a twin place: one run moved over is enough.

    >>> from parlour.cards import parse_card
    >>> pile = lambda down, text: bytes((down, *(parse_card(c) for c in text.split())))
    >>> # the 5♥ on the 6♠ (hearts 2, spades 3), the 6♣ (clubs 0) free
    >>> _twins((pile(0, "KD 6S 5H"), pile(1, "2D 6C")) + (bytes(1),) * 5)
    [(0, 1, 1)]
    """
    out: list[tuple[int, int, int]] = []
    tops = 0
    for i in range(7):
        p = piles[i]
        if len(p) > 1:
            tops |= 1 << p[len(p) - 1]
    if not tops:
        return out
    for i in range(7):
        p = piles[i]
        for j in range(p[0] + 2, len(p)):
            b = p[j]
            u1 = p[j - 1]
            u2 = _ON0[b]
            if u2 == u1:
                u2 = _ON1[b]
            if u2 == 255 or not tops >> u2 & 1:
                continue
            for t in range(7):
                q = piles[t]
                if len(q) > 1 and q[len(q) - 1] == u2:
                    out.append((i, len(p) - j, t))
    return out


def _swap_tails(piles: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The piles with every two twin cards (the same rank and colour) that both hold a
    run lying so that the lower-numbered holds the run whose first card is the
    lower-numbered: the runs on them swapped where needed.

    Not a move of the game: the draw-1 relaxation of a draw-3 deal allows it (a game
    with more moves, lost only if the deal is; see :func:`solve`). A run fits on
    either twin, and only the two runs' first cards (twins too) may lie on them, so
    each pair is settled on its own, and the positions that differ only so are one.

    >>> from parlour.cards import parse_card
    >>> pile = lambda down, text: bytes((down, *(parse_card(c) for c in text.split())))
    >>> # the 5♦ (lower-numbered than the 5♥) holds the 4♠, the 5♥ the 4♣ (lower than the 4♠)
    >>> swapped = _swap_tails((pile(1, "KC 5H 4C 3D"), pile(2, "9S 8S 5D 4S")) + (bytes(1),) * 5)
    >>> swapped[:2] == (pile(1, "KC 5H 4S"), pile(2, "9S 8S 5D 4C 3D"))
    True
    """
    where = [-1] * 52
    for i in range(7):
        p = piles[i]
        for j in range(p[0] + 1, len(p) - 1):
            where[p[j]] = i * 64 + j
    out: list[bytes] | None = None
    for c in range(52):
        w = _TWIN[c]
        if w < c or where[c] < 0 or where[w] < 0:
            continue
        pl = out if out is not None else list(piles)
        i, j = where[c] >> 6, where[c] & 63
        k, m = where[w] >> 6, where[w] & 63
        if i == k or pl[i][j + 1] < pl[k][m + 1]:
            continue  # (both in one pile, one run on the other: left as it is)
        out = pl
        pi, pk = pl[i], pl[k]
        pl[i] = pi[:j + 1] + pk[m + 1:]
        pl[k] = pk[:m + 1] + pi[j + 1:]
        # the cards in the runs moved: their places changed
        for t in (i, k):
            q = pl[t]
            for n in range(q[0] + 1, len(q) - 1):
                where[q[n]] = t * 64 + n
    return tuple(out) if out is not None else piles


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


class Solver:
    """One search; :meth:`run` returns a :class:`SolveResult`."""

    def __init__(self, deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
                 max_states: int | None = None, complete: bool = True,
                 pruning: frozenset[str] = PRUNINGS, max_nodes: int | None = None,
                 jitter: int = 0, reach: int = 0, table: QuickTable | None = None,
                 relaxed: bool = False) -> None:
        self.deal = list(deal)
        # a quick search may start from the positions an earlier one ran through (see
        # :class:`QuickTable`)
        self.table = table
        self.complete = complete
        self.pruning = pruning
        self.draw = draw
        # the talon's reach that moves are generated with: ``draw`` unless a quick search
        # with draw 1 looks only for lines that draw 3 allows too (far fewer talon moves)
        self.reach = reach or draw
        self.time_limit = time_limit
        self.max_states = max_states
        self.max_nodes = max_nodes
        # jitter > 0 shuffles moves of nearly equal promise (seeded): a restart of the
        # quick search then tries other lines first
        self.rng = random.Random(jitter) if jitter else None
        # positions searched: with draw 3, per position without its pointer, the mask of
        # talon cards reachable from the first pointer searched (see :func:`reach_mask`),
        # and in ``more`` those of the other pointers searched (rarely any); ints only,
        # so the garbage collector need not look into the table
        self.seen: dict[bytes, int] = {}
        self.more: dict[bytes, list[int]] = {}
        self.states = 0
        self.path: list[list[Move]] = []
        self.deadline = 0.0
        self.nodes = 0
        self.positions: list[Position] = []
        self.choices: list[list[Move]] = []
        self.tried: list[int] = []
        # whether each position on the stack came back from a foundation (see
        # :meth:`_settle`: its cards that could go home are left where they are)
        self.back: list[bool] = []
        self.settled = ""
        self.bare = False
        self.check_blocked = "blocked" in pruning
        self.prune_safe = "safe" in pruning
        self.prune_talon = self.reach == 1 and "talon" in pruning
        self.prune_split = "split" in pruning
        self.prune_back = "back" in pruning
        self.prune_empty = "empty" in pruning
        self.prune_emptying = "emptying" in pruning
        # (the quick search brings no cards back from the foundations, so it must leave
        # them in the tableau)
        self.prune_undone = complete and "undone" in pruning
        self.prune_twin = complete and "twin" in pruning
        # a complete draw-1 search whose wins are thrown away (the relaxation of a draw-3
        # deal, see :func:`solve`): a talon card goes home only when the next card of its
        # suit follows it at once (``defer``), and a position with every card face up is
        # won (its line is not kept, so it need not be played to the end)
        self.defer = (relaxed and complete and self.reach == 1 and draw == 1
                      and "defer" in pruning)
        # and the runs on two twin cards may swap places (``swap``, see :func:`_swap_tails`)
        self.swap = (relaxed and complete and self.reach == 1 and draw == 1
                     and "swap" in pruning)
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
        self.path = [moves0]
        if self.table is not None and not self.complete:
            self.seen, self.more = self.table.seen, self.table.more
            self.seen[position_key(pos)] = self._mask(pos)
        else:
            self.seen = {position_key(pos): self._mask(pos)}
            self.more = {}
        self.states = 1
        self.positions = [pos]
        self.choices = [self._moves(pos)]
        self.tried = [0]
        self.back = [False]
        self.settled = ""
        if self._won(pos):
            self.settled = "win"
        elif self.complete and "blocked" in self.pruning and blocked(pos, self.reach):
            self.settled = "lose"

    def advance(self, seconds: float | None) -> str:
        """Search on for up to ``seconds``: ``win``, ``lose`` or ``unknown`` (not yet)."""
        if not self.settled:
            self.deadline = (time.perf_counter() + seconds if seconds is not None
                             else float("inf"))
            try:
                self.settled = "win" if self._search() else "lose"
            except _OutOfTime:
                return "unknown"
        return self.settled

    def outcome(self, result: str, seconds: float) -> SolveResult:
        out = SolveResult(result, states=self.states, seconds=seconds)
        if result == "win" and not self.bare:
            # (a line from a bare position, without its game, is not expanded)
            out.moves = expand(self.deal, [m for ms in self.path for m in ms], self.draw,
                               start=self.start_state)
        return out

    # --- search ------------------------------------------------------------

    def _mask(self, pos: Position) -> int:
        talon = pos[2]
        if self.reach == 1 or not talon:
            return 0
        if "pointer" not in self.pruning:
            return 1 << pos[3]  # each pointer on its own
        return reach_mask(len(talon), pos[3])

    def _won(self, pos: Position) -> bool:
        # Every card face up and the talon empty: the rest goes home by itself. (With
        # draw 1 a talon left over changes nothing: the lowest card not home is on top
        # of its pile or in the talon, so it can always go home next.)
        return (not pos[2] or self.defer) and all(p[0] == 0 for p in pos[0])

    def _search(self) -> bool:
        """Depth-first search with an explicit stack (deep lines need no deep recursion,
        and the search can stop and go on); ``self.path`` holds the moves down to the
        position on top of the stack."""
        seen = self.seen
        more = self.more
        path = self.path
        positions = self.positions
        choices = self.choices
        tried = self.tried
        back = self.back
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
                    path.pop()
                continue
            tried[top] = i + 1
            move = options[i]
            # a move that leaves the foundations alone can make a card safe to send home
            # only on top of the piles it touched (the position before was settled)
            # and only a card put on another can block (see :func:`blocked`): cards going
            # home or coming back leave a position that was not blocked unblocked
            # (after a card came back from a foundation, every pile's top may go home)
            builds = True
            came_back = move[0] == "home"
            if move[0] == "twin":
                # a run moved to its twin place, then a move that only that allows
                inner = move[4]
                came_back = inner[0] == "home"
                moves, child = self._settle(self._play(positions[top], move),
                                            [("pile", move[1], move[2], move[3]), inner],
                                            -1, -1, came_back)
            elif move[0] == "chain":
                builds = False
                moves, child = self._settle(self._play(positions[top], move), list(move[1]))
            elif back[top]:
                moves, child = self._settle(self._play(positions[top], move), [move],
                                            -1, -1, came_back)
            elif move[0] == "pile" and move[3] >= 0:
                moves, child = self._settle(self._play(positions[top], move), [move],
                                            move[1], move[3])
            elif move[0] == "talon" and move[2] >= 0:
                moves, child = self._settle(self._play(positions[top], move), [move],
                                            move[2], move[2])
            else:
                builds = False
                moves, child = self._settle(self._play(positions[top], move), [move],
                                            -1, -1, came_back)
            if self.swap:
                swapped = _swap_tails(child[0])
                if swapped is not child[0]:
                    child = (swapped, child[1], child[2], child[3])
            key = position_key(child)
            mask = self._mask(child)
            first = seen.get(key)
            if first is None:
                seen[key] = mask
            elif first & mask == mask:
                continue  # searched already, or dominated by a position searched
            else:
                masks = more.get(key)
                if masks is None:
                    more[key] = [mask]
                elif any(m & mask == mask for m in masks):
                    continue
                else:
                    masks.append(mask)
            self.states += 1
            if builds and self.check_blocked and blocked(child, self.reach):
                self.blocked_hits += 1
                continue
            path.append(moves)
            if self._won(child):
                return True
            positions.append(child)
            choices.append(self._moves(child))
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
        piles, found, talon, pointer = pos
        undone = self.prune_undone and not came_back
        twin = self.prune_twin and not came_back
        if not self.prune_safe and not undone and not twin:
            return moves, pos
        ready = safe_now(found) if self.prune_safe else 0
        nxt = (NEXT[0][found[0]] | NEXT[1][found[1]] | NEXT[2][found[2]]
               | NEXT[3][found[3]]) if undone else 0
        if a >= 0:
            pa, pb = piles[a], piles[b]
            if not _goes_home(pa, ready, nxt, undone) and not _goes_home(
                    pb, ready, nxt, undone) and not (twin and _twin_near(piles, a, b)):
                return moves, pos
        else:
            hit = False
            tops = 0
            for p in piles:
                if _goes_home(p, ready, nxt, undone):
                    hit = True
                if len(p) > 1:
                    tops |= 1 << p[len(p) - 1]
            if twin and not hit:
                for p in piles:
                    if _twin_at(p, tops):
                        hit = True
            if not hit and self.reach == 1:
                for c in talon:
                    if ready >> c & 1:
                        hit = True
            if not hit:
                return moves, pos
        pl = list(piles)
        fd = list(found)
        changed = True
        while changed:
            changed = False
            for i in range(7):
                p = pl[i]
                if _goes_home(p, ready, nxt, undone):
                    c = p[-1]
                    fd[SUIT[c]] += 1
                    nxt = (NEXT[0][fd[0]] | NEXT[1][fd[1]] | NEXT[2][fd[2]]
                           | NEXT[3][fd[3]]) if undone else 0
                    down = p[0]
                    if down and down == len(p) - 2:
                        down -= 1
                    pl[i] = bytes((down,)) + p[1:-1]
                    moves.append(("pile", i, 1, -1))
                    changed = True
                    if self.prune_safe:
                        ready = safe_now(fd)
            if self.reach == 1 and self.prune_safe:
                for j in range(len(talon)):
                    c = talon[j]
                    if ready >> c & 1:
                        fd[SUIT[c]] += 1
                        talon = talon[:j] + talon[j + 1:]
                        moves.append(("talon", c, -1))
                        changed = True
                        ready = safe_now(fd)
                        nxt = (NEXT[0][fd[0]] | NEXT[1][fd[1]] | NEXT[2][fd[2]]
                               | NEXT[3][fd[3]]) if undone else 0
                        break
            if twin and not changed:
                tops = 0
                for p in pl:
                    if len(p) > 1:
                        tops |= 1 << p[len(p) - 1]
                for i in range(7):
                    p = pl[i]
                    j = _twin_at(p, tops)
                    if j:
                        # the run from p[j] to the free card it may lie on
                        u = _ON0[p[j]] if _ON0[p[j]] != p[j - 1] else _ON1[p[j]]
                        for t in range(7):
                            q = pl[t]
                            if len(q) > 1 and q[len(q) - 1] == u:
                                pl[t] = q + p[j:]
                                pl[i] = p[:j]
                                moves.append(("pile", i, len(p) - j, t))
                                changed = True
                                break
                        break
        return moves, (tuple(pl), tuple(fd), talon, pointer)

    def _moves(self, pos: Position, twins: bool = True) -> list[Move]:
        piles, found, talon, pointer = pos
        draw = self.reach
        prune_talon = self.prune_talon
        prune_split = self.prune_split
        prune_back = self.prune_back
        prune_empty = self.prune_empty
        prune_emptying = self.prune_emptying
        scored: list[tuple[int, Move]] = []
        tops = [p[-1] if len(p) > 1 else -1 for p in piles]
        empties: list[int] = []
        for i in range(7):
            if len(piles[i]) == 1 and not (prune_empty and empties):
                empties.append(i)
        empty = empties[0] if empties else -1
        visible = 0  # the cards face up or in reach, as bits
        where = [-1] * 52  # where each face-up card lies: pile * 64 + index in its bytes
        for i in range(7):
            p = piles[i]
            for j in range(1 + p[0], len(p)):
                where[p[j]] = i * 64 + j
                visible |= 1 << p[j]
        reach_cards = [talon[j] for j in reachable(len(talon), pointer, draw)] if talon else []
        reach = [False] * 52
        for c in reach_cards:
            reach[c] = True
            visible |= 1 << c

        # a king that could go to an empty pile: on face-down cards, in reach, or home
        king_waiting = False
        for s in range(4):
            k = CARD[s][13]
            if reach[k] or found[s] == 13 or (where[k] >= 0 and where[k] & 63 > 1):
                king_waiting = True
        for i in range(7):
            c = tops[i]
            if c >= 0 and found[SUIT[c]] + 1 == KR[c]:
                p = piles[i]
                bonus = 60 + p[0] * 3 if len(p) - 2 == p[0] and p[0] else 40
                scored.append((bonus, ("pile", i, 1, -1)))
        for c in reach_cards:
            if found[SUIT[c]] + 1 == KR[c]:
                if not self.defer:
                    scored.append((45, ("talon", c, -1)))
                    continue
                # deferred: only with the next cards of its suit, up to one on top of a pile
                y = SUCC[c]
                while y >= 0 and reach[y]:
                    y = SUCC[y]
                if y >= 0 and where[y] >= 0 and (where[y] & 63) == len(piles[where[y] >> 6]) - 1:
                    scored.append((45, _home_chain(y, found, where[y] >> 6)))
        # runs between piles: for each target top, the two cards that may go on it
        for t in range(7):
            u = tops[t]
            if u < 0:
                continue
            for b in BELOW[u]:
                loc = where[b]
                if loc >= 0:
                    i, j = loc >> 6, loc & 63
                    p = piles[i]
                    if j == 1 + p[0]:
                        if not p[0] and prune_emptying and not king_waiting:
                            continue  # emptying a pile can wait until a king can go there
                        score = 50 + p[0] * 3 if p[0] else 30  # turns a card / empties a pile
                    elif _next_home(p[j - 1], found, reach, self.defer) or (
                            self.complete and (not prune_split or _usable(
                                p, j, i, found, where, reach, tops, empty, self.defer))):
                        score = 5  # splits a run: only to use the card it uncovers
                    else:
                        continue
                    scored.append((score, ("pile", i, len(p) - j, t)))
                elif reach[b] and (not prune_talon or _holds(b, found, where, reach)):
                    scored.append((20, ("talon", b, t)))
        for e in empties:
            for s in range(4):
                loc = where[CARD[s][13]]
                i, j = loc >> 6, loc & 63
                if loc >= 0 and (j > 1 or not prune_empty):
                    p = piles[i]
                    if j == 1 + p[0]:
                        score = 48 + p[0] * 3
                    elif self.complete:
                        score = 5
                    else:
                        continue
                    scored.append((score, ("pile", i, len(p) - j, e)))
            for c in reach_cards:
                if KR[c] == 13 and (not prune_talon or _holds(c, found, where, reach)):
                    scored.append((18, ("talon", c, e)))
        # cards back from the foundations, only when some card could be built on them
        back_useful = self.complete and (not prune_back or _back_useful(found, visible))
        for s in range(4 if self.complete else 0):
            n = found[s]
            if not n:
                continue
            f = CARD[s][n]
            if prune_back and (not back_useful
                               or safe(f, (*found[:s], n - 1, *found[s + 1:]))):
                continue
            for t in range(7):
                u = tops[t]
                if (u >= 0 and KR[f] + 1 == KR[u] and RED[f] != RED[u]) or (
                        u < 0 and t in empties and n == 13):
                    scored.append((0, ("home", s, t)))
        rng = self.rng
        # sorted by score, best first, ties in the order found (as ints: no key function)
        keys: list[int] = []
        for k in range(len(scored)):
            score = scored[k][0]
            if rng is not None:
                score += rng.randrange(JITTER)
            keys.append(-score * 256 + k)
        keys.sort()
        out = [scored[key & 255][1] for key in keys]
        if twins and self.prune_twin:
            # what a run's other place allows: a card put on the card it leaves free, or
            # that card going home (a run kept on the lower-numbered place, see _twins)
            for i, count, t in _twins(piles):
                p = piles[i]
                u = p[len(p) - count - 1]  # the card the run leaves free
                b = p[len(p) - count]
                other = BELOW[u][0] if BELOW[u][1] == b else BELOW[u][1]  # b's twin
                loc = where[other]
                if loc >= 0 and loc & 63 == 1 + piles[loc >> 6][0]:
                    q = piles[loc >> 6]
                    out.append(("twin", i, count, t, ("pile", loc >> 6, len(q) - (loc & 63), i)))
                elif reach[other]:
                    out.append(("twin", i, count, t, ("talon", other, i)))
                elif found[SUIT[other]] == KR[other]:
                    out.append(("twin", i, count, t, ("home", SUIT[other], i)))
                if found[SUIT[u]] + 1 == KR[u]:
                    out.append(("twin", i, count, t, ("pile", i, 1, -1)))
                elif self.defer and _next_home(u, found, reach, True):
                    out.append(("twin", i, count, t, _home_chain(u, found, i)))
        return out

    def _play(self, pos: Position, move: Move) -> Position:
        piles, found, talon, pointer = pos
        kind = move[0]
        if kind == "twin":
            return self._play(self._play(pos, ("pile", move[1], move[2], move[3])), move[4])
        if kind == "chain":
            for m in move[1]:
                pos = self._play(pos, m)
            return pos
        pl = list(piles)
        fd = list(found)
        if kind == "talon":
            c, target = move[1], move[2]
            j = talon.index(c)
            talon = talon[:j] + talon[j + 1:]
            pointer = j if self.reach > 1 else 0
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


def solve(deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
          auto_flip: bool = False, max_states: int | None = None,
          pruning: frozenset[str] = PRUNINGS) -> SolveResult:
    """Solve a deal: ``win`` (with moves), ``lose`` (proved) or ``unknown`` (out of time).

    A quick search over the moves that usually matter (restarted with other move
    orders and a doubling node budget) takes turns with a complete search (every
    legal move, sound pruning only), each getting about half of the time: the quick
    one finds most wins, the complete one alone may answer ``lose``.
    """
    t0 = time.perf_counter()
    if "blocked" in pruning and blocked(start_position(deal), draw):
        return SolveResult("lose", states=1, seconds=time.perf_counter() - t0)
    end = t0 + time_limit if time_limit is not None else float("inf")
    full = Solver(deal, draw, None, max_states, complete=True, pruning=pruning)
    full.begin()
    # with draw 3, the same deal with draw 1 (every talon card always in reach) allows
    # every line draw 3 does and more: a proof that it is lost proves draw 3 lost
    relaxed: Solver | None = None
    if draw == 3 and "draw1" in pruning:
        relaxed = Solver(deal, 1, None, max_states, complete=True, pruning=pruning,
                         relaxed=True)
        relaxed.begin()
    # the quick searches' tables: plain, draw-3 lines only (draw 1), the draw-1 probe
    tables = [QuickTable(), QuickTable(), QuickTable()]
    over = [False, False]  # the plain quick search, the draw-3 lines only (draw 1)
    probe_over = False
    states = 0
    attempt = 0
    quick_over = False  # the quick search ran through all its moves: no use restarting it
    while True:
        now = time.perf_counter()
        if now >= end:
            result = full.outcome("unknown", 0.0)
            break
        spent = 0.0
        if not quick_over:
            # with draw 1, every other attempt looks only for lines draw 3 allows too
            # (draw-6 lines for draw 3 were tried that way too: they lost more wins than
            # they found)
            kind = 1 if (draw == 1 and attempt % 2 == 1 and not over[1]) or over[0] else 0
            table = tables[kind]
            # at most its share of the time left: a restart's doubled node budget would
            # otherwise take the last seconds from the complete searches
            searchers = 3 if relaxed is not None else 2
            searcher = Solver(deal, draw, (end - now) / searchers, max_states, complete=False,
                              pruning=pruning, max_nodes=QUICK_NODES << attempt,
                              jitter=attempt, reach=3 if kind else 0, table=table)
            quick = searcher.run()
            table.release(searcher)
            states += quick.states
            if quick.result == "win":
                result = quick
                break
            if quick.result == "lose":  # every line of this kind searched
                over[kind] = True
            quick_over = (over[0] and (draw > 1 or over[1])) or attempt >= 40
            attempt += 1
            spent = time.perf_counter() - now
        # the complete searches get as long as the quick one had (all that is left once
        # the quick one is over)
        now = time.perf_counter()
        share = SLICE if quick_over else max(spent, 0.01)
        answer = full.advance(end - now if quick_over and relaxed is None
                              else min(share, end - now))
        if answer != "unknown":
            result = full.outcome(answer, 0.0)
            break
        if relaxed is not None and not quick_over and not probe_over and attempt <= PROBE_ROUNDS:
            # a quick draw-1 search in the first half of the relaxed search's turn: a
            # draw-1 win leaves the relaxed search nothing to prove
            now = time.perf_counter()
            prober = Solver(deal, 1, min(share / 2, end - now), max_states, complete=False,
                            pruning=pruning, max_nodes=QUICK_NODES << (attempt - 1),
                            jitter=attempt, table=tables[2])
            probe = prober.run()
            tables[2].release(prober)
            probe_over = probe.result == "lose"
            states += probe.states
            if probe.result == "win":
                states += relaxed.states
                relaxed = None
            share -= time.perf_counter() - now
        if relaxed is not None:
            now = time.perf_counter()
            answer = relaxed.advance(min(max(share, 0.01), end - now))
            if answer == "lose":
                result = SolveResult("lose")
                break
            if answer == "win":  # no help: draw 3 may still be lost
                states += relaxed.states
                relaxed = None
    if relaxed is not None:
        states += relaxed.states
    states += full.states
    result.states = states
    result.seconds = time.perf_counter() - t0
    if result.result == "win" and auto_flip:
        result.moves = [m for m in result.moves if not m.startswith("flip")]
    return result


def solution_record(deal: Sequence[int], result: SolveResult, draw: int) -> dict[str, Any]:
    """A record of a solved deal (``auto_complete`` off, so every move is kept)."""
    return make_record(deal, result.moves, KlondikeOptions(draw=draw, auto_complete=False))


def solve_seed(seed: int, draw: int = 1, time_limit: float | None = 10.0) -> SolveResult:
    return solve(deal_from_seed(seed), draw, time_limit)
