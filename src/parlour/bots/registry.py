"""Where bots sign in: each bot module registers its levels here when imported.

It imports nothing of parlour, so a bot module can register itself without
importing :mod:`parlour.bots.base`, which imports the bot modules (the data
flows one way: base -> bot modules -> registry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["REGISTRY", "BotFactory", "BotUnavailable", "register_bot"]


class BotUnavailable(ValueError):
    """A level whose bot needs a package that is not installed (OpenSpiel for
    ``ismcts``); the message names the package and how to install it."""


# A factory takes the seed and any budget keywords (``samples``, ``time_budget``...).
BotFactory = Callable[..., Any]

# (game, level) -> factory; game "*" is every game.
REGISTRY: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, level: str, factory: BotFactory) -> None:
    """Make ``make_bot(game, level, seed=..., **budget)`` call ``factory``.

    ``game`` ``"*"`` registers a level for every game (the random bot)."""
    REGISTRY[(game, level)] = factory
