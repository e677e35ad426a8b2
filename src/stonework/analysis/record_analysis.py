"""Every decision of a game record analysed, in this process or in worker processes.

Each decision gets its own random stream (``derive_rng(seed, "analyse", entry)``) and is searched
from the state the record reaches before it, so the result does not depend on the number of
workers or the order they finish in: with a fixed-iteration agent the same record, agent and
seed always give the same analysis.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from stonework.analysis.decision import (
    TOP_MOVES,
    AnalysisError,
    DecisionAnalysis,
    analyse_decision,
    analysis_agent,
    default_agent_spec,
)
from stonework.analysis.summary import SeatSummary, summarise
from stonework.core import CHANCE, Record, derive_rng, replay

Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions in all) as the analysis goes."""


@dataclass(frozen=True)
class RecordAnalysis:
    """A record's analysed decisions, with the agent and seed that made them."""

    record: Record
    agent: str
    """The agent spec, as ``--agent`` takes it."""
    description: str
    """The agent as it describes itself (its budget and playout)."""
    seconds: float | None
    seed: int
    decisions: list[DecisionAnalysis]

    def summaries(self) -> list[SeatSummary]:
        """One summary per seat."""
        return summarise(self.decisions, self.record.players)


@dataclass(frozen=True)
class _Job:
    record: dict[str, Any]
    entry: int
    agent: str
    seconds: float | None
    seed: int
    top: int


def analyse_record(
    record: Record,
    agent: str | None = None,
    seconds: float | None = None,
    seat: int | None = None,
    workers: int = 1,
    seed: int = 0,
    top: int = TOP_MOVES,
    progress: Progress | None = None,
) -> RecordAnalysis:
    """Analyse every decision of ``record`` (only ``seat``'s if given) with ``agent``.

    ``agent`` defaults to the game's strongest (:func:`default_agent_spec`); ``seconds``
    replaces its time budget. The record is replayed in full first, so a bad one fails with
    :class:`~stonework.core.RecordError` before any search.
    """
    replay(record)
    spec = agent if agent is not None else default_agent_spec(record.game, record.players)
    built = analysis_agent(spec, seconds)  # a bad spec fails here, before any worker starts
    if seat is not None and not 0 <= seat < record.players:
        raise AnalysisError(f"seat must be from 0 to {record.players - 1}, not {seat}")
    if workers < 1:
        raise AnalysisError(f"workers must be at least 1, not {workers}")
    entries = [
        index
        for index, (who, _) in enumerate(record.entries)
        if who != CHANCE and (seat is None or who == seat)
    ]
    data = record.to_json()
    jobs = [_Job(data, entry, spec, seconds, seed, top) for entry in entries]
    total = len(jobs)
    if progress is not None:
        progress(0, total)
    results: list[DecisionAnalysis] = []
    if workers == 1 or total < 2:
        for done, job in enumerate(jobs, start=1):
            results.append(_analyse_entry(job))
            if progress is not None:
                progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, total)) as pool:
            futures = [pool.submit(_analyse_entry, job) for job in jobs]
            for done, future in enumerate(as_completed(futures), start=1):
                results.append(future.result())
                if progress is not None:
                    progress(done, total)
    results.sort(key=lambda d: d.entry if d.entry is not None else -1)
    return RecordAnalysis(record, spec, built.describe(), seconds, seed, results)


def _analyse_entry(job: _Job) -> DecisionAnalysis:
    """One decision, from the record alone (runs in a worker process)."""
    return analyse_record_entry(
        Record.from_json(job.record), job.entry, job.agent, job.seconds, job.seed, job.top
    )


def analyse_record_entry(
    record: Record,
    entry: int,
    agent: str,
    seconds: float | None = None,
    seed: int = 0,
    top: int = TOP_MOVES,
) -> DecisionAnalysis:
    """Decision ``entry`` of ``record`` analysed exactly as :func:`analyse_record` does it.

    The same record, entry, agent and seed give the same result wherever it runs (the
    server reviews a game one decision at a time with it).
    """
    state = replay(record, upto=entry)
    built = analysis_agent(agent, seconds)
    rng = derive_rng(seed, "analyse", entry)
    played = record.entries[entry][1]
    analysis = analyse_decision(state, built, rng, played=played, top=top)
    return dataclasses.replace(analysis, entry=entry)
