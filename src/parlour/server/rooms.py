"""The tables open in this process: who is connected to each, and one task a
table that plays its bots, a bot for a person absent past the grace, and the
normal bot's move when a turn timer runs out.

The rules are the :class:`~parlour.server.table.Table`'s; every action is
stored (one conditional write on the table's version) before any view is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread

from parlour.games.trick import SEAT_NAMES
from parlour.server import protocol, workers
from parlour.server.games import Seat, TableError
from parlour.server.seating import Draw
from parlour.server.store import Store
from parlour.server.table import PACES, Move, Repeat, Table

log = logging.getLogger("parlour.server")

# The bot that plays for a person who is away, or whose time ran out.
STAND_IN = "normal"
Send = Callable[[str], Awaitable[None]]


@dataclass
class Client:
    """One connection: a seat's (``seat``) or a spectator's (``seat`` None)."""

    send: Send
    seat: int | None
    last_reaction: float = 0.0


@dataclass
class Room:
    """A table in play in this process: its state, its lock, who is connected."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: dict[int, Client] = field(default_factory=dict)  # by id(connection)
    away_since: dict[int, float] = field(default_factory=dict)  # person seats not connected
    stand_in: set[int] = field(default_factory=set)  # seats a bot plays for while away
    turn_since: float = field(default_factory=time.monotonic)
    rematch_votes: set[int] = field(default_factory=set)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients.values())

    def spectators(self) -> int:
        return sum(1 for c in self.clients.values() if c.seat is None)

    def presence(self) -> list[dict[str, Any]]:
        people = set(self.table.people())
        return [{"connected": self.connected(s), "away": s in people and not self.connected(s),
                 "stand_in": s in self.stand_in, "rematch": s in self.rematch_votes}
                for s in range(len(self.table.seats))]

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.table.view(seat, self.presence())
        self._extras(view)
        return view

    def _extras(self, view: dict[str, Any]) -> None:
        view["spectators"] = self.spectators()
        timer = self.table.hosting.turn_timer if self.table.hosting else None
        to_act = self.table.to_act()
        if timer and to_act is not None and self.table.bot_to_act() is None:
            left = timer - (time.monotonic() - self.turn_since)
            view["timer"] = {"seat": to_act, "left": round(max(0.0, left), 1), "of": timer}

    def missed(self, seat: int | None, since: int | None) -> list[str]:
        """The views a client that last saw version ``since`` is sent: each one
        it missed when the table still holds them, else the current one."""
        table = self.table
        current = protocol.write(protocol.View(table.version, self.view(seat)))
        if since is None or since >= table.version or not table.started:
            return [current]
        kept = dict(table.recent)
        wanted = range(since + 1, table.version)
        if any(v not in kept for v in wanted):
            return [current]
        out = []
        presence = self.presence()
        for v in wanted:
            view = table.view(seat, presence, state=kept[v], version=v)
            self._extras(view)
            out.append(protocol.write(protocol.View(v, view)))
        return out + [current]

    def wake(self) -> None:
        self.changed.set()


class Rooms:
    """The tables open in this process, loaded from the store on first use."""

    def __init__(self, store: Store, pool: workers.Workers, bot_delay: float) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.open: dict[str, Room] = {}
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

    async def get(self, table_id: str) -> Room | None:
        room = self.open.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.open.get(table_id)
            if room is None:
                table = await to_thread.run_sync(self.store.load_table, table_id)
                if table is None:
                    return None
                room = self.open[table_id] = Room(table)
                now = time.monotonic()
                room.away_since = {s: now for s in table.people()}
        return room

    async def write(self, call: Callable[..., Any], *args: Any) -> Any:
        """A store call on the writer thread; a database that fails is the
        player's clear error, the table unchanged."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._writer, call, *args)
        except TableError:
            raise
        except Exception as e:
            log.warning("the store failed: %s", e)
            raise TableError("the table is unavailable just now (its database did not "
                             "answer): nothing was changed, try again") from None

    def close(self) -> None:
        for room in self.open.values():
            if room.driver is not None:
                room.driver.cancel()
        self._writer.shutdown(wait=True)

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

    async def part(self, room: Room, key: int) -> None:
        client = room.clients.pop(key, None)
        room.table.watched(room.connected(0))  # (popped already when a send to it failed)
        if client is None:
            return
        seat = client.seat
        if seat is not None and not room.connected(seat) and seat in room.table.people():
            room.away_since[seat] = time.monotonic()
        room.wake()
        await self.broadcast(room)

    async def broadcast(self, room: Room, skip: int | None = None) -> None:
        """Each connection's own view of the table as it is now (a spectator's
        is public, made once for all of them)."""
        views: dict[int | None, str] = {}
        for key, client in list(room.clients.items()):
            if key == skip:
                continue
            if client.seat not in views:
                views[client.seat] = protocol.write(protocol.View(room.table.version,
                                                                  room.view(client.seat)))
            try:
                await client.send(views[client.seat])
            except Exception:  # a client gone mid-send: it reconnects and syncs
                room.clients.pop(key, None)

    async def tell(self, room: Room, text: str) -> None:
        for key, client in list(room.clients.items()):
            try:
                await client.send(text)
            except Exception:
                room.clients.pop(key, None)

    # --- acting --------------------------------------------------------------------

    async def act(self, room: Room, seat: int, text: str, version: int,
                  client_id: str | None = None) -> str:
        """Apply, store, then tell everyone: "made", "held" (a Hearts pass
        chosen before its turn) or "repeat" (applied before); TableError
        (nothing changed) when refused."""
        async with room.lock:
            table = room.table
            if table.may_hold(seat):
                # A Hearts pass before the seats ahead have passed: whatever
                # they do meanwhile, it is made at its turn.
                try:
                    held = table.hold(seat, text, client_id)
                except Repeat:
                    return "repeat"
                await self.write(self.store.hold, table.id, seat, held)
                table.held[seat] = held
                await self.broadcast(room)
                room.wake()
                return "held"
            try:
                move = table.attempt(seat, text, version, client_id)
            except Repeat:
                return "repeat"
            await self._store(room, move)
        return "made"

    async def _store(self, room: Room, move: Move) -> None:
        table = room.table
        result = table.result(move.state)
        await self.write(self.store.append, table.id, move, result)
        table.commit(move)
        room.turn_since = time.monotonic()
        await self.broadcast(room)
        room.wake()

    # --- the table's own moves: bots, stand-ins, timers --------------------------

    def start_driver(self, room: Room) -> None:
        if room.table.game == "klondike":
            return
        if room.driver is None or room.driver.done():
            room.driver = asyncio.create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        while True:
            try:
                wait = await self._step(room)
            except Exception:  # (a cancellation is not an Exception: it ends the task)
                log.exception("the table %s could not play on", room.table.id)
                wait = 1.0
            if wait is None:
                continue
            room.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.changed.wait(), timeout=wait)

    async def _step(self, room: Room) -> float | None:
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
        if level is None:
            deadline = self._deadline(room, seat)
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
            await asyncio.sleep(self.bot_delay * PACES[table.pace])
            if table.version != version:
                return None
        version = table.version
        try:
            text = await self.pool.run(workers.bot_action, job(table, seat), level)
            await self.act(room, seat, text, version)
        except TableError:
            pass  # the table moved on while the bot thought: think again
        return None

    def _deadline(self, room: Room, seat: int) -> float | None:
        """When a bot plays for the person to act: past the grace while they are
        away, or when their turn's time runs out."""
        hosting = room.table.hosting
        deadlines = []
        if seat in room.away_since:
            grace = hosting.grace if hosting else None
            if grace is not None:
                deadlines.append(max(room.away_since[seat], room.turn_since - grace) + grace)
        if hosting and hosting.turn_timer:
            deadlines.append(room.turn_since + hosting.turn_timer)
        return min(deadlines) if deadlines else None

    # --- seats ---------------------------------------------------------------------

    async def seat(self, room: Room, seat: int, who: Seat) -> None:
        """A person seated (stored by the caller first)."""
        async with room.lock:
            room.table.seats[seat] = who
            room.away_since[seat] = time.monotonic()
            room.stand_in.discard(seat)
        await self.broadcast(room)
        room.wake()

    async def to_bot(self, room: Room, seat: int, token_hash: str | None) -> None:
        """A seat given to a bot: its person left (their token), or the host chose."""
        table = room.table
        level = table.hosting.level if table.hosting else STAND_IN
        async with room.lock:
            await self.write(self.store.seat_to_bot, table.id, seat, level, token_hash)
            table.seats[seat] = Seat(SEAT_NAMES[seat], bot=level)
            room.away_since.pop(seat, None)
            room.stand_in.discard(seat)
            room.rematch_votes.discard(seat)
        await self.broadcast(room)
        room.wake()

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
        await self.broadcast(room)
        self.start_driver(room)
        room.wake()


def job(table: Table, seat: int) -> workers.Job:
    return workers.Job(table.id, table.game, table.options, table.seed, tuple(table.actions),
                       seat, table.first_dealer)
