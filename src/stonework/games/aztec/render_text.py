"""Aztec as text: a height map of the structure, north at the top, with rulers and the score.

Each column shows the level of its top cube (``.`` when empty), then ``*`` when that is a
level-3 cube on an outer row that scores, or ``~`` when the top cube floats over a gap; a ``>``
before it marks a column of the last piece. The files (a..i) and ranks (1..9) around the map are
the ones placements are typed with (``NU-d4-1``: orientation, file and rank, level).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from stonework.core import Action, State
from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.geometry import FILES, SIZE, cell_index
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

LEGEND: Final = (
    "legend: 1 2 3 level of the top cube, . empty; 3* scores (level 3 on a builder's row);",
    "        2~ floats over a gap; > a column of the last piece",
    "        N/S builder scores the north and south rows, E/W the east and west columns",
    "placements: ORIENTATION-FILE RANK-LEVEL of the corner cube, e.g. NU-d4-1",
)


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


def role_line(state: AztecState) -> str:
    """Who builds for which edges, and Ah Puch or the auction, in words."""
    ns, ew = state.builder("north_south"), state.builder("east_west")
    if state.in_auction:
        bids = ", ".join(str(b) if b else "pass" for b in state.auction) or "none yet"
        return f"auction for Ah Puch, bids so far: {bids}"
    text = f"N/S builder: seat {ns}; E/W builder: seat {ew}"
    if state.num_players == 3:
        test = "each builder" if state.options["threshold"] == "each" else "the builders' sum"
        text += f"; Ah Puch: seat {state.ah_puch}, wins if {test} stays below {state.high_bid}"
    return text


def result_line(state: AztecState) -> str:
    """The outcome in words (only meaningful at the end)."""
    places = state.ranking()
    winners = [seat for seat, place in enumerate(places) if place == 1]
    names = [f"seat {s} ({state.role(s)})" for s in winners]
    ns, ew = state.edge_points()
    score = f"N/S {ns} : {ew} E/W"
    if len(winners) == 1:
        return f"game over: {names[0]} wins; {score}"
    return f"game over: draw between {' and '.join(names)}; {score}"


def score_lines(state: AztecState) -> list[str]:
    """The score sheet: one line per seat, then the result at the end."""
    lines = []
    for seat, score in enumerate(state.scores()):
        role = state.role(seat)
        if role == "Ah Puch":
            below = "yes" if score.breakdown["builders_below"] else "no"
            lines.append(
                f"  seat {seat} Ah Puch: bid {score.breakdown['threshold']}, "
                f"builders below it now: {below}"
            )
        elif role == "bidder":
            lines.append(f"  seat {seat}: bidding")
        else:
            rows = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if k != "role")
            lines.append(f"  seat {seat} {role}: {score.total} points ({rows})")
    if state.num_players == 3 and state.auction and not state.in_auction:
        bids = ", ".join(str(b) if b else "pass" for b in state.auction)
        lines.append(f"  auction: {bids}")
    if state.is_terminal:
        lines.append("  " + result_line(state))
    return lines


def map_lines(state: AztecState) -> list[str]:
    """The height map with its rulers, north at the top."""
    corners = state.options["corners"] == "both"
    scoring = NS_EDGE[corners] | EW_EDGE[corners]
    last = placement_mask(state.last) if state.last is not None else 0
    header = "     " + "".join(f" {f} " for f in FILES)
    lines = [header]
    for y in range(SIZE - 1, -1, -1):
        row = "".join(_column(state, x, y, scoring, last) for x in range(SIZE))
        side_w = "W" if y == SIZE // 2 else " "
        side_e = "E" if y == SIZE // 2 else " "
        lines.append(f" {side_w} {y + 1} {row} {y + 1} {side_e}".rstrip())
    lines.append(header)
    return lines


def render(state: AztecState, perspective: int | None = None) -> str:
    """The text drawing (the same for every seat: nothing is hidden)."""
    lines = [f"Aztec, {state.num_players} players: {state.describe_turn()}", role_line(state)]
    lines += ["", "                north (N/S)", *map_lines(state)]
    lines += ["                south (N/S)", "      west and east (E/W) at the sides", ""]
    lines += score_lines(state)
    lines += ["", *LEGEND]
    return "\n".join(lines)


# --- the compact view, the details on request, the score sheet ---------------------------------


def _edges(breakdown: dict[str, object]) -> str:
    return ", ".join(f"{k} {v}" for k, v in breakdown.items() if k != "role")


def compact_text(state: AztecState, perspective: int | None = None) -> str:
    """The map and the score in 80 columns and 17 lines."""
    lines = [f"Aztec, {state.num_players} players: {state.describe_turn()}"]
    lines += textwrap.wrap(role_line(state), 79, subsequent_indent="    ")
    # The edges are named beside the rulers, so the map takes no more lines than it has rows.
    drawn = map_lines(state)
    drawn[0] = drawn[0].rstrip() + "      north: N/S"
    drawn[-1] = drawn[-1].rstrip() + "      south: N/S"
    drawn[5] += "   W and E: E/W"
    lines += drawn
    parts = []
    for seat, score in enumerate(state.scores()):
        role = state.role(seat)
        if role in ("N/S", "E/W"):
            parts.append(f"{role} seat {seat}: {score.total} ({_edges(score.breakdown)})")
    if parts:
        lines += textwrap.wrap("; ".join(parts), 79)
    if state.is_terminal:
        lines.append(result_line(state))
    lines.append("more: board, legend, scores (type help)")
    return "\n".join(lines)


def score_sheet(state: AztecState) -> list[tuple[str, list[str]]]:
    """Each seat's role and what it scores: edge points for a builder, the bid for Ah Puch."""
    scores = state.scores()
    rows: list[tuple[str, list[str]]] = [("role", [state.role(s) for s in range(len(scores))])]
    edges = []
    for seat, score in enumerate(scores):
        role = state.role(seat)
        edges.append(_edges(score.breakdown) if role in ("N/S", "E/W") else "-")
    rows.append(("level-3 cubes on its rows", edges))
    if state.num_players == 3 and not state.in_auction:
        test = "each builder" if state.options["threshold"] == "each" else "the builders' sum"
        bids, below = [], []
        for seat, score in enumerate(scores):
            ah_puch = state.role(seat) == "Ah Puch"
            bids.append(str(score.breakdown["threshold"]) if ah_puch else "-")
            flag = "yes" if score.breakdown.get("builders_below") else "no"
            below.append(flag if ah_puch else "-")
        rows.append(("Ah Puch's bid", bids))
        rows.append((f"{test} below the bid", below))
    return rows


def action_order(state: AztecState, actions: list[Action]) -> list[Action]:
    """The moves in the order a person reads them: in the auction, passing first, then the bids
    from the standing one down (the highest bid, which the builders cannot reach, is no offer
    worth the first line)."""
    if not state.in_auction:
        return actions
    passes = [action for action in actions if str(action) == "pass"]
    return passes + [action for action in actions if str(action) != "pass"]


def _aztec(state: State) -> AztecState:
    from stonework.games.aztec.state import AztecState

    assert isinstance(state, AztecState)
    return state


def _view_legend(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(LEGEND)


def _view_scores(state: State, perspective: int | None, argument: str) -> str:
    return "\n".join(["score sheet:", *score_lines(_aztec(state))])


TEXT_VIEWS: Final[dict[str, tuple[str, Callable[[State, int | None, str], str]]]] = {
    "scores": ("who builds which edges, and the points so far", _view_scores),
    "legend": ("what the marks mean, and the notation", _view_legend),
}
