"""The Akropolis evaluation (``heuristic()``): an estimate of the final totals.

Scoring is rules §2.3 and §2.4 (value of qualifying districts x stars; temples need all six
neighbours built); the estimate must equal the real total once no tile is left to lay and must
see, before that, what §2.3's product does not show yet.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from akropolis_scenarios import make_city, ring

import stonework
from stonework.core import derive_rng, play_random
from stonework.core.compiled import is_extension
from stonework.games.akropolis import AkropolisState, evaluation
from stonework.games.akropolis.city import (
    City,
    column_height,
    column_kind,
    legal_triangles_from_scratch,
)
from stonework.games.akropolis.evaluation import (
    TO_MOVE_BONUS,
    TURN_BONUS,
    estimate,
    lead_values,
    temple_cells,
    tiles_left,
    turn_bonus,
)
from stonework.games.akropolis.hexgrid import (
    NUM_CELLS,
    NUM_TRIANGLES,
    PLACEMENT_CELLS,
    PLACEMENT_TRIANGLE,
    TRIANGLE_CELLS,
    TRIANGLES_FROM,
)
from stonework.games.akropolis.scoring import score_city
from stonework.games.akropolis.tiles import DISTRICT_KIND, QUARRY, TEMPLE

T_KIND = DISTRICT_KIND[TEMPLE]


def new_state(players: int = 2, seed: int = 5) -> AkropolisState:
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert isinstance(state, AkropolisState)
    return state


def with_city(hexes: dict[tuple[int, int], str], stones: int = 0) -> AkropolisState:
    """A fresh two-player game whose seat 0 holds the given city (seat 1 an empty one)."""
    state = new_state()
    state.cities[0] = make_city(hexes)
    state.cities[1] = make_city({})
    state.stones = [stones, 0]
    return state


def test_estimate_is_the_real_total_at_the_end() -> None:
    """§2.3: with no tile left to lay, the estimate is the score sheet's total, stones included."""
    for players in (2, 3, 4):
        state = new_state(players, seed=players)
        play_random(state, derive_rng(players, "evaluation"))
        assert state.is_terminal and tiles_left(state) == 0
        for seat, score in enumerate(state.scores()):
            assert estimate(state, seat) == score.total


def test_tiles_left_falls_as_the_game_goes() -> None:
    """§1.2-§3.2: tiles still to lay shrink with every turn, down to none at the end."""
    state = new_state()
    rng = derive_rng(9, "tiles")
    seen = [tiles_left(state)]
    while not state.is_terminal:
        state.apply(state.random_action(rng))
        if not state.is_chance_node:
            seen.append(tiles_left(state))
    assert seen[0] > 15 and seen[-1] == 0
    assert all(later <= earlier for earlier, later in itertools.pairwise(seen))


def test_a_plaza_without_districts_is_worth_something_before_the_end() -> None:
    """§2.3: a lone plaza scores 0 now, but it multiplies the districts still to come."""
    bare = with_city({(0, 0): "q1"})
    plaza = with_city({(0, 0): "q1", (0, 1): "H1"})
    assert plaza.city_score(0).districts_total == bare.city_score(0).districts_total == 0
    assert estimate(plaza, 0) > estimate(bare, 0)


def test_districts_without_a_plaza_are_worth_something_before_the_end() -> None:
    """§2.3: districts with no plaza score 0 now, but a plaza may still come."""
    bare = with_city({(0, 0): "q1"})
    gardens = with_city({(0, 0): "g1", (0, 1): "g1"})
    assert gardens.city_score(0).districts_total == 0
    assert estimate(gardens, 0) > estimate(bare, 0)


def test_each_district_type_expects_its_own_growth() -> None:
    """§2.3 by type: house plazas carry one star (§1.1), so a lone house district can expect
    fewer stars to come than a lone garden; and a plaza of a type with few hexes (temple) less
    value to multiply than one with many (market)."""
    lone = {
        name: with_city({(0, 0): "q1", (0, 1): text})
        for name, text in (
            ("house", "h1"),
            ("garden", "g1"),
            ("temple plaza", "T2"),
            ("market plaza", "M2"),
        )
    }
    assert all(state.city_score(0).districts_total == 0 for state in lone.values())
    assert estimate(lone["garden"], 0) > estimate(lone["house"], 0)
    assert estimate(lone["market plaza"], 0) > estimate(lone["temple plaza"], 0)
    growth = zip(evaluation.VALUE_PER_TILE, evaluation.STARS_PER_TILE, strict=True)
    assert all(0 < value < 1 and 0 < stars < 1 for value, stars in growth)


def test_an_open_temple_counts_more_the_more_it_is_closed_in() -> None:
    """§2.4 Temple: only a surrounded temple scores; a nearly closed one is closer to it."""
    centre = (0, 0)
    around = ring(*centre)
    plaza = {(4, 4): "T1"}
    two = with_city({centre: "t1", **dict.fromkeys(around[:2], "q1"), **plaza})
    five = with_city({centre: "t1", **dict.fromkeys(around[:5], "q1"), **plaza})
    six = with_city({centre: "t1", **dict.fromkeys(around, "q1"), **plaza})
    assert two.city_score(0).lines[3].points == five.city_score(0).lines[3].points == 0
    assert six.city_score(0).lines[3].points == 2
    assert estimate(two, 0) < estimate(five, 0) < estimate(six, 0)


def test_stones_count_a_point_each() -> None:
    """§2.3: each stone left is a point at the end, and in the estimate."""
    assert estimate(with_city({}, stones=3), 0) - estimate(with_city({}, stones=0), 0) == 3


def test_heuristic_is_the_squashed_lead_of_the_estimates() -> None:
    """heuristic(): in [-1, 1], the seat with the higher estimate gets the higher value."""
    state = with_city({(0, 0): "q1", (0, 1): "H1", (1, 0): "h1"})
    values = state.heuristic()
    assert values == lead_values(state)
    assert -1 < values[1] < 0 < values[0] < 1
    assert values[0] == -values[1]


def test_the_seat_to_move_gets_the_bonus_until_the_end() -> None:
    """§3.1: the seat about to take a tile chooses first; the estimate credits it, once."""
    state = with_city({(0, 0): "q1", (0, 1): "H1"})
    assert state.turn == 0
    to_move = estimate(state, 0)
    state.turn = 1
    assert to_move - estimate(state, 0) == TO_MOVE_BONUS


@pytest.mark.parametrize("players", [3, 4])
def test_from_three_players_the_seats_after_the_mover_get_their_share(players: int) -> None:
    """§3.1 at more seats: the seats choosing before the last mover chooses again are ahead too."""
    state = new_state(players, seed=8)
    bonuses = TURN_BONUS[players]
    for turn in range(players):
        state.turn = turn
        got = [turn_bonus(state, (turn + later) % players) for later in range(players)]
        assert got == [*bonuses, 0.0]
    assert TURN_BONUS[3] == (7.0, 3.5)  # measured (BENCHMARKS.md, "Multi-player search")
    # The estimate carries it: the seat after the mover gains its share on top of its total.
    state.turn = 0
    with_share = estimate(state, 1)
    state.turn = 1
    assert estimate(state, 1) - with_share == bonuses[0] - bonuses[1]


def test_two_players_keep_the_single_bonus() -> None:
    state = new_state(2)
    assert [turn_bonus(state, seat) for seat in (0, 1)] == [TO_MOVE_BONUS, 0.0]


@pytest.mark.skipif(
    is_extension(evaluation), reason="the compiled build folds the Final constant in"
)
@pytest.mark.parametrize("players", [2, 3])
def test_the_bonus_never_changes_a_one_ply_choice(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """Every move of one decision leaves the same seat to move, so the ranking stays the same."""
    state = new_state(players, seed=11)
    rng = derive_rng(11, "bonus")
    for _ in range(9):
        state.apply(state.random_action(rng))
        while state.is_chance_node:
            state.apply(state.random_action(rng))
    seat = state.current_player
    children = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        children.append(child)
    with_bonus = [child.heuristic()[seat] for child in children]
    monkeypatch.setattr(evaluation, "TO_MOVE_BONUS", 0.0)
    monkeypatch.setattr(evaluation, "TURN_BONUS", {})
    without = [child.heuristic()[seat] for child in children]
    assert with_bonus != without
    order = sorted(range(len(children)), key=lambda i: (-with_bonus[i], i))
    assert order == sorted(range(len(children)), key=lambda i: (-without[i], i))


def test_a_remembered_city_score_is_dropped_when_a_tile_is_laid() -> None:
    """§2.3 scores the city as it stands: a clone shares the memo only until either changes."""
    state = new_state(seed=4)
    rng = derive_rng(4, "memo")
    while not state.is_terminal:
        if not state.is_chance_node:
            seat = state.current_player
            before = state.city_score(seat)  # fills the memo the clone will share
            child = state.clone()
            child.apply(child.random_action(rng))
            city = child.cities[seat]
            fresh = score_city(city.columns, city.cells, child.variants)
            assert child.city_score(seat) == fresh
            assert state.city_score(seat) is before
        state.apply(state.random_action(rng))
    for seat, city in enumerate(state.cities):
        assert state.city_score(seat) == score_city(city.columns, city.cells, state.variants)


def games_and_branches(
    players: int, games: int, stride: int, label: str
) -> Iterator[tuple[AkropolisState, AkropolisState | None]]:
    """Seeded random games: every position after a move as ``(state, None)``, and before each
    decision one more tile from every ``stride``-th legal move as ``(state, branch)``."""
    for seed in range(games):
        state = stonework.new_game("akropolis", players=players, seed=seed)
        assert isinstance(state, AkropolisState)
        rng = derive_rng(seed, label)
        while not state.is_terminal:
            if not state.is_chance_node:
                for action in state.legal_actions()[::stride]:
                    branch = state.clone()
                    branch.apply(action)
                    yield state, branch
            state.apply(state.random_action(rng))
            yield state, None


@pytest.mark.parametrize("players", [2, 4])
def test_temple_cells_follow_the_city_through_games_and_search_branches(players: int) -> None:
    # The kept list (built from the list before each tile) equals a scan of the whole city, in
    # the city's order, at every position of a game and after one more tile from each of them.
    def scan(city: City) -> list[int]:
        return [cell for cell in city.cells if column_kind(city.columns[cell]) == T_KIND]

    temples_seen = 0
    for state, branch in games_and_branches(players, 6, 17, "temples"):
        cities = state.cities if branch is None else [branch.cities[state.turn]]
        for city in cities:
            assert temple_cells(city) == scan(city)
            if branch is not None:
                temples_seen += len(scan(city))
    assert temples_seen > 100


def _with_legal(state: AkropolisState) -> AkropolisState:
    # make_city keeps no legal placements; the estimate's places to build on read them.
    for city in state.cities:
        city.legal = legal_triangles_from_scratch(city.columns, city.cells)
    return state


def test_a_place_to_build_on_quarries_counts_while_tiles_remain() -> None:
    """§3.1: a tile may go up a level onto hexes of two or more tiles; three quarries side by
    side are such a place that covers no district or plaza (and pays three stones, §3.2)."""
    triangle = [(0, 0), (1, 0), (0, 1)]
    line = [(0, 0), (1, 0), (2, 0)]
    spot = _with_legal(with_city(dict.fromkeys(triangle, "q1")))
    scattered = _with_legal(with_city(dict.fromkeys(line, "q1")))
    half = _with_legal(with_city({(0, 0): "q1", (1, 0): "q1", (0, 1): "h1"}))
    assert evaluation.stack_spots(spot, 0) == (1, 0)
    assert evaluation.stack_spots(scattered, 0) == (0, 0)
    assert evaluation.stack_spots(half, 0) == (0, 1)
    three, two = evaluation.STACK_SPOTS
    assert three > two > 0
    assert estimate(spot, 0) - estimate(scattered, 0) == pytest.approx(three)


def test_the_tables_the_places_to_build_on_are_counted_with() -> None:
    # A count from scratch meets every triangle once, from its lowest cell; the last
    # placement names the triangle of the cells the city's ``last`` records.
    met = [tri for cell in range(NUM_CELLS) for tri in TRIANGLES_FROM[cell]]
    assert sorted(met) == list(range(NUM_TRIANGLES))
    assert all(
        min(TRIANGLE_CELLS[tri]) == cell
        for cell in range(NUM_CELLS)
        for tri in TRIANGLES_FROM[cell]
    )
    city = City.new()
    for placement, cells in enumerate(PLACEMENT_CELLS):
        if cells is not None and city.is_legal(placement):
            city.lay(0, placement)
            assert city.last is not None
            assert sorted(city.last[1]) == list(TRIANGLE_CELLS[PLACEMENT_TRIANGLE[placement]])
            assert PLACEMENT_TRIANGLE[city.placements[-1][1]] == PLACEMENT_TRIANGLE[placement]
            break


def spots_from_scratch(city: City) -> tuple[int, int]:
    """The places above the ground over three quarries and over two, from the legal triangles
    found from nothing (the estimate counts them without the legal set)."""
    threes = twos = 0
    for triangle in legal_triangles_from_scratch(city.columns, city.cells):
        cells = TRIANGLE_CELLS[triangle]
        if not column_height(city.columns[cells[0]]):
            continue
        quarries = sum(column_kind(city.columns[c]) == QUARRY for c in cells)
        threes += quarries == 3
        twos += quarries == 2
    return threes, twos


@pytest.mark.parametrize("players", [2, 3])
def test_places_to_build_on_follow_the_city_through_games_and_search_branches(
    players: int,
) -> None:
    # The count kept in a city's memo equals a count from scratch at every position of a game
    # and after one more tile from each of them (a clone shares the memo until a tile is laid).
    seen = 0
    for state, branch in games_and_branches(players, 4, 23, "stack spots"):
        if branch is not None:
            seat = state.turn
            assert evaluation.stack_spots(branch, seat) == spots_from_scratch(branch.cities[seat])
            continue
        for seat, city in enumerate(state.cities):
            counts = evaluation.stack_spots(state, seat)
            assert counts == spots_from_scratch(city)
            seen += sum(counts)
    assert seen > 20


@pytest.mark.parametrize("players", [2, 4])
def test_places_to_build_on_follow_scratch_copies_with_and_without_the_count_before(
    players: int,
) -> None:
    # A one-ply search lays each tile into its lender's lists (a scratch copy) and judges it.
    # Each tile is tried twice: first with the count of the position before forgotten (the
    # copy counts from scratch and hands the count before back), then with it kept (the copy
    # counts the tile's triangles only). A tile on top is counted with the columns before it
    # put back for a moment: the lender must get back what it held.
    on_top = covered = moved = 0
    for seed in range(2):
        state = new_state(players, seed)
        rng = derive_rng(seed, "stack spots scratch")
        while not state.is_terminal:
            if not state.is_chance_node:
                seat = state.turn
                city = state.cities[seat]
                before = spots_from_scratch(city)
                columns = city.columns.copy()
                for action in state.legal_actions()[::13]:
                    for forgotten in (True, False):
                        if forgotten:
                            city.memo = {}  # a fresh memo: a value dropped, never a wrong one
                        child = state.scratch_copy()
                        try:
                            child.apply_unchecked(action)
                            laid = child.cities[seat]
                            counts = evaluation.stack_spots(child, seat)
                            assert counts == spots_from_scratch(laid)
                            assert laid.last is not None
                            olds = laid.last[2]
                        finally:
                            child.drop_scratch()
                        assert city.columns == columns
                        assert city.memo["stack_spots"] == before
                    on_top += bool(olds[0])
                    covered += any(column_kind(top) == QUARRY for top in olds)
                    moved += bool(olds[0]) and counts != before
                assert evaluation.stack_spots(state, seat) == before
            state.apply(state.random_action(rng))
    assert on_top > 50 and covered > 50 and moved > 20
