"""What a seat sees: a plain-JSON observation and a flat tensor for learning code.

Akropolis hides nothing: cities, stones and the site are on the table, and tiles not yet
revealed are not in the state at all. Every seat (and a spectator) gets the same view.

Tensor layout (``tensor(state, player)``, one flat list, documented in docs/akropolis.md):

1. City planes, one block per seat starting with ``player`` and going clockwise; each block is
   ``NUM_CELLS`` cells x 12 channels: height / 4, then a one-hot of the top hex kind
   (quarry, house, market, barracks, temple, garden, then the five plazas in that order).
2. Site: ``site_size`` positions x 35: tile present, cost / 5, three hexes x 11 kind one-hot.
3. Globals: stones of each party (from ``player`` clockwise, the Architect last in solo) / 10,
   stacks left / 19, tiles pending / 6, 1 if it is ``player``'s turn, 1 if the game is over,
   then in solo the Architect's pile: count of each of the 11 kinds / 20 (else zeros).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from stonework.core.state import CHANCE, JSON, TERMINAL
from stonework.games.akropolis.architect import ARCHITECT_START_STONES
from stonework.games.akropolis.city import column_height, column_kind, column_tile
from stonework.games.akropolis.hexgrid import COORDS, NUM_CELLS
from stonework.games.akropolis.tiles import KIND_LETTER, TILE_CODES, TILE_KINDS, tiles_in_play

if TYPE_CHECKING:
    from stonework.games.akropolis.city import City
    from stonework.games.akropolis.state import AkropolisState

CELL_CHANNELS = 12
SITE_CHANNELS = 35
GLOBALS_FIXED = 4
PILE_KINDS = 11


def observation(state: AkropolisState, player: int | None) -> dict[str, JSON]:
    """The public view of the table (the same for every seat)."""
    cities: list[JSON] = []
    for city in state.cities:
        cities.append(
            [
                {
                    "q": COORDS[cell][0],
                    "r": COORDS[cell][1],
                    "height": column_height(city.columns[cell]),
                    "kind": KIND_LETTER[column_kind(city.columns[cell])],
                    "tile": column_tile(city.columns[cell]),
                }
                for cell in sorted(city.cells)
            ]
        )
    current = state.current_player
    out: dict[str, JSON] = {
        "players": state.num_players,
        "seat": player,
        "to_move": "chance" if current == CHANCE else "over" if current == TERMINAL else current,
        "chief_architect": state.chief,
        "stacks_left": state.stacks_left,
        "reveals_pending": state.pending,
        "site": [
            {"position": i + 1, "tile": tile, "hexes": TILE_CODES[tile], "cost": i}
            for i, tile in enumerate(state.site)
        ],
        "stones": state.stones[: state.num_players],
        "cities": cities,
        "turns_taken": state.tiles_placed(),
    }
    if state.solo:
        out["architect"] = {
            "level": state.level,
            "stones": state.stones[1],
            "tiles": list(state.pile),
        }
    return out


def bounds_parts(state: AkropolisState) -> tuple[int, int]:
    """What the tensor bounds rest on: the tiles in play (T), and the most stones a party can
    hold in play (every seat's starting stones, the Architect's, and 3 quarries for each tile)."""
    pool = len(tiles_in_play(state.num_players, bool(state.options.get("long_game", False))))
    start = sum(seat + 1 for seat in range(state.num_players)) + ARCHITECT_START_STONES
    return pool, start + 3 * pool


def shape(state: AkropolisState) -> tuple[int, ...]:
    """Length of the flat tensor for this config."""
    return (
        state.num_players * NUM_CELLS * CELL_CHANNELS
        + state.site_size * SITE_CHANNELS
        + state.parties
        + GLOBALS_FIXED
        + PILE_KINDS,
    )


def tensor(state: AkropolisState, player: int) -> list[float]:
    """The flat tensor described in this module's docstring."""
    out = [0.0] * shape(state)[0]
    for at, value in tensor_entries(state, player).items():
        out[at] = value
    return out


def city_entries(city: City) -> list[tuple[int, float]]:
    """A city's block of the tensor, (index in the block, value), kept until its next tile."""
    kept = city.memo.get("tensor")
    if kept is not None:
        return cast("list[tuple[int, float]]", kept)
    entries: list[tuple[int, float]] = []
    for cell in city.cells:
        value = city.columns[cell]
        at = cell * CELL_CHANNELS
        entries.append((at, column_height(value) / 4.0))
        entries.append((at + column_kind(value), 1.0))  # kinds 1..11: channels 1..11
    city.memo["tensor"] = entries
    return entries


def tensor_entries(state: AkropolisState, player: int) -> dict[int, float]:
    """The tensor's entries that may be nonzero, by index (every other entry is 0).

    The tensor is mostly empty city cells: learning code fills an array of zeros from these
    (``State.observation_nonzero``) instead of converting the whole list.
    """
    n = state.num_players
    out: dict[int, float] = {}
    for offset in range(n):
        base = offset * NUM_CELLS * CELL_CHANNELS
        for at, value in city_entries(state.cities[(player + offset) % n]):
            out[base + at] = value
    start = n * NUM_CELLS * CELL_CHANNELS
    for at, value in table_entries(state, player).items():
        out[start + at] = value
    return out


def table_start(state: AkropolisState) -> int:
    """Index of the first value after the city blocks (the site, then the globals)."""
    return state.num_players * NUM_CELLS * CELL_CHANNELS


def table_entries(state: AkropolisState, player: int) -> dict[int, float]:
    """The entries after the city blocks that may be nonzero, by index from :func:`table_start`.

    The site and the globals: a few dozen values that change at every step, where the city
    blocks change only for the seat that laid a tile.
    """
    n = state.num_players
    out: dict[int, float] = {}
    for i, tile in enumerate(state.site):
        block = i * SITE_CHANNELS
        for at, value in site_entries(i, tile):
            out[block + at] = value
    at = state.site_size * SITE_CHANNELS
    for offset in range(state.parties):
        party = (player + offset) % n if offset < n else offset
        out[at + offset] = state.stones[party] / 10.0
    at += state.parties
    out[at] = state.stacks_left / 19.0
    out[at + 1] = state.pending / 6.0
    out[at + 2] = 1.0 if state.current_player == player else 0.0
    out[at + 3] = 1.0 if state.current_player == TERMINAL else 0.0
    at += GLOBALS_FIXED
    for kind_at, value in pile_entries(state).items():
        out[at + kind_at] = value
    return out


def site_entries(position: int, tile: int) -> list[tuple[int, float]]:
    """The site block of ``tile`` at ``position`` (0-based): present, cost / 5, kind one-hots."""
    out = [(0, 1.0), (1, position / 5.0)]
    for h, kind in enumerate(TILE_KINDS[tile]):
        out.append((2 + h * 11 + kind - 1, 1.0))
    return out


def pile_entries(state: AkropolisState) -> dict[int, float]:
    """The solo Architect's pile: per kind (index kind - 1), its hexes / 20."""
    out: dict[int, float] = {}
    for tile in state.pile:
        for kind in TILE_KINDS[tile]:
            out[kind - 1] = out.get(kind - 1, 0.0) + 1 / 20.0
    return out
