"""The Akropolis evaluation the agents use: each seat's final total, estimated from the table.

At the end a district type scores (value of its qualifying districts) x (stars of its plazas),
so before the end a plaza with no district yet, or districts waiting for a plaza, are worth
points that the score so far shows as zero. With ``V`` the value and ``S`` the stars of a type,
and ``R`` the tiles the seat still has to lay, the final product is about
``(V + VALUE_PER_TILE * R) * (S + STARS_PER_TILE * R)``; the part every city shares
(``R * R``) is left out, which leaves ``V * S + R * (STARS_PER_TILE * V + VALUE_PER_TILE * S)``.
A temple not yet surrounded (and off the window's rim) counts in ``V`` while tiles remain, at
its value times the share of its neighbours already built: it may still be closed in. Stones count one point each, as at the end.
Places where a tile could go up a level onto quarries alone count a few points while tiles remain
(:data:`STACK_SPOTS`): they are what lets a city grow upwards instead of outwards.

The estimate was first chosen by playing the one-ply greedy player with it against the one
with the plain score lead: with the same growth for every type (0.5 value and 0.1 stars a tile)
it won 67.0% of 200 games, +13.6 points, and counting open temples lifted the mean margin from
about +11 to +17 points (``benchmarks/akropolis_evaluation_ab.py``, BENCHMARKS.md). The growth
by type (session 30) is what greedy self-play shows each type gains (the value scaled up by a
third): against the uniform growth it won 57.3% of 1,200 greedy games (+5.2 points a game) and
55.3% of 400 games of ``hard`` at 0.25 s a move (+6.3 points); the measured value growth
unscaled won less (53.1% of 400 greedy games, +2.6). Houses, whose plazas have one star,
gain the fewest stars; temples and gardens, with the fewest hexes, the least value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from stonework.games.akropolis.city import (
    BYTE,
    HEIGHT_SHIFT,
    TILE_SHIFT,
    column_height,
    column_kind,
)
from stonework.games.akropolis.hexgrid import (
    NEIGHBOURS,
    ON_EDGE,
    PLACEMENT_TRIANGLE,
    TRIANGLE_CELLS,
    TRIANGLES_FROM,
    TRIANGLES_TOUCHING,
)
from stonework.games.akropolis.tiles import DISTRICT_KIND, QUARRY, TEMPLE

if TYPE_CHECKING:
    from stonework.games.akropolis.city import City
    from stonework.games.akropolis.state import AkropolisState

STARS_PER_TILE: Final[tuple[float, ...]] = (0.11, 0.21, 0.20, 0.18, 0.23)
"""Stars a seat can expect to add to each district type for each tile it still lays.

By type in the order of ``tiles`` (house, market, barracks, temple, garden): the growth measured
in 200 two-player games of greedy against itself (``benchmarks/akropolis_type_growth.py``).
Houses gain half the stars of the others: their plazas have one star.
"""

VALUE_PER_TILE: Final[tuple[float, ...]] = (0.48, 0.55, 0.45, 0.25, 0.28)
"""District value a seat can expect to add to each type for each tile it still lays.

The growth measured with the stars, times 4/3: measured as it is, it won less (module notes).
"""

STACK_SPOTS: tuple[float, float] = (4.0, 1.0)
"""Points for each place above the ground where a tile could cover three quarries, and two.

Such a place lifts a later tile a level (its districts score a point more each) and pays a
stone for each quarry it covers, without covering a district or a plaza. The peer's cities
(alpha-zero-general's network) keep one or two such places through the game, laying quarries
side by side to build on; ours had almost none, so our tiles went on the ground and the cities
stayed flat (BENCHMARKS.md, "Akropolis: places to build on"). Counted while tiles are left, at
most :data:`STACK_SPOT_CAP` of each. Greedy with it against greedy without won 85.9% of 400
two-player games, +33 points a game."""

STACK_SPOT_CAP: Final = 2
"""The most places of each kind :data:`STACK_SPOTS` counts (one tile uses up one of them)."""

TEMPLE_SHARE: Final = 1.0
"""Share of an open temple's value counted, times the fraction of its neighbours built."""

TO_MOVE_BONUS: Final = 6.0
"""Points the seat about to take a tile can expect beyond the estimate (it chooses first).

Measured in 100 two-player games of the greedy player against itself: from any position the
seat to move ended 6.2 points (95% CI 6.1-6.3) further ahead than the estimates said
(``benchmarks/akropolis_to_move_bonus.py``). Every move of one decision leaves the same seat
to move, so the bonus never changes a one-ply choice; what it keeps honest is a search
comparing positions at different depths, where without it a position just after one's own
move would look some 6 points better than one after the opponent's reply.
"""

TURN_BONUS: Final[dict[int, tuple[float, ...]]] = {3: (7.0, 3.5), 4: (7.5, 5.0, 2.5)}
"""By player count from three on: the bonus of the seat to move and of each seat after it.

From three players on, the seats that choose before the seat that just moved chooses again
may be ahead too. Measured in greedy self-play like :data:`TO_MOVE_BONUS`: each seat's final
total beyond its estimate against that of the seat that just moved, by how many places it
comes after the seat to move (``benchmarks/akropolis_to_move_bonus.py --players N``; BENCHMARKS.md,
"Multi-player search"). A count not listed gives the seat to move :data:`TO_MOVE_BONUS` only.
Both counts fall evenly with the place (three players: 7.1 and 3.6 measured; four: 7.5, 5.0
and 2.5). Without the later seats' share a search judged leaves at different depths unequally
(at three players, after its own move the seat two places on looked 3.5 points poorer than it
was).
"""

LEAD_SCALE: Final = 25.0
"""Points of estimated lead that ``tanh`` maps to about 0.76."""

_T_KIND: Final = DISTRICT_KIND[TEMPLE]


def tiles_left(state: AkropolisState) -> float:
    """Tiles each party still lays: those left to take this round and in the stacks, shared."""
    in_round = len(state.site) + state.pending - 1
    return max(0, in_round + state.stacks_left * state.stack_size) / state.parties


def open_temples(state: AkropolisState, seat: int) -> float:
    """The value of a seat's temples not surrounded yet, weighted by how closed in they are."""
    city = state.cities[seat]
    memo = city.memo.get("open_temples")
    if memo is not None:
        return cast(float, memo)
    columns = city.columns
    doubled = state.variants[TEMPLE]
    total = 0.0
    for cell in temple_cells(city):
        top = columns[cell]
        if ON_EDGE[cell]:
            continue
        built = sum(1 for n in NEIGHBOURS[cell] if columns[n])
        if built < 6:
            height = column_height(top)
            value = 2 * height if doubled and height >= 2 else height
            total += value * built / 6
    city.memo["open_temples"] = total
    return total


def stack_spot_points(state: AkropolisState, seat: int) -> float:
    """What a seat's places to build on above quarries are worth while tiles are left
    (:data:`STACK_SPOTS`, at most :data:`STACK_SPOT_CAP` of each kind counted)."""
    # Not Final: compiled by mypyc, a Final float pair read here raised "value for final name
    # was not set".
    spots = STACK_SPOTS
    if not (spots[0] or spots[1]):
        return 0.0
    threes, twos = stack_spots(state, seat)
    return spots[0] * min(threes, STACK_SPOT_CAP) + spots[1] * min(twos, STACK_SPOT_CAP)


def stack_spots(state: AkropolisState, seat: int) -> tuple[int, int]:
    """How many legal places above the ground a seat's city has over three quarries, and over
    exactly two (kept in the city's memo).

    Counted from the columns, not from the city's legal set: reading that set brings it up to
    date, which a search otherwise skips for most positions it judges (it cost greedy games and
    searches much of their speed, BENCHMARKS.md). After a tile only the triangles sharing a cell
    with it can change, so the count is the one of the city before the tile (counted once for
    all the positions a search makes from it) less what those triangles counted with the
    columns before, plus what they count now.
    """
    city = state.cities[seat]
    kept = city.memo.get("stack_spots")
    if kept is not None:
        return cast("tuple[int, int]", kept)
    last = city.last
    columns = city.columns
    if last is None:
        out = _stack_spots_from_scratch(columns, city.cells)
    else:
        before, laid, olds = last
        # The last placement is the tile of ``last`` (lay records both).
        touching = TRIANGLES_TOUCHING[PLACEMENT_TRIANGLE[city.placements[-1][1]]]
        now = _stack_spots_among(columns, touching)
        if olds[0]:
            # A tile on top: the columns as they were before it (put back below), the way
            # scoring's tally does, rather than a copy of the 1,801 columns.
            news = (columns[laid[0]], columns[laid[1]], columns[laid[2]])
            try:
                for cell, old in zip(laid, olds, strict=True):
                    columns[cell] = old
                then = _stack_spots_among(columns, touching)
            finally:
                for cell, new in zip(laid, news, strict=True):
                    columns[cell] = new
        else:
            # A tile on the ground: each touching triangle held one of its cells, empty before.
            then = (0, 0)
        parent = cast("tuple[int, int] | None", before.get("stack_spots"))
        if parent is None:
            # Counted for this city and handed back to the one before: its other children
            # (a search tries many tiles from one position) then count the tile's triangles only.
            out = _stack_spots_from_scratch(columns, city.cells)
            before["stack_spots"] = (out[0] - now[0] + then[0], out[1] - now[1] + then[1])
        else:
            out = (parent[0] - then[0] + now[0], parent[1] - then[1] + now[1])
    city.memo["stack_spots"] = out
    return out


def _stack_spots_from_scratch(columns: list[int], cells: list[int]) -> tuple[int, int]:
    # A place above the ground has its three cells built, so it is met once from its lowest.
    return _stack_spots_among(columns, [tri for cell in cells for tri in TRIANGLES_FROM[cell]])


def _stack_spots_among(columns: list[int], triangles: Sequence[int]) -> tuple[int, int]:
    # The places above the ground among ``triangles`` over three quarries, and over two. Legal
    # as City._refresh_legal finds them from the columns alone (§3.1): all three cells built,
    # their tops at one height, not all three of one tile; the bit tests are written out (hot).
    threes = twos = 0
    for tri in triangles:
        a, b, c = TRIANGLE_CELLS[tri]
        ca, cb, cc = columns[a], columns[b], columns[c]
        height = ca >> HEIGHT_SHIFT
        if (
            height  # built (a built column is at least one high), so all three are
            and cb >> HEIGHT_SHIFT == height
            and cc >> HEIGHT_SHIFT == height
            and (
                ca >> TILE_SHIFT & BYTE != cb >> TILE_SHIFT & BYTE
                or ca >> TILE_SHIFT & BYTE != cc >> TILE_SHIFT & BYTE
            )
        ):
            quarries = (ca & BYTE == QUARRY) + (cb & BYTE == QUARRY) + (cc & BYTE == QUARRY)
            if quarries == 3:
                threes += 1
            elif quarries == 2:
                twos += 1
    return threes, twos


def temple_cells(city: City) -> list[int]:
    """The cells with a temple on top, in the order of ``city.cells`` (kept in the city's memo).

    Found from the list of the city before the last tile (shared by every position a search
    makes from it) changed on the tile's cells: a ground tile's cells come last in
    ``city.cells``, so its temples go at the end; a tile on top that covers or brings a temple
    has the list made again (rare). The order is kept so that sums over it are the same floats
    as a scan of the whole city.
    """
    kept = city.memo.get("temple_cells")
    if kept is not None:
        return cast("list[int]", kept)
    last = city.last
    columns = city.columns
    if last is None:
        out = [cell for cell in city.cells if column_kind(columns[cell]) == _T_KIND]
    else:
        before, laid, olds = last
        parent = cast("list[int] | None", before.get("temple_cells"))
        ground = not olds[0]
        if parent is None:
            # The list before the tile: the same cells but the tile's, as they were then.
            cells = city.cells[:-3] if ground else city.cells
            old_kind = dict(zip(laid, (column_kind(top) for top in olds), strict=True))
            parent = before["temple_cells"] = [
                cell for cell in cells if old_kind.get(cell, column_kind(columns[cell])) == _T_KIND
            ]
        brought = [cell for cell in laid if column_kind(columns[cell]) == _T_KIND]
        if ground:
            out = parent + brought if brought else parent
        elif brought or any(column_kind(top) == _T_KIND for top in olds):
            out = [cell for cell in city.cells if column_kind(columns[cell]) == _T_KIND]
        else:
            out = parent
    city.memo["temple_cells"] = out
    return out


def estimate(state: AkropolisState, seat: int) -> float:
    """A seat's estimated final total (its real total once no tile is left to lay).

    The seat whose turn it is (or comes after the tiles being revealed) gets
    :data:`TO_MOVE_BONUS` on top, and from three players on the seats after it a falling share
    (:func:`turn_bonus`).
    """
    left = tiles_left(state)
    total = float(state.stones[seat])
    if left > 0:
        total += stack_spot_points(state, seat)
    for kind, line in enumerate(state.city_score(seat).lines):
        value = float(line.value)
        if kind == TEMPLE and left > 0:
            value += TEMPLE_SHARE * open_temples(state, seat)
        total += value * line.stars + left * (
            STARS_PER_TILE[kind] * value + VALUE_PER_TILE[kind] * line.stars
        )
    if left > 0:
        total += turn_bonus(state, seat)
    return total


def turn_bonus(state: AkropolisState, seat: int) -> float:
    """What choosing ``seat``'s next tile sooner than the others is worth (see :data:`TURN_BONUS`).

    Solo, and at two players, only the seat to move gets :data:`TO_MOVE_BONUS`.
    """
    bonuses = None if state.solo else TURN_BONUS.get(state.num_players)
    if bonuses is None:
        return TO_MOVE_BONUS if seat == state.turn else 0.0
    later = (seat - state.turn) % state.num_players
    return bonuses[later] if later < len(bonuses) else 0.0


def lead_values(state: AkropolisState) -> list[float]:
    """Each seat's estimated lead over its best rival, squashed into [-1, 1] by ``tanh``.

    Solo: the rival is the Architect's total so far.
    """
    totals = [estimate(state, seat) for seat in range(state.num_players)]
    if state.solo:
        return [math.tanh((totals[0] - float(state.architect_result()[1])) / LEAD_SCALE)]
    return leads_over_best_rival(totals)


def leads_over_best_rival(totals: list[float]) -> list[float]:
    """Each seat's total less the best other seat's, squashed into [-1, 1] by ``tanh``."""
    rivals = [max(t for j, t in enumerate(totals) if j != i) for i in range(len(totals))]
    return [math.tanh((totals[i] - rivals[i]) / LEAD_SCALE) for i in range(len(totals))]
