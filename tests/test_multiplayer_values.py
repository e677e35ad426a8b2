"""Multi-player values in the tree search: standing against the field versus lead over the best rival."""

from __future__ import annotations

import random

import pytest

from stonework.agents.base import Budget
from stonework.agents.mcts import VALUE_MODELS, MCTSAgent, field_values
from stonework.agents.playout import Playout
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
