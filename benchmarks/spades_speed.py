"""Spades speed: random complete hands a second, Parlour beside OpenSpiel's C++ engine.

    python benchmarks/spades_speed.py [--seconds 3] [--repeats 3] [--quick]

A hand is the deal, four bids, 52 cards and the score, all through each
engine's public API, driven the same way on both sides:

- ``random agent``: Python's ``random.Random.choice`` among the legal actions at
  every step. Parlour deals with ``SpadesHand.from_seed``; OpenSpiel deals by
  its 52 chance actions (a deck shuffled with the same ``random``, then one
  ``apply_action`` a card: its fastest normal way, cheaper than asking
  ``legal_actions`` at every chance node).
- ``engine only``: the same, but the choice is ``legal[r % len(legal)]`` with
  ``r`` read from a list of random numbers made beforehand, and the deals made
  beforehand too (Parlour starts ``SpadesHand(deal, dealer)`` from four masks,
  OpenSpiel applies its 52 chance actions), so the agent and the shuffle cost
  next to nothing and the figure is the engines' own.

Each side runs for ``--seconds`` per repeat, Parlour and OpenSpiel alternating,
and the best repeat of each is printed (the least disturbed on a shared
machine). Parlour should be compiled (``make compile``); the header says.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from itertools import cycle
from typing import Any

from common import engines_race, numbers
from parlour.cards import shuffled_deck
from parlour.games.spades import SpadesHand
from parlour.games.trick import deal_hands

TARGET = 1.5  # Parlour at least this many times OpenSpiel's rate


def parlour_random(seed: int) -> Callable[[], object]:
    rng = random.Random(seed)
    choice = rng.choice
    seeds = iter(range(seed, 1 << 62))

    def hand() -> object:
        state = SpadesHand.from_seed(next(seeds), dealer=3)
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
        return state.score()

    return hand


def openspiel_random(game: Any, seed: int) -> Callable[[], object]:
    rng = random.Random(seed)
    choice = rng.choice
    shuffle = rng.shuffle
    deck = list(range(52))

    def hand() -> object:
        state = game.new_initial_state()
        shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return hand


def parlour_engine(seed: int) -> Callable[[], object]:
    number = numbers(seed)
    deals = [deal_hands(shuffled_deck(seed * 1024 + i), 3) for i in range(1024)]
    next_deal = cycle(deals).__next__

    def hand() -> object:
        state = SpadesHand(next_deal(), 3)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[number() % len(legal)])
        return state.score()

    return hand


def openspiel_engine(game: Any, seed: int) -> Callable[[], object]:
    number = numbers(seed)
    rng = random.Random(seed)
    decks = []
    for _ in range(1024):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(deck)
    next_deck = cycle(decks).__next__

    def hand() -> object:
        state = game.new_initial_state()
        for card in next_deck():
            state.apply_action(card)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[number() % len(legal)])
        return state.returns()

    return hand


def main() -> int:
    return engines_race(__doc__.splitlines()[0], "spades", {},
                        "Spades: random complete hands (deal, 4 bids, 52 cards, score)", TARGET,
                        lambda game, seed: [
                            ("random agent", parlour_random(seed), openspiel_random(game, seed)),
                            ("engine only", parlour_engine(seed), openspiel_engine(game, seed))])


if __name__ == "__main__":
    sys.exit(main())
