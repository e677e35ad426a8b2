"""One Akropolis city drawn as a panel: its hexes, the open ground spots and its score sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from stonework.core import JSON, svg
from stonework.games.akropolis.city import City, column_height, column_kind
from stonework.games.akropolis.hexgrid import COORDS, TRIANGLE_CELLS
from stonework.games.akropolis.svg_hex import ROOT3, centre, hex_shape, open_spot
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


def draw_city(
    city: City, seat: int, left: float, top: float, show_open: bool
) -> tuple[list[str], float, float]:
    """The city's hexes with (left, top) the corner of its box; returns parts, width, height."""
    min_x, min_y, width, height = panel_size(city, show_open)
    parts = [f'<g class="city" data-seat="{seat}">']
    if show_open:
        for cell in sorted(open_ground(city)):
            x, y = centre(*COORDS[cell], HEX)
            parts += open_spot(left + x - min_x, top + y - min_y, HEX, COORDS[cell])
    for cell in city.cells:
        value = city.columns[cell]
        q, r = COORDS[cell]
        x, y = centre(q, r, HEX)
        # data-* attributes let a user interface map a click back to a hex of the notation.
        data = f' data-seat="{seat}" data-q="{q}" data-r="{r}"'
        parts += hex_shape(
            left + x - min_x,
            top + y - min_y,
            column_kind(value),
            column_height(value),
            HEX,
            (q, r),
            data,
        )
    parts.append("</g>")
    return parts, width, height


def draw_sheet(sheet: Mapping[str, JSON], left: float, top: float) -> list[str]:
    """The score sheet as an aligned table: districts, their value, stars and points."""
    # The district count has a column of its own: run into the name it met the value column.
    columns = (
        (0, "start"),
        (112, "end"),
        (148, "end"),
        (172, "end"),
        (207, "end"),
        (245, "end"),
    )
    heads = ("", "districts", "value", "×", "stars", "= pts")
    parts = ['<g class="score-sheet">']
    for (dx, anchor), head in zip(columns, heads, strict=True):
        parts.append(svg.text(left + dx, top, head, 10, anchor, "#666"))
    y = top
    for name in DISTRICT_TYPES:
        line = sheet[name]
        assert isinstance(line, dict)
        y += 16
        cells = (
            name,
            str(line["districts"]),
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
