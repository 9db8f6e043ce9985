"""The three games as the server sees them: how a table's state is made from its
options and seed, the options a player may set, and each seat's view.

Nothing here decides a rule: the engines do. This module only builds engine
states and turns observations into the JSON views of ``docs/protocol.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import levels
from parlour.cards import card_code
from parlour.games.base import GameState
from parlour.games.hearts import HeartsGame
from parlour.games.hearts_scoring import HeartsOptions
from parlour.games.klondike import KlondikeOptions, KlondikeState, deal_from_seed
from parlour.games.spades import SpadesGame
from parlour.games.spades_scoring import OptionsError, SpadesOptions
from parlour.games.trick import SEAT_NAMES

GAMES = ("spades", "hearts", "klondike")
SEATS = {"spades": 4, "hearts": 4, "klondike": 1}
# The seat a person takes at a table of bots: South, as at the terminal.
PERSON_SEAT = {"spades": 2, "hearts": 2, "klondike": 0}

# What a player may set, as RULES.md lists it; the engines check the values.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "spades": [
        {"name": "target", "label": "Play to", "type": "int", "default": 500,
         "min": 50, "max": 1000, "step": 50},
        {"name": "nil", "label": "Nil bids", "type": "bool", "default": True,
         "help": "Bid to take no trick at all: 100 points won or lost."},
        {"name": "blind_nil", "label": "Blind nil", "type": "bool", "default": False,
         "help": "Bid nil before seeing your cards: 200 points won or lost."},
        {"name": "boston_bonus", "label": "Boston bonus (all 13 tricks)", "type": "int",
         "default": 0, "min": 0, "max": 500, "step": 50},
        {"name": "mercy", "label": "Mercy rule: a team at or below this score loses",
         "type": "int", "default": None, "optional": True, "min": -1000, "max": 0, "step": 50,
         "null_label": "Off", "suggested": -200},
    ],
    "hearts": [
        {"name": "target", "label": "Play to", "type": "int", "default": 100,
         "min": 25, "max": 500, "step": 25},
        {"name": "queen_breaks_hearts", "label": "The queen of spades breaks hearts",
         "type": "bool", "default": False},
        {"name": "moon", "label": "Shooting the moon", "type": "choice",
         "default": "add_to_others",
         "choices": [{"value": "add_to_others", "label": "26 to every other player"},
                     {"value": "subtract_from_self", "label": "26 off your own score"}]},
        {"name": "jack_of_diamonds", "label": "Jack of diamonds scores -10", "type": "bool",
         "default": False, "help": "Whoever takes the jack of diamonds takes 10 points off."},
    ],
    "klondike": [
        {"name": "draw", "label": "Draw", "type": "choice", "default": 1,
         "choices": [{"value": 1, "label": "1 card"}, {"value": 3, "label": "3 cards"}]},
        {"name": "scoring", "label": "Scoring", "type": "choice", "default": "none",
         "choices": [{"value": "none", "label": "None"},
                     {"value": "standard", "label": "Standard"},
                     {"value": "vegas", "label": "Vegas"}]},
        {"name": "passes", "label": "Passes through the stock", "type": "int",
         "default": None, "optional": True, "min": 1, "max": 10, "step": 1,
         "null_label": "Unlimited", "suggested": 3,
         "help": "Vegas scoring allows 1 pass with draw 1 and 3 with draw 3 unless set here."},
        {"name": "auto_flip", "label": "Turn uncovered cards by themselves", "type": "bool",
         "default": False},
        {"name": "auto_complete", "label": "Finish by itself once everything is face up",
         "type": "bool", "default": True},
    ],
}


class TableError(ValueError):
    """A request the table refuses; ``str()`` is the reason for the player."""


def check_options(game: str, options: Any) -> dict[str, Any]:
    """The options as the engine reads them (defaults filled in), or TableError."""
    if game not in GAMES:
        raise TableError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if not isinstance(options, dict):
        raise TableError("options are a JSON object")
    for option in OPTIONS[game]:
        value = options.get(option["name"])
        if option["type"] == "int" and type(value) is int \
                and not option["min"] <= value <= option["max"]:
            raise TableError(f"{option['label'].lower()} is {option['min']} to "
                             f"{option['max']}, not {value}")
    try:
        if game == "spades":
            return SpadesOptions.from_json(options).to_json()
        if game == "hearts":
            return HeartsOptions.from_json(options).to_json()
        for key, value in options.items():
            if isinstance(value, float) or (key != "scoring" and isinstance(value, str)):
                raise ValueError(f"option {key} is not {value!r}")
        return KlondikeOptions.from_json(options).to_json()
    except (OptionsError, ValueError, TypeError) as e:
        raise TableError(str(e)) from None


# The levels a player may sit at the table with; the others (random, and
# OpenSpiel's IS-MCTS, which needs OpenSpiel installed) are for the arena.
TABLE_LEVELS = ("easy", "normal", "expert")


def table_levels(game: str) -> list[str]:
    return [lv for lv in levels(game) if lv in TABLE_LEVELS]


def options_schema() -> dict[str, Any]:
    """The options form of each game and the bot levels (``GET /api/options``)."""
    out: dict[str, Any] = dict(OPTIONS)
    out["levels"] = {g: table_levels(g) for g in ("spades", "hearts")}
    out["default_level"] = "normal"
    out["paces"] = [{"value": "slow", "label": "Slow"}, {"value": "normal", "label": "Normal"},
                    {"value": "fast", "label": "Fast"}]
    return out


def new_state(game: str, options: dict[str, Any], seed: int,
              clock: Callable[[], float] | None = None,
              first_dealer: int | None = None) -> GameState:
    """A fresh engine state for a table (the first dealer drawn, or from the seed)."""
    if game == "spades":
        return SpadesGame(SpadesOptions.from_json(options), seed, first_dealer)
    if game == "hearts":
        return HeartsGame(HeartsOptions.from_json(options), seed, first_dealer)
    return KlondikeState(deal_from_seed(seed), KlondikeOptions.from_json(options), clock)


def replay(game: str, options: dict[str, Any], seed: int, actions: Sequence[str],
           first_dealer: int | None = None) -> GameState:
    """The state after ``actions`` (stored actions: each was legal when made)."""
    state = new_state(game, options, seed, first_dealer=first_dealer)
    for text in actions:
        state.apply(state.parse_action(text))
    return state


@dataclass
class Seat:
    """A place at a table: a person (``player`` is their id) or a bot (``bot`` is its level)."""

    name: str
    player: str | None = None
    bot: str | None = None
    token_hash: str | None = None  # the seat token's hash: never sent anywhere

    @property
    def free(self) -> bool:
        return self.player is None and self.bot is None and self.token_hash is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "person": self.bot is None and not self.free,
                "free": self.free}


def default_seats(game: str, player: str, name: str, level: str) -> list[Seat]:
    """A person in the usual seat, bots of ``level`` in the others."""
    seats = []
    for s in range(SEATS[game]):
        if s == PERSON_SEAT[game]:
            seats.append(Seat(name, player=player))
        else:
            seats.append(Seat(SEAT_NAMES[s], bot=level))
    return seats


# --- views --------------------------------------------------------------------


def _last_trick(state: Any) -> dict[str, Any] | None:
    for hand in reversed(state.hands[-2:]):
        tricks = hand.play.completed_tricks()
        if tricks:
            leader, cards, winner = tricks[-1]
            return {"leader": leader, "cards": [card_code(c) for c in cards], "winner": winner}
    return None


def hands_played(state: Any) -> list[dict[str, Any]]:
    """Every finished hand of a trick game with its score (public)."""
    return [{"hand": i + 1, "dealer": state.hands[i].dealer, "score": result.to_json()}
            for i, result in enumerate(state.results)]


def outcome(game: str, state: Any, over: bool | None = None) -> dict[str, Any] | None:
    """The game's end in words and the winning seats, or None while it goes on
    (``over``: whether it is over, when the caller knows)."""
    if not (state.is_terminal() if over is None else over):
        return None
    if game == "spades":
        team = state.winner_team
        names = ("North-South", "East-West")
        mine, theirs = state.scores[team], state.scores[1 - team]
        return {"winner": f"{names[team]} win {mine} to {theirs}", "seats": [team, team + 2]}
    if game == "hearts":
        seat = state.winner
        points = state.scores[seat]
        unit = "point" if points == 1 else "points"
        return {"winner": f"{SEAT_NAMES[seat]} wins with {points} {unit}",
                "seats": [seat]}
    if state.won:
        return {"winner": f"won in {state.moves} moves", "seats": [0]}
    return {"winner": "no moves left", "seats": []}


def progress(game: str, state: Any, seat: int) -> str:
    """Where an unfinished game stands for ``seat``, in a few words for the home
    page: the hand and the score, or a Klondike deal's moves.

    >>> progress("spades", new_state("spades", {}, 7), 2)
    'hand 1, your side 0 to 0'
    >>> progress("hearts", new_state("hearts", {}, 7), 2)
    'hand 1, you 0 points'
    >>> progress("klondike", new_state("klondike", {}, 7), 0)
    'draw 1, a fresh deal'
    """
    if game == "klondike":
        draw = f"draw {state.options.draw}"
        if not state.moves:
            return f"{draw}, a fresh deal"
        moves = "1 move" if state.moves == 1 else f"{state.moves} moves"
        return f"{draw}, {moves}, {state.cards_placed()} of 52 cards on the foundations"
    hand = f"hand {len(state.hands)}"
    if game == "spades":
        ours, theirs = state.scores[seat % 2], state.scores[1 - seat % 2]
        return f"{hand}, your side {ours} to {theirs}"
    points = state.scores[seat]
    return f"{hand}, you {points} point{'' if points == 1 else 's'}"


def trick_view(game: str, state: Any, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = state.observation(seat).to_json()
    to_act = state.current_player()
    view["legal"] = ([state.action_to_string(a) for a in state.legal_actions()]
                     if to_act == seat else [])
    view["to_act"] = to_act if to_act >= 0 else None
    view["hand_number"] = len(state.hands)
    view["last_trick"] = _last_trick(state)
    view["hands"] = hands_played(state)
    view["over"] = outcome(game, state)
    return view


def klondike_view(state: KlondikeState) -> dict[str, Any]:
    view: dict[str, Any] = state.observation(0).to_json()
    legal = state.legal_actions()  # not cheap in Klondike: found once a view
    view["legal"] = [state.action_to_string(a) for a in legal]
    view["seconds"] = round(state.elapsed(), 1)
    view["can_undo"] = state.can_undo()
    view["can_redo"] = state.can_redo()
    view["can_finish"] = not state.won and not any(state.hidden)
    view["score"] = state.score()
    view["over"] = outcome("klondike", state, state.won or not legal)
    return view


def seat_view(game: str, state: Any, seat: int) -> dict[str, Any]:
    """What one seat is shown: its observation and what is public."""
    if game == "klondike":
        return klondike_view(state)
    return trick_view(game, state, seat)


# What a seat's observation holds that nobody else may see.
PRIVATE = ("hand", "passed", "received")


def public_view(game: str, state: Any) -> dict[str, Any]:
    """What a spectator is shown: what every seat sees alike (no hand, no pass)."""
    view = trick_view(game, state, 0)
    for key in PRIVATE:
        if key in view:
            view[key] = []
    view["legal"] = []
    view["seat"] = None
    return view
