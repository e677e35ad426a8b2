"""What one seat (or a spectator) receives: the view of a table and its log, redacted for it.

Everything here comes from ``state.observation(viewer)``, the viewer's own legal actions, the
viewer's SVG and public facts (seats, status, scores, the log entries the viewer may read).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from stonework.core.state import CHANCE
from stonework.server import language
from stonework.server.hint_policy import hints_json
from stonework.server.runtime import ACTION, CHANCE_KIND, RESIGN, UNDO, Runtime
from stonework.server.storage import EventRow, SeatRow
from stonework.server.undo import LogEntry, undo_point

HIDDEN = "(hidden)"


def viewer_index(runtime: Runtime, viewer: int | None) -> int:
    """The index used in ``readers``: the seat, or the player count for a spectator."""
    return runtime.row.players if viewer is None else viewer


def entry_json(entry: LogEntry, reader: int) -> dict[str, Any]:
    """One effective log entry as ``reader`` may read it."""
    visible = reader in entry.readers
    text = entry.action if visible else HIDDEN
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "seat": None if entry.seat == CHANCE else entry.seat,
        "text": f"chance: {text}" if entry.kind == CHANCE_KIND else text,
    }


def event_json(ev: EventRow, reader: int) -> dict[str, Any]:
    """One raw event (what a WebSocket frame lists) as ``reader`` may read it."""
    seat = None if ev.seat == CHANCE else ev.seat
    if ev.kind in (ACTION, CHANCE_KIND):
        visible = reader in ev.data.get("readers", ())
        text = (ev.action or "") if visible else HIDDEN
        if ev.kind == CHANCE_KIND:
            text = f"chance: {text}"
        return {"seq": ev.seq, "kind": ev.kind, "seat": seat, "text": text}
    if ev.kind == UNDO:
        back_to = int(ev.data["back_to"])
        return {
            "seq": ev.seq,
            "kind": UNDO,
            "seat": seat,
            "text": f"undo back to {back_to}",
            "back_to": back_to,
        }
    if ev.kind == RESIGN:
        return {"seq": ev.seq, "kind": RESIGN, "seat": seat, "text": "resigns"}
    return {"seq": ev.seq, "kind": ev.kind, "seat": seat, "text": ev.kind}


def events_after(runtime: Runtime, since: int, viewer: int | None) -> list[dict[str, Any]]:
    """The raw events after ``since``, each redacted for ``viewer``."""
    reader = viewer_index(runtime, viewer)
    start = max(0, since)
    return [event_json(ev, reader) for ev in runtime.events[start:]]


def seat_label(seat: SeatRow) -> str:
    """``seat 1 (Ana)`` or ``seat 1 (medium)``."""
    who = seat.agent if seat.kind == "ai" and seat.agent else seat.name
    return f"seat {seat.seat} ({who})" if who else f"seat {seat.seat}"


def seats_json(seats: Iterable[SeatRow], connected: set[int]) -> list[dict[str, Any]]:
    """Public facts about the seats (never a token or invite)."""
    out = []
    for s in seats:
        item: dict[str, Any] = {
            "seat": s.seat,
            "kind": s.kind,
            "name": s.name,
            "open": s.kind == "open" and not s.joined,
            "connected": s.seat in connected or s.kind == "ai",
        }
        if s.kind == "ai":
            item["agent"] = s.agent
        out.append(item)
    return out


def turn_text(runtime: Runtime) -> str:
    """A short sentence about the table's state for the status line."""
    row = runtime.row
    if row.status == "waiting":
        open_seats = [str(s.seat) for s in runtime.seats if s.kind == "open" and not s.joined]
        return f"waiting for players: seat {', '.join(open_seats)} open"
    if row.status == "finished":
        resigned = (row.result or {}).get("resigned")
        if resigned is not None:
            return f"the game is over: seat {resigned} resigned"
        return "the game is over"
    if row.status == "abandoned":
        return "the table was abandoned"
    player = runtime.state.current_player
    if player < 0:
        return runtime.state.describe_turn()
    return f"{seat_label(runtime.seats[player])} to play: {runtime.state.describe_turn()}"


def result_json(runtime: Runtime) -> dict[str, Any] | None:
    """At the end: the ranking, the final scores and who resigned."""
    if runtime.row.status != "finished":
        return None
    if runtime.row.result is not None:
        return runtime.row.result
    state = runtime.state
    return {
        "ranking": state.ranking(),
        "scores": [score.total for score in state.scores()],
        "resigned": None,
    }


def build_view(
    runtime: Runtime, viewer: int | None, connected: set[int], lang: str = "en"
) -> dict[str, Any]:
    """The view of the table for ``viewer`` (a seat, or None for a spectator), cached per revision
    and language (``lang``: the engine's texts in it, see :mod:`stonework.server.language`).

    The drawing is drawn once per ``seq`` and shared where viewers see the same (:func:`board_svg`).
    """
    key = (runtime.row.revision, viewer, frozenset(connected), lang)
    cached = runtime.views.get(key)
    if cached is None:
        if any(k[0] != runtime.row.revision for k in runtime.views):
            runtime.views.clear()
        cached = runtime.views[key] = _build_view(runtime, viewer, connected, lang)
    return {**cached, "svg": board_svg(runtime, viewer, 0, lang)}


def drawing_key(runtime: Runtime, viewer: int | None) -> int | None:
    """Whose drawing ``viewer`` gets: one shared by every viewer in a game without hidden
    information (the protocol asks ``to_svg`` to be the same for every perspective there),
    else the viewer's own."""
    return None if not runtime.state.spec.hidden_information else viewer


def board_svg(runtime: Runtime, viewer: int | None, view: int = 0, lang: str = "en") -> str:
    """The drawing at the table's current ``seq`` for ``viewer``, turned to ``view``, its labels
    in ``lang``: drawn once per seq, drawing, turn and language."""
    key = (runtime.seq, drawing_key(runtime, viewer), view, lang)
    drawn = runtime.boards.get(key)
    if drawn is None:
        if any(k[0] != runtime.seq for k in runtime.boards):
            runtime.boards.clear()
        drawn = runtime.boards[key] = language.drawing(runtime.state, key[1], view, lang)
    return drawn


def board_url(runtime: Runtime) -> str:
    """Where a client may fetch its board again at the current ``seq`` (with its token, if any;
    the same bytes for good, so it caches them)."""
    return f"/api/tables/{runtime.row.id}/board/{runtime.seq}"


def _build_view(
    runtime: Runtime, viewer: int | None, connected: set[int], lang: str
) -> dict[str, Any]:
    state = runtime.state
    row = runtime.row
    reader = viewer_index(runtime, viewer)
    to_move = runtime.seat_to_move()
    seat_of_viewer = runtime.seats[viewer] if viewer is not None else None
    log = [entry_json(e, reader) for e in runtime.entries]
    undo_allowed = (
        viewer is not None
        and row.status == "running"
        and seat_of_viewer is not None
        and seat_of_viewer.kind != "ai"
        and undo_point(runtime.entries, viewer, runtime.ai_seats) is not None
    )
    return {
        "table": row.id,
        "game": row.game,
        "players": row.players,
        "options": state.options,
        "status": row.status,
        "seq": runtime.seq,
        "you": viewer,
        "to_move": to_move,
        "turn": language.words(row.game, turn_text(runtime), lang),
        "thinking": to_move is not None and runtime.seats[to_move].kind == "ai",
        "seats": seats_json(runtime.seats, connected),
        "observation": state.observation(viewer),
        "board": board_url(runtime),
        "legal": language.legal_json(state, lang)
        if to_move is not None and to_move == viewer
        else [],
        "scores": [score.to_json() for score in state.scores()],
        "log": log,
        "last": log[-1] if log else None,
        "undo": {"allowed": undo_allowed},
        "result": result_json(runtime),
        "rematch": row.rematch,
        "hints": hints_json(row, runtime.seats, viewer),
    }


def replay_view(
    runtime: Runtime, count: int, perspective: int | None, view: int = 0, lang: str = "en"
) -> dict[str, Any]:
    """A finished table's view after ``count`` log entries, as ``perspective`` saw it."""
    state = runtime.state_after(count)
    reader = viewer_index(runtime, perspective)
    log = [entry_json(e, reader) for e in runtime.entries[:count]]
    return {
        "table": runtime.row.id,
        "game": runtime.row.game,
        "players": runtime.row.players,
        "n": count,
        "entries": len(runtime.entries),
        "perspective": perspective,
        "to_move": state.current_player if state.current_player >= 0 else None,
        "turn": language.words(runtime.row.game, state.describe_turn(), lang),
        "observation": state.observation(perspective),
        "svg": language.drawing(state, perspective, view, lang),
        "scores": [score.to_json() for score in state.scores()],
        "log": log,
        "last": log[-1] if log else None,
    }
