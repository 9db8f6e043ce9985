"""The store's tables, in SQLAlchemy Core: players, tables, their seats and
every action, the Hearts passes held, rematch votes, saved reviews and the
daily deals' tries. Alembic's migrations (``migrations/``) make a database
match them; ``store.py`` reads and writes them.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()
players = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("stats_since", sa.Float),  # the statistics count games finished after it
)
tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("status", sa.String(12), nullable=False),
    sa.Column("result", sa.JSON),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("rematch", sa.String(32)),
    sa.Column("pace", sa.String(8), nullable=False),
    sa.Column("host", sa.String(32)),
    sa.Column("code", sa.String(8), unique=True),
    sa.Column("listed", sa.Boolean, nullable=False, default=False),
    sa.Column("watchable", sa.Boolean, nullable=False, default=False),
    sa.Column("turn_timer", sa.Integer),
    sa.Column("grace", sa.Integer, nullable=False, default=60),
    sa.Column("partners", sa.String(8), nullable=False, default="seats"),
    sa.Column("level", sa.String(16), nullable=False, default="normal"),
    sa.Column("hints", sa.Boolean, nullable=False, default=True),
    sa.Column("first_dealer", sa.Integer),
    sa.Column("draw", sa.JSON),
    sa.Column("daily", sa.String(10)),  # the day whose daily deal this is (YYYY-MM-DD)
)
seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("player_id", sa.String(32)),
    sa.Column("bot", sa.String(16)),
    sa.Column("won", sa.Boolean),
    sa.Column("token_hash", sa.String(64)),
)
actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("client_id", sa.String(40)),
)
# Hearts passes chosen before the seats ahead have passed, made at their turn.
held = sa.Table(
    "held", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("client_id", sa.String(40)),
    sa.Column("at", sa.Float, nullable=False),
)
rematch_votes = sa.Table(
    "rematch_votes", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
)

# What a slow judgement found, kept so that a second look is instant: a
# trick-game hand reviewed for one seat (kind "hand"), a Klondike post-mortem
# (kind "postmortem", hand 0, seat 0).
reviews = sa.Table(
    "reviews", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("kind", sa.String(16), primary_key=True),
    sa.Column("hand", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("body", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

# The daily deal's one try: the table a person was dealt for a day's deal of a
# game (and a draw: Klondike's 1 or 3, 0 for Spades and Hearts).
daily_plays = sa.Table(
    "daily_plays", metadata,
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("day", sa.String(10), primary_key=True),
    sa.Column("game", sa.String(16), primary_key=True),
    sa.Column("draw", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.String(32), nullable=False),
)
