"""One Akropolis city drawn as a panel: its hexes, the open ground spots and its score sheet."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from stonework.core import JSON, svg
from stonework.games.akropolis.hexgrid import COORDS, STEP, TRIANGLE_CELLS
from stonework.games.akropolis.placement import TILE_SHIFT, City
from stonework.games.akropolis.svg_hex import ROOT3, centre, corners, hex_shape, open_spot
from stonework.games.akropolis.targets import hex_target
from stonework.games.akropolis.tiles import DISTRICT_TYPES

HEX: Final = 23.0  # hex radius in the cities
SHEET_W: Final = 250.0  # width the score sheet needs
SHEET_H: Final = 16.0 * 8 + 6  # header, five district lines, stones, total


def open_ground(city: City) -> set[int]:
    """Empty cells of the legal ground placements: where a new tile may touch the city."""
    return {cell for tri in city.legal for cell in TRIANGLE_CELLS[tri] if not city.columns[cell]}


def panel_size(city: City, show_open: bool) -> tuple[float, float, float, float]:
    """(min x, min y, width, height) of the hexes' pixel box, open spots included if shown."""
    cells = list(city.cells) + (sorted(open_ground(city)) if show_open else [])
    xs, ys = zip(*(centre(*COORDS[c], HEX) for c in cells), strict=True)
    min_x, min_y = min(xs) - HEX, min(ys) - HEX * ROOT3 / 2
    return min_x, min_y, max(xs) + HEX - min_x, max(ys) + HEX * ROOT3 / 2 - min_y


SHADE: Final = 6.0
"""Pixels of side and shadow each level above the first shows below a raised hex."""


def tile_outline(cells: list[int], centres: dict[int, tuple[float, float]], size: float) -> str:
    """The outer edges of a group of cells (one tile's visible hexes) as one path."""
    inside = set(cells)
    segments = []
    for cell in cells:
        x, y = centres[cell]
        for i in range(6):
            # Edge i (corner i to corner i + 1) faces direction (i + 2) % 6 of hexgrid.DIRECTIONS.
            if STEP[cell][(i + 2) % 6] in inside:
                continue
            a, b = math.radians(60 * i), math.radians(60 * (i + 1))
            segments.append(
                f"M{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}"
                f"L{x + size * math.cos(b):.1f},{y + size * math.sin(b):.1f}"
            )
    return "".join(segments)


def draw_city(
    city: City,
    seat: int,
    left: float,
    top: float,
    show_open: bool,
    last: tuple[int, ...] = (),
) -> tuple[list[str], float, float]:
    """The city's hexes with (left, top) the corner of its box; returns parts, width, height.

    With ``show_open`` (the city of the seat to move) every built hex and open ground spot is
    a click target ``hex:q,r`` (see :mod:`~stonework.games.akropolis.targets`), and the group's
    ``data-hex-size``, ``data-origin-x`` and ``data-origin-y`` give the pixel centre of any hex:
    ``x = origin_x + size * 1.5 * q``, ``y = origin_y + size * sqrt(3) * (r + q / 2)``, so a
    client can put a ghost tile or a highlight on any hex without drawing the city itself.
    ``last`` are the cells the last tile covered: they get ``data-last`` and an orange dashed
    outline.
    """
    min_x, min_y, width, height = panel_size(city, show_open)
    height += SHADE * (max(city.columns[c] >> 16 for c in city.cells) - 1)
    origin_x, origin_y = left - min_x, top - min_y
    # Only the city with targets exposes its transform, so `g.city[data-origin-x]` finds it.
    geometry = (
        f' data-hex-size="{HEX:g}" data-origin-x="{origin_x:.1f}" data-origin-y="{origin_y:.1f}"'
        if show_open
        else ""
    )
    parts = [f'<g class="city" data-seat="{seat}"{geometry}>']
    centres = {
        cell: (origin_x + centre(*COORDS[cell], HEX)[0], origin_y + centre(*COORDS[cell], HEX)[1])
        for cell in city.cells
    }
    if show_open:
        for cell in sorted(open_ground(city)):
            q, r = COORDS[cell]
            x, y = centre(q, r, HEX)
            parts.append(f'<g data-target="{hex_target(q, r)}">')
            parts += open_spot(origin_x + x, origin_y + y, HEX, (q, r))
            parts.append("</g>")
    # Low hexes first, north to south, so a higher hex's side falls over its lower neighbours.
    order = sorted(city.cells, key=lambda c: (city.columns[c] >> 16, centres[c][1], centres[c][0]))
    for cell in order:
        value = city.columns[cell]
        level = value >> 16
        q, r = COORDS[cell]
        x, y = centres[cell]
        target = f' data-target="{hex_target(q, r)}"' if show_open else ""
        mark = ' data-last="1"' if cell in last else ""
        parts.append(f'<g class="city-hex" data-level="{level}"{target}{mark}>')
        if level > 1:
            # The raised hex's side and shadow, falling south-east over its lower neighbours.
            drop = SHADE * (level - 1)
            side = corners(x + 0.5 * drop, y + drop, HEX)
            parts.append(
                f'<polygon class="side" points="{side}" fill="#2b2418" fill-opacity="0.6" '
                'stroke="none"/>'
            )
        # data-* attributes let a user interface map a click back to a hex of the notation.
        data = f' data-seat="{seat}" data-q="{q}" data-r="{r}"'
        parts += hex_shape(x, y, value & 0xFF, level, HEX, (q, r), data)
        parts.append("</g>")
    # Each tile's visible hexes outlined together, so a person sees the tiles, not only hexes.
    by_tile: dict[int, list[int]] = {}
    for cell in city.cells:
        by_tile.setdefault(city.columns[cell] >> TILE_SHIFT & 0xFF, []).append(cell)
    outlines = "".join(tile_outline(cells, centres, HEX) for cells in by_tile.values())
    parts.append(
        f'<path class="tile-outlines" d="{outlines}" fill="none" stroke="#1b1408" '
        'stroke-width="2.6" stroke-linecap="round" pointer-events="none"/>'
    )
    if last:
        edges = tile_outline([c for c in last if c in centres], centres, HEX - 2.5)
        parts.append(
            f'<path class="last" d="{edges}" fill="none" stroke="#ff7a00" stroke-width="3.5" '
            'stroke-dasharray="6,3" pointer-events="none"/>'
        )
    parts.append("</g>")
    return parts, width, height


def draw_sheet(sheet: Mapping[str, JSON], left: float, top: float) -> list[str]:
    """The score sheet as an aligned table: districts, their value, stars and points."""
    columns = ((0, "start"), (130, "end"), (170, "end"), (205, "end"), (245, "end"))
    heads = ("", "value", "×", "stars", "= pts")
    parts = ['<g class="score-sheet">']
    for (dx, anchor), head in zip(columns, heads, strict=True):
        parts.append(svg.text(left + dx, top, head, 10, anchor, "#666"))
    y = top
    for name in DISTRICT_TYPES:
        line = sheet[name]
        assert isinstance(line, dict)
        y += 16
        cells = (
            f"{name} ({line['districts']} district{'s' if line['districts'] != 1 else ''})",
            str(line["value"]),
            "×",
            f"{line['stars']}★",
            str(line["points"]),
        )
        for (dx, anchor), cell in zip(columns, cells, strict=True):
            parts.append(svg.text(left + dx, y, cell, 11, anchor))
    y += 16
    parts.append(svg.text(left, y, "stones", 11))
    parts.append(svg.text(left + 245, y, str(sheet["stones"]), 11, "end"))
    y += 18
    parts.append(
        f'<line x1="{left:.1f}" y1="{y - 13:.1f}" x2="{left + 245:.1f}" '
        f'y2="{y - 13:.1f}" stroke="#999"/>'
    )
    parts.append(svg.text(left, y, "total", 12, weight="bold"))
    parts.append(svg.text(left + 245, y, str(sheet["total"]), 12, "end", weight="bold"))
    parts.append("</g>")
    return parts
