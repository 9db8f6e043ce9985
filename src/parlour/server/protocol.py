"""The messages a client may send to a table, declared once and checked at the socket.

>>> read(b'{"type": "act", "version": 3, "action": "play QS"}')
Act(version=3, action='play QS')
>>> read(b'{"type": "act", "version": "3", "action": "play QS"}')
Traceback (most recent call last):
...
parlour.server.protocol.BadMessage: a bad message: Expected `int`, got `str` - at `$.version`
>>> read(b'{"type": "shout"}')
Traceback (most recent call last):
...
parlour.server.protocol.BadMessage: a bad message: unknown type 'shout' (types: act, hint, \
finish, rematch, sync)
"""

from __future__ import annotations

from typing import Any

import msgspec

MAX_MESSAGE = 4096  # bytes: an action is a few words
RATE = 20.0  # messages a second a connection may send, on average
BURST = 40.0  # ... and at once
STRIKES = 100  # refused messages that close the connection ...
STRIKES_FORGIVEN = 2.0  # ... less this many a second


class Act(msgspec.Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    version: int
    action: str


class Hint(msgspec.Struct, tag="hint", tag_field="type", forbid_unknown_fields=True):
    version: int | None = None


class Finish(msgspec.Struct, tag="finish", tag_field="type", forbid_unknown_fields=True):
    version: int


class Rematch(msgspec.Struct, tag="rematch", tag_field="type", forbid_unknown_fields=True):
    pass


class Sync(msgspec.Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    pass


Message = Act | Hint | Finish | Rematch | Sync


# --- what the server sends -------------------------------------------------------


class View(msgspec.Struct, tag="view", tag_field="type"):
    version: int
    view: dict[str, Any]  # the seat's view: see docs/protocol.md


class Error(msgspec.Struct, tag="error", tag_field="type"):
    version: int | None
    reason: str


class Advice(msgspec.Struct, tag="hint", tag_field="type"):
    version: int
    action: str | None
    text: str


class Next(msgspec.Struct, tag="rematch", tag_field="type"):
    table: str
    url: str


Reply = View | Error | Advice | Next
_encoder = msgspec.json.Encoder()


def write(reply: Reply) -> str:
    """One message for the socket."""
    return _encoder.encode(reply).decode()
TYPES = ("act", "hint", "finish", "rematch", "sync")
_decoder = msgspec.json.Decoder(Message)


class BadMessage(ValueError):
    """A message that is not one of the protocol's."""


def read(data: bytes | str) -> Message:
    """One message from the socket, checked against its declared shape."""
    if len(data) > MAX_MESSAGE:
        raise BadMessage(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message: Message = _decoder.decode(data)
    except msgspec.ValidationError as e:
        text = str(e)
        if text.startswith("Invalid value") and "$.type" in text:
            kind = _type_of(data)
            text = f"unknown type {kind!r} (types: {', '.join(TYPES)})"
        raise BadMessage(f"a bad message: {text}") from None
    except msgspec.DecodeError:
        raise BadMessage("a bad message: not JSON") from None
    if isinstance(message, Act) and len(message.action) > 64:
        raise BadMessage("a bad message: an action is at most 64 characters")
    return message


def _type_of(data: bytes | str) -> object:
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError:
        return None
    return raw.get("type") if isinstance(raw, dict) else None


class Bucket:
    """A token bucket: ``take()`` is False when a connection sends too fast."""

    def __init__(self, now: float, rate: float = RATE, burst: float = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
