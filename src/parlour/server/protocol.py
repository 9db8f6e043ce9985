"""The messages a client may send to a table, declared once and checked at the socket.

>>> read(b'{"type": "act", "version": 3, "action": "play QS"}')
Act(version=3, action='play QS', id=None)
>>> read(b'{"type": "act", "version": "3", "action": "play QS"}')
Traceback (most recent call last):
...
parlour.server.protocol.BadMessage: a bad message: Expected `int`, got `str` - at `$.version`
>>> read(b'{"type": "shout"}')
Traceback (most recent call last):
...
parlour.server.protocol.BadMessage: a bad message: unknown type 'shout' (types: hello, act, \
hint, finish, rematch, sync, start, react, leave, seat_bot)
"""

from __future__ import annotations

from typing import Any

import msgspec

MAX_MESSAGE = 4096  # bytes: an action is a few words
RATE = 20.0  # messages a second a connection may send, on average
BURST = 40.0  # ... and at once
STRIKES = 100  # refused messages that close the connection ...
STRIKES_FORGIVEN = 2.0  # ... less this many a second


# Close codes, beside the standard ones (1008 a policy broken: a flood or
# another site's page; 1009 a message too big).
NO_TABLE = 4404  # no table has that id
NOT_ALLOWED = 4403  # a seat token that is not this table's, or spectators not allowed
NO_HELLO = 4400  # the first message was not a hello
LEFT = 4000  # the person left their seat, or was moved off it

REACTIONS = {"well_played": "Well played", "good_game": "Good game", "oops": "Oops",
             "thanks": "Thanks", "your_turn": "Your turn"}
REACTION_GAP = 2.0  # seconds between two reactions of one connection


class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """The first message: whose seat this is (its token), or a spectator."""

    token: str | None = None
    version: int | None = None  # the last version this client saw
    watch: bool = False


class Act(msgspec.Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    version: int
    action: str
    id: str | None = None  # the client's id for it: sent twice, applied once


class Hint(msgspec.Struct, tag="hint", tag_field="type", forbid_unknown_fields=True):
    version: int | None = None


class Finish(msgspec.Struct, tag="finish", tag_field="type", forbid_unknown_fields=True):
    version: int


class Rematch(msgspec.Struct, tag="rematch", tag_field="type", forbid_unknown_fields=True):
    pass


class Sync(msgspec.Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    pass


class Start(msgspec.Struct, tag="start", tag_field="type", forbid_unknown_fields=True):
    pass


class React(msgspec.Struct, tag="react", tag_field="type", forbid_unknown_fields=True):
    reaction: str


class Leave(msgspec.Struct, tag="leave", tag_field="type", forbid_unknown_fields=True):
    pass


class SeatBot(msgspec.Struct, tag="seat_bot", tag_field="type", forbid_unknown_fields=True):
    seat: int


Message = Hello | Act | Hint | Finish | Rematch | Sync | Start | React | Leave | SeatBot


# --- what the server sends -------------------------------------------------------


class View(msgspec.Struct, tag="view", tag_field="type"):
    version: int
    view: dict[str, Any]  # the seat's view: see docs/protocol.md


class Error(msgspec.Struct, tag="error", tag_field="type"):
    version: int | None
    reason: str


class Wait(msgspec.Struct, tag="wait", tag_field="type"):
    """An action held, not refused: its answer (a view or an error) follows."""

    reason: str


class Advice(msgspec.Struct, tag="hint", tag_field="type"):
    version: int
    action: str | None
    text: str


class Next(msgspec.Struct, tag="rematch", tag_field="type"):
    table: str
    url: str


class Reaction(msgspec.Struct, tag="reaction", tag_field="type"):
    seat: int
    reaction: str
    text: str


class Left(msgspec.Struct, tag="left", tag_field="type"):
    reason: str


Reply = View | Error | Wait | Advice | Next | Reaction | Left
_encoder = msgspec.json.Encoder()


def write(reply: Reply) -> str:
    """One message for the socket."""
    return _encoder.encode(reply).decode()
TYPES = ("hello", "act", "hint", "finish", "rematch", "sync", "start", "react", "leave",
         "seat_bot")
_decoder = msgspec.json.Decoder(Message)


class BadMessage(ValueError):
    """A message that is not one of the protocol's."""


def read(data: bytes | str) -> Message:
    """One message from the socket, checked against its declared shape."""
    if isinstance(data, str):
        data = data.encode()
    if len(data) > MAX_MESSAGE:
        raise BadMessage(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message: Message = _decoder.decode(data)
    # A ValidationError is a DecodeError too: the shape is checked first.
    except msgspec.ValidationError as e:
        text = str(e)
        if text.startswith("Invalid value") and "$.type" in text:
            kind = _type_of(data)
            text = f"unknown type {kind!r} (types: {', '.join(TYPES)})"
        raise BadMessage(f"a bad message: {text}") from None
    except msgspec.DecodeError:
        raise BadMessage("a bad message: not JSON") from None
    if isinstance(message, Act):
        if len(message.action) > 64:
            raise BadMessage("a bad message: an action is at most 64 characters")
        if message.id is not None and not 1 <= len(message.id) <= 40:
            raise BadMessage("a bad message: an action's id is 1 to 40 characters")
    if isinstance(message, Hello) and message.token is not None and len(message.token) > 100:
        raise BadMessage("a bad message: a seat token is at most 100 characters")
    if isinstance(message, React) and message.reaction not in REACTIONS:
        raise BadMessage(f"a bad message: reactions are {', '.join(REACTIONS)}")
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
