"""Play again: a table's next table, stored once; each seat's outcome for statistics.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32)))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("won", sa.Boolean))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("won")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
