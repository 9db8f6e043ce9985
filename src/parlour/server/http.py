"""What every HTTP handler shares: the request's JSON read one way, errors in
one shape, and the person behind a request (no account: a cookie, made the
first time they do something, never for a mere look)."""

from __future__ import annotations

import unicodedata
from typing import Any

import msgspec
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from parlour.server import protocol
from parlour.server.games import TableError
from parlour.server.rooms import Rooms
from parlour.server.seating import hash_token
from parlour.server.store import Store

COOKIE = "parlour_player"
NAME_LIMIT = 24


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.tables
    return rooms


def error(reason: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


async def body(request: Request, shape: Any = Any) -> Any:
    """The request's JSON, of ``shape`` when one is given; TableError otherwise."""
    data = await request.body()
    if len(data) > protocol.MAX_MESSAGE:
        raise TableError(f"a request is at most {protocol.MAX_MESSAGE} bytes")
    try:
        return msgspec.json.decode(data, type=shape)
    # A ValidationError is a DecodeError too: JSON of the wrong shape is said so.
    except msgspec.ValidationError as e:
        raise TableError(f"a bad request: {e}") from None
    except msgspec.DecodeError:
        raise TableError("a bad request: not JSON") from None


def player_id(request: Request) -> str | None:
    return request.cookies.get(COOKIE)


async def player(request: Request) -> dict[str, Any] | None:
    """The person this browser is (their cookie), if they have done anything yet."""
    pid = player_id(request)
    if pid is None:
        return None
    return await to_thread.run_sync(store_of(request).player, pid)


async def player_or_new(request: Request) -> tuple[dict[str, Any], bool]:
    """The person, made now when this is the first thing they do."""
    found = await player(request)
    if found is not None:
        return found, False
    return await to_thread.run_sync(store_of(request).new_player), True


def with_player(response: Response, who: dict[str, Any], new: bool) -> Response:
    if new:
        response.set_cookie(COOKIE, who["id"], max_age=315360000, httponly=True,
                            samesite="lax")
    return response


def display_name(given: object) -> str:
    """A name as shown at a table: spaces squeezed, no control characters."""
    if not isinstance(given, str):
        raise TableError("a name is text")
    name = " ".join(given.split())
    if not name:
        raise TableError("a name needs a letter or a digit, not only spaces")
    if len(name) > NAME_LIMIT:
        raise TableError(f"a name is at most {NAME_LIMIT} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise TableError("a name has no control characters")
    return name


def seat_token_hash(request: Request) -> str | None:
    """The hash of the seat token in ``Authorization: Bearer ...``, if any."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer ") and len(header) < 200:
        return hash_token(header[7:].strip())
    return None



def seat_of_request(request: Request, table: Any) -> int | None:
    """The seat of ``table`` (a :class:`parlour.server.table.Table`) that the
    request speaks for: its seat token (``Authorization: Bearer``), or the
    player cookie of a table from before seat tokens."""
    token = seat_token_hash(request)
    if token is not None:
        seat: int | None = table.seat_of_token(token)
        return seat
    pid = request.cookies.get(COOKIE)
    if pid is None:
        return None
    seat = table.seat_of(pid)
    if seat is not None and table.seats[seat].token_hash is not None:
        return None
    return seat


__all__ = ["COOKIE", "NAME_LIMIT", "body", "display_name", "error", "player",
           "player_id", "player_or_new", "rooms_of", "seat_of_request", "seat_token_hash",
           "store_of", "with_player"]
