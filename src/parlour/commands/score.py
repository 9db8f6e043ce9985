"""``parlour score spades|hearts [FILE] [--json]``: the score pad for real cards."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from parlour.files import read_json


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "score",
        help="score pad for a game played with real cards",
        description="Read each hand's bids and tricks (Spades) or points taken (Hearts) "
        "as JSON and print the running scores, the events and the winner. Bad input "
        "exits with status 2 and a message naming the hand.",
    )
    parser.add_argument("game", choices=["spades", "hearts"])
    parser.add_argument("file", nargs="?", default="-",
                        help="the hands as JSON (standard input when left out)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"parlour.games.{args.game}_scoring")
    try:
        result = module.score_pad(read_json(args.file))
    except ValueError as e:
        print(f"parlour score {args.game}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print("\n".join(module.score_pad_lines(result)))
    return 0
