"""The Akropolis evaluation (``heuristic()``): an estimate of the final totals.

Scoring is rules §2.3 and §2.4 (value of qualifying districts x stars; temples need all six
neighbours built); the estimate must equal the real total once no tile is left to lay and must
see, before that, what §2.3's product does not show yet.
"""

from __future__ import annotations

import itertools

from akropolis_scenarios import make_city, ring

import stonework
from stonework.core import derive_rng, play_random
from stonework.games.akropolis import AkropolisState
from stonework.games.akropolis.evaluation import estimate, lead_values, tiles_left


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
