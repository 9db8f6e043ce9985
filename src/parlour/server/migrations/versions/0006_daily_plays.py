"""One daily table a person, a day, a game and a draw, held by the database:
two asks at once (a double click reaching two server processes) cannot each
deal a table.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "daily_plays",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("draw", sa.Integer, primary_key=True),  # Klondike's 1 or 3; 0 for a trick game
        sa.Column("table_id", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_plays")
