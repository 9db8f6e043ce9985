"""The Spades expert's card choices valued on the real cards: settings compared
at the same positions, deal by deal, without the noise of whole matches.

    python benchmarks/spades_true_deal.py --variants '{}|{"playouts": 2000}' --hands 40 --seed 502

Hands are bid and played by ``normal`` at every seat. At each card decision of
North or South with more than one distinct card, every variant of the expert
(``ExpertBot`` keyword options, ``|`` between variants; the first is the
base) chooses a card, and the card is valued on the deal as it really is, by
what the expert's own evaluation would give it if it knew the cards: with
more than ``dd_tricks`` (6) tricks left the hand finished by the ``normal``
rules for every seat, else the double-dummy result; scored as the expert
scores (``team_utility``). Printed: each variant's mean value a decision
and, against the base, the mean difference with its 95% interval, in all,
early (playouts) and late (double dummy) decisions.

What it measures is how well a setting estimates its own model (sampling,
inference from bids, sample counts), not strength against another bot: a
variant whose playouts model other players differently is judged against
the ``normal`` model here.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from typing import Any

from parlour.bots.base import make_bot
from parlour.bots.spades_expert import ExpertBot, _distinct, solve_outcomes
from parlour.games.spades import SpadesHand
from parlour.progress import Progress


def run(variants: list[dict[str, Any]], hands: int, seed: int,
        progress: bool = True) -> dict[str, Any]:
    bots = [ExpertBot(seed=seed, **v) for v in variants]
    normal = [make_bot("spades", "normal", seed=s) for s in range(4)]
    values: list[list[float]] = [[] for _ in variants]
    left_at: list[int] = []
    dd = bots[0].dd_tricks
    with Progress(hands, "hands", enabled=progress) as bar:
        for deal in range(hands):
            hand = SpadesHand.from_seed(seed * 1000 + deal, dealer=deal % 4)
            while not hand.is_terminal():
                seat = hand.current_player()
                legal = hand.legal_actions()
                obs = hand.observation(seat)
                if not hand.bidding and seat % 2 == 0 and len(_distinct(obs, legal)) > 1:
                    left = 13 - sum(obs.tricks_won)
                    for i, bot in enumerate(bots):
                        card = bot.choose(obs, legal)
                        if left <= bot.dd_tricks:
                            tricks = solve_outcomes(hand, obs, [card])[0]
                        else:
                            tricks = bot._playout(hand, card)
                        values[i].append(bot._utility(obs, tricks))
                    left_at.append(left)
                hand.apply(normal[seat].choose(obs, legal))
            bar.update(1)
    out: dict[str, Any] = {"variants": variants, "seed": seed, "hands": hands,
                           "positions": len(left_at),
                           "mean": [round(statistics.fmean(v), 3) for v in values]}
    for i in range(1, len(variants)):
        for part, keep in (("all", lambda n: True), ("early", lambda n: n > dd),
                           ("late", lambda n: n <= dd)):
            d = [values[i][k] - values[0][k] for k in range(len(left_at)) if keep(left_at[k])]
            if len(d) < 2:
                continue
            m = statistics.fmean(d)
            half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
            out[f"{i}-0 {part}"] = {"diff": round(m, 3), "ci95": [round(m - half, 3),
                                                                   round(m + half, 3)],
                                    "positions": len(d)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default='{}|{"playouts": 2000}',
                    help="ExpertBot options as JSON objects, | between them; the first is the base")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=502)
    args = ap.parse_args()
    variants = [json.loads(v) for v in args.variants.split("|")]
    r = run(variants, args.hands, args.seed)
    print(f"{r['positions']} decisions of {r['hands']} hands (seed {r['seed']}), "
          "each variant's card valued on the real cards, points a decision")
    for i, v in enumerate(variants):
        print(f"  {i}: {json.dumps(v):30} mean {r['mean'][i]:+8.3f}")
        for part in ("all", "early", "late"):
            x = r.get(f"{i}-0 {part}")
            if x:
                print(f"       - base, {part:5} {x['diff']:+7.3f} ({x['ci95'][0]:+.3f} .. "
                      f"{x['ci95'][1]:+.3f}), {x['positions']} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
