"""Scoring scenarios, one rule each, with the rules section they check (akropolis.md)."""

from __future__ import annotations

import random

import pytest
from akropolis_scenarios import make_city, only, ring, score

import stonework
from stonework.core import InvalidPosition
from stonework.core.registry import get_game
from stonework.core.state import CHANCE
from stonework.games.akropolis import AkropolisState
from stonework.games.akropolis.scoring import NO_VARIANTS, outside_empties, score_city
from stonework.games.akropolis.tiles import BARRACKS, GARDEN, HOUSE, MARKET, TEMPLE

# A plaza of each type, far from the districts under test (they only bring stars).
H, M, B, T, G = (10, 0), (10, 2), (10, 4), (10, 6), (10, 8)


def test_plaza_stars_and_value_times_stars() -> None:
    """§2.1 and §2.3: plaza stars are 1/2/2/2/3 by type; points = value x stars."""
    hexes = {H: "H1", M: "M1", B: "B1", T: "T1", G: "G2", (0, 0): "g3"}
    lines = score(hexes).lines
    assert [line.stars for line in lines] == [1, 2, 2, 2, 3]
    # A plaza's height does not matter; the garden at height 3 is worth 3.
    assert lines[GARDEN].value == 3 and lines[GARDEN].points == 9


def test_no_stars_or_no_value_scores_zero() -> None:
    """§2.3: a type with no stars scores 0, and so does one with stars but no districts."""
    lines = score({(0, 0): "g2", M: "M1"}).lines
    assert lines[GARDEN].value == 2 and lines[GARDEN].points == 0
    assert lines[MARKET].stars == 2 and lines[MARKET].points == 0


def test_only_the_top_hex_counts() -> None:
    """§2.2: covered hexes are ignored; a column scores by its top and its height."""
    hexes = {(0, 0): "h3", H: "H1"}
    assert score(hexes).lines[HOUSE].value == 3


def test_house_largest_group_by_hexes_not_value() -> None:
    """§2.4 House: the group with the most hexes scores, even if a smaller one is worth more.

    Group A: three houses at height 1 (value 3) in a line south of (0, 0).
    Group B: two houses at height 3 (value 6) at (4, 0) and (4, 1).
    """
    hexes = {(0, 0): "h1", (0, 1): "h1", (0, 2): "h1", (4, 0): "h3", (4, 1): "h3", H: "H1"}
    line = score(hexes).lines[HOUSE]
    assert (line.districts, line.value, line.points) == (3, 3, 3)


def test_house_groups_of_equal_size_take_the_higher_value() -> None:
    """§2.4 House: between groups of equal size the higher value counts (§10 item 4)."""
    hexes = {(0, 0): "h1", (0, 1): "h1", (4, 0): "h2", (4, 1): "h3", H: "H1"}
    assert score(hexes).lines[HOUSE].value == 5


def test_house_group_value_option_takes_the_group_worth_most() -> None:
    """§2.4, §10 item 4: house_group=value (alpha-zero-general) keeps the group worth most.

    The city of test_house_largest_group_by_hexes_not_value: three houses worth 3 and two worth 6.
    The default (size) scores 3; value scores 6, and the houses variant doubles neither (< 10).
    """
    hexes = {(0, 0): "h1", (0, 1): "h1", (0, 2): "h1", (4, 0): "h3", (4, 1): "h3", H: "H1"}
    line = score(hexes, by_value=True).lines[HOUSE]
    assert (line.districts, line.value, line.points) == (2, 6, 6)
    assert score(hexes, only("houses"), by_value=True).lines[HOUSE].value == 6


def test_house_group_value_option_crosses_the_variant_threshold() -> None:
    """§4 Houses variant: the reading decides which group is compared with 10.

    Four houses at height 1 (value 4) against three at heights 3, 3, 4 (value 10): size keeps
    the four (4, not doubled), value keeps the three (10, doubled to 20).
    """
    hexes = {
        **{(0, r): "h1" for r in range(4)},
        (4, 0): "h3",
        (4, 1): "h3",
        (4, 2): "h4",
        H: "H1",
    }
    assert score(hexes, only("houses")).lines[HOUSE].value == 4
    assert score(hexes, only("houses"), by_value=True).lines[HOUSE].value == 20


def test_house_groups_tied_in_size_and_value_score_the_same_either_way() -> None:
    """§2.4: two groups equal in size and value give one and the same line, whichever reading.

    Under size a tie in size goes to the higher value; under value a tie in value goes to the
    larger group; a tie in both leaves nothing to choose (same hexes counted, same value).
    """
    tied = {(0, 0): "h2", (0, 1): "h1", (4, 0): "h1", (4, 1): "h2", H: "H1"}
    for by_value in (False, True):
        line = score(tied, by_value=by_value).lines[HOUSE]
        assert (line.districts, line.value, line.points) == (2, 3, 3)
    # Equal value, different sizes: value takes the larger group (more districts on the sheet).
    hexes = {(0, 0): "h1", (0, 1): "h1", (0, 2): "h1", (4, 0): "h3", H: "H1"}
    line = score(hexes, by_value=True).lines[HOUSE]
    assert (line.districts, line.value) == (3, 3)


def test_house_group_option_through_the_game() -> None:
    """The option reaches the game's scores and its position string (§2.4)."""
    state = stonework.new_game("akropolis", players=2, seed=3, house_group="value")
    assert state.position().split(";")[2].endswith(",value")
    default = stonework.new_game("akropolis", players=2, seed=3)
    assert default.position().split(";")[2] == "any_empty,single_hex,std,hippodamos"
    again = stonework.from_position("akropolis", state.position())
    assert again.options["house_group"] == "value"
    assert again.position() == state.position()
    # Only "value" may follow the four flags (the default "size" is written by leaving it out).
    for bad in (",size", ",VALUE", ",value,value"):
        text = default.position().replace("hippodamos", "hippodamos" + bad)
        with pytest.raises(InvalidPosition):
            stonework.from_position("akropolis", text)


def test_house_adjacency_ignores_height() -> None:
    """§2.2: columns are adjacent whatever their heights (a level-1 and a level-3 house join)."""
    hexes = {(0, 0): "h1", (0, 1): "h3", (4, 0): "h2", H: "H1"}
    line = score(hexes).lines[HOUSE]
    assert (line.districts, line.value) == (2, 4)


def test_market_with_a_market_neighbour_does_not_score() -> None:
    """§2.4 Market: scores only with no market district next to it; plazas do not block."""
    hexes = {(0, 0): "m1", (0, 1): "m2", (4, 0): "m2", (4, 1): "M1"}
    line = score(hexes).lines[MARKET]
    assert (line.districts, line.value, line.points) == (1, 2, 4)


def test_barracks_needs_an_empty_neighbour() -> None:
    """§2.4 Barracks: scores only with at least one empty neighbouring position."""
    surrounded = {(0, 0): "b1", **{cell: "q1" for cell in ring(0, 0)}, B: "B1"}
    assert score(surrounded).lines[BARRACKS].districts == 0
    del surrounded[(0, 1)]
    assert score(surrounded).lines[BARRACKS].value == 1


def test_temple_needs_all_six_neighbours_built() -> None:
    """§2.4 Temple: scores only when all six neighbours are occupied, at any height."""
    hexes = {(0, 0): "t2", **{cell: "q1" for cell in ring(0, 0)}, T: "T1"}
    hexes[(0, -1)] = "q3"
    assert score(hexes).lines[TEMPLE].value == 2
    del hexes[(0, -1)]
    assert score(hexes).lines[TEMPLE].value == 0


def test_garden_always_scores() -> None:
    """§2.4 Garden: every garden scores its height."""
    hexes = {(0, 0): "g1", (5, 5): "g2", G: "G1"}
    assert score(hexes).lines[GARDEN].points == 9


# --- §4 variants --------------------------------------------------------------------------


def test_houses_variant_doubles_a_group_worth_ten() -> None:
    """§4 Houses: the scoring group's value is doubled when it is 10 or more."""
    nine = {(0, 0): "h3", (0, 1): "h3", (0, 2): "h3", H: "H1"}
    assert score(nine, only("houses")).lines[HOUSE].value == 9
    ten = {**nine, (0, 3): "h1"}
    assert score(ten, only("houses")).lines[HOUSE].value == 20
    assert score(ten).lines[HOUSE].value == 10


def test_markets_variant_doubles_next_to_a_market_plaza() -> None:
    """§4 Markets: a scoring market next to a market plaza counts double."""
    hexes = {(0, 0): "m2", (0, 1): "M1", (4, 0): "m1"}
    assert score(hexes, only("markets")).lines[MARKET].value == 5
    assert score(hexes).lines[MARKET].value == 3


def test_barracks_variant_doubles_with_three_empty_neighbours() -> None:
    """§4 Barracks: a scoring barracks with 3 or 4 empty neighbours counts double."""
    hexes = {(0, 0): "b1", (0, -1): "q1", (1, -1): "q1", (1, 0): "q1", B: "B1"}
    assert score(hexes, only("barracks")).lines[BARRACKS].value == 2  # 3 empty
    hexes[(0, 1)] = "q1"
    assert score(hexes, only("barracks")).lines[BARRACKS].value == 1  # 2 empty


def test_temples_variant_doubles_from_height_two() -> None:
    """§4 Temples: a scoring temple at height 2 or more counts double."""
    hexes = {(0, 0): "t2", **{cell: "q1" for cell in ring(0, 0)}, T: "T1"}
    assert score(hexes, only("temples")).lines[TEMPLE].value == 4
    hexes[(0, 0)] = "t1"
    assert score(hexes, only("temples")).lines[TEMPLE].value == 1


def test_gardens_variant_doubles_next_to_a_lake() -> None:
    """§4 Gardens: a garden next to a lake (an empty hex with six built neighbours) doubles."""
    hole = (0, 0)
    hexes = {cell: "q1" for cell in ring(*hole)}
    hexes[(0, 1)] = "g1"  # south of the hole
    hexes[(5, 5)] = "g1"
    hexes[G] = "G1"
    assert score(hexes, only("gardens")).lines[GARDEN].value == 3
    assert score(hexes).lines[GARDEN].value == 2


def test_variants_combine_independently() -> None:
    """§4: each variant can be on alone or together with others."""
    hexes = {(0, 0): "m2", (0, 1): "M1", (3, 0): "t2", **{c: "q1" for c in ring(3, 0)}, T: "T1"}
    both = (False, True, False, True, False)
    lines = score(hexes, both).lines
    assert lines[MARKET].value == 4 and lines[TEMPLE].value == 4


# --- §2.4 / §4 alternative readings ----------------------------------------------------------


def hole_city() -> dict[tuple[int, int], str]:
    """A one-hex hole at (0, 0); a barracks at (1, 0) whose only empty neighbour is the hole.

       q  q
    q  .  b  q        (. = the hole, b = the barracks; every other neighbour built)
       q  q  q
    """
    hexes = {cell: "q1" for cell in ring(0, 0)}
    hexes.update({cell: "q1" for cell in ring(1, 0) if cell != (0, 0)})
    hexes[(1, 0)] = "b1"
    hexes[(2, -1)] = "B1"
    return hexes


def test_barracks_edge_any_empty_counts_a_hole() -> None:
    """§2.4 (default barracks_edge=any_empty, ANU): an enclosed hole is an empty neighbour."""
    assert score(hole_city()).lines[BARRACKS].value == 1


def test_barracks_edge_outside_only_ignores_a_hole() -> None:
    """§2.4 (barracks_edge=outside_only, BGA): only empty ground open to the outside counts."""
    assert score(hole_city(), outside_only=True).lines[BARRACKS].value == 0
    opened = hole_city()
    del opened[(2, 0)]  # now the barracks also touches open ground
    assert score(opened, outside_only=True).lines[BARRACKS].value == 1


def test_barracks_variant_counts_only_outside_empties_when_outside_only() -> None:
    """§4 Barracks with outside_only: the 3-empty count skips enclosed holes."""
    hexes = hole_city()
    for cell in ((2, -1), (2, 0)):
        del hexes[cell]
    hexes[(3, -1)] = "B1"
    # Empty neighbours of the barracks: the hole, (2, -1) and (2, 0): 3 with any_empty.
    assert score(hexes, only("barracks")).lines[BARRACKS].value == 2
    assert score(hexes, only("barracks"), outside_only=True).lines[BARRACKS].value == 1


def two_hex_lake() -> dict[tuple[int, int], str]:
    """An enclosed two-hex hole at (0, 0) and (1, 0), a garden at (0, 1) beside it."""
    hexes = {cell: "q1" for cell in ring(0, 0) + ring(1, 0) if cell not in ((0, 0), (1, 0))}
    hexes[(0, 1)] = "g1"
    hexes[(2, 0)] = "G1"
    return hexes


def test_lake_single_hex_needs_one_surrounded_hex() -> None:
    """§4 (default lake=single_hex, ANU): a two-hex hole is not a lake."""
    assert score(two_hex_lake(), only("gardens")).lines[GARDEN].value == 1


def test_lake_enclosed_region_accepts_any_enclosed_area() -> None:
    """§4 (lake=enclosed_region, BGA): any enclosed empty area is a lake; open ground is not."""
    assert score(two_hex_lake(), only("gardens"), enclosed=True).lines[GARDEN].value == 2
    opened = two_hex_lake()
    del opened[(2, -1)]  # the hole now opens to the outside
    assert score(opened, only("gardens"), enclosed=True).lines[GARDEN].value == 1


def test_outside_empties_finds_the_outer_band_only() -> None:
    """§9: the empty band around the city is outside; a hole's band is not."""
    city = make_city({cell: "q1" for cell in ring(0, 0)})
    outside = outside_empties(city.columns, city.cells)
    from stonework.games.akropolis.hexgrid import CELL_AT

    assert CELL_AT[(0, 0)] not in outside
    assert CELL_AT[(0, -2)] in outside and len(outside) == 12


def test_score_sheet_in_scores() -> None:
    """§2.3: scores() gives each district line (districts, value, stars, points), stones, total."""
    state = stonework.new_game("akropolis", players=2, seed=5)
    sheet = state.scores()[1].breakdown
    assert sheet["house"] == {"districts": 0, "value": 0, "stars": 1, "points": 0}
    assert sheet["stones"] == 2 and sheet["total"] == 2
    assert NO_VARIANTS == (False,) * 5


def test_outside_empties_match_a_flood_fill_of_the_whole_window() -> None:
    """§2.4 / §4 (BGA readings): the band walk finds exactly the empty ground a flood fill
    from the window's rim reaches, on the cities of finished random games."""
    from stonework.core import derive_rng, play_random
    from stonework.games.akropolis import AkropolisState
    from stonework.games.akropolis.hexgrid import NEIGHBOURS, NUM_CELLS, ON_EDGE

    holes = 0
    for seed in range(12):
        state = stonework.new_game("akropolis", players=4, seed=seed)
        play_random(state, derive_rng(seed, "flood"))
        assert isinstance(state, AkropolisState)
        for city in state.cities:
            columns = city.columns
            reached = {c for c in range(NUM_CELLS) if ON_EDGE[c] and not columns[c]}
            stack = list(reached)
            while stack:
                cell = stack.pop()
                for n in NEIGHBOURS[cell]:
                    if not columns[n] and n not in reached:
                        reached.add(n)
                        stack.append(n)
            band = {n for c in city.cells for n in NEIGHBOURS[c] if not columns[n]}
            assert outside_empties(columns, city.cells) == band & reached
            holes += len(band - reached)
    assert holes > 0  # the games did make enclosed holes, so both kinds were checked


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"houses": True, "markets": True, "barracks": True, "temples": True},
        {"house_group": "value", "markets": True},
        {"gardens": True, "barracks_edge": "outside_only", "lake": "enclosed_region"},
    ],
)
def test_the_kept_score_equals_scoring_the_whole_city(options: dict[str, object]) -> None:
    """The score a city keeps from tile to tile (its tally) is the score of the whole city:
    positions scored after every tile, after every few tiles, and their one-ply children."""
    spec = get_game("akropolis")
    for seed in range(4):
        rng = random.Random(seed)
        state = spec.new_state(2 + seed % 3, spec.options.resolve("akropolis", dict(options)))
        step = 0
        while not state.is_terminal:
            step += 1
            if state.current_player != CHANCE and step % (1 + seed % 3) == 0:
                for world in [state] + [_child(state, rng) for _ in range(3)]:
                    for seat, city in enumerate(world.cities):
                        assert world.city_score(seat) == score_city(
                            city.columns,
                            city.cells,
                            world.variants,
                            world.barracks_outside_only,
                            world.lake_enclosed_region,
                            world.house_by_value,
                        )
            state.apply_unchecked(state.random_action(rng))


def _child(state: AkropolisState, rng: random.Random) -> AkropolisState:
    child = state.clone()
    child.apply_unchecked(child.random_action(rng))
    return child
