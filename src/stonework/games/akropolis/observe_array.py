"""The observation tensor and the action mask as numpy arrays, for the learning adapters.

Imported only by ``stonework.interop`` (through ``GameSpec.array_writer``): playing never needs
numpy. The tensor (``observe.py``) is mostly city blocks of ``NUM_CELLS`` x 12 values, nearly all
empty cells, and the action space is ``site_size`` x ``NUM_PLACEMENTS`` ids; a step lays one
tile in one city. So the writer keeps, per seat, what it last wrote of that seat's city (its
built cells' two entries each, height / 4 and the top kind's 1, as an array of indices and one
of values) and brings it up to date from the tiles laid since, instead of reading the city
again; each city is written into a zeroed tensor with one indexed assignment, the site and
the globals item by item. The mask is the legal
triangles' placements (one table lookup in numpy), set in the first row of ``NUM_PLACEMENTS``
ids and copied into one row per further site position the seat can pay for.

Nothing rests on object identity: a city's contents are a function of the tiles laid in it
(``City.placements``, as the position strings say), so the cells are brought up to date only
when the city's placements extend those last written (else rebuilt).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

import numpy as np
import numpy.typing as npt

from stonework.core.state import TERMINAL
from stonework.games.akropolis import observe, rules
from stonework.games.akropolis.city import BYTE, HEIGHT_SHIFT
from stonework.games.akropolis.hexgrid import (
    NUM_CELLS,
    NUM_PLACEMENTS,
    PLACEMENT_CELLS,
    PLACEMENTS_OF_TRIANGLE,
)
from stonework.games.akropolis.observe import CELL_CHANNELS, GLOBALS_FIXED, SITE_CHANNELS
from stonework.games.akropolis.tiles import TILE_KINDS

if TYPE_CHECKING:
    from stonework.core.state import State
    from stonework.games.akropolis.city import City
    from stonework.games.akropolis.state import AkropolisState

BLOCK: Final = NUM_CELLS * CELL_CHANNELS
"""Values in one city's block of the tensor."""


SITE_ENTRIES: Final = tuple(
    tuple(tuple(observe.site_entries(i, tile)) for tile in range(len(TILE_KINDS))) for i in range(6)
)
"""[position][tile] -> the site block's entries of observe.table_entries: (index, value)."""

TRIANGLE_PLACEMENTS: Final = np.array(PLACEMENTS_OF_TRIANGLE, np.intp)
"""Triangle -> its three placements (``hexgrid.PLACEMENTS_OF_TRIANGLE`` as one array)."""


class _Cells:
    """One seat's city as last written: its placements and its built cells' values."""

    __slots__ = ("count", "index", "placements", "slot", "value")

    def __init__(self, city: City) -> None:
        self.placements: list[tuple[int, int]] = list(city.placements)
        self.slot: dict[int, int] = {}
        """Cell -> its slot in the arrays below."""
        self.index = np.zeros(2 * NUM_CELLS, np.intp)
        """Slot i's two entries of the city block: 2i the cell's height, 2i + 1 its kind's
        channel (one array for both, so the block is written with one indexed assignment)."""
        self.value = np.zeros(2 * NUM_CELLS, np.float32)
        """Slot i's values: 2i height / 4, 2i + 1 the kind's 1."""
        self.count = 0
        """Entries in use (two per built cell)."""
        self.update(city, city.cells)

    def update(self, city: City, cells: list[int] | tuple[int, ...]) -> None:
        # observe.city_entries for these cells: height / 4 at the block's start, 1 at the kind.
        columns = city.columns
        slot = self.slot
        for cell in cells:
            top = columns[cell]
            i = slot.get(cell)
            if i is None:
                i = slot[cell] = self.count
                self.count += 2
                self.value[i + 1] = 1.0
            at = cell * CELL_CHANNELS
            self.index[i] = at
            self.index[i + 1] = at + (top & BYTE)
            self.value[i] = (top >> HEIGHT_SHIFT) / 4.0

    def follow(self, city: City) -> bool:
        """Bring these up to date with ``city``; False if it is not this city plus new tiles."""
        new = cells_laid_since(self.placements, city)
        if new is None:
            return False
        for cells in new:
            self.update(city, cells)
        return True


def cells_laid_since(known: list[tuple[int, int]], city: City) -> list[tuple[int, ...]] | None:
    """The cells of each tile ``city`` laid after the placements ``known`` (which it extends),
    or None if ``city``'s placements do not begin with ``known`` (another city: read it anew)."""
    laid = city.placements
    if len(laid) < len(known) or laid[: len(known)] != known:
        return None
    out: list[tuple[int, ...]] = []
    for _, placement in laid[len(known) :]:
        cells = PLACEMENT_CELLS[placement]
        assert cells is not None
        out.append(cells)
    known.extend(laid[len(known) :])
    return out


class ArrayWriter:
    """Akropolis's writer for ``stonework.interop.arrays`` (one per environment)."""

    def __init__(self) -> None:
        self._cities: dict[int, _Cells] = {}

    def observation(self, state: State, player: int, size: int) -> npt.NDArray[np.float32]:
        """A fresh array of ``observe.tensor(state, player)``: zeros, then the values written.

        (Copying a kept tensor instead measured no faster: the array is 43,381 floats or more,
        and copying it costs what zeroing it and writing its few hundred values do.)
        """
        out = np.zeros(size, np.float32)
        self.fill_observation(state, player, out)
        return out

    def fill_observation(self, state: State, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``observe.tensor(state, player)`` into ``out`` (zeros), value for value."""
        akropolis = cast("AkropolisState", state)
        n = akropolis.num_players
        for offset in range(n):
            seat = (player + offset) % n
            cells = self._cells(seat, akropolis.cities[seat])
            count = cells.count
            block = out[offset * BLOCK : (offset + 1) * BLOCK]
            block[cells.index[:count]] = cells.value[:count]
        self._fill_table(akropolis, player, out[observe.table_start(akropolis) :])

    def mark_legal(self, state: State, mask: npt.NDArray[np.int8]) -> None:
        """Set 1 at the ids of ``rules.legal_action_ids`` (a seat is to move)."""
        akropolis = cast("AkropolisState", state)
        legal = akropolis.cities[akropolis.turn].legal
        # A few hundred placements: numpy takes them from the triangles' table in one call,
        # where setting them one by one from Python (even only those that changed) cost more.
        triangles = np.fromiter(legal, np.intp, len(legal))
        placements = TRIANGLE_PLACEMENTS.take(triangles, axis=0).ravel()
        positions = rules.affordable_positions(akropolis)
        # Position k's ids are k * NUM_PLACEMENTS + placement: the first row set, then copied.
        first = mask[:NUM_PLACEMENTS]
        first[placements] = 1
        if positions > 1:
            rows = mask[NUM_PLACEMENTS : positions * NUM_PLACEMENTS]
            rows.reshape(positions - 1, NUM_PLACEMENTS)[:] = first

    def _cells(self, seat: int, city: City) -> _Cells:
        cells = self._cities.get(seat)
        if cells is None or not cells.follow(city):
            cells = self._cities[seat] = _Cells(city)
        return cells

    def _fill_table(
        self, state: AkropolisState, player: int, table: npt.NDArray[np.float32]
    ) -> None:
        # observe.table_entries written into the (zeroed) array: each site position a row.
        n = state.num_players
        cells = cast("memoryview[float]", memoryview(table.data))  # item writes: half numpy's cost
        for i, tile in enumerate(state.site):
            block = i * SITE_CHANNELS
            for at, value in SITE_ENTRIES[i][tile]:
                cells[block + at] = value
        at = state.site_size * SITE_CHANNELS
        stones = state.stones
        for offset in range(state.parties):
            party = (player + offset) % n if offset < n else offset
            cells[at + offset] = stones[party] / 10.0
        at += state.parties
        cells[at] = state.stacks_left / 19.0
        cells[at + 1] = state.pending / 6.0
        current = state.current_player
        cells[at + 2] = 1.0 if current == player else 0.0
        cells[at + 3] = 1.0 if current == TERMINAL else 0.0
        if state.pile:
            at += GLOBALS_FIXED
            for at_kind, value in observe.pile_entries(state).items():
                cells[at + at_kind] = value


def make_writer() -> ArrayWriter:
    """The factory ``GameSpec.array_writer`` names."""
    return ArrayWriter()
