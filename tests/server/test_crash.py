"""SIGKILL in the middle of play loses nothing: acknowledged actions survive, games go on, and the
finished records equal those of an uninterrupted run with the same seeds (SQLite and PostgreSQL)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import serve
from sqlalchemy import text as sql

from stonework.server.storage import make_engine

TABLES: list[dict[str, Any]] = [
    {"game": "aztec", "seed": 11, "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]},
    {"game": "aztec", "seed": 12, "seats": [{"kind": "human"}, {"kind": "human"}]},
    {
        "game": "akropolis",
        "seed": 13,
        "seats": [{"kind": "human"}, {"kind": "ai", "agent": "greedy"}],
    },
    {
        "game": "akropolis",
        "seed": 14,
        "players": 3,
        "seats": [{"kind": "human"}] * 2 + [{"kind": "ai", "agent": "random"}],
    },
]


class Player:
    """Plays the people's seats of several tables, one action per table in turn, deterministically."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30)
        self.tables: list[tuple[str, dict[int, str]]] = []
        self.acknowledged: list[tuple[str, int, str]] = []

    def create_all(self) -> None:
        for spec in TABLES:
            answer = self.http.post("/api/tables", json=spec).json()
            seats = {s["seat"]: s["token"] for s in answer["seats"] if "token" in s}
            self.tables.append((answer["table"], seats))

    def step(self, table: str, seats: dict[int, str]) -> bool:
        """Play one person's action if it is a person's turn; False once the table is over."""
        answer = self.http.get(f"/api/tables/{table}")
        assert answer.status_code == 200, answer.text
        public = answer.json()
        if public["status"] != "running":
            return False
        mover = public["to_move"]
        if mover not in seats:
            return True  # an AI seat is thinking
        headers = {"Authorization": f"Bearer {seats[mover]}"}
        mine = self.http.get(f"/api/tables/{table}", headers=headers).json()
        if mine["to_move"] != mover:
            return True
        legal = mine["legal"]
        choice = legal[(mine["seq"] * 7 + mover) % len(legal)]
        response = self.http.post(
            f"/api/tables/{table}/actions",
            headers=headers,
            json={"seq": mine["seq"], "action": choice["notation"]},
        )
        if response.status_code == 200:
            self.acknowledged.append((table, mine["seq"] + 1, choice["notation"]))
        else:
            assert response.status_code == 409, response.text  # an AI move came first
        return True

    def play(self, limit: int | None = None, seconds: float = 240.0) -> None:
        """Play until every table is over (or ``limit`` more actions are acknowledged)."""
        deadline = time.monotonic() + seconds
        start = len(self.acknowledged)
        running = True
        while running:
            running = False
            for table, seats in self.tables:
                running = self.step(table, seats) or running
                if limit is not None and len(self.acknowledged) - start >= limit:
                    return
            assert time.monotonic() < deadline, "the games did not finish in time"
            time.sleep(0.005)

    def records(self) -> list[dict[str, Any]]:
        out = []
        for table, _ in self.tables:
            record = self.http.get(f"/api/tables/{table}/record").json()
            record.pop("meta", None)
            out.append(record)
        return out


@pytest.fixture(scope="module")
def expected_records(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The records of the same tables played without interruption."""
    folder = tmp_path_factory.mktemp("reference")
    server = serve(folder, f"sqlite:///{folder / 'reference.db'}")
    try:
        uninterrupted = Player(server.url)
        uninterrupted.create_all()
        uninterrupted.play()
        return uninterrupted.records()
    finally:
        server.stop()


def crash_and_compare(tmp_path: Path, db_url: str, expected: list[dict[str, Any]]) -> None:
    # snapshots every few events: the restarted server rebuilds from them, and the records must
    # still equal those of the reference run (which snapshots at the default pace)
    snapshots = {"STONEWORK_SNAPSHOT_EVERY": "4"}
    first = serve(tmp_path, db_url, env=snapshots)
    player = Player(first.url)
    try:
        player.create_all()
        player.play(limit=45)
    finally:
        first.kill()
    acknowledged = list(player.acknowledged)
    second = serve(tmp_path, db_url, env=snapshots)
    try:
        player.http = httpx.Client(base_url=second.url, timeout=30)
        for table, seq, text in acknowledged:
            log = player.http.get(f"/api/tables/{table}").json()["log"]
            assert any(e["seq"] == seq and e["text"] == text for e in log), (table, seq, text)
        player.play()
        interrupted = player.records()
    finally:
        second.stop()
    assert all(record["count"] > 20 for record in interrupted)
    assert interrupted == expected
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM snapshots")).scalar_one() > 10
    finally:
        engine.dispose()


def test_sigkill_loses_nothing_on_sqlite(
    tmp_path: Path, expected_records: list[dict[str, Any]]
) -> None:
    crash_and_compare(tmp_path, f"sqlite:///{tmp_path / 'crash.db'}", expected_records)


def test_sigkill_loses_nothing_on_postgresql(
    tmp_path: Path, pg_url: str, expected_records: list[dict[str, Any]]
) -> None:
    crash_and_compare(tmp_path, pg_url, expected_records)
