"""Data set v6 (``components=v6``): v5 with a pyramid level on the track for 1 brick and six
tiles changed (§6, §7, §9 of docs/rules/zapotec.md), with worked examples; v6 records replay, and
the records of the older data sets still do."""

from __future__ import annotations

from pathlib import Path

import pytest
from zapotec_helpers import assert_record_replays, buy_gains, legal_texts

from stonework.games.zapotec import effects
from stonework.games.zapotec.actions import Sacrifice
from stonework.games.zapotec.components import default_data
from stonework.games.zapotec.datasets import data_set_names, load_components, register_components
from stonework.games.zapotec.scenario import Scenario

A = 0
DATA = Path(__file__).parent.parent / "data"


def _v6_turn(**amounts: int) -> Scenario:
    """Round 1 of a 4-player v6 game, seat A on turn with exactly ``amounts``."""
    return Scenario.new(4, components="v6").turn(A, "village", "brick").resources(A, **amounts)


def test_track_worked_example() -> None:
    """§9 worked example (v6): from space 0 a sacrifice of 1 priest + 2 corn reaches space 2,
    taking 2 corn + 1 gold (1) and the pyramid discount (2): a level then costs A 1 brick (v5:
    1 wood + 1 brick), and A, holding 1 wood, 1 brick and 1 stone, builds one and keeps the wood
    and the stone."""
    state = _v6_turn(wood=1, brick=1, stone=1, corn=2, priest=1).state()
    assert effects.pyramid_cost(state, A) == (1, 1, 1, 0, 0, 1)
    state.apply(Sacrifice(2))
    assert state.track[A] == 2 and state.res[A] == [1, 1, 1, 2, 1, 0]
    assert effects.pyramid_cost(state, A) == (0, 1, 0, 0, 0, 0)
    state.apply_text(next(t for t in legal_texts(state) if t.startswith("pyramid 1 ")))
    assert state.res[A] == [1, 0, 1, 2, 1, 0] and state.pieces[A] == [3, 2, 0]


def test_v5_keeps_the_wood_of_a_level_on_the_track() -> None:
    state = Scenario.new(4, components="v5").turn(A, "village", "brick").track(A, 2).state()
    assert effects.pyramid_cost(state, A) == (1, 1, 0, 0, 0, 0)


def test_architect_saves_a_brick_and_a_stone_and_with_space_two_a_level_is_free() -> None:
    """§7 worked example (v6): III:architect saves 1 brick + 1 stone, so off the track a level
    costs 1 wood + 1 priest; from track space 2 on (priest, stone and wood saved) it costs
    nothing, the stone saved once (a price never goes below 0)."""
    off = _v6_turn().trade_tiles(A, "III:architect").state()
    assert effects.pyramid_cost(off, A) == (1, 0, 0, 0, 0, 1)
    on = _v6_turn().trade_tiles(A, "III:architect").track(A, 2).state()
    assert effects.pyramid_cost(on, A) == (0, 0, 0, 0, 0, 0)
    on.apply_text(next(t for t in legal_texts(on) if t.startswith("pyramid 1 ")))
    assert on.res[A] == [0, 0, 0, 0, 0, 0] and on.pieces[A] == [3, 2, 0]


def test_three_level_three_tiles_pay_at_once() -> None:
    """§6 worked example (v6): bought with 3 gold, III:stone gives a level's price (1 wood +
    1 brick + 1 stone + 1 priest), III:priest 2 priests + 2 corn and III:brick 2 bricks + 2
    priests at once (v5: once a round), and none of them can be used afterwards."""
    assert buy_gains(_v6_turn(gold=3), "III:stone") == [1, 1, 1, 0, -3, 1]
    assert buy_gains(_v6_turn(gold=3), "III:priest") == [0, 0, 0, 2, -3, 2]
    assert buy_gains(_v6_turn(gold=3), "III:brick") == [0, 2, 0, 0, -3, 2]
    state = _v6_turn().trade_tiles(A, "III:stone", "III:priest", "III:brick").state()
    assert not any(t.startswith("use ") for t in legal_texts(state))


def test_level_two_exchanges_trade_one_basic() -> None:
    """§6 worked example (v6): once a round II:priest turns 1 basic into 1 priest + 1 corn (v5:
    a priest) and II:gold 1 basic into 1 gold (v5: 2 basics): A, holding 1 wood, uses both
    tiles, the second with a brick it does not have, which is not offered."""
    state = _v6_turn(wood=1).trade_tiles(A, "II:priest", "II:gold").state()
    uses = [t for t in legal_texts(state) if t.startswith("use ")]
    assert len(uses) == 2  # each tile with the wood; brick and stone are not held
    priest = next(t for t in uses if "priest" in t)
    state.apply_text(priest)
    assert state.res[A] == [0, 0, 0, 1, 0, 1]
    assert not any(t.startswith("use ") for t in legal_texts(state))  # no basic left
    again = _v6_turn(stone=1).trade_tiles(A, "II:gold").state()
    again.apply_text(next(t for t in legal_texts(again) if t.startswith("use ")))
    assert again.res[A] == [0, 0, 0, 0, 1, 0]


def test_v6_tables_differ_from_v5_only_where_documented() -> None:
    """v6 = v5 but track space 2 and six trade tiles; the ritual cards are v5's."""
    v5, v6 = load_components("v5"), load_components("v6")
    changed = {t.name for t, u in zip(v5.trade_tiles, v6.trade_tiles, strict=True) if t != u}
    assert changed == {
        "II:priest",
        "II:gold",
        "III:stone",
        "III:priest",
        "III:brick",
        "III:architect",
    }
    spaces = [k for k in range(12) if v5.track_bonuses[k] != v6.track_bonuses[k]]
    assert spaces == [2]
    assert v5.rituals == v6.rituals
    assert default_data(version="v6")["version"] == "v6"
    assert "v6" in data_set_names()


@pytest.mark.parametrize("name", ["zapotec-v6-4p-seed.json", "zapotec-v6-2p-rules.json"])
def test_a_v6_record_replays_identically(name: str) -> None:
    """Records played with v6 (greedy seats, seed 6) replay to their saved final position."""
    assert_record_replays(DATA / name, "v6")


@pytest.mark.parametrize(
    ("name", "version"),
    [
        ("zapotec-v4-4p-seed.json", "v4"),
        ("zapotec-v4-2p-rules.json", "v4"),
        ("zapotec-v3-4p-seed.json", "v3"),
        ("zapotec-v3-2p-rules.json", "v3"),
    ],
)
def test_older_records_still_replay(name: str, version: str) -> None:
    assert_record_replays(DATA / name, version)


def test_a_registered_data_set_naming_v6_keeps_v6s_tables() -> None:
    on_v6 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v6"}))
    assert on_v6.track_bonuses == load_components("v6").track_bonuses
    assert on_v6.trade_tiles == load_components("v6").trade_tiles
