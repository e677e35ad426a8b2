"""Akropolis's compact observation for the learning adapters (PettingZoo ``akropolis_v1``).

The tensor of ``observe.py`` (``akropolis_v0``) gives every seat 12 planes over the 1,801 hexes
of the radius-24 window, so that the longest city a game can grow fits: 43,381 float32 at two
players, 86,762 at four, of which a few hundred are not zero. A city has at most a few dozen
built hexes, so this layout lists them instead, as small integers (int16), and costs a learner
a copy of a few kilobytes a step instead of a third of a megabyte.

Layout (one flat int16 array; docs/akropolis.md, "Observation for learning code"):

1. City rows, one block per seat starting with ``player`` and going clockwise; each block is
   ``rows`` rows of 4 values: q, r (axial coordinates, the starting hex at 0, 0, as the cell
   table ``hexgrid.COORDS`` gives them), height, and the top hex kind (1-11: quarry, house,
   market, barracks, temple, garden, then the five plazas in that order). A row per built cell,
   in the order the cells were first built (a later tile on top changes the row's height and
   kind, not its place); rows after the last built cell are all 0 (a built cell has height 1 or
   more). ``rows`` is 4 + 3 x the tiles in play: a city cannot cover more cells than that.
2. Site: ``site_size`` positions x 3: the kinds of the three hexes of the tile there, in the
   tile's own hex order (0 where there is no tile); position i costs i stones.
3. Globals: stones of each party (from ``player`` clockwise, the Architect last in solo),
   stacks left, tiles pending, 1 if it is ``player``'s turn, 1 if the game is over, then the
   solo Architect's pile: the count of its hexes of each of the 11 kinds (zeros otherwise).

Each value is the integer that v0 scales (v0's height / 4 is height here, stones / 10 stones),
so the two layouts hold the same facts; the mask and the action ids are v0's.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final, cast

import numpy as np
import numpy.typing as npt

from stonework.core.state import TERMINAL
from stonework.games.akropolis.city import BYTE, HEIGHT_SHIFT
from stonework.games.akropolis.hexgrid import COORDS, RADIUS
from stonework.games.akropolis.observe import PILE_KINDS, bounds_parts
from stonework.games.akropolis.observe_array import ArrayWriter, cells_laid_since
from stonework.games.akropolis.tiles import TILE_KINDS, tiles_in_play

if TYPE_CHECKING:
    from stonework.core.state import State
    from stonework.games.akropolis.city import City
    from stonework.games.akropolis.state import AkropolisState

ROW: Final = 4
"""Values in a city row: q, r, height, kind."""

MEMO_KEY: Final = "rows_v1"
"""The key of a city's rows in ``City.memo`` (which a city replaces whenever a tile is laid,
so rows kept there always match the city that holds them)."""

KINDS: Final = 11
"""Hex kinds, numbered 1 to 11 (``tiles.KIND_LETTER`` after its empty 0)."""

Rows = npt.NDArray[np.int16]


def city_rows(state: AkropolisState) -> int:
    """Rows in each city block: 4 starting hexes plus 3 for every tile in play."""
    return _city_rows(state.num_players, bool(state.options.get("long_game", False)))


@functools.cache
def _city_rows(players: int, long_game: bool) -> int:
    return 4 + 3 * len(tiles_in_play(players, long_game))


def shape(state: AkropolisState) -> tuple[int, ...]:
    """Length of the flat array for this config."""
    return (state.num_players * city_rows(state) * ROW + state.site_size * 3 + globals_size(state),)


def globals_size(state: AkropolisState) -> int:
    """Values after the site: stones per party, stacks, pending, two flags, the pile."""
    return state.parties + 4 + PILE_KINDS


def bounds(state: AkropolisState) -> tuple[int, int]:
    """The least and greatest value of any entry (coordinates are negative down to -RADIUS)."""
    pool, stones = bounds_parts(state)
    return (-RADIUS, max(RADIUS, 1 + pool, KINDS, stones, 3 * pool))


def rows(state: AkropolisState, player: int) -> list[int]:
    """The whole array as a plain list, read from the state (the reference the writer matches)."""
    out: list[int] = []
    count = city_rows(state)
    n = state.num_players
    for offset in range(n):
        city = state.cities[(player + offset) % n]
        block: list[int] = []
        for cell in city.cells:
            top = city.columns[cell]
            q, r = COORDS[cell]
            block += (q, r, top >> HEIGHT_SHIFT, top & BYTE)
        out += block + [0] * (count * ROW - len(block))
    return out + table(state, player)


def table(state: AkropolisState, player: int) -> list[int]:
    """The site and the globals (parts 2 and 3 of the layout)."""
    n = state.num_players
    out: list[int] = []
    for tile in state.site:
        out += TILE_KINDS[tile]
    out += [0] * (3 * (state.site_size - len(state.site)))
    stones = state.stones
    for offset in range(state.parties):
        out.append(stones[(player + offset) % n if offset < n else offset])
    current = state.current_player
    out += (
        state.stacks_left,
        state.pending,
        1 if current == player else 0,
        1 if current == TERMINAL else 0,
    )
    pile = [0] * PILE_KINDS
    for tile in state.pile:
        for kind in TILE_KINDS[tile]:
            pile[kind - 1] += 1
    return out + pile


class _Kept:
    """One seat's city rows as last written: its placements, cell -> row, the values."""

    __slots__ = ("array", "count", "placements", "slot", "stamp", "values")

    def __init__(self, city: City, count: int) -> None:
        self.placements: list[tuple[int, int]] = list(city.placements)
        self.slot: dict[int, int] = {}
        self.count = 0
        self.array: Rows = np.zeros(count * ROW, np.int16)
        # Item writes through a memoryview cost half of numpy's own.
        self.values = cast("memoryview[int]", memoryview(self.array.data))
        self.stamp = 0
        """Bumped at every change: a city's memo names the stamp its rows were written at."""
        self._write(city, city.cells)

    def _write(self, city: City, cells: list[int] | tuple[int, ...]) -> None:
        values, columns, slot = self.values, city.columns, self.slot
        for cell in cells:
            at = slot.get(cell)
            if at is None:
                at = slot[cell] = self.count
                self.count += ROW
                values[at], values[at + 1] = COORDS[cell]
            top = columns[cell]
            values[at + 2] = top >> HEIGHT_SHIFT
            values[at + 3] = top & BYTE

    def follow(self, city: City) -> bool:
        """Bring the rows up to date with ``city``; False if it is not this city plus tiles."""
        new = cells_laid_since(self.placements, city)
        if new is None:
            return False
        for cells in new:
            self._write(city, cells)
        self.stamp += 1
        return True


class RowsWriter(ArrayWriter):
    """The writer of ``akropolis_v1`` (one per environment); its mask is v0's.

    It keeps each seat's rows and brings them up to date from the tiles laid since (one city
    changes a step). A city's memo (which the city replaces whenever a tile is laid) records
    which kept rows, at which stamp, it was last seen to match: a city seen since its last tile
    is not read again, and any other city (an older copy, another game) is followed or rebuilt.
    """

    dtype = np.int16

    def __init__(self) -> None:
        super().__init__()
        self._kept: dict[int, _Kept] = {}

    def shape(self, state: State) -> tuple[int, ...]:
        return shape(cast("AkropolisState", state))

    def bounds(self, state: State) -> tuple[int, int]:
        return bounds(cast("AkropolisState", state))

    def reference(self, state: State, player: int) -> list[int]:
        return rows(cast("AkropolisState", state), player)

    def observation(self, state: State, player: int, size: int) -> Rows:  # type: ignore[override]
        """A fresh array of :func:`rows`: each city's kept rows, then the site and globals."""
        akropolis = cast("AkropolisState", state)
        n = akropolis.num_players
        cities = akropolis.cities
        out: Rows = np.empty(size, np.int16)
        # Block copies between memoryviews of the same format cost a third of numpy's slice
        # assignment, and a step's observation is mostly these n copies.
        values = out.data
        block = city_rows(akropolis) * ROW
        at = 0
        seat = player
        kept_rows = self._kept
        for _ in range(n):
            city = cities[seat]
            kept = kept_rows.get(seat)
            seen = cast("tuple[_Kept, int] | None", city.memo.get(MEMO_KEY))
            # Most cities are unchanged since they were last seen: their memo names the rows.
            if kept is None or seen is None or seen[0] is not kept or seen[1] != kept.stamp:
                kept = self._rows(seat, city, akropolis)
            values[at : at + block] = kept.values
            at += block
            seat = seat + 1 if seat + 1 < n else 0
        self._fill_rows_table(akropolis, player, values, at)
        return out

    def fill_observation(self, state: State, player: int, out: npt.NDArray[np.float32]) -> None:
        out[:] = self.observation(state, player, out.shape[0])

    def _rows(self, seat: int, city: City, state: AkropolisState) -> _Kept:
        # Called where the city's memo does not name the kept rows (observation tests that):
        # follow the tiles laid since, or write the rows anew.
        kept = self._kept.get(seat)
        if kept is None or not kept.follow(city):
            kept = self._kept[seat] = _Kept(city, city_rows(state))
        city.memo[MEMO_KEY] = (kept, kept.stamp)
        return kept

    @staticmethod
    def _fill_rows_table(state: AkropolisState, player: int, values: memoryview, at: int) -> None:
        # table(state, player) written into values[at:] (the rest of the array).
        for tile in state.site:
            values[at : at + 3] = TILE_ROW[tile]
            at += 3
        end = at + 3 * (state.site_size - len(state.site))
        if end > at:
            values[at:end] = _ZEROS[: end - at]
            at = end
        n = state.num_players
        stones = state.stones
        party = player
        for offset in range(state.parties):
            values[at] = stones[party if offset < n else offset]
            party = party + 1 if party + 1 < n else 0
            at += 1
        current = state.current_player
        values[at] = state.stacks_left
        values[at + 1] = state.pending
        values[at + 2] = 1 if current == player else 0
        values[at + 3] = 1 if current == TERMINAL else 0
        at += 4
        values[at : at + PILE_KINDS] = _ZEROS[:PILE_KINDS]
        for tile in state.pile:
            for kind in TILE_KINDS[tile]:
                values[at + kind - 1] += 1


TILE_ROW: Final = tuple(np.array(kinds, np.int16).data for kinds in TILE_KINDS)
"""Each tile's three hex kinds as an int16 row, ready for a block copy into the site."""

_ZEROS: Final = np.zeros(64, np.int16).data
"""Zeros to copy from: an empty site position's row, the solo pile's counts before counting."""


def make_writer() -> RowsWriter:
    """The factory ``GameSpec.compact_writer`` names."""
    return RowsWriter()
