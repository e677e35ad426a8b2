"""Multi-player values in the tree search: standing against the field versus lead over the best rival."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from stonework.agents.base import Budget
from stonework.agents.catalog import agent_from_spec
from stonework.agents.mcts import VALUE_MODELS, MCTSAgent, field_values
from stonework.agents.playout import Playout
from stonework.agents.tuning import tree_settings
from stonework.core.registry import SearchDefaults
from toys import StandingsState, Take, make_spec

make_spec(StandingsState, "standings")


def choose(players: int, values: str) -> object:
    state = StandingsState(players, {})
    agent = MCTSAgent(
        Budget(iterations=200), playout=Playout(depth=0), values=values, stop_early=False
    )  # type: ignore[arg-type]
    return agent.act(state, random.Random(1))


def test_lead_values_stay_behind_the_field() -> None:
    # The old backup: seat 0 cannot catch seat 1, so it takes the point that shrinks that gap.
    assert choose(3, "lead") == Take(1)


def test_field_values_overtake_the_third_seat() -> None:
    assert choose(3, "field") == Take(2)


def test_auto_follows_the_setting_per_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    assert choose(3, "auto") == Take(1)  # measured: lead at three players for now
    monkeypatch.setitem(VALUE_MODELS, 3, "field")
    assert choose(3, "auto") == Take(2)


def test_two_players_choose_the_same_either_way() -> None:
    # At two players the last seat is the rival itself: taking three from it is best by both
    # models (the field of one rival is the best rival).
    assert choose(2, "auto") == choose(2, "lead") == choose(2, "field") == Take(2)


def test_field_values_rank_the_seats() -> None:
    v = field_values([0.5, -0.2, -0.9])
    assert v[0] > v[1] > v[2]
    assert sum(v) == pytest.approx(0.0)
    assert field_values([0.3, -0.3]) == pytest.approx([0.9837, -0.9837], abs=1e-3)


def test_unknown_value_model_is_refused() -> None:
    with pytest.raises(ValueError, match="values must be"):
        MCTSAgent(Budget(iterations=1), values="best")  # type: ignore[arg-type]


def test_the_field_temperature_softens_the_comparisons() -> None:
    # Worked example at temperature 1: seat 0 is 0.7 above seat 1 and 1.4 above seat 2.
    v = field_values([0.5, -0.2, -0.9], temperature=1.0)
    assert v[0] == pytest.approx((math.tanh(0.7) + math.tanh(1.4)) / 2)
    assert v[2] == pytest.approx((math.tanh(-1.4) + math.tanh(-0.7)) / 2)
    # A larger temperature keeps more of the margin: far ahead is no longer almost a sure +1.
    assert field_values([0.5, -0.2, -0.9], temperature=0.25)[0] > v[0]


def test_temperature_and_widening_come_from_the_spec_text() -> None:
    agent = agent_from_spec("mcts:10:values=field:temperature=2:widen=1")
    assert isinstance(agent, MCTSAgent)
    assert (agent.values, agent.temperature, agent.widen_factor) == ("field", 2.0, 1.0)
    with pytest.raises(ValueError, match="temperature must be positive"):
        agent_from_spec("mcts:10:temperature=0")


def test_a_game_may_declare_settings_per_player_count() -> None:
    three = SearchDefaults(exploration=0.3, values="field", temperature=1.0)
    search = SearchDefaults(exploration=0.1, by_players=((3, three),))
    assert search.for_players(3) is three
    assert search.for_players(2) is search and search.for_players(None) is search
    spec = dataclasses.replace(StandingsState.spec, search=search)
    assert tree_settings(spec, 3).exploration == 0.3 and tree_settings(spec, 3).values == "field"
    assert tree_settings(spec, 4).exploration == 0.1 and tree_settings(spec, 4).values is None


def test_a_declared_value_model_steers_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    """``values=auto`` takes the game's model for the count before VALUE_MODELS."""
    spec = StandingsState.spec
    field3 = SearchDefaults(by_players=((3, SearchDefaults(values="field")),))
    monkeypatch.setattr(StandingsState, "spec", dataclasses.replace(spec, search=field3))
    assert choose(3, "auto") == Take(2)
    assert choose(3, "lead") == Take(1)  # an explicit setting still wins
    bad = SearchDefaults(by_players=((3, SearchDefaults(values="best")),))
    monkeypatch.setattr(StandingsState, "spec", dataclasses.replace(spec, search=bad))
    with pytest.raises(ValueError, match="values must be lead or field"):
        choose(3, "auto")
