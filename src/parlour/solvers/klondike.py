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
  :func:`~parlour.solvers.klondike_moves._twins`);
- a transposition table on a canonical key (the piles in an order of their own,
  so piles that differ only in their places are one position; the talon follows
  from the other cards, so only the foundations stand for it: see :func:`pile_key`);
- only sound pruning (each rule can be switched off: see ``PRUNINGS``), and
  positions proved lost without search (:func:`blocked`);
- a quick search for wins (restarted with other move orders) and a best-first one
  (see :meth:`~parlour.solvers.klondike_search.Solver._best_first`) taking turns
  with the complete one and its relaxations;
- the inner loop in native ints where mypyc compiles it so: moves as ints (see
  ``_PILE`` in :mod:`parlour.solvers.klondike_moves`), sets of cards as the bits
  of an int, a child built (its piles as a tuple) only once its key is new.

This module decides how the searches take turns (:func:`solve`); one search is a
:class:`~parlour.solvers.klondike_search.Solver`, its moves and what they do to the
piles are in :mod:`parlour.solvers.klondike_moves`. The position and its encoding
are in :mod:`parlour.solvers.klondike_position`, the expansion of a line into the
engine's notation in :mod:`parlour.solvers.klondike_lines`, the solver's answers for games in
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

import time
from collections.abc import Sequence
from typing import Any, Final

from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import deal_from_seed
from parlour.games.klondike_records import make_record
from parlour.solvers.klondike_legal import PRUNINGS
from parlour.solvers.klondike_lines import expand, replays
from parlour.solvers.klondike_position import (
    CARD,
    Position,
    blocked,
    position_key,
    reachable,
    safe,
    start_position,
)
from parlour.solvers.klondike_search import QuickTable, Solver, SolveResult

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
# The rounds in which a quick draw-1 search takes half of the draw-1 relaxation's turn
# (a draw-1 win drops the relaxation); later rounds, which are most of the time, are
# the relaxation's own (most draw-1 wins are found early, and the deals left are more
# often draw-1 losses, which only the relaxation proves).
PROBE_ROUNDS: Final = 4
# Seconds a turn for each complete search once the quick one is over (times its weight).
SLICE: Final = 0.5
# With draw 3, the weights of the five searches that take turns (the quick one, the
# exact draw-3 one, the draw-1 relaxation, the draw-3 game with the ``swap`` move, the
# best-first search for wins): for every second the quick search runs, each of the
# others runs its weight over the quick one's seconds, and a quick restart gets at
# most its weight's share of the time left. For the first EARLY seconds, when most
# wins are found, EARLY_WEIGHTS; then WEIGHTS, which give most of the time to the
# draw-1 relaxation: the deals left are mostly lost, a relaxation proves a loss in far
# fewer positions than the exact search, and the draw-1 one, which allows every move
# the other does and more, proves most losses sooner. Once the draw-1 game is won, its
# weight goes to the swap game, the only relaxation left, and BEST_SHARE of it to the
# best-first search, which finds the hard wins the others leave in a second or two
# (tuned on the hard deals of seeds 30000-90000: a larger share finds no more wins
# and proves fewer losses in the swap game). A search that is over passes its weight
# on to the best-first one. With draw 1 there are no relaxations: DRAW1_WEIGHTS.
EARLY: Final = 1.0
EARLY_WEIGHTS: Final = (1.0, 0.5, 1.5, 0.25, 0.5)
WEIGHTS: Final = (0.25, 0.25, 4.0, 0.25, 0.5)
BEST_SHARE: Final = 0.2
# The positions the best-first search may expand (it keeps them all: with its table
# about 700 bytes each, reached in about 25 s); then it stops and its weight goes to the
# exact search.
BEST_POSITIONS: Final = 2_000_000
DRAW1_WEIGHTS: Final = (1.0, 1.0, 0.0, 0.0, 1.0)


def solve(deal: Sequence[int], draw: int = 1, time_limit: float | None = 10.0,
          auto_flip: bool = False, max_states: int | None = None,
          pruning: frozenset[str] = PRUNINGS, start: Position | None = None,
          start_state: KlondikeState | None = None,
          weights: Sequence[float] = WEIGHTS, best_share: float = BEST_SHARE) -> SolveResult:
    """Solve a deal: ``win`` (with moves), ``lose`` (proved) or ``unknown`` (out of time).

    A quick search over the moves that usually matter (restarted with other move
    orders and a doubling node budget) takes turns with a complete search (every
    legal move, sound pruning only): the quick one finds most wins, the complete one
    alone may answer ``lose``. With draw 3 two relaxations take turns too (see
    ``WEIGHTS``): the draw-1 game and the draw-3 game with the ``swap`` move, either
    of which, proved lost, proves the deal lost. ``weights`` and ``best_share``
    replace ``WEIGHTS`` and ``BEST_SHARE`` (for tuning them).

    From ``start`` (a game in progress: its position, and its state ``start_state``,
    from which a win's moves are played) rather than from the deal, when given.
    """
    t0 = time.perf_counter()
    if "blocked" in pruning and blocked(start or start_position(deal), draw):
        return SolveResult("lose", states=1, seconds=time.perf_counter() - t0, by="blocked")
    end = t0 + time_limit if time_limit is not None else float("inf")
    full = Solver(deal, draw, None, max_states, complete=True, pruning=pruning)
    full.begin(start, start_state)
    # with draw 3, the same deal with draw 1 (every talon card always in reach) allows
    # every line draw 3 does and more: a proof that it is lost proves draw 3 lost
    # (from a game in progress, the same talon with its pointer back at the start)
    start1 = None if start is None else (start[0], start[1], start[2], 0)
    relaxed: Solver | None = None
    if draw == 3 and "draw1" in pruning:
        relaxed = Solver(deal, 1, None, max_states, complete=True, pruning=pruning,
                         relaxed=True)
        relaxed.begin(start1)
    # and so does the draw-3 game in which the runs on two twin cards may swap places
    swapped: Solver | None = None
    if draw == 3 and "swap3" in pruning and "swap" in pruning:
        swapped = Solver(deal, 3, None, max_states, complete=True, pruning=pruning,
                         relaxed=True)
        swapped.begin(start)
    # and a best-first search for wins over the complete search's moves
    finder = Solver(deal, draw, None, max_states, complete=True, pruning=pruning,
                    best_first=True)
    finder.begin(start, start_state)
    best: Solver | None = finder
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
            open_ = [name for name, search in (("draw1", relaxed), ("swap", swapped),
                                                ("best", best)) if search is not None]
            result.by = "open: " + " ".join(["exact", *open_])
            break
        w = (DRAW1_WEIGHTS if draw != 3
             else EARLY_WEIGHTS if now - t0 < EARLY else weights)
        # the weight of a search that is over passes on: a relaxation won is no help,
        # the draw-1 game's goes to the swap game and the best-first search (BEST_SHARE
        # of it), the swap game's to the best-first search, and that one's, once it
        # has expanded BEST_POSITIONS, to the exact search
        w_full = w[1]
        w_relaxed = w[2] if relaxed is not None else 0.0
        w_swap = w[3] if swapped is not None else 0.0
        w_best = w[4] if best is not None else 0.0
        if relaxed is None:
            if swapped is not None:
                part = best_share if best is not None else 0.0
                w_swap += w[2] * (1.0 - part)
                w_best += w[2] * part
            else:
                w_best += w[2]
        if swapped is None:
            w_best += w[3]
        if best is None:
            w_full += w_best
            w_best = 0.0
        others = w_full + w_relaxed + w_swap + w_best
        spent = 0.0
        if not quick_over:
            # with draw 1, every other attempt looks only for lines draw 3 allows too
            # (draw-6 lines for draw 3 were tried that way too: they lost more wins than
            # they found)
            kind = 1 if (draw == 1 and attempt % 2 == 1 and not over[1]) or over[0] else 0
            table = tables[kind]
            # at most its share of the time left: a restart's doubled node budget would
            # otherwise take the last seconds from the complete searches
            searcher = Solver(deal, draw, (end - now) * w[0] / (w[0] + others),
                              max_states, complete=False, pruning=pruning,
                              max_nodes=QUICK_NODES << attempt, jitter=attempt,
                              reach=3 if kind else 0, table=table)
            quick = searcher.run(start, start_state)
            table.release(searcher)
            states += quick.states
            if quick.result == "win":
                result = quick
                result.by = "quick"
                break
            if quick.result == "lose":  # every line of this kind searched
                over[kind] = True
            quick_over = (over[0] and (draw > 1 or over[1])) or attempt >= 40
            attempt += 1
            spent = time.perf_counter() - now
        # the complete searches get their weights' worth of the quick one's time (turns
        # of SLICE seconds each once the quick one is over)
        unit = SLICE if quick_over else max(spent, 0.01) / w[0]
        now = time.perf_counter()
        answer = full.advance(min(max(unit * w_full, 0.01), end - now))
        if answer != "unknown":
            result = full.outcome(answer, 0.0)
            result.by = "exact"
            break
        share = unit * w_relaxed
        if relaxed is not None and not quick_over and not probe_over and attempt <= PROBE_ROUNDS:
            # a quick draw-1 search in the first half of the relaxed search's turn: a
            # draw-1 win leaves the relaxed search nothing to prove
            now = time.perf_counter()
            prober = Solver(deal, 1, min(share / 2, end - now), max_states, complete=False,
                            pruning=pruning, max_nodes=QUICK_NODES << (attempt - 1),
                            jitter=attempt, table=tables[2])
            probe = prober.run(start1)
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
                result = SolveResult("lose", by="draw1")
                break
            if answer == "win":  # no help: draw 3 may still be lost
                states += relaxed.states
                relaxed = None
        if swapped is not None:
            now = time.perf_counter()
            answer = swapped.advance(min(max(unit * w_swap, 0.01), end - now))
            if answer == "lose":
                result = SolveResult("lose", by="swap")
                break
            if answer == "win":  # no help either
                states += swapped.states
                swapped = None
        if best is not None:
            now = time.perf_counter()
            answer = best.advance(min(max(unit * w_best, 0.01), end - now))
            if answer != "unknown":
                result = best.outcome(answer, 0.0)
                result.by = "best"
                break
            if len(best.expanded) > BEST_POSITIONS:  # (keeps the memory it takes bounded)
                states += best.states
                best = None
    for other in (relaxed, swapped, best):
        if other is not None:
            states += other.states
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
