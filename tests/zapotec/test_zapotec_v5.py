"""Data set v5 (the default before v7): v4 with 2 corn on track spaces 1 and 3 and III:mason a
house's wood and stone once a round (§6, §9 of zapotec.md); v4 records replay identically."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import assert_record_replays, legal_texts

from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import default_data
from stonework.games.zapotec.datasets import data_set_names, load_components, register_components
from stonework.games.zapotec.scenario import Scenario

A = 0
DATA = Path(__file__).parent.parent / "data"


def _v5_turn(**amounts: int) -> Scenario:
    """Round 1 of a 4-player v5 game, seat A on turn with exactly ``amounts``."""
    return Scenario.new(4, components="v5").turn(A, "village", "brick").resources(A, **amounts)


def test_track_worked_example() -> None:
    """§9 worked example (v5): from space 0 a sacrifice of 1 priest + 5 corn reaches space 5:
    2 corn + 1 gold (1), pyramid levels without priest or stone (2), 2 corn + 1 priest (3),
    trade tiles 1 gold cheaper (4), 1 corn + 1 gold (5): 5 corn, 1 priest and 2 gold back, and
    a second sacrifice of them reaches space 10: free rituals (6), 1 corn + 1 priest (7), 5 VP
    (8), the second trade discount (9), 6 VP (10)."""
    state = _v5_turn(corn=5, priest=1).state()
    state.apply(Sacrifice(5))
    assert state.track[A] == 5 and state.points[A] == 0
    assert state.res[A] == [0, 0, 0, 5, 2, 1]
    assert effects.trade_discount(state, A) == 1
    assert effects.pyramid_cost(state, A) == (1, 1, 0, 0, 0, 0)
    state.apply(Sacrifice(5))
    assert state.track[A] == 10 and state.points[A] == 5 + 6
    assert state.res[A] == [0, 0, 0, 1, 2, 1]
    assert effects.trade_discount(state, A) == 2 and effects.ritual_priest_free(state, A)


def test_v4_gives_one_corn_on_the_same_spaces() -> None:
    """The same first sacrifice under v4 brings 3 corn back, not 5 (spaces 1 and 3: 1 corn)."""
    state = Scenario.new(4, components="v4").turn(A, "village", "brick")
    s = state.resources(A, corn=5, priest=1).state()
    s.apply(Sacrifice(5))
    assert s.track[A] == 5 and s.res[A] == [0, 0, 0, 3, 2, 1]


def test_mason_gives_a_houses_wood_and_stone_once_a_round() -> None:
    """§6 (v5): III:mason gives 1 wood + 1 stone once per round (v1-v4: houses cost one basic
    resource less), and no discount: a village still costs its brick and wood."""
    state = _v5_turn().trade_tiles(A, "III:mason").state()
    uses = [t for t in legal_texts(state) if t.startswith("use ")]
    assert len(uses) == 1
    state.apply_text(uses[0])
    assert state.res[A] == [1, 0, 1, 0, 0, 0]
    assert not any(t.startswith("use ") for t in legal_texts(state))
    assert effects.building_discount(state, A) == 0


def test_v5_names_itself_in_records() -> None:
    """v5 (the default before v7) is still there by name, and its records say so."""
    state = Scenario.new(4, components="v5").state()
    assert state.comp is load_components("v5")
    assert state.options["components"] == "v5"
    assert state.record().options["components"] == "v5"
    assert "v5" in data_set_names()


def test_v5_tables_differ_from_v4_only_where_documented() -> None:
    """v5 = v4 but III:mason and track spaces 1 and 3."""
    v4, v5 = load_components("v4"), load_components("v5")
    changed = {t.name for t, u in zip(v4.trade_tiles, v5.trade_tiles, strict=True) if t != u}
    assert changed == {"III:mason"}
    spaces = [k for k in range(12) if v4.track_bonuses[k] != v5.track_bonuses[k]]
    assert spaces == [1, 3]
    assert v4.rituals == v5.rituals
    assert default_data(version="v5")["version"] == "v5"


@pytest.mark.parametrize("name", ["zapotec-v4-4p-seed.json", "zapotec-v4-2p-rules.json"])
def test_a_v4_record_replays_identically(name: str) -> None:
    """Records played with v4 (greedy seats, by the engine before v5) replay to the saved
    position: v5 changes no table of v4."""
    assert_record_replays(DATA / name, "v4")


@pytest.mark.parametrize("name", ["zapotec-v3-4p-seed.json", "zapotec-v3-2p-rules.json"])
def test_a_v3_record_still_replays(name: str) -> None:
    assert_record_replays(DATA / name, "v3")


def test_a_registered_data_set_naming_v5_keeps_v5s_tables() -> None:
    on_v5 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v5"}))
    assert on_v5.track_bonuses == load_components("v5").track_bonuses
    assert on_v5.trade_tiles == load_components("v5").trade_tiles
