"""Hints and reviews through the server: the analysis library (``stonework.analysis``) run in
worker processes, so a search never blocks the event loop (docs/server.md, "Hints and reviews").

**Only the asking seat's information.** Before a position leaves the table service, it is
replaced by a world sampled from what the deciding seat may see (``state.determinize(seat)``,
with a generator derived from the table's seed and the log position), and the worker gets the
record of that world: the worker never holds another seat's hand or secret choice, and the
search determinizes again from there, as the agents do. Two tables that differ only in what the
seat cannot see give the same hint, byte for byte.

**Bounded.** Each search has a time budget (``Settings.hint_seconds``, ``review_seconds``) or a
fixed number of iterations (``Settings.analysis_agent``); a request waits for its answer at
most a generous multiple of that; each seat token (or address) may ask for a few a minute
(``hint_per_minute``, ``hint_burst``) with one hint in flight at a time; a review analyses its
decisions one after the other, so a hint waits behind at most one decision of a review.

**Reviews are stored.** A finished table's review of one seat is computed once (a claim in the
``reviews`` table, renewed while it runs, so a crashed process's review can be taken over) and
kept with its progress, so every process and every later visitor reads the same result.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from stonework.analysis import (
    THRESHOLDS,
    DecisionAnalysis,
    analyse_decision,
    analyse_record_entry,
    analysis_agent,
    decision_json,
    default_agent_spec,
    summarise,
    summary_json,
)
from stonework.analysis.annotations import INFORMATION
from stonework.core.errors import StoneworkError
from stonework.core.record import Record, replay
from stonework.core.rng import derive_rng
from stonework.core.state import CHANCE, State
from stonework.server import errors
from stonework.server.ai import watch_parent
from stonework.server.hint_policy import hint_refusal
from stonework.server.settings import Settings
from stonework.server.storage import ReviewRow, Store
from stonework.server.tables import TableService
from stonework.server.threads import run_in_thread

log = logging.getLogger("stonework.server.analysis")

HINT_MOVES = 3
"""How many moves a hint lists."""
REVIEW_SEED = 0
"""Reviews use seed 0, as ``stonework analyse`` does by default: the CLI can reproduce them."""
CACHE_SIZE = 512


def busy(message: str) -> errors.ApiError:
    """429 ``busy``: the analysis workers cannot take this now; try again shortly."""
    return errors.ApiError(429, "busy", message)


# --- what runs in the worker processes -------------------------------------------------------


def hint_job(
    record: dict[str, Any], agent: str, seconds: float | None, seed: int, position: int
) -> dict[str, Any]:
    """The top moves at the end of ``record`` (a world sampled for the seat to move)."""
    state = replay(Record.from_json(record))
    built = analysis_agent(agent, seconds)
    result = analyse_decision(state, built, derive_rng(seed, "hint", position), top=HINT_MOVES)
    players = state.num_players
    moves = []
    for move in result.top:
        item = move.to_json(players)
        action = state.parse_action(move.action)
        item["id"] = state.action_id(action)
        item["targets"] = list(state.action_targets(action))
        moves.append(item)
    if not moves:  # a single legal action: nothing to search, but name it
        action = state.legal_actions()[0]
        moves.append(
            {
                "action": str(action),
                "id": state.action_id(action),
                "targets": list(state.action_targets(action)),
            }
        )
    return {
        "seat": result.seat,
        "players": players,
        "legal": result.legal,
        "forced": result.legal == 1,
        "iterations": result.iterations,
        "moves": moves,
        "value": _value(moves[0]) if result.top else None,
        "description": built.describe(),
    }


def _value(move: dict[str, Any]) -> dict[str, Any]:
    """The position's value for the seat to move: that of the search's choice."""
    return {k: v for k, v in move.items() if k not in ("action", "id", "targets", "visits")}


def review_job(
    record: dict[str, Any], entry: int, agent: str, seconds: float | None, seed: int
) -> DecisionAnalysis:
    """One decision of a finished game, analysed as ``stonework analyse`` does it."""
    return analyse_record_entry(Record.from_json(record), entry, agent, seconds, seed)


# --- what the server process prepares ----------------------------------------------------------


@dataclass(frozen=True)
class HintJob:
    """A hint to compute: the sampled world's record and where its answer is cached."""

    key: tuple[str, int, int]
    record: dict[str, Any]
    seed: int
    position: int
    game: str


@dataclass(frozen=True)
class ReviewJob:
    """A review to compute: the finished record, the seat's decisions and their log seqs."""

    table: str
    seat: int
    players: int
    game: str
    record: dict[str, Any]
    entries: list[int]
    seqs: list[int]


def _sampled(state: State, seat: int, seed: int, position: int) -> dict[str, Any]:
    """The record of a world consistent with what ``seat`` may see (no one else's secrets)."""
    world = state.determinize(seat, derive_rng(seed, "hint-world", position))
    return world.record().to_json()


class Analyst:
    """Hints and reviews for the routes: preparation in threads, searches in worker processes."""

    def __init__(self, service: TableService, store: Store, owner: str, settings: Settings):
        self.service = service
        self.store = store
        self.owner = owner
        self.settings = settings
        self.executor: Executor | None = None
        self.cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.buckets: dict[str, tuple[float, float]] = {}
        self.asking: set[str] = set()
        self.lock = threading.Lock()
        self.reviews: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.pending = 0

    async def start(self) -> None:
        """Start the worker processes (none with ``analysis_workers`` 0: threads instead)."""
        if self.settings.analysis_workers > 0:
            self.executor = ProcessPoolExecutor(
                max_workers=self.settings.analysis_workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )

    async def stop(self) -> None:
        """Stop the reviews in progress (another process takes them over) and the workers."""
        for task in list(self.reviews.values()):
            task.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

    # --- budgets and limits --------------------------------------------------------------------

    def agent_for(self, game: str, players: int, seconds: float) -> tuple[str, float | None]:
        """The agent spec and time budget of an analysis of ``game`` at ``players``."""
        if self.settings.analysis_agent:
            return self.settings.analysis_agent, None
        return default_agent_spec(game, players), seconds

    def _take(self, asker: str) -> None:
        """One request from ``asker``'s bucket, or 429 when it asks too often."""
        now = time.monotonic()
        rate = self.settings.hint_per_minute / 60.0
        burst = float(self.settings.hint_burst)
        with self.lock:
            tokens, last = self.buckets.get(asker, (burst, now))
            tokens = min(burst, tokens + (now - last) * rate)
            if tokens < 1.0:
                self.buckets[asker] = (tokens, now)
                wait = (1.0 - tokens) / rate if rate > 0 else 60.0
                raise errors.ApiError(
                    429,
                    "rate_limited",
                    f"too many hints or reviews asked for; try again in {wait:.0f} s",
                )
            self.buckets[asker] = (tokens - 1.0, now)
            if len(self.buckets) > 100_000:
                self.buckets.clear()

    def _timeout(self, seconds: float | None) -> float:
        # Generous: the first search of a fresh worker process also imports the engines.
        return 4.0 * (seconds or 2.0) + 60.0

    # --- hints ---------------------------------------------------------------------------------

    async def hint(self, table_id: str, token: str | None, seq: int, asker: str) -> dict[str, Any]:
        """The hint of the token's seat at a running table (or a finished one at its end)."""
        job = await run_in_thread(self._prepare_live, table_id, token, seq)
        return await self._answer(job, asker)

    async def replay_hint(self, table_id: str, count: int, asker: str) -> dict[str, Any]:
        """The hint for the seat to move in a finished table after ``count`` log entries."""
        job = await run_in_thread(self._prepare_replay, table_id, count)
        return await self._answer(job, asker)

    def _prepare_live(self, table_id: str, token: str | None, seq: int) -> HintJob:
        runtime = self.service.runtime(table_id)
        with runtime.lock:
            seat = self.service.seat_of(runtime, token)
            if seat is None:
                raise errors.unauthorized("a hint needs a seat token (Authorization: Bearer ...)")
            refusal = hint_refusal(runtime.row, runtime.seats, seat)
            if refusal is not None:
                raise errors.forbidden(refusal)
            if runtime.row.status != "running":
                raise errors.conflict(
                    "the game is over: ask the replay's hint at a move "
                    "(GET /api/tables/{id}/replay/{n}/hint)"
                )
            if seq != runtime.seq:
                raise errors.conflict(f"the table is at seq {runtime.seq}, not {seq}: reload it")
            state = runtime.state
            if state.current_player != seat:
                raise errors.conflict("a hint is for your own turn: it is not yours now")
            position = len(runtime.entries)
            last = runtime.entries[-1].seq if runtime.entries else 0
            return HintJob(
                (table_id, position, last),
                _sampled(state, seat, runtime.row.seed, position),
                runtime.row.seed,
                position,
                runtime.row.game,
            )

    def _prepare_replay(self, table_id: str, count: int) -> HintJob:
        runtime = self.service.runtime(table_id)
        with runtime.lock:
            if runtime.row.status != "finished":
                raise errors.conflict("the replay's hints are for finished games")
            runtime.check_entry_count(count)
            state = runtime.state_after(count)
            seat = state.current_player
            if seat < 0:
                what = "a chance outcome" if seat == CHANCE else "the end of the game"
                raise errors.conflict(f"there is no decision after {count} entries: {what}")
            last = runtime.entries[count - 1].seq if count else 0
            return HintJob(
                (table_id, count, last),
                _sampled(state, seat, runtime.row.seed, count),
                runtime.row.seed,
                count,
                runtime.row.game,
            )

    async def _answer(self, job: HintJob, asker: str) -> dict[str, Any]:
        with self.lock:
            cached = self.cache.get(job.key)
            if cached is not None:
                self.cache.move_to_end(job.key)
                return cached
        self._take(asker)
        with self.lock:
            if asker in self.asking:
                raise errors.ApiError(
                    429, "rate_limited", "one hint at a time: wait for the one you asked for"
                )
            if self.pending >= self._capacity():
                raise busy("the analysis workers are busy; try again in a few seconds")
            self.asking.add(asker)
            self.pending += 1
        try:
            spec, seconds = self.agent_for(
                job.game, job.record["players"], self.settings.hint_seconds
            )
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(
                self.executor, hint_job, job.record, spec, seconds, job.seed, job.position
            )
            try:
                answer = await asyncio.wait_for(future, self._timeout(seconds))
            except TimeoutError:
                raise busy("the hint took too long; try again") from None
            except StoneworkError as exc:
                log.warning("hint at %s failed: %s", job.key[0], exc)
                raise errors.conflict(f"no hint here: {exc}") from None
        finally:
            with self.lock:
                self.asking.discard(asker)
                self.pending -= 1
        answer = {"position": job.position, "agent": spec, "seconds": seconds, **answer}
        with self.lock:
            self.cache[job.key] = answer
            while len(self.cache) > CACHE_SIZE:
                self.cache.popitem(last=False)
        return answer

    def _capacity(self) -> int:
        return 4 * max(1, self.settings.analysis_workers)

    # --- reviews -------------------------------------------------------------------------------

    async def review(self, table_id: str, seat: int) -> dict[str, Any]:
        """The review of ``seat`` as it stands: none, running (with progress), done or failed."""
        players = await run_in_thread(self._finished_table, table_id, seat)
        row = await run_in_thread(self.store.review, table_id, seat)
        return _review_json(table_id, seat, players, row)

    async def start_review(self, table_id: str, seat: int, asker: str) -> dict[str, Any]:
        """Start the review of ``seat`` unless it exists; its state as :meth:`review` says."""
        job = await run_in_thread(self._prepare_review, table_id, seat)
        row = await run_in_thread(self.store.review, table_id, seat)
        if row is not None and not _stalled(row):
            return _review_json(table_id, seat, job.players, row)
        self._take(asker)
        if len([t for t in self.reviews.values() if not t.done()]) >= max(
            1, self.settings.analysis_workers
        ):
            raise busy("other reviews are running; try again in a minute")
        spec, seconds = self.agent_for(job.game, job.players, self.settings.review_seconds)
        lease = self._timeout(seconds) + 30.0
        claimed = await run_in_thread(
            self.store.claim_review, table_id, seat, self.owner, len(job.entries), lease
        )
        if claimed:
            task = asyncio.create_task(self._review(job, spec, seconds, lease))
            self.reviews[(table_id, seat)] = task
            task.add_done_callback(lambda _: self.reviews.pop((table_id, seat), None))
        row = await run_in_thread(self.store.review, table_id, seat)
        return _review_json(table_id, seat, job.players, row)

    def _finished_table(self, table_id: str, seat: int) -> int:
        runtime = self.service.runtime(table_id)
        with runtime.lock:
            if runtime.row.status != "finished":
                raise errors.conflict("a review is made once the game is finished")
            if not 0 <= seat < runtime.row.players:
                raise errors.bad_request(
                    f"seat must be from 0 to {runtime.row.players - 1}, not {seat}"
                )
            return runtime.row.players

    def _prepare_review(self, table_id: str, seat: int) -> ReviewJob:
        self._finished_table(table_id, seat)
        runtime = self.service.runtime(table_id)
        with runtime.lock:
            record = runtime.state.record()
            entries = [i for i, (who, _) in enumerate(record.entries) if who == seat]
            return ReviewJob(
                table_id,
                seat,
                runtime.row.players,
                runtime.row.game,
                record.to_json(),
                entries,
                [entry.seq for entry in runtime.entries],
            )

    async def _review(self, job: ReviewJob, spec: str, seconds: float | None, lease: float) -> None:
        loop = asyncio.get_running_loop()
        decisions: list[DecisionAnalysis] = []
        try:
            for done, entry in enumerate(job.entries, start=1):
                future = loop.run_in_executor(
                    self.executor, review_job, job.record, entry, spec, seconds, REVIEW_SEED
                )
                decisions.append(await asyncio.wait_for(future, self._timeout(seconds)))
                held = await run_in_thread(self._progress, job, done, lease, "running", None)
                if not held:
                    return  # another process took the review over: it finishes it
            result = self._result(job, spec, seconds, decisions)
            await run_in_thread(self._progress, job, len(job.entries), lease, "done", result)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the review of seat %s at %s failed", job.seat, job.table)
            failure = {"error": f"the review failed ({type(exc).__name__}); ask again"}
            await run_in_thread(self._progress, job, len(decisions), lease, "failed", failure)

    def _progress(
        self,
        job: ReviewJob,
        done: int,
        lease: float,
        status: str,
        result: dict[str, Any] | None,
    ) -> bool:
        return self.store.update_review(
            job.table, job.seat, self.owner, done=done, seconds=lease, status=status, result=result
        )

    def _result(
        self,
        job: ReviewJob,
        spec: str,
        seconds: float | None,
        decisions: list[DecisionAnalysis],
    ) -> dict[str, Any]:
        seats = summarise(decisions, job.players)
        summary = summary_json(seats[job.seat])
        for costly in summary["costliest"]:
            costly["seq"] = job.seqs[costly["entry"]]
        items = []
        for decision in decisions:
            item = decision_json(decision, job.players)
            item["seq"] = job.seqs[item["entry"]]
            items.append(item)
        return {
            "agent": spec,
            "description": analysis_agent(spec, seconds).describe(),
            "seconds": seconds,
            "seed": REVIEW_SEED,
            "information": INFORMATION,
            "thresholds": {verdict.value: value for verdict, value in THRESHOLDS.items()},
            "decisions": items,
            "summary": summary,
        }


def _stalled(row: ReviewRow) -> bool:
    """A review that failed, or whose process stopped renewing it: it may be started again."""
    return row.status == "failed" or (row.status == "running" and row.expires_at < time.time())


def _review_json(table: str, seat: int, players: int, row: ReviewRow | None) -> dict[str, Any]:
    out: dict[str, Any] = {"table": table, "seat": seat, "players": players}
    if row is None:
        return {**out, "status": "none", "done": 0, "total": 0, "review": None}
    status = "failed" if _stalled(row) else row.status
    answer = {**out, "status": status, "done": row.done, "total": row.total, "review": None}
    if status == "done":
        answer["review"] = row.result
    elif status == "failed":
        answer["error"] = (row.result or {}).get("error", "the review stopped; ask again")
    return answer
