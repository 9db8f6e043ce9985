"""``parlour join CODE_OR_LINK [--bot MODULE:FACTORY]``: a seat at a table with
friends, played by your own bot (or by you, in the terminal).

The bot is any that follows :mod:`parlour.bots`: ``MODULE:FACTORY`` names a
callable (called with ``seed=`` when it takes one, else with nothing) that
returns an object with ``choose(observation, legal_actions)``; a plain word
is one of the library's levels (``--bot expert``). One line is printed per
hand and one for the result.

>>> load_bot("parlour.bots.base:nothing_here", "spades", 1)
Traceback (most recent call last):
...
ValueError: --bot parlour.bots.base:nothing_here: parlour.bots.base has no nothing_here
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import secrets
import sys
from collections.abc import Sequence
from typing import Any

from parlour.bots.base import UnknownBot, make_bot
from parlour.cards import Rng, parse_cards, pretty_hand
from parlour.client import (
    DEFAULT_SERVER,
    ClientError,
    Player,
    TableClient,
    action_text,
    find_table,
    legal_from_view,
    parse_invite,
)
from parlour.commands import positive
from parlour.games.base import IllegalAction
from parlour.games.trick import SEAT_NAMES
from parlour.terminal import Console, Saver


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "join",
        help="take a seat at a table with friends: your bot plays it, or you do",
        description="Take a seat at a Spades or Hearts table of 'parlour serve' by its invite "
        "code or link, and play the whole game: with --bot MODULE:FACTORY your own bot "
        "(anything with choose(observation, legal_actions), as parlour.bots), with --bot "
        "LEVEL one of the library's, without --bot you, in the terminal.")
    parser.add_argument("invite", metavar="CODE_OR_LINK",
                        help="the invite code (K7QF3M) or the table's link "
                        "(http://host:8000/spades/TABLE)")
    parser.add_argument("--bot", metavar="MODULE:FACTORY",
                        help="the bot to seat: a factory in an importable module (the "
                        "current directory included), or a level such as normal")
    parser.add_argument("--name", help="the seat's name at the table (default: the bot's, "
                        "or You)")
    parser.add_argument("--seat", type=_seat, help="the seat to take, 0-3 (North, East, "
                        "South, West; default: the first free one)")
    parser.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                        help=f"the server of an invite code (default {DEFAULT_SERVER})")
    parser.add_argument("--seed", type=int, help="the seed given to the bot's factory")
    parser.add_argument("--games", type=positive, default=1,
                        help="games to play: at each game over, say yes to a rematch and "
                        "play on at the next table (default 1)")
    parser.set_defaults(func=run)


def _seat(text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"a seat is 0 to 3 (North, East, South, West), "
                                         f"not {text!r}")
    return int(text)


def load_bot(spec: str, game: str, seed: int) -> Player:
    """The bot ``--bot`` names: ``MODULE:FACTORY``, or a level of :mod:`parlour.bots`."""
    if ":" not in spec:
        try:
            return make_bot(game, spec, seed=seed)
        except UnknownBot as e:
            raise ValueError(f"--bot {spec}: {e}; or name your own as MODULE:FACTORY") from None
    module_name, _, attribute = spec.partition(":")
    if os.getcwd() not in sys.path:  # a bot beside you imports as python -m would find it
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"--bot {spec}: cannot import {module_name}: {e}") from None
    except Exception as e:  # the bot's own module failed as it loaded
        raise ValueError(f"--bot {spec}: importing {module_name} failed: "
                         f"{type(e).__name__}: {e}") from None
    factory = getattr(module, attribute, None) if attribute.isidentifier() else None
    if not callable(factory):
        raise ValueError(f"--bot {spec}: {module_name} has no {attribute or 'FACTORY'}")
    try:
        takes_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        bot = factory(seed=seed) if takes_seed else factory()
    except Exception as e:
        raise ValueError(f"--bot {spec}: {attribute}() failed: {type(e).__name__}: {e}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"--bot {spec}: {attribute}() made a {type(bot).__name__}, which has "
                         "no choose(observation, legal_actions)")
    player: Player = bot
    return player


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    try:
        invite = parse_invite(args.invite, args.server)
        table = find_table(invite)
        game = table.get("game", "")
        if game not in ("spades", "hearts"):
            raise ValueError(f"{args.invite}: a {game} table: parlour join plays Spades "
                             "and Hearts")
        if table.get("status") == "over":
            raise ValueError(f"{args.invite}: that game is over")
        player = load_bot(args.bot, game, seed) if args.bot else _Terminal(game)
        name = args.name or (getattr(player, "name", None) if args.bot else "You") or "Bot"
        client = TableClient.sit(invite, table, str(name)[:24], args.seat)
    except (ClientError, ValueError) as e:
        print(f"parlour join: {e}", file=sys.stderr)
        return 2
    report = _Report(client)
    print(f"Seated as {client.name} in {SEAT_NAMES[client.seat]}'s seat at a {game} table "
          f"({client.server}/{game}/{client.table}).", flush=True)
    try:
        client.play(player, games=args.games, on_view=report.view)
    except ClientError as e:
        print(f"parlour join: {e}", file=sys.stderr)
        return 1
    except _Quit:
        print("Bye. Your seat is kept; a bot plays for you after the table's grace.")
        return 0
    return 0


class _Report:
    """One line a hand and one for the result, from the views as they come."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.table: str | None = None
        self.hands = 0
        self.started = False
        self.over = False

    def view(self, view: dict[str, Any]) -> None:
        if view.get("table") != self.table:  # the first table, or a rematch's
            self.table, self.hands, self.started, self.over = view.get("table"), 0, False, False
        if view.get("status") == "waiting":
            return
        if not self.started:
            self.started = True
            names = ", ".join(f"{SEAT_NAMES[s]} {seat['name']}"
                              for s, seat in enumerate(view["seats"]))
            print(f"The game starts: {names}.", flush=True)
        for entry in view.get("hands", [])[self.hands:]:
            print(hand_line(view["game"], entry), flush=True)
        self.hands = max(self.hands, len(view.get("hands", [])))
        over = view.get("over")
        if over and not self.over:
            self.over = True
            seat = view.get("seat")
            won = "you win" if seat in over["seats"] else "you lose"
            print(f"Game over: {over['winner']} ({won}).", flush=True)


def hand_line(game: str, entry: dict[str, Any]) -> str:
    """One finished hand in a line.

    >>> hand_line("hearts", {"hand": 2, "score": {"points": [5, 0, 21, 0],
    ...                                           "scores": [9, 3, 30, 10]}})
    'Hand 2: North 5, East 0, South 21, West 0 points; scores North 9, East 3, South 30, West 10.'
    """
    score = entry["score"]
    if game == "spades":
        p, s, b = score["points"], score["scores"], score["bags"]
        return (f"Hand {entry['hand']}: NS {p[0]:+d}, EW {p[1]:+d}; scores NS {s[0]} "
                f"({b[0]} bags), EW {s[1]} ({b[1]} bags).")
    points = ", ".join(f"{SEAT_NAMES[i]} {n}" for i, n in enumerate(score["points"]))
    totals = ", ".join(f"{SEAT_NAMES[i]} {n}" for i, n in enumerate(score["scores"]))
    return f"Hand {entry['hand']}: {points} points; scores {totals}."


class _Quit(Exception):
    """The person at the keyboard stops."""


class _Notation:
    """What :class:`~parlour.terminal.tricks.TrickTable` reads its player's words
    with: the game's action notation (the table holds no engine state here)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def parse_action(self, text: str) -> int:
        return legal_from_view({"game": self.game, "legal": [text]})[0]


class _Terminal:
    """You, in the bot's place: the seat's table and hand shown and the legal
    actions listed as ``parlour play`` shows them, your choice read from the keyboard."""

    name = "You"

    def __init__(self, game: str, console: Console | None = None) -> None:
        from parlour.terminal.tricks import TrickTable

        def ask(prompt: str) -> str | None:
            try:
                return input(prompt)
            except EOFError:
                return None

        self.game = game
        self.console = console or Console(ask, print)
        self.table = TrickTable(game, _Notation(game), {}, self.console, Saver(None))

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        obs = observation.to_json()
        say = self.console.say
        say("\n".join(self.table.describe(obs)))
        say("You may: " + _listed(self.game, legal_actions))
        while True:
            if self.table.phase(obs) == "pass":  # (the table's own prompt is South's)
                to = SEAT_NAMES[(observation.seat + observation.pass_dir) & 3]
                prompt = f"Three cards to pass to {to}> "
            else:
                prompt = self.table.prompt(obs)
            line = self.console.ask(prompt)
            if line is None:
                raise _Quit
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                raise _Quit
            if text in ("help", "?", "hand", ""):
                say("\n".join(self.table.describe(obs)))
                say("You may: " + _listed(self.game, legal_actions))
                continue
            try:
                action = self.table.to_action(obs, text)
                if action in legal_actions:
                    return action
                reason = _refusal(observation, action)
            except (IllegalAction, ValueError) as e:
                reason = str(e)
            say(f"  {self.table.refusal(obs, reason)}")


def _listed(game: str, legal: Sequence[int]) -> str:
    """The legal actions in short: the bids, the cards, or how many passes."""
    words = [action_text(game, a).split(" ", 1) for a in legal]
    if words and words[0][0] == "pass":
        return "any three cards of your hand"
    if words and words[0][0] == "play":
        return pretty_hand(parse_cards([w[1] for w in words]))
    return ", ".join(w[1] for w in words)


def _refusal(observation: Any, action: int) -> str:
    """Why the engine refuses ``action``: asked of a deal consistent with the
    seat's observation (its own cards are real, so the reason is too)."""
    if observation.player != observation.seat:
        return "that is not one of the actions listed"
    try:
        observation.sample(Rng(0)).apply(action)
    except IllegalAction as e:
        return str(e).replace(f"{SEAT_NAMES[observation.seat]} does not hold", "you do not hold")
    return "that is not one of the actions listed"
