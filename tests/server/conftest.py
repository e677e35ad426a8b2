"""Fixtures of the server tests: an app on a fresh SQLite file, fresh PostgreSQL databases, Redis.
The functions the tests import are in ``server_helpers.py``.

Tests that need PostgreSQL or Redis skip when the service is not there, except under CI (``CI``
set), where they fail: CI must have started them (``.ci/run``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import PG_BASE, REDIS_URL, make_settings, unavailable

from stonework.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of a fresh app on its own SQLite file."""
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


def _pg_admin() -> tuple[object, str]:
    import psycopg

    last: Exception | None = None
    for user in ("postgres", "root"):
        url = PG_BASE.replace("postgresql://", f"postgresql://{user}@", 1)
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=3), url
        except Exception as exc:  # any failure to connect means: no usable server
            last = exc
    unavailable(f"PostgreSQL at {PG_BASE} ({last})")
    raise AssertionError("unreachable")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh PostgreSQL database of its own, dropped afterwards."""
    conn, url = _pg_admin()
    name = "stonework_test_" + secrets.token_hex(6)
    conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[attr-defined]
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[attr-defined]
        conn.close()  # type: ignore[attr-defined]


@pytest.fixture
def redis_url() -> str:
    """The Redis URL, after checking that it answers."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except Exception as exc:
        unavailable(f"Redis at {REDIS_URL} ({exc})")
    return REDIS_URL
