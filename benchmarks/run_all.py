"""Run every benchmark in this folder, one after another (``make bench``).

    python benchmarks/run_all.py [--quick] [--only NAME ...]

Each ``*_speed.py`` is a side-by-side speed comparison and runs in full (or
with its own ``--quick`` under ``--quick``). The other scripts are listed in
``LONG`` with the arguments of a short run, since their full runs take minutes
to hours; ``--quick`` skips them. Prints each script's output under a heading
and a summary of exit codes; exits non-zero if any script failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Scripts that are not quick: the arguments of a short, representative run.
LONG: dict[str, list[str]] = {
    "klondike_solver.py": ["--deals", "100", "--draw", "3", "--time-limit", "2"],
    "klondike_fatal.py": ["--deals", "10", "--budget", "2", "--samples", "10",
                          "--sample-time", "0.1"],
    "spades_nils.py": ["--deals", "100", "--against", "normal", "--plays", "1"],
    "web_server.py": ["--tables", "100", "--seconds", "15"],
    "web_tables.py": ["--tables", "20,100", "--seconds", "20"],
}
# Modules here that are helpers, not benchmarks.
HELPERS = {"common.py", "run_all.py"}


def scripts() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if p.name not in HELPERS)


def command(script: Path, quick: bool) -> list[str] | None:
    """The command line for a script, or None to skip it."""
    if script.name.endswith("_speed.py"):
        return [sys.executable, str(script)] + (["--quick"] if quick else [])
    if quick:
        return None
    return [sys.executable, str(script), *LONG.get(script.name, [])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="speed scripts in their quick mode; skip the long benchmarks")
    parser.add_argument("--only", nargs="*", default=[],
                        help="run only the scripts whose names contain one of these")
    args = parser.parse_args()
    results: list[tuple[str, str]] = []
    for script in scripts():
        if args.only and not any(word in script.name for word in args.only):
            continue
        cmd = command(script, args.quick)
        if cmd is None:
            results.append((script.name, "skipped (--quick)"))
            continue
        print(f"\n=== {script.name} {' '.join(cmd[2:])}".rstrip(), flush=True)
        start = time.monotonic()
        code = subprocess.call(cmd, cwd=HERE.parent)
        took = time.monotonic() - start
        results.append((script.name, f"{'ok' if code == 0 else f'FAILED ({code})'}, "
                                     f"{took:.0f} s"))
    print("\n=== summary")
    width = max((len(name) for name, _ in results), default=0)
    for name, outcome in results:
        print(f"  {name.ljust(width)}  {outcome}")
    return 1 if any("FAILED" in outcome for _, outcome in results) else 0


if __name__ == "__main__":
    sys.exit(main())
