"""The ASGI app: pages, the JSON API and each table's WebSocket.

The event loop only moves messages. Rules are the engine's (through
:class:`~parlour.server.table.Table`), storage is :class:`~parlour.server.store.Store`'s
(called in a thread: SQLAlchemy Core is synchronous), and bots, hints and the
solver run in :class:`~parlour.server.workers.Workers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from anyio import to_thread
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.server import protocol, workers
from parlour.server.games import (
    GAMES,
    TableError,
    check_options,
    default_seats,
    options_schema,
    progress,
    table_levels,
)
from parlour.server.stats import player_stats
from parlour.server.store import Store, new_id
from parlour.server.table import PACES, Table

WEB = Path(__file__).resolve().parent.parent / "web"
COOKIE = "parlour_player"
NAME_LIMIT = 24
log = logging.getLogger("parlour.server")


@dataclass
class Settings:
    db_url: str
    bot_delay: float = 0.7  # seconds a bot waits before it plays: a natural pace
    workers: int = 0  # bot processes; 0: up to two, one per core


@dataclass
class OpenTable:
    """A table in play in this process: its state, its lock, who is watching."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: dict[WebSocket, int] = field(default_factory=dict)
    bots: asyncio.Task[None] | None = None


class Tables:
    """The tables open in this process, loaded from the store on first use."""

    def __init__(self, store: Store, pool: workers.Workers, bot_delay: float) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.open: dict[str, OpenTable] = {}
        self._loading = asyncio.Lock()
        # One thread writes the moves: writers queue here rather than wait on the
        # database's lock in many threads (SQLite takes one writer at a time anyway).
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="store")
        # How long the latest players' moves took, from the message read to the
        # views sent (bots' moves not counted: their thinking is not the server's).
        self.timings: deque[float] = deque(maxlen=10_000)

    def health(self) -> dict[str, Any]:
        """What an operator watches: open tables, connections, and move times."""
        ms = sorted(t * 1000 for t in self.timings)
        times: dict[str, float] = {"moves": len(ms)}
        if ms:
            times.update(p50=round(ms[len(ms) // 2], 2),
                         p99=round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
                         max=round(ms[-1], 2))
        return {"tables_open": len(self.open),
                "connections": sum(len(room.clients) for room in self.open.values()),
                "move_ms": times}

    async def get(self, table_id: str) -> OpenTable | None:
        room = self.open.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.open.get(table_id)
            if room is None:
                table = await to_thread.run_sync(self.store.load_table, table_id)
                if table is None:
                    return None
                room = self.open[table_id] = OpenTable(table)
        return room

    async def act(self, room: OpenTable, seat: int, text: str, version: int) -> None:
        """Apply, store, then tell everyone; TableError (nothing changed) when refused."""
        async with room.lock:
            table = room.table
            move = table.attempt(seat, text, version)
            result = table.result(move.state)
            await asyncio.get_running_loop().run_in_executor(
                self._writer, self.store.append, table.id, move, result)
            table.commit(move)
            await self.broadcast(room)
        self.wake_bots(room)

    async def broadcast(self, room: OpenTable) -> None:
        views: dict[int, str] = {}
        for ws, seat in list(room.clients.items()):
            if seat not in views:
                views[seat] = protocol.write(protocol.View(room.table.version,
                                                           room.table.view(seat)))
            try:
                await ws.send_text(views[seat])
            except Exception:  # a client gone mid-send: it reconnects and syncs
                room.clients.pop(ws, None)

    def close(self) -> None:
        self._writer.shutdown(wait=True)

    def wake_bots(self, room: OpenTable) -> None:
        if room.table.bot_to_act() is not None and (room.bots is None or room.bots.done()):
            room.bots = asyncio.create_task(self._play_bots(room))

    async def _play_bots(self, room: OpenTable) -> None:
        while True:
            table = room.table
            level = table.bot_to_act()
            seat = table.to_act()
            if level is None or seat is None:
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay * PACES[table.pace])
            version = table.version
            try:
                text = await self.pool.run(workers.bot_action, job(table, seat), level)
                await self.act(room, seat, text, version)
            except TableError:
                continue  # the table moved on while the bot thought: think again
            except Exception:
                log.exception("bot at table %s failed", table.id)
                return


def job(table: Table, seat: int) -> workers.Job:
    return workers.Job(table.id, table.game, table.options, table.seed, tuple(table.actions),
                       seat)


# --- the player cookie ---------------------------------------------------------


class PlayerCookie:
    """Gives every browser a player id (no account), in the ``parlour_player`` cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        store: Store = scope["app"].state.store
        player_id = _cookie(scope)
        known = player_id is not None and (
            await to_thread.run_sync(store.player, player_id)) is not None
        if known:
            await self.app(scope, receive, send)
            return
        player = await to_thread.run_sync(store.new_player)
        headers = [(k, v) for k, v in scope["headers"] if k != b"cookie"]
        headers.append((b"cookie", f"{COOKIE}={player['id']}".encode()))
        scope = dict(scope, headers=headers)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append(
                    "set-cookie", f"{COOKIE}={player['id']}; Path=/; Max-Age=315360000; "
                                  "HttpOnly; SameSite=Lax")
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _cookie(scope: Scope) -> str | None:
    for key, value in scope["headers"]:
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            with contextlib.suppress(Exception):
                jar.load(value.decode("latin-1"))
            if COOKIE in jar:
                return jar[COOKIE].value
    return None


# --- pages and API -------------------------------------------------------------


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def serve(request: Request) -> Response:
        path = WEB / name
        if not path.is_file():
            raise HTTPException(404)
        return FileResponse(path, headers={"cache-control": "no-cache"})
    return serve


async def not_found(request: Request, exc: Exception) -> Response:
    """Any unknown path: the site's own page with a way home; under /api/ the
    API's JSON, and a missing static file a plain answer (no browser shows it)."""
    path = request.url.path
    if path.startswith("/api/"):
        return _error("there is nothing at this address", 404)
    if path.startswith("/static/"):
        return PlainTextResponse("Not Found", status_code=404)
    return FileResponse(WEB / "notfound.html", status_code=404,
                        headers={"cache-control": "no-cache"})


async def rules_page(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in GAMES:
        raise HTTPException(404)
    return await page(f"rules/{game}.html")(request)


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _error(reason: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


async def _body(request: Request, shape: Any = Any) -> Any:
    """The request's JSON, of ``shape`` when one is given; TableError otherwise."""
    data = await request.body()
    if len(data) > protocol.MAX_MESSAGE:
        raise TableError(f"a request is at most {protocol.MAX_MESSAGE} bytes")
    try:
        return msgspec.json.decode(data, type=shape)
    except msgspec.DecodeError:
        raise TableError("a bad request: not JSON") from None
    except msgspec.ValidationError as e:
        raise TableError(f"a bad request: {e}") from None


async def me(request: Request) -> Response:
    store = _store(request)
    player_id = request.cookies[COOKIE]
    if request.method == "POST":
        try:
            body = await _body(request)
            name = _display_name(body.get("name") if isinstance(body, dict) else None)
        except TableError as e:
            return _error(str(e))
        await to_thread.run_sync(store.rename, player_id, name)
    return JSONResponse(await to_thread.run_sync(store.player, player_id))


def _display_name(given: object) -> str:
    if not isinstance(given, str):
        raise TableError("a name is text")
    name = " ".join(given.split())
    if not 1 <= len(name) <= NAME_LIMIT:
        raise TableError(f"a name is 1 to {NAME_LIMIT} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise TableError("a name has no control characters")
    return name


async def options(request: Request) -> Response:
    return JSONResponse(options_schema())


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    options: dict[str, Any] = {}
    level: str = "normal"
    seed: int | None = None
    winnable_only: bool = False
    pace: str = "normal"


async def new_table(request: Request) -> Response:
    store = _store(request)
    try:
        ask: NewTable = await _body(request, NewTable)
        game_options = check_options(ask.game, ask.options)
        if ask.game != "klondike" and ask.level not in table_levels(ask.game):
            raise TableError(f"no {ask.game} bot {ask.level!r} "
                             f"(levels: {', '.join(table_levels(ask.game))})")
        if ask.seed is not None and not 0 <= ask.seed < 2**63:
            raise TableError("a seed is a whole number from 0 to 2^63 - 1")
        if ask.pace not in PACES:
            raise TableError(f"the bots' pace is {', '.join(PACES)}, not {ask.pace!r}")
    except TableError as e:
        return _error(str(e))
    seed = secrets.randbits(40) if ask.seed is None else ask.seed
    if ask.game == "klondike" and ask.winnable_only:
        try:
            seed = await request.app.state.pool.run(workers.winnable_seed, seed,
                                                    game_options["draw"])
        except RuntimeError as e:
            return _error(str(e), 503)
    player = await to_thread.run_sync(store.player, request.cookies[COOKIE])
    assert player is not None
    table = Table(new_id(), ask.game, game_options, seed,
                  default_seats(ask.game, player["id"], player["name"], ask.level),
                  pace=ask.pace)
    await to_thread.run_sync(store.create_table, table)
    return JSONResponse({"table": table.id, "url": f"/{ask.game}/{table.id}"})


async def unfinished(request: Request) -> Response:
    player_id = request.cookies[COOKIE]
    rows = await to_thread.run_sync(_store(request).unfinished, player_id)
    for row in rows:
        row["summary"] = await _progress(request, row["table"], player_id)
    return JSONResponse(rows)


async def _progress(request: Request, table_id: str, player_id: str) -> str:
    """Where a game stands for the player: from the table open here, or else
    the store's replay of it (at most 20 tables, each a few milliseconds)."""
    room = _tables(request).open.get(table_id)
    table = room.table if room is not None else \
        await to_thread.run_sync(_store(request).load_table, table_id)
    if table is None:
        return ""
    return progress(table.game, table.state, table.seat_of(player_id) or 0)


async def stats(request: Request) -> Response:
    store = _store(request)
    player_id = request.cookies[COOKIE]
    player = await to_thread.run_sync(store.player, player_id)
    finished = await to_thread.run_sync(store.finished, player_id)
    played = await to_thread.run_sync(store.unfinished, player_id)
    return JSONResponse(player_stats(player, finished, played))


async def health(request: Request) -> Response:
    return JSONResponse(_tables(request).health())


async def record(request: Request) -> Response:
    room = await _tables(request).get(request.path_params["table"])
    if room is None or room.table.seat_of(request.cookies[COOKIE]) is None:
        return _error("no such table of yours", 404)
    try:
        return JSONResponse(room.table.record())
    except TableError as e:
        return _error(str(e), 409)


# --- the table socket ----------------------------------------------------------


async def table_socket(ws: WebSocket) -> None:
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        await ws.close(code=1008, reason="another site's page may not join a table")
        return
    await ws.accept()
    tables: Tables = ws.app.state.tables
    room = await tables.get(ws.path_params["table"])
    player = ws.cookies.get(COOKIE)
    seat = None if room is None or player is None else room.table.seat_of(player)
    if room is None or seat is None:
        await ws.send_text(protocol.write(protocol.Error(None,
                                                         "there is no such table of yours")))
        await ws.close(code=4404)
        return
    room.clients[ws] = seat
    await _send_view(ws, room, seat)
    tables.wake_bots(room)
    bucket = protocol.Bucket(time.monotonic())
    strikes = protocol.Bucket(time.monotonic(), protocol.STRIKES_FORGIVEN, protocol.STRIKES)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text") or message.get("bytes") or ""
            if len(data) > protocol.MAX_MESSAGE:
                await ws.close(code=1009, reason=f"a message is at most "
                                                 f"{protocol.MAX_MESSAGE} bytes")
                break
            now = time.monotonic()
            if not bucket.take(now):
                if not strikes.take(now):
                    await ws.close(code=1008, reason="too many messages")
                    break
                await _send_error(ws, room, "too many messages: slow down")
                continue
            try:
                await _handle(ws, tables, room, seat, protocol.read(data))
            except (protocol.BadMessage, TableError) as e:
                await _send_error(ws, room, str(e))
    except WebSocketDisconnect:
        pass
    finally:
        room.clients.pop(ws, None)


async def _handle(ws: WebSocket, tables: Tables, room: OpenTable, seat: int,
                  message: protocol.Message) -> None:
    table = room.table
    if isinstance(message, protocol.Act):
        started = time.perf_counter()
        await tables.act(room, seat, message.action, message.version)
        tables.timings.append(time.perf_counter() - started)
    elif isinstance(message, protocol.Sync):
        await _send_view(ws, room, seat)
    elif isinstance(message, protocol.Hint):
        advice = await tables.pool.run(workers.hint, job(table, seat))
        await ws.send_text(protocol.write(protocol.Advice(table.version, advice["action"],
                                                          advice["text"])))
    elif isinstance(message, protocol.Finish):
        await _finish(tables, room, message.version)
    elif isinstance(message, protocol.Rematch):
        await _rematch(ws, tables, room)


async def _finish(tables: Tables, room: OpenTable, version: int) -> None:
    table = room.table
    if table.game != "klondike" or not table.view(0)["can_finish"]:
        raise TableError("auto-complete needs every tableau card face up")
    if version != table.version:
        raise TableError("the table has moved on")
    line = await tables.pool.run(workers.finish_line, job(table, 0))
    if line is None:
        raise TableError("the solver cannot prove a win from here: play on")
    pace = min(tables.bot_delay, 0.1)
    for text in line:
        if table.is_over():
            break
        await tables.act(room, 0, text, room.table.version)
        if pace:
            await asyncio.sleep(pace)


async def _rematch(ws: WebSocket, tables: Tables, room: OpenTable) -> None:
    old = room.table
    if not old.is_over() and old.game != "klondike":
        raise TableError("play again once the game is over")
    fresh = Table(new_id(), old.game, old.options, secrets.randbits(40), old.seats,
                  pace=old.pace)
    table_id = await to_thread.run_sync(tables.store.rematch, old.id, fresh)
    await ws.send_text(protocol.write(protocol.Next(table_id, f"/{old.game}/{table_id}")))


async def _send_view(ws: WebSocket, room: OpenTable, seat: int) -> None:
    await ws.send_text(protocol.write(protocol.View(room.table.version, room.table.view(seat))))


async def _send_error(ws: WebSocket, room: OpenTable, reason: str) -> None:
    await ws.send_text(protocol.write(protocol.Error(room.table.version, reason)))


# --- the app ---------------------------------------------------------------------


def create_app(settings: Settings) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        await to_thread.run_sync(store.migrate)
        pool = workers.Workers(settings.workers or None)
        app.state.store = store
        app.state.pool = pool
        app.state.tables = Tables(store, pool, settings.bot_delay)
        try:
            yield
        finally:
            app.state.tables.close()
            pool.close()
            store.engine.dispose()

    routes = [
        Route("/", page("index.html")),
        Route("/stats", page("stats.html")),
        Route("/favicon.ico", page("favicon.svg")),
        Route("/rules/{game:str}", rules_page),
        Route("/api/me", me, methods=["GET", "POST"]),
        Route("/api/options", options),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", unfinished, methods=["GET"]),
        Route("/api/tables/{table:str}/record", record),
        Route("/api/stats", stats),
        Route("/api/server", health),
        WebSocketRoute("/ws/{table:str}", table_socket),
        Mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    routes += [Route(f"/{g}", page(f"{g}.html")) for g in GAMES]
    routes += [Route(f"/{g}/{{table:str}}", page(f"{g}.html")) for g in GAMES]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found})
    app.add_middleware(PlayerCookie)
    return app


__all__ = ["Settings", "create_app"]
