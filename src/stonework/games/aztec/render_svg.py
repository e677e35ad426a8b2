"""Aztec as SVG: an isometric drawing of the cubes seen from one of the board's four corners.

The board is turned so that the chosen corner is nearest the viewer; cubes are painted far to
near (by depth along the line of sight, ``u + v - z`` in the turned coordinates). The two
builders' edges are drawn along the board's outline and tinted, level-3 cubes that score are
filled with the colour of the builder they score for, and the last piece is outlined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final
from xml.sax.saxutils import escape

from stonework.core.state import TERMINAL
from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.geometry import SIZE, START, cell_coords, cells_of
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

VIEWS: Final = ("sw", "se", "ne", "nw")
"""The four corners a viewer may stand at."""

HALF_W: Final = 20.0  # half the screen width of a cell
HALF_H: Final = 11.547  # half its screen height (isometric: HALF_W * tan 30°)
CUBE_H: Final = 2 * HALF_H  # screen height of one level, so depth is u + v - z
MARGIN: Final = 24.0
TITLE: Final = 52.0

NS_COLOUR: Final = "#2e6db4"
EW_COLOUR: Final = "#c2412d"
BOTH_COLOUR: Final = "#7d3c98"
LEVEL_COLOURS: Final = ("#e8dcc0", "#d4b98a", "#bf9660")
START_COLOUR: Final = "#8a5a2b"


def _turn(view: str, x: float, y: float) -> tuple[float, float]:
    """Board point (x, y) in the turned frame (u, v) where the viewer's corner is (0, 0)."""
    if view == "sw":
        return x, y
    if view == "se":
        return y, SIZE - x
    if view == "ne":
        return SIZE - x, SIZE - y
    return SIZE - y, x


def _shade(colour: str, factor: float) -> str:
    """``colour`` darkened by ``factor`` (< 1)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * factor) for c in (r, g, b)))


def _tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white, ``amount`` of the way to white."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c + (255 - c) * amount) for c in (r, g, b)))


class _Canvas:
    def __init__(self) -> None:
        self.width = 2 * SIZE * HALF_W + 2 * MARGIN
        self.height = 2 * SIZE * HALF_H + 3 * CUBE_H + TITLE + 2 * MARGIN
        self.origin_x = MARGIN + SIZE * HALF_W
        self.origin_y = TITLE + MARGIN + 3 * CUBE_H
        self.parts: list[str] = []

    def point(self, u: float, v: float, h: float) -> str:
        sx = self.origin_x + (u - v) * HALF_W
        sy = self.origin_y + (2 * SIZE - u - v) * HALF_H - h * CUBE_H
        return f"{sx:.1f},{sy:.1f}"

    def polygon(self, points: list[str], fill: str, stroke: str, width: float) -> None:
        self.parts.append(
            f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}" stroke-linejoin="round"/>'
        )

    def text(self, x: float, y: float, body: str, size: int = 13, anchor: str = "middle") -> None:
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}">{escape(body)}</text>'
        )


def _board(canvas: _Canvas, view: str, corners: bool) -> None:
    """The base, its grid, and the tinted edge cells of both builders."""
    for x in range(SIZE):
        for y in range(SIZE):
            on_ns = y in (0, SIZE - 1) and (corners or x not in (0, SIZE - 1))
            on_ew = x in (0, SIZE - 1) and (corners or y not in (0, SIZE - 1))
            fill = "#f4efe4"
            if on_ns and on_ew:
                fill = _tint(BOTH_COLOUR, 0.72)
            elif on_ns:
                fill = _tint(NS_COLOUR, 0.72)
            elif on_ew:
                fill = _tint(EW_COLOUR, 0.72)
            pts = [canvas.point(*_turn(view, px, py), 0) for px, py in _square(x, y)]
            canvas.polygon(pts, fill, "#b8ab94", 0.6)
    # The builders' edges along the outline: north and south for N/S, east and west for E/W.
    for (x0, y0), (x1, y1), colour, label in (
        ((0, SIZE), (SIZE, SIZE), NS_COLOUR, "N"),
        ((0, 0), (SIZE, 0), NS_COLOUR, "S"),
        ((SIZE, 0), (SIZE, SIZE), EW_COLOUR, "E"),
        ((0, 0), (0, SIZE), EW_COLOUR, "W"),
    ):
        a = canvas.point(*_turn(view, x0, y0), 0)
        b = canvas.point(*_turn(view, x1, y1), 0)
        canvas.parts.append(
            f'<polyline points="{a} {b}" fill="none" stroke="{colour}" stroke-width="4" '
            'stroke-linecap="round"/>'
        )
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        ox = 0.9 if label == "E" else -0.9 if label == "W" else 0.0
        oy = 0.9 if label == "N" else -0.9 if label == "S" else 0.0
        sx, sy = (float(t) for t in canvas.point(*_turn(view, mx + ox, my + oy), 0).split(","))
        canvas.parts.append(
            f'<text x="{sx:.1f}" y="{sy + 4:.1f}" font-family="sans-serif" font-size="13" '
            f'font-weight="bold" fill="{colour}" text-anchor="middle">{label}</text>'
        )


def _square(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


def _cube(canvas: _Canvas, view: str, cell: int, top_fill: str, side: str, outline: bool) -> None:
    x, y, z = cell_coords(cell)
    turned = [_turn(view, px, py) for px, py in _square(x, y)]
    u0 = min(u for u, _ in turned)
    v0 = min(v for _, v in turned)
    stroke, width = ("#111111", 2.2) if outline else ("#5b4a35", 0.7)
    low, high = z - 1, z
    # The two faces turned to the viewer (u = u0 on the left, v = v0 on the right), then the top.
    left = [(u0, v0, low), (u0, v0 + 1, low), (u0, v0 + 1, high), (u0, v0, high)]
    right = [(u0, v0, low), (u0 + 1, v0, low), (u0 + 1, v0, high), (u0, v0, high)]
    top = [(u0, v0, high), (u0 + 1, v0, high), (u0 + 1, v0 + 1, high), (u0, v0 + 1, high)]
    canvas.polygon([canvas.point(*p) for p in left], _shade(side, 0.78), stroke, width)
    canvas.polygon([canvas.point(*p) for p in right], _shade(side, 0.62), stroke, width)
    canvas.polygon([canvas.point(*p) for p in top], top_fill, stroke, width)


def _depth(view: str, cell: int) -> float:
    x, y, z = cell_coords(cell)
    u, v = _turn(view, x + 0.5, y + 0.5)
    return u + v - z


def render(state: AztecState, perspective: int | None = None, corner: str = "sw") -> str:
    """The SVG drawing of ``state`` seen from ``corner`` (the same for every seat)."""
    view = corner.lower()
    if view not in VIEWS:
        raise ValueError(f"corner must be one of {', '.join(VIEWS)}, not {corner!r}")
    corners = state.options["corners"] == "both"
    ns_edge, ew_edge = NS_EDGE[corners], EW_EDGE[corners]
    last = placement_mask(state.last) if state.last is not None else 0
    canvas = _Canvas()
    _board(canvas, view, corners)
    for cell in sorted(cells_of(state.occupied), key=lambda c: -_depth(view, c)):
        z = cell_coords(cell)[2]
        side = START_COLOUR if cell == START else LEVEL_COLOURS[z - 1]
        top = side
        on_ns, on_ew = ns_edge >> cell & 1, ew_edge >> cell & 1
        if on_ns and on_ew:
            top = BOTH_COLOUR
        elif on_ns:
            top = NS_COLOUR
        elif on_ew:
            top = EW_COLOUR
        _cube(canvas, view, cell, top, side, bool(last >> cell & 1))
    ns, ew = state.edge_points()
    names = {e: state.builder(e) for e in ("north_south", "east_west")}
    seat = {e: f" (seat {s})" if s >= 0 else "" for e, s in names.items()}
    title = f"Aztec  N/S{seat['north_south']} {ns} : {ew} E/W{seat['east_west']}"
    details = [f"{state.pieces_left} pieces left"]
    if state.num_players == 3 and state.ah_puch >= 0:
        details.insert(0, f"Ah Puch seat {state.ah_puch}, bid {state.high_bid}")
    turn = "game over" if state.current_player == TERMINAL else state.describe_turn()
    details.append(f"from the {view.upper()} corner")
    canvas.text(canvas.width / 2, MARGIN, title, 15)
    canvas.text(canvas.width / 2, MARGIN + 17, "; ".join(details), 11)
    canvas.text(canvas.width / 2, MARGIN + 31, turn, 11)
    body = "\n".join(canvas.parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{canvas.width:.0f}" '
        f'height="{canvas.height:.0f}" viewBox="0 0 {canvas.width:.0f} {canvas.height:.0f}">\n'
        f'<rect width="100%" height="100%" fill="#fbf8f1"/>\n{body}\n</svg>\n'
    )
