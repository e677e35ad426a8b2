"""Data set v4 (``components=v4``, not the default): v3 with pyramid discounts (§6, §7, §8, §9 of zapotec.md), the effect kind
``pyramid_discount`` with worked examples, and its bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import assert_record_replays, illegal, legal_texts

from stonework.core.errors import UnknownOption
from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import (
    ICONS,
    Effect,
    compile_components,
    default_data,
)
from stonework.games.zapotec.datasets import load_components, register_components
from stonework.games.zapotec.rules import pyramid_complete
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState

A, B = 0, 1
DATA = Path(__file__).parent.parent / "data"


def _v4_turn(**amounts: int) -> Scenario:
    """Round 1 of a 4-player v4 game, seat A on turn with exactly ``amounts``."""
    return Scenario.new(4, components="v4").turn(A, "village", "brick").resources(A, **amounts)


def _goal(state: ZapotecState, card_id: int) -> Effect:
    return next(r.effect for r in state.comp.rituals if r.id == card_id)


def test_architect_waives_the_priest_and_wood_of_a_pyramid_level() -> None:
    """§7 worked example (v4): with III:architect a level costs 1 brick + 1 stone: A, holding
    exactly those, builds a level and keeps nothing; without the tile the same stock cannot pay
    a level (§7: W+B+S+priest)."""
    plain = _v4_turn(brick=1, stone=1).state()
    assert not any(t.startswith("pyramid") for t in legal_texts(plain))
    assert "priest" in illegal(plain, f"pyramid 1 {ICONS[plain.scoring_tiles[0]]}")
    state = _v4_turn(brick=1, stone=1).trade_tiles(A, "III:architect").state()
    assert effects.pyramid_cost(state, A) == (0, 1, 1, 0, 0, 0)
    news = [t for t in legal_texts(state) if t.startswith("pyramid 1 ")]
    assert news, "the architect must make the level affordable"
    state.apply_text(news[0])
    assert state.res[A] == [0, 0, 0, 0, 0, 0]
    assert state.pieces[A] == [3, 2, 0]  # the large piece went (largest left, §7)


def test_track_space_two_and_the_architect_add_up_but_never_below_zero() -> None:
    """§9 worked example (v4): from space 2 on, a level costs 1 wood + 1 brick (no priest, no
    stone); with III:architect as well (priest and wood) it costs 1 brick: the priest is saved
    once, since no resource goes below 0. On space 1 the full price is due."""
    scenario = _v4_turn(wood=1, brick=1, stone=1, priest=1)
    assert effects.pyramid_cost(scenario.track(A, 1).state(), A) == (1, 1, 1, 0, 0, 1)
    state = scenario.track(A, 2).state()
    assert effects.pyramid_cost(state, A) == (1, 1, 0, 0, 0, 0)
    both = Scenario(state.clone()).trade_tiles(A, "III:architect").state()
    assert effects.pyramid_cost(both, A) == (0, 1, 0, 0, 0, 0)
    both.apply_text(next(t for t in legal_texts(both) if t.startswith("pyramid 1 ")))
    assert both.res[A] == [1, 0, 1, 0, 0, 1]  # only the brick was paid


def test_savings_of_several_sources_add_up() -> None:
    """§7 with a data set whose tile saves a brick: with track space 2 (priest and stone) a
    seat with both pays 1 wood a level."""
    data = default_data(version="v4")
    tiles = [dict(t) for t in data["trade_tiles"]]
    for tile in tiles:
        if tile["name"] == "III:architect":
            tile["effect"] = {"kind": "pyramid_discount", "save": {"brick": 1}}
    name = register_components({"version": "v4", "trade_tiles": tiles})
    scenario = Scenario.new(4, components=name).turn(A, "village", "brick")
    state = scenario.resources(A, wood=1).track(A, 2).trade_tiles(A, "III:architect")
    s = state.state()
    assert effects.pyramid_cost(s, A) == (1, 0, 0, 0, 0, 0)
    s.apply_text(next(t for t in legal_texts(s) if t.startswith("pyramid 1 ")))
    assert s.res[A] == [0, 0, 0, 0, 0, 0]


def test_other_data_sets_keep_the_full_price() -> None:
    """v3 has no pyramid discount: a seat far up the track still pays the full price."""
    state = Scenario.new(4, components="v3").turn(A, "village", "brick").track(A, 9).state()
    assert effects.pyramid_cost(state, A) == (1, 1, 1, 0, 0, 1)


@pytest.mark.parametrize(
    ("timing", "effect", "words"),
    [
        ("round", {"kind": "pyramid_discount", "save": {"priest": 1}}, "is permanent"),
        ("permanent", {"kind": "pyramid_discount", "save": {}}, "must save something"),
        ("permanent", {"kind": "pyramid_discount", "save": {"mana": 1}}, "bad entry 'mana'"),
        ("permanent", {"kind": "pyramid_discount", "save": {"priest": -1}}, "bad entry"),
    ],
)
def test_a_bad_pyramid_discount_is_refused(
    timing: str, effect: dict[str, object], words: str
) -> None:
    """Bad input: a pyramid discount must be permanent and save a count of real resources."""
    data = default_data(version="v4")
    for tile in data["trade_tiles"]:
        if tile["name"] == "III:architect":
            tile["timing"], tile["effect"] = timing, effect
    with pytest.raises(UnknownOption, match=words):
        compile_components(data)


def test_level_three_wood_gives_a_levels_basics_once_a_round() -> None:
    """§6 (v4): III:wood gives 1 wood + 1 brick + 1 stone once per round."""
    state = _v4_turn().trade_tiles(A, "III:wood").state()
    uses = [t for t in legal_texts(state) if t.startswith("use ")]
    assert len(uses) == 1
    state.apply_text(uses[0])
    assert state.res[A] == [1, 1, 1, 0, 0, 0]
    assert not any(t.startswith("use ") for t in legal_texts(state))


def test_ritual_six_pays_for_a_piece_in_a_complete_pyramid() -> None:
    """§8 (v4) card 6: a piece in a complete pyramid, 12 VP: B's large under A's medium is not
    complete and pays neither; A's small on top completes it and pays both owners."""
    scenario = Scenario.new(4, components="v4")
    six = _goal(scenario.state(), 6)
    state = scenario.pyramid(1, (B, "large"), (A, "medium")).state()
    assert not pyramid_complete(state, state.pyramids[0])
    assert effects.ritual_points(state, A, six) == effects.ritual_points(state, B, six) == 0
    state = scenario.pyramid(1, (A, "small")).state()
    assert pyramid_complete(state, state.pyramids[0])
    assert effects.ritual_points(state, A, six) == effects.ritual_points(state, B, six) == 12


def test_v4_names_itself_in_records() -> None:
    state = Scenario.new(4, components="v4").state()
    assert state.comp is load_components("v4")
    assert state.options["components"] == "v4"
    assert state.record().options["components"] == "v4"


def test_v4_tables_differ_from_v3_only_where_documented() -> None:
    """v4 = v3 but III:architect, III:wood, track spaces 2 and 4 and ritual card 6."""
    v3, v4 = load_components("v3"), load_components("v4")
    changed = {t.name for t, u in zip(v3.trade_tiles, v4.trade_tiles, strict=True) if t != u}
    assert changed == {"III:architect", "III:wood"}
    spaces = [k for k in range(12) if v3.track_bonuses[k] != v4.track_bonuses[k]]
    assert spaces == [2, 4]
    cards = [r.id for r, q in zip(v3.rituals, v4.rituals, strict=True) if r != q]
    assert cards == [6]


@pytest.mark.parametrize("name", ["zapotec-v3-4p-seed.json", "zapotec-v3-2p-rules.json"])
def test_a_v3_record_replays_identically(name: str) -> None:
    """Records played with v3 (greedy seats, by main's engine at b372f40, before v4) replay to
    the saved position: v4 changes no table of v3."""
    assert_record_replays(DATA / name, "v3")


def test_a_registered_data_set_naming_v3_keeps_v3s_tables() -> None:
    """A registered data set's name is its content: one naming v3 means v3's tables, one
    naming v4 v4's, one naming neither v2's, whatever the default is."""
    on_v3 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v3"}))
    on_v4 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v4"}))
    plain = load_components(register_components({"trade_costs": [0, 1, 2]}))
    assert on_v3.track_bonuses == load_components("v3").track_bonuses
    assert on_v4.track_bonuses == load_components("v4").track_bonuses
    assert plain.track_bonuses == load_components("v2").track_bonuses


def test_track_worked_example() -> None:
    """§9 worked example (v4): from space 0 a sacrifice of 1 priest + 4 corn reaches space 4:
    1 corn + 1 gold (1), pyramid levels without priest or stone (2), 1 corn + 1 priest (3),
    trade tiles 1 gold cheaper (4); a level then costs 1 wood + 1 brick."""
    state = _v4_turn(corn=4, priest=1).state()
    state.apply(Sacrifice(4))
    assert state.track[A] == 4 and state.points[A] == 0
    assert state.res[A] == [0, 0, 0, 2, 1, 1]
    assert effects.trade_discount(state, A) == 1
    assert effects.pyramid_cost(state, A) == (1, 1, 0, 0, 0, 0)
