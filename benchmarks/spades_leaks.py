"""Where a Spades side's points go against another: duplicate deals, with each
side's sets, nils, bags and tricks, and sides made of mixed bots.

    python benchmarks/spades_leaks.py --a expert --b pimc --hands 25 --seed 7000
    python benchmarks/spades_leaks.py --a normal:expert --b pimc   # normal's bids, expert's cards
    python benchmarks/spades_leaks.py --a expert/pimc --b pimc     # beside a PIMC partner
    python benchmarks/spades_leaks.py --a expert --b pimc --opt pimc.samples=48 --log leaks.jsonl

A side is a level (``expert``), ``BID:PLAY`` (one level's bids, another's
cards: which half of a bot carries its gain), or ``FIRST/PARTNER`` (the
side's first seat one level, its partner another: whether a bot's edge over
``normal`` holds beside a partner that does not play like it). ``--opt
LEVEL.KEY=VALUE`` sets a bot option for every bot of that level. The deals,
seatings and bot seeds are the arena's (``parlour arena spades``: each deal
played twice, the sides' seats swapped, scores and bags carried from hand to
hand), so a plain ``--a expert --b pimc`` plays the arena's match.

Printed: the difference a hand (A - B, the 95% interval over deals) and, per
side, over all its hands: the share of its contracts set, its nils made of
those bid, its bags a hand, bag penalties, the tricks it took and bid.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from parlour.arena import SpadesTable
from parlour.arena.match import mean_interval
from parlour.bots.base import Bot, make_bot
from parlour.commands.arena import bot_options
from parlour.games.spades import BID_BASE, SpadesHand, SpadesObservation
from parlour.games.spades_scoring import game_winner
from parlour.progress import Progress


class Split:
    """One seat bid by one bot and played by another."""

    def __init__(self, bidder: Bot, player: Bot) -> None:
        self.bidder = bidder
        self.player = player
        self.name = f"{bidder.name}:{player.name}"

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        bot = self.bidder if legal_actions[0] >= BID_BASE else self.player
        return bot.choose(observation, legal_actions)


def seat_bot(spec: str, first: bool, seed: int, opts: dict[str, dict[str, Any]]) -> Bot:
    """The bot of one seat of a side given as ``LEVEL``, ``BID:PLAY`` or ``FIRST/PARTNER``."""
    if "/" in spec:
        first_spec, partner_spec = spec.split("/")
        return seat_bot(first_spec if first else partner_spec, True, seed, opts)
    if ":" in spec:
        bid, play = spec.split(":")
        return Split(seat_bot(bid, True, seed, opts), seat_bot(play, True, seed + 1, opts))
    return make_bot("spades", spec, seed=seed, **opts.get(spec, {}))


def run(a: str, b: str, hands: int, seed: int, opts: dict[str, dict[str, Any]],
        progress: bool = True,
        on_hand: Callable[[SpadesHand, list[int]], None] | None = None) -> dict[str, Any]:
    """The match; ``on_hand(hand, layout)`` is called after every hand played."""
    table = SpadesTable()
    specs = (a, b)
    bots = []
    for li, layout in enumerate(table.layouts):
        # The side's first seat is the lower of its two (0 or 1).
        bots.append([seat_bot(specs[side], seat < 2, seed * 7919 + 97 * li + seat, opts)
                     for seat, side in enumerate(layout)])
    keys = ("hands", "contracts", "set", "nils", "nils_made", "bags", "penalties",
            "tricks", "bid")
    tally = [dict.fromkeys(keys, 0), dict.fromkeys(keys, 0)]
    carries = [table.new_carry() for _ in table.layouts]
    diffs: list[float] = []
    start = time.monotonic()
    with Progress(hands, f"{a} v {b}", enabled=progress) as bar:
        for deal in range(hands):
            sums = [0.0, 0.0]
            for li, layout in enumerate(table.layouts):
                hand = table.new_hand(deal, seed, carries[li])
                while not hand.is_terminal():
                    seat = hand.current_player()
                    action = bots[li][seat].choose(hand.observation(seat), hand.legal_actions())
                    hand.apply(action)
                if on_hand is not None:
                    on_hand(hand, layout)
                result = hand.score()
                bids = hand.seat_bids()
                won = hand.play.tricks_won
                for team in (0, 1):
                    t = tally[layout[team]]
                    sums[layout[team]] += result.points[team]
                    t["hands"] += 1
                    contract = taken = 0
                    for s in (team, team + 2):
                        bid = bids[s] or 0
                        t["tricks"] += won[s]
                        t["bid"] += bid
                        if bid == 0:
                            t["nils"] += 1
                            t["nils_made"] += won[s] == 0
                        else:
                            contract += bid
                            taken += won[s]
                    if contract:
                        t["contracts"] += 1
                        t["set"] += taken < contract
                        t["bags"] += max(0, taken - contract)
                    t["penalties"] += result.bags[team] < hand.bags[team] + max(0, taken - contract)
                winner = game_winner(result.scores, table.options)
                carries[li] = (result.scores, result.bags) if winner is None else table.new_carry()
            diffs.append((sums[0] - sums[1]) / len(table.layouts))
            bar.update(1, note=f"A-B {statistics.fmean(diffs):+.1f}")
    mean, half = mean_interval(diffs)
    return {"a": a, "b": b, "seed": seed, "deals": hands,
            "opts": {k: v for k, v in opts.items()}, "diff": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)], "sides": tally,
            "diffs": [round(x, 2) for x in diffs], "seconds": round(time.monotonic() - start)}


def report(r: dict[str, Any]) -> str:
    lines = [f"spades: A = {r['a']} against B = {r['b']}, {r['deals']} duplicate deals "
             f"(seed {r['seed']}, {r['seconds']} s)",
             f"  A - B {r['diff']:+.1f} a hand (95% {r['ci95'][0]:+.1f} .. {r['ci95'][1]:+.1f})",
             f"  {'side':6} {'set':>10} {'nils made':>10} {'bags/hand':>10} {'penalties':>10}"
             f" {'tricks/hand':>12} {'bid/hand':>9}"]
    for name, t in zip("AB", r["sides"], strict=True):
        n = max(1, t["hands"])
        lines.append(f"  {name:6} {t['set']:4}/{t['contracts']:<5}"
                     f" {t['nils_made']:4}/{t['nils']:<5}"
                     f" {t['bags'] / n:10.2f} {t['penalties']:10} {t['tricks'] / n:12.2f}"
                     f" {t['bid'] / n:9.2f}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="pimc")
    ap.add_argument("--hands", type=int, default=25, help="deals, each played twice")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--opt", action="append", default=[], metavar="LEVEL.KEY=VALUE")
    ap.add_argument("--log", help="append the figures (with every deal's A - B) as a JSON line")
    args = ap.parse_args()
    opts: dict[str, dict[str, Any]] = {}
    for o in args.opt:
        level, _, kv = o.partition(".")
        opts.setdefault(level, {}).update(bot_options([kv]))
    r = run(args.a, args.b, args.hands, args.seed, opts)
    print(report(r))
    if args.log:
        with open(args.log, "a") as f:
            f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
