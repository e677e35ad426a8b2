"""Trade tiles (zapotec.md §6) and their effects."""

from __future__ import annotations

from zapotec_helpers import illegal, legal_texts, resources

from stonework.core import CHANCE, make_rng
from stonework.games.zapotec.phases import DRAFT, INCOME
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.state import ZapotecState


def tile(state: ZapotecState, name: str) -> int:
    return state.comp.trade_index[name]


def village_turn(players: int = 4, **options: object) -> Scenario:
    """Round 1, seat 0 first in turn order with the village/brick card, its income taken.

    The worked examples here are data set v5's tiles (the default before v7, still built in);
    v6's and v7's changed tiles have their own in test_zapotec_v6.py and test_zapotec_v7.py.
    """
    options.setdefault("components", "v5")
    return Scenario.new(players, **options).turn(0, "village", "brick")


def test_costs_and_one_per_row_per_turn() -> None:
    """§6: level I/II/III cost 1/2/3 gold; at most one tile from each row per turn."""
    state = village_turn().trade_row(1, 1, "I:WW").resources(0, gold=6).state()
    state.apply_text("buy I.1")
    assert state.res[0] == resources(wood=2, gold=5)  # level I gives its resources at once
    assert "already bought a tile from row I" in illegal(state, "buy I.2")
    state.apply_text("buy II.2")
    assert state.res[0][4] == 3
    state.apply_text("buy III.3")
    assert state.res[0][4] == 0
    assert len(state.tiles[0]) == 3


def test_unaffordable_buy() -> None:
    """§6 bad input: without the gold a tile is refused and nothing changes."""
    state = village_turn().resources(0, gold=1).state()
    assert not any(m.startswith("buy II") for m in legal_texts(state))
    assert "costs 2 gold" in illegal(state, "buy II.1")


def test_rows_refilled_at_end_of_turn() -> None:
    """§6: bought tiles are replaced at the end of the turn, not at once."""
    state = village_turn().resources(0, gold=1).state()
    assert state.turn_order[0] == 0
    state.apply_text("buy I.2")
    assert state.trade_rows[0][1] == -1
    state.apply_text("done")
    assert state.phase == DRAFT and state.trade_rows[0][1] == -1
    state.apply(state.legal_actions()[0])
    assert state.current_player == CHANCE
    assert [str(a).split()[0] for a in state.legal_actions()] == ["reveal"] * len(
        state.legal_actions()
    )
    state.apply(state.sample_chance(make_rng(1)))
    assert state.trade_rows[0][1] >= 0
    assert state.current_player == state.turn_order[1] and state.phase == INCOME


def test_empty_stack_is_not_refilled() -> None:
    """§6 ASSUMED: an empty stack leaves the slot empty."""
    scenario = Scenario.new(4).empty_stacks(1, seat=3).turn(0, "village", "brick")
    state = scenario.resources(0, gold=1).state()
    assert not any(state.trade_stack[t.index] for t in state.comp.trade_tiles if t.level == 1)
    assert state.turn_order[0] == 0
    state.apply_text("buy I.1")
    state.apply_text("done")
    state.apply(state.legal_actions()[0])
    assert state.current_player != CHANCE
    assert state.trade_rows[0][0] == -1


def test_level_two_once_per_round_and_turned_up_next_round() -> None:
    """§6: a level II ability is usable at once, once per round, and is refreshed next round."""
    state = village_turn().trade_row(2, 1, "II:swap").resources(0, gold=2, wood=2).state()
    state.apply_text("buy II.1")
    assert "use II:swap wood>stone" in legal_texts(state)
    assert "use II:swap brick>stone" not in legal_texts(state)  # no brick to pay
    state.apply_text("use II:swap wood>stone")
    assert state.res[0] == resources(wood=1, stone=1)
    assert not any(m.startswith("use") for m in legal_texts(state))
    assert "used this round" in illegal(state, "use II:swap wood>brick")
    assert state.used[0] == [True]
    state = Scenario(state).end_round().state()
    assert state.round == 2 and state.used[0] == [False]


def test_exchanges() -> None:
    """§6 ASSUMED level II effects (v1): 2 basics > priest, corn > priest, basic > corn, 2 basics
    > gold; v2's priest tile takes one basic."""
    scenario = village_turn(components="v1").resources(0, wood=1, brick=1, corn=1)
    state = scenario.trade_tiles(0, "II:priest", "II:offering", "II:corn", "II:gold").state()
    moves = legal_texts(state)
    assert "use II:priest wood+brick>priest" in moves
    assert "use II:priest wood+wood>priest" not in moves
    assert "use II:offering corn>priest" in moves
    assert "use II:corn wood>corn" in moves
    state.apply_text("use II:gold wood+brick>gold")
    assert state.res[0] == resources(corn=1, gold=1)
    state = village_turn().resources(0, wood=1, brick=1).trade_tiles(0, "II:priest").state()
    assert "use II:priest wood>priest" in legal_texts(state)
    state.apply_text("use II:priest brick>priest")
    assert state.res[0] == resources(wood=1, priest=1)


def test_level_three_income_bonus() -> None:
    """§6 ASSUMED level III permanent: +1 wood at income when the card's resource is wood."""
    scenario = Scenario.new(4, components="v2").turn(0, "cornfield", "wood", income=False)
    state = scenario.trade_tiles(0, "III:wood").resources(0).state()
    assert state.tiles[0] == [tile(state, "III:wood")] and state.grid[0] == [-1] * 9
    state.apply_text("income row")
    assert state.res[0] == resources(wood=2)


def test_level_three_immediate_and_round_gains() -> None:
    """§6 ASSUMED level III: tribute gives priest + gold + corn at once; harvest 2 corn per round."""
    state = village_turn().trade_row(3, 1, "III:tribute").resources(0, gold=6).state()
    state.apply_text("buy III.1")
    assert state.res[0] == resources(gold=4, corn=1, priest=1)
    state = Scenario(state).trade_tiles(0, "III:harvest").state()
    state.apply_text("use III:harvest")
    assert state.res[0][3] == 3
    assert "use III:harvest" not in legal_texts(state)


def test_building_discount() -> None:
    """§6 ASSUMED level III (v1-v4's III:mason): buildings cost one basic less (the player picks
    which), at least 1."""
    state = village_turn(components="v4").resources(0, wood=1).trade_tiles(0, "III:mason").state()
    moves = legal_texts(state)
    assert "build etla-plains.2 slot 1 save brick" in moves
    assert "build etla-plains.2 slot 1 save wood" not in moves  # would still need a brick
    assert "build etla-plains.2 slot 1" not in moves
    state.apply_text("build etla-plains.2 slot 1 save brick")
    assert state.res[0] == resources()


def test_build_anywhere_once_per_round() -> None:
    """§6 ASSUMED level III (v1-v3's III:architect): once per round, one house ignoring the card
    icon."""
    scenario = village_turn(components="v3").resources(0, wood=2, stone=2, brick=1)
    state = scenario.trade_tiles(0, "III:architect").state()
    state.apply_text("build etla-plains.1 slot 1")  # a cornfield with a village card
    assert state.used[0] == [True]
    assert not any(m.startswith("build etla-plains.1") for m in legal_texts(state))
    assert "not match" in illegal(state, "build etla-hills.1 slot 2")
    state.apply_text("build etla-hills.2 slot 2")  # a village still matches


def test_track_discount_on_tiles() -> None:
    """§6, §9: track bonuses lower trade-tile costs (minimum 0; v3's discounts on spaces 2, 9)."""
    state = village_turn(components="v3").resources(0).track(0, 3).state()
    assert "buy I.1" in legal_texts(state)
    state.apply_text("buy I.1")
    assert state.res[0][4] == 0
    state = Scenario(state).track(0, 9).resources(0, gold=1).state()
    state.apply_text("buy III.1")
    assert state.res[0][4] == 0
