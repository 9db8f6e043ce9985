"""A table's WebSocket: the hello that says whose seat it is (or a spectator),
then each message checked against its declared shape, limited in size and
rate, and answered with an error to the sender alone when refused.

Close codes: 4404 no such table, 4403 a token that is not a seat's here (or
spectators not allowed), 4400 no hello first, 4000 the seat was left, 1008 a
flood or another site's page, 1009 a message over the limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import secrets
import time
from urllib.parse import urlsplit

import anyio
from anyio import to_thread
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.server import protocol, workers
from parlour.server.games import TableError
from parlour.server.room import Client, Room
from parlour.server.rooms import Rooms, gone_from_seat, job
from parlour.server.seating import hash_token, new_code
from parlour.server.store import new_id
from parlour.server.table import Table

COOKIE = "parlour_player"
HELLO_WAIT = 30.0  # seconds a connection has to say hello


async def table_socket(ws: WebSocket) -> None:
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        await ws.close(code=1008, reason="another site's page may not join a table")
        return
    await ws.accept()
    rooms: Rooms = ws.app.state.tables
    room = await rooms.get(ws.path_params["table"])
    if room is None:
        await _refuse(ws, protocol.NO_TABLE, "there is no table with this link: it may "
                      "have been mistyped")
        return
    try:
        hello = await _hello(ws)
    except (protocol.BadMessage, TimeoutError, WebSocketDisconnect) as e:
        with contextlib.suppress(Exception):
            await _refuse(ws, protocol.NO_HELLO, f"a connection starts with a hello: {e}")
        return
    seat = _seat_for(room.table, hello, ws.cookies.get(COOKIE))
    if seat is None and not _may_watch(room.table, hello):
        await _refuse(ws, protocol.NOT_ALLOWED, _why_not(room.table, hello))
        return
    key = id(ws)
    client = Client(ws.send_text, seat,
                    hash_token(hello.token) if hello.token and seat is not None else None)
    await rooms.join(room, key, client, hello.version)
    try:
        await _listen(ws, rooms, room, client)
    except WebSocketDisconnect:
        pass
    finally:
        # Shielded: a connection cancelled rather than closed (a server stopping,
        # a test client) still tells the table that its seat is away.
        with anyio.CancelScope(shield=True):
            await rooms.part(room, key)


async def _error(ws: WebSocket, room: Room, reason: str) -> None:
    await ws.send_text(protocol.write(protocol.Error(room.table.version, reason)))


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    await ws.send_text(protocol.write(protocol.Error(None, reason)))
    await ws.close(code=code, reason=reason[:120])


async def _hello(ws: WebSocket) -> protocol.Hello:
    message = await asyncio.wait_for(ws.receive(), timeout=HELLO_WAIT)
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect()
    first = protocol.read(message.get("text") or message.get("bytes") or b"")
    if not isinstance(first, protocol.Hello):
        raise protocol.BadMessage("say hello first (see docs/protocol.md)")
    return first


def _seat_for(table: Table, hello: protocol.Hello, player: str | None) -> int | None:
    """The seat a hello's token holds; a table from before seat tokens knows its
    person by the player cookie."""
    if hello.token:
        return table.seat_of_token(hash_token(hello.token))
    if hello.watch or player is None:
        return None
    seat = table.seat_of(player)
    if seat is not None and table.seats[seat].token_hash is None:
        return seat
    return None


def _may_watch(table: Table, hello: protocol.Hello) -> bool:
    """A link is not a seat: without one, a person sees a waiting room, or a
    game under way only where the host lets people watch."""
    if hello.token:
        return False
    if table.hosting is None:
        return False
    return not table.started or table.hosting.watchable


def _why_not(table: Table, hello: protocol.Hello) -> str:
    if hello.token:
        return "that seat token is not for this table: join it by its code, or watch it"
    if table.hosting is None:
        return "this table is someone's own game: it has no seat for you"
    return "this table's game is under way and its host does not allow watching"


async def _listen(ws: WebSocket, rooms: Rooms, room: Room, client: Client) -> None:
    bucket = protocol.Bucket(time.monotonic())
    strikes = protocol.Bucket(time.monotonic(), protocol.STRIKES_FORGIVEN, protocol.STRIKES)
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("bytes")
        data: bytes = raw if raw is not None else (message.get("text") or "").encode()
        if len(data) > protocol.MAX_MESSAGE:
            await ws.close(code=1009, reason=f"a message is at most "
                                             f"{protocol.MAX_MESSAGE} bytes")
            return
        now = time.monotonic()
        shared_ok = client.seat is None or not rooms.bus.shared or \
            await rooms.bus.allow(f"{room.table.id}:{client.seat}")  # one person, any process
        if not bucket.take(now) or not shared_ok:
            if not strikes.take(now):
                await ws.close(code=1008, reason="too many messages")
                return
            await _error(ws, room, "too many messages: slow down")
            continue
        try:
            if not await _handle(ws, rooms, room, client, protocol.read(data)):
                return
        except (protocol.BadMessage, TableError) as e:
            await _error(ws, room, str(e))


async def _handle(ws: WebSocket, rooms: Rooms, room: Room, client: Client,
                  message: protocol.Message) -> bool:
    """Carry out one message; False when the connection is to end."""
    table = room.table
    seat = client.seat
    if isinstance(message, protocol.Sync):
        await ws.send_text(protocol.write(protocol.View(table.version, room.view(seat))))
        return True
    if isinstance(message, protocol.React):
        await _react(rooms, room, client, message.reaction)
        return True
    if isinstance(message, protocol.Hello):
        raise TableError("this connection has said hello already")
    if seat is None:
        raise TableError("spectators watch: take a seat to play")
    if isinstance(message, protocol.Act):
        started = time.perf_counter()
        done = await rooms.act(room, seat, message.action, message.version, message.id,
                               notify=ws.send_text)
        if done == "repeat":
            await ws.send_text(protocol.write(protocol.View(table.version, room.view(seat))))
        rooms.timings.append(time.perf_counter() - started)
    elif isinstance(message, protocol.Hint):
        if not table.started:
            raise TableError("the game has not started")
        if table.hosting is not None and not table.hosting.hints:
            raise TableError("the host turned hints off at this table")
        advice = await rooms.pool.run(workers.hint, job(table, seat))
        await ws.send_text(protocol.write(protocol.Advice(table.version, advice["action"],
                                                          advice["text"])))
    elif isinstance(message, protocol.Finish):
        await _finish(rooms, room, message.version)
    elif isinstance(message, protocol.Rematch):
        await _rematch(rooms, room, seat)
    elif isinstance(message, protocol.Start):
        _host_only(table, seat, "start the game")
        await rooms.start(room)
    elif isinstance(message, protocol.Leave):
        if table.hosting is None:
            raise TableError("this is your own game: start another one instead")
        # (in the waiting room the seat is free again, for anyone: you too)
        said = "you left the table: a bot has your seat" if table.started \
            else "you left your seat: it is free again"
        await rooms.vacate(room, seat, table.seats[seat].token_hash)
        await ws.send_text(protocol.write(protocol.Left(said)))
        await ws.close(code=protocol.LEFT, reason=said)  # what the page then says
        return False
    elif isinstance(message, protocol.SeatBot):
        _host_only(table, seat, "give a seat to a bot")
        if not 0 <= message.seat < len(table.seats) or message.seat == seat:
            raise TableError("choose another player's seat")
        if table.seats[message.seat].bot is not None:
            raise TableError("a bot has that seat already")
        if table.seats[message.seat].free:
            raise TableError("that seat is free already")
        await rooms.vacate(room, message.seat, None)  # (before the start: freed)
        for key, other in list(room.clients.items()):
            if other.seat == message.seat:
                other.seat = None
                with contextlib.suppress(Exception):
                    await other.send(protocol.write(protocol.Left(gone_from_seat(table))))
                room.clients.pop(key, None)
        if table.is_over():
            await _rematch_if_all_said_yes(rooms, room)  # the one who was waited for
    return True


def _host_only(table: Table, seat: int, doing: str) -> None:
    hosting = table.hosting
    if hosting is None or hosting.host is None or table.seats[seat].player != hosting.host:
        raise TableError(f"only the host may {doing}")


async def _react(rooms: Rooms, room: Room, client: Client, reaction: str) -> None:
    if client.seat is None:
        raise TableError("spectators watch quietly")
    now = time.monotonic()
    if now - client.last_reaction < protocol.REACTION_GAP:
        raise TableError("one reaction at a time")
    client.last_reaction = now
    await rooms.tell(room, protocol.write(protocol.Reaction(client.seat, reaction,
                                                            protocol.REACTIONS[reaction])))


async def _finish(rooms: Rooms, room: Room, version: int) -> None:
    table = room.table
    if table.game != "klondike":
        raise TableError("auto-complete is for Klondike: a trick game is played to its "
                         "last card")
    if not table.view(0)["can_finish"]:
        raise TableError("auto-complete needs every tableau card face up")
    if version != table.version:
        raise TableError("the table has moved on")
    line = await rooms.pool.run(workers.finish_line, job(table, 0))
    if line is None:
        raise TableError("the solver cannot prove a win from here: play on")
    pace = min(rooms.bot_delay, 0.1)
    for text in line:
        if table.is_over():
            break
        await rooms.act(room, 0, text, room.table.version)
        if pace:
            await asyncio.sleep(pace)


async def _rematch(rooms: Rooms, room: Room, seat: int) -> None:
    """Play again: once every person at the table has said yes (bots say yes at
    once), exactly one next table, decided in the database."""
    old = room.table
    if not old.is_over() and old.game != "klondike":
        raise TableError("play again once the game is over")
    # Votes only grow (vacate takes a departed seat's away): several answers
    # come back in any order, so an older, smaller one must not replace a newer.
    room.rematch_votes |= await to_thread.run_sync(rooms.store.vote_rematch, old.id, seat)
    await _rematch_if_all_said_yes(rooms, room)


async def _rematch_if_all_said_yes(rooms: Rooms, room: Room) -> None:
    old = room.table
    if not set(old.people()) <= room.rematch_votes:
        await rooms.changed(room)
        return
    hosting = None
    first_dealer = None
    if old.hosting is not None:
        hosting = dataclasses.replace(old.hosting, code=new_code())
        first_dealer = (getattr(old.state, "first_dealer", 0) + 1) % 4
    fresh = Table(new_id(), old.game, old.options, secrets.randbits(40), list(old.seats),
                  pace=old.pace, hosting=hosting, first_dealer=first_dealer)
    table_id = await to_thread.run_sync(rooms.store.rematch, old.id, fresh)
    await rooms.tell(room, protocol.write(protocol.Next(table_id, f"/{old.game}/{table_id}")))

