"""Hearts bots against each other in duplicate matches, and the expert against
OpenSpiel's IS-MCTS (1,000 simulations a move, random rollouts).

Each level should beat the one below it (the 95% interval of A - B below
zero: fewer points is better); the expert should take at least 3.5 points a
hand fewer than IS-MCTS over 2,000 deals (issue 19; 2 before it); the expert's
decisions should take a median of at most 100 ms and a 95th percentile of at
most 300 ms.

    python benchmarks/hearts_bots.py --hands 300 --seed 1
    python benchmarks/hearts_bots.py --match expert-ismcts --hands 200
    python benchmarks/hearts_bots.py --match expert-normal --a-opt time_budget=0.3
    python benchmarks/hearts_bots.py --match expert-ismcts --hands 500 --first 1000 --log b.jsonl
    python benchmarks/hearts_bots.py --summary a.jsonl b.jsonl
    python benchmarks/hearts_bots.py --match expert-expert --a-opt end_bonus=0.0 --hands 400

A long match can be split: ``--first`` is the first deal's number and ``--log``
appends every deal as a JSON line as it ends (with the bots' options), so runs
of disjoint deal ranges (in parallel, or one after a stopped run) add up;
``--summary`` prints the figures of such logs together, one match per match,
seed and options (a deal logged twice is refused), and each match with options
against the same match and seed without them, deal by deal on the deals both
played. Every deal logged since 2026-12-06 also says where each side's points
went (the queen of spades, the hearts, moons), and the figures add that up. ``--jobs N`` plays the
deals in N processes at once, each a run of consecutive deals: every deal plays
as it would alone (our bots'; IS-MCTS's, below), so the figures are the same, sooner:

    python benchmarks/hearts_bots.py --match expert-pimc --hands 2000 --seed 9900 --jobs 2 \
        --log m.jsonl --resume

(``--resume`` plays only the deals the log does not hold yet for that match, seed
and options, so a stopped run goes on where it was.)

IS-MCTS's seats pass as our ``normal`` bot (its passing crashes OpenSpiel), so
that match compares the card play. A match against IS-MCTS starts itself again
with address randomisation off (``fixed_addresses`` in
``parlour.bots.hearts_openspiel``), so that the same command plays the same on
every run on one machine. Its hash tables are still placed by what the process
did before, so an IS-MCTS deal can play differently with another ``--jobs``,
``--first`` or ``--resume`` (the figures are as good; they are not the same).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

from parlour.arena.hearts import (
    DealResult,
    MatchResult,
    add_deal,
    mean_interval,
    play_deal,
    report_lines,
    time_figures,
)
from parlour.bots.base import make_bot
from parlour.bots.hearts_openspiel import fixed_addresses

MATCHES = {
    "easy-random": ("easy", "random"),
    "normal-easy": ("normal", "easy"),
    "expert-normal": ("expert", "normal"),
    "expert-ismcts": ("expert", "ismcts"),
    # not run by default: an expert against another (its options by --a-opt / --b-opt),
    # and single hands against the PIMC reference (benchmarks/pimc_reference.py plays
    # games to 100)
    "expert-expert": ("expert", "expert"),
    "expert-pimc": ("expert", "pimc"),
    "normal-pimc": ("normal", "pimc"),
}
DEFAULT = ("easy-random", "normal-easy", "expert-normal", "expert-ismcts")


def bot_options(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as a bot's options (a number each); ValueError names
    a pair that is not one."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        try:
            if not key or not sep:
                raise ValueError
            out[key] = float(value) if "." in value else int(value)
        except ValueError:
            raise ValueError(f"option {pair!r}: KEY=VALUE with a number") from None
    return out


def run(name: str, hands: int, seed: int, a_opt: dict[str, Any],
        b_opt: dict[str, Any], first: int = 0, log: str | None = None,
        jobs: int = 1, resume: bool = False) -> dict[str, Any]:
    started = time.monotonic()
    deals = list(range(first, first + hands))
    if resume and log is not None:
        done = _logged(log, name, seed, a_opt, b_opt)
        deals = [i for i in deals if i not in done]
        print(f"  [{name}] {hands - len(deals)} of the {hands} deals already in {log}",
              file=sys.stderr, flush=True)
    total = len(deals)

    def progress(r: MatchResult) -> None:
        if r.deals % 10 == 0 or r.deals == total:
            m, half = r.diff()
            print(f"  [{name}] {r.deals}/{total} deals: A - B {m:+.2f} +- {half:.2f}",
                  file=sys.stderr, flush=True)

    result = MatchResult()
    for deal in _played(name, seed, a_opt, b_opt, deals, jobs):
        add_deal(result, deal)
        if log is not None:
            _log(log, name, seed, deal, a_opt, b_opt)
        progress(result)
    a, b = MATCHES[name]
    if result.deals:
        for line in report_lines(result, a, b):
            print(line, flush=True)
    figures = result.to_json()
    figures.update(match=name, seed=seed, seconds=round(time.monotonic() - started, 1),
                   a_options=a_opt, b_options=b_opt, jobs=jobs)
    m, half = result.diff() if result.deals > 1 else (0.0, 0.0)
    figures["a_better"] = result.deals > 1 and m + half < 0
    print(f"  A better with 95% confidence: {figures['a_better']}"
          + ("" if not resume else " (these deals only: --summary LOG for all)"), flush=True)
    return figures


def _each(name: str, seed: int, a_opt: dict[str, Any], b_opt: dict[str, Any],
          deals: list[int]) -> Iterator[DealResult]:
    """``deals`` played one after another in this process."""
    a, b = MATCHES[name]
    for i in deals:
        yield play_deal(lambda s: make_bot("hearts", a, seed=s, **a_opt),
                        lambda s: make_bot("hearts", b, seed=s, **b_opt), i, seed)


def _play(name: str, seed: int, a_opt: dict[str, Any], b_opt: dict[str, Any],
          deals: list[int], out: Any) -> None:
    """A worker: ``deals``, each sent to ``out`` as it ends, then ``None``."""
    try:
        for deal in _each(name, seed, a_opt, b_opt, deals):
            out.put(deal.to_json())
    finally:
        out.put(None)


def _played(name: str, seed: int, a_opt: dict[str, Any], b_opt: dict[str, Any],
            deals: list[int], jobs: int) -> Iterator[DealResult]:
    """Each deal of ``deals`` as it ends, played in ``jobs`` processes (each a run of
    consecutive deals). A deal plays as it would anywhere else (its bots are seeded
    by the deal), so the figures do not depend on ``jobs`` (but IS-MCTS's can: the
    module's docstring)."""
    if jobs <= 1:
        yield from _each(name, seed, a_opt, b_opt, deals)
        return
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    size = -(-len(deals) // jobs)
    workers = [ctx.Process(target=_play, args=(name, seed, a_opt, b_opt,
                                               deals[k:k + size], out), daemon=True)
               for k in range(0, len(deals), size)]
    for w in workers:
        w.start()
    running = len(workers)
    count = 0
    while running:
        item = out.get()
        if item is None:
            running -= 1
            continue
        count += 1
        yield DealResult.from_json(item)
    for w in workers:
        w.join()
    if count != len(deals):
        raise SystemExit(f"{name}: {len(deals) - count} of {len(deals)} deals failed "
                         "in a worker (its error is above)")


def _read_log(path: str) -> Iterator[tuple[int, tuple[str, int, str], DealResult]]:
    """Each logged deal of ``path``: its line number, its match's key (name, seed and
    options as words) and the deal; a line that is not a logged deal is a ValueError
    naming it."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                data = json.loads(line)
                deal = DealResult.from_json(data)
                opts = _options_text(data.get("a_options") or {}, data.get("b_options") or {})
                key = (str(data["match"]), int(data["seed"]), opts)
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}:{number}: not a logged deal ({e})") from None
            yield number, key, deal


def _logged(path: str, name: str, seed: int, a_opt: dict[str, Any],
            b_opt: dict[str, Any]) -> set[int]:
    """The deals of this match (its seed and options) already in the log ``path``."""
    if not os.path.exists(path):
        return set()
    want = (name, seed, _options_text(a_opt, b_opt))
    return {deal.deal for _n, key, deal in _read_log(path) if key == want}


def _log(path: str, name: str, seed: int, deal: DealResult, a_opt: dict[str, Any],
         b_opt: dict[str, Any]) -> None:
    line: dict[str, Any] = {"match": name, "seed": seed, **deal.to_json()}
    if a_opt or b_opt:
        line.update(a_options=a_opt, b_options=b_opt)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")


def summary(paths: list[str]) -> int:
    """Figures of logged deals, per match; exits 2 on a deal logged twice or a bad line."""
    results: dict[tuple[str, int, str], MatchResult] = {}
    by_deal: dict[tuple[str, int, str], dict[int, float]] = {}
    seen: set[tuple[str, int, str, int]] = set()
    try:
        for path in paths:
            for number, key, deal in _read_log(path):
                if (*key, deal.deal) in seen:
                    print(f"{path}:{number}: deal {deal.deal} of {key[0]} (seed {key[1]}"
                          f"{', ' + key[2] if key[2] else ''}) is logged twice",
                          file=sys.stderr)
                    return 2
                seen.add((*key, deal.deal))
                add_deal(results.setdefault(key, MatchResult()), deal)
                by_deal.setdefault(key, {})[deal.deal] = deal.points_a - deal.points_b
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    for (name, seed, opts), result in sorted(results.items()):
        a, b = MATCHES.get(name, ("A", "B"))
        print(f"{name} (seed {seed}{', ' + opts if opts else ''}):")
        for text in report_lines(result, a, b):
            print(text)
    for line in paired(by_deal):
        print(line)
    return 0


def paired(by_deal: dict[tuple[str, int, str], dict[int, float]]) -> list[str]:
    """Each match with options against the same match and seed without them, on
    the deals both played, deal by deal: the options' A - B less the plain A - B
    (negative: A takes fewer points with the options)."""
    lines = []
    for (name, seed, opts), diffs in sorted(by_deal.items()):
        plain = by_deal.get((name, seed, ""))
        if not opts or plain is None:
            continue
        d = [diffs[i] - plain[i] for i in sorted(diffs) if i in plain]
        if len(d) < 2:
            continue
        mean, half = mean_interval(d)
        lines.append(f"{name} (seed {seed}), {opts} less plain, deal by deal: {len(d)} deals, "
                     f"{mean:+.2f} ({mean - half:+.2f} .. {mean + half:+.2f}) points a hand")
    return lines


def _options_text(a_opt: dict[str, Any], b_opt: dict[str, Any]) -> str:
    """The options of a logged match as words (empty for plain bots)."""
    parts = [f"A {k}={v}" for k, v in sorted(a_opt.items())]
    parts += [f"B {k}={v}" for k, v in sorted(b_opt.items())]
    return " ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help="a match to run (default: the ladder and expert-ismcts)")
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals a match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--log", metavar="FILE", help="append every deal as a JSON line")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes, each playing a run of the deals (the same figures)")
    parser.add_argument("--resume", action="store_true",
                        help="with --log: play only the deals not yet logged for this "
                             "match, seed and options")
    parser.add_argument("--summary", nargs="+", metavar="LOG",
                        help="print the figures of logged deals instead of playing")
    args = parser.parse_args(argv)
    if args.summary:
        return summary(args.summary)
    if args.first < 0 or args.hands < 1:
        parser.error("--first must be 0 or more and --hands at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.resume and not args.log:
        parser.error("--resume needs --log: the deals logged there are not played again")
    names = args.match or list(DEFAULT)
    if any("ismcts" in MATCHES[name] for name in names) and not fixed_addresses():
        print("hearts_bots.py: IS-MCTS's deals will not repeat run to run (address "
              "randomisation could not be turned off)", file=sys.stderr)
    out = []
    for name in names:
        print(f"{name}:", flush=True)
        try:
            out.append(run(name, args.hands, args.seed, bot_options(args.a_opt),
                           bot_options(args.b_opt), args.first, args.log, args.jobs,
                           args.resume))
        except ValueError as e:  # an option that is not KEY=NUMBER, a log that is not one
            print(f"hearts_bots.py: {e}", file=sys.stderr)
            return 2
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


__all__ = ["main", "run", "time_figures"]

if __name__ == "__main__":
    sys.exit(main())
