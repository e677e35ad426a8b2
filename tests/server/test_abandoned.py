"""A waiting or running table nobody touches and nobody is connected to becomes ``abandoned``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, make_settings, tokens, view

from stonework.server.app import create_app


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """A server that abandons tables idle for half a second, looking ten times a second."""
    settings = make_settings(tmp_path, abandon_seconds=0.5, abandon_sweep_seconds=0.1)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def status_after(client: TestClient, table: str, seconds: float) -> str:
    time.sleep(seconds)
    return str(view(client, table)["status"])


def test_idle_tables_nobody_watches_are_abandoned(quick: TestClient) -> None:
    running = create(quick, "aztec", [{"kind": "human"}, {"kind": "human"}])
    waiting = create(quick, "aztec", [{"kind": "human"}, {"kind": "open"}])
    watched = create(quick, "aztec", [{"kind": "human"}, {"kind": "human"}])
    table, seat_tokens = running["table"], tokens(running)
    with quick.websocket_connect(f"/api/tables/{watched['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": tokens(watched)[0], "since": 0})
        ws.receive_json()
        deadline = time.monotonic() + 15
        for idle in (table, waiting["table"]):
            while view(quick, idle)["status"] != "abandoned":
                assert time.monotonic() < deadline, "an idle table was not abandoned"
                time.sleep(0.1)
        # a seat connected keeps its table going however long nobody moves
        assert status_after(quick, watched["table"], 1.0) == "running"
    abandoned = view(quick, table, seat_tokens[0])
    assert abandoned["to_move"] is None and abandoned["legal"] == []
    assert abandoned["turn"] == "the table was abandoned"
    # nothing more happens at an abandoned table
    move = quick.post(
        f"/api/tables/{table}/actions",
        headers=auth(seat_tokens[0]),
        json={"seq": abandoned["seq"], "action_id": 0},
    )
    assert move.status_code == 409 and "abandoned" in move.json()["error"]["message"]
    invite = waiting["invites"][0]["invite"]
    join = quick.post(f"/api/tables/{waiting['table']}/join", json={"invite": invite})
    assert join.status_code == 409
    listed = quick.get("/api/tables", params={"status": "abandoned"}).json()
    assert {t["table"] for t in listed} >= {table, waiting["table"]}
    # once nobody watches it any more, the watched table goes the same way
    assert status_after(quick, watched["table"], 3.0) == "abandoned"
