"""Whether the players at a table with friends may ask for a hint: the host's
choice (tables made before had hints, as every table does without friends).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    # Plain ADD COLUMN, not a batch copy (see 0004: the foreign keys on ``tables``).
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
