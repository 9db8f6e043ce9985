"""Hearts speed: random complete hands a second, Parlour beside OpenSpiel's C++ engine.

    python benchmarks/hearts_speed.py [--seconds 3] [--repeats 3] [--quick]

A hand is the deal, the passes, 52 cards and the score, all through each
engine's public API, driven the same way on both sides, with our rules on
both (OpenSpiel's options set as in ``tests/test_hearts_openspiel.py``). The
pass direction rotates left, right, across, none on both sides, so three
hands in four have passes.

- ``random agent``: Python's ``random.Random.choice`` among the legal actions at
  every step. Parlour deals with ``HeartsHand.from_seed`` and a pass is one
  action among the 286 ways to choose three cards; OpenSpiel takes its pass
  direction and 52 chance actions (a deck shuffled with the same ``random``,
  one ``apply_action`` a card), and a pass is three single-card actions.
- ``engine only``: the same, but the choice is ``legal[r % len(legal)]`` with
  ``r`` read from a list of random numbers made beforehand, and the deals made
  beforehand too, so the agent and the shuffle cost next to nothing.

Each side runs for ``--seconds`` per repeat, Parlour and OpenSpiel alternating,
and the best repeat of each is printed. Parlour should be compiled
(``make compile``); the header says.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from itertools import cycle
from typing import Any

from common import engines_race, numbers
from parlour.bots.hearts_openspiel import OURS_IN_OPENSPIEL
from parlour.cards import shuffled_deck
from parlour.games.hearts import PASS_ROTATION, HeartsHand
from parlour.games.trick import deal_hands

TARGET = 1.5  # Parlour at least this many times OpenSpiel's rate
OPENSPIEL_OPTIONS = OURS_IN_OPENSPIEL  # our rules, in OpenSpiel's option names
# OpenSpiel's pass-direction outcome is ours numerically (0 none, 1 left, 2 across, 3 right).
DIRECTIONS = PASS_ROTATION


def parlour_random(seed: int) -> Callable[[], object]:
    rng = random.Random(seed)
    choice = rng.choice
    seeds = iter(range(seed, 1 << 62))
    directions = cycle(DIRECTIONS).__next__

    def hand() -> object:
        state = HeartsHand.from_seed(next(seeds), dealer=3, pass_dir=directions())
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
        return state.score()

    return hand


def openspiel_random(game: Any, seed: int) -> Callable[[], object]:
    rng = random.Random(seed)
    choice = rng.choice
    shuffle = rng.shuffle
    deck = list(range(52))
    directions = cycle(DIRECTIONS).__next__

    def hand() -> object:
        state = game.new_initial_state()
        state.apply_action(directions())
        shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return hand


def parlour_engine(seed: int) -> Callable[[], object]:
    number = numbers(seed)
    deals = [(deal_hands(shuffled_deck(seed * 1024 + i), 3), DIRECTIONS[i % 4])
             for i in range(1024)]
    next_deal = cycle(deals).__next__

    def hand() -> object:
        deal, direction = next_deal()
        state = HeartsHand(deal, 3, direction)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[number() % len(legal)])
        return state.score()

    return hand


def openspiel_engine(game: Any, seed: int) -> Callable[[], object]:
    number = numbers(seed)
    rng = random.Random(seed)
    decks = []
    for i in range(1024):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append((DIRECTIONS[i % 4], deck))
    next_deck = cycle(decks).__next__

    def hand() -> object:
        direction, deck = next_deck()
        state = game.new_initial_state()
        state.apply_action(direction)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[number() % len(legal)])
        return state.returns()

    return hand


def main() -> int:
    return engines_race(__doc__.splitlines()[0], "hearts", OPENSPIEL_OPTIONS,
                        "Hearts: random complete hands (deal, passes, 52 cards, score)", TARGET,
                        lambda game, seed: [
                            ("random agent", parlour_random(seed), openspiel_random(game, seed)),
                            ("engine only", parlour_engine(seed), openspiel_engine(game, seed))])


if __name__ == "__main__":
    sys.exit(main())
