"""Two server processes on one PostgreSQL and one Redis: a move made through one reaches the
WebSocket clients of the other, who is connected to either shows on both, and each AI move is
played once."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from server_helpers import serve
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

import stonework
from stonework.server.settings import normalize_db_url


def connected(client: httpx.Client, table: str) -> list[bool]:
    """Which seats the table's view shows connected."""
    return [s["connected"] for s in client.get(f"/api/tables/{table}").json()["seats"]]


def until(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``check`` until it holds (True) or ``seconds`` pass (False)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_two_processes_share_tables(tmp_path: Path, pg_url: str, redis_url: str) -> None:
    first = serve(tmp_path, pg_url, redis_url)
    second = serve(tmp_path, pg_url, redis_url)
    try:
        a = httpx.Client(base_url=first.url, timeout=30)
        b = httpx.Client(base_url=second.url, timeout=30)
        answer = a.post(
            "/api/tables",
            json={"game": "aztec", "seed": 5, "seats": [{"kind": "human"}, {"kind": "human"}]},
        ).json()
        table = answer["table"]
        seats = {s["seat"]: s["token"] for s in answer["seats"]}
        ws_url = second.url.replace("http", "ws") + f"/api/tables/{table}/ws"
        with connect(ws_url) as ws:
            ws.send(json.dumps({"type": "hello", "token": seats[1], "since": 0}))
            first_frame = json.loads(ws.recv(timeout=10))
            assert first_frame["seq"] == 0 and first_frame["view"]["you"] == 1
            # the seat connected to the second process shows as connected on the first
            assert until(lambda: connected(a, table) == [False, True])
            # and a seat connecting to the first process reaches the second's client
            with connect(first.url.replace("http", "ws") + f"/api/tables/{table}/ws") as other:
                other.send(json.dumps({"type": "hello", "token": seats[0], "since": 0}))
                json.loads(other.recv(timeout=10))
                frame = json.loads(ws.recv(timeout=10))
                while [s["connected"] for s in frame["view"]["seats"]] != [True, True]:
                    frame = json.loads(ws.recv(timeout=10))
                assert frame["events"] == []
            assert until(lambda: connected(b, table) == [False, True])
            frame = json.loads(ws.recv(timeout=10))
            while [s["connected"] for s in frame["view"]["seats"]] != [False, True]:
                frame = json.loads(ws.recv(timeout=10))
            for step in range(1, 5):
                mover = a.get(f"/api/tables/{table}").json()["to_move"]
                headers = {"Authorization": f"Bearer {seats[mover]}"}
                mine = a.get(f"/api/tables/{table}", headers=headers).json()
                move = mine["legal"][0]
                # alternate the process that takes the move
                client = a if step % 2 else b
                response = client.post(
                    f"/api/tables/{table}/actions",
                    headers=headers,
                    json={"seq": mine["seq"], "action": move["notation"]},
                )
                assert response.status_code == 200, response.text
                frame = json.loads(ws.recv(timeout=10))
                assert frame["seq"] == step
                assert [e["text"] for e in frame["events"]] == [move["notation"]]
                assert frame["view"]["you"] == 1
            # the same stale move through the other process is refused
            stale = b.post(
                f"/api/tables/{table}/actions",
                headers=headers,
                json={"seq": mine["seq"], "action": move["notation"]},
            )
            assert stale.status_code == 409
        assert until(lambda: connected(a, table) == [False, False])

        # AI against AI, both processes sweeping for AI turns: each move is played once
        ai_tables = [
            a.post(
                "/api/tables",
                json={
                    "game": "aztec",
                    "seed": seed,
                    "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "greedy"}],
                },
            ).json()["table"]
            for seed in (1, 2, 3)
        ]
        deadline = time.monotonic() + 120
        for ai_table in ai_tables:
            while b.get(f"/api/tables/{ai_table}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the AI games did not finish"
                time.sleep(0.1)
            record = b.get(f"/api/tables/{ai_table}/record").json()
            assert stonework.replay(record).is_terminal
    finally:
        first.stop()
        second.stop()
    engine = create_engine(normalize_db_url(pg_url))
    with engine.connect() as conn:
        events = conn.execute(
            text("SELECT table_id, seq, data FROM events WHERE kind = 'action'")
        ).all()
        claims = {
            (row.table_id, row.seq): row.owner
            for row in conn.execute(text("SELECT table_id, seq, owner FROM ai_claims"))
        }
    engine.dispose()
    ai_events = [(t, s, json.loads(d)) for t, s, d in events if json.loads(d).get("by") == "ai"]
    assert len(ai_events) > 40
    owners = set()
    for table_id, seq, data in ai_events:
        # the process that wrote each AI move is the one that held the turn: no second search
        assert claims[(table_id, seq - 1)] == data["process"]
        owners.add(data["process"])
    assert len(claims) == len(ai_events)
