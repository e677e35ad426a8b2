"""Small helpers shared by the server tests."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stonework.cli.serve_process import ServeProcess
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


def serve(
    data_dir: Path, db_url: str, redis_url: str | None = None, env: dict[str, str] | None = None
) -> ServeProcess:
    """``stonework serve`` in a subprocess on ``db_url`` (and Redis), one AI worker, ready;
    ``env`` adds environment settings (e.g. ``STONEWORK_SNAPSHOT_EVERY``)."""
    args = ["--db", db_url, "--ai-workers", "1"]
    if redis_url:
        args += ["--redis", redis_url]
    return ServeProcess(data_dir, *args, env=env)


def auth(token: str) -> dict[str, str]:
    """The Authorization header of a seat token."""
    return {"Authorization": f"Bearer {token}"}


def create(
    client: Any, game: str, seats: list[dict[str, Any]], seed: int = 1, **kw: Any
) -> dict[str, Any]:
    """Create a table and return the answer (fails the test on an error)."""
    body = {"game": game, "seats": seats, "seed": seed, **kw}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def tokens(answer: dict[str, Any]) -> dict[int, str]:
    """Seat -> token of a create answer."""
    return {s["seat"]: s["token"] for s in answer["seats"] if "token" in s}


def view(client: Any, table: str, token: str | None = None) -> dict[str, Any]:
    """The table's view for a token (spectator without)."""
    response = client.get(f"/api/tables/{table}", headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def play_random_move(
    client: Any, table: str, seat_tokens: dict[int, str], rng: random.Random
) -> dict[str, Any] | None:
    """Let the seat to move play a random legal action; None once the table is not running."""
    current = view(client, table)
    if current["status"] != "running" or current["to_move"] is None:
        return None
    token = seat_tokens[current["to_move"]]
    mine = view(client, table, token)
    choice = rng.choice(mine["legal"])
    response = client.post(
        f"/api/tables/{table}/actions",
        headers=auth(token),
        json={"seq": mine["seq"], "action_id": choice["id"]},
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def wait_for(client: TestClient, table: str, check: Any, seconds: float = 30.0) -> dict[str, Any]:
    """Poll the spectator view until ``check(view)`` holds (AI seats play in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        current = view(client, table)
        if check(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting; last view seq {current['seq']}")
        time.sleep(0.02)
