"""Giving up a Klondike deal, and the post-mortem of a lost one over HTTP.

``POST /api/tables/{table}/give-up`` ends a deal in play as lost;
``GET /api/tables/{table}/postmortem`` says where the look back at a lost deal
stands (``playing``, ``won``, ``working`` with its progress, ``done`` with the
post-mortem, ``failed``) and starts it the first time. Both are for the deal's
seat: its token (``Authorization: Bearer``), as for the record.

The solver's probes run in the worker pool one at a time, so the page sees
progress between them; the result is stored (``Store.save_review``), so a second
look is instant.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.server.http import error, rooms_of, seat_of_request, store_of
from parlour.server.room import Room
from parlour.server.rooms import first_line
from parlour.server.schema import seats, tables
from parlour.server.store import Store
from parlour.server.workers import Workers
from parlour.solvers.klondike_postmortem import Search, line_played, probe, report

log = logging.getLogger("parlour.server")

PROBE_SECONDS = 5.0  # the solver's time limit for each position judged
AT_ONCE = 1  # post-mortems worked on at once in a process
KIND = "postmortem"
GIVEN_UP = "given up"


@dataclass
class Progress:
    """A post-mortem being worked out in this process."""

    step: int = 0
    steps: int = 1
    waiting: bool = True  # for its turn (another post-mortem has the solver)
    failed: str | None = None
    task: asyncio.Task[None] | None = None  # held here: a task no one holds may be collected

    def to_json(self) -> dict[str, Any]:
        if self.failed is not None:
            return {"status": "failed", "error": self.failed}
        return {"status": "working", "step": self.step, "steps": max(self.steps, self.step + 1),
                "waiting": self.waiting}


def _working(request: Request) -> dict[str, Progress]:
    """The post-mortems under way in this process (made on first use)."""
    state = request.app.state
    if not hasattr(state, "postmortems"):
        state.postmortems = {}
        # One post-mortem at a time takes a worker: the others wait their turn, so
        # the bots of every table always have the rest of the pool.
        state.postmortem_turn = asyncio.Semaphore(AT_ONCE)
    found: dict[str, Progress] = state.postmortems
    return found


async def deal_of_yours(request: Request) -> Room | None:
    """The Klondike table the request's seat speaks for (its token, or the cookie
    of a table from before seat tokens); None when it is not theirs."""
    room = await rooms_of(request).get(request.path_params["table"])
    if room is None or room.table.game != "klondike":
        return None
    return room if seat_of_request(request, room.table) == 0 else None


# --- the store's side of giving up ------------------------------------------------
# (Store has no call for it: a deal given up is over with its result, decided in
# the database against the version the player saw, like a move.)


def _give_up(store: Store, table_id: str, version: int, result: dict[str, Any]) -> bool:
    """Mark the deal over as given up; False if it moved on or is over already."""
    with store.engine.begin() as conn:
        done = conn.execute(tables.update().where(
            tables.c.id == table_id, tables.c.version == version,
            tables.c.status == "playing").values(status="over", result=result,
                                                 updated=time.time()))
        if done.rowcount != 1:
            return False
        conn.execute(seats.update().where(seats.c.table_id == table_id).values(won=False))
    return True


def _given_up(store: Store, table_id: str) -> bool:
    with store.engine.connect() as conn:
        result = conn.execute(sa.select(tables.c.result).where(tables.c.id == table_id)).scalar()
    return isinstance(result, dict) and result.get("winner") == GIVEN_UP


# --- the work ---------------------------------------------------------------------


async def _look_back(pool: Workers, store: Store, progress: Progress, table_id: str, seed: int,
                     options: dict[str, Any], actions: tuple[str, ...], given_up: bool) -> None:
    search = Search(line_played(actions))
    progress.steps, progress.waiting = search.steps, False
    line: list[str] = []
    while (at := search.next_probe()) is not None:
        answer = await pool.run(probe, seed, options, actions, at, PROBE_SECONDS)
        search.tell(at, answer["result"])
        if answer["result"] == "win" and search.last_winnable == at:
            line = answer["line"]
        progress.step += 1
    body = await pool.run(report, seed, options, actions, search.results, line, given_up,
                          PROBE_SECONDS)
    await to_thread.run_sync(store.save_review, table_id, KIND, 0, 0, body)


def _start(request: Request, room: Room, given_up: bool) -> Progress:
    """The post-mortem of the room's deal, started unless it is under way."""
    working = _working(request)
    table = room.table
    if table.id in working:
        return working[table.id]
    progress = working[table.id] = Progress()
    pool: Workers = request.app.state.pool
    store = store_of(request)
    turn: asyncio.Semaphore = request.app.state.postmortem_turn

    async def run() -> None:
        try:
            async with turn:
                await _look_back(pool, store, progress, table.id, table.seed,
                                 dict(table.options), tuple(table.actions), given_up)
            working.pop(table.id, None)
        except Exception as e:  # kept to say so; asking again tries again
            log.exception("the post-mortem of %s failed", table.id)
            progress.failed = f"the post-mortem could not be worked out: {first_line(e)}"

    progress.task = asyncio.create_task(run())
    return progress


async def postmortem(request: Request) -> Response:
    room = await deal_of_yours(request)
    if room is None:
        return error("no such Klondike deal of yours", 404)
    table = room.table
    store = store_of(request)
    working = _working(request)
    stored = await to_thread.run_sync(store.review, table.id, KIND, 0, 0)
    if stored is not None:
        return JSONResponse({"status": "done", "postmortem": stored})
    if getattr(table.state, "won", False):
        return JSONResponse({"status": "won"})
    given_up = not table.is_over() and await to_thread.run_sync(_given_up, store, table.id)
    if not table.is_over() and not given_up:
        return JSONResponse({"status": "playing"})
    if table.id in working and working[table.id].failed is not None:
        working.pop(table.id)  # asked again: try again
    return JSONResponse(_start(request, room, given_up).to_json())


async def give_up(request: Request) -> Response:
    room = await deal_of_yours(request)
    if room is None:
        return error("no such Klondike deal of yours", 404)
    store = store_of(request)
    async with room.lock:  # (the lock moves are made under: none slips in meanwhile)
        table = room.table
        if table.is_over():
            return error("the deal is over already", 409)
        if await to_thread.run_sync(_given_up, store, table.id):
            return error("you have given this deal up already", 409)
        state: Any = table.state
        result = {"winner": GIVEN_UP, "seats": [], "won": False, "moves": state.moves,
                  "seconds": round(state.elapsed(), 1), "draw": state.options.draw}
        if not await to_thread.run_sync(_give_up, store, table.id, table.version, result):
            return error("the deal has moved on: try again", 409)
        table.given_up = True  # no move is taken after it
        table.watched(False)  # its clock stops with it
    return JSONResponse(_start(request, room, True).to_json())


routes = [
    Route("/api/tables/{table:str}/postmortem", postmortem, methods=["GET"]),
    Route("/api/tables/{table:str}/give-up", give_up, methods=["POST"]),
]

__all__ = ["PROBE_SECONDS", "deal_of_yours", "routes"]
