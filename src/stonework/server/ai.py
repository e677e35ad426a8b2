"""AI seats: moves are chosen in worker processes and submitted through the same path as people's.

A process claims an AI turn (table, seq) in the database for a lease before it thinks, so with
several server processes each AI move is searched once; the (table, seq) key would refuse a
second copy anyway; the claim is renewed before the move is written, so a process whose lease
ran out while it thought leaves the turn to the one that took it over. A sweeper looks for AI turns that nobody holds (after a restart, or when the
process that claimed one died) and plays them, so AI seats resume by themselves.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from stonework.agents.catalog import agent_from_spec
from stonework.core.record import replay
from stonework.core.rng import derive_rng
from stonework.server.storage import Store
from stonework.server.tables import AiTurn, TableService

log = logging.getLogger("stonework.server.ai")


def choose(record: dict[str, Any], agent: str, seed: int, seq: int) -> str:
    """Rebuild the game from its record and let the agent choose (runs in a worker process).

    The agent's generator is derived from the table's secret seed and the log position, so the
    same turn gets the same choice after a restart (for agents with an iteration budget).
    """
    state = replay(record)
    return str(agent_from_spec(agent).act(state, derive_rng(seed, "ai", seq)))


def watch_parent(parent: int) -> None:
    """Exit this worker when the server that started it is gone (even after a SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class AiPlayer:
    """Plays the AI seats of this process's tables without blocking the event loop."""

    def __init__(
        self,
        service: TableService,
        store: Store,
        owner: str,
        workers: int,
        sweep_seconds: float,
    ) -> None:
        self.service = service
        self.store = store
        self.owner = owner
        self.workers = workers
        self.sweep_seconds = sweep_seconds
        self.executor: Executor | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.busy: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the worker pool and the sweeper (which resumes AI turns left by a restart)."""
        self.loop = asyncio.get_running_loop()
        if self.workers > 0:
            self.executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        self.sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        """Stop sweeping and thinking; unfinished turns are resumed by the next start."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

    def schedule(self, table_id: str) -> None:
        """Look at ``table_id`` for an AI turn (callable from any thread)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._spawn, table_id)

    def _spawn(self, table_id: str) -> None:
        if table_id in self.busy:
            return
        self.busy.add(table_id)
        task = asyncio.create_task(self._run(table_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, table_id: str) -> None:
        try:
            while True:
                turn: AiTurn | None = await asyncio.to_thread(self.service.ai_turn, table_id)
                if turn is None:
                    return
                claimed = await asyncio.to_thread(
                    self.store.claim_ai_turn, table_id, turn.seq, self.owner, turn.lease
                )
                if not claimed:
                    return
                loop = asyncio.get_running_loop()
                notation = await loop.run_in_executor(
                    self.executor, choose, turn.record, turn.agent, turn.seed, turn.seq
                )
                # Renew the claim before writing: a search that outlived its lease (a slow worker
                # start on a loaded machine) may have been taken over by another process, which
                # then writes the move; ours is dropped, so only the holder ever writes.
                still_ours = await asyncio.to_thread(
                    self.store.claim_ai_turn, table_id, turn.seq, self.owner, turn.lease
                )
                if not still_ours:
                    return
                await asyncio.to_thread(
                    self.service.submit_ai, table_id, turn.seat, turn.seq, notation, self.owner
                )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI seat at table %s failed; the sweeper will try again", table_id)
        finally:
            self.busy.discard(table_id)

    async def _sweep(self) -> None:
        while True:
            try:
                for table_id in await asyncio.to_thread(self.store.ai_tables):
                    self._spawn(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for AI turns failed")
            await asyncio.sleep(self.sweep_seconds)
