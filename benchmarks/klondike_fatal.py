"""Where the Klondike expert loses deals it could have won: the fatal move of each.

    python benchmarks/klondike_fatal.py --deals 60 --start 1000 --budget 5 [--json]

For each seed the thoughtful solver wins with draw 3 (``--solve`` seconds),
the expert (``--budget`` seconds a game) plays it; when it loses, the move
after which the solver no longer wins the real deal (``--check`` seconds a
search) is found by bisection over the game. There, every legal move is
valued by hindsight: the share of ``--samples`` fresh samples of what the
player could not see (the same samples for every move) that the solver
still wins after it (``--sample-time`` seconds a search). The figures say
whether a better vote among the player's own samples could have avoided the
fatal move: how far below the best move it was, and what kind of move it was.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from parlour.bots.klondike_player import KlondikePlayer, play_deal, sample_world
from parlour.games.klondike_engine import KlondikeObservation, KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import deal_from_seed
from parlour.progress import Progress
from parlour.solvers.klondike_winnable import still_winnable


def wins(state: KlondikeState, seconds: float) -> bool:
    return still_winnable(state, seconds).result == "win"


def after(state: KlondikeState, action: int) -> KlondikeState:
    s = state.clone()
    s.apply(action)
    return s


class Recorder(KlondikePlayer):
    """The expert, keeping each decision's position, view, memory of the stock, legal moves."""

    def __init__(self, seed: int, budget: float) -> None:
        super().__init__(seed=seed, time_budget=budget)
        self.trail: list[tuple[KlondikeObservation, list[int | None], list[int], int]] = []

    def choose(self, observation: Any, legal_actions: Any) -> int:
        action = super().choose(observation, legal_actions)
        self.trail.append((observation, self.memory.known(), list(legal_actions), action))
        return action


def kind(text: str) -> str:
    parts = text.split()
    if parts[0] == "draw":
        return "draw"
    if parts[2].startswith("F"):
        return "to a foundation"
    if parts[1] == "W":
        return "waste to tableau"
    return "from a foundation" if parts[1].startswith("F") else "tableau to tableau"


def fatal(seed: int, args: argparse.Namespace) -> dict[str, Any] | None:
    """The seed's fatal move and every legal move's hindsight value there, or None."""
    options = KlondikeOptions(draw=3)
    start = KlondikeState(deal_from_seed(seed), options)
    if not wins(start, args.solve):
        return None
    bot = Recorder(seed, args.budget)
    if play_deal(bot, seed, 3).won:
        return {"seed": seed, "won": True}
    # replay the game's moves to get the real positions
    states = [start]
    for _view, _stock, _legal, action in bot.trail:
        states.append(after(states[-1], action))
    low, high = 0, len(bot.trail) - 1  # the first move after which the deal is not won
    while low < high:
        mid = (low + high) // 2
        if wins(states[mid + 1], args.check):
            low = mid + 1
        else:
            high = mid
    view, stock, legal, chosen = bot.trail[low]
    rng = random.Random(seed)
    samples = [sample_world(view, stock, rng, options) for _ in range(args.samples)]
    moves = []
    for action in legal:
        kept = sum(wins(after(w, action), args.sample_time) for w in samples)
        moves.append({"move": states[low].action_to_string(action), "chosen": action == chosen,
                      "kept": kept, "really_wins": wins(states[low + 1] if action == chosen
                                                        else after(states[low], action),
                                                        args.check)})
    return {"seed": seed, "won": False, "at": low, "of": len(bot.trail),
            "face_down": sum(view.hidden), "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--start", type=int, default=1000, help="first seed")
    parser.add_argument("--budget", type=float, default=5.0, help="the expert's seconds a game")
    parser.add_argument("--solve", type=float, default=3.0, help="seconds to solve a deal")
    parser.add_argument("--check", type=float, default=2.0,
                        help="seconds to solve a position of the real game")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--sample-time", type=float, default=0.3)
    parser.add_argument("--json", action="store_true", help="one JSON line a deal")
    args = parser.parse_args()
    rows = []
    with Progress(args.deals, "fatal moves") as bar:
        for seed in range(args.start, args.start + args.deals):
            row = fatal(seed, args)
            if row is not None:
                rows.append(row)
                if args.json:
                    print(json.dumps(row), flush=True)
            bar.update(note=f"winnable {len(rows)}")
    lost = [r for r in rows if not r["won"]]
    gaps, kinds = [], {}
    for r in lost:
        chosen = next(m for m in r["moves"] if m["chosen"])
        gaps.append(max(m["kept"] for m in r["moves"]) - chosen["kept"])
        kinds[kind(chosen["move"])] = kinds.get(kind(chosen["move"]), 0) + 1
    print(f"seeds {args.start}..{args.start + args.deals - 1}: {len(rows)} the solver wins, "
          f"{len(rows) - len(lost)} won by the expert at {args.budget:g} s a game, "
          f"{len(lost)} lost")
    if lost:
        below = sum(1 for g in gaps if g > 0)
        print(f"fatal move kept fewer of {args.samples} samples than the best move in {below} "
              f"of {len(lost)}; by how many: median {statistics.median(gaps):g}, "
              f"7 or more in {sum(1 for g in gaps if g >= 7)}")
        print("fatal moves by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))


if __name__ == "__main__":
    main()
