"""The 2-player Aztec game: turns, the end, scoring, the pass rule, notation, positions, bad input,
observations and rendering (aztec.md §3.5-§3.6, §4.4-§4.5)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import aztec_reference as ref
import pytest
from aztec_helpers import cells, state_with

import stonework
from stonework.core import (
    TERMINAL,
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    Record,
    derive_rng,
    play_random,
    replay,
)
from stonework.games.aztec.actions import AUCTION_PASS, Bid, Placement, parse_action
from stonework.games.aztec.geometry import cell_index

START = (4, 4, 1)

# A finished-early position from a random game under the default rules: 21 pieces placed and
# no legal placement left for the 22nd (reference and engine agree, see the test).
STUCK = "071174710/117372010/075310571/011747711/117275757/747171471/171133111/111411757/113711410"


def random_game(seed: int, **options: object) -> stonework.State:
    return play_random(stonework.new_game("aztec", **options), derive_rng(seed, "aztec-game"))


def test_seats_alternate_from_the_starter() -> None:
    """aztec.md §3.5, §4.4, A7: N/S (seat 0) starts by default; starter=east_west: seat 1 does."""
    rng = derive_rng(1, "turns")
    for starter, first in (("north_south", 0), ("east_west", 1)):
        state = stonework.new_game("aztec", starter=starter)
        for ply in range(6):
            assert state.current_player == (first + ply) % 2
            state.apply(state.random_action(rng))


def test_game_ends_when_all_22_pieces_are_placed_11_each() -> None:
    """aztec.md §3.5: 22 pieces, 11 per player, the game ends when all are placed."""
    state = random_game(3)
    assert state.is_terminal and state.current_player == TERMINAL
    assert state.pieces_left == 0 and len(state.history) == 22
    assert [seat for seat, _ in state.history].count(0) == 11
    assert bin(state.occupied).count("1") == 1 + 6 * 22
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Placement(0, 0))


def test_scoring_with_and_without_corners() -> None:
    """aztec.md §3.6, §4.5, A9: 1 point per level-3 cube on a builder's two outer rows; corner
    cubes count for both (corners=both) or for neither (corners=none).

    Level-3 cubes at a1 (corner), b1, f1 (south), e9 (north), i9 (corner), a5 (west)::

        y=8  . . . . 3 . . . 3
        y=4  3 . . . S . . . .
        y=0  3 3 . . . 3 . . .
    """
    cubes = {(0, 0, 3), (1, 0, 3), (5, 0, 3), (4, 8, 3), (8, 8, 3), (0, 4, 3)}
    both = state_with({START} | cubes)
    none = state_with({START} | cubes, options="corners=none")
    assert [s.total for s in both.scores()] == [5, 3]
    assert both.scores()[0].breakdown == {"role": "N/S", "north": 2, "south": 3}
    assert both.scores()[1].breakdown == {"role": "E/W", "east": 1, "west": 2}
    assert [s.total for s in none.scores()] == [3, 1]
    # A level-2 cube on an edge, or a level-3 cube off the edges, scores nothing.
    other = state_with({START} | {(0, 0, 2), (1, 1, 3), (7, 7, 3), (8, 1, 2), (2, 2, 3), (3, 3, 1)})
    assert [s.total for s in other.scores()] == [0, 0]


def test_final_result_higher_score_wins_equal_draws() -> None:
    """aztec.md §3.6, §4.5, A10: the higher score wins; equal scores are a draw."""
    outcomes = set()
    for seed in range(40):
        state = random_game(seed)
        ns, ew = (s.total for s in state.scores())
        expected_ns = sum(1 for x, y, z in cells(state.occupied) if z == 3 and y in (0, 8))
        expected_ew = sum(1 for x, y, z in cells(state.occupied) if z == 3 and x in (0, 8))
        assert (ns, ew) == (expected_ns, expected_ew)
        if ns == ew:
            assert state.ranking() == [1, 1] and state.returns() == [0.0, 0.0]
            outcomes.add("draw")
        else:
            winner = 0 if ns > ew else 1
            assert state.ranking()[winner] == 1 and state.returns()[winner] == 1.0
            outcomes.add("win")
    assert outcomes == {"draw", "win"}


def test_no_legal_placement_ends_the_game_scored_as_it_stands() -> None:
    """aztec.md §3.5, §4.4, A8: a player who cannot place passes; since legality does not depend
    on the player, nobody can, so the game ends at once and is scored as it stands."""
    state = stonework.from_position("aztec", f"2 - {STUCK} - US-a4-1")
    assert ref.legal_placements(cells(state.occupied)) == set()
    assert state.pieces_left == 1 and state.is_terminal and state.legal_actions() == []
    assert [s.total for s in state.scores()] == [6, 3]
    assert state.ranking() == [1, 2]
    assert "no legal placement with 1 piece left" in state.describe_turn()


def test_no_move_lose_the_player_who_cannot_place_loses() -> None:
    """aztec.md §3.5, A8 alternative (no_move=lose): the stuck player loses whatever the score.

    With starter=east_west the 22nd piece falls to seat 0, who leads 6-3 but cannot place.
    """
    base = stonework.from_position("aztec", f"2 starter=east_west {STUCK} - -")
    assert base.is_terminal and base.mover == 0 and base.ranking() == [1, 2]
    losing = stonework.from_position("aztec", f"2 starter=east_west,no_move=lose {STUCK} - -")
    assert losing.is_terminal and losing.ranking() == [2, 1] and losing.returns() == [-1.0, 1.0]


def test_notation_round_trip_and_ids() -> None:
    """Action notation: ORIENTATION-CELL-LEVEL; ids orientation-major over the 243 cells."""
    state = stonework.new_game("aztec")
    assert state.num_distinct_actions() == 24 * 243
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
        assert state.action_from_id(state.action_id(action)) == action
    assert parse_action("NU-d4-1") == Placement(10, cell_index(3, 3, 1))
    assert parse_action("nu d4/1") == parse_action("NU@d4.1") == parse_action("NU-d4-1")
    assert str(Placement(0, cell_index(8, 8, 3))) == "EN-i9-3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not Aztec notation"),
        ("NU-d4", "not Aztec notation"),
        ("NU-j4-1", "not Aztec notation"),
        ("NU-d0-1", "not Aztec notation"),
        ("NU-d4-4", "not Aztec notation"),
        ("NS-d4-1", "not an orientation"),
        ("XX-d4-1", "not Aztec notation"),
        ("bid 12", "no auction"),
        ("pass", "no auction"),
    ],
)
def test_malformed_notation_is_invalid(text: str, message: str) -> None:
    """Bad input: malformed notation raises InvalidAction with a message saying what is wrong."""
    state = stonework.new_game("aztec")
    with pytest.raises(InvalidAction, match=message):
        state.parse_action(text)


def test_bad_actions_change_nothing() -> None:
    """Bad input: non-actions are InvalidAction, illegal ones IllegalAction; the state is unchanged."""
    state = stonework.new_game("aztec")
    state.apply_text("NU-d4-1")
    before = (state.position(), list(state.history))
    malformed = (Placement(24, 0), Placement(0, 243), Placement("NU", 3), Placement(0, True))
    for bad in (None, "NU-d4-1", 17, *malformed, Bid(3), AUCTION_PASS):
        with pytest.raises(InvalidAction):
            state.apply(bad)
    for illegal in ("NU-d4-1", "EN-a1-1", "EN-h5-1"):
        with pytest.raises(IllegalAction):
            state.apply_text(illegal)
    with pytest.raises(InvalidAction):
        state.action_from_id(24 * 243)
    assert (state.position(), list(state.history)) == before


def test_position_string_round_trip() -> None:
    """Position strings: five fields, options only when not default; a game rebuilds exactly."""
    state = random_game(8, corners="none", stability="cell_below")
    text = state.position()
    fields = text.split()
    assert fields[0] == "2" and fields[1] == "stability=cell_below,corners=none"
    again = stonework.from_position("aztec", text)
    assert again.position() == text and again.occupied == state.occupied
    assert again.last == state.last and again.options == state.options
    middle = stonework.new_game("aztec")
    rng = derive_rng(2, "middle")
    for _ in range(7):
        middle.apply(middle.random_action(rng))
    rebuilt = stonework.from_position("aztec", middle.position())
    assert rebuilt.current_player == middle.current_player == 1
    assert rebuilt.legal_actions() == middle.legal_actions()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2 - - -", "5 fields"),
        ("4 - 0/0 - -", "player count"),
        (f"2 colour=red {STUCK} - -", "no option 'colour'"),
        (f"2 corners {STUCK} - -", "key=value"),
        ("2 - 000000000/000000000 - -", "9 ranks"),
        ("2 - " + "/".join(["000000008"] * 9) + " - -", "not a digit"),
        ("2 - " + "/".join(["000000000"] * 9) + " - -", "start cube"),
        ("2 - " + "/".join(["000010001"] * 9) + " - -", "whole number of pieces"),
        (f"2 - {STUCK} 12,p -", "only the 3-player game"),
        (f"2 - {STUCK} - EN-i9-3", "not in the structure"),
        (f"2 - {STUCK} - EU-i9-3", "not in the structure"),
        (f"2 - {STUCK} - bid 3", "5 fields"),
    ],
)
def test_bad_position_strings(text: str, message: str) -> None:
    """Bad input: a malformed or impossible position raises InvalidPosition saying why."""
    with pytest.raises(InvalidPosition, match=message):
        stonework.from_position("aztec", text)


def test_record_replays_and_clone_is_independent() -> None:
    """Records replay exactly; a clone does not share mutable state with the original."""
    state = random_game(11)
    again = replay(Record.loads(json.dumps(state.record().to_json())))
    assert again.position() == state.position()
    start = stonework.new_game("aztec")
    copy = start.clone()
    copy.apply_text("NU-d4-1")
    assert start.placed == 0 and len(start.legal_actions()) == 8 and copy.placed == 1


def test_observation_is_plain_json_and_the_same_for_every_seat() -> None:
    """No hidden information: every seat and the spectator see the same board."""
    state = random_game(12)
    views = [state.observation(seat) for seat in (None, 0, 1)]
    for view in views:
        assert json.loads(json.dumps(view)) == view
        view.pop("you")
    assert views[0] == views[1] == views[2]
    assert views[0]["scores"] == [s.total for s in state.scores()]


def test_observation_tensor_layout() -> None:
    """docs/aztec.md: 11 planes of 9×9, channel-major, [y][x] with y=0 south."""
    state = stonework.new_game("aztec")
    state.apply_text("NU-d4-1")
    assert state.observation_shape() == (11, 9, 9)
    tensor = state.observation_tensor(1)
    assert len(tensor) == 11 * 81
    plane = [tensor[k * 81 : (k + 1) * 81] for k in range(11)]
    assert plane[0][4 * 9 + 4] == 1.0 and plane[0][3 * 9 + 3] == 1.0  # start cube, d4
    assert plane[2][3 * 9 + 3] == 1.0 and sum(plane[2]) == 1.0  # the upright arm reaches level 3
    own_ew = [i for i, v in enumerate(plane[3]) if v]
    assert all(i % 9 in (0, 8) for i in own_ew) and len(own_ew) == 18
    assert all(i // 9 in (0, 8) for i, v in enumerate(plane[4]) if v)
    assert sum(plane[5]) == 4  # the last piece covers four columns
    assert set(plane[6]) == {21 / 22} and set(plane[7]) == {1.0}
    assert set(state.observation_tensor(0)[7 * 81 : 8 * 81]) == {0.0}


def test_heuristic_in_range_and_exact_at_the_end() -> None:
    """heuristic(): per-seat values in [-1, 1], opposite for the two builders, returns at the end."""
    rng = derive_rng(4, "heuristic")
    state = stonework.new_game("aztec")
    while not state.is_terminal:
        values = state.heuristic()
        assert len(values) == 2 and all(-1 <= v <= 1 for v in values)
        assert values[0] == -values[1]
        state.apply(state.random_action(rng))
    assert state.heuristic() == state.returns()
    # Progress on your own edges raises your value: N/S leads 5-3 in level-3 edge cubes.
    cubes = {(0, 0, 3), (1, 0, 3), (5, 0, 3), (4, 8, 3), (8, 8, 3), (0, 4, 3)}
    leading = state_with({START} | cubes).heuristic()
    assert leading[0] > 0 > leading[1]


def test_text_rendering_shows_heights_scores_and_marks() -> None:
    """to_text: a height map with level-3 scoring cubes marked and the score."""
    cubes = {(0, 0, 3), (1, 0, 3), (5, 0, 3), (4, 8, 3), (8, 8, 3), (0, 4, 3)}
    text = state_with({START} | cubes).to_text()
    lines = text.splitlines()
    rank1 = next(line for line in lines if line.strip().startswith("1 "))
    assert rank1.split()[1:4] == ["3*", "3*", "."]
    assert "seat 0 N/S: 5 points (north 2, south 3)" in text
    assert "seat 1 E/W: 3 points (east 1, west 2)" in text


@pytest.mark.parametrize("corner", ["sw", "se", "ne", "nw"])
def test_svg_from_each_corner(corner: str) -> None:
    """to_svg: well-formed SVG from each corner, edges marked, scoring cubes and last piece."""
    state = random_game(6)
    svg = state.to_svg(corner=corner)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert f"seen from this ({corner.upper()}) corner" in svg
    assert svg.count('stroke-width="2.6"') == 3 * 6  # the last piece: three faces per cube
    assert "#2166ac" in svg and "#d6604d" in svg  # N/S and E/W colours


def test_svg_rejects_an_unknown_corner() -> None:
    with pytest.raises(ValueError, match="corner must be one of"):
        stonework.new_game("aztec").to_svg(corner="up")
