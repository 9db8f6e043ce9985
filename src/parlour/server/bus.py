"""What the processes serving one set of tables tell each other.

Four things, behind one small interface with two implementations:

- **events**, published after each stored change of a table, with the table's
  version: the other processes read what changed from the database (the
  truth), so an event lost on the way costs only a delay, never a move;
- a **lease** on each table's own moves (bots, turn timers, the grace for
  someone away): one process at a time plays them, and a dead process's
  lease runs out so another takes them over;
- **presence**: who is connected to a table through any process;
- **rate limits** per seat, counted across processes.

:class:`Alone` is one process (nothing to tell anyone); :class:`RedisBus`
carries them through Redis (pub/sub, keys that expire).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("parlour.server")

CHANNEL = "parlour:tables"
LEASE_SECONDS = 5.0  # a dead process's tables are taken over within this
RENEW_SECONDS = 1.5  # how often the holder renews its leases
HERE_SECONDS = 5.0  # how often a process says again who is connected to it
HERE_STALE = 15.0  # a process not heard from for this long has no one connected
SHARED_RATE = 40  # messages a second from one seat, across processes


@dataclass
class Event:
    """Something stored at a table (``changed``), connections come or gone
    (``presence``), or words for every connection (``said``: a reaction, the
    next table)."""

    table: str
    version: int
    kind: str
    origin: str
    extra: dict[str, Any] = field(default_factory=dict)

    def dump(self) -> str:
        return json.dumps({"t": self.table, "v": self.version, "k": self.kind,
                           "o": self.origin, "x": self.extra}, separators=(",", ":"))

    @classmethod
    def load(cls, text: str | bytes) -> Event:
        raw = json.loads(text)
        return cls(str(raw["t"]), int(raw["v"]), str(raw["k"]), str(raw["o"]),
                   dict(raw.get("x") or {}))


# Called with each event from another process, or with None after the bus has
# been out of touch (events may have been missed: every table should catch up).
Deliver = Callable[[Event | None], Awaitable[None]]


@dataclass
class Presence:
    """Connections to a table through other processes."""

    seats: Counter[int] = field(default_factory=Counter)
    spectators: int = 0


def process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Alone:
    """One process serves every table: it holds every lease, and no one else
    needs telling."""

    shared = False

    def __init__(self) -> None:
        self.process = process_name()

    async def start(self, deliver: Deliver) -> None:
        return None

    async def publish(self, event: Event) -> None:
        return None

    async def hold_lease(self, table: str) -> bool:
        return True

    def holds(self, table: str) -> bool:
        """Whether this process plays the table's own moves just now."""
        return True

    async def drop_lease(self, table: str) -> None:
        return None

    async def here(self, table: str, seats: Counter[int], spectators: int) -> None:
        return None

    async def elsewhere(self, table: str) -> Presence:
        return Presence()

    async def here_many(self, entries: list[tuple[str, Counter[int], int]]) -> None:
        """:meth:`here` for many tables at once."""
        return None

    async def elsewhere_many(self, tables: list[str]) -> dict[str, Presence]:
        """:meth:`elsewhere` for many tables at once."""
        return {table: Presence() for table in tables}

    async def allow(self, key: str) -> bool:
        return True

    async def ping(self) -> str | None:
        """None when the bus works, else what is wrong."""
        return None

    async def close(self) -> None:
        return None

    def health(self) -> dict[str, Any]:
        return {"bus": "one process", "process": self.process}


class RedisBus(Alone):
    """Several processes, one Redis. Pub/sub delivers at most once (and nothing
    while a subscriber reconnects): after every (re)subscription each table is
    told to catch up from the database."""

    shared = True

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis.asyncio as redis

        self.url = url
        self.redis = redis.Redis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0,
                                          health_check_interval=5)
        self._errors = (redis.RedisError, OSError)
        self._listener: asyncio.Task[None] | None = None
        self._closing = False
        self._held_until: dict[str, float] = {}  # the leases this process holds
        self._here: set[str] = set()  # tables this process has said it has people at
        self.connected = False
        self.heard = 0
        self.lost = 0  # times the subscription was lost and made again
        # Renew only a lease this process still holds (another may have it now).
        self._renew = self.redis.register_script(
            "if redis.call('get', KEYS[1]) == ARGV[1] then "
            "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end")
        self._release = self.redis.register_script(
            "if redis.call('get', KEYS[1]) == ARGV[1] then "
            "return redis.call('del', KEYS[1]) else return 0 end")

    async def start(self, deliver: Deliver) -> None:
        self._listener = asyncio.create_task(self._listen(deliver))

    async def _listen(self, deliver: Deliver) -> None:
        wait = 0.1
        while not self._closing:
            try:
                async with self.redis.pubsub(ignore_subscribe_messages=True) as sub:
                    await sub.subscribe(CHANNEL)
                    self.connected = True
                    wait = 0.1
                    await deliver(None)  # whatever was published while away
                    while not self._closing:
                        message = await sub.get_message(timeout=HERE_SECONDS)
                        if message is None or message.get("type") != "message":
                            continue
                        try:
                            event = Event.load(message["data"])
                        except (ValueError, KeyError, TypeError):
                            log.warning("an event that is not ours on %s", CHANNEL)
                            continue
                        if event.origin != self.process:
                            self.heard += 1
                            await deliver(event)
            except self._errors as e:
                if self.connected:
                    log.warning("lost Redis (%s): reconnecting; tables catch up from the "
                                "database", e)
                    self.lost += 1
                self.connected = False
                await asyncio.sleep(wait)
                wait = min(wait * 2, 2.0)

    async def publish(self, event: Event) -> None:
        try:
            await self.redis.publish(CHANNEL, event.dump())
        except self._errors as e:  # the others catch up from the database
            log.warning("an event was not published (%s)", e)

    async def hold_lease(self, table: str) -> bool:
        """Take the table's lease, or renew it if this process holds it. With
        Redis out of reach, a lease held stays held until it would expire."""
        key = f"parlour:lease:{table}"
        ms = int(LEASE_SECONDS * 1000)
        now = time.monotonic()
        try:
            mine = bool(await self._renew(keys=[key], args=[self.process, ms]))
            if not mine:
                mine = bool(await self.redis.set(key, self.process, nx=True, px=ms))
        except self._errors:
            return now < self._held_until.get(table, 0.0)
        if mine:
            self._held_until[table] = now + LEASE_SECONDS - RENEW_SECONDS
        else:
            self._held_until.pop(table, None)
        return mine

    def holds(self, table: str) -> bool:
        return time.monotonic() < self._held_until.get(table, 0.0)

    async def drop_lease(self, table: str) -> None:
        self._held_until.pop(table, None)
        with contextlib.suppress(*self._errors):
            await self._release(keys=[f"parlour:lease:{table}"], args=[self.process])

    async def here(self, table: str, seats: Counter[int], spectators: int) -> None:
        await self.here_many([(table, seats, spectators)])

    async def here_many(self, entries: list[tuple[str, Counter[int], int]]) -> None:
        now = time.time()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table, seats, spectators in entries:
                    key = f"parlour:here:{table}"
                    if seats or spectators:
                        self._here.add(table)
                        pipe.hset(key, self.process, json.dumps({
                            "seats": {str(s): n for s, n in seats.items()},
                            "spectators": spectators, "at": now}))
                        pipe.expire(key, int(HERE_STALE * 4))
                    else:
                        self._here.discard(table)
                        pipe.hdel(key, self.process)
                await pipe.execute()
        except self._errors as e:
            log.warning("presence at %d tables not shared (%s)", len(entries), e)

    async def elsewhere(self, table: str) -> Presence:
        return (await self.elsewhere_many([table]))[table]

    async def elsewhere_many(self, tables: list[str]) -> dict[str, Presence]:
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table in tables:
                    pipe.hgetall(f"parlour:here:{table}")
                found = await pipe.execute()
        except self._errors:
            return {table: Presence() for table in tables}
        return {table: self._presence(entries)
                for table, entries in zip(tables, found, strict=True)}

    def _presence(self, entries: dict[Any, Any]) -> Presence:
        presence = Presence()
        now = time.time()
        for process, text in entries.items():
            name = process.decode() if isinstance(process, bytes) else str(process)
            if name == self.process:
                continue
            try:
                entry = json.loads(text)
                if now - float(entry["at"]) > HERE_STALE:
                    continue
                for seat, n in entry["seats"].items():
                    presence.seats[int(seat)] += int(n)
                presence.spectators += int(entry["spectators"])
            except (ValueError, KeyError, TypeError):
                continue
        return presence

    async def allow(self, key: str) -> bool:
        window = f"parlour:rate:{key}:{int(time.time())}"
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.incr(window)
                pipe.expire(window, 2)
                count, _ = await pipe.execute()
        except self._errors:
            return True  # the connection's own limit still holds
        return int(count) <= SHARED_RATE

    async def ping(self) -> str | None:
        try:
            await self.redis.ping()
        except self._errors as e:
            return f"Redis does not answer: {e}"
        return None if self.connected else "not subscribed to Redis yet"

    async def close(self) -> None:
        self._closing = True
        listener = self._listener
        if listener is not None:
            await stop([listener], "the Redis listener")
            if listener.done() and not listener.cancelled():
                with contextlib.suppress(*self._errors):
                    listener.result()
        for table in list(self._held_until):
            await self.drop_lease(table)
        for table in list(self._here):
            with contextlib.suppress(*self._errors):
                await self.redis.hdel(f"parlour:here:{table}", self.process)
        with contextlib.suppress(*self._errors):
            await self.redis.aclose()

    def health(self) -> dict[str, Any]:
        return {"bus": "redis", "process": self.process, "redis_connected": self.connected,
                "leases": len(self._held_until), "events_heard": self.heard,
                "redis_lost": self.lost}


async def stop(tasks: list[asyncio.Task[Any]], what: str) -> None:
    """Cancel tasks and wait until they have ended. Python 3.11 can swallow a
    cancel that lands as a timeout fires (in ``asyncio.wait_for``, and in
    redis-py's reads): a task that took it goes on, and a server stopping would
    wait for it for ever. So each is cancelled again, half a second apart; the
    loops also stop on their own flags."""
    left = {task for task in tasks if not task.done()}
    for _ in range(20):
        if not left:
            return
        for task in left:
            task.cancel()
        _, pending = await asyncio.wait(left, timeout=0.5)
        left = set(pending)
    log.warning("%s did not stop: %d task(s) left", what, len(left))


def open_bus(url: str | None) -> Alone:
    return RedisBus(url) if url else Alone()
