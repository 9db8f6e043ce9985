"""How the Spades expert's nil bids fare against a given opponent.

    python benchmarks/spades_nils.py --against expert --deals 1000 --seed 78 [--plays 2] [--json]

The expert's partnership sits North-South (seats 0 and 2), ``--against``
East-West. Every deal is bid (fresh scores); where an expert seat bids nil,
the hand is played out from that bid ``--plays`` times (the bots' seeds
differ), and when the playouts gave the nil less than ``--risky`` chance of
surviving, it is also played out the same number of times with the best
number bid the expert considered instead. Prints:

- calibration: by the survival the playouts predicted, how often the nils
  survived at the table;
- the risky nils: the partnership's points for the hand (its score less the
  opponents') with the nil and with the number bid, and the difference with
  its 95% interval.

The playouts behind a bid model every seat by the ``normal`` rules; against
``--against expert`` this shows what that model misses about a searching
opponent's attack on a nil.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from parlour.arena import SpadesTable
from parlour.bots.base import make_bot
from parlour.games.spades import SpadesHand, bid_action
from parlour.progress import Progress

NIL = bid_action(0)
BANDS = ((0.0, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01))


def play_out(hand: SpadesHand, seat: int, bid: int, against: str, seed: int) -> tuple[int, int]:
    """The hand finished after ``seat`` bids ``bid``: the partnership's points less
    the opponents', and the tricks ``seat`` took."""
    h = hand.clone()
    h.apply(bid)
    bots = [make_bot("spades", "expert" if s % 2 == seat % 2 else against, seed=seed * 4 + s)
            for s in range(4)]
    while not h.is_terminal():
        s = h.current_player()
        h.apply(bots[s].choose(h.observation(s), h.legal_actions()))
    result = h.score()
    team = seat & 1
    return result.points[team] - result.points[1 - team], h.play.tricks_won[seat]


def run(against: str, deals: int, seed: int, plays: int, risky: float,
        progress: bool = True) -> dict[str, Any]:
    nils: list[dict[str, Any]] = []
    table = SpadesTable()
    with Progress(deals, "deals", enabled=progress) as bar:
        for deal in range(deals):
            hand = table.new_hand(deal, seed, table.new_carry())
            bots = [make_bot("spades", "expert" if s % 2 == 0 else against, seed=deal * 4 + s)
                    for s in range(4)]
            while hand.bidding:
                seat = hand.current_player()
                obs, legal = hand.observation(seat), hand.legal_actions()
                if seat % 2:
                    hand.apply(bots[seat].choose(obs, legal))
                    continue
                ev = bots[seat].evaluate_bids(obs, legal)
                bid = ev.best()
                if bid == NIL:
                    i = ev.actions.index(NIL)
                    row: dict[str, Any] = {"deal": deal, "seat": seat,
                                           "predicted": ev.nil_safe[i]}
                    runs = [play_out(hand, seat, NIL, against, 1000 * r + deal)
                            for r in range(plays)]
                    row["nil_points"] = [p for p, _ in runs]
                    row["survived"] = [t == 0 for _, t in runs]
                    others = [a for a in ev.actions if a != NIL]
                    if ev.nil_safe[i] < risky and others:
                        alt = max(others, key=lambda a: ev.value[ev.actions.index(a)])
                        row["number_bid"] = alt - bid_action(0)
                        # how much better the playouts judged the nil
                        row["model_margin"] = ev.value[i] - ev.value[ev.actions.index(alt)]
                        row["number_points"] = [
                            play_out(hand, seat, alt, against, 1000 * r + deal)[0]
                            for r in range(plays)]
                    nils.append(row)
                hand.apply(bid)
            bar.update(note=f"{len(nils)} nils")
    return summarise(against, deals, seed, plays, risky, nils)


def summarise(against: str, deals: int, seed: int, plays: int, risky: float,
              nils: list[dict[str, Any]]) -> dict[str, Any]:
    bands = []
    for lo, hi in BANDS:
        rows = [r for r in nils if lo <= r["predicted"] < hi]
        if rows:
            survived = [s for r in rows for s in r["survived"]]
            bands.append({"from": lo, "to": min(hi, 1.0), "nils": len(rows),
                          "predicted": statistics.mean(r["predicted"] for r in rows),
                          "survived": sum(survived) / len(survived)})
    diffs = [statistics.mean(r["nil_points"]) - statistics.mean(r["number_points"])
             for r in nils if "number_points" in r]
    risky_out: dict[str, Any] = {"below": risky, "deals": len(diffs)}
    if diffs:
        risky_out["nil_minus_number"] = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else None
        risky_out["ci95_half"] = half
    return {"against": against, "deals": deals, "seed": seed, "plays": plays,
            "nils": len(nils), "bands": bands, "risky": risky_out, "rows": nils}


def report(out: dict[str, Any]) -> None:
    print(f"expert's nils against {out['against']}: {out['nils']} in {out['deals']} deals "
          f"(seed {out['seed']}), each played {out['plays']} times")
    print("  predicted by the playouts   nils   predicted   survived at the table")
    for b in out["bands"]:
        print(f"  {b['from']:.1f} .. {b['to']:.1f}                  {b['nils']:5d}   "
              f"{b['predicted']:8.1%}   {b['survived']:8.1%}")
    r = out["risky"]
    if r["deals"]:
        half = r.get("ci95_half")
        ci = f" +- {half:.1f}" if half is not None else ""
        print(f"  nils predicted below {r['below']:.0%} ({r['deals']} deals): the nil scored "
              f"{r['nil_minus_number']:+.1f}{ci} points a hand more than the best number bid")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="expert", help="the opponents' level")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=78)
    parser.add_argument("--plays", type=int, default=2,
                        help="how many times each nil (and its number bid) is played out")
    parser.add_argument("--risky", type=float, default=0.8,
                        help="nils predicted to survive less often than this are also "
                             "played with the best number bid")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = run(args.against, args.deals, args.seed, args.plays, args.risky)
    if args.json:
        print(json.dumps(out))
    else:
        report(out)


if __name__ == "__main__":
    main()
