"""The HTTP API of tables with friends: a table found by its invite code, what
anyone with the link may know of it, taking a seat, the lobby and Quick join.

A seat is claimed by one conditional write (the database decides between two
claims at once); the winner gets the seat's secret token, which only its
browser (or bot) ever holds.
"""

from __future__ import annotations

from typing import Any

import msgspec
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.server.games import GAMES, Seat, TableError
from parlour.server.http import (
    body,
    display_name,
    error,
    player_or_new,
    rooms_of,
    store_of,
    with_player,
)
from parlour.server.room import Room
from parlour.server.seating import hash_token, new_token, normal_code
from parlour.server.store import LOBBY_PAGE

LOBBY_SHOWN = 50  # tables the lobby offers at most
LOBBY_PAGES = 10  # pages of the store's listed waiting tables read at most


class Join(msgspec.Struct, forbid_unknown_fields=True):
    code: str


class Sit(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    seat: int | None = None  # None: the first free seat


class Quick(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    name: str


def summary(room: Room) -> dict[str, Any]:
    """What anyone with the link may know of a table: never a card."""
    table = room.table
    hosting = table.hosting
    seats = [{"seat": s, "name": seat.name, "bot": seat.bot, "free": seat.free,
              "takeable": seat.free or (seat.bot is not None and hosting is not None
                                        and table.between_hands() and not table.is_over())}
             for s, seat in enumerate(table.seats)]
    return {"table": table.id, "game": table.game, "url": f"/{table.game}/{table.id}",
            "status": "waiting" if not table.started else
                      "over" if table.is_over() else "playing",
            "friends": hosting is not None,
            "watchable": bool(hosting and hosting.watchable),
            "options": table.options, "seats": seats}


async def by_code(request: Request) -> Response:
    try:
        ask: Join = await body(request, Join)
    except TableError as e:
        return error(str(e))
    code = normal_code(ask.code)
    if code is None:
        return error("an invite code is 6 letters and digits, like K7QF3M")
    table_id = await to_thread.run_sync(store_of(request).by_code, code)
    room = None if table_id is None else await rooms_of(request).get(table_id)
    if room is None:
        return error(f"no table is waiting with the code {code}: check it with your host",
                     404)
    return JSONResponse(summary(room))


async def table_summary(request: Request) -> Response:
    room = await rooms_of(request).get(request.path_params["table"])
    if room is None:
        return error("there is no table with this link", 404)
    return JSONResponse(summary(room))


async def sit(request: Request) -> Response:
    """Take a seat: a free one, or a bot's between hands."""
    rooms = rooms_of(request)
    room = await rooms.get(request.path_params["table"])
    if room is None:
        return error("there is no table with this link", 404)
    try:
        ask: Sit = await body(request, Sit)
        name = display_name(ask.name)
        who, new = await player_or_new(request)
        seat = await _claim(request, room, ask.seat, who["id"], name)
    except TableError as e:
        return error(str(e), 409 if "taken" in str(e) or "already" in str(e) else 400)
    answer = JSONResponse({"table": room.table.id, "seat": seat[0], "token": seat[1],
                           "url": f"/{room.table.game}/{room.table.id}"})
    return with_player(answer, who, new)


async def _claim(request: Request, room: Room, wanted: int | None, player_id: str,
                 name: str) -> tuple[int, str]:
    table = room.table
    if table.hosting is None:
        raise TableError("this table is someone's own game: it has no seat for you")
    if table.is_over():
        raise TableError("this game is over")
    if table.seat_of(player_id) is not None:
        raise TableError("you already have a seat at this table")
    if wanted is not None and not 0 <= wanted < len(table.seats):
        raise TableError(f"a seat is 0 to {len(table.seats) - 1}")
    choices = [wanted] if wanted is not None else \
        [s for s, seat in enumerate(table.seats) if seat.free] or \
        [s for s, seat in enumerate(table.seats) if seat.bot is not None]
    if not choices:
        raise TableError("every seat is taken")
    last: TableError | None = None
    for s in choices:
        from_bot = table.seats[s].bot is not None
        if from_bot and not (table.between_hands() and table.started):
            last = TableError("a bot's seat can be taken between hands: wait for the "
                              "next deal")
            continue
        if not from_bot and not table.seats[s].free:
            last = TableError("that seat is taken")
            continue
        token = new_token()
        try:
            await to_thread.run_sync(store_of(request).claim_seat, table.id, s, player_id,
                                     name, hash_token(token), from_bot)
        except TableError as e:
            last = e
            continue
        await rooms_of(request).seat(room, s, Seat(name, player_id, None, hash_token(token)))
        return s, token
    assert last is not None
    raise last


async def lobby_list(request: Request) -> Response:
    game = request.query_params.get("game")
    if game is not None and game not in GAMES:
        return error(f"unknown game {game!r}")
    return JSONResponse(await _attended(request, game))


async def _attended(request: Request, game: str | None) -> list[dict[str, Any]]:
    """The listed tables waiting for players (the store's lobby) that someone
    seated there is connected to now, through this process or another, the
    fullest first (then the newest): a table everyone has left is not offered,
    nor Quick joined. The store is read a page at a time, newest first, until
    ``LOBBY_SHOWN`` such tables are found or ``LOBBY_PAGES`` pages are read, so
    many deserted tables cannot hide an older one people are waiting at."""
    rooms = rooms_of(request)
    out: list[dict[str, Any]] = []
    for page in range(LOBBY_PAGES):
        entries, more = await to_thread.run_sync(store_of(request).lobby, game,
                                                 page * LOBBY_PAGE)
        elsewhere = await rooms.bus.elsewhere_many([e["table"] for e in entries])
        for entry in entries:
            room = rooms.open.get(entry["table"])
            here = room is not None and any(c.seat is not None for c in room.clients.values())
            if here or any(n > 0 for n in elsewhere[entry["table"]].seats.values()):
                out.append(entry)
        if len(out) >= LOBBY_SHOWN or not more:
            break
    out.sort(key=lambda t: -t["people"])  # stable: the newest first among equals
    return out[:LOBBY_SHOWN]


async def quick_join(request: Request) -> Response:
    """A seat at the fullest listed table of the game still waiting."""
    try:
        ask: Quick = await body(request, Quick)
        name = display_name(ask.name)
        if ask.game not in ("spades", "hearts"):
            raise TableError("Quick join is for Spades and Hearts")
    except TableError as e:
        return error(str(e))
    who, new = await player_or_new(request)
    for entry in await _attended(request, ask.game):
        room = await rooms_of(request).get(entry["table"])
        if room is None or room.table.seat_of(who["id"]) is not None:
            continue
        try:
            seat, token = await _claim(request, room, None, who["id"], name)
        except TableError:
            continue  # filled in the meantime: the next one
        answer = JSONResponse({"table": room.table.id, "seat": seat, "token": token,
                               "url": f"/{room.table.game}/{room.table.id}"})
        return with_player(answer, who, new)
    return error(f"no {ask.game} table is waiting for players just now: open one and "
                 "invite your friends", 404)


routes = [
    Route("/api/join", by_code, methods=["POST"]),
    Route("/api/lobby", lobby_list, methods=["GET"]),
    Route("/api/lobby/quick", quick_join, methods=["POST"]),
    Route("/api/tables/{table:str}", table_summary, methods=["GET"]),
    Route("/api/tables/{table:str}/seats", sit, methods=["POST"]),
]
