"""Snapshots of a table's game every so many events, so a rebuild need not replay the whole log.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the snapshots table (tables written before it simply have none: they replay)."""
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entries", sa.Integer, nullable=False),
        sa.Column("last_entry", sa.Integer, nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the snapshots (the logs still hold everything)."""
    op.drop_table("snapshots")
