"""A learned playout policy for the Hearts expert (issue 19, an experiment):
record the expert's own card choices in expert self-play, fit a linear
conditional-logit model (a softmax over the legal cards) on features of each
(position, card), and score it against the ``normal`` rules on held-out
decisions. The weights printed by ``fit`` go into
``parlour.bots.hearts_policy`` (``WEIGHTS``), which the playouts use with
``model=5``.

    python benchmarks/hearts_learn.py record --hands 800 --seed 12000 --first 0 \\
        --log /tmp/learn/self_a.jsonl
    python benchmarks/hearts_learn.py fit /tmp/learn/self_*.jsonl
    python benchmarks/hearts_learn.py times --hands 6 --seed 12500 --opt model=0

Four experts sit at the table and every card decision with more than one legal
card is recorded (one hand a deal, no duplicate: the four seats are alike).
The rows are those of ``hearts_model_fit.py`` plus ``broken``; held-out rows
are whole deals (``deal % 5 == 0``), so no hand is split between fit and test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from hearts_bots import bot_options
from hearts_model_fit import kind, predicted, read, same
from parlour.bots.base import make_bot
from parlour.bots.hearts_rules import HEARTS_MASK, NORMAL, QS, penalty, taken_by_seat
from parlour.cards import FULL_DECK
from parlour.games.hearts import PASS_ROTATION, HeartsHand
from parlour.progress import Progress


class DealRecorder:
    """A bot that plays as ``bot`` does and writes each of its card decisions
    with a choice to ``out``: the rows of ``hearts_model_fit.py`` (its
    :class:`Recorder`) plus the deal's number and whether hearts are broken."""

    def __init__(self, bot: Any, out: Any, deal: int) -> None:
        self.bot = bot
        self.out = out
        self.deal = deal

    def choose(self, obs: Any, legal_actions: Any) -> int:
        action = int(self.bot.choose(obs, legal_actions))
        if not obs.passing and len(legal_actions) > 1:
            legal = 0
            for c in legal_actions:
                legal |= 1 << c
            taken = taken_by_seat(obs.plays, obs.played_by)
            qbh = bool(obs.options.queen_breaks_hearts)
            self.out.write(json.dumps({
                "bot": "expert", "deal": self.deal, "me": obs.seat, "hand": obs.hand,
                "legal": legal, "trick": list(obs.trick), "leader": obs.leader,
                "out": FULL_DECK & ~obs.played & ~obs.hand,
                "pts": [penalty(t) for t in taken], "first": len(obs.plays) < 4,
                "tricks_done": len(obs.plays) // 4,
                "broken": bool(obs.played & HEARTS_MASK) or (qbh and bool(obs.played >> QS & 1)),
                "jack": bool(obs.options.jack_of_diamonds),
                "scores": list(obs.scores), "target": obs.options.target,
                "chosen": action}) + "\n")
        return action


def record(hands: int, seed: int, first: int, log: str) -> int:
    with open(log, "a", encoding="utf-8") as out, Progress(hands, "deals") as bar:
        for i in range(first, first + hands):
            dealt_from = seed * 1_000_003 + i
            hand = HeartsHand.from_seed(dealt_from, dealer=i % 4, pass_dir=PASS_ROTATION[i % 4])
            bots = [DealRecorder(make_bot("hearts", "expert", seed=dealt_from * 8 + s), out, i)
                    for s in range(4)]
            while not hand.is_terminal():
                seat = hand.current_player()
                hand.apply(bots[seat].choose(hand.observation(seat), hand.legal_actions()))
            out.flush()
            bar.update()
    return 0


def row_features(r: dict[str, Any]) -> tuple[list[int], list[list[int]], int]:
    """The representatives of a row's legal cards (equivalent cards merged, as
    the policy sees them), their feature vectors and the index of the one whose
    run holds the chosen card."""
    from parlour.bots.hearts_policy import card_features, rep_of, reps

    n = len(r["trick"])
    trick = r["trick"] + [0] * (4 - n)
    sep = r["out"]
    for t in r["trick"]:
        sep |= 1 << t
    cards = reps(r["legal"], sep, r["jack"])
    feats = [card_features(c, r["me"], r["hand"], r["legal"], trick, n, r["leader"], r["out"],
                           r["pts"], r["first"], r["jack"], r["scores"], r["target"])
             for c in cards]
    return cards, feats, cards.index(rep_of(cards, r["chosen"]))


def fit(paths: list[str], l2: float, iters: int, write: str | None) -> int:
    import numpy as np

    from parlour.bots.hearts_policy import FEATURES

    rows = read(paths)
    rows = [r for r in rows if "broken" in r]
    test = [r for r in rows if r["deal"] % 5 == 0]
    train = [r for r in rows if r["deal"] % 5 != 0]
    print(f"{len(rows)} decisions: {len(train)} to fit, {len(test)} held out "
          f"({len({r['deal'] for r in rows})} deals)")
    nf = len(FEATURES)

    def build(rs: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
        xs: list[list[float]] = []
        group: list[int] = []
        target: list[int] = []
        for r in rs:
            cards, feats, chosen = row_features(r)
            if len(cards) < 2:
                continue  # no real choice once equivalent cards are merged
            g = len(target)
            target.append(len(xs) + chosen)
            xs.extend(feats)
            group.extend([g] * len(feats))
        return np.array(xs, dtype=float), np.array(group), np.array(target)

    x, grp, tgt = build(train)
    ng = len(tgt)
    scale = np.maximum(np.abs(x).max(axis=0), 1e-9)
    xs = x / scale
    w = np.zeros(nf)
    # Newton's method on the conditional logit's log likelihood (convex)
    for it in range(iters):
        u = xs @ w
        gmax = np.full(ng, -np.inf)
        np.maximum.at(gmax, grp, u)
        e = np.exp(u - gmax[grp])
        z = np.zeros(ng)
        np.add.at(z, grp, e)
        p = e / z[grp]
        ll = float(np.sum(u[tgt] - gmax - np.log(z)))
        # gradient: sum x_chosen - E_p[x]
        mean = np.zeros((ng, nf))
        np.add.at(mean, grp, p[:, None] * xs)
        grad = xs[tgt].sum(axis=0) - mean.sum(axis=0) - l2 * w
        d = xs - mean[grp]
        hess = -(d * p[:, None]).T @ d - l2 * np.eye(nf)
        step = np.linalg.solve(hess, -grad)
        w = w + step
        print(f"  iteration {it}: log likelihood a decision {ll / ng:.4f}", file=sys.stderr)
        if np.abs(step).max() < 1e-6:
            break
    weights = [round(float(v), 6) for v in w / scale]
    block = "WEIGHTS: Final[tuple[float, ...]] = (\n" + "".join(
        f"    {v:.6f},  # {name}\n" for name, v in zip(FEATURES, weights, strict=True)) + ")\n"
    print(block, end="")
    if write:
        with open(write, encoding="utf-8") as f:
            text = f.read()
        start = text.index("WEIGHTS: Final[tuple[float, ...]] = (")
        end = text.index("\n)\n", start) + 3
        with open(write, "w", encoding="utf-8") as f:
            f.write(text[:start] + block + text[end:])
        print(f"written to {write} (compile again: make compile)")
    score(test, weights, "held out")
    score(train, weights, "fitted")
    return 0


def score(rows: list[dict[str, Any]], weights: list[float], label: str) -> None:
    from parlour.bots.hearts_policy import policy_card

    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for r in rows:
        trick = r["trick"] + [0] * (4 - len(r["trick"]))
        card = policy_card(r["me"], r["hand"], r["legal"], trick, len(r["trick"]), r["leader"],
                           r["out"], r["pts"], r["first"], r["jack"], r["scores"], r["target"],
                           tuple(weights))
        k = by_kind[kind(r)]
        k[0] += same(r, card)
        k[1] += same(r, predicted(r, NORMAL))
        k[2] += 1
    total = sum(v[2] for v in by_kind.values())
    pol = sum(v[0] for v in by_kind.values())
    nor = sum(v[1] for v in by_kind.values())
    print(f"{label}: {total} decisions, the expert's card picked by the policy "
          f"{pol / total:.1%}, by normal {nor / total:.1%}")
    for name, v in sorted(by_kind.items()):
        print(f"  {name}: {v[2]} decisions, policy {v[0] / v[2]:.1%}, normal {v[1] / v[2]:.1%}")


class PolicyBot:
    """The learned policy as a player (no search): its best card, or with
    ``sampled`` a card drawn with its chances; passes as ``normal``."""

    def __init__(self, seed: int, sampled: bool) -> None:
        from parlour.cards import Rng

        self.rng = Rng(seed)
        self.sampled = sampled
        self.normal = make_bot("hearts", "normal", seed=seed)

    def choose(self, obs: Any, legal_actions: Any) -> int:
        from parlour.bots.hearts_policy import WEIGHTS, policy_card

        if obs.passing or len(legal_actions) < 2:
            return int(self.normal.choose(obs, legal_actions))
        legal = 0
        for c in legal_actions:
            legal |= 1 << c
        n = len(obs.trick)
        pts = [penalty(t) for t in taken_by_seat(obs.plays, obs.played_by)]
        u = self.rng.below(1 << 24) / float(1 << 24) if self.sampled else -1.0
        return policy_card(obs.seat, obs.hand, legal, list(obs.trick) + [0] * (4 - n), n,
                           obs.leader, FULL_DECK & ~obs.played & ~obs.hand, pts,
                           len(obs.plays) < 4, bool(obs.options.jack_of_diamonds),
                           list(obs.scores), obs.options.target, WEIGHTS, u)


def duel(hands: int, seed: int, sampled: bool) -> int:
    """The policy as a player against ``normal``, duplicate deals (fast: no search)."""
    from parlour.arena.hearts import MatchResult, add_deal, play_deal, report_lines

    result = MatchResult()
    for i in range(hands):
        add_deal(result, play_deal(lambda s: PolicyBot(s, sampled),
                                   lambda s: make_bot("hearts", "normal", seed=s), i, seed))
    for line in report_lines(result, "policy" + (" sampled" if sampled else ""), "normal"):
        print(line)
    return 0


class CpuTimed:
    """A bot whose card decisions with a choice are timed in this thread's CPU
    seconds (not wall seconds), so other jobs on a shared machine blur the
    comparison less."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, obs: Any, legal_actions: Any) -> int:
        start = time.thread_time()
        action = int(self.bot.choose(obs, legal_actions))
        if len(legal_actions) > 1 and not obs.passing:
            self.times.append(time.thread_time() - start)
        return action


def times(hands: int, seed: int, options: dict[str, Any]) -> int:
    """The expert's card decisions with and without ``options``, against
    ``normal`` on the same deals, in CPU time: median and p95 side by side."""
    from parlour.arena.hearts import play_deal

    arms = [("the plain expert", {}), (" ".join(f"{k}={v}" for k, v in options.items()), options)]
    spent: list[list[float]] = [[], []]
    with Progress(hands * len(arms), "deals") as bar:
        for i in range(hands):
            for (_label, opts), got in zip(arms, spent, strict=True):
                def expert(s: int, o: dict[str, Any] = opts, g: list[float] = got) -> CpuTimed:
                    return CpuTimed(make_bot("hearts", "expert", seed=s, **o), g)

                play_deal(expert, lambda s: make_bot("hearts", "normal", seed=s), i, seed)
                bar.update()
    print(f"{'expert':<24}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}"
          f"  (CPU time, {hands} deals, seed {seed})")
    for (label, _opts), got in zip(arms, spent, strict=True):
        got.sort()
        print(f"{label:<24}{len(got):>10}{1000 * statistics.median(got):>11.1f}"
              f"{1000 * got[int(0.95 * len(got))]:>9.1f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--hands", type=int, default=100)
    rec.add_argument("--seed", type=int, default=12000)
    rec.add_argument("--first", type=int, default=0)
    rec.add_argument("--log", required=True)
    fi = sub.add_parser("fit")
    fi.add_argument("logs", nargs="+")
    fi.add_argument("--l2", type=float, default=1.0)
    fi.add_argument("--iters", type=int, default=30)
    fi.add_argument("--write", metavar="MODULE",
                    help="put the weights into this module's WEIGHTS "
                         "(src/parlour/bots/hearts_policy.py)")
    du = sub.add_parser("duel", help="the policy as a player against normal")
    du.add_argument("--hands", type=int, default=1000)
    du.add_argument("--seed", type=int, default=12800)
    du.add_argument("--sampled", action="store_true")
    ti = sub.add_parser("times", help="the expert's decisions in CPU time, with and without "
                                      "an option, side by side")
    ti.add_argument("--hands", type=int, default=6)
    ti.add_argument("--seed", type=int, default=12500)
    ti.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="the expert's option to time against its defaults "
                         "(default model=0: the normal rules in the playouts)")
    args = parser.parse_args(argv)
    if args.cmd == "times":
        try:
            options = bot_options(args.opt or ["model=0"])
        except ValueError as e:
            parser.error(f"--opt {e}")
        return times(args.hands, args.seed, options)
    if args.cmd == "duel":
        return duel(args.hands, args.seed, args.sampled)
    if args.cmd == "record":
        if not 12000 <= args.seed <= 12999:
            parser.error("record on the tuning seeds 12000-12999 only")
        return record(args.hands, args.seed, args.first, args.log)
    return fit(args.logs, args.l2, args.iters, args.write)


if __name__ == "__main__":
    sys.exit(main())
