"""The undo policy, as Board Game Arena imposes it on its games.

An undo takes back the asking seat's last entry and any AI replies after it, and never crosses
another person's action, a chance outcome (a reveal, a draw, a deal), or an entry that made
something hidden visible. Inside one's own multi-step turn (Zapotec), each undo steps back one
more decision, up to those limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stonework.core.state import CHANCE


@dataclass(frozen=True)
class LogEntry:
    """One entry of a table's effective log (what the game state is replayed from)."""

    seq: int
    kind: str
    seat: int
    action: str
    readers: tuple[int, ...]
    reveals: bool


def undo_point(entries: Sequence[LogEntry], seat: int, ai_seats: set[int]) -> int | None:
    """The ``seq`` to go back to (keep entries up to it) if ``seat`` may undo now, else None."""
    index = len(entries) - 1
    while index >= 0 and entries[index].seat in ai_seats and entries[index].seat != seat:
        if entries[index].reveals:
            return None
        index -= 1
    if index < 0:
        return None
    mine = entries[index]
    if mine.seat != seat or mine.seat == CHANCE or mine.reveals:
        return None
    return entries[index - 1].seq if index > 0 else 0


def undo_reason(entries: Sequence[LogEntry], seat: int, ai_seats: set[int]) -> str:
    """Why ``seat`` may not undo now (for the 409 message)."""
    index = len(entries) - 1
    while index >= 0 and entries[index].seat in ai_seats and entries[index].seat != seat:
        if entries[index].reveals:
            return "an AI move since yours revealed hidden information"
        index -= 1
    if index < 0:
        return "you have not moved yet"
    last = entries[index]
    if last.seat == CHANCE:
        return "a chance outcome (a reveal, draw or deal) came after your move"
    if last.seat != seat:
        return f"seat {last.seat} (a person) has moved since"
    return "your last move revealed hidden information"
