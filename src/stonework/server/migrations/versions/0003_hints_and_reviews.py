"""Hints and reviews: a table's hints flag (agreed at creation) and the stored game reviews.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.hints`` (false for every existing table) and the ``reviews`` table."""
    # a plain ADD COLUMN (SQLite has it for a column with a constant default): a batch copy of
    # "tables" would drop the table that seats and events reference, which SQLite's foreign
    # keys refuse once a table exists
    op.add_column(
        "tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the reviews and the hints flag."""
    op.drop_table("reviews")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
