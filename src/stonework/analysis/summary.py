"""The review of one seat: how accurate its play was and where it lost the most."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from stonework.analysis.decision import DecisionAnalysis
from stonework.analysis.verdicts import Verdict

COSTLIEST = 3
"""How many of a seat's costliest moves a summary names."""


@dataclass(frozen=True)
class CostlyMove:
    """A played move that gave away expected result, with what the search preferred."""

    entry: int | None
    played: str
    better: str
    loss: float


@dataclass(frozen=True)
class SeatSummary:
    """One seat's judged decisions: verdict counts, accuracy, mean loss, costliest moves."""

    seat: int
    judged: int
    """Decisions with a verdict other than ``forced``."""
    counts: dict[Verdict, int]
    accuracy: float | None
    """Percent of judged decisions that were ``best`` or ``good`` (``None``: none judged)."""
    mean_loss: float | None
    costliest: list[CostlyMove]


def summarise(decisions: list[DecisionAnalysis], players: int) -> list[SeatSummary]:
    """A summary for each seat from the analysed decisions (any order, any subset)."""
    return [
        _summarise_seat(seat, [d for d in decisions if d.seat == seat]) for seat in range(players)
    ]


def _summarise_seat(seat: int, decisions: list[DecisionAnalysis]) -> SeatSummary:
    judged = [d for d in decisions if d.verdict not in (None, Verdict.FORCED)]
    counts = Counter(d.verdict for d in judged if d.verdict is not None)
    losses = [d.loss or 0.0 for d in judged]
    accuracy = None
    mean_loss = None
    if judged:
        accuracy = 100.0 * (counts[Verdict.BEST] + counts[Verdict.GOOD]) / len(judged)
        mean_loss = sum(losses) / len(judged)
    costly = sorted(
        (d for d in judged if (d.loss or 0.0) > 0 and d.played is not None and d.best is not None),
        key=lambda d: (-(d.loss or 0.0), d.entry if d.entry is not None else 0),
    )
    costliest = [
        CostlyMove(d.entry, d.played.action, d.best.action, d.loss or 0.0)
        for d in costly[:COSTLIEST]
        if d.played is not None and d.best is not None
    ]
    return SeatSummary(
        seat, len(judged), {v: counts[v] for v in Verdict}, accuracy, mean_loss, costliest
    )
