"""Flat Monte Carlo: playouts from each legal action, shared out by UCB1, best average wins.

No tree: each iteration picks a root action with UCB1, plays it on a fresh determinization of
what the seat sees, finishes the game with a (greedy-biased) playout and credits the result to
that action. In tile-laying games this is reported to rival plain UCT; it is also the simplest
search that cannot read hidden information.
"""

from __future__ import annotations

import math

from stonework.agents.base import Agent, Budget, check_turn, fork_rng
from stonework.agents.playout import Playout, run_playout
from stonework.agents.simple import greedy_ranking
from stonework.core.rng import Rng
from stonework.core.state import Action, State


class FlatMCAgent(Agent):
    """Flat Monte Carlo with UCB1 allocation over the root actions."""

    name = "flatmc"

    def __init__(
        self,
        budget: Budget,
        playout: Playout | None = None,
        exploration: float = 0.7,
        max_actions: int = 24,
    ) -> None:
        self.budget = budget
        self.playout = playout or Playout(depth=None, greedy=0.5)
        self.exploration = exploration
        self.max_actions = max_actions
        self.last_iterations = 0

    def describe(self) -> str:
        """Name, budget and playout."""
        return f"flatmc ({self.budget.describe()}, {self.playout.describe()})"

    def act(self, state: State, rng: Rng) -> Action:
        """The root action with the best mean playout value for the seat to move."""
        seat = check_turn(state)
        run = self.budget.start()
        det_rng = fork_rng(rng)
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        has_heuristic = state.determinize(seat, det_rng).heuristic() is not None
        if len(actions) > self.max_actions:
            # Too many actions to sample each often: keep the greedy favourites and a few others,
            # so a good move the heuristic misjudges still has a chance.
            ranked = greedy_ranking(state.determinize(seat, det_rng), seat, rng, run.out_of_time)
            keep = self.max_actions * 3 // 4
            rest = [a for _, a in ranked[keep:]]
            actions = [a for _, a in ranked[:keep]] + rng.sample(rest, self.max_actions - keep)
        visits = [0] * len(actions)
        totals = [0.0] * len(actions)
        while run.more():
            n = run.done
            if n < len(actions):
                pick = n
            else:
                log_n = math.log(n)
                pick = max(
                    range(len(actions)),
                    key=lambda i: (
                        totals[i] / visits[i] + self.exploration * math.sqrt(log_n / visits[i])
                    ),
                )
            world = state.determinize(seat, det_rng)
            world.apply_unchecked(actions[pick])
            values = run_playout(world, self.playout, rng, has_heuristic)
            visits[pick] += 1
            totals[pick] += values[seat]
            run.done += 1
        self.last_iterations = run.done
        best = max(
            (i for i in range(len(actions)) if visits[i]),
            key=lambda i: (totals[i] / visits[i], visits[i]),
        )
        return actions[best]
