"""The daily deal: one Klondike deal a day for everyone (draw 1 and draw 3), one
try each a player, and the day's best on this server by moves and by time.

``POST /api/daily`` (``{"draw": 1}``) deals the player today's deal, or gives
back the one they have begun; ``GET /api/daily`` (``?day=YYYY-MM-DD``, today by
default) is the day's table of the best. The day is UTC's. A day's deal is the
first seed the solver proves winnable from one drawn from the day itself, and
once a table of the day is stored its seed is the day's for every process.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.server import workers
from parlour.server.games import PERSON_SEAT, TableError, check_options, default_seats
from parlour.server.http import (
    body,
    error,
    player,
    player_or_new,
    store_of,
    with_player,
)
from parlour.server.seating import hash_token, new_token
from parlour.server.store import Store, new_id, seats, tables
from parlour.server.table import Table

BEST = 10  # rows in each of the day's tables
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def day_seed(day: str, draw: int) -> int:
    """Where the search for the day's deal starts: the same for everyone, any day.

    >>> day_seed("2026-12-01", 1) == day_seed("2026-12-01", 1) != day_seed("2026-12-01", 3)
    True
    """
    digest = hashlib.sha256(f"parlour daily {day} draw {draw}".encode()).digest()
    return int.from_bytes(digest[:5], "big")


# --- the store's side (Store knows nothing of days: these read and mark its tables) ----


def _days_tables(store: Store, day: str) -> list[Any]:
    """Every Klondike table of the day, with its seat: player, name, result."""
    query = (sa.select(tables.c.id, tables.c.seed, tables.c.options, tables.c.status,
                       tables.c.result, seats.c.player_id, seats.c.name)
             .join(seats, seats.c.table_id == tables.c.id)
             .where(tables.c.daily == day, tables.c.game == "klondike"))
    with store.engine.connect() as conn:
        return list(conn.execute(query).all())


def _mark_daily(store: Store, table_id: str, day: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(tables.update().where(tables.c.id == table_id).values(daily=day))


# --- the routes ----------------------------------------------------------------------


def _draw_of(row: Any) -> int:
    return int((row.options or {}).get("draw", 1))


async def play_daily(request: Request) -> Response:
    try:
        ask = await body(request)
        if not isinstance(ask, dict) or set(ask) - {"draw"}:
            raise TableError('ask for the daily deal with {"draw": 1} or {"draw": 3}')
        options = check_options("klondike", {"draw": ask.get("draw", 1)})
    except TableError as e:
        return error(f"the daily deal is draw 1 or draw 3: {e}")
    draw = options["draw"]
    store = store_of(request)
    who, new = await player_or_new(request)
    day = today()
    rows = [r for r in await to_thread.run_sync(_days_tables, store, day)
            if _draw_of(r) == draw]
    mine = next((r for r in rows if r.player_id == who["id"]), None)
    if mine is not None:  # one try a day: the deal begun is the one to go on with
        return with_player(JSONResponse({"table": mine.id, "url": f"/klondike/{mine.id}",
                                         "day": day, "again": True}), who, new)
    if rows:
        seed = rows[0].seed
    else:
        try:
            seed = await request.app.state.pool.run(workers.winnable_seed, day_seed(day, draw),
                                                    draw)
        except RuntimeError as e:
            return error(str(e), 503)
    token = new_token()
    table_seats = default_seats("klondike", who["id"], who["name"], "normal")
    table_seats[PERSON_SEAT["klondike"]].token_hash = hash_token(token)
    table = Table(new_id(), "klondike", options, seed, table_seats)
    await to_thread.run_sync(store.create_table, table)
    await to_thread.run_sync(_mark_daily, store, table.id, day)
    return with_player(JSONResponse({"table": table.id, "url": f"/klondike/{table.id}",
                                     "token": token, "seat": 0, "day": day}), who, new)


def standings(rows: list[Any], draw: int, asker: str | None) -> dict[str, Any]:
    """The day's table for one draw: who played, who won, the best by moves and by time."""
    mine = [r for r in rows if _draw_of(r) == draw]
    wins = [{"name": r.name, "moves": r.result["moves"], "seconds": r.result["seconds"],
             "you": asker is not None and r.player_id == asker}
            for r in mine if r.status == "over" and (r.result or {}).get("won")]
    yours = next((r for r in mine if asker is not None and r.player_id == asker), None)
    return {
        "played": len(mine), "won": len(wins),
        "moves": sorted(wins, key=lambda w: (w["moves"], w["seconds"]))[:BEST],
        "time": sorted(wins, key=lambda w: (w["seconds"], w["moves"]))[:BEST],
        "yours": None if yours is None else {
            "url": f"/klondike/{yours.id}", "status": yours.status,
            "won": bool((yours.result or {}).get("won")),
            "moves": (yours.result or {}).get("moves"),
            "seconds": (yours.result or {}).get("seconds")},
    }


async def daily_table(request: Request) -> Response:
    day = request.query_params.get("day", today())
    if not DAY.fullmatch(day):
        return error("a day is written YYYY-MM-DD, as 2026-12-01")
    try:
        datetime.strptime(day, "%Y-%m-%d")
    except ValueError:
        return error(f"there is no day {day}")
    who = await player(request)
    asker = who["id"] if who else None
    rows = await to_thread.run_sync(_days_tables, store_of(request), day)
    return JSONResponse({"day": day, "today": day == today(),
                         "draws": {str(d): standings(rows, d, asker) for d in (1, 3)}})


routes = [
    Route("/api/daily", play_daily, methods=["POST"]),
    Route("/api/daily", daily_table, methods=["GET"]),
]

__all__ = ["day_seed", "routes", "standings", "today"]
