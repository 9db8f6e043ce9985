"""Duplicate matches between two bot levels, for every game with a table.

The match itself (layouts, bots, figures, the chart) is :mod:`parlour.arena.match`;
each game's table is its own module (:mod:`parlour.arena.spades`,
:mod:`parlour.arena.hearts`, which also keeps the Hearts-only duplicate match
that the OpenSpiel comparison uses).

>>> result = run_match("spades", "normal", "easy", hands=4, seed=1, progress=False)
>>> result.deals, len(result.diffs), result.layouts
(4, 4, 2)
>>> run_match("bridge", "easy", "easy", hands=1)
Traceback (most recent call last):
...
ValueError: no arena table for 'bridge' (tables: hearts, spades)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.arena.hearts import HeartsTable
from parlour.arena.match import HandOutcome, MatchResult, Table, deal_seed, play_match, svg_plot
from parlour.arena.spades import SpadesTable

__all__ = ["TABLES", "HandOutcome", "HeartsTable", "MatchResult", "SpadesTable", "Table",
           "deal_seed", "play_match", "run_match", "svg_plot"]

TABLES: dict[str, Callable[[], Table]] = {"spades": SpadesTable, "hearts": HeartsTable}


def run_match(game: str, a: str, b: str, hands: int, seed: int = 1,
              a_options: dict[str, Any] | None = None, b_options: dict[str, Any] | None = None,
              progress: bool = True, table: Table | None = None) -> MatchResult:
    """Play ``hands`` deals of ``game`` (at its usual table unless ``table`` is
    given), each once per layout, level ``a`` against level ``b``."""
    if table is None:
        if game not in TABLES:
            raise ValueError(f"no arena table for {game!r} (tables: {', '.join(sorted(TABLES))})")
        table = TABLES[game]()
    return play_match(table, a, b, hands, seed, a_options, b_options, progress)
