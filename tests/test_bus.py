"""The bus between server processes, on a real redis-server: a table's lease is
one process's at a time and passes on when dropped or expired; an event
reaches the other processes and not its sender; presence is shared and a
silent process's is forgotten; a seat's rate is counted across processes; an
event that is not ours is skipped."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from helpers import run_async
from parlour.server import bus as busmod
from parlour.server.bus import Event, RedisBus
from services import Redis


@pytest.fixture(scope="module")
def redis() -> Iterator[Redis]:
    server = Redis()
    yield server
    server.close()


def run(redis: Redis, test: Any) -> None:
    async def main() -> None:
        a, b = RedisBus(redis.url), RedisBus(redis.url)
        try:
            await test(a, b)
        finally:
            await a.close()
            await b.close()

    run_async(main())


def test_a_lease_is_one_process_s_until_dropped(redis: Redis) -> None:
    async def test(a: RedisBus, b: RedisBus) -> None:
        assert await a.hold_lease("t1") and a.holds("t1")
        assert not await b.hold_lease("t1") and not b.holds("t1")
        assert await a.hold_lease("t1")  # renewed by its holder
        await a.drop_lease("t1")
        assert await b.hold_lease("t1")
        assert not await a.hold_lease("t1")

    run(redis, test)


def test_a_dead_process_s_lease_runs_out_and_another_takes_it(
        redis: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(busmod, "LEASE_SECONDS", 0.3)

    async def test(a: RedisBus, b: RedisBus) -> None:
        assert await a.hold_lease("t2")
        # a says nothing more (killed): b takes the table once the lease runs out
        while not await b.hold_lease("t2"):
            await asyncio.sleep(0.05)
        assert not await a.hold_lease("t2")

    run(redis, test)


def test_an_event_reaches_the_others_and_not_its_sender(redis: Redis) -> None:
    async def test(a: RedisBus, b: RedisBus) -> None:
        heard: dict[str, list[Event | None]] = {"a": [], "b": []}

        async def to(name: str, event: Event | None) -> None:
            heard[name].append(event)

        await a.start(lambda e: to("a", e))
        await b.start(lambda e: to("b", e))
        while not (a.connected and b.connected):
            await asyncio.sleep(0.01)
        # Something that is not ours on the channel is skipped, not fatal.
        await a.redis.publish(busmod.CHANNEL, "not json")
        await a.publish(Event("t3", 7, "moved", a.process, {"move": ["play 2C", 1.0, 0, None,
                                                                      1.0]}))
        while not any(e is not None for e in heard["b"]):
            await asyncio.sleep(0.01)
        event = next(e for e in heard["b"] if e is not None)
        assert (event.table, event.version, event.kind) == ("t3", 7, "moved")
        assert event.extra["move"][0] == "play 2C"
        assert all(e is None for e in heard["a"])  # (None: "catch up", after subscribing)

    run(redis, test)


def test_presence_is_shared_and_a_silent_process_s_is_forgotten(redis: Redis) -> None:
    async def test(a: RedisBus, b: RedisBus) -> None:
        await a.here("t4", Counter({2: 1}), 1)
        seen = await b.elsewhere("t4")
        assert seen.seats[2] == 1 and seen.spectators == 1
        assert (await a.elsewhere("t4")).seats[2] == 0  # its own connections are its own
        # An entry last said long ago: a process that died without a word.
        await a.redis.hset("parlour:here:t4", "dead:1:x", json.dumps(
            {"seats": {"0": 1}, "spectators": 0, "at": time.time() - 60}))
        assert (await b.elsewhere("t4")).seats[0] == 0
        await a.here("t4", Counter(), 0)  # everyone gone from a
        assert (await b.elsewhere("t4")).seats[2] == 0

    run(redis, test)


def test_a_seat_s_messages_are_counted_across_processes(redis: Redis) -> None:
    async def test(a: RedisBus, b: RedisBus) -> None:
        answers = []
        started = time.monotonic()
        for n in range(2 * busmod.SHARED_RATE + 5):  # one seat, through two processes
            answers.append(await (a if n % 2 else b).allow("t5:1"))
        if time.monotonic() - started < 1.0:  # within two one-second windows at most
            assert answers.count(False) >= 5
        assert answers[:busmod.SHARED_RATE // 2] == [True] * (busmod.SHARED_RATE // 2)

    run(redis, test)


def test_a_process_stops_hearing_when_closed_though_a_read_swallows_the_cancel(
        redis: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    # The server once hung on stopping (seen in CI under load): the shutdown's
    # cancel was swallowed inside redis-py's read, which returned "no message",
    # and the listener read on for ever. Here every read swallows a cancel.
    from redis.asyncio.client import PubSub

    read = PubSub.get_message
    swallowed = []

    async def swallowing(self: PubSub, *args: Any, **kwargs: Any) -> Any:
        try:
            return await read(self, *args, **kwargs)
        except asyncio.CancelledError:
            swallowed.append(1)
            current = asyncio.current_task()
            if current is not None:
                current.uncancel()
            return None

    monkeypatch.setattr(PubSub, "get_message", swallowing)
    monkeypatch.setattr(busmod, "HERE_SECONDS", 0.05)

    async def main() -> None:
        bus = RedisBus(redis.url)

        async def heard(event: Event | None) -> None:
            return None

        await bus.start(heard)
        while not bus.connected:
            await asyncio.sleep(0.01)
        closing = asyncio.create_task(bus.close())
        done, _ = await asyncio.wait({closing}, timeout=30)
        if not done:  # let reads take cancels again, so the test ends and says why
            monkeypatch.undo()
            while not closing.done():
                assert bus._listener is not None
                bus._listener.cancel()
                await asyncio.wait({closing}, timeout=0.2)
        assert done, "closing the bus did not stop its listener"
        assert swallowed  # a cancel was swallowed, and the listener ended all the same
        assert bus._listener is not None and bus._listener.done()

    run_async(main())


def test_stopping_waits_out_a_task_that_swallows_a_cancel() -> None:
    # Python 3.11's wait_for can swallow a cancel that lands as its timeout
    # fires; a table's loop that took it went on, and the server hung stopping.
    ended = []

    async def stubborn() -> None:
        swallowed = 0
        while True:
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                swallowed += 1
                current = asyncio.current_task()
                if current is not None:
                    current.uncancel()
                if swallowed == 3:
                    ended.append(swallowed)
                    return

    async def main() -> None:
        task = asyncio.create_task(stubborn())
        await asyncio.sleep(0)
        await asyncio.wait_for(busmod.stop([task], "a test task"), timeout=30)
        assert task.done()

    run_async(main())
    assert ended == [3]
