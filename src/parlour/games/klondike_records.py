"""Klondike games as ``parlour-record/1``: writing one, and replaying one with every
action checked (``records.replay`` finds :func:`replay_record` through
:mod:`parlour.games.klondike`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.files import unknown_key
from parlour.games.base import IllegalAction
from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import deal_to_string, parse_deal
from parlour.records import FORMAT, RecordError, Replay


def make_record(deal: Sequence[int], actions: Sequence[str],
                options: KlondikeOptions | None = None, **extra: Any) -> dict[str, Any]:
    """A ``parlour-record/1`` for one game of Klondike."""
    record: dict[str, Any] = {"format": FORMAT, "game": "klondike",
                              "options": (options or KlondikeOptions()).to_json(),
                              "deal": deal_to_string(deal), "actions": list(actions)}
    record.update(extra)
    return record


def replay_record(record: dict[str, Any], steps: bool = True) -> Replay:
    """Replay a Klondike record, checking every action; :class:`RecordError` names the step."""
    refusal = unknown_key(record, ("format", "game", "options", "seed", "deal", "actions"),
                          "a Klondike record")
    if refusal:
        raise RecordError(refusal)
    try:
        options = KlondikeOptions.from_json(record.get("options", {}))
    except (TypeError, ValueError) as e:
        raise RecordError(f"bad options: {e}") from None
    deal_text = record.get("deal")
    if not isinstance(deal_text, (str, list)):
        raise RecordError("a Klondike record needs a 'deal' of 52 card codes")
    try:
        deal = parse_deal(deal_text)
    except ValueError as e:
        raise RecordError(f"bad deal: {e}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of moves")
    clock_time = [0.0]
    state = KlondikeState(deal, options, clock=lambda: clock_time[0])
    out = Replay(game="klondike", keep_steps=steps)
    out.lines.append(f"Klondike, draw {options.draw}, deal {deal_to_string(deal)}")
    run: list[Any] = []  # [first step, move, count, cards home, won]: repeats on one line
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not a move", step=i)
        if out.keep_steps:
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            out.steps.append({"step": i + 1, "actor": 0, "action": text, "legal": legal})
        try:
            action = state.parse_action(text)
            state.apply(action)
        except (ValueError, IllegalAction) as e:
            raise RecordError(f"{text!r}: {e}", step=i) from None
        if run and run[1] == text and text in _REPEATABLE:
            run[2:] = run[2] + 1, state.cards_placed(), state.won
            continue
        _run_line(out, run)
        run = [i, text, 1, state.cards_placed(), state.won]
    _run_line(out, run)
    summary = {"moves": state.moves, "foundations": state.cards_placed(), "won": state.won,
               "score": state.score()}
    out.hands.append(summary)
    out.result = dict(summary)
    out.lines.append(f"{'won' if state.won else 'not won'}: {state.cards_placed()} cards on the "
                     f"foundations in {state.moves} moves")
    return out


_REPEATABLE = ("draw", "undo", "redo")


def _run_line(out: Replay, run: list[Any]) -> None:
    if not run:
        return
    first, text, count, placed, won = run
    where = f"{first + 1}" if count == 1 else f"{first + 1}-{first + count}"
    what = text if count == 1 else f"{text} x{count}"
    out.lines.append(f"{where:>4}. {what:<14} foundations {placed:2}" + ("  won" if won else ""))


# --- hints -------------------------------------------------------------------
