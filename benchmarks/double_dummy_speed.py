"""The double-dummy solver against an earlier version of itself, side by side in
one run, on the solves the PIMC references make: same positions, same answers
(checked), time and nodes for each, and their ratio.

    python benchmarks/double_dummy_speed.py          # against de62d11, before the speed-ups
    python benchmarks/double_dummy_speed.py --baseline c51dfe4 --hands 6

The baseline is ``solvers/double_dummy.py`` as it was at ``--baseline`` (a git
revision), compiled here with mypyc as the installed one is (the build is kept
in a scratch folder named after the revision's file), so both sides run
compiled. The positions: hands played by ``normal`` bots from seeded deals;
at every card decision of every seat the unseen cards are dealt afresh from
that seat's observation (a PIMC world) and solved as the PIMC references do
(Hearts: in points, the seat against three, exact from 5 tricks left and
searched 2 tricks past the current one before; Spades: the hand-score weights,
exact from 7 tricks left, horizon 2 before). Every move value of every
position must agree between the two versions, or the run fails.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import parlour
from parlour.bots.base import make_bot
from parlour.bots.hearts_pimc import EXACT_TRICKS as HEARTS_EXACT
from parlour.bots.hearts_pimc import HORIZON as HEARTS_HORIZON
from parlour.bots.spades_expert import W_OPP_NIL, W_OWN_NIL
from parlour.bots.spades_pimc import EXACT_TRICKS as SPADES_EXACT
from parlour.bots.spades_pimc import HORIZON as SPADES_HORIZON
from parlour.bots.spades_rules import seat_bid
from parlour.cards import SPADES, Rng
from parlour.games.hearts import HeartsHand
from parlour.games.spades import BID_BASE, SpadesHand
from parlour.progress import Progress
from parlour.solvers import double_dummy

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "src/parlour/solvers/double_dummy.py"
# the solver before the speed-ups of issue 19 (its horizon already capped to the tricks left)
BASELINE = "de62d11"


def baseline_module(rev: str) -> ModuleType:
    """The solver as it was at ``rev``, compiled with mypyc in a scratch folder."""
    text = subprocess.run(["git", "show", f"{rev}:{SOURCE}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    name = f"dd_baseline_{digest}"
    folder = Path(tempfile.gettempdir()) / f"parlour-dd-baseline-{digest}"
    folder.mkdir(exist_ok=True)
    found = list(folder.glob(f"{name}.*.so"))
    if not found:
        (folder / f"{name}.py").write_text(text)
        print(f"compiling the baseline ({rev}) with mypyc ...", file=sys.stderr)
        # mypy reads parlour's own sources for the types of what the solver imports
        env = dict(os.environ, MYPYPATH=str(ROOT / "src"))
        done = subprocess.run([sys.executable, "-m", "mypyc", f"{name}.py"], cwd=folder,
                              capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise SystemExit(f"mypyc failed on the baseline:\n{done.stdout}{done.stderr}")
        found = list(folder.glob(f"{name}.*.so"))
    sys.path.insert(0, str(folder))
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise SystemExit(f"could not load the baseline from {folder}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decisions(game: str, hands: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """(observation, world) at every card decision with a choice, in hands
    played by ``normal`` bots: the world dealt afresh from that observation."""
    rng = Rng(seed)
    bots = [make_bot(game, "normal", seed=seed + s) for s in range(4)]
    for k in range(hands):
        hand: Any = (HeartsHand.from_seed(seed * 1000 + k, pass_dir=k % 4) if game == "hearts"
                     else SpadesHand.from_seed(seed * 1000 + k, dealer=k % 4))
        while not hand.is_terminal():
            seat = hand.current_player()
            obs = hand.observation(seat)
            legal = hand.legal_actions()
            bidding = obs.passing if game == "hearts" else legal[0] >= BID_BASE
            if not bidding and len(legal) > 1:
                yield obs, obs.sample(rng)
            hand.apply(bots[seat].choose(obs, legal))


def hearts_positions(hands: int, seed: int) -> list[dict[str, Any]]:
    out = []
    for obs, world in decisions("hearts", hands, seed):
        play = world.play
        rules = play.rules
        seat = obs.seat
        out.append(dict(
            hands=list(play.hands), leader=play.leader, trick=list(play.trick),
            trump=-1, weights=[-1 if s == seat else 0 for s in range(4)],
            maximisers=1 << seat, points=True, break_suit=rules.break_suit,
            broken=play.broken, breakers=rules.breakers, first_lead=rules.first_lead,
            first_trick_forbidden=rules.first_trick_forbidden, tricks_done=play.trick_count,
            horizon=0 if obs.hand.bit_count() <= HEARTS_EXACT else HEARTS_HORIZON))
    return out


def spades_positions(hands: int, seed: int) -> list[dict[str, Any]]:
    out = []
    for obs, world in decisions("spades", hands, seed):
        play = world.play
        team = obs.seat & 1
        weights = [0, 0, 0, 0]
        for s in range(4):
            bid = seat_bid(obs, s)
            alive = bid == 0 and play.tricks_won[s] == 0
            if (s & 1) == team:
                weights[s] = W_OWN_NIL if alive else (1 if bid != 0 else 0)
            else:
                weights[s] = W_OPP_NIL if alive else 0
        left = 13 - play.trick_count
        out.append(dict(
            hands=list(play.hands), leader=play.leader, trick=list(play.trick),
            trump=SPADES, side=team, weights=weights, break_suit=SPADES,
            broken=play.broken, tricks_done=play.trick_count,
            horizon=0 if left <= SPADES_EXACT else SPADES_HORIZON))
    return out


def solve_all(module: Any, positions: list[dict[str, Any]], label: str,
              progress: bool) -> tuple[list[float], int, list[list[tuple[int, int]]]]:
    bar = Progress(len(positions), label, enabled=progress)
    seconds = []
    nodes = 0
    answers = []
    for pos in positions:
        t0 = time.perf_counter()
        dd = module.DoubleDummy(**pos)
        values = dd.move_values()
        seconds.append(time.perf_counter() - t0)
        nodes += dd.nodes
        answers.append(sorted(values))
        bar.update()
    bar.close()
    return seconds, nodes, answers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=BASELINE,
                    help=f"git revision of the old solver ({BASELINE}: before the speed-ups)")
    ap.add_argument("--hands", type=int, default=4, help="hands of each game (4)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", default="hearts,spades")
    ap.add_argument("--quick", action="store_true", help="one hand of each game")
    args = ap.parse_args()
    if args.quick:
        args.hands = 1
    old = baseline_module(args.baseline)
    print(f"double-dummy solver: this tree against {args.baseline}, both compiled with mypyc "
          f"(parlour compiled: {parlour.compiled()}); PIMC-shaped solves, every move valued")
    print(f"  {'game':7} {'solves':>6} {'new s':>8} {'old s':>8} {'speed-up':>8} "
          f"{'new nodes':>11} {'old nodes':>11} {'ratio':>6} {'new ms p95':>10} {'old ms p95':>10}")
    show = sys.stderr.isatty()
    failed = False
    for game in args.games.split(","):
        make = hearts_positions if game == "hearts" else spades_positions
        positions = make(args.hands, args.seed)
        # the two sides alternate in halves, so a burst of load hits both alike
        half = len(positions) // 2
        t_new: list[float] = []
        t_old: list[float] = []
        n_new = n_old = 0
        a_new: list[list[tuple[int, int]]] = []
        a_old: list[list[tuple[int, int]]] = []
        for part in (positions[:half], positions[half:]):
            s, n, a = solve_all(double_dummy, part, f"{game} new", show)
            t_new += s
            n_new += n
            a_new += a
            s, n, a = solve_all(old, part, f"{game} old", show)
            t_old += s
            n_old += n
            a_old += a
        bad = sum(1 for x, y in zip(a_new, a_old, strict=True) if x != y)
        p95_new = sorted(t_new)[int(0.95 * (len(t_new) - 1))] * 1000
        p95_old = sorted(t_old)[int(0.95 * (len(t_old) - 1))] * 1000
        print(f"  {game:7} {len(positions):6} {sum(t_new):8.2f} {sum(t_old):8.2f} "
              f"{sum(t_old) / max(sum(t_new), 1e-9):7.2f}x {n_new:11,} {n_old:11,} "
              f"{n_old / max(n_new, 1):5.2f}x {p95_new:10.1f} {p95_old:10.1f}")
        if bad:
            failed = True
            print(f"  {game}: {bad} of {len(positions)} positions answered differently!")
    if failed:
        return 1
    print("  every move value agreed between the two versions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
