"""Online tables: a host, an invite code, who may come in, timers; seat tokens
(hashed); the id a client gave each action; passes chosen before their turn;
rematch votes.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    # Plain ADD COLUMN, not a batch copy: SQLite would drop and rebuild ``tables``,
    # which the seats' and actions' foreign keys refuse.
    for column in (
        sa.Column("host", sa.String(32)),
        sa.Column("code", sa.String(8)),
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("watchable", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("turn_timer", sa.Integer),
        sa.Column("grace", sa.Integer, nullable=False, server_default="60"),
        sa.Column("partners", sa.String(8), nullable=False, server_default="seats"),
        sa.Column("level", sa.String(16), nullable=False, server_default="normal"),
        sa.Column("first_dealer", sa.Integer),
        sa.Column("draw", sa.JSON),
    ):
        op.add_column("tables", column)
    op.create_index("tables_code", "tables", ["code"], unique=True)
    op.create_index("tables_lobby", "tables", ["listed", "status", "game"])
    op.add_column("seats", sa.Column("token_hash", sa.String(64)))
    op.create_index("seats_one_per_person", "seats", ["table_id", "player_id"], unique=True)
    op.add_column("actions", sa.Column("client_id", sa.String(40)))
    op.create_table(
        "held",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("client_id", sa.String(40)),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rematch_votes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("rematch_votes")
    op.drop_table("held")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("client_id")
    op.drop_index("seats_one_per_person", "seats")
    op.drop_index("tables_lobby", "tables")
    op.drop_index("tables_code", "tables")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("token_hash")
    with op.batch_alter_table("tables") as batch:
        for column in ("draw", "first_dealer", "level", "partners", "grace", "turn_timer",
                       "watchable", "listed", "code", "host"):
            batch.drop_column(column)
