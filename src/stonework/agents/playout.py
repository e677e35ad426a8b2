"""Playouts (rollouts): finishing a simulated game cheaply to estimate who wins from a position.

A playout plays on a determinized copy with ``apply_unchecked`` (the hot path, no legality
checks), samples chance by its odds, and stops at the end of the game or after ``depth``
decisions, where the position is evaluated (game heuristic or score margin).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stonework.agents.base import Values, evaluate
from stonework.core.rng import Rng
from stonework.core.state import CHANCE, TERMINAL, State


@dataclass(frozen=True)
class Playout:
    """How to finish a simulated game.

    ``depth``: decisions played before evaluating (``None``: to the end of the game; 0: evaluate
    at once). ``greedy``: the probability that a decision is greedy-biased: ``sample`` random
    candidates are each looked at one ply ahead and the best one played; otherwise the move is
    uniformly random. Greedy bias needs a game heuristic and is skipped without one. ``leaf``:
    a playout cut off by ``depth`` is judged by the game's search estimate
    (``State.leaf_heuristic``) where it has one; the moves are still chosen by the heuristic,
    as greedy players choose them.
    """

    depth: int | None = None
    greedy: float = 0.0
    sample: int = 4
    leaf: bool = False

    def describe(self) -> str:
        """Short text for reports."""
        depth = "end" if self.depth is None else str(self.depth)
        leaf = ", leaf estimate" if self.leaf else ""
        return f"playout depth {depth}, greedy {self.greedy:g}{leaf}"


def _greedy_step(state: State, seat: int, sample: int, rng: Rng) -> object:
    actions = state.legal_actions()
    if len(actions) > sample:
        actions = rng.sample(actions, sample)
    best_value = -10.0
    best = actions[0]
    for action in actions:
        child = state.clone()
        child.apply_unchecked(action)
        if child.is_terminal:
            value = 2.0 * child.returns()[seat]
        else:
            heuristic = child.heuristic()
            value = 0.0 if heuristic is None else heuristic[seat]
        if value > best_value:
            best_value, best = value, action
    return best


def run_playout(
    state: State,
    policy: Playout,
    rng: Rng,
    has_heuristic: bool,
    judge: Callable[[State], Values] | None = None,
) -> Values:
    """Play ``state`` (a determinized copy, changed in place) per ``policy``; per-seat values.

    ``judge``, if given, values a playout cut off by ``depth`` instead of the game's own
    evaluation (a learned leaf value, say); the end of the game is still judged by its returns.
    """
    decisions = 0
    depth = policy.depth
    greedy = policy.greedy if has_heuristic else 0.0
    while True:
        player = state.current_player
        if player == TERMINAL:
            return state.returns()
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        if depth is not None and decisions >= depth:
            return evaluate(state, policy.leaf) if judge is None else judge(state)
        if greedy > 0.0 and rng.random() < greedy:
            state.apply_unchecked(_greedy_step(state, player, policy.sample, rng))
        else:
            state.apply_unchecked(state.random_action(rng))
        decisions += 1
