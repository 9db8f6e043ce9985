"""``parlour arena``: duplicate matches between bot levels.

    parlour arena spades --a expert --b normal --hands 2000 --seed 1 [--json] [--plot FILE]
    parlour arena spades --a expert --b expert --a-opt samples=60 --hands 200
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour.arena import run_match, svg_plot
from parlour.bots.base import UnknownBot
from parlour.commands import positive
from parlour.files import output_path, write_atomically


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "arena", help="play bot levels against each other in duplicate matches",
        description="Duplicate matches: each deal is played again with the sides' seats "
                    "swapped, so luck cancels. Prints points per hand, the difference with a "
                    "95% confidence interval, games won and time per decision.")
    parser.add_argument("game", help="the game: spades or hearts")
    parser.add_argument("--a", default="expert", help="level of side A (default expert)")
    parser.add_argument("--b", default="normal", help="level of side B (default normal)")
    parser.add_argument("--hands", type=positive, default=200, help="deals to play (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE",
                        help="a budget option for A's bots, e.g. samples=40, time_budget=0.3")
    parser.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", metavar="FILE",
                        help="write the running difference to FILE, an .svg file")
    parser.set_defaults(func=run)


def bot_options(pairs: list[str]) -> dict[str, Any]:
    """Bot options from KEY=VALUE texts (numbers only), with a clear error."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"{pair!r}: write KEY=VALUE")
        try:
            out[key] = int(value)
        except ValueError:
            try:
                out[key] = float(value)
            except ValueError:
                raise ValueError(f"{pair!r}: the value must be a number") from None
    return out


def run(args: argparse.Namespace) -> int:
    if args.game == "hearts" and "ismcts" in (args.a, args.b):
        # OpenSpiel's IS-MCTS plays the same deal the same way only with the process's
        # addresses fixed (this starts the command again so, once); called from other
        # Python code, the process is not ours to start again
        from parlour.bots.hearts_openspiel import fixed_addresses

        own = bool(getattr(args, "own_process", False))
        if not fixed_addresses(restart=own) and not own:
            print("parlour arena: IS-MCTS's play will not repeat exactly run to run "
                  "(its process's addresses are not fixed)", file=sys.stderr)
    try:
        plot = output_path(args.plot, "--plot", ".svg") if args.plot is not None else None
        result = run_match(args.game, args.a, args.b, args.hands, args.seed,
                           bot_options(args.a_opt), bot_options(args.b_opt),
                           progress=not args.json and sys.stderr.isatty())
    except (UnknownBot, ValueError, TypeError) as e:
        print(f"parlour arena: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result.summary()) if args.json else result.report())
    if plot is not None:
        try:
            write_atomically(plot, svg_plot(result))
        except OSError as e:  # the figures are printed above: only the picture is lost
            print(f"parlour arena: could not write the plot: {e}", file=sys.stderr)
            return 1
    return 0
