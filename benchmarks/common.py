"""Small helpers for side-by-side benchmarks: Parlour against a reference engine.

Time a callable for a number of iterations or seconds and get its rate, then
print the rates in one table with their ratio::

    from common import Rate, measure, print_table
    ours = measure(lambda: play_one_hand(), seconds=5, label="parlour")
    theirs = measure(lambda: play_reference_hand(), seconds=5, label="openspiel")
    print_table("Spades, random hands", "hands/s", [("random agent", ours, theirs)])

Run the scripts from the repository root (``python benchmarks/x_speed.py``);
they import this module by its file name, as Python puts the script's own
directory on the path.
"""

from __future__ import annotations

import gc
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import cycle

import parlour
from parlour.progress import Progress

# Runs shorter than this get no progress bar: it would only flicker.
_PROGRESS_AFTER_S = 3.0


@dataclass(frozen=True)
class Rate:
    """How many calls ran in how many seconds."""

    label: str
    calls: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.calls / self.seconds if self.seconds > 0 else 0.0


def measure(fn: Callable[[], object], *, iterations: int | None = None,
            seconds: float | None = None, label: str = "", warmup: int = 10,
            progress: bool | None = None) -> Rate:
    """Call ``fn`` ``iterations`` times, or repeatedly for ``seconds``; return the rate.

    Exactly one of ``iterations`` and ``seconds`` is given. A few warm-up calls
    run first and are not timed; the garbage collector is paused while timing
    (both sides alike) so a collection does not land in one side's window only.
    ``progress`` draws a bar on stderr (default: only for runs of 3 s or more).
    """
    if (iterations is None) == (seconds is None):
        raise ValueError("give exactly one of iterations and seconds")
    for _ in range(warmup):
        fn()
    long_run = seconds is not None and seconds >= _PROGRESS_AFTER_S
    show = long_run if progress is None else progress
    clock = time.perf_counter
    gc_was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        if iterations is not None:
            bar = Progress(iterations, label, enabled=show)
            step = max(1, iterations // 100)
            start = clock()
            done = 0
            while done < iterations:
                batch = min(step, iterations - done)
                for _ in range(batch):
                    fn()
                done += batch
                bar.update(batch)
            elapsed = clock() - start
            calls = iterations
        else:
            assert seconds is not None
            ticks = max(1, round(seconds * 10))
            bar = Progress(ticks, label, enabled=show)
            start = clock()
            deadline = start + seconds
            next_tick = start + seconds / ticks
            calls = 0
            now = start
            while now < deadline:
                # Check the clock every few calls only: reading it is not free.
                for _ in range(8):
                    fn()
                calls += 8
                now = clock()
                while now >= next_tick and bar.done < ticks:
                    bar.update(1)
                    next_tick += seconds / ticks
            elapsed = now - start
        if show:
            bar.close()
    finally:
        if gc_was_on:
            gc.enable()
    return Rate(label, calls, elapsed)


def best_of(repeats: int, run: Callable[[], Rate]) -> Rate:
    """The fastest of ``repeats`` runs: on a shared machine, the least disturbed one."""
    rates = [run() for _ in range(max(1, repeats))]
    return max(rates, key=lambda r: r.per_second)


def environment() -> str:
    """One line saying what ran: Python, platform, compiled or pure Parlour."""
    mode = "compiled (mypyc)" if parlour.compiled() else "pure Python (not compiled)"
    return (f"Python {platform.python_version()} on {platform.machine()} "
            f"{sys.platform}; Parlour {parlour.__version__} {mode}")


def format_rate(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def print_table(title: str, unit: str, rows: Sequence[tuple[str, Rate, Rate]],
                reference: str = "reference") -> None:
    """Print ``case | Parlour | reference | ratio`` rows; ratio > 1 means Parlour is faster."""
    header = ("case", f"Parlour {unit}", f"{reference} {unit}", "ratio")
    lines = [header]
    for case, ours, theirs in rows:
        ratio = ours.per_second / theirs.per_second if theirs.per_second else float("inf")
        lines.append((case, format_rate(ours.per_second), format_rate(theirs.per_second),
                      f"{ratio:.2f}x"))
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    print(title)
    print(environment())
    for n, line in enumerate(lines):
        cells = [line[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(line[1:], widths[1:],
                                                                          strict=True)]
        print("  " + "  ".join(cells))
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))
    print("  (ratio = Parlour / reference; above 1 means Parlour is faster)")


def numbers(seed: int, n: int = 1 << 16) -> Callable[[], int]:
    """A near-free source of pseudo-random choices, the same for both sides of a race."""
    rng = random.Random(seed)
    return cycle([rng.getrandbits(30) for _ in range(n)]).__next__


def race(ours: Callable[[], object], theirs: Callable[[], object], seconds: float,
         repeats: int, label: str) -> tuple[Rate, Rate]:
    """Alternate the two sides ``repeats`` times; keep each side's best run."""
    best: list[Rate | None] = [None, None]
    for r in range(repeats):
        for side, (name, fn) in enumerate((("Parlour", ours), ("OpenSpiel", theirs))):
            rate = measure(fn, seconds=seconds, label=f"{label}: {name} {r + 1}/{repeats}")
            old = best[side]
            if old is None or rate.per_second > old.per_second:
                best[side] = rate
    assert best[0] is not None and best[1] is not None
    return best[0], best[1]
