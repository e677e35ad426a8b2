"""The observation tensor and the action mask as numpy arrays, for the learning adapters.

Imported only by ``stonework.interop`` (through ``GameSpec.array_writer``): playing never needs
numpy. The tensor (``observe.py``) is mostly city blocks of ``NUM_CELLS`` x 12 values, nearly all
empty cells, and the action space is ``site_size`` x ``NUM_PLACEMENTS`` ids; a step lays one
tile in one city. So the writer keeps, per seat, what it last wrote of that seat's city (its
built cells as three arrays: the index of each cell's block, its height / 4, its top kind) and
brings it up to date from the tiles laid since, instead of reading the city again; the cells
are written into a zeroed tensor with two indexed assignments. The mask is the legal
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


def _site_rows() -> npt.NDArray[np.float32]:
    # [position, tile] -> the site block of observe.table_entries: present, cost / 5, kinds.
    rows = np.zeros((6, len(TILE_KINDS), SITE_CHANNELS), np.float32)
    for i in range(6):
        for tile in range(len(TILE_KINDS)):
            for at, value in observe.site_entries(i, tile):
                rows[i, tile, at] = value
    return rows


SITE_ROWS: Final = _site_rows()

TRIANGLE_PLACEMENTS: Final = np.array(PLACEMENTS_OF_TRIANGLE, np.intp)
"""Triangle -> its three placements (``hexgrid.PLACEMENTS_OF_TRIANGLE`` as one array)."""


class _Cells:
    """One seat's city as last written: its placements and its built cells' values."""

    __slots__ = ("at", "count", "height", "kind", "placements", "slot")

    def __init__(self, city: City) -> None:
        self.placements: list[tuple[int, int]] = list(city.placements)
        self.slot: dict[int, int] = {}
        """Cell -> its index in the arrays below."""
        self.at = np.zeros(NUM_CELLS, np.intp)
        """Index of the cell's block (cell x 12): its height value, then its kind's channel."""
        self.height = np.zeros(NUM_CELLS, np.float32)
        self.kind = np.zeros(NUM_CELLS, np.intp)
        self.count = 0
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
                self.count += 1
                self.at[i] = cell * CELL_CHANNELS
            self.height[i] = (top >> HEIGHT_SHIFT) / 4.0
            self.kind[i] = top & BYTE

    def follow(self, city: City) -> bool:
        """Bring these up to date with ``city``; False if it is not this city plus new tiles."""
        known = self.placements
        laid = city.placements
        if len(laid) < len(known) or laid[: len(known)] != known:
            return False
        for _, placement in laid[len(known) :]:
            cells = PLACEMENT_CELLS[placement]
            assert cells is not None
            self.update(city, cells)
        known.extend(laid[len(known) :])
        return True


class ArrayWriter:
    """Akropolis's writer for ``stonework.interop.arrays`` (one per environment)."""

    def __init__(self) -> None:
        self._cities: dict[int, _Cells] = {}

    def fill_observation(self, state: State, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``observe.tensor(state, player)`` into ``out`` (zeros), value for value."""
        akropolis = cast("AkropolisState", state)
        n = akropolis.num_players
        for offset in range(n):
            seat = (player + offset) % n
            cells = self._cells(seat, akropolis.cities[seat])
            count = cells.count
            block = out[offset * BLOCK : (offset + 1) * BLOCK]
            at = cells.at[:count]
            block[at] = cells.height[:count]
            block[at + cells.kind[:count]] = 1.0
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
        for i, tile in enumerate(state.site):
            table[i * SITE_CHANNELS : (i + 1) * SITE_CHANNELS] = SITE_ROWS[i, tile]
        at = state.site_size * SITE_CHANNELS
        stones = state.stones
        for offset in range(state.parties):
            party = (player + offset) % n if offset < n else offset
            table[at + offset] = stones[party] / 10.0
        at += state.parties
        table[at] = state.stacks_left / 19.0
        table[at + 1] = state.pending / 6.0
        current = state.current_player
        table[at + 2] = 1.0 if current == player else 0.0
        table[at + 3] = 1.0 if current == TERMINAL else 0.0
        if state.pile:
            at += GLOBALS_FIXED
            for at_kind, value in observe.pile_entries(state).items():
                table[at + at_kind] = value


def make_writer() -> ArrayWriter:
    """The factory ``GameSpec.array_writer`` names."""
    return ArrayWriter()
