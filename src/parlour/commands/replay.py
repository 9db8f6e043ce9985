"""``parlour replay FILE [--json]``: check every action of a record and print the game."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour import records


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "replay",
        help="check a parlour-record/1 game record and print it",
        description="Replay a parlour-record/1 record through the engine, checking every "
        "action. Prints the hands, tricks and scores; --json prints each step (actor, "
        "action, legal actions before it) and each hand's results. A bad record exits "
        "with status 2 and one line naming the hand, the step and the reason.",
    )
    parser.add_argument("file", help="the record (JSON); - reads standard input")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = records.load(args.file)
        replay = records.replay(record, steps=args.json)
    except ValueError as e:
        print(f"parlour replay: {e}", file=sys.stderr)
        return 2
    if args.json:
        out = replay.to_json()
        out["steps"] = replay.steps
        print(json.dumps(out, ensure_ascii=False))
    else:
        print("\n".join(replay.lines))
    return 0
