"""Game records, ``parlour-record/1``: the one format for saved games, replays,
test fixtures and bug reports.

A record is JSON: ``{"format": "parlour-record/1", "game": "spades",
"options": {...}, ...}``; what follows depends on the game (trick games keep a
list of ``hands``, each with its ``deal``, ``dealer`` and ``actions``; Klondike
keeps one ``deal`` and its ``actions``). Each game's public module
(``parlour.spades``, ``parlour.hearts``, ``parlour.klondike``) provides
``replay_record(record) -> Replay``, which checks every action.

>>> record = {"format": "parlour-record/1", "game": "chess"}
>>> replay(record)
Traceback (most recent call last):
...
parlour.records.RecordError: unknown game 'chess' (known: hearts, klondike, spades)
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.files import parse_json, read_json

FORMAT = "parlour-record/1"
GAMES = ("hearts", "klondike", "spades")


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the hand and the step."""

    def __init__(self, reason: str, hand: int | None = None, step: int | None = None) -> None:
        where = []
        if hand is not None:
            where.append(f"hand {hand + 1}")
        if step is not None:
            where.append(f"step {step + 1}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)
        self.reason = reason
        self.hand = hand
        self.step = step


@dataclass
class Replay:
    """What replaying a record found: per-step and per-hand facts, as JSON and as text."""

    game: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    keep_steps: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "hands": self.hands, "result": self.result}


def parse(text: str) -> dict[str, Any]:
    """A record from JSON text, with its format and game checked."""
    return checked(parse_json(text))


def checked(record: Any) -> dict[str, Any]:
    """A record read as JSON, with its format checked."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {record.get('format')!r}")
    return record


def load(path: str | Path) -> dict[str, Any]:
    """A record from a file (``-``: standard input), within the input limit."""
    return checked(read_json(str(path)))


def replay(record: dict[str, Any], steps: bool = True) -> Replay:
    """Replay a record through its game's engine, checking every action; ``steps``:
    keep every step with the legal actions before it (time and memory a step)."""
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    module = importlib.import_module(f"parlour.{game}")
    result: Replay = module.replay_record(record, steps)
    return result


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text, one hand per line block, stable key order."""
    return json.dumps(record, indent=1, ensure_ascii=False)
