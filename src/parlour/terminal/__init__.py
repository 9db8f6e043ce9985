"""Games in the terminal (``parlour play``): what a player at the keyboard sees
and types. :mod:`~parlour.terminal.tricks` plays Spades and Hearts against
bots, :mod:`~parlour.terminal.klondike` plays Klondike. Each shows only what
the player's seat may see, and saves the game after every action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.files import write_atomically
from parlour.records import dumps


@dataclass
class Console:
    """The player's keyboard and screen: ``ask`` shows a prompt and returns the
    line typed (None at the end of the input); ``say`` prints a line."""

    ask: Callable[[str], str | None]
    say: Callable[[str], None]


class Saver:
    """Writes the game's record after every action (atomically), if asked to."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def save(self, record: dict[str, Any]) -> None:
        if self.path is not None:
            write_atomically(self.path, dumps(record) + "\n")
