"""A table: seats, the game's state, its version, and who is to act.

A plain synchronous class around the engine, tested without a socket or a
database. An action is tried on a copy of the state and only
:meth:`Table.commit`-ted once the store has written it, so a refused action
or a failed write leaves the table exactly as it was.

>>> from parlour.server.games import default_seats
>>> table = Table("t1", "spades", {}, seed=7, seats=default_seats("spades", "p1", "Ada", "easy"))
>>> table.to_act(), table.bot_to_act()
(0, 'easy')
>>> table.attempt(2, "bid 3", version=0)
Traceback (most recent call last):
...
parlour.server.games.TableError: it is not your turn: North is to bid
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.cards import CardError
from parlour.games.base import GameState, IllegalAction
from parlour.games.klondike import make_record
from parlour.games.trick import SEAT_NAMES
from parlour.server.games import Seat, TableError, new_state, outcome, seat_view

__all__ = ["PACES", "Move", "Table", "TableError"]

# How long a bot waits before it plays, as a share of the server's --bot-delay.
PACES = {"slow": 1.6, "normal": 1.0, "fast": 0.4}


@dataclass
class Move:
    """An action the engine accepted, not yet stored: the state it leads to."""

    seat: int
    action: str  # in record notation, as the engine writes it
    version: int  # the table's version before it
    at: float
    state: GameState


class Table:
    """One table: its game, options, seed, seats, state and version."""

    def __init__(self, table_id: str, game: str, options: dict[str, Any], seed: int,
                 seats: list[Seat], clock: Callable[[], float] = time.time,
                 pace: str = "normal") -> None:
        if pace not in PACES:
            raise TableError(f"the bots' pace is {', '.join(PACES)}, not {pace!r}")
        self.id = table_id
        self.pace = pace
        self.game = game
        self.options = options
        self.seed = seed
        self.seats = seats
        self._bots = any(s.bot for s in seats)
        self._clock = clock
        self._now: float | None = None  # while replaying: the stored time of the action
        self.state: GameState = new_state(game, options, seed, self._time)
        self.actions: list[str] = []

    def _time(self) -> float:
        return self._now if self._now is not None else self._clock()

    @property
    def version(self) -> int:
        return len(self.actions)

    # --- restoring --------------------------------------------------------

    def restore(self, actions: list[tuple[str, float]]) -> None:
        """Replay stored actions (each with the time it was made)."""
        for text, at in actions:
            self._now = at
            try:
                self.state.apply(self.state.parse_action(text))
            finally:
                self._now = None
            self.actions.append(text)

    # --- turns ------------------------------------------------------------

    def to_act(self) -> int | None:
        seat = self.state.current_player()
        return seat if seat >= 0 else None

    def bot_to_act(self) -> str | None:
        """The level of the bot to act, if a bot is to act."""
        if not self._bots:
            return None
        seat = self.to_act()
        return None if seat is None else self.seats[seat].bot

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def seat_of(self, player: str) -> int | None:
        for s, seat in enumerate(self.seats):
            if seat.player == player:
                return s
        return None

    # --- acting -----------------------------------------------------------

    def attempt(self, seat: int, text: str, version: int) -> Move:
        """The move ``text`` by ``seat`` against ``version``, tried on a copy of
        the state; TableError with the player's reason when refused."""
        if version != self.version:
            raise TableError(f"the table has moved on (you acted on move {version}, "
                             f"it is at move {self.version}): here is the table as it is now")
        to_act = self.to_act()
        if to_act is None:
            raise TableError("the game is over")
        if to_act != seat:
            raise TableError(f"it is not your turn: {self._waiting_for()}")
        trial = self.state.clone()
        now = self._clock()
        self._now = now
        try:
            action = trial.parse_action(text)
            trial.apply(action)
        except (IllegalAction, CardError) as e:
            raise TableError(_to_you(str(e), SEAT_NAMES[seat])) from None
        finally:
            self._now = None
        return Move(seat, trial.action_to_string(action), self.version, now, trial)

    def commit(self, move: Move) -> None:
        """Make a stored move the table's state."""
        if move.version != self.version:
            raise TableError("the table has moved on")
        self.state = move.state
        self.actions.append(move.action)

    def _waiting_for(self) -> str:
        seat = self.to_act()
        if seat is None:
            return "the game is over"
        hand = getattr(self.state, "hand", None)
        doing = ("bid" if getattr(hand, "bidding", False)
                 else "pass" if getattr(hand, "passing", False) else "play")
        return f"{SEAT_NAMES[seat]} is to {doing}"

    # --- what each seat sees ----------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        view = seat_view(self.game, self.state, seat)
        view.update(table=self.id, game=self.game, version=self.version, seat=seat,
                    seats=[s.to_json() for s in self.seats], options=self.options,
                    pace=self.pace)
        if self.game == "klondike":
            # A trick game's seed is every hand of every deal: never sent. A
            # Klondike deal's number is its player's own (restart, replay a deal).
            view["seed"] = self.seed
        return view

    def result(self, state: Any = None) -> dict[str, Any] | None:
        """What the statistics keep of a finished game (this table's, or the
        state a move leads to); None while it goes on."""
        state = self.state if state is None else state
        end = outcome(self.game, state)
        if end is None:
            return None
        if self.game == "klondike":
            end.update(won=bool(state.won), moves=state.moves,
                       seconds=round(state.elapsed(), 1), draw=state.options.draw)
        else:
            end["scores"] = [r.scores for r in state.results]
        return end

    def record(self) -> dict[str, Any]:
        """The game so far as a ``parlour-record/1`` record: a trick game's only
        once it is over, since a record holds every seat's cards."""
        state: Any = self.state
        if self.game != "klondike" and not self.is_over():
            raise TableError("a game's record holds every hand: it is yours once the game "
                             "is over")
        if self.game == "klondike":
            return make_record(state.deal, self.actions, state.options, seed=self.seed)
        record: dict[str, Any] = state.to_record()
        return record


def _to_you(reason: str, name: str) -> str:
    """An engine's reason about a seat ("South does not hold A♠"), told to that seat."""
    if not reason.startswith(name + " "):
        return reason
    rest = reason[len(name) + 1:]
    for third, second in (("does not ", "do not "), ("holds ", "hold "), ("has ", "have "),
                          ("is ", "are "), ("must ", "must ")):
        if rest.startswith(third):
            return "you " + second + rest[len(third):]
    return reason
