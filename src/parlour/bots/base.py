"""One bot interface for every game, and a registry of bots by game and level.

A bot is given one seat's *observation* and the legal actions, never the game
state, so it cannot see a card its seat may not see; it returns one of the
legal actions::

    bot = make_bot("spades", "normal", seed=1)
    action = bot.choose(state.observation(seat), state.legal_actions())

Games plug in by name. ``make_bot(game, level)`` imports every module of
:mod:`parlour.bots` whose name starts with ``game + "_"`` (``spades_rules``,
``spades_expert``, later ``hearts_rules``, ``klondike_player``), and each of
those registers its levels with :func:`register_bot` (in
:mod:`parlour.bots.registry`, which they import instead of this module) when
imported. The level ``random`` works for every game.

>>> bot = make_bot("spades", "random", seed=3)
>>> bot.choose(None, [5, 7, 9]) in (5, 7, 9)
True
>>> make_bot("spades", "grandmaster")
Traceback (most recent call last):
...
parlour.bots.base.UnknownBot: no spades bot 'grandmaster' (levels: random, easy, normal, expert, ...
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from parlour.bots import registry
from parlour.bots.registry import BotUnavailable, register_bot

__all__ = ["LEVELS", "Bot", "BotUnavailable", "UnknownBot", "levels", "make_bot", "register_bot"]

# The usual order of strength; a game may register other names too.
LEVELS = ("random", "easy", "normal", "expert")


class UnknownBot(ValueError):
    """A game or level with no bot registered."""


class Bot(Protocol):
    """What every bot offers. ``observation`` is one seat's view (a
    ``SpadesObservation`` for Spades); ``legal_actions`` is never empty."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int: ...


# The registry cannot name Bot (it imports nothing of parlour); every factory makes one.
_REGISTRY: dict[tuple[str, str], Callable[..., Bot]] = registry.REGISTRY
_LOADED: set[str] = set()


def _load(game: str) -> None:
    if game in _LOADED:
        return
    _LOADED.add(game)
    from parlour import bots

    importlib.import_module("parlour.bots.random_bot")
    prefix = game + "_"
    for info in sorted(pkgutil.iter_modules(bots.__path__), key=lambda m: m.name):
        if info.name.startswith(prefix):
            importlib.import_module(f"parlour.bots.{info.name}")


def levels(game: str) -> list[str]:
    """The levels registered for a game, weakest first where known.

    >>> levels("spades")
    ['random', 'easy', 'normal', 'expert', 'pimc']
    """
    _load(game)
    names = {lv for g, lv in _REGISTRY if g in (game, "*")}
    return [lv for lv in LEVELS if lv in names] + sorted(names - set(LEVELS))


def make_bot(game: str, level: str, seed: int = 0, **budget: Any) -> Bot:
    """A new bot for ``game`` at ``level``; ``seed`` makes its choices repeatable;
    ``budget`` keywords tune search bots (unknown ones are an error)."""
    _load(game)
    factory = _REGISTRY.get((game, level)) or _REGISTRY.get(("*", level))
    if factory is None:
        known = levels(game)
        if not any(g == game for g, _lv in _REGISTRY):
            raise UnknownBot(f"no bots for the game {game!r}")
        raise UnknownBot(f"no {game} bot {level!r} (levels: {', '.join(known)})")
    options = _options(factory)
    for key, value in budget.items():
        if options is not None and key not in options:
            takes = f"options: {', '.join(options)}" if options else "it takes none"
            raise UnknownBot(f"the {game} {level} bot has no option {key!r} ({takes})")
        # a compiled factory shows no defaults: then only the ranges are checked
        refusal = _budget_refusal(key, value, None if options is None else options[key])
        if refusal:
            raise UnknownBot(f"the {game} {level} bot's option {refusal}")
    try:
        return factory(seed=seed, **budget)
    except TypeError as e:
        # a compiled factory without a signature names the keyword it refuses
        if options is None and "keyword argument" in str(e):
            raise UnknownBot(f"the {game} {level} bot has no option "
                             f"{str(e).split(' ', 1)[0]}") from None
        raise


def _options(factory: Callable[..., Any]) -> dict[str, Any] | None:
    """The budget keywords a bot factory takes, with their defaults (None: any)."""
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return {p.name: p.default for p in params if p.name != "seed"
            and p.kind is not inspect.Parameter.VAR_POSITIONAL}


def _budget_refusal(key: str, value: Any, default: Any) -> str | None:
    """Why a budget value cannot be used, in the option's terms (None: it can).

    >>> _budget_refusal("samples", 0, 200)
    'samples is at least 1, not 0 (leave it out for the default)'
    >>> _budget_refusal("time_budget", -1, 0.0)
    'time_budget is a number of seconds, 0 or more, not -1'
    >>> _budget_refusal("samples", 2.5, 200)
    'samples is a whole number, not 2.5'
    """
    if isinstance(default, bool):
        return None if isinstance(value, bool) else f"{key} is true or false, not {value!r}"
    if value is None:  # "no limit" (from Python; the command line gives only numbers)
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"{key} is a number, not {value!r}"
    if isinstance(default, int) and not isinstance(value, int):
        return f"{key} is a whole number, not {value!r}"
    if key.endswith("samples") and value < 1:
        return f"{key} is at least 1, not {value!r} (leave it out for the default)"
    if value < 0 or value != value:
        what = "a number of seconds" if "time" in key else "a number"
        return f"{key} is {what}, 0 or more, not {value!r}"
    return None
