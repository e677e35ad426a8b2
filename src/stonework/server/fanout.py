"""Live updates: who is connected to which table, and waking them after a change.

A change wakes this process's WebSocket connections directly; with Redis, it is also published
on one channel so that every other server process wakes its own connections to that table. Only
the table id travels: each process reads the change from the database and builds each seat's
view itself, so nothing about any seat's view passes through Redis.

Who is connected is shared the same way: each process keeps a Redis key per table it has seats
connected to (``stonework:presence:<table>:<process>``, the seats, expiring after
``PRESENCE_TTL`` unless refreshed), publishes each change of it, and refreshes it every
``BEAT_SECONDS``. The others keep what they heard until it expires, so the seats of a process
that died stop showing as connected within ``PRESENCE_TTL`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

log = logging.getLogger("stonework.server.fanout")
CHANNEL = "stonework:tables"
PRESENCE_KEY = "stonework:presence:"
PRESENCE_TTL = 30.0
BEAT_SECONDS = 10.0


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
        self.remote: dict[str, dict[str, tuple[frozenset[int], float]]] = defaultdict(dict)
        """Seats connected to other processes: table -> process -> (seats, when that expires)."""
        self.beater: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect to Redis (if configured) and listen for other processes' changes."""
        self.loop = asyncio.get_running_loop()
        if self.redis_url:
            import redis.asyncio as aioredis

            self.redis = aioredis.from_url(self.redis_url)
            pubsub = self.redis.pubsub()
            await pubsub.subscribe(CHANNEL)
            self.listener = asyncio.create_task(self._listen(pubsub))
            await self._read_presence()
            self.beater = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        """Close the Redis link (forgetting this process's presence keys)."""
        for task in (self.listener, self.beater):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self.redis is not None:
            with contextlib.suppress(Exception):
                for table_id in list(self.seats):
                    await self._send_presence(table_id, frozenset())
            await self.redis.aclose()

    def subscribe(self, table_id: str, seat: int | None, wake: asyncio.Event) -> None:
        """Wake ``wake`` after each change of the table (call on the event loop)."""
        self.waiters[table_id].add(wake)
        if seat is not None:
            self.seats[table_id][seat] += 1
            self._wake(table_id)  # the others' views show the seat connected
            self._presence_changed(table_id)

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
            self._presence_changed(table_id)

    def connected(self, table_id: str) -> set[int]:
        """Seats with a live connection to this process or (with Redis) to another one."""
        counts = self.seats.get(table_id)
        out = set(counts) if counts else set()
        others = self.remote.get(table_id)
        if others:
            now = time.monotonic()
            for seats, expires in list(others.values()):
                if expires > now:
                    out |= seats
        return out

    def _presence_changed(self, table_id: str) -> None:
        if self.redis is not None:
            seats = frozenset(self.seats.get(table_id, ()))
            task = asyncio.ensure_future(self._send_presence(table_id, seats))
            task.add_done_callback(_log_failure)

    async def _send_presence(self, table_id: str, seats: frozenset[int]) -> None:
        key = f"{PRESENCE_KEY}{table_id}:{self.instance}"
        text = ",".join(str(seat) for seat in sorted(seats)) or "-"
        if seats:
            await self.redis.set(key, text, ex=int(PRESENCE_TTL))
        else:
            await self.redis.delete(key)
        await self.redis.publish(CHANNEL, f"presence {self.instance} {table_id} {text}")

    def _heard_presence(self, origin: str, table_id: str, text: str, ttl: float) -> None:
        seats = frozenset(int(part) for part in text.split(",") if part.isdigit())
        before = self.connected(table_id)
        if seats:
            self.remote[table_id][origin] = (seats, time.monotonic() + ttl)
        else:
            self.remote.get(table_id, {}).pop(origin, None)
            if not self.remote.get(table_id):
                self.remote.pop(table_id, None)
        if self.connected(table_id) != before:
            self._wake(table_id)

    async def _read_presence(self) -> None:
        """What the other processes had announced before this one started."""
        async for key in self.redis.scan_iter(match=PRESENCE_KEY + "*", count=500):
            name = key.decode() if isinstance(key, bytes) else str(key)
            table_id, _, origin = name[len(PRESENCE_KEY) :].rpartition(":")
            value = await self.redis.get(key)
            ttl = await self.redis.ttl(key)
            if value is not None and origin != self.instance and ttl > 0:
                text = value.decode() if isinstance(value, bytes) else str(value)
                self._heard_presence(origin, table_id, text, float(ttl))

    async def _beat(self) -> None:
        """Refresh this process's presence; forget (and show) other processes' expired ones."""
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                for table_id, counts in list(self.seats.items()):
                    await self._send_presence(table_id, frozenset(counts))
            except Exception:
                log.exception("refreshing presence in Redis failed")
            now = time.monotonic()
            for table_id, others in list(self.remote.items()):
                gone = [origin for origin, (_, expires) in others.items() if expires <= now]
                for origin in gone:
                    del others[origin]
                if gone:
                    if not others:
                        del self.remote[table_id]
                    self._wake(table_id)

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
            if text.startswith("presence "):
                parts = text.split(" ")
                if len(parts) == 4 and parts[1] != self.instance:
                    self._heard_presence(parts[1], parts[2], parts[3], PRESENCE_TTL)
                continue
            origin, _, table_id = text.partition(" ")
            if origin != self.instance and table_id:
                self.on_remote(table_id)
                self._wake(table_id)


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("publishing to Redis failed: %s", task.exception())
