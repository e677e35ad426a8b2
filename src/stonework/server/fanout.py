"""Live updates: who is connected to which table, and waking them after a change.

A change wakes this process's WebSocket connections directly; with Redis, it is also published
on one channel so that every other server process wakes its own connections to that table. Only
the table id travels: each process reads the change from the database and builds each seat's
view itself, so nothing about any seat's view passes through Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

log = logging.getLogger("stonework.server.fanout")
CHANNEL = "stonework:tables"


class Hub:
    """The connections of this process, by table, and the Redis link to the other processes."""

    def __init__(self, instance: str, redis_url: str | None = None) -> None:
        self.instance = instance
        self.redis_url = redis_url
        self.waiters: dict[str, set[asyncio.Event]] = defaultdict(set)
        self.seats: dict[str, Counter[int]] = defaultdict(Counter)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.redis: Any = None
        self.listener: asyncio.Task[None] | None = None
        self.on_remote: Callable[[str], None] = lambda table_id: None
        """Told of each change another process announced (before this process's clients wake)."""

    async def start(self) -> None:
        """Connect to Redis (if configured) and listen for other processes' changes."""
        self.loop = asyncio.get_running_loop()
        if self.redis_url:
            import redis.asyncio as aioredis

            self.redis = aioredis.from_url(self.redis_url)
            pubsub = self.redis.pubsub()
            await pubsub.subscribe(CHANNEL)
            self.listener = asyncio.create_task(self._listen(pubsub))

    async def stop(self) -> None:
        """Close the Redis link."""
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.listener
        if self.redis is not None:
            await self.redis.aclose()

    def subscribe(self, table_id: str, seat: int | None, wake: asyncio.Event) -> None:
        """Wake ``wake`` after each change of the table (call on the event loop)."""
        self.waiters[table_id].add(wake)
        if seat is not None:
            self.seats[table_id][seat] += 1
            self._wake(table_id)  # the others' views show the seat connected

    def unsubscribe(self, table_id: str, seat: int | None, wake: asyncio.Event) -> None:
        """Stop waking ``wake``."""
        self.waiters[table_id].discard(wake)
        if not self.waiters[table_id]:
            del self.waiters[table_id]
        if seat is not None:
            self.seats[table_id][seat] -= 1
            if self.seats[table_id][seat] <= 0:
                del self.seats[table_id][seat]
            if not self.seats[table_id]:
                del self.seats[table_id]
            self._wake(table_id)

    def connected(self, table_id: str) -> set[int]:
        """Seats with a live connection to this process."""
        counts = self.seats.get(table_id)
        return set(counts) if counts else set()

    def changed(self, table_id: str) -> None:
        """Announce a change of ``table_id`` here and to the other processes (any thread)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._wake, table_id)
        if self.redis is not None:
            message = f"{self.instance} {table_id}"
            loop.call_soon_threadsafe(self._publish, message)

    def _wake(self, table_id: str) -> None:
        for wake in self.waiters.get(table_id, ()):
            wake.set()

    def _publish(self, message: str) -> None:
        task = asyncio.ensure_future(self.redis.publish(CHANNEL, message))
        task.add_done_callback(_log_failure)

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Redis listener failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            data = message.get("data")
            text = data.decode() if isinstance(data, bytes) else str(data)
            origin, _, table_id = text.partition(" ")
            if origin != self.instance and table_id:
                self.on_remote(table_id)
                self._wake(table_id)


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("publishing to Redis failed: %s", task.exception())
