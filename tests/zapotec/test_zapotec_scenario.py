"""The scenario builder the other Zapotec tests set positions up with: each edit moves pieces the
way play would (§2.2 tiles, §4.3 cards, §6 trade tiles, §7 pieces, §8 discs, §9 the track), and a
scenario no game could reach is refused."""

from __future__ import annotations

import pytest
from zapotec_helpers import new

from stonework.core import InvalidPosition
from stonework.games.zapotec import position
from stonework.games.zapotec.components import LARGE, MEDIUM, piece
from stonework.games.zapotec.phases import ACTIONS, COMMIT, INCOME
from stonework.games.zapotec.scenario import Scenario


def test_a_new_scenario_is_the_seeded_game_and_leaves_its_source_alone() -> None:
    state = new(3, seed=4)
    assert Scenario.new(3, seed=4).position() == state.position()
    before = state.position()
    Scenario(state).resources(0, gold=9).houses(1, "etla-plains.1")
    assert state.position() == before
    assert Scenario.read(before).state().position() == before


def test_turn_reaches_the_seat_by_play_and_swaps_the_card_in() -> None:
    """§4.3, §5.1: the card is dealt to the seat, every seat commits, earlier seats play on."""
    scenario = Scenario.new(4)
    card = scenario.card("hills", "stone")
    assert card not in scenario.state().hands[0]
    state = scenario.turn(0, "hills", "stone", income=False).state()
    assert state.played[0] == card and state.current_player == 0 and state.phase == INCOME
    assert state.turn_order.index(0) == state.turn_index > 0  # the lower cards went first
    assert state.history == []  # read back from its position string
    state = Scenario.new(4).turn(2, "village", "brick").state()
    assert state.current_player == 2 and state.phase == ACTIONS
    with pytest.raises(ValueError, match="first commit"):
        Scenario(state).turn(1, "hills", "stone")


def test_scoring_card_and_known_cards_keep_every_card_in_one_place() -> None:
    scenario = Scenario.new(4).scoring_card("hills", "brick")
    state = scenario.state()
    assert state.scoring_card == scenario.card("hills", "brick")
    state = scenario.known(1, state.hands[1][0]).state()
    assert state.known[1] == 1 << state.hands[1][0]
    with pytest.raises(ValueError, match="not in seat 2's hand"):
        scenario.known(2, state.hands[1][0])
    with pytest.raises(ValueError, match="before the first commit"):
        Scenario.new(4).play(f"play {state.hands[0][0]}").scoring_card("hills", "brick")


def test_houses_take_the_space_tiles_into_the_grid() -> None:
    """§5.2c: a house's building tile goes into the grid; the palace's back to the box."""
    before = new(4)
    spot = before.comp.space_index["etla-plains.2"]
    scenario = Scenario.new(4).houses(0, "etla-plains.1").house(0, "etla-plains.2", slot=5)
    state = scenario.houses(0, palace="mitla-hills.3").state()
    assert state.grid[0][4] == before.space_tile[spot] and state.space_tile[spot] == -1
    assert state.grid[0][0] >= 0 and state.houses[0] == 7
    assert state.palace[0] == state.comp.space_index["mitla-hills.3"]
    assert state.icon_houses[0][2] == 2  # the temple palace counts two houses (§5.2d)
    with pytest.raises(ValueError, match="not free"):
        scenario.houses(1, "etla-plains.1")
    with pytest.raises(ValueError, match="palace already"):
        scenario.houses(0, palace="mitla-hills.1")


def test_pyramids_rituals_track_and_trade_tiles_come_from_the_supplies() -> None:
    """§6, §7, §8, §9: what a scenario puts out leaves a stack or a player's supply."""
    scenario = Scenario.new(4).pyramid(1, (1, "large"), (0, "medium"), tile="temple")
    state = scenario.ritual(2, 0, 3).track(3, 4).track(1, 4).trade_tiles(2, "II:swap").state()
    assert state.pyramids[0] == [piece(1, LARGE), piece(0, MEDIUM)]
    assert state.pyramid_tile[0] == 2 and 2 not in state.scoring_tiles
    assert state.pieces[1] == [3, 2, 0] and state.pieces[0] == [3, 1, 1]
    assert state.ritual_discs[1] == 0b1001 and state.discs[0] == state.discs[3] == 2
    assert state.track_stamp[1] > state.track_stamp[3]  # seat 1 arrived last: on top (§9)
    assert state.tiles[2] == [state.comp.trade_index["II:swap"]] and state.used[2] == [False]
    with pytest.raises(ValueError, match="no large piece left"):
        scenario.pyramid(2, (1, "large"))


def test_an_unreachable_scenario_is_refused() -> None:
    """The position checks apply: a pyramid that widens, a piece out of order."""
    scenario = Scenario.new(4).pyramid(1, (0, "medium"), (0, "large"))
    with pytest.raises(InvalidPosition, match="narrows"):
        scenario.state()
    with pytest.raises(InvalidPosition, match="started in order"):
        Scenario.new(4).pyramid(2, (0, "large")).state()
    with pytest.raises(KeyError, match="no resource"):
        Scenario.new(4).resources(0, silver=1)


def test_trade_row_swaps_a_shown_tile_with_its_stack() -> None:
    scenario = Scenario.new(4).trade_row(2, 1, "II:swap")
    state = scenario.state()
    assert state.trade_rows[1][0] == state.comp.trade_index["II:swap"]
    taken = scenario.empty_stacks(1, seat=3).state()
    assert not any(taken.trade_stack[t.index] for t in taken.comp.trade_tiles if t.level == 1)
    assert len(taken.tiles[3]) > 0


def test_end_round_and_finish_play_on_without_building() -> None:
    """§4.3, §10: the rounds are played out with passing decisions only."""
    scenario = Scenario.new(3).end_round()
    state = scenario.state()
    assert state.round == 2 and state.phase == COMMIT and state.points == [0, 0, 0]
    state = scenario.finish().state()
    assert state.is_terminal and all(owner < 0 for owner in state.space_owner)
    assert position.read(position.write(state)).position() == state.position()
