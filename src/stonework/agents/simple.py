"""The baselines: a uniformly random player and a one-ply greedy player."""

from __future__ import annotations

import math
from collections.abc import Callable

from stonework.agents.base import Agent, Values, check_turn, evaluate, fork_rng
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, Action, State

WIN_BONUS = 2.0
"""Added to the value of an action that ends the game, so a won game beats any heuristic (±1)."""


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def act(self, state: State, rng: Rng) -> Action:
        """A uniformly random legal action."""
        check_turn(state)
        return rng.choice(state.legal_actions())


def one_ply_value(
    state: State,
    action: Action,
    seat: int,
    rng: Rng,
    judge: Callable[[State], Values] | None = None,
) -> float:
    """The value for ``seat`` of playing ``action`` in (determinized) ``state``.

    A chance node right after the action (a tile reveal, a draw) is resolved by one sample: the
    heuristic of a game is defined on decision states, and one draw is as the player would see it.
    ``judge`` (a learned leaf value, say) values the position reached instead of the game's
    heuristic, unless the game ended there.
    """
    # A scratch copy: looked at once and dropped, so a game may let the move write into what
    # it shares with ``state`` (undone by the drop) rather than copy it.
    child = state.scratch_copy()
    try:
        child.apply_unchecked(action)
        if child.current_player == CHANCE:
            child.apply_unchecked(child.sample_chance(rng))
        if judge is not None and not child.is_terminal:
            value = judge(child)[seat]
        else:
            value = evaluate(child)[seat]
        if child.is_terminal:
            value *= WIN_BONUS
    finally:
        child.drop_scratch()
    return value


def greedy_ranking(
    state: State,
    seat: int,
    rng: Rng,
    stop: Callable[[], bool] | None = None,
    judge: Callable[[State], Values] | None = None,
) -> list[tuple[float, Action]]:
    """Every legal action with its one-ply value, best first (ties in the game's stable order).

    ``stop`` is polled between actions; once it says so, the actions not yet looked at follow
    the ranked ones in their stable order (a search must not overrun its time for a prior).
    ``judge`` values the positions reached instead of the heuristic (:func:`one_ply_value`).
    """
    scored: list[tuple[float, int, Action]] = []
    actions = state.legal_actions()
    for i, action in enumerate(actions):
        if stop is not None and stop():
            rest = [(value, action) for value, _, action in sorted(scored, key=_best_first)]
            return rest + [(-math.inf, a) for a in actions[i:]]
        scored.append((one_ply_value(state, action, seat, rng, judge), i, action))
    scored.sort(key=_best_first)
    return [(value, action) for value, _, action in scored]


def _best_first(item: tuple[float, int, Action]) -> tuple[float, int]:
    return (-item[0], item[1])


class GreedyAgent(Agent):
    """One ply: the action whose resulting position the game's evaluation likes best.

    The evaluation is ``state.heuristic()`` (each game's own: score gain, stones, edge progress,
    resources), or the score margin when a game gives none; ties are broken at random.
    """

    name = "greedy"

    def act(self, state: State, rng: Rng) -> Action:
        """The best action by one-ply evaluation on a determinization of what the seat sees."""
        seat = check_turn(state)
        world = state.determinize(seat, fork_rng(rng))
        ranking = greedy_ranking(world, seat, rng)
        best = ranking[0][0]
        # Compare with a tolerance: heuristics are floats and equal positions must tie.
        ties = [action for value, action in ranking if value >= best - 1e-9]
        return rng.choice(ties)
