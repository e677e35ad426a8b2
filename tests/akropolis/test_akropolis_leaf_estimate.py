"""The Akropolis leaf estimate fitted per player count (``leaf_estimate``) and its plumbing.

It is what a tree search judges a cut-off leaf by when its playout says ``leaf``; greedy play
keeps the hand-made estimate, so the greedy fields the search is measured against do not move.
"""

from __future__ import annotations

import math

import pytest

import stonework
from stonework.agents import Playout, run_playout
from stonework.agents.base import evaluate
from stonework.agents.catalog import agent_from_spec
from stonework.agents.mcts import MCTSAgent
from stonework.agents.tuning import tree_settings
from stonework.core import derive_rng, play_random
from stonework.games.akropolis import AkropolisState
from stonework.games.akropolis.evaluation import LEAD_SCALE, tiles_left
from stonework.games.akropolis.leaf_estimate import (
    FEATURE_NAMES,
    WEIGHTS,
    WIN_SCALES,
    features,
    fitted_lead_values,
    fitted_total,
    lead_scale,
)


def played(players: int, seed: int, decisions: int) -> AkropolisState:
    """A game of ``players`` after ``decisions`` random decisions (chance resolved as it comes)."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert isinstance(state, AkropolisState)
    rng = derive_rng(seed, "leaf")
    done = 0
    while not state.is_terminal and done < decisions:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        done += 1
    if state.current_player < 0 and not state.is_terminal:
        state.apply(state.sample_chance(rng))
    return state


def test_each_fitted_count_has_a_weight_per_feature_and_an_intercept() -> None:
    assert WEIGHTS, "no player count has fitted weights"
    for players, weights in WEIGHTS.items():
        assert players in (3, 4)
        assert len(weights) == len(FEATURE_NAMES) + 1


@pytest.mark.parametrize("players", sorted(WEIGHTS))
def test_the_fitted_total_is_the_real_total_at_the_end(players: int) -> None:
    state = played(players, seed=players, decisions=10_000)
    assert state.is_terminal
    for seat, score in enumerate(state.scores()):
        assert fitted_total(state, seat, WEIGHTS[players]) == score.total


@pytest.mark.parametrize("players", sorted(WEIGHTS))
def test_fitted_leads_are_squashed_and_the_leader_is_ahead(players: int) -> None:
    state = played(players, seed=20 + players, decisions=12)
    values = fitted_lead_values(state)
    assert values is not None and len(values) == players
    assert all(-1.0 < v < 1.0 for v in values)
    totals = [fitted_total(state, seat, WEIGHTS[players]) for seat in range(players)]
    leader = max(range(players), key=totals.__getitem__)
    assert values[leader] == max(values) and values[leader] >= 0.0


def test_two_players_and_solo_have_no_leaf_estimate() -> None:
    """Two players and solo keep the heuristic at every leaf: nothing they read changes."""
    for players in (1, 2):
        state = played(players, seed=3, decisions=6)
        assert state.leaf_heuristic() is None
        assert evaluate(state, leaf=True) == evaluate(state)


def test_a_leaf_playout_uses_the_fitted_values_and_greedy_does_not() -> None:
    players = min(WEIGHTS)
    state = played(players, seed=8, decisions=9)
    fitted = fitted_lead_values(state)
    assert fitted is not None and fitted != state.heuristic()
    assert evaluate(state, leaf=True) == pytest.approx(fitted)
    assert evaluate(state) == pytest.approx(state.heuristic())
    rng = derive_rng(1, "playout")
    assert run_playout(state.clone(), Playout(depth=0, leaf=True), rng, True) == pytest.approx(
        fitted
    )
    assert run_playout(state.clone(), Playout(depth=0), rng, True) == pytest.approx(
        state.heuristic()
    )


def test_features_see_districts_that_do_not_score_yet() -> None:
    """A market beside a market scores nothing yet (rules §2.4) but shows in its ``idle`` term."""
    for seed in range(40):
        state = played(3, seed=seed, decisions=30)
        for seat in range(3):
            x = dict(zip(FEATURE_NAMES, features(state, seat), strict=True))
            if x["left*idle/1"] > 0:
                return
    pytest.fail("no city with an idle market in 40 random three-player games")


def test_the_spec_text_turns_the_leaf_estimate_on_and_off() -> None:
    on = agent_from_spec("mcts:50:depth=3:greedy=1:sample=16:leaf=1")
    off = agent_from_spec("mcts:50:depth=3:greedy=1:sample=16")
    assert isinstance(on, MCTSAgent) and isinstance(off, MCTSAgent)
    assert on.playout is not None and on.playout.leaf
    assert off.playout is not None and not off.playout.leaf
    assert not tree_settings("akropolis", 2).playout.leaf
    assert tree_settings("akropolis", 3).playout.leaf
    assert tree_settings("akropolis", 4).playout.leaf


def test_the_finished_game_scores_rule_every_leaf() -> None:
    """A leaf at the end is judged by the returns, whichever estimate the playout names."""
    state = played(3, seed=4, decisions=0)
    play_random(state, derive_rng(4, "to the end"))
    assert state.is_terminal
    assert evaluate(state, leaf=True) == state.returns()


def test_without_win_scales_the_leaf_squashes_by_the_fixed_scale() -> None:
    """Nothing is listed by default: every count squashes by ``LEAD_SCALE`` as the heuristic."""
    assert WIN_SCALES == {}
    assert lead_scale(3, 5.0) == LEAD_SCALE


def test_a_win_scale_law_sharpens_the_leaf_near_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a law listed the same leads are squashed by a scale that shrinks with tiles left."""
    state = played(3, seed=11, decisions=30)
    left = tiles_left(state)
    assert 0 < left < 10
    fixed = fitted_lead_values(state)
    assert fixed is not None
    monkeypatch.setitem(WIN_SCALES, 3, (5.0, 1.0, 30.0))
    assert lead_scale(3, left) == pytest.approx(5.0 + left)
    assert lead_scale(3, 40.0) == 30.0
    sharper = fitted_lead_values(state)
    assert sharper is not None
    for before, after in zip(fixed, sharper, strict=True):
        # The same lead over a smaller scale: the same sign, further from zero.
        assert math.copysign(1.0, before) == math.copysign(1.0, after)
        assert abs(after) > abs(before)
