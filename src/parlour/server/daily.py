"""The daily deal: one deal a day for everyone, one try each a player.

Klondike (draw 1 and draw 3) keeps the day's best on this server by moves and
by time. Spades and Hearts are played against the expert bots, and the
person's first hand is scored beside the expert's own on the same cards in the
same seat (duplicate, as the arena plays it), with a history of their days.

``POST /api/daily`` (``{"draw": 1}`` for Klondike, ``{"game": "spades"}`` or
``{"game": "hearts"}``) deals the player today's deal, or gives back the one
they have begun; ``GET /api/daily`` (``?day=YYYY-MM-DD``, today by default) is
Klondike's day of the best, and ``GET /api/daily?game=spades`` the Spades
day: your table, your first hand's points, the expert's and your history. The
day is UTC's. A Klondike day's deal is the first seed the solver proves
winnable from one drawn from the day itself, and once a table of the day is
stored its seed is the day's for every process; a trick game's is drawn from
the day and the game's name.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.server import daily_trick, workers
from parlour.server.games import PERSON_SEAT, TableError, check_options, default_seats
from parlour.server.http import (
    body,
    error,
    player,
    player_or_new,
    store_of,
    with_player,
)
from parlour.server.schema import actions, reviews, seats, tables
from parlour.server.seating import hash_token, new_token
from parlour.server.store import Store, new_id
from parlour.server.table import Table

log = logging.getLogger("parlour.daily")

BEST = 10  # rows in each of the day's tables
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
TRICK_GAMES = ("spades", "hearts")
HISTORY = 100  # days of a player's history shown, the latest first
# The actions read of a daily table for its first hand: four bids or passes and
# 52 cards (a few more kept in hand).
FIRST_HAND = 64
EXPERT = "expert"  # the bots at a daily table, and the reviews' kind of the expert's hand
ASK = ('ask for a daily deal with {"game": "spades"}, {"game": "hearts"}, '
       'or Klondike\'s {"draw": 1} or {"draw": 3}')


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def day_seed(day: str, draw: int) -> int:
    """Where the search for the day's deal starts: the same for everyone, any day.

    >>> day_seed("2026-12-01", 1) == day_seed("2026-12-01", 1) != day_seed("2026-12-01", 3)
    True
    """
    digest = hashlib.sha256(f"parlour daily {day} draw {draw}".encode()).digest()
    return int.from_bytes(digest[:5], "big")


def trick_seed(day: str, game: str) -> int:
    """The seed of a Spades or Hearts day's table: the same for everyone, any day.

    >>> trick_seed("2026-12-01", "spades") == trick_seed("2026-12-01", "spades")
    True
    >>> len({trick_seed("2026-12-01", "spades"), trick_seed("2026-12-01", "hearts"),
    ...      trick_seed("2026-12-02", "spades")})
    3
    """
    digest = hashlib.sha256(f"parlour daily {day} {game}".encode()).digest()
    return int.from_bytes(digest[:5], "big")


def day_number(day: str) -> int:
    """A day as the reviews table keys it (its hand column).

    >>> day_number("2026-12-01")
    20261201
    """
    return int(day.replace("-", ""))


# --- the store's side (Store knows nothing of days: these read its tables) ------------


def _days_tables(store: Store, day: str, game: str = "klondike") -> list[Any]:
    """Every table of the day's deal of ``game``, with its seat: player, name, result."""
    query = (sa.select(tables.c.id, tables.c.seed, tables.c.options, tables.c.status,
                       tables.c.result, seats.c.player_id, seats.c.name)
             .join(seats, seats.c.table_id == tables.c.id)
             .where(tables.c.daily == day, tables.c.game == game)
             .order_by(tables.c.created))
    with store.engine.connect() as conn:
        return list(conn.execute(query).all())


def _your_days(store: Store, player_id: str, game: str) -> list[dict[str, Any]]:
    """The player's daily tables of a trick game, the latest day first, each with
    what their seat made in its first hand (None while it goes on)."""
    query = (sa.select(tables.c.id, tables.c.daily, tables.c.seed, tables.c.options,
                       tables.c.first_dealer, tables.c.status, seats.c.seat)
             .join(seats, seats.c.table_id == tables.c.id)
             .where(seats.c.player_id == player_id, tables.c.game == game,
                    tables.c.daily.is_not(None))
             .order_by(tables.c.daily.desc(), tables.c.created).limit(HISTORY))
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
        played: dict[str, list[str]] = {}
        ids = [r.id for r in rows]
        for row in conn.execute(sa.select(actions.c.table_id, actions.c.action)
                                .where(actions.c.table_id.in_(ids),
                                       actions.c.seq < FIRST_HAND)
                                .order_by(actions.c.table_id, actions.c.seq)):
            played.setdefault(row.table_id, []).append(row.action)
    days: dict[str, dict[str, Any]] = {}
    for r in rows:
        if r.daily in days:
            continue  # (two tables of a day: two asks at once; the first counts)
        you = daily_trick.first_hand(game, dict(r.options), r.seed, played.get(r.id, []),
                                     r.seat, r.first_dealer)
        days[r.daily] = {"day": r.daily, "table": r.id, "url": f"/{game}/{r.id}",
                         "status": r.status, "you": you}
    return list(days.values())


def _experts(store: Store, game: str) -> dict[int, Any]:
    """The expert's first hand of each day it was played, by day number."""
    query = sa.select(reviews.c.hand, reviews.c.body).where(
        reviews.c.table_id == f"daily-{game}", reviews.c.kind == EXPERT,
        reviews.c.seat == PERSON_SEAT[game])
    with store.engine.connect() as conn:
        return {int(row.hand): row.body for row in conn.execute(query)}


# --- the expert's hand, in the worker pool ---------------------------------------------


@dataclass
class Playing:
    """The expert's hand of one day being played in the pool."""

    task: asyncio.Task[None] | None = field(default=None, repr=False)
    failed: str | None = None


def _playing(app: Starlette) -> tuple[dict[tuple[str, str], Playing], asyncio.Lock]:
    """The app's hands under way, and the lock that plays them one at a time."""
    state = app.state
    if getattr(state, "daily_experts", None) is None:
        state.daily_experts = {}
        state.daily_expert_turn = asyncio.Lock()
    return state.daily_experts, state.daily_expert_turn


async def _play_expert(app: Starlette, game: str, day: str, playing: Playing,
                       turn: asyncio.Lock) -> None:
    store: Store = app.state.store
    seat = PERSON_SEAT[game]
    key = (f"daily-{game}", EXPERT, day_number(day), seat)
    async with turn:  # one at a time: the pool's workers are the tables' bots too
        try:
            if await to_thread.run_sync(store.review, *key) is not None:
                return  # played meanwhile (another process, or an earlier ask)
            result = await app.state.pool.run(daily_trick.expert_in_seat, game,
                                              check_options(game, {}),
                                              trick_seed(day, game), seat)
            await to_thread.run_sync(store.save_review, *key, result)
        except Exception as e:  # a worker gone or the database away: the next ask retries
            log.exception("the expert's daily %s hand of %s failed", game, day)
            playing.failed = (f"the expert's hand could not be played ({type(e).__name__}): "
                              f"ask again")


def _start_expert(app: Starlette, game: str, day: str) -> Playing:
    """The expert's hand of the day, played unless it is under way (or stored:
    the hand looks first). Dealing a player the day's table starts it, so it is
    ready by the end of their first hand."""
    under, turn = _playing(app)
    playing = under.get((game, day))
    if playing is None or playing.failed or playing.task is None or playing.task.done():
        playing = under[(game, day)] = Playing()
        playing.task = asyncio.create_task(_play_expert(app, game, day, playing, turn))
    return playing


def _expert_state(app: Starlette, game: str, day: str, stored: Any,
                  may_start: bool) -> dict[str, Any]:
    """The expert's hand of the day: its result, or how it stands. An ask that
    may start it (from a player of the day) plays it if it is not under way."""
    under, _turn = _playing(app)
    key = (game, day)
    if stored is not None:
        under.pop(key, None)
        return {"status": "done", **stored}
    playing = under.get(key)
    if playing is not None and playing.failed:
        del under[key]  # the next ask plays it again
        return {"status": "failed", "reason": playing.failed}
    if playing is None or playing.task is None or playing.task.done():
        if not may_start:
            return {"status": "unplayed"}
        _start_expert(app, game, day)
    return {"status": "working"}


# --- the routes ----------------------------------------------------------------------


def _draw_of(row: Any) -> int:
    return int((row.options or {}).get("draw", 1))


def _game_asked(ask: Any) -> tuple[str, dict[str, Any]]:
    """The game and options of a ``POST /api/daily``, or TableError with the reason."""
    if not isinstance(ask, dict) or set(ask) - {"draw", "game"}:
        raise TableError(ASK)
    game = ask.get("game", "klondike")
    if game not in (*TRICK_GAMES, "klondike"):
        raise TableError(f"there is no daily deal of {game!r}: {ASK}")
    if game != "klondike":
        if "draw" in ask:
            raise TableError(f"draw 1 or 3 is Klondike's: {ASK}")
        return game, check_options(game, {})
    try:
        return game, check_options("klondike", {"draw": ask.get("draw", 1)})
    except TableError as e:
        raise TableError(f"the daily deal is draw 1 or draw 3: {e}") from None


def _dealing(app: Starlette) -> asyncio.Lock:
    """The lock that deals daily tables one at a time in this process: two asks
    at once (a double click, two tabs) find the same table, not one each, and
    the day's deal is looked for once. Across processes the database holds the
    one try (``Store.create_daily``)."""
    state = app.state
    if getattr(state, "daily_dealing", None) is None:
        state.daily_dealing = asyncio.Lock()
    lock: asyncio.Lock = state.daily_dealing
    return lock


def _again(game: str, day: str, table_id: str) -> JSONResponse:
    """The answer to an ask for a try already dealt: its table, no seat token."""
    return JSONResponse({"table": table_id, "url": f"/{game}/{table_id}", "day": day,
                         "game": game, "again": True})


async def play_daily(request: Request) -> Response:
    try:
        game, options = _game_asked(await body(request))
    except TableError as e:
        return error(str(e))
    who, new = await player_or_new(request)
    async with _dealing(request.app):
        return await _deal_daily(request, game, options, who, new)


async def _deal_daily(request: Request, game: str, options: dict[str, Any], who: Any,
                      new: bool) -> Response:
    store = store_of(request)
    day = today()
    rows = await to_thread.run_sync(_days_tables, store, day, game)
    if game == "klondike":
        rows = [r for r in rows if _draw_of(r) == options["draw"]]
    mine = next((r for r in rows if r.player_id == who["id"]), None)
    if game != "klondike":
        _start_expert(request.app, game, day)
    if mine is not None:  # one try a day: the deal begun is the one to go on with
        return with_player(_again(game, day, mine.id), who, new)
    if game != "klondike":
        seed = trick_seed(day, game)
    elif rows:
        seed = rows[0].seed
    else:
        try:
            seed = await request.app.state.pool.run(workers.winnable_seed,
                                                    day_seed(day, options["draw"]),
                                                    options["draw"])
        except RuntimeError as e:
            return error(str(e), 503)
    token = new_token()
    level = EXPERT if game != "klondike" else "normal"
    table_seats = default_seats(game, who["id"], who["name"], level)
    seat = PERSON_SEAT[game]
    table_seats[seat].token_hash = hash_token(token)
    table = Table(new_id(), game, options, seed, table_seats, daily=day)
    dealt = await to_thread.run_sync(store.create_daily, table, who["id"],
                                     options["draw"] if game == "klondike" else 0)
    if dealt != table.id:  # dealt at the same moment by another process
        return with_player(_again(game, day, dealt), who, new)
    return with_player(JSONResponse({"table": table.id, "url": f"/{game}/{table.id}",
                                     "token": token, "seat": seat, "day": day,
                                     "game": game}), who, new)


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


def _day_asked(request: Request) -> str:
    """The day a ``GET /api/daily`` asks about (today by default), or TableError."""
    day = request.query_params.get("day", today())
    if not DAY.fullmatch(day):
        raise TableError("a day is written YYYY-MM-DD, as 2026-12-01")
    try:
        datetime.strptime(day, "%Y-%m-%d")
    except ValueError:
        raise TableError(f"there is no day {day}") from None
    return day


async def daily_table(request: Request) -> Response:
    game = request.query_params.get("game", "klondike")
    if game not in (*TRICK_GAMES, "klondike"):
        return error(f"there is no daily deal of {game!r}: the games are spades, hearts "
                     f"and klondike")
    try:
        day = _day_asked(request)
    except TableError as e:
        return error(str(e))
    if game != "klondike":
        return await trick_day(request, game, day)
    who = await player(request)
    asker = who["id"] if who else None
    rows = await to_thread.run_sync(_days_tables, store_of(request), day)
    return JSONResponse({"day": day, "today": day == today(),
                         "draws": {str(d): standings(rows, d, asker) for d in (1, 3)}})


def _sealed(day: str, yours: dict[str, Any] | None) -> bool:
    """Today's expert hand is shown once your own first hand is over: before it,
    knowing what the expert made would tell you something of the cards."""
    return day == today() and (yours is None or yours["you"] is None)


async def trick_day(request: Request, game: str, day: str) -> Response:
    """A Spades or Hearts day: your table and first hand, the expert's, your history."""
    if day > today():
        return error(f"the daily deal of {day} is not dealt yet (today is {today()})")
    store = store_of(request)
    who = await player(request)
    days = [] if who is None else await to_thread.run_sync(_your_days, store, who["id"], game)
    experts = await to_thread.run_sync(_experts, store, game)
    yours = next((d for d in days if d["day"] == day), None)
    if _sealed(day, yours):
        expert = {"status": "sealed"}
    else:
        expert = _expert_state(request.app, game, day, experts.get(day_number(day)),
                               yours is not None)
    history = [{"day": d["day"], "url": d["url"], "you": d["you"],
                "expert": None if _sealed(d["day"], d) else experts.get(day_number(d["day"]))}
               for d in days]
    return JSONResponse({
        "game": game, "day": day, "today": day == today(),
        "table": None if yours is None else {"id": yours["table"], "url": yours["url"],
                                             "status": yours["status"]},
        "you": None if yours is None else yours["you"],
        "expert": expert, "history": history})


routes = [
    Route("/api/daily", play_daily, methods=["POST"]),
    Route("/api/daily", daily_table, methods=["GET"]),
]

__all__ = ["day_number", "day_seed", "routes", "standings", "today", "trick_seed"]
