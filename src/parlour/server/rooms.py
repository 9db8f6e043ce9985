"""The tables open in this process: who is connected to each, and one task a
table that plays its bots, a bot for a person absent past the grace, and the
normal bot's move when a turn timer runs out.

The rules are the :class:`~parlour.server.table.Table`'s; every action is
stored (one conditional write on the table's version) before any view is sent.

With several processes (a :class:`~parlour.server.bus.RedisBus`) each keeps its
own copy of a table its people are at: every stored change is published, and
a process that hears of one, or finds its copy older than the database's,
catches up from the database. The table's own moves are played by the process
holding its lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from anyio import to_thread

from parlour.games.trick import SEAT_NAMES
from parlour.server import protocol, workers
from parlour.server.bus import HERE_SECONDS, RENEW_SECONDS, Alone, Event, stop
from parlour.server.games import Seat, TableError
from parlour.server.room import Client, Room, Send
from parlour.server.seating import Draw
from parlour.server.store import Changes, Store
from parlour.server.table import PACES, Move, Repeat, Table

log = logging.getLogger("parlour.server")

# The bot that plays for a person who is away, or whose time ran out.
STAND_IN = "normal"
CHECK_SECONDS = 2.0  # how often a process compares its copy of a table with the database's
IDLE_SECONDS = 60.0  # a table no one has been at here for this long is unloaded
DB_PATIENCE = 20.0  # seconds a write is tried again while the database does not answer
UNAVAILABLE = "the table is unavailable just now (its database did not answer)"


class Rooms:
    """The tables open in this process, loaded from the store on first use."""

    def __init__(self, store: Store, pool: workers.Workers, bot_delay: float,
                 bus: Alone | None = None) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.bus = bus or Alone()
        self._keeper: asyncio.Task[None] | None = None
        self.closing = False  # the server is stopping: the tables' own loops end
        self.open: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        # SQLite takes one writer at a time: one thread writes the moves, and
        # writers queue here rather than wait on its lock in many threads.
        # PostgreSQL locks a row a table: several write at once (a table's own
        # writes are in order under its room's lock).
        sqlite = store.engine.dialect.name == "sqlite"
        self._writer = ThreadPoolExecutor(1 if sqlite else 4, thread_name_prefix="store")
        # How long the latest players' moves took, from the message read to the
        # views sent (bots' moves not counted: their thinking is not the server's).
        self.timings: deque[float] = deque(maxlen=10_000)
        # Where a write's time goes: waiting for the store's thread, then the database.
        self.write_waits: deque[float] = deque(maxlen=10_000)
        self.write_times: deque[float] = deque(maxlen=10_000)

    def health(self) -> dict[str, Any]:
        """What an operator watches: open tables, connections, move times (and of
        them, the writes' wait for the store's thread and the database's time)."""
        return {"tables_open": len(self.open),
                "connections": sum(len(room.clients) for room in self.open.values()),
                "move_ms": _percentiles(self.timings, "moves"),
                "write_wait_ms": _percentiles(self.write_waits, "writes"),
                "write_ms": _percentiles(self.write_times, "writes"), **self.bus.health()}

    async def get(self, table_id: str) -> Room | None:
        room = self.open.get(table_id)
        if room is not None:
            room.wanted = time.monotonic()
            if self.bus.shared:
                await self.check(room)  # another process may have changed it
            return room
        async with self._loading:
            room = self.open.get(table_id)
            if room is None:
                # The stamp first: a change made while loading is then caught up later.
                stamp = await to_thread.run_sync(self.store.stamp, table_id) \
                    if self.bus.shared else None
                table = await to_thread.run_sync(self.store.load_table, table_id)
                if table is None:
                    return None
                room = self.open[table_id] = Room(table, stamp=stamp)
                room.elsewhere = await self.bus.elsewhere(table_id)
                room.settle_presence()
        return room

    async def write(self, call: Callable[..., Any], *args: Any,
                    notify: Send | None = None) -> Any:
        """A store call on the writer thread. A database that does not answer is
        tried again for a while (the person acting is told it is being retried),
        then it is the player's clear error, the table unchanged."""
        loop = asyncio.get_running_loop()
        until = time.monotonic() + DB_PATIENCE
        told = False
        while True:
            asked = time.perf_counter()

            def timed(asked: float = asked) -> Any:
                began = time.perf_counter()
                self.write_waits.append(began - asked)
                try:
                    return call(*args)
                finally:
                    self.write_times.append(time.perf_counter() - began)

            try:
                return await loop.run_in_executor(self._writer, timed)
            except TableError:
                raise
            except Exception as e:
                log.warning("the store failed: %s", first_line(e))
                if time.monotonic() > until:
                    raise TableError(f"{UNAVAILABLE}: nothing was changed, try again") from None
            if notify is not None and not told:
                told = True
                with contextlib.suppress(Exception):
                    await notify(protocol.write(protocol.Wait(f"{UNAVAILABLE}: retrying")))
            await asyncio.sleep(0.5)

    async def begin(self) -> None:
        """Start hearing the other processes (none when there is one)."""
        await self.bus.start(self._heard)
        if self.bus.shared:
            self._keeper = asyncio.create_task(self._watch())

    async def close(self) -> None:
        self.closing = True
        tasks = [task for room in self.open.values() for task in (room.driver, room.catching)
                 if task is not None]
        if self._keeper is not None:
            tasks.append(self._keeper)
        await stop(tasks, "the tables' own tasks")
        await self.bus.close()
        self._writer.shutdown(wait=True)

    # --- the other processes ---------------------------------------------------------

    async def _heard(self, event: Event | None) -> None:
        if event is None:  # back in touch after a gap: every table catches up
            for each in list(self.open.values()):
                self.fall_behind(each)
            return
        room = self.open.get(event.table)
        if room is None:
            return  # not open here: it is loaded fresh when it is wanted
        if event.kind == "said":
            await self.tell(room, str(event.extra.get("text", "")), share=False)
        elif event.kind == "presence":
            room.elsewhere = await self.bus.elsewhere(room.table.id)
            room.settle_presence()
            await self.broadcast(room)
            room.wake()
        else:
            if "stand_in" in event.extra:  # sent only by the process playing for them
                room.stand_in = set(event.extra["stand_in"])
            move = event.extra.get("move")
            if event.kind == "moved" and isinstance(move, list) and len(move) == 5:
                room.heard.append((event.version, move))  # applied in order, gaps read
                self._catch_up_soon(room)
            else:
                self.fall_behind(room)

    def fall_behind(self, room: Room) -> None:
        """The database has something this process's copy lacks: catch up, once
        for any number of events heard meanwhile."""
        room.behind = True
        self._catch_up_soon(room)

    def _catch_up_soon(self, room: Room) -> None:
        if room.catching is None or room.catching.done():
            room.catching = asyncio.create_task(self._catch_up(room))

    async def _catch_up(self, room: Room) -> None:
        """The moves heard from other processes, in order; from the database
        whatever else changed, or when a move was missed (a gap in the versions)."""
        while room.behind or room.heard:
            try:
                async with room.lock:
                    heard, room.heard = room.heard, []
                    behind, room.behind = room.behind, False
                    table = room.table
                    for version, (action, at, seat, client_id, updated) in sorted(
                            heard, key=lambda h: h[0]):
                        if version == table.version + 1 and not behind:
                            table.catch_up([(str(action), float(at), int(seat),
                                             None if client_id is None else str(client_id))])
                            room.stamp = (version, float(updated))
                            room.turn_since = time.monotonic()
                        elif version > table.version:
                            behind = True
                    if behind:
                        changes = await to_thread.run_sync(self.store.changes, table.id,
                                                           table.version)
                        if changes is not None:
                            self._apply(room, changes)
            except Exception as e:  # the database away: the next check tries again
                log.warning("the table %s could not catch up: %s", room.table.id, first_line(e))
                return
            await self.broadcast(room)
            room.wake()

    def _apply(self, room: Room, changes: Changes) -> None:
        table = room.table
        version = table.version
        room.stamp = changes.stamp
        table.seats = changes.seats
        if not table.started and changes.started:
            table.begun(changes.first_dealer, changes.draw)
        table.catch_up(changes.moves)
        table.held = changes.held
        room.rematch_votes |= changes.votes
        if table.hosting is not None:
            table.hosting.host = changes.host
        if table.version != version:
            room.turn_since = time.monotonic()
        for key, client in list(room.clients.items()):
            if client.token_hash is None:
                continue
            seat = table.seat_of_token(client.token_hash)
            if seat is None:  # the host gave it to a bot, elsewhere: no seat now
                client.seat = client.token_hash = None
                room.clients.pop(key, None)
                asyncio.create_task(_quietly(client.send(protocol.write(protocol.Left(
                    gone_from_seat(table))))))
            else:
                client.seat = seat  # the draw moves people
        room.settle_presence()

    async def check(self, room: Room) -> None:
        """Compare this process's copy of the table with the database's (an event
        may have been lost) and catch up if it is behind."""
        try:
            stamp = await to_thread.run_sync(self.store.stamp, room.table.id)
        except Exception as e:
            log.warning("the table %s could not be checked: %s", room.table.id, first_line(e))
            return
        if stamp is not None and stamp != room.stamp:
            self.fall_behind(room)
            if room.catching is not None:
                await asyncio.shield(room.catching)

    async def changed(self, room: Room, move: Move | None = None) -> None:
        """A change stored here: every connection here sees it, the other
        processes hear of it (a move in full, anything else as a change to
        read from the database)."""
        await self.broadcast(room)
        room.wake()
        if self.bus.shared:
            extra: dict[str, Any] = {}
            if self.bus.holds(room.table.id):
                extra["stand_in"] = sorted(room.stand_in)
            kind = "changed"
            if move is not None:
                kind = "moved"
                extra["move"] = [move.action, move.at if move.clock is None else move.clock,
                                 move.seat, move.client_id, move.at]
            await self.bus.publish(Event(room.table.id, room.table.version, kind,
                                         self.bus.process, extra))

    async def _share_presence(self, room: Room) -> None:
        if not self.bus.shared:
            return
        seats, spectators = room.here()
        await self.bus.here(room.table.id, seats, spectators)
        await self.bus.publish(Event(room.table.id, room.table.version, "presence",
                                     self.bus.process))

    async def _watch(self) -> None:
        """With several processes: every few seconds, compare every open table's
        copy with the database's in one query (an event may have been lost),
        and say again who is connected here (a process that stops saying it
        is taken to have no one)."""
        said = 0.0
        while not self.closing:
            await asyncio.sleep(CHECK_SECONDS)
            rooms = list(self.open.values())
            try:
                stamps = await to_thread.run_sync(self.store.stamps,
                                                  [r.table.id for r in rooms])
            except Exception as e:
                log.warning("the tables could not be checked: %s", first_line(e))
                stamps = {}
            for room in rooms:
                stamp = stamps.get(room.table.id)
                if stamp is not None and stamp != room.stamp:
                    self.fall_behind(room)
            if time.monotonic() - said < HERE_SECONDS:
                continue
            said = time.monotonic()
            people = [r for r in rooms if r.clients]
            await self.bus.here_many([(r.table.id, *r.here()) for r in people])
            fresh = await self.bus.elsewhere_many([r.table.id for r in people])
            for room in people:
                if fresh[room.table.id] != room.elsewhere:
                    room.elsewhere = fresh[room.table.id]
                    room.settle_presence()
                    await self.broadcast(room)
                    room.wake()

    # --- connections -------------------------------------------------------------

    async def join(self, room: Room, key: int, client: Client, since: int | None) -> None:
        """A connection comes in: it gets what it missed since the version it
        last saw, and everyone else sees it connected."""
        if client.seat is not None:
            room.away_since.pop(client.seat, None)
            room.stand_in.discard(client.seat)
        room.clients[key] = client
        room.table.watched(room.connected(0))  # a Klondike deal is timed while it is open
        for text in room.missed(client.seat, since):
            await client.send(text)
        self.start_driver(room)
        await self.broadcast(room, skip=key)
        room.wake()
        await self._share_presence(room)

    async def part(self, room: Room, key: int) -> None:
        """A connection ends: everyone else sees its seat away (if no other
        connection holds it), and the table plays on without it."""
        if self._forget(room, key):
            await self._after_leaving(room)

    def _forget(self, room: Room, key: int) -> bool:
        """Drop a connection that ended or whose send failed; whether it was
        still here. Its seat is away from now if no other connection holds it."""
        client = room.clients.pop(key, None)
        room.wanted = time.monotonic()
        room.table.watched(room.connected(0))
        if client is None:
            return False  # forgotten already (a send to it failed first)
        seat = client.seat
        if seat is not None and not room.connected(seat) and seat in room.table.people():
            room.away_since.setdefault(seat, time.monotonic())
        return True

    async def _after_leaving(self, room: Room) -> None:
        room.wake()  # a bot may stand in for the seat once its grace is over
        await self.broadcast(room)
        await self._share_presence(room)

    async def broadcast(self, room: Room, skip: int | None = None) -> None:
        """Each connection's own view of the table as it is now (a spectator's
        is public, made once for all of them)."""
        views: dict[int | None, str] = {}
        lost = False
        for key, client in list(room.clients.items()):
            if key == skip:
                continue
            if client.seat not in views:
                views[client.seat] = protocol.write(protocol.View(room.table.version,
                                                                  room.view(client.seat)))
            try:
                await client.send(views[client.seat])
            except Exception:  # a client gone mid-send: it reconnects and syncs
                lost |= self._forget(room, key)
        if lost:  # the others saw it connected still: they see it away now
            await self._after_leaving(room)

    async def tell(self, room: Room, text: str, share: bool = True) -> None:
        """Words for every connection to the table, through any process."""
        lost = False
        for key, client in list(room.clients.items()):
            try:
                await client.send(text)
            except Exception:
                lost |= self._forget(room, key)
        if lost:
            await self._after_leaving(room)
        if share and self.bus.shared:
            await self.bus.publish(Event(room.table.id, room.table.version, "said",
                                         self.bus.process, {"text": text}))

    # --- acting --------------------------------------------------------------------

    async def act(self, room: Room, seat: int, text: str, version: int,
                  client_id: str | None = None, notify: Send | None = None) -> str:
        """Apply, store, then tell everyone: "made", "held" (a Hearts pass
        chosen before its turn) or "repeat" (applied before); TableError
        (nothing changed) when refused."""
        if version > room.table.version and self.bus.shared:
            await self.check(room)  # the client has seen more than this process has
        async with room.lock:
            table = room.table
            if table.may_hold(seat):
                # A Hearts pass before the seats ahead have passed: whatever
                # they do meanwhile, it is made at its turn.
                try:
                    held = table.hold(seat, text, client_id)
                except Repeat:
                    return "repeat"
                await self.write(self.store.hold, table.id, seat, held, notify=notify)
                table.held[seat] = held
                await self.changed(room)
                return "held"
            try:
                move = table.attempt(seat, text, version, client_id)
            except Repeat:
                return "repeat"
            await self._store(room, move, notify)
        return "made"

    async def _store(self, room: Room, move: Move, notify: Send | None = None) -> None:
        table = room.table
        result = table.result(move.state)
        try:
            await self.write(self.store.append, table.id, move, result, notify=notify)
        except TableError:
            if self.bus.shared:
                self.fall_behind(room)  # another process stored this version first
            raise
        table.commit(move)
        room.stamp = (table.version, move.at)
        room.turn_since = time.monotonic()
        await self.changed(room, move)

    # --- the table's own moves: bots, stand-ins, timers --------------------------

    def start_driver(self, room: Room) -> None:
        if room.table.game == "klondike" or self.closing:
            return
        if room.driver is None or room.driver.done():
            room.driver = asyncio.create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        shared = self.bus.shared
        while not self.closing:
            if self._idle(room):
                await self._unload(room)
                return
            if not await self.bus.hold_lease(room.table.id):
                wait: float | None = CHECK_SECONDS  # another process plays this table's bots
            else:
                try:
                    wait = await self._step(room)
                except Exception:  # (a cancellation is not an Exception: it ends the task)
                    log.exception("the table %s could not play on", room.table.id)
                    wait = 1.0
                if wait is not None and shared:
                    wait = min(wait, RENEW_SECONDS)  # renew the lease in time
            if wait is not None and not room.clients:
                wait = min(wait, IDLE_SECONDS)  # to see it idle
            if wait is None:
                continue
            room.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.changed.wait(), timeout=wait)

    def _idle(self, room: Room) -> bool:
        """No one here for a while, and nothing for this process to play: the
        table over or not begun, or another process playing its own moves."""
        table = room.table
        return (not room.clients and time.monotonic() - room.wanted > IDLE_SECONDS
                and (table.is_over() or not table.started or not self.bus.holds(table.id)))

    async def _unload(self, room: Room) -> None:
        """Forget the table here (it is loaded again when it is next wanted)."""
        if self.open.get(room.table.id) is room:
            del self.open[room.table.id]
        if self.bus.shared:
            await self.bus.drop_lease(room.table.id)
            await self.bus.here(room.table.id, Counter(), 0)

    async def _step(self, room: Room) -> float | None:
        """One thing the table does by itself (the host's part passed on, a
        move), or how long to wait for the next (None: go on at once)."""
        passing = room.next_host()
        if passing is not None and passing[0] <= time.monotonic():
            await self.pass_host(room, passing[1])
            return None
        wait = await self._play(room)
        if passing is not None and wait is not None:
            wait = min(wait, passing[0] - time.monotonic())
        return wait

    async def pass_host(self, room: Room, seat: int) -> None:
        """The host's part to the person at ``seat`` (see :meth:`Room.next_host`):
        starting the game, giving an absent person's seat to a bot."""
        table = room.table
        hosting = table.hosting
        to = table.seats[seat].player
        if hosting is None or hosting.host is None or to is None:
            return
        async with room.lock:
            try:
                await self.write(self.store.pass_host, table.id, hosting.host, to)
                hosting.host = to
            except TableError:  # passed already, by another process: read who has it
                self.fall_behind(room)
        await self.changed(room)

    async def _play(self, room: Room) -> float | None:
        """One move of the table's own, or how long to wait for the next event
        (None: play on at once)."""
        table = room.table
        if not table.started or table.is_over():
            return 3600.0
        held = table.held_to_make()
        if held is not None:
            passer, chosen = held
            try:
                await self.act(room, passer, chosen.action, table.version, chosen.client_id)
            except TableError as e:  # a pass that no longer fits: the person chooses again
                log.warning("a held pass at %s was refused: %s", table.id, e)
                table.held.pop(passer, None)
            return None
        seat = table.to_act()
        if seat is None:
            return 3600.0
        level = table.bot_to_act()
        # nothing left to play for (see Table.playing_out): a bot plays every seat's
        # cards, people's too, at the fast pace (a person may still play their own first)
        playing_out = table.playing_out()
        if level is None and not playing_out:
            deadline = room.deadline(seat)
            if deadline is None:
                return 3600.0
            left = deadline - time.monotonic()
            if left > 0:
                return left
            level = STAND_IN
            if seat in room.away_since:
                room.stand_in.add(seat)
        elif self.bot_delay > 0:
            version = table.version
            await asyncio.sleep(self.bot_delay * PACES["fast" if playing_out else table.pace])
            if table.version != version:
                return None
        level = level or STAND_IN
        version = table.version
        try:
            text = await self.pool.run(workers.bot_action, job(table, seat), level)
            await self.act(room, seat, text, version)
        except TableError:
            pass  # the table moved on while the bot thought: think again
        return None

    # --- seats ---------------------------------------------------------------------

    async def seat(self, room: Room, seat: int, who: Seat) -> None:
        """A person seated (stored by the caller first)."""
        async with room.lock:
            room.table.seats[seat] = who
            room.away_since[seat] = time.monotonic()
            room.stand_in.discard(seat)
        await self.changed(room)

    async def vacate(self, room: Room, seat: int, token_hash: str | None) -> None:
        """A person's seat given up (they left: their token; or the host chose):
        to a bot once the game is under way, free again in the waiting room. The
        host's part passes on if it was theirs."""
        table = room.table
        async with room.lock:
            level = None if not table.started else \
                table.hosting.level if table.hosting else STAND_IN
            hosted = table.host_seat() == seat
            await self.write(self.store.vacate_seat, table.id, seat, level, token_hash)
            table.seats[seat] = Seat(SEAT_NAMES[seat], bot=level)
            room.away_since.pop(seat, None)
            room.stand_in.discard(seat)
            room.rematch_votes.discard(seat)
        passing = room.next_host(left=seat) if hosted else None
        if passing is not None:  # the host left: the next person going left hosts
            await self.pass_host(room, passing[1])
        else:
            await self.changed(room)

    async def start(self, room: Room) -> None:
        """The host starts: bots in the empty seats, the draw, the first deal."""
        table = room.table
        hosting = table.hosting
        async with room.lock:
            if table.started:
                raise TableError("the game has already started")
            before = (list(table.seats), table.first_dealer, table.draw, table.state)
            for s, seat in enumerate(table.seats):
                if seat.free:
                    table.seats[s] = Seat(SEAT_NAMES[s], bot=hosting.level if hosting else STAND_IN)
            partners = table.game == "spades" and hosting is not None \
                and hosting.partners == "draw"
            draw = Draw.shuffled(partners) if hosting is not None else None
            table.start(draw)
            try:
                await self.write(self.store.start, table)
            except TableError:
                table.seats, table.first_dealer, table.draw, table.state = before
                table.started = False
                raise
            if draw is not None:
                moved = {who: s for s, who in enumerate(draw.arrangement)}
                for client in room.clients.values():
                    if client.seat is not None:
                        client.seat = moved[client.seat]
                room.away_since = {moved[s]: t for s, t in room.away_since.items()}
            room.turn_since = time.monotonic()
        self.start_driver(room)
        await self.changed(room)


def gone_from_seat(table: Table) -> str:
    """What someone whose seat the host took is told."""
    return "the host gave your seat to a bot" if table.started else "the host freed your seat"


def _percentiles(seconds: deque[float], count: str) -> dict[str, float]:
    ms = sorted(t * 1000 for t in seconds)
    out: dict[str, float] = {count: len(ms)}
    if ms:
        out.update(p50=round(ms[len(ms) // 2], 2),
                   p99=round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
                   max=round(ms[-1], 2))
    return out


def first_line(error: BaseException) -> str:
    """An error's first line (a database's error goes on with its SQL)."""
    return (str(error).splitlines() or [type(error).__name__])[0][:240]


async def _quietly(sending: Awaitable[None]) -> None:
    with contextlib.suppress(Exception):
        await sending


def job(table: Table, seat: int) -> workers.Job:
    return workers.Job(table.id, table.game, table.options, table.seed, tuple(table.actions),
                       seat, table.first_dealer)
