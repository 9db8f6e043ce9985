"""Slow work off the event loop: bots thinking, hints, the Klondike solver.

Each job runs in a worker process (a pool shared by every table), so one
table's expert bot never delays another table's move. A job carries what the
table stores (game, options, seed, actions): the worker rebuilds the state,
keeping the last few so that a table's next job only applies the new actions,
and hands the bot the seat's observation only.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import make_bot
from parlour.games.base import GameState, IllegalAction
from parlour.server.games import replay

# Hints search harder than a normal bot but must answer within a second or so.
HINT_SAMPLES = {"spades": 24, "hearts": 60}
FINISH_SECONDS = 5.0
WINNABLE_SECONDS = 5.0


@dataclass(frozen=True)
class Job:
    table: str
    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...]
    seat: int
    first_dealer: int | None = None


# --- in the worker ---------------------------------------------------------------

_STATES: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
_KEEP = 64


def _state(job: Job) -> GameState:
    """The state after the job's actions, from the cache when it can be."""
    cached = _STATES.pop(job.table, None)
    if cached is not None and cached[0] <= len(job.actions):
        done, state = cached
        try:
            for text in job.actions[done:]:
                state.apply(state.parse_action(text))
        except ValueError:
            state = replay(job.game, job.options, job.seed, job.actions, job.first_dealer)
    else:
        state = replay(job.game, job.options, job.seed, job.actions, job.first_dealer)
    _STATES[job.table] = (len(job.actions), state)
    while len(_STATES) > _KEEP:
        _STATES.popitem(last=False)
    return state


def bot_action(job: Job, level: str) -> str:
    """The bot's action for the job's seat, from that seat's observation."""
    state = _state(job)
    bot = make_bot(job.game, level, seed=(job.seed * 31 + len(job.actions)) & (2**63 - 1))
    legal = state.legal_actions()
    action = bot.choose(state.observation(job.seat), legal)
    return state.action_to_string(action)


def hint(job: Job) -> dict[str, Any]:
    """A hint for the job's seat: ``{"action": ..., "text": ...}``."""
    state: Any = _state(job)
    if job.game == "klondike":
        from parlour.games.klondike_hints import NO_HINT, move_words
        from parlour.games.klondike_hints import hint as klondike_hint

        move = klondike_hint(state)
        return {"action": move, "text": move_words(state, move) if move else NO_HINT}
    if job.game == "hearts" and state.hand.passing and 0 <= state.current_player() < job.seat:
        # Passes are chosen at once: the seats ahead pass anything on a copy (no
        # seat sees another's pass before the exchange), then this seat is to pass.
        state = state.clone()
        while state.current_player() != job.seat:
            state.apply(state.legal_actions()[0])
    obs = state.observation(job.seat)
    legal = state.legal_actions()
    if not legal or state.current_player() != job.seat:
        return {"action": None, "text": "wait for your turn"}
    if job.game == "spades":
        from parlour.bots.advice import bid_advice
        from parlour.bots.advice import hint as spades_hint

        if state.hand.bidding:
            advice = bid_advice(obs, legal, samples=HINT_SAMPLES["spades"], seed=job.seed)
            return {"action": f"bid {advice.bid}", "text": advice.text}
        suggestion = spades_hint(obs, legal, samples=HINT_SAMPLES["spades"], seed=job.seed)
        return {"action": state.action_to_string(suggestion.action), "text": suggestion.text}
    from parlour.bots.hearts_expert import hint as hearts_hint

    choice = hearts_hint(obs, legal, seed=job.seed, samples=HINT_SAMPLES["hearts"])
    action = state.action_to_string(choice.action)
    return {"action": action, "text": choice.text}


def finish_line(job: Job) -> list[str] | None:
    """Klondike auto-complete: the moves that win from here, if the solver proves them."""
    from parlour.solvers.klondike_winnable import still_winnable

    state: Any = _state(job)
    try:
        result = still_winnable(state, time_limit=FINISH_SECONDS)
    except IllegalAction:  # a limit on passes the solver does not follow: no finish offered
        return None
    return list(result.moves) if result.result == "win" else None


def winnable_seed(seed: int, draw: int) -> int:
    """The first seed from ``seed`` on whose Klondike deal the solver proves winnable."""
    from parlour.solvers.klondike_winnable import winnable_deal

    return winnable_deal(seed, draw, WINNABLE_SECONDS)[0]


def _leave_with(server: int) -> None:
    """A worker ends when the server that started it is gone, however it went
    (killed, it cannot tell its workers; they would wait for jobs forever)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parlour-server-watch", daemon=True).start()


# --- on the event loop ---------------------------------------------------------


class Workers:
    """The pool, with awaitable calls."""

    def __init__(self, processes: int | None = None) -> None:
        self._count = processes or min(2, os.cpu_count() or 1)
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: the server runs threads (the event loop, the database's pool),
        # and forking a threaded process can deadlock the child.
        return ProcessPoolExecutor(self._count, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_leave_with, initargs=(os.getpid(),))

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker; a pool whose worker died is replaced, once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, fn, *args)
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        """Stop the workers: jobs not started are dropped, a job under way ends first."""
        self._pool.shutdown(wait=True, cancel_futures=True)
