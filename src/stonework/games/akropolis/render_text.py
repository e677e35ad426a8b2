"""Terminal drawing of an Akropolis position: the site, each city and its score sheet.

A city is drawn in flat-top columns: each hex is its kind letter (``q`` quarry, ``h m b t g``
districts, capitals for plazas) followed by its height; a column sits half a row below the
column to its west, as on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core.state import CHANCE, TERMINAL
from stonework.games.akropolis.hexgrid import COORDS
from stonework.games.akropolis.placement import City
from stonework.games.akropolis.tiles import DISTRICT_TYPES, KIND_LETTER, TILE_CODES

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

LEGEND = (
    "q quarry  h house  m market  b barracks  t temple  g garden; capitals are plazas "
    "(H 1 star, M B T 2, G 3); the digit is the height"
)


def city_lines(city: City) -> list[str]:
    """The city as text rows (each hex: kind letter + height, flat-top column layout)."""
    spots = {}
    for cell in city.cells:
        q, r = COORDS[cell]
        value = city.columns[cell]
        spots[(2 * r + q, q)] = KIND_LETTER[value & 0xFF] + str(value >> 16)
    rows = [row for row, _ in spots]
    cols = [col for _, col in spots]
    top, left = min(rows), min(cols)
    width = 3 * (max(cols) - left) + 2
    lines = []
    for row in range(top, max(rows) + 1):
        chars = [" "] * width
        for (r, q), text in spots.items():
            if r == row:
                at = 3 * (q - left)
                chars[at : at + 2] = text
        lines.append("".join(chars).rstrip())
    return lines


def render_text(state: AkropolisState, perspective: int | None = None) -> str:
    """The whole table as text (everything is public, so every perspective sees the same)."""
    out: list[str] = []
    player = state.current_player
    if player == TERMINAL:
        status = "game over"
    elif player == CHANCE:
        status = f"revealing tiles ({state.pending} to come)"
    else:
        status = f"seat {player} to play"
    chief = "the Architect" if state.solo and state.chief == 1 else f"seat {state.chief}"
    out.append(
        f"Akropolis, {state.num_players} player(s): {status}; turn {state.tiles_placed() + 1}, "
        f"stacks left {state.stacks_left}, chief architect: {chief}"
    )
    site = "  ".join(f"{i + 1}:{TILE_CODES[t]}({i})" for i, t in enumerate(state.site))
    out.append(f"site (position:tile(cost)): {site or '-'}")
    scores = state.scores()
    for seat, city in enumerate(state.cities):
        mark = " *" if seat == player else ""
        out.append("")
        out.append(f"seat {seat}{mark}: {state.stones[seat]} stones, {scores[seat].total} points")
        out.extend("  " + line for line in city_lines(city))
        sheet = scores[seat].breakdown
        parts = []
        for name in DISTRICT_TYPES:
            line = sheet[name]
            parts.append(f"{name} {line['value']}x{line['stars']}={line['points']}")
        out.append("  " + ", ".join(parts) + f", stones {state.stones[seat]}")
    if state.solo:
        _, total = state.architect_result()
        out.append("")
        out.append(
            f"Architect ({state.level}): {state.stones[1]} stones, {len(state.pile)} tiles, "
            f"{total} points"
        )
    out.append("")
    out.append(LEGEND)
    return "\n".join(out)
