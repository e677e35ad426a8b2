"""The isometric view of the Aztec structure, seen from one of the board's four corners.

The board is turned so that the chosen corner is nearest the viewer; cubes are painted far to
near (by depth along the line of sight, ``u + v - z`` in the turned coordinates), so a cube
drawn later correctly hides what lies behind it. Each visible top face carries its level, and a
level-3 cube that scores carries a star instead (a cue that does not rely on its colour).
"""

from __future__ import annotations

import math
from typing import Final

from stonework.core import svg
from stonework.games.aztec.geometry import (
    FILES,
    ORIENTATIONS,
    SIZE,
    START,
    Orientation,
    cell_coords,
    cell_index,
    cells_of,
)

VIEWS: Final = ("sw", "se", "ne", "nw")
"""The four corners a viewer may stand at."""

HALF_W: Final = 22.0  # half the screen width of a cell
HALF_H: Final = HALF_W * 0.57735  # half its screen height (isometric: HALF_W * tan 30°)
CUBE_H: Final = 2 * HALF_H  # screen height of one level, so depth is u + v - z
WIDTH: Final = 2 * (SIZE + 1.2) * HALF_W  # the view's width, labels outside the board included
HEIGHT: Final = 2 * (SIZE + 1.2) * HALF_H + 3 * CUBE_H

NS_COLOUR: Final = "#2166ac"
EW_COLOUR: Final = "#d6604d"
BOTH_COLOUR: Final = "#7b3294"
LEVEL_COLOURS: Final = ("#efe3c6", "#d9bd8c", "#b88d57")
START_COLOUR: Final = "#7a4a22"
BOARD_COLOUR: Final = "#f6f1e6"


def turn(view: str, x: float, y: float) -> tuple[float, float]:
    """Board point (x, y) in the turned frame (u, v) where the viewer's corner is (0, 0)."""
    if view == "sw":
        return x, y
    if view == "se":
        return y, SIZE - x
    if view == "ne":
        return SIZE - x, SIZE - y
    return SIZE - y, x


def shade(colour: str, factor: float) -> str:
    """``colour`` darkened by ``factor`` (< 1)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * factor) for c in (r, g, b)))


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white, ``amount`` of the way to white."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c + (255 - c) * amount) for c in (r, g, b)))


ROLE_COLOURS: Final = {"ns": NS_COLOUR, "ew": EW_COLOUR, "ap": "#2f7d3a"}
"""The tint of the pieces each role placed: the N/S and E/W builders, Ah Puch."""
ROLE_LETTERS: Final = {"ns": "N", "ew": "E", "ap": "A"}
ROLE_PATTERNS: Final = {"ew": "aztec-hatch", "ap": "aztec-dots"}
"""Patterns over the sides of a piece (the N/S builder's stay plain)."""


def pattern_defs() -> str:
    """The ``<defs>`` of the role patterns (hatching for E/W, dots for Ah Puch)."""
    return (
        "<defs>"
        '<pattern id="aztec-hatch" width="5" height="5" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="#000" '
        'stroke-opacity="0.28" stroke-width="1.6"/></pattern>'
        '<pattern id="aztec-dots" width="5" height="5" patternUnits="userSpaceOnUse">'
        '<circle cx="2.5" cy="2.5" r="1.1" fill="#fff" fill-opacity="0.55"/></pattern>'
        "</defs>"
    )


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` of the way towards ``other``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#{:02x}{:02x}{:02x}".format(
        *(int(x + (y - x) * amount) for x, y in zip(a, b, strict=True))
    )


def edge_fill(x: int, y: int, corners: bool) -> str:
    """The board colour of cell (x, y): tinted on a builder's outer row."""
    on_ns = y in (0, SIZE - 1) and (corners or x not in (0, SIZE - 1))
    on_ew = x in (0, SIZE - 1) and (corners or y not in (0, SIZE - 1))
    if on_ns and on_ew:
        return tint(BOTH_COLOUR, 0.7)
    if on_ns:
        return tint(NS_COLOUR, 0.7)
    if on_ew:
        return tint(EW_COLOUR, 0.7)
    return BOARD_COLOUR


def star_points(cx: float, cy: float, radius: float, squash: float = 1.0) -> str:
    """A five-pointed star around (cx, cy), flattened vertically by ``squash``."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + r * math.cos(a):.1f},{cy - r * squash * math.sin(a):.1f}")
    return " ".join(points)


class IsoView:
    """Draws into ``parts`` with the view's top-left corner at (left, top)."""

    def __init__(self, view: str, left: float, top: float) -> None:
        self.view = view
        self.origin_x = left + WIDTH / 2
        self.origin_y = top + 3 * CUBE_H + 1.2 * HALF_H
        self.parts: list[str] = []

    def screen(self, u: float, v: float, h: float) -> tuple[float, float]:
        """Screen position of turned point (u, v) at height ``h`` levels."""
        return (
            self.origin_x + (u - v) * HALF_W,
            self.origin_y + (2 * SIZE - u - v) * HALF_H - h * CUBE_H,
        )

    def point(self, x: float, y: float, h: float) -> tuple[float, float]:
        """Screen position of board point (x, y) at height ``h`` levels."""
        return self.screen(*turn(self.view, x, y), h)

    def polygon(
        self, points: list[tuple[float, float]], fill: str, stroke: str, width: float
    ) -> None:
        text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self.parts.append(
            f'<polygon points="{text}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}" stroke-linejoin="round"/>'
        )

    def board(self, corners: bool) -> None:
        """The base with its tinted outer rows, the builders' edges and the coordinates."""
        for x in range(SIZE):
            for y in range(SIZE):
                square = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
                fill = edge_fill(x, y, corners)
                self.polygon([self.point(px, py, 0) for px, py in square], fill, "#b8ab94", 0.6)
        for (x0, y0), (x1, y1), colour in (
            ((0, SIZE), (SIZE, SIZE), NS_COLOUR),
            ((0, 0), (SIZE, 0), NS_COLOUR),
            ((SIZE, 0), (SIZE, SIZE), EW_COLOUR),
            ((0, 0), (0, SIZE), EW_COLOUR),
        ):
            (ax, ay), (bx, by) = self.point(x0, y0, 0), self.point(x1, y1, 0)
            self.parts.append(
                f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                f'stroke="{colour}" stroke-width="4" stroke-linecap="round"/>'
            )
        # Files and ranks along the two near sides only: on the far sides the structure would
        # hide them (the plan beside this view has all four).
        for k in range(SIZE):
            for px, py, label in (
                (k + 0.5, -0.55, FILES[k]),
                (k + 0.5, SIZE + 0.55, FILES[k]),
                (-0.55, k + 0.5, str(k + 1)),
                (SIZE + 0.55, k + 0.5, str(k + 1)),
            ):
                u, v = turn(self.view, px, py)
                if u < SIZE and v < SIZE:
                    sx, sy = self.point(px, py, 0)
                    self.parts.append(svg.text(sx, sy + 4, label, 11, "middle", "#6b5d48"))

    def edge_letters(self) -> None:
        """N, S, E, W outside the board, drawn last so the structure never hides them."""
        for x, y, label, colour in (
            (SIZE / 2, SIZE + 1.25, "N", NS_COLOUR),
            (SIZE / 2, -1.25, "S", NS_COLOUR),
            (SIZE + 1.25, SIZE / 2, "E", EW_COLOUR),
            (-1.25, SIZE / 2, "W", EW_COLOUR),
        ):
            sx, sy = self.point(x, y, 0)
            self.parts.append(svg.text(sx, sy + 5, label, 14, "middle", colour, "bold", True))

    def cube(
        self, cell: int, top_fill: str, side: str, outline: bool, mark: str, role: str = ""
    ) -> None:
        """One cube: its two faces turned to the viewer, its top, and the mark on the top.

        ``role`` (``ns``, ``ew``, ``ap``) is who placed the cube's piece: its sides take that
        builder's tint, and a pattern as the cue that is not colour (E/W hatched, Ah Puch dotted).
        """
        x, y, z = cell_coords(cell)
        u0 = min(turn(self.view, x + dx, y + dy)[0] for dx in (0, 1) for dy in (0, 1))
        v0 = min(turn(self.view, x + dx, y + dy)[1] for dx in (0, 1) for dy in (0, 1))
        at = self.screen
        stroke, width = ("#000000", 2.6) if outline else ("#5b4a35", 0.7)
        low, high = z - 1, z
        left = [at(u0, v0, low), at(u0, v0 + 1, low), at(u0, v0 + 1, high), at(u0, v0, high)]
        right = [at(u0, v0, low), at(u0 + 1, v0, low), at(u0 + 1, v0, high), at(u0, v0, high)]
        top = [
            at(u0, v0, high),
            at(u0 + 1, v0, high),
            at(u0 + 1, v0 + 1, high),
            at(u0, v0 + 1, high),
        ]
        if role in ROLE_COLOURS and side != START_COLOUR:
            side = mix(side, ROLE_COLOURS[role], 0.38)
        self.polygon(left, shade(side, 0.8), stroke, width)
        self.polygon(right, shade(side, 0.64), stroke, width)
        if role in ROLE_PATTERNS:
            for face in (left, right):
                self.polygon(face, f"url(#{ROLE_PATTERNS[role]})", "none", 0)
        self.polygon(top, top_fill, stroke, width)
        cx, cy = at(u0 + 0.5, v0 + 0.5, high)
        if mark == "star":
            self.parts.append(
                f'<polygon class="scoring" points="{star_points(cx, cy, 9.5, 0.58)}" '
                'fill="#ffffff" stroke="#222" stroke-width="0.8"/>'
            )
        elif mark:
            ink = "#ffffff" if side == START_COLOUR else "#3b2f20"
            self.parts.append(svg.text(cx, cy + 3.5, mark, 10, "middle", ink))


def draw(
    view: str,
    left: float,
    top: float,
    occupied: int,
    scoring: tuple[int, int],
    last: int,
    corners: bool,
    roles: dict[int, str] | None = None,
) -> list[str]:
    """The whole isometric view; ``scoring`` holds the N/S and E/W level-3 edge masks and
    ``roles`` who placed each cell's piece (``ns``, ``ew``, ``ap``; cells left out: unknown)."""
    roles = roles or {}
    iso = IsoView(view, left, top)
    iso.parts.append(pattern_defs())
    iso.board(corners)
    ns_edge, ew_edge = scoring

    def depth(cell: int) -> float:
        x, y, z = cell_coords(cell)
        u, v = turn(view, x + 0.5, y + 0.5)
        return u + v - z

    iso.parts.append('<g class="cubes">')
    for cell in sorted(cells_of(occupied), key=lambda c: -depth(c)):
        x, y, z = cell_coords(cell)
        side = START_COLOUR if cell == START else LEVEL_COLOURS[z - 1]
        on_ns, on_ew = ns_edge >> cell & 1, ew_edge >> cell & 1
        top_fill = BOTH_COLOUR if on_ns and on_ew else NS_COLOUR if on_ns else side
        if on_ew and not on_ns:
            top_fill = EW_COLOUR
        covered = z < 3 and occupied >> cell_index(x, y, z + 1) & 1
        mark = "star" if on_ns or on_ew else "" if covered else str(z)
        iso.cube(cell, top_fill, side, bool(last >> cell & 1), mark, roles.get(cell, ""))
    iso.parts.append("</g>")
    iso.edge_letters()
    return iso.parts


PICKER_COLUMNS: Final = 8
PICKER_SLOT_W: Final = WIDTH / PICKER_COLUMNS
PICKER_SLOT_H: Final = 62.0
MINI_W: Final = 6.0  # half the screen width of a cell in the picker's small pieces


def _mini_at(u: float, v: float, h: float) -> tuple[float, float]:
    """Screen offset of turned point (u, v) at height ``h`` in a small piece (unanchored)."""
    return (u - v) * MINI_W, -(u + v) * MINI_W * 0.57735 - h * 2 * MINI_W * 0.57735


def mini_piece(orientation: Orientation, view: str, cx: float, cy: float) -> list[str]:
    """One orientation of the piece as small cubes seen from ``view``, centred on (cx, cy).

    Turning is linear, so the piece is projected anywhere and then centred on its box.
    """
    cubes = []
    for x, y, z in orientation.cells:
        u0 = min(turn(view, x + dx, y + dy)[0] for dx in (0, 1) for dy in (0, 1))
        v0 = min(turn(view, x + dx, y + dy)[1] for dx in (0, 1) for dy in (0, 1))
        cubes.append((u0, v0, z, (x, y, z) == orientation.corner))
    # Far cubes first (large u + v), low before high, as in the big view.
    cubes.sort(key=lambda c: (-(c[0] + c[1] - c[2]), c[2]))
    points = [
        _mini_at(u, v, h)
        for u0, v0, z, _ in cubes
        for u in (u0, u0 + 1)
        for v in (v0, v0 + 1)
        for h in (z, z + 1)
    ]
    ox = cx - (min(p[0] for p in points) + max(p[0] for p in points)) / 2
    oy = cy - (min(p[1] for p in points) + max(p[1] for p in points)) / 2

    def face(corners: list[tuple[float, float, float]], colour: str) -> str:
        text = " ".join(f"{ox + _mini_at(*c)[0]:.1f},{oy + _mini_at(*c)[1]:.1f}" for c in corners)
        return (
            f'<polygon points="{text}" fill="{colour}" stroke="#5b4a35" stroke-width="0.6" '
            'stroke-linejoin="round"/>'
        )

    parts = []
    for u, v, z, corner in cubes:
        fill = START_COLOUR if corner else LEVEL_COLOURS[1]
        high = z + 1
        parts.append(
            face([(u, v, z), (u, v + 1, z), (u, v + 1, high), (u, v, high)], shade(fill, 0.8))
        )
        parts.append(
            face([(u, v, z), (u + 1, v, z), (u + 1, v, high), (u, v, high)], shade(fill, 0.64))
        )
        parts.append(
            face([(u, v, high), (u + 1, v, high), (u + 1, v + 1, high), (u, v + 1, high)], fill)
        )
    return parts


def draw_picker(view: str, left: float, top: float) -> tuple[list[str], float]:
    """The 24 orientations as small pieces seen from ``view``, for a client's orientation picker.

    Each is a ``<g class="orient" data-orient="<name>" data-cubes="dx,dy,dz ...">`` (not a
    ``data-target``: the orientation is interaction state, docs/web.md); ``data-cubes`` are the
    six cubes as offsets from the corner cube (x east, y north, z up), so a client finds the
    columns a placement covers from the clicked cell alone. The corner cube, the one a
    placement's cell names, is drawn dark. Returns the parts and the height used.
    """
    title = "Orientations (dark: the corner cube, on the cell named)"
    parts = ['<g class="orientations">', svg.text(left, top + 12, title, 12, weight="bold")]
    for orientation in ORIENTATIONS:
        col, row = orientation.index % PICKER_COLUMNS, orientation.index // PICKER_COLUMNS
        sx, sy = left + col * PICKER_SLOT_W, top + 20 + row * PICKER_SLOT_H
        ox, oy, oz = orientation.corner
        cubes = " ".join(f"{x - ox},{y - oy},{z - oz}" for x, y, z in orientation.cells)
        parts.append(f'<g class="orient" data-orient="{orientation.name}" data-cubes="{cubes}">')
        parts.append(
            svg.rect(sx + 2, sy, PICKER_SLOT_W - 4, PICKER_SLOT_H - 4, "#fffdf7", "#d8ccb4", 0.8)
        )
        parts += mini_piece(orientation, view, sx + PICKER_SLOT_W / 2, sy + 24)
        label_y = sy + PICKER_SLOT_H - 8
        parts.append(svg.text(sx + PICKER_SLOT_W / 2, label_y, orientation.name, 10, "middle"))
        parts.append("</g>")
    parts.append("</g>")
    rows = (len(ORIENTATIONS) + PICKER_COLUMNS - 1) // PICKER_COLUMNS
    return parts, 20 + rows * PICKER_SLOT_H
