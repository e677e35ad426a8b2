"""A table in memory: its rows, its raw log, and the game state rebuilt by replaying the log."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from stonework.core.registry import from_position, get_game
from stonework.core.state import CHANCE, State
from stonework.server import errors
from stonework.server.storage import EventRow, SeatRow, Snapshot, TableRow
from stonework.server.undo import LogEntry

ACTION = "action"
CHANCE_KIND = "chance"
UNDO = "undo"
RESIGN = "resign"
SNAPSHOT_EVERY = 50
"""A snapshot of the game is stored with the change that brings a table this many events past
its last one: a rebuild then replays at most about this many entries."""


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
    """Views built at this revision, by viewer, connected seats and language (without drawings)."""
    boards: dict[tuple[int, int | None, int, str], str] = field(default_factory=dict)
    """Drawings at this seq, by perspective (None: shared by all when nothing is hidden), turn
    and language."""

    snapshots: list[Snapshot] = field(default_factory=list)
    """The table's snapshots, oldest first."""

    @classmethod
    def rebuild(
        cls,
        row: TableRow,
        seats: list[SeatRow],
        events: list[EventRow],
        snapshots: list[Snapshot] | None = None,
    ) -> Runtime:
        """Rebuild a table from its log, starting from its newest usable snapshot."""
        if not snapshots:
            runtime = cls(row, seats, fresh_state(row))
            runtime.absorb(events)
            return runtime
        runtime = cls(row, seats, fresh_state(row), snapshots=list(snapshots))
        for ev in events:
            # the effective log without playing it: undos only cut it back
            if ev.seq != runtime.seq + 1:
                raise RuntimeError(f"table {row.id}: event {ev.seq} after {runtime.seq}")
            if ev.kind in (ACTION, CHANCE_KIND):
                runtime.entries.append(_entry(ev))
            elif ev.kind == UNDO:
                back_to = int(ev.data["back_to"])
                runtime.entries = [e for e in runtime.entries if e.seq <= back_to]
            runtime.events.append(ev)
        runtime.state = runtime.state_after(len(runtime.entries), checked=True)
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
                self.entries.append(_entry(ev))
            elif ev.kind == UNDO:
                self.rewind(int(ev.data["back_to"]))
            self.events.append(ev)

    def rewind(self, back_to: int) -> None:
        """Keep the entries up to ``back_to`` and rebuild the state from them."""
        self.entries = [e for e in self.entries if e.seq <= back_to]
        self.state = self.state_after(len(self.entries))

    def check_entry_count(self, count: int) -> None:
        """404 unless ``count`` is a number of entries of the log (0 to all of them): what a
        replay position, and a hint at it, may ask for."""
        if not 0 <= count <= len(self.entries):
            raise errors.not_found(
                f"the game has {len(self.entries)} log entries; ask for 0 to that"
            )

    def state_after(self, count: int, checked: bool = False) -> State:
        """The state after the first ``count`` entries of the effective log, from the newest
        snapshot of a prefix of them (else from the start). ``checked``: each action is checked
        as it is applied (a corrupt log fails loudly)."""
        start, state = 0, None
        for snap in reversed(self.snapshots):
            if snap.entries <= count and (
                snap.entries == 0 or self.entries[snap.entries - 1].seq == snap.last_entry
            ):
                state = from_position(self.row.game, snap.position)
                # the history is part of what a state knows (records, drawings, determinizing)
                state.history = [
                    (e.seat, state.parse_action(e.action)) for e in self.entries[: snap.entries]
                ]
                start = snap.entries
                break
        if state is None:
            state = fresh_state(self.row)
        for entry in self.entries[start:count]:
            if checked:
                if entry.seat != state.current_player:
                    raise RuntimeError(f"table {self.row.id}: entry {entry.seq} out of turn")
                state.apply(state.parse_action(entry.action))
            else:
                state.apply_unchecked(state.parse_action(entry.action))
        return state

    def take_snapshot(self, seq: int, entries: list[LogEntry], state: State) -> Snapshot:
        """A snapshot of ``state``, the game after ``entries`` (at event ``seq``)."""
        return Snapshot(seq, len(entries), entries[-1].seq if entries else 0, state.position())

    def seat_to_move(self) -> int | None:
        """The seat whose turn it is while the table runs, else None."""
        player = self.state.current_player
        if self.row.status != "running" or player < 0:
            return None
        return player

    def is_chance(self) -> bool:
        """True when the state waits for a chance outcome."""
        return self.state.current_player == CHANCE


def _entry(ev: EventRow) -> LogEntry:
    """The effective-log entry of an action or chance event."""
    return LogEntry(
        ev.seq,
        ev.kind,
        ev.seat,
        ev.action or "",
        tuple(ev.data.get("readers", ())),
        bool(ev.data.get("reveals", False)),
    )
