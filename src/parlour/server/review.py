"""Hand review over HTTP: ``GET /api/tables/{table}/hands/{hand}/review``.

A person asks for the review of a finished hand of theirs; the first ask
starts it and every ask says how far it has got, until the stored review is
returned (a second look is instant). Each decision is judged by a job in the
worker pool, one job at a time a review, so the bots of other tables keep
their turn in the pool; nothing slow runs on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from parlour.bots.review import Plan, judge
from parlour.server.games import new_state
from parlour.server.http import error, rooms_of, seat_of_request, store_of
from parlour.server.workers import Job, _state

log = logging.getLogger("parlour.review")

KIND = "hand"


@dataclass
class Under:
    """A review being made: how many of the seat's decisions are judged."""

    total: int
    done: int = 0
    failed: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


# --- in a worker ---------------------------------------------------------------


def judged(job: Job, text: str, seat: int, seed: int) -> dict[str, Any] | None:
    """The verdict on the job's seat making ``text`` after the job's actions."""
    return judge(job.game, _state(job), text, seat, seed=seed)


# --- on the event loop ---------------------------------------------------------


def _plan(table: Any, actions: tuple[str, ...], hand: int, seat: int) -> Plan:
    state = new_state(table.game, table.options, table.seed, first_dealer=table.first_dealer)
    return Plan.of(table.game, state, actions, hand, seat)


async def _make(request: Request, table: Any, actions: tuple[str, ...], plan: Plan,
                under: Under, key: tuple[str, int, int]) -> None:
    pool = request.app.state.pool
    verdicts: list[dict[str, Any] | None] = []
    try:
        for k, index in enumerate(plan.decisions):
            job = Job(f"{table.id}/review", table.game, table.options, table.seed,
                      actions[:index], plan.seat, table.first_dealer)
            verdicts.append(await pool.run(judged, job, actions[index], plan.seat,
                                           table.seed + k))
            under.done = k + 1
        body = plan.review(verdicts)
        await to_thread.run_sync(store_of(request).save_review, table.id, KIND, plan.hand,
                                 plan.seat, body)
    except Exception as e:  # a worker gone or the database away: say so, ask again to retry
        log.exception("review of %s failed", key)
        under.failed = f"the review could not be made ({type(e).__name__}): try again"


_UNDER: dict[tuple[str, int, int], Under] = {}


async def hand_review(request: Request) -> Response:
    """The stored review, or how far the one under way has got (it starts it)."""
    rooms = rooms_of(request)
    room = await rooms.get(request.path_params["table"])
    seat = None if room is None else seat_of_request(request, room.table)
    if room is None or seat is None:
        return error("no such table of yours", 404)
    table = room.table
    if table.game not in ("spades", "hearts"):
        return error("only Spades and Hearts hands are reviewed", 400)
    try:
        hand = int(request.path_params["hand"])
    except ValueError:
        return error("a hand is a number: 1 for the first", 400)
    key = (table.id, hand, seat)
    stored = await to_thread.run_sync(store_of(request).review, table.id, KIND, hand, seat)
    if stored is not None:
        _UNDER.pop(key, None)
        return JSONResponse({"status": "done", "review": stored})
    under = _UNDER.get(key)
    if under is not None and under.failed:
        _UNDER.pop(key, None)  # the next ask starts it again
        return JSONResponse({"status": "failed", "reason": under.failed})
    if under is None:
        actions = tuple(table.actions)
        try:
            plan = await to_thread.run_sync(_plan, table, actions, hand, seat)
        except ValueError as e:
            return error(str(e), 409)
        under = _UNDER[key] = Under(total=len(plan.decisions))
        under.task = asyncio.create_task(_make(request, table, actions, plan, under, key))
    return JSONResponse({"status": "running", "done": under.done, "total": under.total},
                        status_code=202)


routes = [Route("/api/tables/{table:str}/hands/{hand:str}/review", hand_review)]

__all__ = ["judged", "routes"]
