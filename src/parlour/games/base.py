"""The state interface every game offers, and the error an illegal action raises.

Every game's state answers the same questions, so a bot, the replay tool and
the web app treat Spades, Hearts and Klondike alike:

- ``current_player()``: the seat to act (``TERMINAL`` once the game is over);
- ``legal_actions()``: ints, ascending (a sequence not to be changed);
  ``action_to_string`` / ``parse_action`` convert to and from the record
  notation (``"bid 3"``, ``"play QS"``);
- ``apply(action)`` (raises :class:`IllegalAction` with a player's reason),
  ``undo()`` and ``clone()``;
- ``observation(seat)``: what that seat may see, never another seat's cards,
  as an object with ``to_json()``;
- ``is_terminal()`` and ``returns()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self

TERMINAL = -4


class IllegalAction(ValueError):
    """An action the rules refuse; ``str()`` is the reason in a player's words."""


class Observation(Protocol):
    seat: int

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[int]: ...

    def apply(self, action: int) -> None: ...

    def undo(self) -> None: ...

    def clone(self) -> Self: ...

    def is_terminal(self) -> bool: ...

    def observation(self, seat: int) -> Observation: ...

    def action_to_string(self, action: int) -> str: ...

    def parse_action(self, text: str) -> int: ...

    def returns(self) -> list[float]: ...
