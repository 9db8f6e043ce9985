"""A whole trick game, hand after hand: what Spades and Hearts share above one hand.

Hands are dealt from the game's seed, one after another, until someone wins;
undo goes back across a finished hand; the state interface is the current
hand's. A game supplies how its next hand is dealt (``_next_hand``), how a
finished hand is scored (the hand's ``score()``) and who has won
(``_winner_after``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from parlour.cards import Rng, shuffled_deck
from parlour.games.base import TERMINAL, IllegalAction


class TrickHand(Protocol):
    """What a game needs of one hand."""

    dealer: int

    @property
    def play(self) -> Any: ...

    @property
    def actions(self) -> list[int]: ...

    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply(self, action: int) -> None: ...
    def undo(self) -> None: ...
    def score(self) -> Any: ...
    def observation(self, seat: int) -> Any: ...
    def action_to_string(self, action: int) -> str: ...
    def parse_action(self, text: str) -> int: ...


HandT = TypeVar("HandT", bound=TrickHand)


class TrickGame(Generic[HandT]):
    """Hands dealt from a seed until a game winner; the same state interface as a hand."""

    def __init__(self, seed: int | None, first_dealer: int | None) -> None:
        self.seed = secrets.randbits(63) if seed is None else seed
        self._rng = Rng(self.seed)
        self.first_dealer = self._rng.below(4) if first_dealer is None else first_dealer
        self.hands: list[HandT] = []
        self.results: list[Any] = []
        self._winner: int | None = None
        self._rng_states: list[int] = []

    # --- what each game supplies -------------------------------------------

    def _next_hand(self, deck: list[int], dealer: int, previous: Any) -> HandT:
        """The hand dealt from ``deck`` by ``dealer``; ``previous`` is the last
        hand's result (None for the first hand)."""
        raise NotImplementedError

    def _winner_after(self, result: Any) -> int | None:
        raise NotImplementedError

    def _copy_hand(self, hand: HandT) -> HandT:
        raise NotImplementedError

    # --- shared -------------------------------------------------------------

    def _deal_next(self, dealer: int, previous: Any) -> None:
        self._rng_states.append(self._rng.state)
        deck = shuffled_deck(self._rng.next64())
        self.hands.append(self._next_hand(deck, dealer, previous))

    @property
    def hand(self) -> HandT:
        """The hand being played (the last one, once the game is over)."""
        return self.hands[-1]

    def current_player(self) -> int:
        return TERMINAL if self._winner is not None else self.hand.current_player()

    def is_terminal(self) -> bool:
        return self._winner is not None

    def legal_actions(self) -> Sequence[int]:
        return () if self._winner is not None else self.hand.legal_actions()

    def apply(self, action: int) -> None:
        if self._winner is not None:
            raise IllegalAction("the game is over")
        hand = self.hand
        hand.apply(action)
        if hand.play.trick_count == 13:
            result = hand.score()
            self.results.append(result)
            self._winner = self._winner_after(result)
            if self._winner is None:
                self._deal_next((hand.dealer + 1) & 3, result)

    def undo(self) -> None:
        """Take back the last action, back into the previous hand if need be."""
        if self._winner is not None:
            self._winner = None
            self.results.pop()
        elif not self.hand.actions and len(self.hands) > 1:
            self.hands.pop()
            self._rng.state = self._rng_states.pop()
            self.results.pop()
            # Finished hands are shared with clones (clone copies only the hand in
            # play): copy this one before changing it, so a clone never moves.
            self.hands[-1] = self._copy_hand(self.hands[-1])
        self.hand.undo()

    def _copy_into(self, other: TrickGame[HandT]) -> None:
        # The finished hands are shared, not copied: nothing changes a finished
        # hand in place (undo copies it first), so a clone costs one hand's copy.
        other._rng = Rng(self._rng.state)
        other.hands = self.hands[:-1] + [self._copy_hand(self.hand)]
        other.results = self.results[:]
        other._winner = self._winner
        other._rng_states = self._rng_states[:]

    def observation(self, seat: int) -> Any:
        return self.hand.observation(seat)

    def action_to_string(self, action: int) -> str:
        return self.hand.action_to_string(action)

    def parse_action(self, text: str) -> int:
        return self.hand.parse_action(text)
