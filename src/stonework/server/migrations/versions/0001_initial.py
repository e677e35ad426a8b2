"""The first schema: tables, seats, the event log and AI turn claims.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(40), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("ai_to_move", sa.Boolean, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_tables_status", "tables", ["status", "updated_at"])
    op.create_index("ix_tables_ai", "tables", ["ai_to_move", "status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_index("ix_seats_token", "seats", ["token_hash"])
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ai_claims",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop everything."""
    for name in ("ai_claims", "events", "seats", "tables"):
        op.drop_table(name)
