"""The exact endgame solver: its values against plain minimax, Aztec's compact rules against its
states, and ``az``'s ``solve=`` playing won and drawn endgames exactly."""

from __future__ import annotations

import random

import pytest

from stonework.agents.endgame import (
    DRAW,
    LOSS,
    WIN,
    EndgameSolver,
    OutOfBudget,
    solvable,
)
from stonework.core import State, new_game
from stonework.core.state import TERMINAL


def near_the_end(left: int, seed: int, **options: str) -> State:
    """A two-player Aztec game played at random until ``left`` placements remain."""
    state = new_game("aztec", players=2, seed=seed, **options)
    rng = random.Random(seed)
    while state.decisions_left() != left:
        assert not state.is_terminal, "this seed's game ended early"
        state.apply(state.random_action(rng))
    return state


def minimax(state: State, seat: int) -> int:
    """Won, drawn or lost for ``seat`` by plain minimax over the game's states (no pruning)."""
    player = state.current_player
    if player == TERMINAL:
        mine = state.returns()[seat]
        return WIN if mine > 0 else LOSS if mine < 0 else DRAW
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(minimax(child, seat))
    return max(values) if player == seat else min(values)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solver_values_are_those_of_plain_minimax(seed: int) -> None:
    state = near_the_end(3, seed)
    seat = state.current_player
    verdict = EndgameSolver().verdict(state)
    assert verdict.value == minimax(state, seat)
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        kept = minimax(child, seat) == verdict.value
        assert kept == (state.action_id(action) in verdict.best)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(4, {}), (5, {"corners": "none"}), (6, {"no_move": "lose"}), (7, {"starter": "east_west"})],
)
def test_compact_aztec_rules_agree_with_the_states(seed: int, options: dict[str, str]) -> None:
    state = new_game("aztec", players=2, seed=seed, **options)
    compact = state.compact_rules()
    assert compact is not None
    rules, position = compact
    rng = random.Random(seed)
    while True:
        assert position == rules.key(position)
        assert rules.mover(position) == state.current_player
        if state.is_terminal:
            for seat in (0, 1):
                returned = state.returns()[seat]
                assert rules.outcome(position, seat) == (returned > 0) - (returned < 0)
            break
        assert list(rules.moves(position)) == state.legal_action_ids()
        totals = state.score_totals()
        assert rules.lead(position, 0) == totals[0] - totals[1]
        action = state.random_action(rng)
        position = rules.play(position, state.action_id(action))
        state.apply(action)
    assert new_game("aztec", players=3).compact_rules() is None


@pytest.mark.parametrize("seed", [8, 9])
def test_compact_rules_and_states_give_the_same_verdicts(seed: int) -> None:
    state = near_the_end(4, seed)
    compact = EndgameSolver().verdict(state)
    states = EndgameSolver(through_states=True).verdict(state)
    # The node counts differ: the position string tells apart positions the cells do not.
    assert (compact.value, compact.best) == (states.value, states.best)


def test_the_solver_reports_what_it_cannot_do() -> None:
    with pytest.raises(ValueError, match="cannot be solved"):
        EndgameSolver().value(new_game("zapotec", players=2, seed=0))
    assert not solvable(new_game("akropolis", players=2, seed=0))
    state = near_the_end(1, 10)
    state.apply(state.legal_actions()[0])
    assert state.is_terminal
    with pytest.raises(ValueError, match="game is over"):
        EndgameSolver().value(state)
    with pytest.raises(OutOfBudget):
        EndgameSolver(node_limit=300).value(near_the_end(8, 11))
    with pytest.raises(OutOfBudget):
        EndgameSolver(stop=lambda: True).value(near_the_end(8, 11))


def test_a_kept_table_answers_later_positions_of_the_game() -> None:
    state = near_the_end(5, 12)
    solver = EndgameSolver()
    value, action = solver.solve(state)
    nodes = solver.nodes
    state.apply(state.action_from_id(action))
    again = solver.solve(state)[0]
    assert again == -value  # the other seat's side of the same result
    assert solver.nodes - nodes < nodes


def find_position(value: int, left: int = 4) -> State:
    """A position ``left`` placements from the end whose seat to move has ``value``."""
    for seed in range(40):
        state = near_the_end(left, seed)
        if EndgameSolver().value(state) == value:
            return state
    raise AssertionError(f"no position of value {value} in 40 seeds")


@pytest.mark.parametrize("value", [WIN, DRAW])
def test_az_with_solve_keeps_a_won_or_drawn_endgame(value: int) -> None:
    pytest.importorskip("numpy")
    from stonework.agents.catalog import agent_from_spec

    state = find_position(value)
    seat = state.current_player
    agent = agent_from_spec("az:200:solve=4")
    assert "solved 4 from the end" in agent.describe()
    rng = random.Random(0)
    while not state.is_terminal:
        if state.current_player == seat:
            action = agent.act(state, rng)
            # The random rival may throw a draw away, never a win.
            assert agent.last_solved >= value  # type: ignore[attr-defined]
        else:
            action = state.random_action(rng)
        state.apply(action)
    assert state.returns()[seat] >= value


def test_az_solve_is_off_by_default_and_beyond_its_reach() -> None:
    pytest.importorskip("numpy")
    from stonework.agents.catalog import agent_from_spec

    off = agent_from_spec("az:10")
    far = agent_from_spec("az:10:solve=3")
    state = near_the_end(4, 13)
    for agent in (off, far):
        agent.act(state, random.Random(0))
        assert agent.last_solved is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("setting", ["solve=x", "solve=-1", "solve=1.5"])
def test_az_refuses_a_bad_solve_setting(setting: str) -> None:
    pytest.importorskip("numpy")
    from stonework.agents.catalog import agent_from_spec

    with pytest.raises(ValueError, match="solve is a number of decisions left"):
        agent_from_spec(f"az:10:{setting}")
