"""The WebSocket of a table: a hello with token and ``since``, then one update frame per change.

Each connection keeps the last ``seq`` and table revision it was sent; after a wake-up it is sent
the view for its seat and every event after that ``seq``, so a reconnect with ``since`` continues
with no gap and no duplicate. Frames are built in worker threads, like HTTP answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from stonework.server import errors
from stonework.server.api import services
from stonework.server.errors import error_body
from stonework.server.jsonout import dumps
from stonework.server.threads import run_in_thread

router = APIRouter()
HELLO_SECONDS = 30.0
MAX_FRAME = 4096
FRAMES_PER_SECOND = 10.0
FRAME_BURST = 30.0


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; a binary frame reads as "" (a bad frame, answered with an error)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else ""


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", **error_body(code, message)}


def _read_hello(text: str) -> tuple[str | None, int]:
    """The token and ``since`` of a hello frame; ApiError(400) if malformed."""
    try:
        frame = json.loads(text)
    except ValueError:
        raise errors.bad_request("a frame must be a JSON object") from None
    if not isinstance(frame, dict) or frame.get("type") != "hello":
        raise errors.bad_request(
            'the first frame must be {"type": "hello", "token": ..., "since": N}'
        )
    unknown = set(frame) - {"type", "token", "since"}
    if unknown:
        raise errors.bad_request(f"unknown fields in hello: {', '.join(sorted(unknown))}")
    token = frame.get("token")
    since = frame.get("since", 0)
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
        raise errors.bad_request("token must be a seat token or null")
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise errors.bad_request("since must be the last seq seen (an integer, 0 for none)")
    return token, since


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Live updates of one table for one seat or a spectator."""
    s = services(websocket)
    await websocket.accept()
    allowance = FRAME_BURST
    last_frame = time.monotonic()

    def rate_ok() -> bool:
        nonlocal allowance, last_frame
        now = time.monotonic()
        allowance = min(FRAME_BURST, allowance + (now - last_frame) * FRAMES_PER_SECOND)
        last_frame = now
        if allowance < 1:
            return False
        allowance -= 1
        return True

    seat: int | None = None
    since = 0
    try:
        while True:
            text = await asyncio.wait_for(_receive_text(websocket), HELLO_SECONDS)
            if not rate_ok():
                await websocket.send_json(_error("rate_limited", "too many frames; slow down"))
                continue
            try:
                if len(text) > MAX_FRAME:
                    raise errors.ApiError(413, "too_large", "a frame is limited to 4 KiB")
                token, since = _read_hello(text)
                runtime = await run_in_thread(s.service.runtime, table_id)
                seat = s.service.seat_of(runtime, token)
                if since > runtime.seq:
                    raise errors.conflict(
                        f"since {since} is ahead of the table (seq {runtime.seq}); use 0 to start over"
                    )
                break
            except errors.ApiError as exc:
                await websocket.send_json({"type": "error", **exc.body()})
                if exc.status in (401, 403, 404):
                    await websocket.close(code=4000 + exc.status)
                    return
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await websocket.close(code=4408)
        return

    wake = asyncio.Event()
    wake.set()
    s.hub.subscribe(table_id, seat, wake)
    closed = asyncio.Event()

    async def pump() -> None:
        last_seq, seen = since, (-1, frozenset[int]())
        while not closed.is_set():
            await wake.wait()
            wake.clear()
            built = await run_in_thread(s.service.frame, table_id, seat, last_seq, seen)
            if built is not None:
                frame, last_seq, seen = built
                await websocket.send_text(dumps(frame).decode("utf-8"))

    sender = asyncio.create_task(pump())
    try:
        while True:
            text = await _receive_text(websocket)
            if not rate_ok():
                await websocket.send_json(_error("rate_limited", "too many frames; slow down"))
                continue
            try:
                frame = json.loads(text) if len(text) <= MAX_FRAME else None
            except ValueError:
                frame = None
            if isinstance(frame, dict) and frame.get("type") == "ping":
                await websocket.send_json({"type": "pong"})
            else:
                await websocket.send_json(
                    _error("bad_request", 'after the hello only {"type": "ping"} is understood')
                )
    except WebSocketDisconnect:
        pass
    finally:
        closed.set()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        s.hub.unsubscribe(table_id, seat, wake)
