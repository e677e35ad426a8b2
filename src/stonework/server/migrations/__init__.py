"""Alembic migrations of the server's database, run at start (``stonework.server.migrate``)."""
