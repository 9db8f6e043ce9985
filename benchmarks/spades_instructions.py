"""Spades work a hand in CPU instructions, Parlour beside OpenSpiel: a measure load cannot move.

    python benchmarks/spades_instructions.py [--hands 1000]

Wall-clock rates on a shared machine wander with whatever else runs;
instruction counts do not. Each engine plays random complete hands (the same
driver as ``spades_speed.py``'s random agent, imported from it: seeded deal,
``random.choice`` among the legal actions, the score) under ``valgrind --tool=callgrind``,
once with 200 hands and once with 200 + ``--hands``; the difference divided
by ``--hands`` is the work of one hand, with start-up and imports cancelled
out. Needs valgrind (Debian's ``valgrind`` package) and OpenSpiel.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from parlour import compiled
from parlour.progress import Progress

DRIVER = r'''
import sys
sys.path.insert(0, sys.argv[3])
from spades_speed import openspiel_random, parlour_random
if sys.argv[1] == "parlour":
    hand = parlour_random(1)
else:
    import pyspiel
    hand = openspiel_random(pyspiel.load_game("spades"), 1)
for _ in range(int(sys.argv[2])):
    hand()
'''

BASE = 200
HERE = os.path.dirname(os.path.abspath(__file__))


def instructions(driver: str, engine: str, hands: int, workdir: str) -> int:
    out = os.path.join(workdir, f"callgrind.{engine}.{hands}")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
         sys.executable, driver, engine, str(hands), HERE],
        capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed for {engine}: {run.stderr.strip()[-400:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000,
                        help="hands counted (beyond the 200 that cancel start-up)")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing to count with")
        return 0
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): nothing to compare with")
        return 0
    per_hand = {}
    with tempfile.TemporaryDirectory() as workdir:
        driver = os.path.join(workdir, "driver.py")
        with open(driver, "w", encoding="utf-8") as f:
            f.write(DRIVER)
        bar = Progress(4, "callgrind runs")
        for engine in ("parlour", "openspiel"):
            low = instructions(driver, engine, BASE, workdir)
            bar.update()
            high = instructions(driver, engine, BASE + args.hands, workdir)
            bar.update()
            per_hand[engine] = (high - low) / args.hands
        bar.close()
    build = "compiled (mypyc)" if compiled() else "pure Python (run `make compile`)"
    print(f"Spades: instructions a random complete hand (deal, 4 bids, 52 cards, score), "
          f"{args.hands} hands; Parlour {build}")
    print(f"  Parlour    {per_hand['parlour'] / 1000:8.0f}k")
    print(f"  OpenSpiel  {per_hand['openspiel'] / 1000:8.0f}k")
    ratio = per_hand["openspiel"] / per_hand["parlour"]
    print(f"  ratio (OpenSpiel / Parlour): {ratio:.2f}x less work for Parlour")
    return 0


if __name__ == "__main__":
    sys.exit(main())
