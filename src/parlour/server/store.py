"""Storage that loses nothing: players, tables, seats and every action, in
SQLAlchemy Core, so the same code runs on SQLite now and PostgreSQL later.

The schema is Alembic's (``migrations/``): opening a database upgrades it to
the newest revision, keeping what it holds. Each action is written in one
transaction with the table's version (``UPDATE ... WHERE version = n``), so
two writers can never both take move n; a table is rebuilt from its seed and
actions.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from parlour.games.trick import SEAT_NAMES
from parlour.server.games import Seat, TableError
from parlour.server.schema import (
    actions,
    daily_plays,
    held,
    players,
    rematch_votes,
    reviews,
    seats,
    tables,
)
from parlour.server.seating import new_code
from parlour.server.table import Held, Hosting, Move, Table

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

LOBBY_PAGE = 100  # listed waiting tables read at a time for the lobby
MIGRATION_LOCK = 0x7061726C  # PostgreSQL's advisory lock key for migrating ("parl")


class StoreError(RuntimeError):
    """A database that cannot be used (the message says why)."""


def database_url(text: str) -> str:
    """A database URL from ``--db``: a URL as it is, a bare path as an SQLite file."""
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def default_db() -> str:
    """An SQLite file in the user's data directory."""
    folder = Path(platformdirs.user_data_dir("parlour", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


def iso_time(seconds: float) -> str:
    """A stored time as an ISO date-time in UTC, for pages."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds") \
        .replace("+00:00", "Z")


def new_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Changes:
    """A table as stored, for a process to catch up with (see :meth:`Store.changes`)."""

    stamp: tuple[int, float]
    started: bool
    first_dealer: int | None
    draw: dict[str, Any] | None
    seats: list[Seat]
    moves: list[tuple[str, float, int, str | None]]  # (Stored)
    held: dict[int, Held]
    votes: set[int]
    host: str | None = None  # a table with friends' host (it passes on: Store.pass_host)


class Store:
    """The database behind the tables; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            # A server process's threads each may want a connection at once (the
            # writer, catching up, the lobby): enough of them kept open that
            # none is made and closed a move.
            pool = {} if url.startswith("sqlite") else {"pool_size": 10, "max_overflow": 30}
            self.engine = sa.create_engine(url, **pool)
        except sa.exc.ArgumentError as e:
            raise StoreError(f"cannot use the database {url!r}: {e}") from None
        except ImportError as e:
            raise StoreError(f"cannot use the database {url!r}: its driver is not "
                             f"installed ({e})") from None
        if self.engine.dialect.name == "sqlite":
            path = self.engine.url.database
            if path and path != ":memory:":
                folder = Path(path).parent
                if not folder.is_dir():
                    raise StoreError(f"cannot open the database {path}: "
                                     f"the folder {folder} does not exist")
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    def migrate(self) -> None:
        """Bring the schema to the newest revision, keeping every row."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        head = ScriptDirectory.from_config(config).get_current_head()
        try:
            with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    # Several processes starting at once: one migrates, the others
                    # wait for it and find nothing left to do.
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                current = MigrationContext.configure(conn).get_current_revision()
                known = {s.revision for s in ScriptDirectory.from_config(config).walk_revisions()}
                if current is not None and current not in known:
                    raise StoreError(f"the database is from a newer Parlour (schema {current}, "
                                     f"this one knows up to {head})")
                config.attributes["connection"] = conn
                command.upgrade(config, "head")
        except sa.exc.DBAPIError as e:
            raise StoreError(f"cannot open the database {self.url}: {e.orig}") from None

    def ping(self) -> None:
        """One round trip to the database (an error if it does not answer)."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database without holding up a writer
        (SQLite's passive checkpoint); nothing to do on other databases."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            rev: str | None = MigrationContext.configure(conn).get_current_revision()
            return rev

    # --- players -------------------------------------------------------------

    def new_player(self, name: str = "You") -> dict[str, Any]:
        player = {"id": new_id(), "name": name, "created": time.time()}
        with self.engine.begin() as conn:
            conn.execute(players.insert().values(**player))
        return {"id": player["id"], "name": name}

    def player(self, player_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(players.c.id, players.c.name)
                               .where(players.c.id == player_id)).first()
        return None if row is None else {"id": row.id, "name": row.name}

    def rename(self, player_id: str, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id).values(name=name))
            conn.execute(seats.update().where(seats.c.player_id == player_id)
                         .values(name=name))

    def reset_stats(self, player_id: str) -> None:
        """The player's statistics start again: games finished before now no longer count."""
        with self.engine.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id)
                         .values(stats_since=time.time()))

    # --- reviews ---------------------------------------------------------------

    def review(self, table_id: str, kind: str, hand: int, seat: int) -> Any:
        """A stored review's body, or None."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(reviews.c.body).where(
                reviews.c.table_id == table_id, reviews.c.kind == kind,
                reviews.c.hand == hand, reviews.c.seat == seat)).scalar()

    def save_review(self, table_id: str, kind: str, hand: int, seat: int, body: Any) -> None:
        """Keep a review; one already stored (another process was quicker) stays."""
        row = {"table_id": table_id, "kind": kind, "hand": hand, "seat": seat,
               "body": body, "created": time.time()}
        try:
            with self.engine.begin() as conn:
                conn.execute(reviews.insert().values(**row))
        except sa.exc.IntegrityError:
            pass

    # --- tables ----------------------------------------------------------------

    def create_table(self, table: Table) -> None:
        with self.engine.begin() as conn:
            self._insert_table(conn, table)

    def _insert_table(self, conn: sa.Connection, table: Table) -> None:
        now = time.time()
        hosting = table.hosting
        extra: dict[str, Any] = {}
        if hosting is not None:
            extra = {"host": hosting.host, "code": hosting.code, "listed": hosting.listed,
                     "watchable": hosting.watchable, "turn_timer": hosting.turn_timer,
                     "grace": hosting.grace, "partners": hosting.partners,
                     "level": hosting.level, "hints": hosting.hints}
        conn.execute(tables.insert().values(
            id=table.id, game=table.game, options=table.options, seed=table.seed,
            version=0, status="playing" if table.started else "waiting", created=now,
            updated=now, pace=table.pace, first_dealer=table.first_dealer, draw=table.draw,
            daily=table.daily, **extra))
        conn.execute(seats.insert(), [
            {"table_id": table.id, "seat": s, "name": seat.name, "player_id": seat.player,
             "bot": seat.bot, "token_hash": seat.token_hash}
            for s, seat in enumerate(table.seats)])

    def create_daily(self, table: Table, player_id: str, draw: int) -> str:
        """The table of ``player_id``'s try at the day's deal (``table.daily``):
        ``table``, stored now, or the one dealt to them already (an ask that
        came at the same moment, to this process or another), whose id is
        returned."""
        assert table.daily is not None
        key = {"player_id": player_id, "day": table.daily, "game": table.game, "draw": draw}
        try:
            with self.engine.begin() as conn:
                conn.execute(daily_plays.insert().values(table_id=table.id, **key))
                self._insert_table(conn, table)
            return table.id
        except sa.exc.IntegrityError:
            with self.engine.connect() as conn:
                found = conn.execute(sa.select(daily_plays.c.table_id).where(
                    *(daily_plays.c[k] == v for k, v in key.items()))).scalar()
            if found is None:
                raise
            return str(found)

    def create_hosted(self, table: Table) -> None:
        """A table with friends: stored with an invite code no other table has."""
        assert table.hosting is not None
        for _ in range(20):
            try:
                self.create_table(table)
                return
            except sa.exc.IntegrityError:
                table.hosting.code = new_code()  # taken by another table: another code
        raise StoreError("no free invite code found")

    def load_table(self, table_id: str) -> Table | None:
        """The table as it was after its last stored action."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            table_seats, moves, chosen = _parts(conn, table_id, 0)
        hosting = None
        if row.code is not None:
            hosting = Hosting(row.host, row.code, bool(row.listed), bool(row.watchable),
                              row.turn_timer, row.grace, row.partners, row.level,
                              bool(row.hints))
        table = Table(row.id, row.game, dict(row.options), row.seed, table_seats,
                      pace=row.pace, hosting=hosting, status=row.status,
                      first_dealer=row.first_dealer, draw=row.draw, daily=row.daily)
        table.restore(moves)
        table.held = chosen
        table.given_up = row.status == "over" and not table.is_over()
        return table

    def stamp(self, table_id: str) -> tuple[int, float] | None:
        """The table's version and when anything at it last changed (a move, a
        seat, a held pass, a vote): what a process compares to know it is behind."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables.c.version, tables.c.updated)
                               .where(tables.c.id == table_id)).first()
        return None if row is None else (int(row.version), float(row.updated))

    def stamps(self, table_ids: list[str]) -> dict[str, tuple[int, float]]:
        """:meth:`stamp` of many tables in one query."""
        out: dict[str, tuple[int, float]] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(table_ids), 500):
                rows = conn.execute(sa.select(tables.c.id, tables.c.version, tables.c.updated)
                                    .where(tables.c.id.in_(table_ids[start:start + 500])))
                out.update({row.id: (int(row.version), float(row.updated)) for row in rows})
        return out

    def changes(self, table_id: str, version: int) -> Changes | None:
        """What is stored of a table that a process holding it at ``version`` may
        lack (another process changed it): its seats, its start, its held
        passes, its rematch votes and the actions after ``version``. None if the
        table is gone."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables.c.status, tables.c.version, tables.c.updated,
                                         tables.c.first_dealer, tables.c.draw, tables.c.host)
                               .where(tables.c.id == table_id)).first()
            if row is None:
                return None
            table_seats, moves, chosen = _parts(conn, table_id, version)
            votes = set(conn.execute(sa.select(rematch_votes.c.seat)
                                     .where(rematch_votes.c.table_id == table_id)).scalars())
        return Changes((int(row.version), float(row.updated)), row.status != "waiting",
                       row.first_dealer, row.draw, table_seats, moves, chosen, votes, row.host)

    def append(self, table_id: str, move: Move, result: dict[str, Any] | None) -> None:
        """Store one action (and the game's end, when it ends with it)."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"version": move.version + 1, "updated": move.at}
            if result is not None:
                values.update(status="over", result=result)
            done = conn.execute(tables.update().where(
                tables.c.id == table_id, tables.c.version == move.version,
                tables.c.status == "playing").values(**values))
            if done.rowcount != 1:
                status = conn.execute(sa.select(tables.c.status)
                                      .where(tables.c.id == table_id)).scalar()
                # Over without its last move: a Klondike deal given up (no move after it).
                raise TableError("the game is over" if status == "over"
                                 else "the table has moved on")
            conn.execute(actions.insert().values(
                table_id=table_id, seq=move.version, seat=move.seat, action=move.action,
                at=move.at if move.clock is None else move.clock,  # Klondike: its clock
                client_id=move.client_id))
            conn.execute(held.delete().where(held.c.table_id == table_id,
                                             held.c.seat == move.seat))
            if result is not None:
                winners = set(result.get("seats", []))
                for s in range(4):
                    conn.execute(seats.update().where(seats.c.table_id == table_id,
                                                      seats.c.seat == s)
                                 .values(won=s in winners))

    def hold(self, table_id: str, seat: int, chosen: Held) -> None:
        """Keep a Hearts pass chosen early (once: a second one is refused)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(held.insert().values(table_id=table_id, seat=seat,
                                                  action=chosen.action,
                                                  client_id=chosen.client_id, at=chosen.at))
                _touch(conn, table_id)
        except sa.exc.IntegrityError:
            raise TableError("you have chosen your pass already") from None

    # --- seats -------------------------------------------------------------------

    def claim_seat(self, table_id: str, seat: int, player_id: str | None, name: str,
                   token_hash: str, from_bot: bool = False) -> None:
        """Seat a person: one conditional update, so of two claims at once
        exactly one wins; the other is told the seat is taken."""
        free = sa.and_(seats.c.player_id.is_(None), seats.c.token_hash.is_(None))
        free = sa.and_(free, seats.c.bot.is_not(None) if from_bot else seats.c.bot.is_(None))
        try:
            with self.engine.begin() as conn:
                done = conn.execute(seats.update().where(
                    seats.c.table_id == table_id, seats.c.seat == seat, free).values(
                    player_id=player_id, name=name, token_hash=token_hash, bot=None))
                if done.rowcount != 1:
                    raise TableError(f"{SEAT_NAMES[seat]}'s seat is taken")
                _touch(conn, table_id)
        except sa.exc.IntegrityError:
            raise TableError("you already have a seat at this table") from None

    def vacate_seat(self, table_id: str, seat: int, level: str | None,
                    token_hash: str | None = None) -> None:
        """A seat given to a bot: by its person leaving (their token), or by the
        host. ``level`` None frees the seat instead, while the table waits for
        its start (someone leaving the waiting room)."""
        where = [seats.c.table_id == table_id, seats.c.seat == seat]
        if token_hash is not None:
            where.append(seats.c.token_hash == token_hash)
        if level is None:
            where.append(sa.exists().where(tables.c.id == table_id,
                                           tables.c.status == "waiting"))
        with self.engine.begin() as conn:
            done = conn.execute(seats.update().where(*where).values(
                player_id=None, token_hash=None, bot=level, name=SEAT_NAMES[seat]))
            if done.rowcount != 1:
                raise TableError("that seat is not yours")
            _touch(conn, table_id)

    def pass_host(self, table_id: str, host: str, to: str) -> None:
        """The host's part passed from player ``host`` to player ``to``: one
        conditional write, so it passes once, whichever process saw it first."""
        with self.engine.begin() as conn:
            done = conn.execute(tables.update().where(
                tables.c.id == table_id, tables.c.host == host).values(
                host=to, updated=time.time()))
            if done.rowcount != 1:
                raise TableError("the host has changed already")

    def start(self, table: Table) -> None:
        """Store the start of a table's play (its seats as the draw placed them):
        one conditional update, so a table starts once."""
        with self.engine.begin() as conn:
            done = conn.execute(tables.update().where(
                tables.c.id == table.id, tables.c.status == "waiting").values(
                status="playing", first_dealer=table.first_dealer, draw=table.draw,
                updated=time.time()))
            if done.rowcount != 1:
                raise TableError("the game has already started")
            # People change seats in the draw: clear them first, or one person
            # would be in two seats for a moment (the unique index refuses it).
            conn.execute(seats.update().where(seats.c.table_id == table.id)
                         .values(player_id=None, token_hash=None))
            for s, seat in enumerate(table.seats):
                conn.execute(seats.update().where(seats.c.table_id == table.id,
                                                  seats.c.seat == s).values(
                    name=seat.name, player_id=seat.player, bot=seat.bot,
                    token_hash=seat.token_hash))

    def by_code(self, code: str) -> str | None:
        with self.engine.connect() as conn:
            found: str | None = conn.execute(sa.select(tables.c.id).where(
                tables.c.code == code, tables.c.status != "over")).scalar()
        return found

    def lobby(self, game: str | None = None, skip: int = 0,
              page: int = LOBBY_PAGE) -> tuple[list[dict[str, Any]], bool]:
        """Listed tables still waiting for people with a seat free, the newest
        first: ``page`` of them after the ``skip`` newest (every listed waiting
        table counts in ``skip``, a full one too, so pages neither overlap nor
        leave gaps while nothing changes), and whether older ones are left."""
        query = sa.select(tables.c.id, tables.c.game, tables.c.options, tables.c.host,
                          tables.c.created).where(tables.c.listed.is_(True),
                                                  tables.c.status == "waiting")
        if game is not None:
            query = query.where(tables.c.game == game)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(tables.c.created.desc(), tables.c.id)
                                .offset(skip).limit(page)).all()
            ids = [r.id for r in rows]
            seat_rows = conn.execute(sa.select(seats).where(seats.c.table_id.in_(ids))).all()
        by_table: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_table.setdefault(s.table_id, []).append(s)
        out = []
        for r in rows:
            taken = by_table.get(r.id, [])
            free = [s.seat for s in taken
                    if s.player_id is None and s.bot is None and s.token_hash is None]
            host = next((s.name for s in taken if s.player_id == r.host), "")
            if free:
                out.append({"table": r.id, "game": r.game, "options": r.options,
                            "host": host, "free": sorted(free), "people": 4 - len(free),
                            "url": f"/{r.game}/{r.id}"})
        return out, len(rows) == page

    def vote_rematch(self, table_id: str, seat: int) -> set[int]:
        """A seat's yes to a rematch (any number of times), and every seat's so far."""
        with self.engine.begin() as conn:
            try:
                with conn.begin_nested():
                    conn.execute(rematch_votes.insert().values(table_id=table_id, seat=seat))
            except sa.exc.IntegrityError:
                pass
            _touch(conn, table_id)
            return set(conn.execute(sa.select(rematch_votes.c.seat)
                                    .where(rematch_votes.c.table_id == table_id)).scalars())

    def rematch(self, table_id: str, table: Table) -> str:
        """The table that follows ``table_id``: ``table``, stored now, unless one
        was stored before (asked twice, the same answer)."""
        with self.engine.begin() as conn:
            done = conn.execute(tables.update().where(
                tables.c.id == table_id, tables.c.rematch.is_(None)).values(rematch=table.id))
            if done.rowcount == 1:
                self._insert_table(conn, table)
                return table.id
        with self.engine.connect() as conn:
            existing: str = conn.execute(sa.select(tables.c.rematch)
                                         .where(tables.c.id == table_id)).scalar_one()
        return existing

    def unfinished(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games still in play, the latest first (at most 20: where
        each stands is the app's to say, from the table itself)."""
        query = (sa.select(tables.c.id, tables.c.game, tables.c.updated, tables.c.version,
                           tables.c.options)
                 .join(seats, seats.c.table_id == tables.c.id)
                 .where(seats.c.player_id == player_id, tables.c.status == "playing")
                 .order_by(tables.c.updated.desc()).limit(20))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [{"table": r.id, "game": r.game, "url": f"/{r.game}/{r.id}",
                 "updated": iso_time(r.updated), "moves": r.version}
                for r in rows]

    def finished(self, player_id: str) -> list[dict[str, Any]]:
        """The player's finished games since they last reset their statistics,
        oldest first, with their results."""
        query = (sa.select(tables.c.id, tables.c.game, tables.c.updated, tables.c.result,
                           tables.c.options, tables.c.seed, seats.c.seat, seats.c.won)
                 .join(seats, seats.c.table_id == tables.c.id)
                 .where(seats.c.player_id == player_id, tables.c.status == "over")
                 .order_by(tables.c.updated))
        with self.engine.connect() as conn:
            since = conn.execute(sa.select(players.c.stats_since)
                                 .where(players.c.id == player_id)).scalar()
            if since is not None:
                query = query.where(tables.c.updated > since)
            rows = conn.execute(query).all()
            # Every seat's name as it was at the table (people at tables with friends).
            named: dict[str, list[str]] = {}
            ids = [r.id for r in rows if r.game != "klondike"]
            for chunk in range(0, len(ids), 500):
                for row in conn.execute(sa.select(seats.c.table_id, seats.c.name)
                                        .where(seats.c.table_id.in_(ids[chunk:chunk + 500]))
                                        .order_by(seats.c.table_id, seats.c.seat)):
                    named.setdefault(row.table_id, []).append(row.name)
        return [{"table": r.id, "game": r.game, "finished": iso_time(r.updated),
                 "result": r.result, "seed": r.seed, "seat": r.seat, "won": bool(r.won),
                 "options": r.options, **({"names": named[r.id]} if r.id in named else {})}
                for r in rows]


Stored = tuple[str, float, int, "str | None"]  # an action, when, by whom, the client's id


def _parts(conn: sa.Connection, table_id: str, since: int
           ) -> tuple[list[Seat], list[Stored], dict[int, Held]]:
    """A table's seats, its actions from version ``since`` on, its held passes."""
    seat_rows = conn.execute(sa.select(seats).where(seats.c.table_id == table_id)
                             .order_by(seats.c.seat)).all()
    moves = conn.execute(sa.select(actions.c.action, actions.c.at, actions.c.seat,
                                   actions.c.client_id)
                         .where(actions.c.table_id == table_id, actions.c.seq >= since)
                         .order_by(actions.c.seq)).all()
    held_rows = conn.execute(sa.select(held).where(held.c.table_id == table_id)).all()
    return ([Seat(s.name, s.player_id, s.bot, s.token_hash) for s in seat_rows],
            [(m.action, m.at, m.seat, m.client_id) for m in moves],
            {h.seat: Held(h.action, h.client_id, h.at) for h in held_rows})


def _touch(conn: sa.Connection, table_id: str) -> None:
    conn.execute(tables.update().where(tables.c.id == table_id).values(updated=time.time()))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL keeps readers off the writer's back; NORMAL syncs at checkpoints, which
    # survives a crash or restart of the server (only a power cut can lose the last moves).
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # No checkpoint inside a move's commit (one took half a second at 500 tables):
    # the server checkpoints beside the moves (Store.checkpoint), and SQLite
    # checkpoints whatever is left when the database is next opened.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
