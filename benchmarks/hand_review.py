"""Hand review: what it costs, and whether it judges as a good player would.

    python benchmarks/hand_review.py                  # 30 hands a game, the situations suite
    python benchmarks/hand_review.py --hands 100 --seed 7000

Cost: hands played from seeded deals, South by the ``easy`` bot (a player
who makes mistakes) and the others by ``normal``; each finished hand is
reviewed for South on one core as the server's worker does it (every
decision judged), timed end to end: seconds a hand, median and p95, beside
the budget the page promises (a review within a few seconds; the issue's
reader "sees in a minute which cards cost the points").

Judgement: every position of the situations suite (``tests/test_situations.py``,
each with the card a good player plays) is judged for each legal card: the
share of wrong cards the review marks as mistakes, and the share of right
cards it wrongly marks.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from parlour.bots.base import make_bot
from parlour.bots.review import MISTAKE, review_hand
from parlour.games.hearts import HeartsGame
from parlour.games.spades import SpadesGame
from parlour.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
SEAT = 2
BUDGET_S = 10.0  # what a player waits at most with the progress bar before them


def played_hand(game: str, seed: int) -> tuple[Any, list[str]]:
    fresh = (lambda: HeartsGame(seed=seed)) if game == "hearts" else (lambda: SpadesGame(seed=seed))
    state = fresh()
    bots = [make_bot(game, "easy" if s == SEAT else "normal", seed=seed * 4 + s) for s in range(4)]
    actions: list[str] = []
    while len(state.hands) == 1 and not state.is_terminal():
        s = state.current_player()
        action = bots[s].choose(state.observation(s), state.legal_actions())
        actions.append(state.action_to_string(action))
        state.apply(action)
    return fresh, actions


def cost(game: str, hands: int, seed: int) -> dict[str, float]:
    times: list[float] = []
    lost: list[float] = []
    mistakes = 0
    bar = Progress(hands, f"{game}: hands reviewed")
    for i in range(hands):
        fresh, actions = played_hand(game, seed + i)
        start = time.perf_counter()
        review = review_hand(game, fresh, actions, hand=1, seat=SEAT, seed=seed + i)
        times.append(time.perf_counter() - start)
        lost.append(review["cost"])
        mistakes += review["mistakes"]
        bar.update(1)
    bar.close()
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return {"p50": statistics.median(times), "p95": p95, "max": times[-1],
            "cost": statistics.mean(lost), "mistakes": mistakes / hands}


def judgement() -> dict[str, dict[str, int]]:
    """Counts per game: cards the suite calls right or wrong, how many of each
    the review marks, and the wrong cards that also lose on the real cards
    (more than the threshold against the best right card, the deal solved or
    played out as the review's "real" column does it) with how many are marked."""
    from test_situations import SITUATIONS, judged

    counts: dict[str, dict[str, int]] = {}
    bar = Progress(len(SITUATIONS), "situations judged")
    for situation in SITUATIONS:
        c = counts.setdefault(situation.game, dict.fromkeys(
            ("wrong", "wrong marked", "right", "right marked", "losing", "losing marked"), 0))
        for j in judged(situation):
            kind = "right" if j.right else "wrong"
            c[kind] += 1
            c[f"{kind} marked"] += j.mistake
            c["losing"] += j.losing
            c["losing marked"] += j.losing and j.mistake
        bar.update(1)
    bar.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=30, help="hands reviewed a game")
    parser.add_argument("--seed", type=int, default=5000, help="the first deal's seed")
    parser.add_argument("--no-situations", action="store_true", help="skip the judgement check")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    print(f"Hand review for South (easy) among normal bots, {args.hands} hands a game, one core")
    print(f"{'game':8} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'budget s':>9} {'p95/budget':>11} "
          f"{'cost/hand':>10} {'mistakes/hand':>14}")
    for game in ("spades", "hearts"):
        r = cost(game, args.hands, args.seed)
        print(f"{game:8} {r['p50']:7.2f} {r['p95']:7.2f} {r['max']:7.2f} {BUDGET_S:9.1f} "
              f"{r['p95'] / BUDGET_S:11.2f} {r['cost']:10.1f} {r['mistakes']:14.1f}")
    if args.no_situations:
        return
    print("\nJudgement on the situations suite (a mistake: costing over "
          + ", ".join(f"{g} {v}" for g, v in MISTAKE.items()) + " points)")
    print(f"{'game':8} {'wrong cards marked':>20} {'right cards marked':>20} "
          f"{'losing on the real cards, marked':>34}")
    for game, c in judgement().items():
        shares = [f"{c[f'{k} marked']:>10}/{c[k]:<3} {100 * c[f'{k} marked'] / max(1, c[k]):4.0f}%"
                  for k in ("wrong", "right", "losing")]
        print(f"{game:8} {shares[0]} {shares[1]}       {shares[2]}")


if __name__ == "__main__":
    main()
