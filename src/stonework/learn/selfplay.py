"""Self-play games with the ``az`` search, turned into training samples, and strength matches.

A self-play game records, at every decision, the observation tensor of the seat to move (its
own view only), the visit counts of the search's root as the policy target, and, once the game
is over, the final returns rotated to that seat as the value target (returns are rank-based,
so at 3-4 players the target is the seat's standing against the field). Each task is a plain
picklable tuple so that worker processes and Ray run the same function.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stonework.agents.az import AZAgent
from stonework.agents.base import Agent, Budget
from stonework.core.registry import get_game
from stonework.core.state import CHANCE
from stonework.learn.network import Network, require_numpy


@dataclass(frozen=True)
class SelfPlayTask:
    """One self-play game: the network, the search size and the seed."""

    network: Network
    simulations: int
    seed: int
    temperature_moves: int = 8
    """Moves per seat played by sampling visits (exploration); later ones take the most visited."""
    noise: float = 0.25


@dataclass
class Samples:
    """Training samples as numpy arrays: inputs, policy targets (dense), value targets."""

    inputs: Any
    policies: Any
    values: Any

    def __len__(self) -> int:
        return int(self.inputs.shape[0])


def play_selfplay_game(task: SelfPlayTask) -> Samples:
    """Play one game of the network against itself; its samples."""
    numpy = require_numpy()
    info = task.network.info
    spec = get_game(info.game)
    rng = random.Random(task.seed)
    state = spec.new_state(info.players, spec.options.resolve(info.game, {}))
    explore = AZAgent(
        task.network, Budget(iterations=task.simulations), temperature=1.0, noise=task.noise
    )
    exploit = AZAgent(task.network, Budget(iterations=task.simulations), noise=task.noise)
    inputs: list[list[float]] = []
    policies: list[Any] = []
    seats: list[int] = []
    decisions = 0
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        agent = explore if decisions < task.temperature_moves * info.players else exploit
        tensor = state.observation_tensor(seat)
        action = agent.act(state, rng)
        decisions += 1
        visits = agent.last_visits
        if visits:  # a forced move teaches nothing about the policy
            target = numpy.zeros(info.actions, dtype=numpy.float32)
            total = sum(visits.values())
            for a, v in visits.items():
                target[state.action_id(a)] = v / total
            inputs.append(tensor)
            policies.append(target)
            seats.append(seat)
        state.apply(action)
    returns = state.returns()
    n = info.players
    values = [[returns[(seat + k) % n] for k in range(n)] for seat in seats]
    return Samples(
        numpy.asarray(inputs, dtype=numpy.float32).reshape(len(inputs), info.inputs),
        numpy.asarray(policies, dtype=numpy.float32).reshape(len(inputs), info.actions),
        numpy.asarray(values, dtype=numpy.float32).reshape(len(inputs), n),
    )


def join(parts: list[Samples]) -> Samples:
    """All samples of ``parts`` in one set (in order)."""
    numpy = require_numpy()
    return Samples(
        numpy.concatenate([p.inputs for p in parts]),
        numpy.concatenate([p.policies for p in parts]),
        numpy.concatenate([p.values for p in parts]),
    )


@dataclass(frozen=True)
class StrengthTask:
    """One game of the network's ``az`` search against a fixed opponent, seats given."""

    network: Network
    simulations: int
    opponent: str
    az_seat: int
    seed: int


def play_strength_game(task: StrengthTask) -> float:
    """The ``az`` seat's return (1 a win, -1 a loss at two players) in one game."""
    from stonework.agents.catalog import agent_from_spec

    info = task.network.info
    spec = get_game(info.game)
    rng = random.Random(task.seed)
    state = spec.new_state(info.players, spec.options.resolve(info.game, {}))
    seats: list[Agent] = [agent_from_spec(task.opponent) for _ in range(info.players)]
    seats[task.az_seat] = AZAgent(task.network, Budget(iterations=task.simulations))
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(seats[seat].act(state, rng))
    return float(state.returns()[task.az_seat])
