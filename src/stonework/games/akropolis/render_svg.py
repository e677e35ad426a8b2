"""SVG drawing of an Akropolis position: flat-top hexes coloured by kind, with a letter on
each hex so the kind does not rely on colour, stars on plazas, the height of each column, the
construction site with its costs, stones and each city's score sheet.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from stonework.games.akropolis.hexgrid import COORDS
from stonework.games.akropolis.placement import City
from stonework.games.akropolis.tiles import (
    DISTRICT_TYPES,
    KIND_LETTER,
    PLAZA_STARS,
    TILE_KINDS,
    is_plaza,
    kind_type,
)

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

SIZE = 18.0  # hex radius in pixels
FILL = {
    "q": "#9e9e9e",
    "h": "#4a7fd4",
    "m": "#e8c547",
    "b": "#d0453a",
    "t": "#8d5cc4",
    "g": "#4fa650",
}
ROOT3 = math.sqrt(3.0)


def _hex_points(x: float, y: float, size: float) -> str:
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * i)):.1f},"
        f"{y + size * math.sin(math.radians(60 * i)):.1f}"
        for i in range(6)
    )


def _hex(
    x: float, y: float, kind: int, height: int, size: float = SIZE, data: str = ""
) -> list[str]:
    letter = KIND_LETTER[kind]
    fill = FILL[letter.lower()]
    parts = [
        f'<polygon{data} points="{_hex_points(x, y, size)}" fill="{fill}" stroke="#222" '
        f'stroke-width="{1 + 0.6 * max(0, height - 1):.1f}"/>'
    ]
    label = letter
    if is_plaza(kind):
        # Plazas: a white ring plus their stars, a cue that survives without colour.
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.62:.1f}" fill="none" '
            'stroke="#fff" stroke-width="1.5"/>'
        )
        label = letter + "★" * PLAZA_STARS[kind_type(kind)]
    parts.append(
        f'<text x="{x:.1f}" y="{y - 1:.1f}" font-size="{size * 0.5:.0f}" text-anchor="middle" '
        f'font-family="sans-serif" fill="#000">{escape(label)}</text>'
    )
    if height:
        parts.append(
            f'<text x="{x:.1f}" y="{y + size * 0.6:.1f}" font-size="{size * 0.42:.0f}" '
            f'text-anchor="middle" font-family="sans-serif" fill="#000">{height}</text>'
        )
    return parts


def _city(city: City, seat: int, ox: float, oy: float) -> tuple[list[str], float, float]:
    centres = []
    for cell in city.cells:
        q, r = COORDS[cell]
        centres.append((cell, SIZE * 1.5 * q, SIZE * ROOT3 * (r + q / 2)))
    min_x = min(x for _, x, _ in centres) - SIZE
    min_y = min(y for _, _, y in centres) - SIZE
    max_x = max(x for _, x, _ in centres) + SIZE
    max_y = max(y for _, _, y in centres) + SIZE
    parts: list[str] = []
    for cell, x, y in centres:
        value = city.columns[cell]
        q, r = COORDS[cell]
        # data-* attributes let a user interface map a click back to a hex of the notation.
        data = f' data-seat="{seat}" data-q="{q}" data-r="{r}"'
        parts += _hex(ox + x - min_x, oy + y - min_y, value & 0xFF, value >> 16, SIZE, data)
    return parts, max_x - min_x, max_y - min_y


def render_svg(state: AkropolisState, perspective: int | None = None) -> str:
    """The whole table as an SVG document."""
    parts: list[str] = []
    y = 24.0
    parts.append(
        f'<text x="10" y="{y:.0f}" font-family="sans-serif" font-size="14">'
        f"{escape(state.describe_turn())}; stacks left {state.stacks_left}</text>"
    )
    y += 14
    x = 10.0
    for i, tile in enumerate(state.site):
        cx = x + SIZE
        kinds = TILE_KINDS[tile]
        small = SIZE * 0.8
        base = y + small * (1 + ROOT3)
        # Rotation 0 of the tile table: second hex north of the first, third north-east.
        spots = (
            (cx, base),
            (cx, base - ROOT3 * small),
            (cx + 1.5 * small, base - ROOT3 * small / 2),
        )
        for (hx, hy), kind in zip(spots, kinds, strict=True):
            parts += _hex(hx, hy, kind, 0, small, f' data-position="{i + 1}"')
        parts.append(
            f'<text x="{cx + small:.1f}" y="{y + 5 * small:.1f}" font-size="11" '
            f'text-anchor="middle" font-family="sans-serif">#{i + 1} cost {i}</text>'
        )
        x += 4 * SIZE
    y += 5 * SIZE
    width = max(x, 300.0)
    scores = state.scores()
    x = 10.0
    row_height = 0.0
    for seat, city in enumerate(state.cities):
        city_parts, w, h = _city(city, seat, x, y + 20)
        mark = " (to move)" if seat == state.current_player else ""
        parts.append(
            f'<text x="{x:.0f}" y="{y + 12:.0f}" font-family="sans-serif" font-size="13">'
            f"Seat {seat}{mark}: {state.stones[seat]} stones, {scores[seat].total} points</text>"
        )
        parts += city_parts
        sheet = scores[seat].breakdown
        ty = y + 20 + h + 14
        for name in DISTRICT_TYPES:
            line = sheet[name]
            parts.append(
                f'<text x="{x:.0f}" y="{ty:.0f}" font-family="sans-serif" font-size="11">'
                f"{name}: value {line['value']} × {line['stars']}★ = {line['points']}</text>"
            )
            ty += 13
        parts.append(
            f'<text x="{x:.0f}" y="{ty:.0f}" font-family="sans-serif" font-size="11">'
            f"stones {state.stones[seat]}; total {scores[seat].total}</text>"
        )
        box_w = max(w, 190.0) + 20
        row_height = max(row_height, ty - y + 10)
        x += box_w
        width = max(width, x)
    y += row_height
    if state.solo:
        _, total = state.architect_result()
        parts.append(
            f'<text x="10" y="{y + 14:.0f}" font-family="sans-serif" font-size="13">'
            f"Architect ({state.level}): {state.stones[1]} stones, {len(state.pile)} tiles, "
            f"{total} points</text>"
        )
        y += 24
    height = y + 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">' + "".join(parts) + "</svg>"
    )
