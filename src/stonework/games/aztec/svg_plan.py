"""The plan of the Aztec structure seen from above, north up, with the files and ranks.

It is the map a player reads coordinates from: each column shows the level of its top cube
(``~`` after it when that cube floats over a gap), a star where a level-3 cube scores, a thick
outline on the last piece's columns, and a marker on the corner the isometric view is seen from.
"""

from __future__ import annotations

from typing import Final

from stonework.core import svg
from stonework.games.aztec.geometry import FILES, SIZE, cell_index
from stonework.games.aztec.svg_iso import (
    EW_COLOUR,
    LEVEL_COLOURS,
    NS_COLOUR,
    ROLE_COLOURS,
    ROLE_LETTERS,
    edge_fill,
    star_points,
)
from stonework.games.aztec.targets import cell_target

CELL: Final = 26.0
MARGIN: Final = 36.0  # room for the rulers and the edge letters
WIDTH: Final = SIZE * CELL + 2 * MARGIN
HEIGHT: Final = SIZE * CELL + 2 * MARGIN

_CORNER_AT: Final = {"sw": (0, SIZE), "se": (SIZE, SIZE), "ne": (SIZE, 0), "nw": (0, 0)}
"""Where each viewing corner lies in plan cells (column, row from the top)."""


def draw(
    left: float,
    top: float,
    occupied: int,
    scoring: int,
    last: int,
    corners: bool,
    view: str,
    pieces: dict[int, tuple[int, str]] | None = None,
) -> list[str]:
    """The plan with its top-left corner at (left, top).

    ``pieces`` maps each placed cell to its piece's number and the role that placed it
    (``ns``, ``ew``, ``ap``): each column shows that role's letter for its top cube, and a
    heavy line runs between columns whose top cubes belong to different pieces.
    """
    pieces = pieces or {}
    x0, y0 = left + MARGIN, top + MARGIN
    # Column (x, y) is the square from (origin_x + x * size, origin_y + (8 - y) * size), so a
    # client can highlight cells or draw a ghost without drawing the plan itself.
    parts = [
        f'<g class="plan" data-cell-size="{CELL:g}" data-origin-x="{x0:.1f}" '
        f'data-origin-y="{y0:.1f}">'
    ]
    for x in range(SIZE):
        for y in range(SIZE):
            levels = [z for z in (1, 2, 3) if occupied >> cell_index(x, y, z) & 1]
            sx, sy = x0 + x * CELL, y0 + (SIZE - 1 - y) * CELL
            fill = LEVEL_COLOURS[levels[-1] - 1] if levels else edge_fill(x, y, corners)
            height = levels[-1] if levels else 0
            mark = (
                ' data-last="1"' if any(last >> cell_index(x, y, z) & 1 for z in (1, 2, 3)) else ""
            )
            parts.append(
                f'<g class="plan-cell" data-target="{cell_target(x, y)}" '
                f'data-level="{height}"{mark}>'
            )
            parts.append(svg.rect(sx, sy, CELL, CELL, fill, "#9c8f78", 0.6))
            if not levels:
                parts.append("</g>")
                continue
            cx, cy = sx + CELL / 2, sy + CELL / 2
            top_level = levels[-1]
            if top_level == 3 and scoring >> cell_index(x, y, 3) & 1:
                parts.append(
                    f'<polygon class="scoring" points="{star_points(cx, cy, 10)}" '
                    'fill="#ffffff" stroke="#222" stroke-width="0.8"/>'
                )
            else:
                label = str(top_level) + ("~" if len(levels) < top_level else "")
                parts.append(svg.text(cx, cy + 4.5, label, 13, "middle", "#2b2115"))
            _, role = pieces.get(cell_index(x, y, top_level), (-1, ""))
            if role:
                parts.append(
                    svg.text(
                        sx + 2.5,
                        sy + 8.5,
                        ROLE_LETTERS[role],
                        7.5,
                        "start",
                        ROLE_COLOURS[role],
                        "bold",
                    )
                )
            parts.append("</g>")

    # Piece boundaries: between neighbouring columns whose top cubes are of different pieces.
    def top_piece(x: int, y: int) -> int:
        for z in (3, 2, 1):
            cell = cell_index(x, y, z)
            if occupied >> cell & 1:
                return pieces.get(cell, (-2 - cell, ""))[0]
        return -1

    tops = {(x, y): top_piece(x, y) for x in range(SIZE) for y in range(SIZE)}
    edges = []
    for (x, y), piece in tops.items():
        for nx, ny in ((x + 1, y), (x, y + 1)):
            other = tops.get((nx, ny))
            if other is None or other == piece or (piece == -1 and other == -1):
                continue
            if nx > x:  # the vertical edge on the east of (x, y)
                ex, ey0 = x0 + nx * CELL, y0 + (SIZE - 1 - y) * CELL
                edges.append(f"M{ex:.1f},{ey0:.1f}v{CELL:g}")
            else:  # the horizontal edge on the north of (x, y)
                ex0, ey = x0 + x * CELL, y0 + (SIZE - 1 - y) * CELL
                edges.append(f"M{ex0:.1f},{ey:.1f}h{CELL:g}")
    parts.append(
        f'<path class="piece-edges" d="{"".join(edges)}" fill="none" stroke="#3b2f20" '
        'stroke-width="1.8" stroke-linecap="round" pointer-events="none"/>'
    )
    # The last piece's columns, drawn after the grid so no neighbour covers the outline.
    for x in range(SIZE):
        for y in range(SIZE):
            if any(last >> cell_index(x, y, z) & 1 for z in (1, 2, 3)):
                sx, sy = x0 + x * CELL, y0 + (SIZE - 1 - y) * CELL
                parts.append(
                    f'<rect class="last" x="{sx + 1.5:.1f}" y="{sy + 1.5:.1f}" '
                    f'width="{CELL - 3:.1f}" height="{CELL - 3:.1f}" fill="none" '
                    'stroke="#000" stroke-width="2.5" pointer-events="none"/>'
                )
    side = SIZE * CELL
    for ax, ay, bx, by, colour in (
        (0, 0, side, 0, NS_COLOUR),
        (0, side, side, side, NS_COLOUR),
        (0, 0, 0, side, EW_COLOUR),
        (side, 0, side, side, EW_COLOUR),
    ):
        parts.append(
            f'<line x1="{x0 + ax:.1f}" y1="{y0 + ay:.1f}" x2="{x0 + bx:.1f}" y2="{y0 + by:.1f}" '
            f'stroke="{colour}" stroke-width="4" stroke-linecap="round"/>'
        )
    for k in range(SIZE):
        cx = x0 + (k + 0.5) * CELL
        cy = y0 + (SIZE - 1 - k + 0.5) * CELL
        parts.append(svg.text(cx, y0 + side + 15, FILES[k], 11, "middle", "#6b5d48"))
        parts.append(svg.text(x0 - 12, cy + 4, str(k + 1), 11, "middle", "#6b5d48"))
        parts.append(svg.text(x0 + side + 12, cy + 4, str(k + 1), 11, "middle", "#6b5d48"))
    parts.append(svg.text(x0 + side / 2, y0 - 8, "N", 13, "middle", NS_COLOUR, "bold"))
    parts.append(svg.text(x0 + side / 2, y0 + side + 30, "S", 13, "middle", NS_COLOUR, "bold"))
    parts.append(svg.text(x0 - 28, y0 + side / 2 + 5, "W", 13, "middle", EW_COLOUR, "bold"))
    parts.append(svg.text(x0 + side + 28, y0 + side / 2 + 5, "E", 13, "middle", EW_COLOUR, "bold"))
    # The viewer's corner: a small eye-like marker pointing at the board.
    col, row = _CORNER_AT[view]
    ex, ey = x0 + col * CELL, y0 + row * CELL
    parts.append(
        f'<circle class="viewer" cx="{ex:.1f}" cy="{ey:.1f}" r="6" fill="#222" stroke="#fff" '
        'stroke-width="1.5"/>'
    )
    parts.append("</g>")
    return parts
