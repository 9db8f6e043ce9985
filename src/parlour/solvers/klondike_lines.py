"""Turning the solver's logical moves into the engine's notation, checked by playing
them in the engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.solvers.klondike_position import KR, Move


def expand(deal: Sequence[int], moves: Sequence[Move], draw: int,
           auto_flip: bool = False, start: KlondikeState | None = None) -> list[str]:
    """The concrete actions (draws, flips, moves) of a line of logical moves, checked by
    playing them in the engine (from the deal, or from ``start``), finished with every
    card sent home."""
    if start is None:
        state = KlondikeState(deal, KlondikeOptions(draw=draw, auto_flip=auto_flip,
                                                    auto_complete=False), clock=lambda: 0.0)
    else:
        state = start.clone()
        state.options = replace(state.options, auto_complete=False)
        auto_flip = state.options.auto_flip
    out: list[str] = []
    if not auto_flip:
        for p in range(7):
            if state.tableau[p] and state.hidden[p] == len(state.tableau[p]):
                state.apply(state.parse_action(f"flip T{p + 1}"))
                out.append(f"flip T{p + 1}")

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
