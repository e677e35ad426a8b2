"""Aztec as text: a height map of the structure, north at the top, with the score.

Each column shows the level of its top cube (``.`` when empty), marked ``*`` when that is a
level-3 cube on an outer row that scores, ``~`` when the top cube floats over a gap, and
preceded by ``>`` when the last piece has a cube in that column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.geometry import FILES, SIZE, cell_index
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

LEGEND = "top level per column; * scores (level 3 on an edge), ~ floats over a gap, > last piece"


def _column(state: AztecState, x: int, y: int, scoring: int, last: int) -> str:
    levels = [z for z in (1, 2, 3) if state.occupied >> cell_index(x, y, z) & 1]
    marked_last = any(last >> cell_index(x, y, z) & 1 for z in (1, 2, 3))
    prefix = ">" if marked_last else " "
    if not levels:
        return f"{prefix}. "
    top = levels[-1]
    if top == 3 and scoring >> cell_index(x, y, 3) & 1:
        suffix = "*"
    elif len(levels) < top:
        suffix = "~"
    else:
        suffix = " "
    return f"{prefix}{top}{suffix}"


def status_line(state: AztecState) -> str:
    """Who is to act, in words."""
    return f"Aztec, {state.num_players} players: {state.describe_turn()}"


def score_lines(state: AztecState) -> list[str]:
    """The score sheet: one line per seat."""
    lines = []
    for seat, score in enumerate(state.scores()):
        role = state.role(seat)
        details = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if k != "role")
        if role == "Ah Puch":
            lines.append(f"  seat {seat} Ah Puch: {details}")
        elif role == "bidder":
            lines.append(f"  seat {seat}: bidding")
        else:
            lines.append(f"  seat {seat} {role}: {score.total} ({details})")
    if state.num_players == 3 and state.auction:
        bids = ", ".join(str(b) if b else "pass" for b in state.auction)
        lines.append(f"  auction: {bids}")
    if state.is_terminal:
        places = state.ranking()
        lines.append("  result: " + ", ".join(f"seat {s} #{p}" for s, p in enumerate(places)))
    return lines


def render(state: AztecState, perspective: int | None = None) -> str:
    """The text drawing (the same for every seat: nothing is hidden)."""
    corners = state.options["corners"] == "both"
    scoring = NS_EDGE[corners] | EW_EDGE[corners]
    last = placement_mask(state.last) if state.last is not None else 0
    header = "     " + "".join(f" {f} " for f in FILES)
    lines = [status_line(state), "              north", header]
    for y in range(SIZE - 1, -1, -1):
        row = "".join(_column(state, x, y, scoring, last) for x in range(SIZE))
        side_w = "W" if y == SIZE // 2 else " "
        side_e = "E" if y == SIZE // 2 else " "
        lines.append(f" {side_w} {y + 1} {row} {y + 1} {side_e}")
    lines += [header, "              south", f"  ({LEGEND})"]
    lines += score_lines(state)
    return "\n".join(lines)
