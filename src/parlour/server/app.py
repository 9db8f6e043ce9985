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
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from anyio import to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from parlour.games.trick import SEAT_NAMES
from parlour.server import daily, lobby, postmortem, review, workers
from parlour.server.bus import open_bus, stop
from parlour.server.games import (
    GAMES,
    PERSON_SEAT,
    Seat,
    TableError,
    check_options,
    default_seats,
    options_schema,
    progress,
    table_levels,
)
from parlour.server.http import (
    COOKIE,
    body,
    display_name,
    error,
    player,
    player_or_new,
    rooms_of,
    seat_of_request,
    seat_token_hash,
    store_of,
    with_player,
)
from parlour.server.rooms import Rooms, first_line
from parlour.server.seating import hash_token, new_code, new_token
from parlour.server.sockets import table_socket
from parlour.server.stats import player_stats
from parlour.server.store import Store, new_id
from parlour.server.table import GRACES, PACES, TURN_TIMERS, Hosting, Table

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("parlour.server")


@dataclass
class Settings:
    db_url: str
    bot_delay: float = 0.7  # seconds a bot waits before it plays: a natural pace
    workers: int = 0  # bot processes; 0: up to two, one per core
    redis_url: str | None = None  # several server processes share their tables through it


# --- the player cookie ---------------------------------------------------------


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


def _error(reason: str, status: int = 400) -> JSONResponse:
    return error(reason, status)


async def me(request: Request) -> Response:
    store = store_of(request)
    if request.method == "POST":
        try:
            ask = await body(request)
            name = display_name(ask.get("name") if isinstance(ask, dict) else None)
        except TableError as e:
            return _error(str(e))
        who, new = await player_or_new(request)
        await to_thread.run_sync(store.rename, who["id"], name)
        return with_player(JSONResponse({"id": who["id"], "name": name}), who, new)
    found = await player(request)
    return JSONResponse(found or {"id": None, "name": "You"})


async def options(request: Request) -> Response:
    return JSONResponse(options_schema())


class Friends(msgspec.Struct, forbid_unknown_fields=True):
    """A table for people: who may come in, and how the absent are covered."""

    listed: bool = False
    watchable: bool = False
    turn_timer: int | None = None
    grace: int = 60
    partners: str = "seats"
    hints: bool = True  # the players may ask for a hint (the host may turn hints off)


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    options: dict[str, Any] = {}
    level: str = "normal"
    seed: int | None = None
    winnable_only: bool = False
    pace: str = "normal"
    friends: Friends | None = None
    same_deal: str | None = None  # Klondike: a table of yours whose deal to play again


def _hosting(game: str, friends: Friends, level: str, host: str) -> Hosting:
    if game == "klondike":
        raise TableError("Klondike is played alone")
    if friends.turn_timer is not None and friends.turn_timer not in TURN_TIMERS:
        raise TableError(f"a turn timer is off or {', '.join(map(str, TURN_TIMERS))} seconds")
    if friends.grace not in GRACES:
        raise TableError(f"the grace before a bot plays for someone away is "
                         f"{', '.join(map(str, GRACES))} seconds")
    if friends.partners not in ("seats", "draw"):
        raise TableError("partners are by the seats taken ('seats') or drawn by the cards "
                         "('draw')")
    return Hosting(host, new_code(), friends.listed, friends.watchable, friends.turn_timer,
                   friends.grace, friends.partners, level, friends.hints)


async def new_table(request: Request) -> Response:
    store = store_of(request)
    try:
        ask: NewTable = await body(request, NewTable)
        game_options = check_options(ask.game, ask.options)
        if ask.game != "klondike" and ask.level not in table_levels(ask.game):
            raise TableError(f"no {ask.game} bot {ask.level!r} "
                             f"(levels: {', '.join(table_levels(ask.game))})")
        if ask.seed is not None and not 0 <= ask.seed < 2**63:
            raise TableError("a seed is a whole number from 0 to 2^63 - 1")
        if ask.pace not in PACES:
            raise TableError(f"the bots' pace is {', '.join(PACES)}, not {ask.pace!r}")
        if ask.friends is not None:
            _hosting(ask.game, ask.friends, ask.level, "")
        if ask.same_deal is not None and (ask.game != "klondike" or ask.seed is not None
                                          or ask.winnable_only):
            raise TableError("same_deal deals a Klondike table's deal again: "
                             "without a seed or winnable_only")
    except TableError as e:
        return _error(str(e))
    seed = secrets.randbits(40) if ask.seed is None else ask.seed
    if ask.same_deal is not None:
        try:
            seed, game_options = await _same_deal(request, ask.same_deal, ask.options,
                                                  game_options)
        except TableError as e:
            return _error(str(e), 404)
    if ask.game == "klondike" and ask.winnable_only:
        try:
            seed = await request.app.state.pool.run(workers.winnable_seed, seed,
                                                    game_options["draw"])
        except RuntimeError as e:
            return _error(str(e), 503)
    who, new = await player_or_new(request)
    token = new_token()
    seats = default_seats(ask.game, who["id"], who["name"], ask.level)
    mine = PERSON_SEAT[ask.game]
    seats[mine].token_hash = hash_token(token)
    answer: dict[str, Any] = {"table": "", "seat": mine, "token": token}
    if ask.friends is None:
        table = Table(new_id(), ask.game, game_options, seed, seats, pace=ask.pace)
        await to_thread.run_sync(store.create_table, table)
    else:
        hosting = _hosting(ask.game, ask.friends, ask.level, who["id"])
        for s in range(len(seats)):
            if s != mine:
                seats[s] = Seat(SEAT_NAMES[s])
        table = Table(new_id(), ask.game, game_options, seed, seats, pace=ask.pace,
                      hosting=hosting, status="waiting")
        await to_thread.run_sync(store.create_hosted, table)
        answer["code"] = hosting.code
    answer.update(table=table.id, url=f"/{ask.game}/{table.id}")
    return with_player(JSONResponse(answer), who, new)


async def _same_deal(request: Request, table_id: str, asked: dict[str, Any],
                     checked: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Restart or replay a Klondike deal: the seed and options of a table of the
    caller's (the page never holds a deal's number while it is played, since the
    number shows every face-down card); the options asked for, if any."""
    room = await rooms_of(request).get(table_id)
    token = seat_token_hash(request)
    who = await player(request)
    if room is None or room.table.game != "klondike":
        raise TableError("no such Klondike deal of yours")
    seat = room.table.seats[0]  # (as for a record: the seat's token, or a table's
    mine = seat.token_hash == token if token is not None else (  # from before tokens
        seat.token_hash is None and who is not None and seat.player == who["id"])
    if not mine:
        raise TableError("no such Klondike deal of yours")
    return room.table.seed, checked if asked else room.table.options


async def unfinished(request: Request) -> Response:
    player_id = request.cookies.get(COOKIE)
    if player_id is None:
        return JSONResponse([])
    rows = await to_thread.run_sync(store_of(request).unfinished, player_id)
    for row in rows:
        row["summary"] = await _progress(request, row["table"], player_id)
    return JSONResponse(rows)


async def _progress(request: Request, table_id: str, player_id: str) -> str:
    """Where a game stands for the player: from the table open here, or else
    the store's replay of it (at most 20 tables, each a few milliseconds)."""
    room = rooms_of(request).open.get(table_id)
    table = room.table if room is not None else \
        await to_thread.run_sync(store_of(request).load_table, table_id)
    if table is None:
        return ""
    if not table.started:
        return "waiting for players"
    return progress(table.game, table.state, table.seat_of(player_id) or 0)


async def stats(request: Request) -> Response:
    store = store_of(request)
    who = await player(request)
    if who is None:
        return JSONResponse(player_stats({"id": None, "name": "You"}, [], []))
    finished = await to_thread.run_sync(store.finished, who["id"])
    played = await to_thread.run_sync(store.unfinished, who["id"])
    return JSONResponse(player_stats(who, finished, played))


async def reset_stats(request: Request) -> Response:
    """The player's statistics start again from now (their games are kept)."""
    who = await player(request)
    if who is None:
        return _error("this browser has no games yet: there is nothing to reset", 404)
    await to_thread.run_sync(store_of(request).reset_stats, who["id"])
    return await stats(request)


async def health(request: Request) -> Response:
    """What an operator watches: tables open, connections, move times, the bus."""
    return JSONResponse(rooms_of(request).health())


async def ready(request: Request) -> Response:
    """For a load balancer or a monitor: 200 when this process can reach its
    database (and Redis, with several processes), else 503 with what is wrong."""
    problems = []
    try:
        await asyncio.wait_for(to_thread.run_sync(store_of(request).ping), timeout=5)
    except Exception as e:
        problems.append(f"the database does not answer: {first_line(e)}")
    bus = rooms_of(request).bus
    try:
        trouble = await asyncio.wait_for(bus.ping(), timeout=5)
    except TimeoutError:
        trouble = "Redis does not answer in 5 s"
    if trouble:
        problems.append(trouble)
    return JSONResponse({"ok": not problems, "problems": problems, "process": bus.process},
                        status_code=503 if problems else 200)


async def record(request: Request) -> Response:
    """The game's record, for a seat of the table: its token (``Authorization:
    Bearer``), or the player cookie of a table from before seat tokens."""
    room = await rooms_of(request).get(request.path_params["table"])
    seat = None if room is None else seat_of_request(request, room.table)
    if room is None or seat is None:
        return _error("no such table of yours", 404)
    try:
        return JSONResponse(room.table.record())
    except TableError as e:
        return _error(str(e), 409)


# --- the app ---------------------------------------------------------------------


CHECKPOINT_EVERY = 2.0  # seconds between checkpoints of SQLite's write-ahead log


async def _checkpoints(store: Store) -> None:
    while True:
        await asyncio.sleep(CHECKPOINT_EVERY)
        try:
            await to_thread.run_sync(store.checkpoint)
        except Exception as e:  # a busy or missing database: the next one catches up
            log.warning("checkpoint failed: %s", first_line(e))


def create_app(settings: Settings) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        await to_thread.run_sync(store.migrate)
        pool = workers.Workers(settings.workers or None)
        app.state.store = store
        app.state.pool = pool
        rooms = app.state.tables = Rooms(store, pool, settings.bot_delay,
                                         open_bus(settings.redis_url))
        await rooms.begin()
        keeper = asyncio.create_task(_checkpoints(store))
        try:
            yield
        finally:
            await stop([keeper], "the checkpoints")
            await rooms.close()
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
        *lobby.routes,
        *review.routes,
        *postmortem.routes,
        *daily.routes,
        Route("/api/stats", stats),
        Route("/api/stats/reset", reset_stats, methods=["POST"]),
        Route("/api/server", health),
        Route("/api/health", ready),
        WebSocketRoute("/ws/{table:str}", table_socket),
        Mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static"),
    ]
    routes += [Route(f"/{g}", page(f"{g}.html")) for g in GAMES]
    routes += [Route(f"/{g}/{{table:str}}", page(f"{g}.html")) for g in GAMES]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found})
    return app


__all__ = ["Settings", "create_app"]
