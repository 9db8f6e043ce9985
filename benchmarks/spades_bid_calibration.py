"""Whether the Spades expert's bid model is calibrated against real play: for
each hand of a duplicate match (the arena's deals, ``spades_leaks``), the
share of sampled deals on which the expert's side expected its contract made
(the chosen bid's, as its second bidder saw it) and the tricks each expert
expected, beside what happened.

    python benchmarks/spades_bid_calibration.py --b pimc --hands 25 --seed 7200

The expert bids exactly as it does in a match (the same sampled deals), so
the match is the plain ``--a expert`` one. Printed: over the expert's number
bids, the mean of the expected and the real tricks (own seat), and over its
side's contracts the expected and the real share made, by bands of the
expected share; nils bid, expected to survive and made.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from parlour.bots.registry import register_bot
from parlour.bots.spades_expert import ExpertBot
from parlour.games.spades import BID_BASE, SpadesHand, SpadesObservation, bid_action

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from spades_leaks import run  # noqa: E402

# (seat's hand mask) -> (bid, expected share made, expected tricks, expected nil survival)
BIDS: dict[int, tuple[int, float, float, float]] = {}


class Recording:
    """The expert, its bid expectations noted."""

    name = "expert"

    def __init__(self, seed: int = 0, **opts: Any) -> None:
        self.bot = ExpertBot(seed=seed, **opts)

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        if legal_actions[0] < BID_BASE:
            return self.bot.choose(observation, legal_actions)
        ev = self.bot.evaluate_bids(observation, legal_actions)
        action = ev.best()
        i = ev.actions.index(action)
        bid = action - bid_action(0)
        BIDS[observation.hand] = (bid, ev.made[i], ev.tricks[i], ev.nil_safe[i])
        return action


register_bot("spades", "expert-cal", lambda seed=0, **o: Recording(seed, **o))
ROWS: list[dict[str, Any]] = []


def on_hand(hand: SpadesHand, layout: list[int]) -> None:
    bids = hand.seat_bids()
    won = hand.play.tricks_won
    for team in (0, 1):
        if layout[team] != 0:
            continue
        seats = sorted((team, team + 2), key=lambda s: (s - hand.dealer - 1) & 3)
        row: dict[str, Any] = {"seats": []}
        contract = taken = 0
        for s in seats:
            bid, made, tricks, safe = BIDS.pop(hand.deal[s])
            row["seats"].append({"bid": bid, "tricks": won[s], "exp_tricks": round(tricks, 2),
                                 "exp_nil": round(safe, 2), "exp_made": round(made, 2)})
            if bids[s]:
                contract += bids[s]
                taken += won[s]
        row["contract"] = contract
        row["taken"] = taken
        ROWS.append(row)


def report(rows: list[dict[str, Any]]) -> str:
    """Expected against real: tricks of number bids, contracts made by band, nils."""
    num = [x for r in rows for x in r["seats"] if x["bid"] > 0]
    nils = [x for r in rows for x in r["seats"] if x["bid"] == 0]
    lines = [f"number bids {len(num)}: bid {sum(x['bid'] for x in num) / len(num):.2f}, "
             f"tricks expected {sum(x['exp_tricks'] for x in num) / len(num):.2f}, "
             f"taken {sum(x['tricks'] for x in num) / len(num):.2f}"]
    contracts = [r for r in rows if r["contract"]]
    for lo, hi in ((0.0, 0.7), (0.7, 0.85), (0.85, 0.95), (0.95, 1.01)):
        band = [r for r in contracts if lo <= r["seats"][1]["exp_made"] < hi]
        if band:
            exp = sum(r["seats"][1]["exp_made"] for r in band) / len(band)
            real = sum(r["taken"] >= r["contract"] for r in band) / len(band)
            over = sum(max(0, r["taken"] - r["contract"]) for r in band) / len(band)
            lines.append(f"  expected made {lo:.2f}-{hi:.2f}: {len(band):3} contracts, "
                         f"expected {exp:.2f}, made {real:.2f}, overtricks {over:.2f}")
    if nils:
        lines.append(f"nils {len(nils)}: expected to survive "
                     f"{sum(x['exp_nil'] for x in nils) / len(nils):.2f}, made "
                     f"{sum(x['tricks'] == 0 for x in nils) / len(nils):.2f}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--b", default="pimc")
    ap.add_argument("--hands", type=int, default=25)
    ap.add_argument("--seed", type=int, default=7200)
    ap.add_argument("--log", help="append every hand's row as a JSON line")
    args = ap.parse_args()
    r = run("expert-cal", args.b, args.hands, args.seed, {}, on_hand=on_hand)
    print(f"A - B {r['diff']:+.1f} a hand ({r['ci95'][0]:+.1f} .. {r['ci95'][1]:+.1f})")
    print(report(ROWS))
    if args.log:
        with open(args.log, "a") as f:
            for row in ROWS:
                f.write(json.dumps({"seed": args.seed, "b": args.b, **row}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
