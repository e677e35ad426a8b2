"""SVG drawing of an Akropolis position: the construction site with its costs, each city with
its stones and score sheet, and a legend.

Hexes are flat-top and coloured by kind, with the kind letter, plaza stars, height and ``q,r``
on each (see :mod:`~stonework.games.akropolis.svg_hex`), so nothing relies on colour alone. The
city of the seat to move also shows its open ground spots, dashed, with their coordinates.
Everything in Akropolis is public, so every perspective sees the same drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core import CHANCE, TERMINAL, svg
from stonework.games.akropolis.actions import Place, placement_index
from stonework.games.akropolis.hexgrid import PLACEMENT_CELLS
from stonework.games.akropolis.render_text import plural, status_line
from stonework.games.akropolis.svg_city import (
    SHEET_H,
    SHEET_W,
    draw_city,
    draw_sheet,
    panel_size,
)
from stonework.games.akropolis.svg_hex import FILL, NAME, ROOT3, corners, hex_shape
from stonework.games.akropolis.targets import site_target
from stonework.games.akropolis.tiles import TILE_KINDS

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

PAD: Final = 14.0
SITE_HEX: Final = 19.0
PER_ROW: Final = 2  # cities side by side
SHEET_BESIDE: Final = 3
"""From this many players on, each score sheet stands to the right of its city and the legend
has two columns: with the sheets below, four cities fill under half the drawing's height and a
browser fitting the drawing to its pane shows them small."""
LEGEND_COLUMN_W: Final = 500.0


def _cost(position: int) -> str:
    return "free" if position == 1 else f"{position - 1} stone{'s' if position > 2 else ''}"


def _site(state: AkropolisState, top: float) -> tuple[list[str], float, float]:
    """The construction site: each tile with its position and cost; returns parts, width, bottom."""
    parts = [
        svg.text(
            PAD, top + 12, "Construction site (take position k for k - 1 stones)", 13, weight="bold"
        )
    ]
    affordable = state.affordable_positions() if state.current_player >= 0 else len(state.site)
    x = PAD
    y = top + 22
    box_w, box_h = 104.0, 100.0
    for i, tile in enumerate(state.site):
        position = i + 1
        dim = position > affordable
        parts.append(
            f'<g class="site-tile" data-position="{position}" data-target="{site_target(position)}"'
            f' data-tile="{tile}" data-hex-size="{SITE_HEX:g}"'
            + (' opacity="0.45"' if dim else "")
            + ">"
        )
        parts.append(svg.rect(x, y, box_w, box_h, "#fff", "#bbb"))
        # Rotation 0 of the tile table: hex 2 north of hex 1, hex 3 north-east of hex 1.
        cx, base = x + 40, y + 68
        spots = (
            (cx, base),
            (cx, base - ROOT3 * SITE_HEX),
            (cx + 1.5 * SITE_HEX, base - ROOT3 * SITE_HEX / 2),
        )
        # Each hex drawn about its own centre and placed by a translate: a client makes a ghost
        # of the tile by cloning these groups onto city hexes (docs/web.md, "Clickable boards").
        for n, ((hx, hy), kind) in enumerate(zip(spots, TILE_KINDS[tile], strict=True), start=1):
            parts.append(
                f'<g class="tile-hex" data-hex="{n}" transform="translate({hx:.1f},{hy:.1f})">'
            )
            parts += hex_shape(0, 0, kind, 0, SITE_HEX)
            parts.append("</g>")
        # The hexes' numbers outside the tile: 1 and 2 to the west, 3 to the east.
        for n, (hx, hy), dx in zip((1, 2, 3), spots, (-1.45, -1.45, 1.45), strict=True):
            parts.append(svg.text(hx + dx * SITE_HEX, hy + 4, str(n), 10, "middle", "#555"))
        label = f"{position}: {_cost(position)}"
        parts.append(svg.text(x + box_w / 2, y + box_h - 6, label, 11, "middle", weight="bold"))
        parts.append("</g>")
        x += box_w + 8
    if not state.site:
        parts.append(svg.text(PAD, y + 20, "(empty)", 11))
    return parts, max(x, 300.0), y + box_h


def last_placement(state: AkropolisState) -> tuple[int, tuple[int, ...]]:
    """The seat that laid the last tile and the cells it covered ((-1, ()) before any)."""
    for seat, action in reversed(state.history):
        if type(action) is Place:
            cells = PLACEMENT_CELLS[placement_index(action)]
            return seat, cells or ()
    return -1, ()


def _legend(left: float, top: float, columns: int = 1) -> tuple[list[str], float]:
    def swatch(letter: str) -> str:
        return (
            f'<polygon points="{corners(7, 7, 7.5)}" fill="{FILL[letter]}" stroke="#222"/>'
            + svg.text(7, 10.5, letter, 9, "middle", weight="bold")
        )

    entries = [(swatch(k), NAME[k]) for k in FILL]
    entries += [
        (
            svg.text(7, 11, "H★", 9, "middle", weight="bold"),
            "capital + ★: plaza (house 1★, market/barracks/temple 2★, garden 3★)",
        ),
        (svg.text(7, 11, "▲2", 9, "middle"), "height of a raised hex, with its side below it"),
        (
            '<path d="M1,7 L7,1 L13,7" fill="none" stroke="#1b1408" stroke-width="2.6"/>',
            "heavy line: the edge of one tile",
        ),
        (
            '<path d="M1,7 L13,7" fill="none" stroke="#ff7a00" stroke-width="3.5" '
            'stroke-dasharray="6,3"/>',
            "the tile laid last",
        ),
        (svg.text(7, 11, "q,r", 8, "middle"), "axial hex coordinates for the notation"),
        (
            f'<polygon points="{corners(7, 7, 7)}" fill="none" stroke="#8a7f6a" '
            'stroke-dasharray="3,2"/>',
            "open ground spot of the player to move",
        ),
        (
            svg.text(7, 11, "1 2 3", 7, "middle"),
            "a site tile's hexes; 2@Q,R/ROT lays hex 1 on Q,R, turned ROT (0-5) clockwise",
        ),
    ]
    parts = [svg.text(left, top + 12, "Legend", 13, weight="bold")]
    rows = -(-len(entries) // columns)
    for column in range(columns):
        chunk = entries[column * rows : (column + 1) * rows]
        parts += svg.legend(left + column * LEGEND_COLUMN_W, top + 20, chunk)
    return parts, top + 20 + 18 * rows


def render(state: AkropolisState, perspective: int | None = None) -> str:
    """The whole table as an SVG document."""
    title = status_line(state)
    parts = [svg.text(PAD, PAD + 12, title, 14, weight="bold")]
    site_parts, width, y = _site(state, PAD + 22)
    parts += site_parts
    y += 16
    scores = state.scores()
    mover = state.current_player if state.current_player >= 0 else -1
    if state.current_player == CHANCE:
        mover = state.turn
    last_seat, last_cells = last_placement(state)
    row_top, x, row_h = y, PAD, 0.0
    beside = len(state.cities) >= SHEET_BESIDE
    # Beside-sheet boxes line up in columns: each column as wide as its widest city.
    column_w = [0.0] * PER_ROW
    if beside:
        for seat, city in enumerate(state.cities):
            city_w = panel_size(city, seat == mover)[2]
            column_w[seat % PER_ROW] = max(column_w[seat % PER_ROW], city_w)
    for seat, city in enumerate(state.cities):
        if seat and seat % PER_ROW == 0:
            row_top += row_h + 18
            x, row_h = PAD, 0.0
        mark = "  ◀ to move" if seat == mover and state.current_player != TERMINAL else ""
        stones = state.stones[seat]
        head = f"Seat {seat}: {plural(scores[seat].total, 'point')}, {plural(stones, 'stone')}"
        parts.append(svg.text(x, row_top + 14, head + mark, 13, weight="bold"))
        last = last_cells if seat == last_seat else ()
        city_parts, w, h = draw_city(city, seat, x, row_top + 24, seat == mover, last)
        parts += city_parts
        sheet = scores[seat].breakdown
        if beside:
            w = max(w, column_w[seat % PER_ROW])
            parts += draw_sheet(sheet, x + w + 20, row_top + 24 + 12)
            box_w = w + 20 + SHEET_W + 24
            row_h = max(row_h, 24 + max(h, SHEET_H + 12))
        else:
            parts += draw_sheet(sheet, x, row_top + 24 + h + 16)
            box_w = max(w, SHEET_W) + 24
            row_h = max(row_h, 24 + h + 16 + SHEET_H)
        x += box_w
        width = max(width, x)
    y = row_top + row_h + 10
    if state.solo:
        _, total = state.architect_result()
        parts.append(
            svg.text(
                PAD,
                y + 14,
                f"Architect ({state.level}): {state.stones[1]} stones, {len(state.pile)} tiles, "
                f"{total} points",
                13,
            )
        )
        y += 26
    legend_parts, y = _legend(PAD, y, 2 if beside and width >= 2 * LEGEND_COLUMN_W else 1)
    parts += legend_parts
    # Wide enough for the title (about 0.6 em per character in bold sans-serif) and legend.
    width = max(width, 520.0, 8.6 * len(title))
    return svg.document(width + PAD, y + PAD, parts, f"Akropolis: {status_line(state)}")
