"""The ``parlour`` command: every subcommand lives in :mod:`parlour.commands`."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn

from parlour import __version__, commands


class Parser(argparse.ArgumentParser):
    """argparse's parser, its refusals in one line (the usage is a --help away),
    as every other refusal of the command line is. The subcommands' parsers are
    of this class too (argparse makes them of their parent's class)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="parlour",
        description="Spades, Hearts and Klondike: rules engines, bots, tools.",
    )
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"parlour.commands.{info.name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", "spades", *(argv or sys.argv[1:])])
    # whether these are this process's own arguments (a command), not a call from
    # other Python code: only a command may start itself again (``parlour arena``)
    args.own_process = argv is None or list(argv) == sys.argv[1:]
    try:
        status: int = args.func(args)
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
