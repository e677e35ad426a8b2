"""Drawing one Akropolis hex: its colour by kind, and the cues that do not rely on colour.

Each hex carries its kind letter in the middle (capital for a plaza, followed by the plaza's
stars), its height at the top when it stands above the ground (``▲2``) and its axial ``q,r``
(the coordinates the notation is typed with) at the bottom. Plazas also get a white inner
border, and higher hexes a thicker outline.
"""

from __future__ import annotations

import math
from typing import Final

from stonework.core import svg
from stonework.games.akropolis.tiles import KIND_LETTER, PLAZA_STARS, is_plaza, kind_type

ROOT3: Final = math.sqrt(3.0)

FILL: Final = {
    "q": "#a3a3a3",
    "h": "#6f9fe0",
    "m": "#f0cf4a",
    "b": "#e0675f",
    "t": "#a883d8",
    "g": "#6cc070",
}
"""Fill by the lower-case kind letter (quarry and the five district types)."""

NAME: Final = {
    "q": "quarry",
    "h": "house",
    "m": "market",
    "b": "barracks",
    "t": "temple",
    "g": "garden",
}


def corners(x: float, y: float, size: float) -> str:
    """The six corners of a flat-top hex centred on (x, y)."""
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * i)):.1f},"
        f"{y + size * math.sin(math.radians(60 * i)):.1f}"
        for i in range(6)
    )


def centre(q: int, r: int, size: float) -> tuple[float, float]:
    """Pixel centre of axial hex (q, r), flat-top, ``r`` growing southward."""
    return size * 1.5 * q, size * ROOT3 * (r + q / 2)


def hex_shape(
    x: float,
    y: float,
    kind: int,
    height: int,
    size: float,
    coords: tuple[int, int] | None = None,
    data: str = "",
) -> list[str]:
    """A built hex: polygon, letter (and stars), height above, coordinates below."""
    letter = KIND_LETTER[kind]
    fill = FILL[letter.lower()]
    width = 1.0 + 0.9 * max(0, height - 1)
    parts = [
        f'<polygon class="hex"{data} points="{corners(x, y, size)}" fill="{fill}" '
        f'stroke="#222" stroke-width="{width:.1f}"/>'
    ]
    stars = ""
    if is_plaza(kind):
        # A white border just inside the outline: it marks the plaza without crossing the text.
        parts.append(
            f'<polygon class="plaza" points="{corners(x, y, size * 0.86)}" fill="none" '
            'stroke="#fff" stroke-width="2"/>'
        )
        # The stars as a smaller run after the capital, so the label stays inside the hex.
        stars = f'<tspan font-size="{size * 0.4:.0f}">{"★" * PLAZA_STARS[kind_type(kind)]}</tspan>'
    big = size * 0.66
    parts.append(
        svg.text(x, y + big * 0.36, letter, round(big), "middle", "#111", "bold").replace(
            "</text>", stars + "</text>"
        )
    )
    # Ground-level hexes (height 1) carry no mark, so the raised ones stand out.
    top_line = f"▲{height}" if height > 1 else ""
    small = max(7.0, size * 0.36)
    if top_line:
        parts.append(svg.text(x, y - size * 0.45, top_line, small, "middle", "#111"))
    if coords is not None:
        parts.append(
            svg.text(x, y + size * 0.76, f"{coords[0]},{coords[1]}", small, "middle", "#222")
        )
    return parts


def open_spot(x: float, y: float, size: float, coords: tuple[int, int]) -> list[str]:
    """An empty hex where the player to move may lay a tile on the ground: dashed, with q,r."""
    return [
        f'<polygon class="open" points="{corners(x, y, size * 0.92)}" fill="none" '
        'stroke="#8a7f6a" stroke-width="1" stroke-dasharray="3,2"/>',
        svg.text(x, y + 3, f"{coords[0]},{coords[1]}", max(7.0, size * 0.36), "middle", "#6b604c"),
    ]
