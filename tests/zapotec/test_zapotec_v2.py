"""Data set v2 (the default before v3): ritual goals (§8), the track's VP spaces (§9), the fixed
building tile pool per player count (§2.2), and v1 kept for old records."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import new

from stonework.core import Record
from stonework.core.errors import UnknownOption
from stonework.core.record import replay
from stonework.core.registry import from_position
from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import (
    BUILDINGS,
    CORN,
    GOLD,
    ICONS,
    PRIEST,
    Effect,
    compile_components,
    default_data,
)
from stonework.games.zapotec.datasets import load_components, register_components
from stonework.games.zapotec.phases import ACTIONS
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState

A, B = 0, 1
DATA = Path(__file__).parent.parent / "data"


def goal(state: ZapotecState, card_id: int) -> Effect:
    return next(r.effect for r in state.comp.rituals if r.id == card_id)


def test_v2_is_named_and_every_ritual_is_a_goal() -> None:
    """§8: rituals are goals: a condition and its points (v3, the default since, keeps that)."""
    state = new(4, components="v2")
    assert state.options["components"] == "v2"
    assert [r.effect.kind for r in state.comp.rituals] == ["goal"] * 10
    assert state.record().options["components"] == "v2"


def test_region_goal_worked_example() -> None:
    """§8 worked example (card 1): houses in Etla and Mitla only score 0; a house in Ocotlan
    meets the goal, 12 VP; a fourth region house adds nothing."""
    scenario = Scenario.new(4, components="v2")
    state = scenario.houses(A, "etla-plains.1", "mitla-hills.2").state()
    card = goal(state, 1)
    assert effects.goal_count(state, A, card) == 2
    assert effects.ritual_points(state, A, card) == 0
    state = scenario.houses(A, "ocotlan-forests.3").state()
    assert effects.ritual_points(state, A, card) == 12
    state = scenario.houses(A, "etla-hills.1").state()
    assert effects.ritual_points(state, A, card) == 12


def test_house_and_set_goals_count_a_palace_twice() -> None:
    """§8 cards 3 and 10: a temple palace alone is two temple houses; two full sets need two of
    each."""
    scenario = Scenario.new(4, components="v2")
    state = scenario.houses(A, palace="mitla-hills.3").state()  # a temple palace
    assert effects.goal_count(state, A, goal(state, 3)) == 2
    assert effects.ritual_points(state, A, goal(state, 3)) == 10
    state = scenario.houses(A, "etla-plains.3").state()
    assert effects.ritual_points(state, A, goal(state, 10)) == 0  # no cornfield, no village
    scenario.houses(A, "etla-plains.1", "etla-hills.1", "etla-plains.2", "etla-hills.2")
    state = scenario.state()
    assert effects.goal_count(state, A, goal(state, 10)) == 2
    assert effects.ritual_points(state, A, goal(state, 10)) == 13


def test_pyramid_tile_line_and_track_goals() -> None:
    """§8 cards 6-9: a complete pyramid, 3 trade tiles, a full grid line, track space 6."""
    scenario = Scenario.new(4, components="v2")
    state = scenario.pyramid(1, (A, "large"), (B, "medium")).state()
    assert effects.ritual_points(state, A, goal(state, 6)) == 0  # not complete yet
    state = scenario.pyramid(1, (B, "small")).state()
    assert effects.ritual_points(state, A, goal(state, 6)) == 12  # complete, A has a piece in it
    names = [t.name for t in state.comp.trade_tiles]
    state = scenario.trade_tiles(A, names[0], names[3]).state()
    assert effects.ritual_points(state, A, goal(state, 7)) == 0
    state = scenario.trade_tiles(A, names[7]).state()
    assert effects.ritual_points(state, A, goal(state, 7)) == 10
    for slot, name in ((1, "etla-plains.1"), (4, "etla-plains.2")):
        scenario.house(A, name, slot=slot)
    assert effects.ritual_points(scenario.state(), A, goal(state, 8)) == 0  # two of a line
    state = scenario.house(A, "etla-plains.3", slot=7).state()  # the wood column
    assert effects.ritual_points(state, A, goal(state, 8)) == 10
    state = scenario.track(A, 5).state()
    assert effects.ritual_points(state, A, goal(state, 9)) == 0
    state = scenario.track(A, 6).state()
    assert effects.ritual_points(state, A, goal(state, 9)) == 12


def test_other_goal_counts() -> None:
    """§8 goal counts a data set may use: all houses, pieces on the board, the palace."""
    scenario = Scenario.new(4, components="v2").houses(A, "etla-plains.1", palace="mitla-hills.3")
    state = scenario.state()
    assert effects.goal_count(state, A, Effect("goal", count="all_houses", at_least=1)) == 3
    assert effects.goal_count(state, A, Effect("goal", count="palace", at_least=1)) == 1
    state = scenario.pyramid(1, (A, "large"), (A, "medium")).state()  # two pieces built
    assert effects.goal_count(state, A, Effect("goal", count="pieces", at_least=1)) == 2


def test_goal_scored_only_with_a_disc_at_the_end() -> None:
    """§8, §10: a goal card pays its points to a disc owner who meets it, in the breakdown."""
    scenario = Scenario.new(4, components="v2").finish().ritual(1, A).track(A, 11)
    every_piece = ((A, "large"), (A, "medium"), (A, "small"))
    scenario.pyramid(1, *every_piece).pyramid(2, *every_piece[1:]).pyramid(3, (A, "small"))
    state = scenario.state()
    scenario.houses(A, *[s.name for s in state.comp.spaces if s.min_players <= 4][:9])
    state = scenario.trade_tiles(A, *[t.name for t in state.comp.trade_tiles[:3]]).state()
    assert state.is_terminal and state.pieces[A] == [0, 0, 0] and -1 not in state.grid[A]
    cards = [state.comp.rituals[k] for k in state.rituals]
    k = 0
    expected = effects.ritual_points(state, A, cards[k].effect)
    assert expected == cards[k].effect.vp  # every v2 goal is met by this seat
    assert state.scores()[A].breakdown["rituals"] == expected
    assert state.scores()[B].breakdown["rituals"] == 0


def test_track_worked_example() -> None:
    """§9 worked example: from space 3, a sacrifice of 5 corn reaches 8: 1 priest (space 4),
    3 VP (5), free rituals (6), 1 corn and 1 gold (7), 4 VP (8); the VP count with the track on
    the score sheet."""
    scenario = (
        Scenario.new(4, components="v2").turn(A, "village", "brick").resources(A, corn=5, priest=1)
    )
    state = scenario.track(A, 3).points(A, 2).state()  # space 2's VP, taken on the way to 3
    assert state.phase == ACTIONS and state.current_player == A
    state.apply(Sacrifice(5))
    assert state.track[A] == 8
    assert state.points[A] == 2 + 3 + 4
    assert state.res[A][PRIEST] == 1 and state.res[A][GOLD] == 1 and state.res[A][CORN] == 1
    assert effects.ritual_priest_free(state, A)
    assert effects.track_space_points(state.comp, 8) == 9
    sheet = state.scores()[A].breakdown
    assert sheet["rounds"] == 0 and sheet["sacrifice"] == 9 + 9


def test_last_space_gives_a_free_ritual() -> None:
    """§9: the last space places a ritual disc at once, free."""
    c = load_components("v2")
    last = c.track_bonuses[c.track_length]
    assert last is not None and last.kind == "free_ritual"
    assert sum(1 for e in c.track_bonuses if e is not None and e.kind == "points") >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rules_tiles_are_a_fixed_pool_per_player_count(players: int) -> None:
    """§2.2: with building_tiles=rules, the marked tiles stay out: each type has exactly one tile
    per space in play, three of each basic plus one per mark in play; all of them get placed."""
    state = new(players, building_tiles="rules")
    c = state.comp
    per_basic = 3 + (players >= 3) + (players >= 4)
    for t in c.building_tiles:
        assert t.count_for(players) == per_basic
    for building in range(3):
        spaces = [s for s in c.spaces if s.building == building and s.min_players <= players]
        tiles = [state.space_tile[s.index] for s in spaces]
        assert all(tile >= 0 for tile in tiles), BUILDINGS[building]
        assert sorted(tiles) == sorted(
            t.index for t in c.building_tiles if t.building == building for _ in range(per_basic)
        )
    assert not any(state.tiles_left)


def test_bad_tile_pool_and_goal_are_refused() -> None:
    """A data set's pool must not shrink with more players; a goal names a known count."""
    data = default_data("rules")
    data["building_tiles"][0][2] = {"2": 3, "3": 2, "4": 5}
    with pytest.raises(UnknownOption, match="more tiles in play"):
        compile_components(data)
    data = default_data()
    data["rituals"][0]["effect"] = {"kind": "goal", "count": "stars", "at_least": 1, "vp": 3}
    with pytest.raises(UnknownOption, match="a goal counts one of"):
        compile_components(data)


@pytest.mark.parametrize("name", ["zapotec-v1-3p-seed.json", "zapotec-v1-2p-rules.json"])
def test_a_v1_record_replays_identically(name: str) -> None:
    """Records made with v1 before v2 existed replay to the exact saved position and scores."""
    record = Record.load(DATA / name)
    assert record.options["components"] == "v1"
    state = replay(record)  # checks the final position too
    assert state.is_terminal
    assert state.position() == record.final_position
    assert state.comp is load_components("v1", str(record.options["building_tiles"]))


def test_a_registered_data_set_builds_on_v2_or_v1() -> None:
    """A registered data set replaces tables of v2, or of v1 when it says version v1."""
    on_v2 = load_components(register_components({"trade_costs": [0, 1, 2]}))
    on_v1 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v1"}))
    assert on_v2.rituals[0].effect.kind == "goal"
    assert on_v1.rituals[0].effect.kind == "per_group"
    assert ICONS[on_v2.rituals[2].effect.icon] == "temple"


def test_a_game_under_pyramid_piece_any_reads_back_from_its_position() -> None:
    """Option pyramid_piece=any is written in the position string and read back."""
    state = new(3, pyramid_piece="any")
    copy = from_position("zapotec", state.position())
    assert copy.options["pyramid_piece"] == "any"
    assert copy.position() == state.position()
