"""Annotations in a game record: the analysis as an optional field ``meta.analysis``.

An annotated record is an ordinary record (same format and version): readers that know nothing
of analysis replay it as before, and ``stonework replay`` shows the annotations. Reading them
treats them as untrusted: any fault is a :class:`~stonework.core.RecordError` naming it, and a
record is never half-read (see ``docs/analysis.md`` for the checks).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from stonework.analysis.decision import DecisionAnalysis
from stonework.analysis.record_analysis import RecordAnalysis
from stonework.analysis.summary import SeatSummary
from stonework.analysis.values import MoveValue
from stonework.analysis.verdicts import THRESHOLDS, Verdict
from stonework.core import CHANCE, Record, RecordError

FORMAT = "stonework-analysis"
VERSION = 1
INFORMATION = (
    "each decision was searched on determinizations of the deciding seat's information only: "
    "what that seat could not see at that moment was re-sampled, never read"
)
MAX_MOVES = 64
"""The most moves one annotated decision may list (a reader refuses more)."""
MAX_TEXT = 200
"""The longest notation or agent text a reader accepts."""


@dataclass(frozen=True)
class Annotations:
    """The analysis read back from a record: who made it, and each decision by entry."""

    agent: str
    description: str
    decisions: dict[int, DecisionAnalysis]


def write_analysis(analysis: RecordAnalysis) -> Record:
    """A copy of the analysed record carrying its annotations in ``meta.analysis``."""
    record = analysis.record
    players = record.players
    meta = dict(record.meta)
    meta["analysis"] = {
        "format": FORMAT,
        "version": VERSION,
        "agent": analysis.agent,
        "description": analysis.description,
        "seconds": analysis.seconds,
        "seed": analysis.seed,
        "information": INFORMATION,
        "thresholds": {verdict.value: value for verdict, value in THRESHOLDS.items()},
        "decisions": [decision_json(d, players) for d in analysis.decisions],
        "summary": [summary_json(s) for s in analysis.summaries()],
    }
    return dataclasses.replace(record, entries=list(record.entries), meta=meta)


def decision_json(decision: DecisionAnalysis, players: int) -> dict[str, Any]:
    """One analysed decision as plain JSON (as ``meta.analysis.decisions`` holds it)."""
    out: dict[str, Any] = {
        "entry": decision.entry,
        "seat": decision.seat,
        "legal": decision.legal,
        "iterations": decision.iterations,
        "verdict": None if decision.verdict is None else decision.verdict.value,
        "loss": None if decision.loss is None else round(decision.loss, 4),
        "top": [move.to_json(players) for move in decision.top],
    }
    if decision.played is not None:
        out["played"] = decision.played.to_json(players)
    return out


def summary_json(summary: SeatSummary) -> dict[str, Any]:
    """One seat's review as plain JSON (as ``meta.analysis.summary`` holds it)."""
    return {
        "seat": summary.seat,
        "judged": summary.judged,
        "accuracy": None if summary.accuracy is None else round(summary.accuracy, 1),
        "mean_loss": None if summary.mean_loss is None else round(summary.mean_loss, 4),
        "counts": {verdict.value: count for verdict, count in summary.counts.items()},
        "costliest": [
            {"entry": m.entry, "played": m.played, "better": m.better, "loss": round(m.loss, 4)}
            for m in summary.costliest
        ],
    }


def read_analysis(record: Record) -> Annotations | None:
    """The annotations of ``record`` (``None`` if it has none), checked against its entries."""
    raw = record.meta.get("analysis")
    if raw is None:
        return None
    try:
        return _read(raw, record)
    except _Bad as exc:
        raise RecordError(f"the record's analysis: {exc}") from None


class _Bad(Exception):
    """A fault in the annotations (turned into a RecordError by read_analysis)."""


def _read(raw: object, record: Record) -> Annotations:
    data = _object(raw, "analysis")
    if data.get("format") != FORMAT:
        raise _Bad(f"format must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise _Bad(f"version {data.get('version')!r} is not supported")
    agent = _text(data.get("agent"), "agent")
    description = _text(data.get("description", agent), "description")
    items = data.get("decisions")
    if not isinstance(items, list):
        raise _Bad("decisions must be a list")
    decisions: dict[int, DecisionAnalysis] = {}
    for index, item in enumerate(items):
        decision = _read_decision(item, record, f"decision {index}")
        if decision.entry in decisions:
            raise _Bad(f"decision {index}: entry {decision.entry} is annotated twice")
        assert decision.entry is not None
        decisions[decision.entry] = decision
    return Annotations(agent, description, decisions)


def _read_decision(raw: object, record: Record, where: str) -> DecisionAnalysis:
    item = _object(raw, where)
    entry = _int(item.get("entry"), f"{where}: entry", 0, len(record.entries) - 1)
    where = f"{where} (entry {entry})"
    seat, text = record.entries[entry]
    if seat == CHANCE:
        raise _Bad(f"{where}: the entry is a chance outcome, not a decision")
    if item.get("seat") != seat:
        raise _Bad(f"{where}: seat {item.get('seat')!r} is not the seat that moved ({seat})")
    legal = _int(item.get("legal"), f"{where}: legal", 1, 10**9)
    iterations = _int(item.get("iterations"), f"{where}: iterations", 0, 10**12)
    verdict_text = item.get("verdict")
    names = [v.value for v in Verdict]
    if verdict_text not in names:
        raise _Bad(f"{where}: verdict {verdict_text!r} is not one of {', '.join(names)}")
    verdict = Verdict(str(verdict_text))
    loss = _number(item.get("loss"), f"{where}: loss", 0.0, 1.0)
    moves = item.get("top")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _Bad(f"{where}: top must be a list of at most {MAX_MOVES} moves")
    top = [_read_move(move, f"{where}: top move {k}") for k, move in enumerate(moves)]
    played = None
    if verdict is not Verdict.FORCED:
        if not top:
            raise _Bad(f"{where}: a judged decision needs the search's moves")
        played = _read_move(item.get("played"), f"{where}: played")
        if played.action != text:
            raise _Bad(f"{where}: played {played.action!r} is not the recorded move {text!r}")
    return DecisionAnalysis(
        seat, record.players, legal, iterations, top, played, verdict, loss, entry
    )


def _read_move(raw: object, where: str) -> MoveValue:
    item = _object(raw, where)
    return MoveValue(
        _text(item.get("action"), f"{where}: action"),
        _int(item.get("visits"), f"{where}: visits", 0, 10**12),
        _number(item.get("expected"), f"{where}: expected", 0.0, 1.0),
        _number(item.get("margin"), f"{where}: margin", -1e6, 1e6),
    )


def _object(raw: object, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _Bad(f"{where} must be an object")
    return raw


def _text(raw: object, where: str) -> str:
    if not isinstance(raw, str) or not raw or len(raw) > MAX_TEXT:
        raise _Bad(f"{where} must be a text of 1 to {MAX_TEXT} characters")
    return raw


def _int(raw: object, where: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise _Bad(f"{where} must be a whole number from {low} to {high}, not {raw!r}")
    return raw


def _number(raw: object, where: str, low: float, high: float) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        raise _Bad(f"{where} must be a number, not {raw!r}")
    value = float(raw)
    if not math.isfinite(value) or not low <= value <= high:
        raise _Bad(f"{where} must be from {low:g} to {high:g}, not {raw!r}")
    return value
