"""How well the rules the Hearts expert's playouts play the other seats by predict
what real players choose: how often ``normal`` (or another rules level) picks the
card a bot picked, at each of its card decisions, by kind of decision.

The expert values a card by playing every sampled deal out with every seat on the
``normal`` rules (``rule_card``), so the closer those rules are to what the other
seats really do, the better its forecasts. This records the decisions of a
duplicate match (the expert against ``--ref``), every card decision with more than
one legal card, with what ``rule_card`` needs and the card chosen, then scores the
rules against them; a new playout model can be scored on the same recorded
decisions without playing again.

    python benchmarks/hearts_model_fit.py --ref pimc --hands 60 --seed 31000 \\
        --log benchmarks/logs/hearts_model_fit_pimc.jsonl
    python benchmarks/hearts_model_fit.py --summary benchmarks/logs/hearts_model_fit_pimc.jsonl

Two cards count as the same when they are the same to the seat that holds them
(one suit, no card still out or in the trick between them; never the queen of
spades, see ``alike``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from parlour.arena.hearts import play_deal
from parlour.bots.base import make_bot
from parlour.bots.hearts_openspiel import fixed_addresses
from parlour.bots.hearts_rules import (
    AVOID,
    CASH,
    NORMAL,
    SUIT,
    alike,
    penalty,
    rule_card,
    taken_by_seat,
)
from parlour.cards import FULL_DECK
from parlour.progress import Progress

LEVELS = {"normal": NORMAL, "avoid": AVOID, "cash": CASH}


class Recorder:
    """A bot that plays as ``bot`` does and writes each of its card decisions to ``out``."""

    def __init__(self, bot: Any, name: str, out: Any) -> None:
        self.bot = bot
        self.name = name
        self.out = out

    def choose(self, obs: Any, legal_actions: Sequence[int]) -> int:
        action = self.bot.choose(obs, legal_actions)
        if not obs.passing and len(legal_actions) > 1:
            legal = 0
            for c in legal_actions:
                legal |= 1 << c
            taken = taken_by_seat(obs.plays, obs.played_by)
            self.out.write(json.dumps({
                "bot": self.name, "me": obs.seat, "hand": obs.hand, "legal": legal,
                "trick": list(obs.trick), "leader": obs.leader,
                "out": FULL_DECK & ~obs.played & ~obs.hand,
                "pts": [penalty(t) for t in taken], "first": len(obs.plays) < 4,
                "tricks_done": len(obs.plays) // 4, "jack": bool(obs.options.jack_of_diamonds),
                "scores": list(obs.scores), "target": obs.options.target,
                "chosen": action}) + "\n")
        return action


def kind(row: dict[str, Any]) -> str:
    """``lead``, ``follow`` (a card of the suit led) or ``discard``."""
    trick = row["trick"]
    if not trick:
        return "lead"
    return "follow" if row["legal"] & SUIT[trick[0] // 13] else "discard"


def predicted(row: dict[str, Any], level: int) -> int:
    """The card the rules at ``level`` choose at this decision."""
    trick = row["trick"]
    return rule_card(row["me"], row["hand"], row["legal"], trick, len(trick), row["leader"],
                     row["out"], row["pts"], row["first"], level, row["jack"], row["scores"],
                     row["target"])


def same(row: dict[str, Any], card: int) -> bool:
    sep = row["out"]
    for t in row["trick"]:
        sep |= 1 << t
    return alike(row["chosen"], card, sep, row["jack"])


def read(paths: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                try:
                    row = json.loads(line)
                    if not {"bot", "chosen", "legal", "trick", "out"} <= set(row):
                        raise ValueError("fields missing")
                except (ValueError, TypeError) as e:
                    raise SystemExit(f"{path}:{number}: not a recorded decision ({e})") from None
                rows.append(row)
    return rows


def summary(paths: list[str], levels: list[str]) -> int:
    rows = read(paths)
    if not rows:
        print("no decisions recorded")
        return 1
    print(f"{len(rows)} card decisions with a choice, the share where each rules level "
          "picks the card the bot picked:")
    for bot in sorted({r["bot"] for r in rows}):
        mine = [r for r in rows if r["bot"] == bot]
        print(f"{bot}: {len(mine)} decisions")
        for name in levels:
            level = LEVELS[name]
            by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for r in mine:
                k = by_kind[kind(r)]
                k[0] += same(r, predicted(r, level))
                k[1] += 1
            hits = sum(v[0] for v in by_kind.values())
            parts = ", ".join(f"{k} {v[0] / v[1]:.1%} of {v[1]}"
                              for k, v in sorted(by_kind.items()))
            print(f"  {name:>7}: {hits / len(mine):.1%}  ({parts})")
    return 0


def record(ref: str, hands: int, seed: int, first: int, log: str) -> int:
    with open(log, "a", encoding="utf-8") as out, Progress(hands, "deals") as bar:
        for i in range(first, first + hands):
            play_deal(lambda s: Recorder(make_bot("hearts", "expert", seed=s), "expert", out),
                      lambda s: Recorder(make_bot("hearts", ref, seed=s), ref, out), i, seed)
            out.flush()
            bar.update()
    return summary([log], list(LEVELS))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", default="pimc",
                        help="the bot the expert plays against (default pimc)")
    parser.add_argument("--hands", type=int, default=20, help="duplicate deals (default 20)")
    parser.add_argument("--seed", type=int, default=31000)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--log", help="the JSON lines file the decisions are added to "
                        "(default: a new temporary file)")
    parser.add_argument("--summary", nargs="+", metavar="LOG",
                        help="score recorded decisions instead of playing")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help=f"rules levels to score, of {', '.join(LEVELS)}")
    args = parser.parse_args(argv)
    levels = [x for x in args.levels.split(",") if x]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown:
        parser.error(f"no rules level {unknown[0]!r} (levels: {', '.join(LEVELS)})")
    if args.summary:
        return summary(args.summary, levels)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.ref == "ismcts":
        fixed_addresses()  # IS-MCTS's choices repeatable run to run
    log = args.log
    if not log:
        with tempfile.NamedTemporaryFile(prefix="hearts_model_fit_", suffix=".jsonl",
                                         delete=False) as f:
            log = f.name
        print(f"recording to {log}", file=sys.stderr)
    return record(args.ref, args.hands, args.seed, args.first, log)


if __name__ == "__main__":
    sys.exit(main())
