"""Who may ask for hints where: games against AI, finished games, and tables that agreed to them.

A hint is the analysis of a decision by the strongest AI player. In a game between people it
would be outside help, so it is refused unless the table was created with ``hints: true``
(everyone who joins such a table sees that hints are on, and joining agrees to it). A finished
game is open to everyone: its record and every perspective of its replay already are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stonework.server.storage import SeatRow, TableRow


def hint_refusal(row: TableRow, seats: Sequence[SeatRow], viewer: int | None) -> str | None:
    """Why ``viewer`` (a seat, None for a spectator) may not ask for a hint now; None if it may."""
    if row.status == "finished":
        return None
    if row.status != "running":
        return f"hints are for running or finished games; this table is {row.status}"
    if viewer is None:
        return "hints at a running table are for its seats: send your seat token"
    if row.hints:
        return None
    if any(s.seat != viewer and s.kind != "ai" for s in seats):
        return (
            "hints are off at this table: it is a game between people, and hints are allowed "
            "there only when the table is created with hints on"
        )
    return None


def hints_json(row: TableRow, seats: Sequence[SeatRow], viewer: int | None) -> dict[str, Any]:
    """The view's ``hints``: the table's setting and whether this viewer may ask now."""
    return {"table": row.hints, "allowed": hint_refusal(row, seats, viewer) is None}
