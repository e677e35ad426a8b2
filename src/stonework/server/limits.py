"""Request limits at the edge: the body size and per-token (or per-address) request rates."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from stonework.server.errors import error_body
from stonework.server.tokens import bearer_token, digest

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def send_error(send: Send, status: int, code: str, message: str) -> None:
    """Answer an HTTP request with a JSON error."""
    body = json.dumps(error_body(code, message)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """413 for a body over ``limit`` bytes, by Content-Length or while it streams in."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
                if declared > self.limit:
                    await send_error(send, 413, "too_large", self._message())
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await send_error(send, 413, "too_large", self._message())

    def _message(self) -> str:
        return f"the request body is larger than {self.limit // 1024} KiB"


class RateLimit:
    """429 when one seat token (or one address without a token) sends requests too fast."""

    def __init__(self, app: ASGIApp, per_second: float, burst: int) -> None:
        self.app = app
        self.per_second = per_second
        self.burst = float(burst)
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Take one request from ``key``'s bucket; False when it is empty."""
        now = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.per_second)
            if tokens < 1.0:
                self.buckets[key] = (tokens, now)
                return False
            self.buckets[key] = (tokens - 1.0, now)
            if len(self.buckets) > 100_000:
                self.buckets.clear()
            return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/api"):
            await self.app(scope, receive, send)
            return
        header = None
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                header = value.decode("latin-1")
        token = bearer_token(header)
        if token:
            key = "token:" + digest(token)
        else:
            client = scope.get("client")
            key = "addr:" + (str(client[0]) if client else "?")
        if not self.allow(key):
            await send_error(send, 429, "rate_limited", "too many requests; slow down and retry")
            return
        await self.app(scope, receive, send)
