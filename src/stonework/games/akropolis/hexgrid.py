"""The city window: axial hex coordinates, cell numbers and neighbour tables, built at import.

Flat-top hexes, north up, axial coordinates ``(q, r)`` with ``r`` growing southward (rules §9).
The six directions, clockwise from north, are numbered 0..5 as in the tile table (§6.1)::

            N 0
      NW 5  ___  NE 1
           /   \\
           \\___/
      SW 4       SE 2
            S 3

Every city is drawn on the same window: the hexes at most :data:`RADIUS` steps from the
starting plaza at ``(0, 0)``. A cell is the index of a hex in the window; a placement is
``cell * 6 + rotation`` (the tile's first hex on ``cell``, its second hex in direction
``rotation`` and its third in direction ``rotation + 1``). A triangle is the set of three
mutually adjacent cells a placement covers; each triangle is covered by exactly three
placements (the tile turned by 0, 2 or 4 steps about it). Legality depends only on the
triangle, so the engine keeps the legal *triangles* of each city.

A tile must lie wholly inside the window (the table edge; see docs/akropolis.md).

>>> CELL_AT[(0, 0)] == CENTER
True
>>> [COORDS[c] for c in NEIGHBOURS[CENTER]]
[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
>>> len(PLACEMENTS_OF_TRIANGLE[0])
3
"""

from __future__ import annotations

from typing import Final

Cell = int
"""Index of a hex of the window, 0 <= cell < NUM_CELLS."""
Placement = int
"""``cell * 6 + rotation``: where a tile's first hex goes and how it is turned."""


def placement(cell: int, rotation: int) -> Placement:
    """The placement with the tile's first hex on ``cell``, turned by ``rotation`` (0-5)."""
    return cell * 6 + rotation


def placement_cell(value: Placement) -> int:
    """The cell of a placement's first hex."""
    return value // 6


def placement_rotation(value: Placement) -> int:
    """How far a placement turns the tile (0-5)."""
    return value % 6


Triangle = int
"""Index of three mutually adjacent cells."""

RADIUS: Final = 24
"""Hexes farther than this from the starting plaza are off the table."""

DIRECTIONS: Final = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""Axial steps N, NE, SE, S, SW, NW (clockwise from north)."""


def distance(q: int, r: int) -> int:
    """Hex distance from the centre ``(0, 0)``."""
    return max(abs(q), abs(r), abs(q + r))


def _build_cells() -> tuple[tuple[tuple[int, int], ...], dict[tuple[int, int], int]]:
    coords = tuple(
        (q, r)
        for r in range(-RADIUS, RADIUS + 1)
        for q in range(-RADIUS, RADIUS + 1)
        if distance(q, r) <= RADIUS
    )
    return coords, {qr: i for i, qr in enumerate(coords)}


COORDS, CELL_AT = _build_cells()
"""``COORDS[cell] = (q, r)`` and back; cells run row by row, north to south, west to east."""
NUM_CELLS: Final = len(COORDS)
CENTER: Final = CELL_AT[(0, 0)]
NUM_PLACEMENTS: Final = NUM_CELLS * 6

STEP: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(CELL_AT.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in COORDS
)
"""``STEP[cell][direction]``: the neighbouring cell, or -1 off the table."""
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(n for n in row if n >= 0) for row in STEP
)
"""The neighbours of each cell that lie in the window, clockwise from north."""
ON_EDGE: Final = tuple(len(n) < 6 for n in NEIGHBOURS)
"""True for the cells of the window's outer ring (they touch the off-table ground)."""


def _build_triangles() -> tuple[
    tuple[tuple[int, int, int] | None, ...],
    tuple[int, ...],
    tuple[tuple[int, int, int], ...],
    tuple[tuple[int, int, int], ...],
]:
    placement_cells: list[tuple[int, int, int] | None] = []
    placement_triangle: list[int] = []
    triangle_of_key: dict[frozenset[int], int] = {}
    triangle_cells: list[tuple[int, int, int]] = []
    triangle_placements: list[list[int]] = []
    for cell in range(NUM_CELLS):
        for rotation in range(6):
            second = STEP[cell][rotation]
            third = STEP[cell][(rotation + 1) % 6]
            if second < 0 or third < 0:
                placement_cells.append(None)
                placement_triangle.append(-1)
                continue
            cells = (cell, second, third)
            key = frozenset(cells)
            tri = triangle_of_key.get(key)
            if tri is None:
                tri = triangle_of_key[key] = len(triangle_cells)
                triangle_cells.append(tuple(sorted(cells)))  # type: ignore[arg-type]
                triangle_placements.append([])
            placement_cells.append(cells)
            placement_triangle.append(tri)
            triangle_placements[tri].append(placement(cell, rotation))
    return (
        tuple(placement_cells),
        tuple(placement_triangle),
        tuple(triangle_cells),
        tuple((p[0], p[1], p[2]) for p in triangle_placements),
    )


PLACEMENT_CELLS, PLACEMENT_TRIANGLE, TRIANGLE_CELLS, PLACEMENTS_OF_TRIANGLE = _build_triangles()
"""Placement -> its three cells in tile order (None if off the table) and its triangle;
triangle -> its cells and its three placements."""
NUM_TRIANGLES: Final = len(TRIANGLE_CELLS)


def _build_triangle_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    of_cell: list[list[int]] = [[] for _ in range(NUM_CELLS)]
    for tri, cells in enumerate(TRIANGLE_CELLS):
        for cell in cells:
            of_cell[cell].append(tri)
    touching: list[tuple[int, ...]] = []
    around: list[tuple[int, ...]] = []
    for cells in TRIANGLE_CELLS:
        near = sorted({t for c in cells for t in of_cell[c]})
        ring = {n for c in cells for n in NEIGHBOURS[c]} - set(cells)
        far = sorted({t for n in ring for t in of_cell[n]} - set(near))
        touching.append(tuple(near))
        around.append(tuple(far))
    return tuple(touching), tuple(around)


TRIANGLES_TOUCHING, TRIANGLES_AROUND = _build_triangle_tables()
"""Triangles sharing a cell with a triangle (itself included); triangles that share no cell
with it but hold a neighbour of one of its cells. Not ``Final`` on purpose: the bridge to a
smaller board (``benchmarks/peer_alphazero.py --window-aware``) rebinds ``city``'s copy, and a
``Final`` one would be bound into the compiled city where that cannot reach it."""


def _build_lowest_cells() -> tuple[tuple[int, ...], ...]:
    lowest: list[list[int]] = [[] for _ in range(NUM_CELLS)]
    for tri, cells in enumerate(TRIANGLE_CELLS):
        lowest[cells[0]].append(tri)  # the cells are sorted: the first is the lowest
    return tuple(tuple(t) for t in lowest)


TRIANGLES_FROM = _build_lowest_cells()
"""Cell -> the triangles whose lowest-numbered cell it is (a scan of a city's built cells meets
each triangle with all three cells built once)."""
