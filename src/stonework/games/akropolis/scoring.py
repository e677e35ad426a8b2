"""End-game scoring of a city (rules §2.3, §2.4 and §4), with the score sheet's breakdown.

A city is a list over the window's cells of packed columns (see :func:`~.city.column`; 0 =
empty), as kept by :class:`~.city.City`; only the top of each column counts. For each district type the score is (value of its qualifying districts, doubled where a
variant says) x (stars of its visible plazas).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, cast

# The column fields are read with the named shifts, not the helpers: scoring runs once per
# position a search looks at, and the helper calls were a fifth of its time.
from stonework.games.akropolis.city import BYTE, HEIGHT_SHIFT
from stonework.games.akropolis.hexgrid import NEIGHBOURS, ON_EDGE, STEP
from stonework.games.akropolis.tiles import (
    BARRACKS,
    DISTRICT_KIND,
    DISTRICT_TYPES,
    GARDEN,
    HOUSE,
    MARKET,
    PLAZA_KIND,
    PLAZA_STARS,
    TEMPLE,
)

if TYPE_CHECKING:
    from stonework.games.akropolis.city import City

H_KIND: Final = DISTRICT_KIND[HOUSE]
M_KIND: Final = DISTRICT_KIND[MARKET]
B_KIND: Final = DISTRICT_KIND[BARRACKS]
T_KIND: Final = DISTRICT_KIND[TEMPLE]
G_KIND: Final = DISTRICT_KIND[GARDEN]
M_PLAZA: Final = PLAZA_KIND[MARKET]

NO_VARIANTS: Final = (False, False, False, False, False)


class DistrictScore(NamedTuple):
    """One line of the score sheet: districts that qualify, their value, the stars, the points."""

    districts: int
    value: int
    stars: int
    points: int


class CityScore(NamedTuple):
    """The five district lines (house, market, barracks, temple, garden) and their sum."""

    lines: tuple[DistrictScore, ...]
    districts_total: int


def outside_empties(city: list[int], cells: list[int]) -> set[int]:
    """Empty window cells next to the city that connect to the open ground (not enclosed).

    The empty cells bordering a connected group of hexes form connected bands, one around the
    outside and one inside each hole, so a flood fill along that band from a cell known to be
    outside finds exactly the outer band (rules §2.4, §4, the BGA readings).
    """
    band: set[int] = set()
    for cell in cells:
        for n in NEIGHBOURS[cell]:
            if not city[n]:
                band.add(n)
    if not band:
        return set()
    # The northernmost city hex's north neighbour is outside (nothing lies north of it); a band
    # cell on the window's rim is outside too (the ground beyond the table is empty).
    seeds = [c for c in band if ON_EDGE[c]]
    top = min(cells)  # cells run north to south, so the smallest index is northernmost
    north = STEP[top][0]
    if north >= 0:
        seeds.append(north)
    outside: set[int] = set()
    stack = [s for s in seeds if s in band]
    outside.update(stack)
    while stack:
        cell = stack.pop()
        for n in NEIGHBOURS[cell]:
            if n in band and n not in outside:
                outside.add(n)
                stack.append(n)
    return outside


def score_city(
    city: list[int],
    cells: list[int],
    variants: tuple[bool, ...] = NO_VARIANTS,
    barracks_outside_only: bool = False,
    lake_enclosed_region: bool = False,
    house_by_value: bool = False,
) -> CityScore:
    """Score a city: one :class:`DistrictScore` per district type (stones are not included)."""
    stars = [0, 0, 0, 0, 0]
    by_kind: dict[int, list[int]] = {H_KIND: [], M_KIND: [], B_KIND: [], T_KIND: [], G_KIND: []}
    for cell in cells:
        kind = city[cell] & BYTE
        if kind >= 7:
            stars[kind - 7] += PLAZA_STARS[kind - 7]
        elif kind >= 2:
            by_kind[kind].append(cell)
    outside: set[int] | None = None
    if (barracks_outside_only and by_kind[B_KIND]) or (
        lake_enclosed_region and variants[GARDEN] and by_kind[G_KIND]
    ):
        outside = outside_empties(city, cells)

    lines = (
        _houses(city, by_kind[H_KIND], variants[HOUSE], stars[HOUSE], house_by_value),
        _markets(city, by_kind[M_KIND], variants[MARKET], stars[MARKET]),
        _barracks(city, by_kind[B_KIND], variants[BARRACKS], stars[BARRACKS], outside),
        _temples(city, by_kind[T_KIND], variants[TEMPLE], stars[TEMPLE]),
        _gardens(
            city, by_kind[G_KIND], variants[GARDEN], stars[GARDEN], outside, lake_enclosed_region
        ),
    )
    return CityScore(lines, sum(line.points for line in lines))


Tally = list[int]
"""A city's score, kept so that one tile can update it: the stars of each type's plazas
(five entries), then the count and value of qualifying markets, barracks, temples and gardens.
Houses are not in it: their score is the largest group, which one tile can split or merge, so
it is found again from the house cells (kept beside the tally, see :data:`Kept`)."""

Kept = tuple[Tally, list[int], tuple[int, int]]
"""What a city keeps of its score: the tally, the house cells and the houses' (districts,
value), the latter found again only when a tile covers or brings a house."""

TALLY_SIZE: Final = 13


def tallies_locally(variants: tuple[bool, ...], barracks_outside_only: bool) -> bool:
    """True if every tallied cell's part depends only on its own column and its neighbours'.

    Outside-only barracks depend on which empty cells reach the open ground, and doubled
    gardens on lakes (a neighbour's neighbours): those are scored whole (:func:`score_city`).
    """
    return not barracks_outside_only and not variants[GARDEN]


def add_cell(
    city: list[int], cell: int, variants: tuple[bool, ...], tally: Tally, sign: int
) -> None:
    """Add (``sign`` 1) or take away (-1) one cell's part of the tally (local scoring only)."""
    top = city[cell]
    kind = top & BYTE
    if kind >= 7:
        tally[kind - 7] += sign * PLAZA_STARS[kind - 7]
        return
    height = top >> HEIGHT_SHIFT
    if kind == M_KIND:
        kinds = [(city[n] & BYTE) for n in NEIGHBOURS[cell]]
        if M_KIND in kinds:
            return
        tally[5] += sign
        tally[6] += sign * (2 * height if variants[MARKET] and M_PLAZA in kinds else height)
    elif kind == B_KIND:
        empties = 0
        for n in STEP[cell]:
            if n < 0 or not city[n]:
                empties += 1
        if not empties:
            return
        tally[7] += sign
        tally[8] += sign * (2 * height if variants[BARRACKS] and empties >= 3 else height)
    elif kind == T_KIND:
        if ON_EDGE[cell] or not all(city[n] for n in NEIGHBOURS[cell]):
            return
        tally[9] += sign
        tally[10] += sign * (2 * height if variants[TEMPLE] and height >= 2 else height)
    elif kind == G_KIND:
        tally[11] += sign
        tally[12] += sign * height


def full_tally(
    city: list[int], cells: list[int], variants: tuple[bool, ...], by_value: bool
) -> Kept:
    """The tally, house cells and houses' line of a whole city (local scoring only)."""
    tally = [0] * TALLY_SIZE
    houses: list[int] = []
    for cell in cells:
        if city[cell] & BYTE == H_KIND:
            houses.append(cell)
        else:
            add_cell(city, cell, variants, tally, 1)
    return tally, houses, _house_pair(city, houses, variants, by_value)


def _house_pair(
    city: list[int], houses: list[int], variants: tuple[bool, ...], by_value: bool
) -> tuple[int, int]:
    line = _houses(city, houses, variants[HOUSE], 0, by_value)
    return line.districts, line.value


def city_tally(city: City, variants: tuple[bool, ...], by_value: bool) -> Kept:
    """A city's tally and house cells (local scoring only), kept in its memo.

    After a tile the tally is the one before it (tallied once for all the positions a search
    makes from it) plus the change on the tile's cells and their neighbours, the only cells
    whose part can change: a cell's part depends on its own column and its neighbours'.
    Houses are found again from the house cells of the tally before, changed on the tile.
    """
    kept = city.memo.get("tally")
    if kept is not None:
        return cast(Kept, kept)
    last = city.last
    columns = city.columns
    if last is None:
        out = full_tally(columns, city.cells, variants, by_value)
    else:
        before, laid, olds = last
        news = [columns[cell] for cell in laid]
        parent = cast("Kept | None", before.get("tally"))
        # Beyond the tile's own cells, only a neighbouring market, barracks or temple can
        # change its part: its own column is the same, but what lies around it is not.
        around = set(laid)
        for cell in laid:
            for n in NEIGHBOURS[cell]:
                if M_KIND <= columns[n] & BYTE <= T_KIND:
                    around.add(n)
        try:
            # The columns as they were before the tile (put back below).
            for cell, old in zip(laid, olds, strict=True):
                columns[cell] = old
            if parent is None:
                # A tile on the ground added its three cells at the end of the list.
                cells = city.cells[:-3] if not olds[0] else city.cells
                parent = before["tally"] = full_tally(columns, cells, variants, by_value)
            tally = parent[0].copy()
            for cell in around:
                add_cell(columns, cell, variants, tally, -1)
        finally:
            for cell, new in zip(laid, news, strict=True):
                columns[cell] = new
        for cell in around:
            add_cell(columns, cell, variants, tally, 1)
        if any(top & BYTE == H_KIND for top in olds) or any(top & BYTE == H_KIND for top in news):
            houses = [cell for cell in parent[1] if cell not in laid]
            houses += [cell for cell in laid if columns[cell] & BYTE == H_KIND]
            out = (tally, houses, _house_pair(columns, houses, variants, by_value))
        else:
            out = (tally, parent[1], parent[2])  # no house covered or laid: the same groups
    city.memo["tally"] = out
    return out


def score_from_tally(kept: Kept) -> CityScore:
    """The score of a city from what it keeps; equal to :func:`score_city` (local scoring only)."""
    tally = kept[0]
    districts, value = kept[2]
    lines = (
        _line(districts, value, tally[HOUSE]),
        _line(tally[5], tally[6], tally[MARKET]),
        _line(tally[7], tally[8], tally[BARRACKS]),
        _line(tally[9], tally[10], tally[TEMPLE]),
        _line(tally[11], tally[12], tally[GARDEN]),
    )
    return CityScore(lines, sum(line.points for line in lines))


def _houses(
    city: list[int], houses: list[int], doubled: bool, stars: int, by_value: bool
) -> DistrictScore:
    # §2.4: the group with the most hexes scores, equal sizes the higher value; with
    # house_group=value (§10 item 4) the group worth most scores, equal values the larger one.
    # Either way the kept group is the same whichever order the groups are found in. Variant
    # (§4): a group worth 10 or more doubles.
    best_size = best_value = 0
    best_rank = (0, 0)
    seen: set[int] = set()
    for start in houses:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = value = 0
        while stack:
            cell = stack.pop()
            size += 1
            value += city[cell] >> HEIGHT_SHIFT
            for n in NEIGHBOURS[cell]:
                if n not in seen and (city[n] & BYTE) == H_KIND:
                    seen.add(n)
                    stack.append(n)
        rank = (value, size) if by_value else (size, value)
        if rank > best_rank:
            best_rank, best_size, best_value = rank, size, value
    if doubled and best_value >= 10:
        best_value *= 2
    return _line(best_size, best_value, stars)


def _markets(city: list[int], markets: list[int], doubled: bool, stars: int) -> DistrictScore:
    # §2.4: no market district next to it; variant: next to a market plaza doubles.
    count = value = 0
    for cell in markets:
        kinds = [(city[n] & BYTE) for n in NEIGHBOURS[cell]]
        if M_KIND in kinds:
            continue
        count += 1
        height = city[cell] >> HEIGHT_SHIFT
        value += 2 * height if doubled and M_PLAZA in kinds else height
    return _line(count, value, stars)


def _barracks(
    city: list[int], barracks: list[int], doubled: bool, stars: int, outside: set[int] | None
) -> DistrictScore:
    # §2.4: at least one empty neighbour (only open ground when ``outside`` is given); variant:
    # 3 or more doubles.
    count = value = 0
    for cell in barracks:
        empties = 0
        for n in STEP[cell]:
            if n < 0:
                empties += 1  # the ground beyond the window is empty and open
            elif not city[n] and (outside is None or n in outside):
                empties += 1
        if not empties:
            continue
        count += 1
        height = city[cell] >> HEIGHT_SHIFT
        value += 2 * height if doubled and empties >= 3 else height
    return _line(count, value, stars)


def _temples(city: list[int], temples: list[int], doubled: bool, stars: int) -> DistrictScore:
    # §2.4: all six neighbours built; variant: at height 2 or more doubles.
    count = value = 0
    for cell in temples:
        if ON_EDGE[cell] or not all(city[n] for n in NEIGHBOURS[cell]):
            continue
        count += 1
        height = city[cell] >> HEIGHT_SHIFT
        value += 2 * height if doubled and height >= 2 else height
    return _line(count, value, stars)


def _gardens(
    city: list[int],
    gardens: list[int],
    doubled: bool,
    stars: int,
    outside: set[int] | None,
    lake_enclosed_region: bool,
) -> DistrictScore:
    # §2.4: always scores; variant (§4): next to a lake doubles.
    count = value = 0
    for cell in gardens:
        count += 1
        height = city[cell] >> HEIGHT_SHIFT
        if doubled and _next_to_lake(city, cell, outside, lake_enclosed_region):
            height *= 2
        value += height
    return _line(count, value, stars)


def _line(districts: int, value: int, stars: int) -> DistrictScore:
    return DistrictScore(districts, value, stars, value * stars)


def _next_to_lake(city: list[int], cell: int, outside: set[int] | None, enclosed: bool) -> bool:
    for n in NEIGHBOURS[cell]:
        if city[n]:
            continue
        if enclosed:
            if outside is not None and n not in outside and not ON_EDGE[n]:
                return True
        elif not ON_EDGE[n] and all(city[m] for m in NEIGHBOURS[n]):
            return True
    return False


def sheet(score: CityScore, stones: int) -> dict[str, object]:
    """The score sheet as plain JSON: one entry per district type, then stones and total."""
    out: dict[str, object] = {
        name: line._asdict() for name, line in zip(DISTRICT_TYPES, score.lines, strict=True)
    }
    out["stones"] = stones
    out["total"] = score.districts_total + stones
    return out
