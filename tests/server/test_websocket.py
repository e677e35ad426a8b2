"""The table WebSocket: a frame per change for each seat and spectator, resume with ``since``."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import auth, create, play_random_move, tokens, view

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def hello(ws: Any, token: str | None, since: int) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "since": since})
    frame: dict[str, Any] = ws.receive_json()
    return frame


def receive_step(ws: Any, step: int) -> dict[str, Any]:
    """The frame of move ``step``; frames before it may only say who connected."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["seq"] == step:
            return frame
        assert frame["seq"] < step and frame["events"] == [], frame["events"]


def test_each_seat_and_spectator_get_their_own_frames(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2, seed=3)
    table, seats = answer["table"], tokens(answer)
    rng = random.Random(3)
    path = f"/api/tables/{table}/ws"
    with (
        client.websocket_connect(path) as ws0,
        client.websocket_connect(path) as ws1,
        client.websocket_connect(path) as wss,
    ):
        sockets = {0: ws0, 1: ws1, None: wss}
        for seat, ws in sockets.items():
            first = hello(ws, seats[seat] if seat is not None else None, 0)
            assert first["type"] == "update" and first["view"]["you"] == seat
            assert first["events"] == [] and first["seq"] == 0
        # seat 0 hears that seat 1 connected (a frame with no events)
        while not ws0.receive_json()["view"]["seats"][1]["connected"]:
            pass
        for step in range(1, 4):
            moved = play_random_move(client, table, seats, rng)
            assert moved is not None
            for seat, ws in sockets.items():
                frame = receive_step(ws, step)
                assert frame["seq"] == step and frame["view"]["you"] == seat
                assert [e["seq"] for e in frame["events"]] == [step]
                mover = frame["view"]["to_move"]
                assert bool(frame["view"]["legal"]) == (seat is not None and seat == mover)
        ws0.send_json({"type": "ping"})
        assert ws0.receive_json() == {"type": "pong"}
        ws0.send_text("not json")
        assert ws0.receive_json()["error"]["code"] == "bad_request"
        ws0.send_json({"type": "move", "action": "x"})
        assert ws0.receive_json()["type"] == "error"
        ws0.send_bytes(b"\x00\x01")
        assert ws0.receive_json()["error"]["code"] == "bad_request"
        ws0.send_json({"type": "ping"})
        assert ws0.receive_json() == {"type": "pong"}
    assert view(client, table)["seq"] == 3


def test_resume_with_since_has_no_gap_and_no_duplicate(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2, seed=8)
    table, seats = answer["table"], tokens(answer)
    rng = random.Random(8)
    seen: list[int] = []
    path = f"/api/tables/{table}/ws"
    last = 0
    for round_ in range(3):
        with client.websocket_connect(path) as ws:
            frame = hello(ws, seats[round_ % 2], last)
            seen += [e["seq"] for e in frame["events"]]
            last = frame["seq"]
            for _ in range(2):
                play_random_move(client, table, seats, rng)
                frame = ws.receive_json()
                seen += [e["seq"] for e in frame["events"]]
                last = frame["seq"]
        # moves made while nobody listens
        play_random_move(client, table, seats, rng)
        play_random_move(client, table, seats, rng)
    with client.websocket_connect(path) as ws:
        frame = hello(ws, None, last)
        seen += [e["seq"] for e in frame["events"]]
        last = frame["seq"]
    assert seen == list(range(1, last + 1))


def test_bad_hellos_get_error_frames(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2, seed=2)
    table = answer["table"]
    other = tokens(create(client, "aztec", HUMANS2, seed=3))[0]
    path = f"/api/tables/{table}/ws"
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "since": -1})
        assert ws.receive_json()["error"]["code"] == "bad_request"
        ws.send_json({"type": "hello", "since": 99})
        assert ws.receive_json()["error"]["code"] == "conflict"
        ws.send_json({"type": "hello", "token": None, "since": 0, "x": 1})
        assert ws.receive_json()["error"]["code"] == "bad_request"
        assert hello(ws, None, 0)["type"] == "update"
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": "wrong", "since": 0})
        assert ws.receive_json()["error"]["code"] == "unauthorized"
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": other, "since": 0})
        assert ws.receive_json()["error"]["code"] == "forbidden"
    with client.websocket_connect("/api/tables/t_missing/ws") as ws:
        ws.send_json({"type": "hello", "token": None, "since": 0})
        assert ws.receive_json()["error"]["code"] == "not_found"
    assert view(client, table)["seq"] == 0


def test_a_move_by_http_reaches_the_socket_with_auth(client: TestClient) -> None:
    answer = create(client, "aztec", HUMANS2, seed=6)
    table, seats = answer["table"], tokens(answer)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        first = hello(ws, seats[0], 0)
        mover = first["view"]["to_move"]
        mine = view(client, table, seats[mover])
        client.post(
            f"/api/tables/{table}/actions",
            headers=auth(seats[mover]),
            json={"seq": 0, "action_id": mine["legal"][0]["id"]},
        )
        frame = ws.receive_json()
        assert frame["events"][0]["text"] == mine["legal"][0]["notation"]
