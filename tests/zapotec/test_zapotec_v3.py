"""Data set v3 (the default before v5): v2 retuned with the balance lab (§6, §8, §9 of
zapotec.md); v2 records replay identically, and a registered data set still builds on v2."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import assert_record_replays, new

from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import CORN, GOLD, PRIEST, WOOD, Effect, default_data
from stonework.games.zapotec.datasets import data_set_names, load_components, register_components
from stonework.games.zapotec.phases import ACTIONS
from stonework.games.zapotec.rules import pyramid_complete
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState

A = 0
DATA = Path(__file__).parent.parent / "data"


def goal(state: ZapotecState, card_id: int) -> Effect:
    return next(r.effect for r in state.comp.rituals if r.id == card_id)


def test_v3_names_itself_in_records() -> None:
    state = new(4, components="v3")
    assert state.options["components"] == "v3"
    assert state.record().options["components"] == "v3"
    assert {"v5", "v4", "v3", "v2", "v1"} <= set(data_set_names())


def test_track_worked_example() -> None:
    """§9 worked example (v3): from space 0 a sacrifice of 1 priest + 5 corn reaches space 5:
    1 corn + 1 gold (1), trade tiles 1 gold cheaper (2), 1 corn + 1 priest (3), 3 VP (4), 1 corn
    + 1 gold (5); a second sacrifice of the 3 corn and the priest it gave reaches space 8: free
    rituals (6), 1 corn + 1 priest (7), 5 VP (8)."""
    scenario = Scenario.new(4, components="v3").turn(A, "village", "brick")
    state = scenario.resources(A, corn=5, priest=1).state()
    assert state.phase == ACTIONS and state.current_player == A
    assert state.track[A] == 0 and state.points[A] == 0
    state.apply(Sacrifice(5))
    assert state.track[A] == 5
    assert state.points[A] == 3
    assert state.res[A][CORN] == 3 and state.res[A][PRIEST] == 1 and state.res[A][GOLD] == 2
    assert effects.trade_discount(state, A) == 1
    state.apply(Sacrifice(3))
    assert state.track[A] == 8
    assert state.points[A] == 3 + 5
    assert state.res[A][CORN] == 1 and state.res[A][PRIEST] == 1
    assert effects.ritual_priest_free(state, A)
    assert effects.track_space_points(state.comp, 10) == 3 + 5 + 6
    sheet = state.scores()[A].breakdown
    assert sheet["sacrifice"] == 8 + 9  # the VP spaces and first place on the track


def test_level_three_produce_tiles_pay_once_a_round() -> None:
    """§6 (v3): III:stone gives a village's produce, stone + gold, once per round; v2's
    III:stone was a permanent income bonus."""
    scenario = Scenario.new(4, components="v3").turn(A, "cornfield", "wood").resources(A)
    state = scenario.trade_tiles(A, "III:stone").state()
    kind = state.comp.trade_index["III:stone"]
    assert state.comp.trade_tiles[kind].timing == "round"
    assert state.tiles[A] == [kind] and state.used[A] == [False]
    uses = [str(a) for a in state.legal_actions() if str(a).startswith("use ")]
    assert len(uses) == 1
    state.apply_text(uses[0])
    assert state.res[A] == [0, 0, 1, 0, 1, 0]
    assert not any(str(a).startswith("use ") for a in state.legal_actions())  # once a round
    old = load_components("v2")
    assert old.trade_tiles[old.trade_index["III:stone"]].effect.kind == "income_bonus"


def test_v2_income_bonus_is_unchanged_under_v2() -> None:
    """§6 (v2): III:wood adds 1 wood to the income (2 with a row income of 1 wood)."""
    scenario = Scenario.new(4, components="v2").turn(A, "cornfield", "wood", income=False)
    plain = scenario.resources(A).state()
    plain.apply_text("income row")
    state = scenario.trade_tiles(A, "III:wood").state()
    state.apply_text("income row")
    assert plain.res[A][WOOD] == 1
    assert state.res[A][WOOD] == 2


def test_changed_ritual_goals_worked_examples() -> None:
    """§8 (v3) card 6: 3 pyramid pieces on the board, 12 VP; card 9: space 8, 12 VP."""
    scenario = Scenario.new(4, components="v3")
    state = scenario.state()
    six, nine = goal(state, 6), goal(state, 9)
    # Two of A's pieces on pyramid 1, which is not complete: what counts is pieces, not pyramids.
    state = scenario.pyramid(1, (A, "large"), (A, "medium")).state()
    assert not pyramid_complete(state, state.pyramids[0])
    assert effects.ritual_points(state, A, six) == 0
    state = scenario.pyramid(2, (A, "small")).state()  # three
    assert state.pieces[A] == [2, 1, 0]
    assert effects.ritual_points(state, A, six) == 12
    state = scenario.track(A, 7).state()
    assert effects.ritual_points(state, A, nine) == 0
    state = scenario.track(A, 8).state()
    assert effects.ritual_points(state, A, nine) == 12


@pytest.mark.parametrize("name", ["zapotec-v2-4p-seed.json", "zapotec-v2-2p-rules.json"])
def test_a_v2_record_replays_identically(name: str) -> None:
    """Records played with v2 (by main's engine, before v3) replay to the saved position."""
    assert_record_replays(DATA / name, "v2")


def test_a_registered_data_set_still_builds_on_v2_unless_it_names_v3() -> None:
    """Its name is its content, so a data set registered before v3 must mean the same."""
    plain = load_components(register_components({"trade_costs": [0, 1, 2]}))
    on_v3 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v3"}))
    assert plain.track_bonuses == load_components("v2").track_bonuses
    assert on_v3.track_bonuses == load_components("v3").track_bonuses
    assert default_data(version="v3")["version"] == "v3"
