"""Board cells, the piece and its 24 orientations, as indices and bitmasks built at import.

Cells of the 9×9×3 volume are numbered ``x + 9*y + 81*(z-1)`` (``x`` west→east, ``y``
south→north, level ``z`` 1..3), so a set of cells is a 243-bit Python int and translating a
shape by ``(dx, dy, dz)`` adds ``dx + 9*dy + 81*dz`` to every index (aztec.md §4.1)::

      level z = 1            level 2: +81, level 3: +162
    y=8  72 73 ... 80   north
    ...
    y=0   0  1 ...  8   south
        x=0 ...   x=8
        west      east

Because indices are linear in the coordinates, "cell t + o" is bit ``t + o`` whenever both
cells lie in the box; a shift of a whole mask therefore tests one cell of a piece for every
anchor at once (see :mod:`stonework.games.aztec.rules`).

>>> len(ORIENTATIONS)
24
>>> ORIENTATIONS[0].name, sorted(ORIENTATIONS[0].cells)[:3]
('EN', [(0, 0, 0), (0, 1, 0), (0, 2, 0)])
>>> cell_name(cell_index(2, 4, 1))
'c5-1'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import permutations, product
from typing import Final, TypeAlias

Cell: TypeAlias = int
"""A cell index ``x + 9*y + 81*(z-1)``, 0..242."""

Mask: TypeAlias = int
"""A set of cells as a bitmask over cell indices."""

Vec: TypeAlias = tuple[int, int, int]

SIZE: Final = 9
LEVELS: Final = 3
LAYER: Final = SIZE * SIZE
NUM_CELLS: Final = LAYER * LEVELS
FULL: Final[Mask] = (1 << NUM_CELLS) - 1

PIECES: Final = 22
"""Pieces in the box (aztec.md §0)."""

FILES: Final = "abcdefghi"
"""Column letters west→east, as in chess; ranks 1..9 run south→north."""


def cell_index(x: int, y: int, z: int) -> Cell:
    """The index of cell ``(x, y, z)`` (``z`` is the level, 1..3)."""
    return x + SIZE * y + LAYER * (z - 1)


def cell_coords(cell: Cell) -> Vec:
    """The ``(x, y, z)`` of a cell index (``z`` is the level, 1..3)."""
    z, rest = divmod(cell, LAYER)
    y, x = divmod(rest, SIZE)
    return x, y, z + 1


def in_box(x: int, y: int, z: int) -> bool:
    """True when ``(x, y, z)`` lies on the board and within levels 1..3 (aztec.md §4.3.1)."""
    return 0 <= x < SIZE and 0 <= y < SIZE and 1 <= z <= LEVELS


def cell_name(cell: Cell) -> str:
    """A cell as a person writes it: file, rank, dash, level (``e5-1`` is the start cube)."""
    x, y, z = cell_coords(cell)
    return f"{FILES[x]}{y + 1}-{z}"


def mask_of(cells: Iterable[Cell]) -> Mask:
    """The mask of an iterable of cell indices."""
    out = 0
    for cell in cells:
        out |= 1 << cell
    return out


def cells_of(mask: Mask) -> list[Cell]:
    """The cell indices in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


START: Final[Cell] = cell_index(4, 4, 1)
"""The fixed start cube at the centre, level 1 (aztec.md §4.1)."""

# --- directions -----------------------------------------------------------------------------

DIRECTIONS: Final[tuple[tuple[str, Vec], ...]] = (
    ("E", (1, 0, 0)),
    ("W", (-1, 0, 0)),
    ("N", (0, 1, 0)),
    ("S", (0, -1, 0)),
    ("U", (0, 0, 1)),
    ("D", (0, 0, -1)),
)
"""The six face directions D6 (aztec.md §4.3), named by compass point, up and down."""

DIRECTION_VECTORS: Final[tuple[Vec, ...]] = tuple(v for _, v in DIRECTIONS)


def _step(vec: Vec) -> int:
    return vec[0] + SIZE * vec[1] + LAYER * vec[2]


def _cells_with_neighbour(vec: Vec) -> Mask:
    """Cells whose neighbour in direction ``vec`` is inside the box."""
    out = 0
    for x, y, z in product(range(SIZE), range(SIZE), range(1, LEVELS + 1)):
        if in_box(x + vec[0], y + vec[1], z + vec[2]):
            out |= 1 << cell_index(x, y, z)
    return out


NEIGHBOUR_STEPS: Final[tuple[int, ...]] = tuple(_step(v) for v in DIRECTION_VECTORS)
"""The index change for a step in each direction of :data:`DIRECTIONS`."""

HAS_NEIGHBOUR: Final[tuple[Mask, ...]] = tuple(_cells_with_neighbour(v) for v in DIRECTION_VECTORS)
"""For each direction, the cells whose neighbour that way is inside the box."""

LEVEL_MASKS: Final[tuple[Mask, ...]] = tuple(((1 << LAYER) - 1) << (LAYER * k) for k in range(3))
"""The cells of level 1, 2 and 3."""

# --- the piece ------------------------------------------------------------------------------

BASE: Final[tuple[Vec, ...]] = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0), (2, 0, 1))
"""The piece in canonical position (aztec.md §4.2): a V in the plane z=0 with its corner at the
origin, arm A along +x, arm B along +y, and the sixth cube on the tip of arm A, along +z."""

_LETTER = {v: name for name, v in DIRECTIONS}


def _unit(axis: int, sign: int) -> Vec:
    """The vector ``sign`` along ``axis``."""
    return (sign if axis == 0 else 0, sign if axis == 1 else 0, sign if axis == 2 else 0)


def _rotations() -> list[tuple[Vec, Vec, Vec]]:
    """The 24 proper rotation matrices (rows), signed permutation matrices with determinant +1."""
    out: list[tuple[Vec, Vec, Vec]] = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            rows = tuple(_unit(perm[r], signs[r]) for r in range(3))
            (a, b, c), (d, e, f), (g, h, i) = rows
            if a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) == 1:
                out.append((rows[0], rows[1], rows[2]))
    return out


def _apply(rot: tuple[Vec, Vec, Vec], v: Vec) -> Vec:
    return (
        rot[0][0] * v[0] + rot[0][1] * v[1] + rot[0][2] * v[2],
        rot[1][0] * v[0] + rot[1][1] * v[1] + rot[1][2] * v[2],
        rot[2][0] * v[0] + rot[2][1] * v[1] + rot[2][2] * v[2],
    )


@dataclass(frozen=True)
class Orientation:
    """One of the 24 rotations of the piece.

    ``name`` is two direction letters: where arm A (the arm carrying the sixth cube) points from
    the corner cube, then where arm B points. The sixth cube then points along A × B, so the
    name fixes the rotation: ``EN`` is the canonical piece lying flat with the sixth cube up.
    ``cells`` are offsets from the low corner of the bounding box; ``corner`` is the offset of
    the V's corner cube, the cell that names a placement.
    """

    index: int
    name: str
    cells: tuple[Vec, ...]
    corner: Vec
    extent: Vec

    @property
    def corner_step(self) -> int:
        """Index offset of the corner cube from the bounding-box anchor."""
        return _step(self.corner)

    @property
    def steps(self) -> tuple[int, ...]:
        """Index offsets of the six cubes from the bounding-box anchor."""
        return tuple(_step(c) for c in self.cells)


def _orientations() -> tuple[Orientation, ...]:
    by_name: dict[str, tuple[tuple[Vec, ...], Vec]] = {}
    for rot in _rotations():
        image = [_apply(rot, v) for v in BASE]
        low = tuple(min(c[k] for c in image) for k in range(3))
        cells = tuple(sorted((c[0] - low[0], c[1] - low[1], c[2] - low[2]) for c in image))
        arm_a = _apply(rot, (1, 0, 0))
        arm_b = _apply(rot, (0, 1, 0))
        corner = (-low[0], -low[1], -low[2])
        by_name[_LETTER[arm_a] + _LETTER[arm_b]] = (cells, corner)
    order = [a + b for a, _ in DIRECTIONS for b, _ in DIRECTIONS if a + b in by_name]
    out = []
    for index, name in enumerate(order):
        cells, corner = by_name[name]
        extent = tuple(1 + max(c[k] for c in cells) for k in range(3))
        out.append(Orientation(index, name, cells, corner, extent))  # type: ignore[arg-type]
    return tuple(out)


ORIENTATIONS: Final[tuple[Orientation, ...]] = _orientations()
"""The 24 orientations in a fixed order (by arm A, then arm B, in the order E W N S U D)."""

ORIENTATION_BY_NAME: Final[dict[str, Orientation]] = {o.name: o for o in ORIENTATIONS}


def anchors_in_box(orientation: Orientation) -> Mask:
    """The bounding-box anchors at which the whole piece lies inside the box (aztec.md §4.3.1)."""
    ex, ey, ez = orientation.extent
    out = 0
    for x, y, z in product(range(SIZE - ex + 1), range(SIZE - ey + 1), range(1, LEVELS - ez + 2)):
        out |= 1 << cell_index(x, y, z)
    return out


def placement_cells(orientation: Orientation, corner: Cell) -> tuple[Vec, ...]:
    """The six ``(x, y, z)`` cells of the piece with its corner cube at ``corner`` (may be off the box)."""
    cx, cy, cz = cell_coords(corner)
    ox, oy, oz = orientation.corner
    return tuple((cx - ox + x, cy - oy + y, cz - oz + z) for x, y, z in orientation.cells)


# --- edges ----------------------------------------------------------------------------------

CORNER_COLUMNS: Final = frozenset({(0, 0), (0, 8), (8, 0), (8, 8)})


def edge_mask(axis: str, corners: bool, level: int = 3) -> Mask:
    """Cells on one player's two outer rows at ``level`` (aztec.md §4.5).

    ``axis`` is ``"ns"`` (rows y=0 and y=8) or ``"ew"`` (columns x=0 and x=8); without
    ``corners`` the four corner columns are left out.
    """
    out = 0
    for x, y in product(range(SIZE), range(SIZE)):
        on_edge = y in (0, SIZE - 1) if axis == "ns" else x in (0, SIZE - 1)
        if on_edge and (corners or (x, y) not in CORNER_COLUMNS):
            out |= 1 << cell_index(x, y, level)
    return out
