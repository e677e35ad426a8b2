"""A player's city and its legal placements, kept up to date as the city grows (rules §3.1).

Where a tile may go does not depend on which tile it is, so a city keeps the set of legal
*triangles* (three mutually adjacent cells); each legal triangle gives three placements (the
tile turned by 0, 2 or 4 steps). After a tile is laid only nearby triangles can change, so only
they are looked at again:

* the triangles sharing a cell with the new tile (their cells changed height or tile);
* after a ground-level tile, the empty triangles around it (they now touch the city).

>>> city = City.new()
>>> len(city.legal)  # the triangles a first tile may cover, all on the ground
30
>>> city.legal == legal_triangles_from_scratch(city.columns, city.cells)
True
"""

from __future__ import annotations

from typing import Final

from stonework.games.akropolis.hexgrid import (
    CENTER,
    NEIGHBOURS,
    NUM_CELLS,
    NUM_TRIANGLES,
    PLACEMENT_CELLS,
    PLACEMENT_TRIANGLE,
    STEP,
    TRIANGLE_CELLS,
    TRIANGLES_AROUND,
    TRIANGLES_TOUCHING,
)
from stonework.games.akropolis.tiles import (
    QUARRY,
    START_CENTER_KIND,
    START_QUARRY_DIRECTIONS,
    START_TILE,
    TILE_KINDS,
)

# A column is one int: the top hex's height, the tile it belongs to and its kind (0 = empty)::
#
#     bits  16..   8..15   0..7
#           height tile    kind
HEIGHT_SHIFT: Final = 16
TILE_SHIFT: Final = 8
BYTE: Final = 0xFF
"""The mask of the tile and kind fields (after the tile's shift)."""


def column(height: int, tile: int, kind: int) -> int:
    """Pack a column's top: its height, the tile the top hex belongs to, the hex kind."""
    return height << HEIGHT_SHIFT | tile << TILE_SHIFT | kind


def column_height(top: int) -> int:
    """How many hexes the column holds (0: nothing built)."""
    return top >> HEIGHT_SHIFT


def column_tile(top: int) -> int:
    """The tile the column's top hex belongs to."""
    return top >> TILE_SHIFT & BYTE


def column_kind(top: int) -> int:
    """The kind of the column's top hex (an index into ``KIND_LETTER``)."""
    return top & BYTE


def _upper_ok(a: int, b: int, c: int) -> bool:
    # All three built, tops at one height, and not all three parts of one tile (§3.1). Hot:
    # the field reads are written out with the named shifts instead of calling the helpers.
    if not (a and b and c):
        return False
    if a >> HEIGHT_SHIFT != b >> HEIGHT_SHIFT or a >> HEIGHT_SHIFT != c >> HEIGHT_SHIFT:
        return False
    ta = a >> TILE_SHIFT & BYTE
    return ta != b >> TILE_SHIFT & BYTE or ta != c >> TILE_SHIFT & BYTE


class City:
    """One player's city: the top of every column, the built cells and the legal triangles.

    Cheap to copy, since a search copies whole positions to change one city of them: a clone
    shares the lists of its original until one of the two lays a tile (copy on write, see
    ``owned``), and laying a tile only notes which triangles to look at again; the legal set is
    brought up to date when it is next read (a search evaluates most positions it makes without
    ever asking where the next tile may go).
    """

    __slots__ = (
        "_legal",
        "borrowed",
        "cells",
        "columns",
        "last",
        "legal_owned",
        "lender",
        "memo",
        "order",
        "owned",
        "placements",
        "stale",
    )

    columns: list[int]
    cells: list[int]
    _legal: set[int]
    order: tuple[int, ...] | None
    """The legal triangles in ascending order, once asked for (None: not since the last tile)."""
    placements: list[tuple[int, int]]
    memo: dict[str, object]
    """Values derived from the city (its score, say), kept until the next tile is laid.

    A search evaluates both cities after every move but a move changes only one of them; the
    owner of a value chooses its key and must derive it from the city and fixed settings only.
    """
    owned: bool
    """False while ``columns``, ``cells`` and ``placements`` may be shared with a clone."""
    legal_owned: bool
    """False while the legal set may be shared with a clone."""
    stale: tuple[tuple[int, bool], ...]
    """The tiles laid since the legal set was brought up to date: (triangle, on the ground)."""
    last: tuple[dict[str, object], tuple[int, int, int], tuple[int, int, int]] | None
    """The last tile laid: the memo of the city before it, its cells and their columns before
    (scoring updates the score before the tile instead of scoring the whole city again)."""
    lender: City | None
    """Set on a scratch copy (:meth:`borrow`): the city whose lists it lays its tiles into."""
    borrowed: list[tuple[tuple[int, int, int], tuple[int, int, int], int, int]]
    """A scratch copy's tiles, each as (cells, their columns before, the lengths of ``cells``
    and ``placements`` before), for :meth:`give_back` to undo."""

    @classmethod
    def new(cls) -> City:
        """A city holding only its starting tile (§1.3)."""
        city = _starting_city().clone()
        city.memo = {}  # its own: games with other scoring variants must not share values
        return city

    def clone(self) -> City:
        """An independent copy (sharing the lists until either city lays a tile)."""
        other = self._sharing()
        other.lender = None
        self.owned = self.legal_owned = False
        if self.lender is not None:
            self.lender.owned = False  # a copy of a scratch copy shares the lender's lists
        return other

    def borrow(self) -> City:
        """A scratch copy that lays its tiles into this city's own lists, undone by
        :meth:`give_back`, instead of copying them: a search scores a position and drops it
        thousands of times a second, and copying the 1,801 columns was half the cost of laying
        a tile. Until the copy is given back, this city must not be read or changed."""
        other = self._sharing()
        # The legal set is shared the usual way (the copy copies it before changing it); the
        # lists stay this city's, written by the copy only with lay's undo notes.
        other.lender = self
        other.borrowed = []
        return other

    def _sharing(self) -> City:
        """A new city holding this one's lists, legal set and memo, owning none of them."""
        other = City.__new__(City)
        other.columns = self.columns
        other.cells = self.cells
        other.placements = self.placements
        other._legal = self._legal
        other.stale = self.stale
        other.last = self.last
        other.order = self.order
        # Shared, not copied: while neither city changes, a value either of them derives holds
        # for both (a search evaluates many clones of one position); laying a tile gives the
        # city a fresh memo instead of clearing the shared one.
        other.memo = self.memo
        other.owned = other.legal_owned = False
        return other

    def give_back(self) -> None:
        """Undo a scratch copy's tiles in its lender's lists; the copy must not be used after."""
        if self.lender is None:
            return
        borrowed = self.borrowed
        columns = self.columns
        for cells, olds, cell_count, placement_count in reversed(borrowed):
            for cell, old in zip(cells, olds, strict=True):
                columns[cell] = old
            del self.cells[cell_count:]
            del self.placements[placement_count:]
        borrowed.clear()

    @property
    def legal(self) -> set[int]:
        """The legal triangles (brought up to date with the tiles laid since last asked)."""
        if self.stale:
            self._refresh_legal()
        return self._legal

    @legal.setter
    def legal(self, triangles: set[int]) -> None:
        self._legal = triangles
        self.stale = ()
        self.legal_owned = True
        self.order = None

    def sorted_legal(self) -> tuple[int, ...]:
        """The legal triangles in ascending order (kept until the next tile is laid)."""
        order = self.order
        if order is None:
            order = self.order = tuple(sorted(self.legal))
        return order

    def is_legal(self, placement: int) -> bool:
        """True if a tile may be laid at ``placement`` now (any tile: legality ignores it)."""
        return PLACEMENT_TRIANGLE[placement] in self.legal

    def height_at(self, cell: int) -> int:
        """Height of the column on ``cell`` (0 if nothing is built there)."""
        return column_height(self.columns[cell])

    def lay(self, tile: int, placement: int) -> int:
        """Lay ``tile`` at a legal ``placement``; return the quarries it covered (stones won)."""
        cells = PLACEMENT_CELLS[placement]
        assert cells is not None
        columns = self.columns
        olds = (columns[cells[0]], columns[cells[1]], columns[cells[2]])
        if not self.owned:
            lender = self.lender
            if lender is None:
                columns = self.columns = columns.copy()
                self.cells = self.cells.copy()
                self.placements = self.placements.copy()
                self.owned = True
            else:
                if not lender.owned:
                    # The lender shares its lists with other cities (its original, the other
                    # seats' at the start): it takes copies of its own, once; its later scratch
                    # copies lay into those.
                    lender.columns = lender.columns.copy()
                    lender.cells = lender.cells.copy()
                    lender.placements = lender.placements.copy()
                    lender.owned = True
                    columns = self.columns = lender.columns
                    self.cells = lender.cells
                    self.placements = lender.placements
                self.borrowed.append((cells, olds, len(self.cells), len(self.placements)))
        below = olds[0]
        height = (below >> HEIGHT_SHIFT) + 1
        quarries = 0
        self.last = (self.memo, cells, olds)
        for cell, kind in zip(cells, TILE_KINDS[tile], strict=True):
            old = columns[cell]
            if old & BYTE == QUARRY:
                quarries += 1
            columns[cell] = height << HEIGHT_SHIFT | tile << TILE_SHIFT | kind
        self.placements.append((tile, placement))
        self.memo = {}
        self.order = None
        if height == 1:
            self.cells.extend(cells)
        self.stale = (*self.stale, (PLACEMENT_TRIANGLE[placement], height == 1))
        return quarries

    def _refresh_legal(self) -> None:
        # Only triangles near a tile laid since the last refresh can have changed: those
        # sharing a cell with it (their cells changed height or tile) and, for a tile on the
        # ground, the empty ones around it (they now touch the city). Looking at them with the
        # columns as they are now gives the set that updating after each tile would have
        # given: a triangle a later tile touched is looked at again for that tile, and the
        # cells of one it did not touch have not changed since.
        if not self.legal_owned:
            self._legal = self._legal.copy()
            self.legal_owned = True
        columns = self.columns
        legal = self._legal
        add, discard = legal.add, legal.discard
        for triangle, ground in self.stale:
            for tri in TRIANGLES_TOUCHING[triangle]:
                a, b, c = TRIANGLE_CELLS[tri]
                # _upper_ok written out (the hottest loop of a random game).
                ca, cb, cc = columns[a], columns[b], columns[c]
                if (
                    ca
                    and cb
                    and cc
                    and ca >> HEIGHT_SHIFT == cb >> HEIGHT_SHIFT == cc >> HEIGHT_SHIFT
                    and (
                        ca >> TILE_SHIFT & BYTE != cb >> TILE_SHIFT & BYTE
                        or ca >> TILE_SHIFT & BYTE != cc >> TILE_SHIFT & BYTE
                    )
                ):
                    add(tri)
                else:
                    discard(tri)
            if ground:
                for tri in TRIANGLES_AROUND[triangle]:
                    a, b, c = TRIANGLE_CELLS[tri]
                    if not (columns[a] or columns[b] or columns[c]):
                        add(tri)
        self.stale = ()


_START: list[City] = []
"""The starting city, built once: every city begins as a copy of it (finding its legal
triangles from scratch costs as much as a whole random game's other work)."""


def _starting_city() -> City:
    if not _START:
        city = City.__new__(City)
        city.columns = [0] * NUM_CELLS
        city.columns[CENTER] = column(1, START_TILE, START_CENTER_KIND)
        city.cells = [CENTER]
        for direction in START_QUARRY_DIRECTIONS:
            cell = STEP[CENTER][direction]
            city.columns[cell] = column(1, START_TILE, QUARRY)
            city.cells.append(cell)
        city.legal = legal_triangles_from_scratch(city.columns, city.cells)
        city.placements = []
        city.memo = {}
        city.owned = True
        city.last = None
        city.lender = None
        _START.append(city)
    return _START[0]


def legal_triangles_from_scratch(columns: list[int], cells: list[int]) -> set[int]:
    """Every legal triangle of a city, computed from nothing (for checks and new cities)."""
    frontier = {n for c in cells for n in NEIGHBOURS[c] if not columns[n]}
    legal: set[int] = set()
    for tri in range(NUM_TRIANGLES):
        a, b, c = TRIANGLE_CELLS[tri]
        if not (columns[a] or columns[b] or columns[c]):
            if a in frontier or b in frontier or c in frontier:
                legal.add(tri)
        elif _upper_ok(columns[a], columns[b], columns[c]):
            legal.add(tri)
    return legal
