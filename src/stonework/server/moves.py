"""Moves into events: applying actions and chance outcomes, and the table status they lead to."""

from __future__ import annotations

import time
from typing import Any

from stonework.core.rng import derive_rng
from stonework.core.state import CHANCE, Action, State
from stonework.server.redaction import readers, reveals
from stonework.server.runtime import ACTION, CHANCE_KIND
from stonework.server.storage import EventRow, SeatRow, TableRow
from stonework.server.undo import LogEntry


def make_event(
    before: State | None, action: Action, after: State, seat: int, seq: int, kind: str, by: str
) -> tuple[EventRow, LogEntry]:
    """The event of an action applied to ``after``; ``before`` (None: perfect information) decides who reads it."""
    if before is None:
        who = list(range(after.num_players + 1))
        shows = False
    else:
        who = readers(before, action, after)
        shows = reveals(before, after)
    text = str(action)
    data: dict[str, Any] = {"readers": who, "reveals": shows}
    if kind == ACTION:
        data["by"] = by
    event = EventRow(seq, kind, seat, text, data, time.time())
    return event, LogEntry(seq, kind, seat, text, tuple(who), shows)


def settle_chance(state: State, seed: int, first_seq: int) -> list[tuple[EventRow, LogEntry]]:
    """Draw chance outcomes until a seat must decide; each from its own generator per log position."""
    out: list[tuple[EventRow, LogEntry]] = []
    while state.current_player == CHANCE:
        seq = first_seq + len(out)
        outcome = state.sample_chance(derive_rng(seed, "chance", seq))
        before = state.clone() if state.spec.hidden_information else None
        state.apply_unchecked(outcome)
        out.append(make_event(before, outcome, state, CHANCE, seq, CHANCE_KIND, "chance"))
    return out


def status_fields(row: TableRow, seats: list[SeatRow], state: State, status: str) -> dict[str, Any]:
    """The table columns after a change: status (finished at the end), seat to move, AI's turn."""
    if status == "running" and state.is_terminal:
        status = "finished"
    player = state.current_player
    to_move = player if status == "running" and player >= 0 else None
    return {
        "status": status,
        "to_move": to_move,
        "ai_to_move": to_move is not None and seats[to_move].kind == "ai",
    }
