"""Data set v7 (``components=v7``): v6 with III:mason, III:wood, III:harvest and III:tribute paying at once
and a brick on track space 1 (§6, §9 of docs/rules/zapotec.md), with worked examples; v7 records
replay, and the records of the older data sets still do."""

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


def _turn(version: str = "v7", **amounts: int) -> Scenario:
    """Round 1 of a 4-player game, seat A on turn with exactly ``amounts``."""
    return Scenario.new(4, components=version).turn(A, "village", "brick").resources(A, **amounts)


def test_track_worked_example() -> None:
    """§9 worked example (v7): from space 0 a sacrifice of 1 priest + 2 corn reaches space 2,
    taking 2 corn + 1 gold + 1 brick (1) and the pyramid discount (2); A, who held no brick,
    builds a level with the brick of space 1 (v6: A cannot, a level costs it 1 brick)."""
    state = _turn(corn=2, priest=1).state()
    state.apply(Sacrifice(2))
    assert state.track[A] == 2 and state.res[A] == [0, 1, 0, 2, 1, 0]
    assert effects.pyramid_cost(state, A) == (0, 1, 0, 0, 0, 0)
    state.apply_text(next(t for t in legal_texts(state) if t.startswith("pyramid 1 ")))
    assert state.res[A] == [0, 0, 0, 2, 1, 0] and state.pieces[A] == [3, 2, 0]
    v6 = _turn("v6", corn=2, priest=1).state()
    v6.apply(Sacrifice(2))
    assert v6.res[A] == [0, 0, 0, 2, 1, 0]
    assert not any(t.startswith("pyramid ") for t in legal_texts(v6))


def test_the_last_three_round_tiles_pay_at_once() -> None:
    """§6 worked example (v7): bought with 3 gold, III:mason gives 1 wood + 2 bricks + 1 stone,
    III:wood 2 wood + 1 brick + 1 stone and III:harvest 3 corn + 2 priests at once (v6: once a
    round), and none of them can be used afterwards."""
    assert buy_gains(_turn(gold=3), "III:mason") == [1, 2, 1, 0, -3, 0]
    assert buy_gains(_turn(gold=3), "III:wood") == [2, 1, 1, 0, -3, 0]
    assert buy_gains(_turn(gold=3), "III:harvest") == [0, 0, 0, 3, -3, 2]
    assert buy_gains(_turn(gold=3), "III:tribute") == [0, 0, 0, 1, -2, 2]
    state = _turn().trade_tiles(A, "III:mason", "III:wood", "III:harvest").state()
    assert not any(t.startswith("use ") for t in legal_texts(state))
    v6 = _turn("v6").trade_tiles(A, "III:mason").state()
    assert any(t.startswith("use ") for t in legal_texts(v6))


def test_v7_tables_differ_from_v6_only_where_documented() -> None:
    """v7 = v6 but track space 1 and four trade tiles; the ritual cards are v6's."""
    v6, v7 = load_components("v6"), load_components("v7")
    changed = {t.name for t, u in zip(v6.trade_tiles, v7.trade_tiles, strict=True) if t != u}
    assert changed == {"III:mason", "III:wood", "III:harvest", "III:tribute"}
    spaces = [k for k in range(12) if v6.track_bonuses[k] != v7.track_bonuses[k]]
    assert spaces == [1]
    assert v6.rituals == v7.rituals
    assert v6.pyramid_cost == v7.pyramid_cost and v6.start_resources == v7.start_resources
    assert default_data(version="v7")["version"] == "v7"
    assert "v7" in data_set_names()


@pytest.mark.parametrize("name", ["zapotec-v7-4p-seed.json", "zapotec-v7-2p-rules.json"])
def test_a_v7_record_replays_identically(name: str) -> None:
    """Records played with v7 (greedy seats, seed 7) replay to their saved final position."""
    assert_record_replays(DATA / name, "v7")


@pytest.mark.parametrize(
    ("name", "version"),
    [
        ("zapotec-v6-4p-seed.json", "v6"),
        ("zapotec-v6-2p-rules.json", "v6"),
        ("zapotec-v4-4p-seed.json", "v4"),
        ("zapotec-v3-4p-seed.json", "v3"),
    ],
)
def test_older_records_still_replay(name: str, version: str) -> None:
    assert_record_replays(DATA / name, version)


def test_a_registered_data_set_naming_v7_keeps_v7s_tables() -> None:
    on_v7 = load_components(register_components({"trade_costs": [0, 1, 2], "version": "v7"}))
    assert on_v7.track_bonuses == load_components("v7").track_bonuses
    assert on_v7.trade_tiles == load_components("v7").trade_tiles
