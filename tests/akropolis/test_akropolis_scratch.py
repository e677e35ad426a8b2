"""Scratch copies (``State.scratch_copy``): a one-ply look-ahead lays its tile into its lender's
lists and undoes it, instead of copying 1,801 columns. What it may never do: change what the
original or any other city holds, or leave a derived value (a memo) that a fresh position would
not give."""

from __future__ import annotations

import random

import pytest

import stonework
from stonework.agents.base import evaluate
from stonework.agents.simple import greedy_ranking, one_ply_value
from stonework.core import CHANCE, derive_rng
from stonework.games.akropolis import AkropolisState


def _lists(state: AkropolisState) -> list[tuple[list[int], list[int], list[tuple[int, int]]]]:
    return [(c.columns.copy(), c.cells.copy(), c.placements.copy()) for c in state.cities]


def _value(child: AkropolisState, action: object, seat: int) -> float:
    child.apply_unchecked(action)
    if child.current_player == CHANCE:
        child.apply_unchecked(child.sample_chance(random.Random(1)))
    return evaluate(child)[seat]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scratch_values_equal_clone_values_and_leave_the_original_as_it_was(players: int) -> None:
    for seed in range(3):
        state = stonework.new_game("akropolis", players=players, seed=seed)
        assert isinstance(state, AkropolisState)
        rng = derive_rng(seed, "scratch")
        while not state.is_terminal:
            if not state.is_chance_node:
                seat = state.current_player
                before, lists = state.position(), _lists(state)
                for action in state.legal_actions()[::11]:
                    # Scratch first, so that any memo it leaves is what the clone then reads.
                    child = state.scratch_copy()
                    try:
                        scratched = _value(child, action, seat)
                    finally:
                        child.drop_scratch()
                    assert state.position() == before and _lists(state) == lists
                    assert scratched == _value(state.clone(), action, seat)
                fresh = state.spec.from_position(state.position())
                assert state.heuristic() == fresh.heuristic()  # no poisoned memo
            state.apply(state.random_action(rng))


def test_greedy_ranking_leaves_every_city_of_a_fresh_game_alone() -> None:
    # At the start every city (and every new game's) shares the starting city's lists: a
    # scratch tile must go into a copy the lender takes, never into those.
    state = stonework.new_game("akropolis", players=4, seed=2)
    other = stonework.new_game("akropolis", players=4, seed=3)
    others = _lists(other)
    seat = state.current_player
    world = state.clone()
    ranking = greedy_ranking(world, seat, random.Random(0))
    assert _lists(other) == others
    assert all(c.cells == other.cities[0].cells for c in state.cities)
    assert [round(v, 9) for v, _ in ranking][:5] == [
        round(one_ply_value(state.clone(), a, seat, random.Random(0)), 9) for _, a in ranking[:5]
    ]


def test_a_copy_of_a_scratch_copy_is_independent() -> None:
    state = stonework.new_game("akropolis", players=2, seed=4)
    assert isinstance(state, AkropolisState)
    world = state.clone()
    action = world.legal_actions()[0]
    first = world.scratch_copy()
    first.apply_unchecked(action)  # the lender takes lists of its own here
    first.drop_scratch()
    child = world.scratch_copy()
    kept = child.clone()  # outlives the drop: must own what it holds
    child.drop_scratch()
    lists = _lists(kept)
    later = world.scratch_copy()
    later.apply_unchecked(action)
    assert _lists(kept) == lists  # while the lender's lists hold the scratch tile
    later.drop_scratch()
    kept.apply(action)
    assert kept.position() != world.position()
