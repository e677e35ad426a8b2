"""Fixtures of the server tests: an app on a fresh SQLite file, fresh PostgreSQL databases, Redis,
and real server processes.

Tests that need PostgreSQL or Redis skip when the service is not there, except under CI (``CI``
set), where they fail: CI must have started them (``.ci/run``).
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from stonework.server.app import create_app
from stonework.server.settings import Settings

PG_BASE = os.environ.get("STONEWORK_TEST_PG", "postgresql://127.0.0.1:5432/test")
REDIS_URL = os.environ.get("STONEWORK_TEST_REDIS", "redis://127.0.0.1:6379/0")


def unavailable(what: str) -> None:
    """Skip locally, fail under CI, when a service a test needs is not running."""
    message = f"{what} is not reachable"
    if os.environ.get("CI"):
        pytest.fail(message + " (CI must start it: see .ci/run)")
    pytest.skip(message)


def make_settings(data_dir: Path, db_url: str | None = None, **kw: object) -> Settings:
    """Test settings: AI moves in threads, generous rate limits unless a test sets them."""
    values: dict[str, object] = {
        "ai_workers": 0,
        "rate_per_second": 10_000.0,
        "rate_burst": 10_000,
        "sweep_seconds": 0.2,
    }
    values.update(kw)
    if db_url is None:
        return Settings.embedded(data_dir, **values)
    return Settings(db_url=db_url, data_dir=data_dir, **values)  # type: ignore[arg-type]


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


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``stonework serve`` in a subprocess on a free loopback port."""

    def __init__(self, data_dir: Path, db_url: str, redis_url: str | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [
            sys.executable,
            "-c",
            "from stonework.cli.main import app; app()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            db_url,
            "--data-dir",
            str(data_dir),
            "--ai-workers",
            "1",
        ]
        if redis_url:
            args += ["--redis", redis_url]
        self.log = (data_dir / f"server-{self.port}.log").open("wb")
        # the tests poll as fast as they can from one address: lift the per-address limit
        env = dict(os.environ, STONEWORK_RATE_PER_SECOND="100000", STONEWORK_RATE_BURST="100000")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: see {self.log.name}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not start within 60 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        """Stop politely, then for sure."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()
