"""Bring the database schema to the newest Alembic revision (run by the server at start)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).parent / "migrations"
_PG_MIGRATION_LOCK = 0x5730_6E65  # any fixed number: processes starting together take turns


def upgrade(engine: Engine) -> None:
    """Run every migration not yet applied; safe when several processes start at once on PostgreSQL."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_MIGRATION_LOCK})
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
