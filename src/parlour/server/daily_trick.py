"""The Spades and Hearts daily deal's comparison: what a seat made in the day's
first hand, by the person at their table and by the expert on the same cards.

Pure: no store, no loop. :func:`expert_in_seat` runs in a worker (a hand of
four expert bots takes seconds); :func:`first_hand` reads a table's stored
actions. The three other seats are the same expert bots in both, deciding as
they do at a table (:func:`parlour.server.workers.bot_action`, seeded by the
table's seed and the action's number), so where the person plays as the
expert would, the whole hand goes as the expert's did: duplicate, as the arena
plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.server.games import new_state
from parlour.server.workers import Job, bot_action

LEVEL = "expert"


def hand_result(game: str, result: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` made in a scored hand: Spades, its side's points (with the
    seat's bid and tricks); Hearts, the points the seat took (lower is better).

    >>> from parlour.games.hearts_scoring import HandScore
    >>> hand_result("hearts", HandScore([0, 0, 0, 26], 3, [26, 26, 26, 0], [26, 26, 26, 0]), 2)
    {'points': 26, 'moon': False}
    """
    if game == "spades":
        return {"points": result.points[seat % 2], "bid": result.bids[seat],
                "tricks": result.tricks[seat]}
    return {"points": result.gained[seat], "moon": result.moon == seat}


def first_hand(game: str, options: dict[str, Any], seed: int, actions: Sequence[str],
               seat: int, first_dealer: int | None = None) -> dict[str, Any] | None:
    """What ``seat`` made in hand 1 after a table's ``actions``, or None while it goes on.

    >>> first_hand("spades", {}, 7, ["bid 3"], 2) is None
    True
    """
    state: Any = new_state(game, options, seed, first_dealer=first_dealer)
    for text in actions:
        if state.results:
            break
        state.apply(state.parse_action(text))
    return hand_result(game, state.results[0], seat) if state.results else None


def expert_in_seat(game: str, options: dict[str, Any], seed: int, seat: int) -> dict[str, Any]:
    """Hand 1 of ``seed`` played by four expert bots from the state a daily table
    starts from, and what ``seat`` made in it (see :func:`hand_result`)."""
    state: Any = new_state(game, options, seed)
    actions: list[str] = []
    while not state.results:
        job = Job(f"daily/{game}/{seed}", game, options, seed, tuple(actions),
                  state.current_player())
        text = bot_action(job, LEVEL)
        state.apply(state.parse_action(text))
        actions.append(text)
    return hand_result(game, state.results[0], seat)


__all__ = ["expert_in_seat", "first_hand", "hand_result"]
