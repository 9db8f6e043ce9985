"""Replaying Hearts records (``parlour-record/1``, ``"game": "hearts"``).

Each hand has a ``deal``, optionally ``dealer``, ``pass`` (``left``, ``right``,
``across``, ``none``; when absent it follows from the hand's place in the
game) and ``scores`` (the totals before it), and ``actions``: four passes
(``"pass 2C 3D QS"``, seats 0, 1, 2, 3 in that order) unless it is a no-pass
hand, then the plays (``"play QS"``).
"""

from __future__ import annotations

from typing import Any

from parlour.cards import card_codes
from parlour.games import trick_record as tr
from parlour.games.hearts import HeartsHand, points_taken
from parlour.games.hearts_actions import PASS_NAMES, PASS_ROTATION
from parlour.games.hearts_scoring import (
    HeartsOptions,
    OptionsError,
    describe_event,
    end_events,
    game_winner,
)
from parlour.games.trick import SEAT_NAMES, winner_json
from parlour.records import RecordError, Replay

HAND_KEYS = ("dealer", "deal", "pass", "scores", "actions")


def _parse_pass(entry: dict[str, Any], h: int) -> int:
    name = entry.get("pass")
    if name is None:
        return PASS_ROTATION[h % 4]
    if name not in PASS_NAMES:
        raise RecordError(f"'pass' is one of {', '.join(PASS_NAMES)}, not {name!r}", hand=h)
    return PASS_NAMES.index(name)


def replay(record: dict[str, Any], steps: bool = True) -> Replay:
    """Replay a Hearts record, checking every action; the first bad one stops
    the replay with the hand, the step and the reason.

    >>> from parlour.games.hearts import HeartsGame
    >>> record = HeartsGame(seed=3).to_record()
    >>> record["hands"][0]["actions"] = ["play 2C"]
    >>> replay(record)
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: hand 1, step 1: 'play 2C': the passing is not over: pass \
three cards first
    """
    try:
        options = HeartsOptions.from_json(record.get("options"))
    except (OptionsError, TypeError) as e:
        raise RecordError(str(e)) from None
    out = Replay(game="hearts", keep_steps=steps)
    scores = [0, 0, 0, 0]
    dealer = 0
    winner: int | None = None
    for h, entry in enumerate(tr.record_hands(record, HAND_KEYS)):
        if winner is not None:
            raise RecordError("the game was already won before this hand", hand=h)
        deal = tr.parse_deal(entry, h)
        dealer = tr.parse_dealer(entry, h, dealer)
        pass_dir = _parse_pass(entry, h)
        scores = tr.parse_pair(entry, "scores", h, scores)
        state = HeartsHand(deal, dealer, pass_dir, options, scores)
        out.lines.append(
            f"Hand {h + 1}: {SEAT_NAMES[dealer]} deals; pass {PASS_NAMES[pass_dir]}; scores "
            + ", ".join(f"{SEAT_NAMES[s]} {scores[s]}" for s in range(4)))
        out.lines.extend(tr.deal_lines(deal))
        tr.play_actions(state, entry.get("actions", []), h, out, state.is_terminal)
        if pass_dir and len(state.passes) == 4:
            out.lines.append("  passes: " + "; ".join(
                f"{SEAT_NAMES[s]} {card_codes(state.passes[s])} to "
                f"{SEAT_NAMES[(s + pass_dir) & 3]}" for s in range(4)))
        out.lines.extend(tr.trick_lines(state.play.completed_tricks()))
        summary: dict[str, Any] = {
            "hand": h + 1,
            "dealer": dealer,
            "pass": PASS_NAMES[pass_dir],
            "passes": [card_codes(m).split() for m in state.passes],
            "tricks": list(state.play.tricks_won),
            "complete": state.is_terminal(),
        }
        if state.is_terminal():
            result = state.score()
            scores = result.scores
            winner = game_winner(scores, options)
            events = result.events + end_events(scores, options)
            summary.update(points=result.points, moon=result.moon, gained=result.gained,
                           scores=scores, events=events)
            out.lines.append(
                "  points " + " ".join(f"{SEAT_NAMES[s][0]} {result.points[s]}" for s in range(4))
                + "; scores " + " ".join(f"{SEAT_NAMES[s][0]} {scores[s]}" for s in range(4)))
            for event in events:
                out.lines.append("  " + describe_event(event))
        else:
            summary["points"] = points_taken(state.play.taken, options)
            out.lines.append("  (hand not finished)")
        out.hands.append(summary)
        dealer = (dealer + 1) & 3
    out.result = {"scores": scores, "winner": None if winner is None else winner_json([winner])}
    if winner is not None:
        out.lines.append(f"{SEAT_NAMES[winner]} wins the game with {scores[winner]}.")
    return out
