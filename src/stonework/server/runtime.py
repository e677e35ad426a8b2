"""A table in memory: its rows, its raw log, and the game state rebuilt by replaying the log."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from stonework.core.registry import get_game
from stonework.core.state import CHANCE, State
from stonework.server.storage import EventRow, SeatRow, TableRow
from stonework.server.undo import LogEntry

ACTION = "action"
CHANCE_KIND = "chance"
UNDO = "undo"
RESIGN = "resign"


def fresh_state(row: TableRow) -> State:
    """The table's game at its very start, before any chance outcome (they are in the log)."""
    spec = get_game(row.game)
    return spec.new_state(row.players, spec.options.resolve(spec.name, row.options))


@dataclass
class Runtime:
    """One table held by this process; ``lock`` serialises every read and change of it."""

    row: TableRow
    seats: list[SeatRow]
    state: State
    events: list[EventRow] = field(default_factory=list)
    entries: list[LogEntry] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    views: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    """Views built at this revision, by viewer and connected seats (SVGs are costly to draw)."""

    @classmethod
    def rebuild(cls, row: TableRow, seats: list[SeatRow], events: list[EventRow]) -> Runtime:
        """Replay a table's log from the start."""
        runtime = cls(row, seats, fresh_state(row))
        runtime.absorb(events)
        return runtime

    @property
    def seq(self) -> int:
        """The number of the last event (0 before the first)."""
        return self.events[-1].seq if self.events else 0

    @property
    def ai_seats(self) -> set[int]:
        """Seats played by AI agents."""
        return {s.seat for s in self.seats if s.kind == "ai"}

    def absorb(self, events: list[EventRow]) -> None:
        """Replay new events onto the state (checked: a corrupt log fails loudly, not silently)."""
        for ev in events:
            if ev.seq != self.seq + 1:
                raise RuntimeError(f"table {self.row.id}: event {ev.seq} after {self.seq}")
            if ev.kind in (ACTION, CHANCE_KIND):
                if ev.seat != self.state.current_player:
                    raise RuntimeError(f"table {self.row.id}: event {ev.seq} out of turn")
                self.state.apply(self.state.parse_action(ev.action or ""))
                self.entries.append(
                    LogEntry(
                        ev.seq,
                        ev.kind,
                        ev.seat,
                        ev.action or "",
                        tuple(ev.data.get("readers", ())),
                        bool(ev.data.get("reveals", False)),
                    )
                )
            elif ev.kind == UNDO:
                self.rewind(int(ev.data["back_to"]))
            self.events.append(ev)

    def rewind(self, back_to: int) -> None:
        """Keep the entries up to ``back_to`` and rebuild the state from them."""
        kept = [e for e in self.entries if e.seq <= back_to]
        state = fresh_state(self.row)
        for entry in kept:
            state.apply_unchecked(state.parse_action(entry.action))
        self.state = state
        self.entries = kept

    def state_after(self, count: int) -> State:
        """The state after the first ``count`` entries of the effective log (the replay viewer)."""
        state = fresh_state(self.row)
        for entry in self.entries[:count]:
            state.apply_unchecked(state.parse_action(entry.action))
        return state

    def seat_to_move(self) -> int | None:
        """The seat whose turn it is while the table runs, else None."""
        player = self.state.current_player
        if self.row.status != "running" or player < 0:
            return None
        return player

    def is_chance(self) -> bool:
        """True when the state waits for a chance outcome."""
        return self.state.current_player == CHANCE
