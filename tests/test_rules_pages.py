"""The rules pages tell players how far apart the bot levels are: the words must
say what the logged matches measured, not what an older, shorter run did."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "src" / "parlour" / "web" / "rules"
LOGS = ROOT / "benchmarks" / "logs"


def _about(points: float) -> str:
    """A gain as the page words it: to the nearest half point ("2½", "3")."""
    halves = round(points * 2)
    return f"{halves // 2}{'½' if halves % 2 else ''}"


def test_the_hearts_page_gives_the_expert_over_normal_of_the_logged_matches() -> None:
    # It said "about 3 points a hand (over 200 deals)" long after 4,000 logged
    # deals had put it at 2.5.
    gains = []
    for seed in (9970, 9990):
        with open(LOGS / f"hearts_expert_normal_seed{seed}.jsonl", encoding="utf-8") as f:
            for line in f:
                deal = json.loads(line)
                assert deal["match"] == "expert-normal"
                gains.append(deal["points_b"] - deal["points_a"])
    mean = sum(gains) / len(gains)
    page = (RULES / "hearts.html").read_text(encoding="utf-8")
    said = re.search(r"expert about (\S+) points a hand fewer than normal \(over ([\d,]+) deals\)",
                     page)
    assert said, "the Hearts rules page no longer gives the expert's edge over normal"
    assert said.group(1) == _about(mean), f"the logs say {mean:.2f} a hand"
    assert said.group(2) == f"{len(gains):,}"

