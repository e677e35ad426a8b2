"""Where the table service runs: a few worker threads, so the event loop never waits on it.

The service is CPU-bound Python (drawing SVGs, building views) between short database calls.
Many threads at once would only take turns on the GIL, and each database call would wait for
its turn again; a handful keeps a move's latency close to its own work, and the rest of the
requests wait in order on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from anyio import CapacityLimiter, to_thread

T = TypeVar("T")
SERVICE_THREADS = 4
_limiter: CapacityLimiter | None = None


async def run_in_thread(function: Callable[..., T], *args: object) -> T:
    """Run ``function(*args)`` in one of the service's threads."""
    global _limiter
    if _limiter is None:
        _limiter = CapacityLimiter(SERVICE_THREADS)
    return await to_thread.run_sync(function, *args, limiter=_limiter)
