"""Trade tiles (zapotec.md §6) and their effects."""

from __future__ import annotations

from zapotec_helpers import card_with, give_turn, illegal, legal_texts, new, resources

from stonework.core import CHANCE, make_rng
from stonework.games.zapotec import rules
from stonework.games.zapotec.phases import DRAFT, INCOME
from stonework.games.zapotec.state import ZapotecState


def tile(state: ZapotecState, name: str) -> int:
    return state.comp.trade_index[name]


def put_in_row(state: ZapotecState, level: int, slot: int, name: str) -> None:
    state.trade_rows[level - 1][slot] = tile(state, name)


def test_costs_and_one_per_row_per_turn() -> None:
    """§6: level I/II/III cost 1/2/3 gold; at most one tile from each row per turn."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), gold=6)
    put_in_row(state, 1, 0, "I:WW")
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
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), gold=1)
    assert not any(m.startswith("buy II") for m in legal_texts(state))
    assert "costs 2 gold" in illegal(state, "buy II.1")


def test_rows_refilled_at_end_of_turn() -> None:
    """§6: bought tiles are replaced at the end of the turn, not at once."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), gold=1)
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
    state = new(4)
    for t in state.comp.trade_tiles:
        if t.level == 1:
            state.trade_stack[t.index] = 0
    give_turn(state, 0, card_with(state, "village", "brick"), gold=1)
    state.apply_text("buy I.1")
    state.apply_text("done")
    state.apply(state.legal_actions()[0])
    assert state.current_player != CHANCE
    assert state.trade_rows[0][0] == -1


def test_level_two_once_per_round_and_turned_up_next_round() -> None:
    """§6: a level II ability is usable at once, once per round, and is refreshed next round."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), gold=2, wood=2)
    put_in_row(state, 2, 0, "II:swap")
    state.apply_text("buy II.1")
    assert "use II:swap wood>stone" in legal_texts(state)
    assert "use II:swap brick>stone" not in legal_texts(state)  # no brick to pay
    state.apply_text("use II:swap wood>stone")
    assert state.res[0] == resources(wood=1, stone=1)
    assert not any(m.startswith("use") for m in legal_texts(state))
    assert "used this round" in illegal(state, "use II:swap wood>brick")
    state.offer = state.offer[:1]
    state.turn_index = state.num_players - 1
    rules._end_round(state)
    assert state.used[0] == [False]


def test_exchanges() -> None:
    """§6 ASSUMED level II effects (v1): 2 basics > priest, corn > priest, basic > corn, 2 basics
    > gold; v2's priest tile takes one basic."""
    state = new(4, components="v1")
    give_turn(state, 0, card_with(state, "village", "brick"), wood=1, brick=1, corn=1)
    for name in ("II:priest", "II:offering", "II:corn", "II:gold"):
        state.tiles[0].append(tile(state, name))
        state.used[0].append(False)
    moves = legal_texts(state)
    assert "use II:priest wood+brick>priest" in moves
    assert "use II:priest wood+wood>priest" not in moves
    assert "use II:offering corn>priest" in moves
    assert "use II:corn wood>corn" in moves
    state.apply_text("use II:gold wood+brick>gold")
    assert state.res[0] == resources(corn=1, gold=1)
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), wood=1, brick=1)
    state.tiles[0].append(tile(state, "II:priest"))
    state.used[0].append(False)
    assert "use II:priest wood>priest" in legal_texts(state)
    state.apply_text("use II:priest brick>priest")
    assert state.res[0] == resources(wood=1, priest=1)


def test_level_three_income_bonus() -> None:
    """§6 ASSUMED level III permanent: +1 wood at income when the card's resource is wood."""
    state = new(4, components="v2")
    give_turn(state, 0, card_with(state, "cornfield", "wood"), phase=INCOME)
    state.tiles[0] = [tile(state, "III:wood")]
    state.used[0] = [False]
    state.apply_text("income row")
    assert state.res[0] == resources(wood=2)


def test_level_three_immediate_and_round_gains() -> None:
    """§6 ASSUMED level III: tribute gives priest + gold + corn at once; harvest 2 corn per round."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), gold=6)
    put_in_row(state, 3, 0, "III:tribute")
    state.apply_text("buy III.1")
    assert state.res[0] == resources(gold=4, corn=1, priest=1)
    state.tiles[0].append(tile(state, "III:harvest"))
    state.used[0].append(False)
    state.apply_text("use III:harvest")
    assert state.res[0][3] == 3
    assert "use III:harvest" not in legal_texts(state)


def test_building_discount() -> None:
    """§6 ASSUMED level III: buildings cost one basic less (the player picks which), at least 1."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), wood=1)
    state.tiles[0] = [tile(state, "III:mason")]
    state.used[0] = [False]
    moves = legal_texts(state)
    assert "build etla-plains.2 slot 1 save brick" in moves
    assert "build etla-plains.2 slot 1 save wood" not in moves  # would still need a brick
    assert "build etla-plains.2 slot 1" not in moves
    state.apply_text("build etla-plains.2 slot 1 save brick")
    assert state.res[0] == resources()


def test_build_anywhere_once_per_round() -> None:
    """§6 ASSUMED level III: once per round, one house ignoring the card icon."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"), wood=2, stone=2, brick=1)
    state.tiles[0] = [tile(state, "III:architect")]
    state.used[0] = [False]
    state.apply_text("build etla-plains.1 slot 1")  # a cornfield with a village card
    assert state.used[0] == [True]
    assert not any(m.startswith("build etla-plains.1") for m in legal_texts(state))
    assert "not match" in illegal(state, "build etla-hills.1 slot 2")
    state.apply_text("build etla-hills.2 slot 2")  # a village still matches


def test_track_discount_on_tiles() -> None:
    """§6, §9: track bonuses lower trade-tile costs (minimum 0)."""
    state = new(4)
    give_turn(state, 0, card_with(state, "village", "brick"))
    state.track[0] = 3
    assert "buy I.1" in legal_texts(state)
    state.apply_text("buy I.1")
    assert state.res[0][4] == 0
    state.track[0] = 9
    state.res[0][4] = 1
    state.apply_text("buy III.1")
    assert state.res[0][4] == 0
