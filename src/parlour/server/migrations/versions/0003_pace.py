"""How quickly the bots at a table play: slow, normal or fast.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("pace", sa.String(8), nullable=False,
                                   server_default="normal"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("pace")
