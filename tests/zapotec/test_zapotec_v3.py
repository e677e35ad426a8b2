"""Data set v3 (the default): v2 retuned with the balance lab (§6, §8, §9 of zapotec.md); v2
records replay identically, and a registered data set still builds on v2."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import card_with, give_turn, new

from stonework.core import Record
from stonework.core.record import replay
from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import (
    CORN,
    GOLD,
    PRIEST,
    SMALL,
    default_data,
    piece,
)
from stonework.games.zapotec.datasets import data_set_names, load_components, register_components
from stonework.games.zapotec.phases import ACTIONS, INCOME

A = 0
DATA = Path(__file__).parent.parent / "data"


def _tile(name: str, comp_name: str = "v3") -> int:
    c = load_components(comp_name)
    return next(t.index for t in c.trade_tiles if t.name == name)


def _card(state: object, ritual_id: int) -> int:
    c = load_components("v3")
    return next(k for k, r in enumerate(c.rituals) if r.id == ritual_id)


def test_v3_is_the_default_and_names_itself_in_records() -> None:
    state = new(4)
    assert state.options["components"] == "v3"
    assert state.record().options["components"] == "v3"
    assert data_set_names()[:3] == ["v3", "v2", "v1"]


def test_track_worked_example() -> None:
    """§9 worked example (v3): from space 0 a sacrifice of 1 priest + 5 corn reaches space 5:
    1 corn + 1 gold (1), trade tiles 1 gold cheaper (2), 1 corn + 1 priest (3), 3 VP (4), 1 corn
    + 1 gold (5); a second sacrifice of the 3 corn and the priest it gave reaches space 8: free
    rituals (6), 1 corn + 1 priest (7), 5 VP (8)."""
    state = new(4)
    state.res[A] = [0, 0, 0, 5, 0, 1]
    state.phase, state.active = ACTIONS, A
    state.turn_order = [A, 1, 2, 3]
    state.turn_index = 0
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
    state = new(4)
    give_turn(state, A, card_with(state, "cornfield", "wood"), phase=ACTIONS)
    kind = _tile("III:stone")
    assert state.comp.trade_tiles[kind].timing == "round"
    state.tiles[A] = [kind]
    state.used[A] = [False]
    uses = [str(a) for a in state.legal_actions() if str(a).startswith("use ")]
    assert len(uses) == 1
    state.apply_text(uses[0])
    assert state.res[A] == [0, 0, 1, 0, 1, 0]
    assert not any(str(a).startswith("use ") for a in state.legal_actions())  # once a round
    old = load_components("v2")
    assert old.trade_tiles[_tile("III:stone", "v2")].effect.kind == "income_bonus"


def test_v2_income_bonus_is_unchanged_under_v2() -> None:
    state = new(4, components="v2")
    give_turn(state, A, card_with(state, "cornfield", "wood"), phase=INCOME)
    state.tiles[A] = [_tile("III:wood", "v2")]
    state.used[A] = [False]
    state.apply_text("income row")
    assert state.res[A][0] == 2


def test_changed_ritual_goals_worked_examples() -> None:
    """§8 (v3) card 6: 3 pyramid pieces on the board, 12 VP; card 9: space 8, 12 VP."""
    state = new(4)
    rituals = load_components("v3").rituals
    six, nine = rituals[_card(state, 6)].effect, rituals[_card(state, 9)].effect
    state.pyramids[0] = [piece(A, SMALL)]
    state.pieces[A] = [1, 2, 1]  # two pieces on the board
    assert effects.ritual_points(state, A, six) == 0
    state.pieces[A] = [0, 2, 1]  # three
    assert effects.ritual_points(state, A, six) == 12
    state.track[A] = 7
    assert effects.ritual_points(state, A, nine) == 0
    state.track[A] = 8
    assert effects.ritual_points(state, A, nine) == 12


@pytest.mark.parametrize("name", ["zapotec-v2-4p-seed.json", "zapotec-v2-2p-rules.json"])
def test_a_v2_record_replays_identically(name: str) -> None:
    """Records played with v2 (by main's engine, before v3) replay to the saved position."""
    record = Record.load(DATA / name)
    assert record.options["components"] == "v2"
    state = replay(record)  # checks the final position too
    assert state.is_terminal
    assert state.position() == record.final_position
    assert state.comp is load_components("v2", str(record.options["building_tiles"]))


def test_a_registered_data_set_still_builds_on_v2_unless_it_names_v3() -> None:
    """Its name is its content, so a data set registered before v3 must mean the same."""
    plain = load_components(register_components({"trade_costs": [0, 1, 2]}))
    on_v3 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v3"}))
    assert plain.track_bonuses == load_components("v2").track_bonuses
    assert on_v3.track_bonuses == load_components("v3").track_bonuses
    assert default_data(version="v3")["version"] == "v3"
