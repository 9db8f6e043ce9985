"""OpenSpiel's IS-MCTS bot playing Hearts at a Parlour table (the reference
opponent of ``parlour arena hearts --b ismcts``).

The adapter is a bot like any other: it gets one seat's observation and the
legal actions. It deals a full hand consistent with the observation
(:meth:`HeartsObservation.sample`) and replays it in OpenSpiel's ``hearts``
(options set to our rules, card and pass mappings as in
``tests/test_hearts_openspiel.py``): the seat's information state there is
the real one, and IS-MCTS resamples the hidden cards from it anyway, so
nothing hidden reaches the bot. Default: 1,000 simulations a move with random
rollouts (OpenSpiel's ``RandomRolloutEvaluator``), UCT constant 2, final
policy the most visited move.

OpenSpiel's IS-MCTS crashes the process (a segmentation fault, which cannot
be caught) when asked to pass in Hearts, so by default its seats pass as our
``normal`` bot would and the card play is what is compared;
``ismcts_passes=True`` tries its passing anyway (a Python exception falls
back to ours, counted in ``pass_fallbacks``). ``pyspiel`` is imported only when the bot is
made, so the package works without it.

Seeding the bot is not enough for a deal to play the same twice. IS-MCTS keeps
its moves in hash tables whose order depends on the address the library is
loaded at (Abseil seeds its hashes with one), and where visits tie the
first move in that order is taken; with the addresses randomised at every
start (Linux's default), the same deal and seed gave 2.75 points to IS-MCTS's
10.25 on one run and 2.5 to 10.5 on the next. :func:`fixed_addresses` makes a
command-line run repeatable on a machine. Abseil also salts each table with
the address of its memory, so a deal can still play differently in a process
that did other work before it (another split of the deals among workers).
"""

from __future__ import annotations

import ctypes
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from parlour.bots.hearts_rules import NORMAL, choose_pass
from parlour.bots.registry import BotUnavailable, register_bot
from parlour.cards import Rng

__all__ = ["ISMCTSHeartsBot", "OURS_IN_OPENSPIEL", "fixed_addresses", "from_os",
           "openspiel_state", "to_os"]

PASS_BIT = 1 << 52
# OpenSpiel's seeds are C ints: ours are folded into 0 .. 2**31 - 2 (smaller ones,
# and so every figure logged with them, unchanged)
OS_SEEDS = 2**31 - 1
# Linux's personality flag that turns address randomisation off (what `setarch -R` sets)
ADDR_NO_RANDOMIZE = 0x0040000

OURS_IN_OPENSPIEL = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,
    "can_lead_any_club": False,
    "can_lead_hearts_instead_of_qs": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
}


def fixed_addresses(restart: bool = True) -> bool:
    """Make this process's IS-MCTS games repeatable: start the same command
    again with address randomisation off (Linux's ``ADDR_NO_RANDOMIZE``; the
    process is replaced, once), then load OpenSpiel, before any worker is
    forked, so every worker finds it at the same address. For command-line
    tools, called before any game is played. True when the addresses are
    fixed; False where that cannot be done (not Linux, the flag refused,
    OpenSpiel missing, or ``restart`` false, for code that must not replace
    its process, with randomisation on): games then play as well, but not the
    same twice.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        current = int(libc.personality(0xFFFFFFFF))  # 0xffffffff: read it, change nothing
    except (OSError, AttributeError):
        return False
    if current == -1:
        return False
    if not current & ADDR_NO_RANDOMIZE:
        if not restart:
            return False
        if libc.personality(current | ADDR_NO_RANDOMIZE) == -1:
            return False
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(sys.executable, sys.orig_argv)
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def to_os(card: int) -> int:
    """Our card (suit * 13 + rank) as OpenSpiel's action (rank * 4 + suit)."""
    return (card % 13) * 4 + card // 13


def from_os(action: int) -> int:
    return (action % 4) * 13 + action // 4


def openspiel_state(game: Any, hand: Any) -> Any:
    """OpenSpiel's state for one of our :class:`HeartsHand` positions: the
    pass direction, the deal (OpenSpiel deals chance card i to seat i % 4),
    the passes (three single cards each, ascending) and the plays."""
    state = game.new_initial_state()
    state.apply_action(hand.pass_dir)
    cards = [list(_cards(hand.deal[s])) for s in range(4)]
    for i in range(52):
        state.apply_action(to_os(cards[i % 4][i // 4]))
    for mask in hand.passes:
        for c in _cards(mask):
            state.apply_action(to_os(c))
    for entry in hand.play.history:
        state.apply_action(to_os(entry[0]))
    return state


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class ISMCTSHeartsBot:
    """OpenSpiel's IS-MCTS bot behind the Parlour bot interface."""

    name = "ismcts"

    def __init__(self, seed: int = 0, simulations: int = 1000, uct_c: float = 2.0,
                 max_world_samples: int = -1, ismcts_passes: bool = False) -> None:
        try:
            pyspiel: Any = importlib.import_module("pyspiel")  # no type stubs
        except ImportError:  # a test-only package: say what is missing, not a traceback
            raise BotUnavailable("the ismcts level needs OpenSpiel: pip install open-spiel") \
                from None

        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("hearts", OURS_IN_OPENSPIEL)
        self.rng = Rng(seed)
        # (the arena seeds seats past 2**31 from match seed 269 on)
        os_seed = seed % OS_SEEDS
        evaluator = pyspiel.RandomRolloutEvaluator(1, os_seed)
        self.bot = pyspiel.ISMCTSBot(os_seed, evaluator, uct_c, simulations, max_world_samples,
                                     pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                     False, False)
        self.ismcts_passes = ismcts_passes
        self.pass_fallbacks = 0
        self.passes = 0

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        obs = observation
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if obs.passing:
            self.passes += 1
            if self.ismcts_passes:
                action = self._ismcts_pass(obs, legal_actions)
                if action is not None:
                    return action
            self.pass_fallbacks += 1
            action = PASS_BIT | choose_pass(obs.hand, NORMAL, obs.options.jack_of_diamonds)
            return action if action in legal_actions else legal_actions[0]
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = openspiel_state(self.game, self._sample(obs))
        card = from_os(self.bot.step(state))
        if card not in legal_actions:
            raise RuntimeError(f"OpenSpiel's IS-MCTS chose {card}, not a legal card")
        return card

    def _sample(self, obs: Any) -> Any:
        # Our sampler can dead-end on tight constraints: retry with fresh draws.
        for _ in range(200):
            try:
                return obs.sample(self.rng)
            except ValueError:
                continue
        return obs.sample(self.rng)

    def _ismcts_pass(self, obs: Any, legal_actions: Sequence[int]) -> int | None:
        try:
            state = openspiel_state(self.game, self._sample(obs))
            mask = 0
            for _ in range(3):
                a = self.bot.step(state)
                mask |= 1 << from_os(a)
                state.apply_action(a)
        except Exception:  # OpenSpiel's IS-MCTS can fail while passing
            return None
        action = PASS_BIT | mask
        return action if mask.bit_count() == 3 and action in legal_actions else None


def _ismcts(seed: int = 0, **budget: Any) -> ISMCTSHeartsBot:
    return ISMCTSHeartsBot(seed, **budget)


# The reference opponent is a level like any other; pyspiel is needed only once one is made.
register_bot("hearts", "ismcts", _ismcts)
