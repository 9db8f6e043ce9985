"""``parlour play spades|hearts``: a whole game in the terminal against bots."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from parlour.bots.base import UnknownBot, levels, make_bot
from parlour.cards import CardError, parse_card, pretty, pretty_hand
from parlour.games.base import IllegalAction
from parlour.games.trick import SEAT_NAMES
from parlour.records import dumps

HELP = """Type a card (QS, 10h), a bid (3, nil) or a pass (three cards: 2C 3D QS).
Other commands: hand, help, quit."""


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play Spades or Hearts in the terminal: you sit South, bots take "
        "the other seats (your partner is North in Spades).",
    )
    parser.add_argument("game", choices=["spades", "hearts"], nargs="?", default="spades")
    parser.add_argument("--level", default="normal",
                        help="the bots' level: random, easy, normal or expert")
    parser.add_argument("--seed", type=int, help="deal the game from this seed")
    parser.add_argument("--target", type=int, help="points that end the game")
    parser.add_argument("--record", metavar="FILE",
                        help="save the game as a parlour-record/1 file when it ends")
    parser.set_defaults(func=run)


def new_game(game: str, seed: int, target: int | None) -> Any:
    if game == "spades":
        from parlour.spades import SpadesGame, SpadesOptions

        return SpadesGame(SpadesOptions(target=target or 500), seed=seed)
    from parlour.hearts import HeartsGame, HeartsOptions

    return HeartsGame(HeartsOptions(target=target or 100), seed=seed)


def to_action(game: Any, text: str) -> int:
    """The player's words as an action: bare cards and numbers take the phase's verb."""
    text = text.strip()
    try:
        return int(game.parse_action(text))
    except (IllegalAction, CardError, ValueError):
        pass
    legal = game.legal_actions()
    verb = game.action_to_string(legal[0]).split()[0] if legal else "play"
    return int(game.parse_action(f"{verb} {text}"))


def describe(obs: dict[str, Any], game: str) -> list[str]:
    lines = []
    scores = obs["scores"]
    if game == "spades":
        lines.append(f"Scores: NS {scores[0]} ({obs['bags'][0]} bags), "
                     f"EW {scores[1]} ({obs['bags'][1]} bags)")
        bids = obs["bids"]
        if bids:
            first = (obs["dealer"] + 1) % 4
            lines.append("Bids: " + ", ".join(
                f"{SEAT_NAMES[(first + i) % 4]} {'nil' if b == 0 else b}"
                for i, b in enumerate(bids)))
        lines.append("Tricks: " + ", ".join(
            f"{SEAT_NAMES[s]} {n}" for s, n in enumerate(obs["tricks_won"])))
    else:
        lines.append("Scores: " + ", ".join(
            f"{SEAT_NAMES[s]} {p}" for s, p in enumerate(scores)))
        if obs.get("passing"):
            lines.append(f"Passing {obs['pass']}.")
        if obs.get("received"):
            lines.append("You received: " + " ".join(obs["received"]))
    trick = obs["trick"]
    if trick:
        leader = obs["leader"]
        lines.append("Trick: " + "  ".join(
            f"{SEAT_NAMES[(leader + i) % 4]} {pretty(parse_card(c))}"
            for i, c in enumerate(trick)))
    hand = 0
    for code in obs["hand"]:
        hand |= 1 << parse_card(code)
    lines.append(f"Your hand: {pretty_hand(hand)}")
    return lines


def run(args: argparse.Namespace, stdin: TextIO | None = None,
        out: Callable[[str], None] | None = None) -> int:
    read = (stdin or sys.stdin).readline
    say = out or print
    try:
        bots = {s: make_bot(args.game, args.level, seed=(args.seed or 0) + s)
                for s in (0, 1, 3)}
    except UnknownBot:
        print(f"parlour play: no {args.game} bot {args.level!r} "
              f"(levels: {', '.join(levels(args.game))})", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    game = new_game(args.game, seed, args.target)
    me = 2
    say(f"Parlour {args.game}, seed {seed}. You are South. {HELP}")
    shown = -1
    while not game.is_terminal():
        seat = game.current_player()
        if seat != me:
            action = bots[seat].choose(game.observation(seat), game.legal_actions())
            say(f"  {SEAT_NAMES[seat]}: {game.action_to_string(action)}")
            game.apply(action)
            continue
        obs = game.observation(me).to_json()
        key = len(obs.get("actions", obs.get("plays", [])))
        if key != shown:
            say("\n".join(describe(obs, args.game)))
            shown = key
        say("Your move> ")
        line = read()
        if not line:
            say("Bye.")
            return 0
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            say("Bye.")
            return 0
        if text in ("help", "?"):
            say(HELP)
            continue
        if text in ("hand", ""):
            say("\n".join(describe(obs, args.game)))
            continue
        try:
            action = to_action(game, text)
            game.apply(action)
        except (IllegalAction, CardError, ValueError) as e:
            say(f"  Not allowed: {e}")
        else:
            say(f"  South: {game.action_to_string(action)}")
    say(f"Game over: {game.winner} win{'s' if args.game == 'hearts' else ''}. "
        f"Scores {game.scores}.")
    if args.record:
        Path(args.record).write_text(dumps(game.to_record()) + "\n", encoding="utf-8")
        say(f"Saved the game to {args.record}.")
    return 0
