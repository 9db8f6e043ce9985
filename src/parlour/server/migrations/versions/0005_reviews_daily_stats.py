"""Stored reviews (a trick-game hand judged by the expert, a Klondike
post-mortem), the daily deal a table was dealt for, and when a player last
reset their statistics.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("body", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    # Plain ADD COLUMN (see 0004): a batch copy would rebuild ``tables``.
    op.add_column("tables", sa.Column("daily", sa.String(10)))
    op.create_index("tables_daily", "tables", ["daily", "game"])
    op.add_column("players", sa.Column("stats_since", sa.Float))


def downgrade() -> None:
    op.drop_column("players", "stats_since")
    op.drop_index("tables_daily", "tables")
    op.drop_column("tables", "daily")
    op.drop_table("reviews")
