"""Building test cities and positions by hand.

Axial coordinates (q, r), r growing southward; the neighbours of (q, r), clockwise from north:
(q, r-1) N, (q+1, r-1) NE, (q+1, r) SE, (q, r+1) S, (q-1, r+1) SW, (q-1, r) NW.
"""

from __future__ import annotations

from stonework.games.akropolis import AkropolisState, position
from stonework.games.akropolis.city import City, column
from stonework.games.akropolis.hexgrid import CELL_AT
from stonework.games.akropolis.scoring import NO_VARIANTS, CityScore, score_city
from stonework.games.akropolis.tiles import KIND_LETTER


def make_city(hexes: dict[tuple[int, int], str]) -> City:
    """A city whose visible hexes are given as ``{(q, r): "h2"}`` (kind letter + height).

    Each hex gets its own tile id, so no two hexes count as one tile. Only scoring reads such
    a city; its legal placements are not kept.
    """
    city = City.new()
    city.columns = [0] * len(city.columns)
    city.cells = []
    for tile, ((q, r), text) in enumerate(sorted(hexes.items()), start=1):
        cell = CELL_AT[(q, r)]
        city.columns[cell] = column(int(text[1:]), tile, KIND_LETTER.index(text[0]))
        city.cells.append(cell)
    city.legal = set()
    return city


def score(
    hexes: dict[tuple[int, int], str],
    variants: tuple[bool, ...] = NO_VARIANTS,
    outside_only: bool = False,
    enclosed: bool = False,
    by_value: bool = False,
) -> CityScore:
    city = make_city(hexes)
    return score_city(city.columns, city.cells, variants, outside_only, enclosed, by_value)


def ring(q: int, r: int) -> list[tuple[int, int]]:
    """The six neighbours of (q, r), clockwise from north."""
    return [(q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r)]


def only(variant: str) -> tuple[bool, ...]:
    """A variant mask with just one of houses/markets/barracks/temples/gardens on."""
    names = ("houses", "markets", "barracks", "temples", "gardens")
    return tuple(name == variant for name in names)


def with_stones(state: AkropolisState, *stones: int) -> AkropolisState:
    """The same position with these stones for seats 0, 1, ...: its position string edited
    (each party's ``STONES:`` prefix) and read back, so the result passes the position checks."""
    fields = position.write(state).split(";")
    for seat, count in enumerate(stones):
        _, _, laid = fields[5 + seat].partition(":")
        fields[5 + seat] = f"{count}:{laid}"
    return position.read(";".join(fields))
