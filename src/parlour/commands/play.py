"""``parlour play spades|hearts|klondike``: a game in the terminal.

Spades and Hearts against bots (you sit South); Klondike alone. ``--record FILE``
saves the game after every action, so a quit, a crash or Ctrl-C keeps it, and
``--resume FILE`` carries a saved game on (and keeps saving it there).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Any, TextIO

from parlour import records
from parlour.bots.base import UnknownBot, levels, make_bot
from parlour.commands import positive
from parlour.files import output_path
from parlour.terminal import Console, Saver


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal (Spades, Hearts against bots; Klondike)",
        description="Play in the terminal. Spades and Hearts: you sit South, bots take the "
        "other seats (your partner is North in Spades). Klondike: the layout in card "
        "symbols; type help for the short forms of the moves.")
    parser.add_argument("game", choices=["spades", "hearts", "klondike"], nargs="?",
                        default="spades")
    parser.add_argument("--level", default="normal",
                        help="the bots' level: random, easy, normal or expert")
    parser.add_argument("--seed", type=int, help="deal the game from this seed")
    parser.add_argument("--target", type=positive, help="points that end the game")
    parser.add_argument("--draw", type=int, choices=[1, 3], default=1,
                        help="Klondike: cards turned from the stock at a time (default 1)")
    parser.add_argument("--record", metavar="FILE",
                        help="save the game (parlour-record/1) after every action")
    parser.add_argument("--resume", metavar="FILE",
                        help="carry on a game saved with --record (and keep saving it there)")
    parser.set_defaults(func=run)


def _terminal(stdin: TextIO | None, out: Any) -> Console:
    if stdin is None and out is None:
        def ask(prompt: str) -> str | None:
            try:
                return input(prompt)
            except EOFError:
                print()
                return None
        return Console(ask, print)
    source = stdin or sys.stdin
    say = out or print

    def ask_from(prompt: str) -> str | None:
        say(prompt)
        line = source.readline()
        return line if line else None
    return Console(ask_from, say)


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: Any = None) -> int:
    try:
        record = records.load(args.resume) if args.resume is not None else None
        if record is not None:
            args.game = _resumed_game(record, args)
        target = args.record if args.record is not None else args.resume
        path = output_path(target, "--record") if target is not None else None
        table = _table(args, record, path, _terminal(stdin, out))
    except ValueError as e:
        print(f"parlour play: {e}", file=sys.stderr)
        return 2
    status: int = table.play()
    return status


def _resumed_game(record: dict[str, Any], args: argparse.Namespace) -> str:
    """The game a record to resume holds, checked by replaying it."""
    game = record.get("game")
    if args.game != "spades" and args.game != game:  # "spades" is also the default
        raise ValueError(f"--resume {args.resume}: a record of {game}, not {args.game}")
    replay = records.replay(record, steps=False)
    if replay.result.get("winner") or replay.result.get("won"):
        raise ValueError(f"--resume {args.resume}: that game is over")
    return str(game)


def _table(args: argparse.Namespace, record: dict[str, Any] | None, path: Path | None,
           console: Console) -> Any:
    saver = Saver(path)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    if record is not None and isinstance(record.get("seed"), int):
        seed = record["seed"]
    if args.game == "klondike":
        from parlour.terminal.klondike import KlondikeTable

        if record is not None:
            return KlondikeTable.resumed(record, console, saver)
        console.say(f"Parlour Klondike, draw {args.draw}, seed {seed}. Type help for the moves.")
        return KlondikeTable.new(seed, args.draw, console, saver)
    from parlour.terminal.tricks import TrickTable, game_options, new_game, resume

    try:
        bots = {s: make_bot(args.game, args.level, seed=seed + s) for s in (0, 1, 3)}
    except UnknownBot:
        raise ValueError(f"no {args.game} bot {args.level!r} "
                         f"(levels: {', '.join(levels(args.game))})") from None
    if record is not None:
        game = resume(args.game, record)
        console.say(f"Parlour {args.game}, seed {seed}, resumed. You are South.")
    else:
        options = game_options(args.game, {} if args.target is None else {"target": args.target})
        game = new_game(args.game, seed, options)
        console.say(f"Parlour {args.game}, seed {seed}. You are South. Type help for help.")
    saver.save(game.to_record())
    return TrickTable(args.game, game, bots, console, saver)
