"""A table open in this process (:class:`Room`): its state, its lock, who is
connected to it here and through the other processes, when a person counts as
away, and the views each connection is sent. :mod:`parlour.server.rooms` keeps
the open rooms, stores their changes and plays their own moves.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.server import protocol
from parlour.server.bus import Presence
from parlour.server.table import Table

Send = Callable[[str], Awaitable[None]]


@dataclass
class Client:
    """One connection: a seat's (``seat``) or a spectator's (``seat`` None)."""

    send: Send
    seat: int | None
    token_hash: str | None = None  # the seat's token: the seat is found again after the draw
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
    elsewhere: Presence = field(default_factory=Presence)  # connected through other processes
    stamp: tuple[int, float] | None = None  # the database's (version, updated) last caught up with
    behind: bool = False
    heard: list[tuple[int, list[Any]]] = field(default_factory=list)  # moves from elsewhere
    wanted: float = field(default_factory=time.monotonic)  # last asked for or left
    catching: asyncio.Task[None] | None = None

    def connected(self, seat: int) -> bool:
        return self.elsewhere.seats[seat] > 0 or any(c.seat == seat
                                                     for c in self.clients.values())

    def spectators(self) -> int:
        return self.elsewhere.spectators + sum(1 for c in self.clients.values()
                                               if c.seat is None)

    def here(self) -> tuple[Counter[int], int]:
        """The seats connected through this process, and its spectators."""
        seats = Counter(c.seat for c in self.clients.values() if c.seat is not None)
        return seats, sum(1 for c in self.clients.values() if c.seat is None)

    def settle_presence(self) -> None:
        """Away and back, by the connections of every process."""
        now = time.monotonic()
        for seat in self.table.people():
            if self.connected(seat):
                self.away_since.pop(seat, None)
                self.stand_in.discard(seat)
            else:
                self.away_since.setdefault(seat, now)

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

    def deadline(self, seat: int) -> float | None:
        """When a bot plays for the person to act: past the grace while they are
        away, or when their turn's time runs out."""
        hosting = self.table.hosting
        deadlines = []
        if seat in self.away_since:
            grace = hosting.grace if hosting else None
            if grace is not None:
                deadlines.append(max(self.away_since[seat], self.turn_since - grace) + grace)
        if hosting and hosting.turn_timer:
            deadlines.append(self.turn_since + hosting.turn_timer)
        return min(deadlines) if deadlines else None

    def next_host(self, left: int | None = None) -> tuple[float, int] | None:
        """When the host's part passes, and to which seat: at once when the host
        no longer holds a seat (they left seat ``left``, if known), else once
        they have been away past the grace; to the first person connected now,
        going left from the host's seat. None while the host is here, or no one
        else is."""
        table = self.table
        hosting = table.hosting
        if hosting is None or hosting.host is None:
            return None
        at = table.host_seat()
        if at is None:
            when = 0.0
        elif at in self.away_since:
            when = self.away_since[at] + hosting.grace
        else:
            return None
        start = at if at is not None else left if left is not None else -1
        n = len(table.seats)
        for step in range(1, n + 1):
            s = (start + step) % n
            if s != at and s in table.people() and table.seats[s].player is not None \
                    and self.connected(s):
                return when, s
        return None

    def wake(self) -> None:
        self.changed.set()
