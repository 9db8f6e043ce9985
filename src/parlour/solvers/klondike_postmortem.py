"""A lost Klondike deal looked back on: could it be won from the start, which
position was the last from which a win existed, the move that lost it, and the
winning line from there.

The positions are the ones the player reached, in the order the record gives
(undo included). A move can never turn a lost position into a won one, and an
undo never loses a win (it goes back to a position the undone move was played
from), so the last winnable position stays on the line that remains once every
undone move is struck out; along that line winnability only ever goes from won
to lost, and a binary search finds where. Each position is judged by the solver
in a time limit; what it cannot tell is ``unknown`` and said so.

The search is a plan of probes (:class:`Search`): a worker judges each one
(:func:`probe`), so the caller can show progress between them and nothing
slow runs where it is planned.

>>> played = line_played(["draw", "move W T1", "undo", "draw", "flip T3"])
>>> played.times
(0, 3, 4, 5)
>>> search = Search(played)
>>> search.next_probe()
5
>>> search.tell(5, "lose"); search.next_probe()
0
>>> search.tell(0, "win"); search.next_probe()
3
>>> search.tell(3, "win"); search.next_probe()
4
>>> search.tell(4, "lose"); search.next_probe() is None
True
>>> search.last_winnable, search.losing_action
(3, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards import card_code
from parlour.games.base import IllegalAction
from parlour.games.klondike_engine import KlondikeOptions, KlondikeState
from parlour.games.klondike_hints import move_words
from parlour.games.klondike_notation import deal_from_seed
from parlour.solvers.klondike_winnable import still_winnable

__all__ = ["Search", "line_played", "position_after", "probe", "verdict"]


@dataclass(frozen=True)
class Played:
    """The line left once undone moves are struck out, as times in the record:
    ``times[j]`` is the number of actions played when the line's position ``j``
    was left for the last time (the last one: when the deal ended)."""

    times: tuple[int, ...]


def line_played(actions: Sequence[str]) -> Played:
    """The positions of the line that remains after every undo, each at the last
    time the player stood on it."""
    made = [0]  # the time each position of the line was reached
    for t, text in enumerate(actions, start=1):
        if text == "undo":
            if len(made) > 1:
                made.pop()
        else:
            made.append(t)
    # A position is left by the next one's move: it stood just before that move.
    times = [reached - 1 for reached in made[1:]] + [len(actions)]
    return Played(tuple(times))


@dataclass
class Search:
    """The probes that find the last winnable position of a played line: the end
    first (a deal given up may still have been winnable), then the start, then a
    binary search between the last position proved winnable and the first one
    after it not proved so."""

    played: Played
    results: dict[int, str] = field(default_factory=dict)  # by time: win / lose / unknown

    @property
    def end(self) -> int:
        return self.played.times[-1]

    def next_probe(self) -> int | None:
        """The time of the next position to judge, None when the search is over."""
        times, results = self.played.times, self.results
        if self.end not in results:
            return self.end
        if results[self.end] == "win":
            return None
        if times[0] not in results:
            return times[0]
        if results[times[0]] == "lose":
            return None
        low = -1 if self.lo is None else self.lo
        if self.hi - low <= 1:
            return None
        return times[(low + self.hi) // 2]

    def tell(self, time: int, result: str) -> None:
        """What the solver said of the position at ``time``."""
        self.results[time] = result

    @property
    def lo(self) -> int | None:
        """The index on the line of the last position proved winnable."""
        wins = [self.played.times.index(t) for t, r in self.results.items() if r == "win"]
        return max(wins) if wins else None

    @property
    def hi(self) -> int:
        """The index of the first position after :attr:`lo` not proved winnable."""
        low = -1 if self.lo is None else self.lo
        later = [i for t, r in self.results.items()
                 if r != "win" and (i := self.played.times.index(t)) > low]
        return min(later, default=len(self.played.times) - 1)

    @property
    def steps(self) -> int:
        """About how many probes the search takes in all (for progress)."""
        return 2 + max(0, len(self.played.times) - 2).bit_length()

    @property
    def last_winnable(self) -> int | None:
        """The time of the last position proved winnable, if any."""
        return None if self.lo is None else self.played.times[self.lo]

    @property
    def losing_action(self) -> int | None:
        """The index in the record of the move that left the last winnable position."""
        if self.lo is None or self.lo == len(self.played.times) - 1:
            return None
        return self.last_winnable


def verdict(search: Search) -> str:
    """The post-mortem in one word: ``lost`` (a move lost a win, proved), ``lost
    here or later`` is ``maybe`` (the position after it could not be judged),
    ``winnable`` (the deal could still be won where it ended), ``never`` (lost
    from the deal, proved) or ``unknown``."""
    results = search.results
    if results.get(search.end) == "win":
        return "winnable"
    if results.get(search.played.times[0]) == "lose":
        return "never"
    if search.lo is None:
        return "unknown"
    after = results.get(search.played.times[search.hi])
    return "lost" if after == "lose" else "maybe"


# --- in a worker ------------------------------------------------------------------


def position_after(seed: int, options: dict[str, Any], actions: Sequence[str],
                   upto: int) -> KlondikeState:
    """The deal's state after its first ``upto`` actions (no clock: time does not matter)."""
    state = KlondikeState(deal_from_seed(seed), KlondikeOptions.from_json(options),
                          clock=lambda: 0.0)
    for text in actions[:upto]:
        state.apply(state.parse_action(text))
    return state


def probe(seed: int, options: dict[str, Any], actions: Sequence[str], upto: int,
          seconds: float) -> dict[str, Any]:
    """The solver's judgement of the position after ``upto`` actions: ``result``
    (win, lose, unknown) and, for a win, the winning ``line`` from there."""
    state = position_after(seed, options, actions, upto)
    try:
        answer = still_winnable(state, time_limit=seconds)
    except IllegalAction:
        # The solver does not count passes through the stock: its win needed more
        # than the game allows, which proves nothing either way.
        return {"result": "unknown", "line": []}
    return {"result": answer.result, "line": list(answer.moves) if answer.result == "win" else []}


def board(state: KlondikeState) -> dict[str, Any]:
    """A position as the page draws it: what the player saw, and under ``down`` the
    face-down cards of each pile, bottom first (the deal is over: they may be shown)."""
    view: dict[str, Any] = state.observation(0).to_json()
    view["legal"] = ["draw"] if state.stock or state.waste else []  # the stock's sign
    view["down"] = [[card_code(c) for c in pile[:hidden]]
                    for pile, hidden in zip(state.tableau, state.hidden, strict=True)]
    return view


def line_steps(state: KlondikeState, line: Sequence[str]) -> list[dict[str, Any]]:
    """A winning line told move by move, each with the position after it. Draws in a
    row and the move of the card they bring up are one step ("Draw from the stock 3
    times, then move the A♠ from the waste to the spades foundation.")."""
    steps: list[dict[str, Any]] = []
    state = state.clone()
    i = 0
    while i < len(line) and not state.won:
        text = line[i]
        words = move_words(state, text)
        turning = text == "draw" and not state.stock  # the waste over: a step of its own
        taken = 1
        state.apply(state.parse_action(text))
        while text == "draw" and not turning and state.stock and i + taken < len(line) \
                and line[i + taken] == "draw":
            state.apply(state.parse_action("draw"))
            taken += 1
        if text == "draw" and not turning and state.waste and i + taken < len(line) \
                and line[i + taken].startswith("move W "):
            then = move_words(state, line[i + taken])
            state.apply(state.parse_action(line[i + taken]))
            times = "" if taken == 1 else f" {taken} times"
            words = f"Draw from the stock{times}, then {then[0].lower()}{then[1:]}"
            text = f"{text} ×{taken}, {line[i + taken]}"
            taken += 1
        elif taken > 1:
            words = f"Draw from the stock {taken} times."
        steps.append({"action": text, "words": words, "board": board(state)})
        i += taken
    return steps


def report(seed: int, options: dict[str, Any], actions: Sequence[str],
           results: dict[int, str], line: Sequence[str], given_up: bool,
           seconds: float) -> dict[str, Any]:
    """The post-mortem as stored and shown, from the probes' results and the winning
    line found from the last winnable position."""
    search = Search(line_played(actions), dict(results))
    start = results.get(search.played.times[0], "unknown")
    found = verdict(search)
    body: dict[str, Any] = {
        "verdict": found, "given_up": given_up, "moves": len(actions),
        "draw": KlondikeOptions.from_json(options).draw, "seconds": seconds,
        # (a limit the solver's wins may break, so they prove nothing: see probe)
        "passes": KlondikeOptions.from_json(options).pass_limit,
        # A win later proves the deal was winnable from the start.
        "from_start": "win" if search.lo is not None else start,
        "last_winnable": None, "losing_move": None, "line": [], "board": None,
    }
    at = search.last_winnable
    if at is None:
        return body
    state = position_after(seed, options, actions, at)
    body.update(last_winnable=at, board=board(state), line=line_steps(state, line))
    lost = search.losing_action
    if lost is not None:
        text = actions[lost]
        after = state.clone()
        after.apply(after.parse_action(text))
        body["losing_move"] = {"number": lost + 1, "action": text,
                               "words": move_words(state, text), "board": board(after),
                               "after": results.get(search.played.times[search.hi], "unknown")}
    return body
