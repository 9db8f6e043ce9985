"""The solver put to use on games: the solver's position for a game in progress,
whether that game can still be won, and deals proved winnable.

>>> from parlour.games.klondike_engine import KlondikeState
>>> from parlour.games.klondike_notation import deal_from_seed
>>> position_of(KlondikeState(deal_from_seed(1)))[3]
0
"""

from __future__ import annotations

import time

from parlour.games.klondike_engine import KlondikeState
from parlour.games.klondike_notation import deal_from_seed
from parlour.solvers.klondike import QUICK_SHARE, Solver, SolveResult, solve
from parlour.solvers.klondike_position import Position, pile_bytes

__all__ = ["position_of", "still_winnable", "winnable_deal"]


def position_of(state: KlondikeState) -> Position:
    """The solver's position for a game in progress (face-down cards on top count as turned)."""
    piles = []
    for p in range(7):
        cards = state.tableau[p]
        down = state.hidden[p]
        if cards and down == len(cards):
            down -= 1
        piles.append(pile_bytes(down, cards))
    draw = state.options.draw
    talon = bytes(state.waste + state.stock[::-1])
    return (tuple(piles), tuple(state.foundation), talon, len(state.waste) if draw > 1 else 0)


def still_winnable(state: KlondikeState, time_limit: float | None = 10.0,
                   every_search: bool = True) -> SolveResult:
    """Whether a game in progress can still be won (the solver sees the face-down cards).

    ``win`` comes with moves from this position that replay in it (a line that
    would need more passes than the game allows is reported ``unknown``). Every
    search of :func:`solve` takes turns, the relaxations that prove losses among
    them; with ``every_search=False`` only the quick search and then the complete
    one, with half the time each (what a player judging many sampled deals in a
    fraction of a second each wants: most wins are found at once).

    >>> game = KlondikeState(deal_from_seed(2))
    >>> still_winnable(game, time_limit=10).result in ("win", "lose", "unknown")
    True
    """
    if state.won:
        return SolveResult("win")
    draw = state.options.draw
    t0 = time.perf_counter()
    if every_search:
        result = solve(state.deal, draw, time_limit, start=position_of(state),
                       start_state=state)
    else:
        result = SolveResult("unknown")
        for complete in (False, True):
            share = QUICK_SHARE if not complete else 1.0
            left = None if time_limit is None else max(
                0.0, time_limit * share - (time.perf_counter() - t0))
            solver = Solver(state.deal, draw, left, complete=complete)
            result = solver.run(start=position_of(state), start_state=state)
            if result.result == "win":
                break
            if result.result == "lose" and complete:
                break
    result.seconds = time.perf_counter() - t0
    if result.result == "win":
        check = state.clone()
        try:
            for text in result.moves:
                if check.won:
                    break
                check.apply(check.parse_action(text))
        except ValueError:
            result = SolveResult("unknown", states=result.states, seconds=result.seconds)
    return result


def winnable_deal(seed: int, draw: int = 1, time_limit: float = 10.0,
                  tries: int = 1000) -> tuple[int, list[int]]:
    """The first seed from ``seed`` on whose deal the solver proves winnable, and its deal.

    >>> seed, deal = winnable_deal(1, draw=1, time_limit=2)
    >>> seed >= 1 and solve(deal, 1, 5).result == "win"
    True
    """
    for s in range(seed, seed + tries):
        deal = deal_from_seed(s)
        if solve(deal, draw, time_limit).result == "win":
            return s, deal
    raise RuntimeError(f"no deal proved winnable in seeds {seed}..{seed + tries - 1}")
