"""Setup, placement and turn rules, one test per rule, citing akropolis.md."""

from __future__ import annotations

from collections import Counter

import pytest
from akropolis_scenarios import with_stones

import stonework
from stonework.core import CHANCE, TERMINAL, IllegalAction, derive_rng, play_random
from stonework.games.akropolis import AkropolisState, Place, Reveal, new_state
from stonework.games.akropolis.city import City, column_kind, legal_triangles_from_scratch
from stonework.games.akropolis.hexgrid import CELL_AT, COORDS, PLACEMENT_CELLS, STEP
from stonework.games.akropolis.tiles import (
    KIND_LETTER,
    TILE_CODES,
    TILE_KINDS,
    TILE_MIN_PLAYERS,
    tiles_in_play,
)


def started(players: int = 2, site: tuple[int, ...] = (), **options: object) -> AkropolisState:
    """A new game whose first site is revealed as given (or tiles 1.. in order)."""
    state = new_state(players, options)  # type: ignore[arg-type]
    tiles = site or tuple(state.unseen[: state.site_size])
    for tile in tiles:
        state.apply(Reveal(tile))
    return state


# --- §1 components and setup --------------------------------------------------------------


def test_tile_table_counts_by_back() -> None:
    """§1.2: 61 tiles, 37 / 12 / 12 by the 2+ / 3+ / 4 backs."""
    counts = Counter(TILE_MIN_PLAYERS.values())
    assert counts == {2: 37, 3: 12, 4: 12}


def test_tile_table_hex_totals() -> None:
    """§2.1: the 183 hexes by kind (q61 h36 m20 b16 t12 g8 H7 M6 B6 T6 G5) and the 2+ set."""
    everything = Counter(letter for code in TILE_CODES.values() for letter in code)
    assert everything == Counter(q=61, h=36, m=20, b=16, t=12, g=8, H=7, M=6, B=6, T=6, G=5)
    two = Counter(letter for t in tiles_in_play(2, False) for letter in TILE_CODES[t])
    assert two == Counter(q=37, h=18, m=12, b=10, t=8, g=6, H=5, M=4, B=4, T=4, G=3)


def test_tile_handedness_from_the_table() -> None:
    """§6.1: tile 01 is House, Barracks, Temple clockwise from its origin."""
    assert TILE_CODES[1] == "hbt" and TILE_CODES[61] == "qhm"
    assert [KIND_LETTER[k] for k in TILE_KINDS[17]] == list("Mhg")


@pytest.mark.parametrize(
    ("players", "tiles", "stacks", "site"), [(2, 37, 11, 4), (3, 49, 11, 5), (4, 61, 11, 6)]
)
def test_tiles_stacks_and_site_by_player_count(
    players: int, tiles: int, stacks: int, site: int
) -> None:
    """§1.2: tiles in play, 11 stacks of players + 1, a site of players + 2."""
    state = new_state(players)
    assert len(state.unseen) == tiles
    assert state.stacks_left == stacks and state.stack_size == players + 1
    assert state.current_player == CHANCE and state.pending == site


@pytest.mark.parametrize(("players", "stacks"), [(2, 19), (3, 14), (4, 11)])
def test_long_game_uses_all_tiles(players: int, stacks: int) -> None:
    """§1.2 long game: all 61 tiles; 19 stacks at 2 players, 14 (not the printed 15) at 3."""
    state = new_state(players, {"long_game": True})
    assert len(state.unseen) == 61 and state.stacks_left == stacks


def test_starting_tile_and_stones() -> None:
    """§1.3: a house plaza with quarries N, SE and SW; stones 1, 2, 3, 4 by seat."""
    state = started(4)
    assert state.stones == [1, 2, 3, 4]
    city = state.cities[0]
    kinds = {COORDS[c]: KIND_LETTER[column_kind(city.columns[c])] for c in city.cells}
    assert kinds == {(0, 0): "H", (0, -1): "q", (1, 0): "q", (-1, 1): "q"}
    assert all(city.height_at(c) == 1 for c in city.cells)


def test_reveals_come_from_the_tiles_in_play() -> None:
    """§1.3 / DESIGN: the site is revealed one tile at a time, only from unseen tiles in play."""
    state = new_state(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 37 and {a.tile for a, _ in outcomes} == set(range(1, 38))  # type: ignore[attr-defined]
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    state.apply(Reveal(5))
    assert Reveal(5) not in state.legal_actions() and len(state.legal_actions()) == 36
    with pytest.raises(IllegalAction):
        state.apply(Reveal(40))  # a 3+ tile is not used at 2 players


# --- §3.1 taking a tile -------------------------------------------------------------------


def test_position_k_costs_k_minus_one_stones() -> None:
    """§3.1: the tile in position k costs k - 1 stones, paid to the reserve."""
    state = with_stones(started(2, (1, 2, 3, 4)), 3)
    state.apply(Place(4, 0, -2, 0))
    assert state.stones[0] == 0
    assert state.cities[0].placements[0][0] == 4


def test_cannot_take_a_tile_you_cannot_afford() -> None:
    """§3.1: with one stone only positions 1 and 2 are offered; position 3 is illegal."""
    state = started(2, (1, 2, 3, 4))
    positions = {a.position for a in state.legal_actions()}  # type: ignore[attr-defined]
    assert positions == {1, 2}
    with pytest.raises(IllegalAction, match="costs 2 stones"):
        state.apply(Place(3, 0, -2, 0))


def test_no_stones_forces_the_first_tile() -> None:
    """§3.1: a player with no stones must take position 1."""
    state = with_stones(started(2, (1, 2, 3, 4)), 0)
    assert {a.position for a in state.legal_actions()} == {1}  # type: ignore[attr-defined]


def test_remaining_tiles_close_the_gap() -> None:
    """§3.1: the tiles after the one taken move up, keeping their order (each 1 cheaper)."""
    state = started(2, (11, 12, 13, 14))
    state.apply(Place(2, 0, -2, 0))
    assert state.site == [11, 13, 14]


# --- §3.1 placing it ------------------------------------------------------------------------


def test_rotation_puts_hexes_clockwise() -> None:
    """§3.1 / §6.1: at rotation r the second hex is in direction r and the third in r + 1."""
    for rotation in range(6):
        cell = CELL_AT[(0, -3)]
        cells = PLACEMENT_CELLS[cell * 6 + rotation]
        assert cells == (cell, STEP[cell][rotation], STEP[cell][(rotation + 1) % 6])


def test_tiles_are_not_flipped() -> None:
    """§3.1: laid tile 18 (H, m, b clockwise) shows H, then m north, then b north-east."""
    city = City.new()
    cell = CELL_AT[(0, -3)]
    city.lay(18, cell * 6 + 0)
    kinds = [
        KIND_LETTER[column_kind(city.columns[c])] for c in (cell, STEP[cell][0], STEP[cell][1])
    ]
    assert kinds == ["H", "m", "b"]


def test_ground_tile_must_touch_the_city() -> None:
    """§3.1 ground level: all three hexes empty and at least one next to the city."""
    state = started(2, (1, 2, 3, 4))
    with pytest.raises(IllegalAction, match="cannot go there"):
        state.apply(Place(1, 0, -4, 0))  # (0,-4), (0,-5), (1,-5): nowhere near
    state.apply(Place(1, 0, -2, 0))  # (0,-2) touches the quarry at (0,-1)
    assert state.cities[0].height_at(CELL_AT[(0, -2)]) == 1


def test_no_triangle_fits_on_the_starting_tile_alone() -> None:
    """§3.1: the starting tile counts as one tile, and its shape holds no triangle."""
    city = City.new()
    upper = [t for t in city.legal if all(city.columns[c] for c in _cells(t))]
    assert upper == []


def _cells(triangle: int) -> tuple[int, int, int]:
    from stonework.games.akropolis.hexgrid import TRIANGLE_CELLS

    return TRIANGLE_CELLS[triangle]


def test_higher_level_needs_two_tiles_and_one_height() -> None:
    """§3.1 higher level: three built hexes at one height from at least two tiles; goes on top.

    Tile 7 (g q q) is laid on (1,-1) NE of the centre, turned so it covers (1,-1), (1,-2),
    (2,-2)... then a tile on (0,-1) q, (1,-2), (1,-1) covers two tiles at height 1.
    """
    city = City.new()
    a = CELL_AT[(1, -1)]
    city.lay(7, a * 6 + 0)  # (1,-1), (1,-2), (2,-2)
    assert not city.is_legal(a * 6 + 0)  # exactly on one tile: forbidden
    # (0,-1) start quarry, (1,-2) and (1,-1) of tile 7: anchor (0,-1), NE then SE.
    b = CELL_AT[(0, -1)]
    assert city.is_legal(b * 6 + 1)
    stones = city.lay(2, b * 6 + 1)
    assert city.height_at(b) == 2
    assert stones == 2  # the start quarry at (0,-1) and tile 7's quarry at (1,-2)
    # A tile over hexes of heights 2, 1 and 1 would leave a gap: not offered.
    c = CELL_AT[(1, -1)]
    heights = {city.height_at(x) for x in PLACEMENT_CELLS[c * 6 + 0] or ()}
    assert heights == {1, 2} and not city.is_legal(c * 6 + 0)


def test_covering_quarries_gains_stones() -> None:
    """§3.1: one stone per quarry covered; other covered hexes give nothing."""
    state = started(2, (7, 2, 3, 4))
    state.apply(Place(1, 1, -1, 0))  # tile 7 (g q q) on the ground: (1,-1) g, (1,-2) q, (2,-2) q
    assert state.stones[0] == 1  # nothing covered
    state.apply(Place(1, 0, -2, 0))  # seat 1 lays tile 2 in its own city
    state.apply(Place(1, 0, -1, 1))  # tile 3 over (0,-1) q, (1,-2) q, (1,-1) g
    assert state.stones[0] == 3
    assert state.cities[0].height_at(CELL_AT[(1, -1)]) == 2


def test_incremental_placements_match_a_full_recount() -> None:
    """§3.1: the legal placements kept incrementally equal a recount from nothing, every turn."""
    for seed in range(6):
        rng = derive_rng(seed, "incremental")
        state = stonework.new_game("akropolis", players=2 + seed % 3, seed=seed)
        while not state.is_terminal:
            assert isinstance(state, AkropolisState)
            for city in state.cities:
                assert city.legal == legal_triangles_from_scratch(city.columns, city.cells)
            state.apply(state.random_action(rng))


def test_placements_do_not_depend_on_the_tile() -> None:
    """§3.1: every affordable site position offers the same placements."""
    state = started(2, (1, 2, 3, 4))
    by_position: dict[int, set[tuple[int, int, int]]] = {}
    for action in state.legal_actions():
        assert isinstance(action, Place)
        by_position.setdefault(action.position, set()).add((action.q, action.r, action.rotation))
    assert len(by_position) == 2 and by_position[1] == by_position[2]


# --- §3.2 refill, chief architect, end ----------------------------------------------------


def test_refill_when_one_tile_is_left() -> None:
    """§3.2: with one tile left the next stack (players + 1) is revealed after it, and the
    Chief Architect marker passes to the next player."""
    state = started(2, (1, 2, 3, 4))
    rng = derive_rng(1, "refill")
    for _ in range(3):
        state.apply(state.random_action(rng))
    assert len(state.site) == 1 and state.current_player == CHANCE
    left = state.site[0]
    assert state.pending == 3 and state.stacks_left == 10 and state.chief == 1
    for tile in (5, 6, 7):
        state.apply(Reveal(tile))
    assert state.site == [left, 5, 6, 7] and state.current_player == 1


@pytest.mark.parametrize(
    ("players", "long_game", "turns"),
    [(2, False, 36), (3, False, 48), (4, False, 60), (2, True, 60), (3, True, 60)],
)
def test_game_length(players: int, long_game: bool, turns: int) -> None:
    """§3.2: the game ends when one tile is left and no stack remains: 36 / 48 / 60 turns;
    the long game plays 60 turns (61 tiles, the last never used)."""
    state = stonework.new_game("akropolis", players=players, seed=3, long_game=long_game)
    play_random(state, derive_rng(3, "length"))
    assert isinstance(state, AkropolisState)
    decisions = sum(1 for seat, _ in state.history if seat != CHANCE)
    assert decisions == turns and state.tiles_placed() == turns
    assert len(state.site) == 1 and state.current_player == TERMINAL
    assert state.legal_actions() == []


def test_turns_go_clockwise_and_the_marker_moves_each_round() -> None:
    """§3.2: turn order continues clockwise; rounds have players + 1 turns."""
    state = stonework.new_game("akropolis", players=3, seed=8)
    rng = derive_rng(8, "order")
    seats = []
    chiefs = []
    while len(seats) < 12:
        if state.current_player == CHANCE:
            state.apply(state.random_action(rng))
            continue
        seats.append(state.current_player)
        chiefs.append(state.chief)  # type: ignore[attr-defined]
        state.apply(state.random_action(rng))
    assert seats == [0, 1, 2] * 4
    assert chiefs == [0] * 4 + [1] * 4 + [2] * 4


# --- §2.3 ranking ---------------------------------------------------------------------------


def test_ranking_breaks_ties_on_stones_and_shares_full_ties() -> None:
    """§2.3: most points wins; tied totals go to the most stones; full ties share."""
    state = stonework.new_game("akropolis", players=3, seed=2)
    assert isinstance(state, AkropolisState)
    from stonework.core import Score

    state.scores = lambda: [Score(20), Score(20), Score(20)]  # type: ignore[method-assign]
    state.stones = [3, 1, 3]
    assert state.ranking() == [1, 3, 1]
