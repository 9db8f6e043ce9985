"""What a change to the Spades expert's endgame is worth, position by
position: by default its endgame played for bags (``bag_fight``).

A match can hardly show it: it changes a card only in the last tricks of
some hands, and a match's noise is several points a hand. So this finds
those positions and plays each both ways. Hands are dealt from ``--first``
on and played by the ``normal`` bots; wherever the seat to play, with
``--left`` (6) tricks or fewer left, would play another card with the expert's options
``--option`` (default ``bag_fight=1``) than with ``--base`` (default
``bag_fight=0``), the rest of the hand is played ``--reps`` times each way:
that seat's side by the expert with one set of options or the other, the
other side by ``--opponent`` (PIMC-24 by default), the same bot seeds both
ways. Each pair is scored by the expert's own utility for the side (its
points less the opponents', a bag charged its share of the penalty to come).

    python benchmarks/spades_bag_fight.py --first 20000 --hands 300
    python benchmarks/spades_bag_fight.py --first 20000 --hands 300 --opponent normal
    python benchmarks/spades_bag_fight.py --first 22000 --hands 300 --left 7 \
        --base dd_tricks=6 --option dd_tricks=7

Printed: the positions found, the side's mean gain per pair with its 95%
interval, and how many fewer tricks the side took.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from parlour.arena.match import mean_interval
from parlour.bots.base import make_bot
from parlour.bots.spades_expert import ExpertBot, table_bids, team_utility
from parlour.commands.arena import bot_options
from parlour.games.spades import SpadesHand
from parlour.progress import Progress


def expert_options(text: str) -> dict[str, Any]:
    """``k=v[,k=v]`` as the expert's keyword options."""
    try:
        return bot_options([p for p in text.split(",") if p])
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def show(opts: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "the defaults"


def play_both_ways(hand: SpadesHand, seat: int, seed: int, rep: int, opponent: str,
                   ways: tuple[dict[str, Any], dict[str, Any]]) -> tuple[float, int]:
    """The side's utility and its tricks with the options ``ways[1]`` less
    with ``ways[0]``."""
    obs = hand.observation(seat)
    bids = table_bids(obs)
    team = seat & 1
    utility = []
    tricks = []
    for opts in ways:
        g = hand.clone()
        side = [ExpertBot(seed=seed * 7 + rep, **opts) for _ in range(2)]
        others = [make_bot("spades", opponent, seed=seed * 11 + rep + k) for k in range(2)]
        while not g.is_terminal():
            s = g.current_player()
            bot = side[s >> 1] if (s & 1) == team else others[s >> 1]
            g.apply(bot.choose(g.observation(s), g.legal_actions()))
        t = list(g.play.tricks_won)
        utility.append(team_utility(bids, t, [0, 0], [0, 0], obs, team))
        tricks.append(t[team] + t[team + 2])
    return utility[1] - utility[0], tricks[1] - tricks[0]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=20000, help="the first deal's seed")
    ap.add_argument("--hands", type=int, default=300, help="hands dealt and played by normal")
    ap.add_argument("--reps", type=int, default=2, help="continuations a position, each way")
    ap.add_argument("--left", type=int, default=6,
                    help="positions with at most this many tricks left (1-13)")
    ap.add_argument("--opponent", default="pimc", help="the other side's level")
    ap.add_argument("--base", type=expert_options, default="bag_fight=0",
                    help="the expert's options one way, as k=v[,k=v]")
    ap.add_argument("--option", type=expert_options, default="bag_fight=1",
                    help="the expert's options the other way, as k=v[,k=v]")
    ap.add_argument("--log", help="append the figures, with every pair's gain, as a JSON line")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.reps < 1:
        ap.error("--hands and --reps must be at least 1")
    if not 1 <= args.left <= 13:
        ap.error("--left is 1 to 13 tricks")
    ways = (args.base, args.option)
    try:
        for opts in ways:
            ExpertBot(**opts)
    except (TypeError, ValueError) as e:
        ap.error(f"the expert takes no such options: {e}")
    gains: list[float] = []
    fewer: list[int] = []
    positions = 0
    with Progress(args.hands, "hands") as bar:
        for seed in range(args.first, args.first + args.hands):
            hand = SpadesHand.from_seed(seed, dealer=seed % 4, bags=[0, 0])
            rules = [make_bot("spades", "normal", seed=seed * 4 + i) for i in range(4)]
            while not hand.is_terminal():
                p = hand.current_player()
                obs, legal = hand.observation(p), hand.legal_actions()
                left = 13 - hand.play.trick_count
                if (not hand.bidding and left <= args.left and len(legal) > 1
                        and ExpertBot(seed=seed, **args.base).choose(obs, legal)
                        != ExpertBot(seed=seed, **args.option).choose(obs, legal)):
                    positions += 1
                    for rep in range(args.reps):
                        gain, more = play_both_ways(hand, p, seed, rep, args.opponent, ways)
                        gains.append(gain)
                        fewer.append(-more)
                hand.apply(rules[p].choose(obs, legal))
            bar.update(1, f"{positions} positions")
    if len(gains) < 2:
        print(f"{positions} positions found: too few to measure", file=sys.stderr)
        return 1
    mean, half = mean_interval(gains)
    lo, hi = mean - half, mean + half
    print(f"{positions} positions in {args.hands} hands, {len(gains)} pairs"
          f" against {args.opponent}")
    print(f"  gain with {show(args.option)} over {show(args.base)}: {mean:+.2f} points"
          f" a position (95% {lo:+.2f} .. {hi:+.2f}),"
          f" {sum(fewer) / len(fewer):.2f} fewer tricks for the side")
    if args.log:
        with open(args.log, "a") as f:
            f.write(json.dumps({"first": args.first, "hands": args.hands, "reps": args.reps,
                                "base": show(args.base), "option": show(args.option),
                                "left": args.left,
                                "opponent": args.opponent, "positions": positions,
                                "gain": round(mean, 3), "ci95": [round(lo, 3), round(hi, 3)],
                                "gains": gains, "fewer_tricks": fewer}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
