"""Data set v8 (the default; ``components=v8``): v7 with III:architect and III:brick paying at once and a gold
on track spaces 3 and 7 (§6, §9 of docs/rules/zapotec.md), with worked examples; v8 records
replay, and the older records still do."""

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


def _turn(version: str = "v8", **amounts: int) -> Scenario:
    """Round 1 of a 4-player game, seat A on turn with exactly ``amounts``."""
    return Scenario.new(4, components=version).turn(A, "village", "brick").resources(A, **amounts)


def test_architect_and_brick_pay_at_once() -> None:
    """§6 worked example (v8): bought with 3 gold, III:architect gives 1 wood + 1 brick + 1 stone
    + 2 priests and III:brick 1 brick + 2 corn + 2 priests at once, and neither is used later
    (resources in the order wood, brick, stone, corn, gold, priest)."""
    assert buy_gains(_turn(gold=3), "III:architect") == [1, 1, 1, 0, -3, 2]
    assert buy_gains(_turn(gold=3), "III:brick") == [0, 1, 0, 2, -3, 2]
    state = _turn().trade_tiles(A, "III:architect", "III:brick").state()
    assert not any(t.startswith("use ") for t in legal_texts(state))


def test_architect_no_longer_discounts_levels() -> None:
    """v7's III:architect saved a level's brick and stone for good; v8's pays at once instead, so a
    seat holding it pays a level's full price (1 wood, 1 brick, 1 stone, 1 priest off the track)."""
    v8 = _turn().trade_tiles(A, "III:architect").state()
    assert effects.pyramid_cost(v8, A) == (1, 1, 1, 0, 0, 1)
    v7 = _turn("v7").trade_tiles(A, "III:architect").state()
    assert effects.pyramid_cost(v7, A) == (1, 0, 0, 0, 0, 1)


def test_track_worked_example() -> None:
    """§9 worked example (v8): from space 0 a sacrifice of 1 priest + 3 corn reaches space 3,
    taking 2 corn + 1 gold + 1 brick (1), the pyramid discount (2) and 2 corn + 1 priest + 1
    gold (3): 2 gold where v7 gives 1 (resources: wood, brick, stone, corn, gold, priest)."""
    state = _turn(corn=3, priest=1).state()
    state.apply(Sacrifice(3))
    assert state.track[A] == 3 and state.res[A] == [0, 1, 0, 4, 2, 1]
    v7 = _turn("v7", corn=3, priest=1).state()
    v7.apply(Sacrifice(3))
    assert v7.res[A] == [0, 1, 0, 4, 1, 1]


def test_v8_tables_differ_from_v7_only_where_documented() -> None:
    """v8 = v7 but two trade tiles and track spaces 3 and 7; the ritual cards are v7's."""
    v7, v8 = load_components("v7"), load_components("v8")
    changed = {t.name for t, u in zip(v7.trade_tiles, v8.trade_tiles, strict=True) if t != u}
    assert changed == {"III:architect", "III:brick"}
    spaces = [k for k in range(12) if v7.track_bonuses[k] != v8.track_bonuses[k]]
    assert spaces == [3, 7]
    gold = 4  # the resource order: wood, brick, stone, corn, gold, priest
    assert all(v8.track_bonuses[k].get[gold] == v7.track_bonuses[k].get[gold] + 1 for k in spaces)
    assert v7.rituals == v8.rituals
    assert v7.pyramid_cost == v8.pyramid_cost and v7.start_resources == v8.start_resources
    assert all(t.timing == "immediate" for t in v8.trade_tiles if t.level == 3)
    assert default_data(version="v8")["version"] == "v8"
    assert data_set_names()[:8] == ["v8", "v7", "v6", "v5", "v4", "v3", "v2", "v1"]


@pytest.mark.parametrize("name", ["zapotec-v8-4p-seed.json", "zapotec-v8-2p-rules.json"])
def test_a_v8_record_replays_identically(name: str) -> None:
    """Records played with v8 (greedy seats, seed 7) replay to their saved final position."""
    assert_record_replays(DATA / name, "v8")


@pytest.mark.parametrize(
    ("name", "version"),
    [("zapotec-v7-4p-seed.json", "v7"), ("zapotec-v7-2p-rules.json", "v7")],
)
def test_v7_records_still_replay(name: str, version: str) -> None:
    assert_record_replays(DATA / name, version)


def test_a_registered_data_set_naming_v8_keeps_v8s_tables() -> None:
    on_v8 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v8"}))
    assert on_v8.trade_tiles == load_components("v8").trade_tiles
    assert on_v8.track_bonuses == load_components("v8").track_bonuses


def test_v8_is_the_default_and_names_itself_in_records() -> None:
    """A game that names no data set plays v8 (issue 17's eighth pass), and its record says so,
    so it replays the same after the next default change."""
    state = Scenario.new(4).state()
    assert state.comp is load_components("v8")
    assert state.options["components"] == "v8"
    assert state.record().options["components"] == "v8"
