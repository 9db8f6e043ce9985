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
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from parlour.cards import CardError, card_code, parse_card
from parlour.games.base import GameState, IllegalAction
from parlour.games.hearts import HeartsGame
from parlour.games.klondike import PlayClock, make_record
from parlour.games.spades import SpadesGame
from parlour.games.trick import SEAT_NAMES
from parlour.server.games import (
    Seat,
    TableError,
    new_state,
    outcome,
    public_view,
    seat_view,
)
from parlour.server.seating import Draw

__all__ = ["PACES", "Hosting", "Move", "Repeat", "Table", "TableError"]

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
    client_id: str | None = None  # the id the client gave it: a resent action is applied once
    clock: float | None = None  # Klondike: the deal's clock (seconds open), stored as its time


class Repeat(TableError):
    """An action the table has already applied (sent again after a reconnect)."""


# Turn timers a host may set (seconds), and the grace before a bot plays for an
# absent person.
TURN_TIMERS = (30, 60, 90)
GRACES = (15, 30, 60, 120, 300)
# How many of the latest states a table keeps, so a client a few versions
# behind gets each view it missed (and sees each card played) rather than a jump.
KEPT_STATES = 8
# How many client ids a seat's latest actions are remembered by.
KEPT_IDS = 32


@dataclass
class Hosting:
    """How a table with friends is run: who hosts it and who may come in."""

    host: str | None = None  # the host's player id
    code: str | None = None  # the invite code
    listed: bool = False  # shown in the lobby
    watchable: bool = False  # spectators allowed
    turn_timer: int | None = None  # seconds a person has to act, or no limit
    grace: int = 60  # seconds before a bot plays for an absent person
    partners: str = "seats"  # Spades: "seats" as taken, or "draw" by the cards
    level: str = "normal"  # the bots in empty seats
    hints: bool = True  # the players may ask for a hint

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "listed": self.listed, "watchable": self.watchable,
                "turn_timer": self.turn_timer, "grace": self.grace,
                "partners": self.partners, "level": self.level, "hints": self.hints}


@dataclass
class Held:
    """A Hearts pass chosen before the seats ahead have passed: made at its turn."""

    action: str
    client_id: str | None
    at: float = field(default=0.0)

class Table:
    """One table: its game, options, seed, seats, state and version."""

    def __init__(self, table_id: str, game: str, options: dict[str, Any], seed: int,
                 seats: list[Seat], clock: Callable[[], float] = time.time,
                 pace: str = "normal", hosting: Hosting | None = None,
                 status: str = "playing", first_dealer: int | None = None,
                 draw: dict[str, Any] | None = None, daily: str | None = None) -> None:
        if pace not in PACES:
            raise TableError(f"the bots' pace is {', '.join(PACES)}, not {pace!r}")
        self.id = table_id
        self.pace = pace
        self.game = game
        self.options = options
        self.seed = seed
        self.seats = seats
        self.hosting = hosting
        self.started = status != "waiting"
        self.first_dealer = first_dealer
        self.draw = draw  # the draw for partners and the first dealer, as shown
        self.given_up = False  # a Klondike deal ended by its player: no move after it
        self.daily = daily  # the day (YYYY-MM-DD) whose daily deal this is, if it is one
        self._clock = clock
        self._now: float | None = None  # while replaying: the stored time of the action
        # A Klondike deal is timed only while its page is open (see watched()).
        self._play = PlayClock(clock)
        self.state: GameState = new_state(game, options, seed, self._time, first_dealer)
        self.actions: list[str] = []
        self.held: dict[int, Held] = {}
        self.recent: deque[tuple[int, GameState]] = deque(maxlen=KEPT_STATES)
        self._ids: dict[int, deque[str]] = {}

    def _time(self) -> float:
        if self._now is not None:
            return self._now
        return self._play() if self.game == "klondike" else self._clock()

    @property
    def version(self) -> int:
        return len(self.actions)

    # --- restoring --------------------------------------------------------

    def restore(self, actions: list[tuple[str, float]] | list[tuple[str, float, int, str | None]]
                ) -> None:
        """Replay stored actions (each with the time it was made, and perhaps
        the seat and the client's id for it)."""
        for stored in actions:
            text, at = stored[0], stored[1]
            self._now = at
            try:
                self.state.apply(self.state.parse_action(text))
            finally:
                self._now = None
            self.actions.append(text)
            if len(stored) == 4 and stored[3] is not None:
                self._remember(stored[2], stored[3])
        if self.game == "klondike" and actions:
            self._play.set(actions[-1][1])  # the deal's clock goes on from its last move

    def catch_up(self, stored: list[tuple[str, float, int, str | None]]) -> None:
        """Apply actions stored by another process, keeping the states before
        them (for clients that missed a view), as :meth:`commit` does."""
        for text, at, seat, client_id in stored:
            state = self.state.clone()
            self._now = at
            try:
                state.apply(state.parse_action(text))
            finally:
                self._now = None
            self.recent.append((self.version, self.state))
            self.state = state
            self.actions.append(text)
            self.held.pop(seat, None)
            if client_id is not None:
                self._remember(seat, client_id)
        if self.game == "klondike" and stored:
            self._play.set(stored[-1][1])

    def watched(self, here: bool) -> None:
        """Whether the seat's page is open (a connection): a Klondike deal's clock
        runs only then, and never once the deal is over."""
        if here and not self.is_over():
            self._play.open()
        else:
            self._play.close()

    def _remember(self, seat: int, client_id: str) -> None:
        self._ids.setdefault(seat, deque(maxlen=KEPT_IDS)).append(client_id)

    # --- seats ------------------------------------------------------------

    def start(self, draw: Draw | None) -> None:
        """Begin play: seats moved as the draw says, its highest card dealing."""
        if self.started:
            raise TableError("the game has already started")
        if any(seat.free for seat in self.seats):
            raise TableError("every seat needs a person or a bot first")
        if draw is not None:
            self.seats = [self.seats[who] for who in draw.arrangement]
            self.first_dealer = draw.first_dealer
            self.draw = draw.to_json([seat.name for seat in self.seats])
        self.begun(self.first_dealer, self.draw)

    def begun(self, first_dealer: int | None, draw: dict[str, Any] | None) -> None:
        """Play begins (here, or in another process: its seats already stored)."""
        self.first_dealer = first_dealer
        self.draw = draw
        self.started = True
        self.state = new_state(self.game, self.options, self.seed, self._time,
                               self.first_dealer)

    def between_hands(self) -> bool:
        """No card, bid or pass made yet in the hand being played (or no game yet)."""
        if not self.started:
            return True
        hand = getattr(self.state, "hand", None)
        if hand is None:
            return False
        return not self.state.is_terminal() and not _hand_begun(hand)

    def seat_of_token(self, token_hash: str) -> int | None:
        for s, seat in enumerate(self.seats):
            if seat.token_hash is not None and seat.token_hash == token_hash:
                return s
        return None

    def host_seat(self) -> int | None:
        """The seat of a table with friends' host, if they still hold one."""
        host = self.hosting.host if self.hosting is not None else None
        if host is None:
            return None
        for s, seat in enumerate(self.seats):
            if seat.player == host and seat.bot is None:
                return s
        return None

    def people(self) -> list[int]:
        """The seats held by people."""
        return [s for s, seat in enumerate(self.seats) if seat.bot is None and not seat.free]

    # --- turns ------------------------------------------------------------

    def to_act(self) -> int | None:
        if not self.started or self.given_up:
            return None
        seat = self.state.current_player()
        return seat if seat >= 0 else None

    def bot_to_act(self) -> str | None:
        """The level of the bot to act, if a bot is to act."""
        seat = self.to_act()
        return None if seat is None else self.seats[seat].bot

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def playing_out(self, state: GameState | None = None) -> bool:
        """Whether the tricks left can change nothing, so the table plays them for
        everyone at once (a hand must not drag on): once one seat takes every trick
        left whatever anyone plays (:meth:`SpadesHand.takes_the_rest`), and in
        Hearts also once every card that scores is taken."""
        state = self.state if state is None else state
        return self.started and isinstance(state, (HeartsGame, SpadesGame)) \
            and not state.is_terminal() and state.hand.nothing_to_play_for()

    def seat_of(self, player: str) -> int | None:
        for s, seat in enumerate(self.seats):
            if seat.player == player:
                return s
        return None

    # --- acting -----------------------------------------------------------

    def attempt(self, seat: int, text: str, version: int, client_id: str | None = None) -> Move:
        """The move ``text`` by ``seat`` against ``version``, tried on a copy of
        the state; TableError with the player's reason when refused (Repeat when
        the client's id says it was applied already)."""
        if client_id is not None and client_id in self._ids.get(seat, ()):
            raise Repeat("that action was made already")
        if not self.started:
            raise TableError("the game has not started: the host starts it once "
                             "everyone is seated")
        if version != self.version and not self._pass_at_its_turn(seat, text):
            raise TableError(f"the table has moved on (you acted on move {version}, "
                             f"it is at move {self.version}): here is the table as it is now")
        to_act = self.to_act()
        if to_act is None:
            raise TableError("the game is over")
        if to_act != seat:
            raise TableError(f"it is not your turn: {self._waiting_for()}")
        trial = self.state.clone()
        now = self._clock()
        played = self._play() if self.game == "klondike" else None
        self._now = now if played is None else played
        try:
            action = trial.parse_action(text)
            trial.apply(action)
        except (IllegalAction, CardError) as e:
            raise TableError(_to_you(str(e), SEAT_NAMES[seat])) from None
        finally:
            self._now = None
        return Move(seat, trial.action_to_string(action), self.version, now, trial, client_id,
                    played)

    def commit(self, move: Move) -> None:
        """Make a stored move the table's state."""
        if move.version != self.version:
            raise TableError("the table has moved on")
        self.recent.append((self.version, self.state))
        self.state = move.state
        self.actions.append(move.action)
        self.held.pop(move.seat, None)
        if move.client_id is not None:
            self._remember(move.seat, move.client_id)
        if self.game == "klondike" and self.is_over():
            self._play.close()

    # --- Hearts: passes chosen at once ----------------------------------------

    def _pass_at_its_turn(self, seat: int, text: str) -> bool:
        """A Hearts pass by the seat to pass: what the others did meanwhile (their
        passes) does not change it, so the version it was chosen at does not matter."""
        hand = getattr(self.state, "hand", None)
        return (self.game == "hearts" and hand is not None and bool(hand.passing)
                and self.to_act() == seat and text.split()[:1] == ["pass"])

    def may_hold(self, seat: int) -> bool:
        """Whether ``seat`` may choose its pass now, before the seats ahead of it
        have passed (the engine takes passes in seat order; people choose at once)."""
        hand = getattr(self.state, "hand", None)
        to_act = self.to_act()
        return (self.game == "hearts" and hand is not None and bool(hand.passing)
                and to_act is not None and seat > to_act and seat not in self.held)

    def hold(self, seat: int, text: str, client_id: str | None = None) -> Held:
        """A pass checked against the seat's own cards, to be made at its turn."""
        if client_id is not None and client_id in self._ids.get(seat, ()):
            raise Repeat("that action was made already")
        if not self.may_hold(seat):
            raise TableError(f"it is not your turn: {self._waiting_for()}")
        words = text.split()
        if len(words) != 4 or words[0] != "pass":
            raise TableError("you pass three cards: pass 2C 3D QS")
        try:
            cards = {parse_card(code) for code in words[1:]}
        except CardError as e:
            raise TableError(str(e)) from None
        mine = set(self.state.observation(seat).to_json()["hand"])
        codes = [w.upper() for w in words[1:]]
        if len(cards) != 3:
            raise TableError("you pass three different cards")
        for code in codes:
            if code not in mine:
                raise TableError(f"you do not hold {code}")
        held = Held(f"pass {' '.join(codes)}", client_id, self._clock())
        return held

    def held_to_make(self) -> tuple[int, Held] | None:
        """A held pass whose turn has come."""
        seat = self.to_act()
        if seat is None or seat not in self.held:
            return None
        return seat, self.held[seat]

    def _waiting_for(self) -> str:
        seat = self.to_act()
        if seat is None:
            return "the game is over"
        hand = getattr(self.state, "hand", None)
        doing = ("bid" if getattr(hand, "bidding", False)
                 else "pass" if getattr(hand, "passing", False) else "play")
        return f"{SEAT_NAMES[seat]} is to {doing}"

    # --- what each seat sees ----------------------------------------------

    def view(self, seat: int | None, presence: list[dict[str, Any]] | None = None,
             state: GameState | None = None, version: int | None = None) -> dict[str, Any]:
        """What ``seat`` is shown (None: a spectator, who sees only what is
        public); ``presence``: who is connected, per seat; ``state`` and
        ``version``: an earlier state, for a client catching up."""
        state = self.state if state is None else state
        if not self.started:
            view: dict[str, Any] = {"status": "waiting", "hand": [], "legal": []}
        elif seat is None:
            view = public_view(self.game, state)
        else:
            view = seat_view(self.game, state, seat)
            if seat in self.held:
                view["legal"] = []
                view["passed"] = self.held[seat].action.split()[1:]
            elif state is self.state and self.may_hold(seat):
                # Passes are chosen at once: a pass may be chosen before its turn.
                cards = sorted(parse_card(code) for code in view["hand"])
                view["legal"] = ["pass " + " ".join(card_code(c) for c in three)
                                 for three in combinations(cards, 3)]
        seats = [s.to_json() for s in self.seats]
        host_seat = self.host_seat()
        for s, info in enumerate(seats):
            info.update((presence or [{}] * len(seats))[s])
            info["you"] = s == seat
            if self.hosting is not None:
                info["host"] = s == host_seat
        view.update(table=self.id, game=self.game,
                    version=self.version if version is None else version,
                    seat=seat, seats=seats, options=self.options, pace=self.pace,
                    status=view.get("status", "over" if state.is_terminal() else "playing"),
                    daily=self.daily)
        if isinstance(state, (HeartsGame, SpadesGame)):
            # with nothing left to play for, the table plays every seat's cards: none
            # is offered to click (the view says who takes the rest, if one seat does)
            view["playing_out"] = self.playing_out(state)
            if view["playing_out"]:
                view["legal"] = []
                view["takes_the_rest"] = state.hand.takes_the_rest()
        if self.hosting is not None:
            view["hosting"] = self.hosting.to_json()
            view["host"] = seat is not None and self.seats[seat].player == self.hosting.host \
                and self.hosting.host is not None
            view["draw"] = self.draw
            view["between_hands"] = self.between_hands()
        if self.game == "klondike":
            # A seed is every card of the deal, face down too: a trick game's is never
            # sent, a Klondike deal's number only once it is over (restart and replay
            # ask the server by table: POST /api/tables with same_deal).
            view["seed"] = self.seed if view.get("over") else None
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
        if self.game == "klondike" and not self.is_over():
            raise TableError("a deal's record holds its face-down cards: it is yours once "
                             "the deal is over")
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


def _hand_begun(hand: Any) -> bool:
    """Whether anything has been bid, passed or played in ``hand``."""
    return bool(getattr(hand, "bids", None) or getattr(hand, "passes", None)
                or hand.play.cards_played)
