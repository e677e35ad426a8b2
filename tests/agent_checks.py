"""Shared checks for agents: small budgets, playing out games, the hidden-information swap."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator

from stonework.agents import make_agent
from stonework.agents.base import Agent
from stonework.core import new_game
from stonework.core.state import Action, State, observation_json

SEARCH_AGENTS = ["flatmc", "mcts", "ismcts", "medium", "hard"]
ALL_AGENTS = ["random", "greedy", "easy", *SEARCH_AGENTS]


def small(name: str, iterations: int = 40, **settings: object) -> Agent:
    """An agent with a budget small enough for tests (iterations, never seconds)."""
    if name == "leaky":
        return LeakyAgent()
    if name in ("random", "greedy", "easy"):
        return make_agent(name)
    return make_agent(name, iterations=iterations, **settings)


def play(state: State, agents: list[Agent], rng: random.Random) -> State:
    """Play to the end; ``apply`` (checked) raises if an agent returns an illegal action."""
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(agents[state.current_player].act(state.clone(), rng))
    return state


class LeakyAgent(Agent):
    """Reads the true state (what an honest agent must never do): the test below must catch it."""

    def act(self, state: State, rng: random.Random) -> Action:
        actions = state.legal_actions()
        return actions[zlib.crc32(state.position().encode()) % len(actions)]


def swapped_worlds(state: State, seat: int, limit: int = 5) -> Iterator[State]:
    """States that ``seat`` cannot tell from ``state`` (same observation) whose hidden parts differ."""
    found = 0
    for s in range(20):
        other = state.determinize(seat, random.Random(1000 + s))
        if other.position() != state.position() and found < limit:
            found += 1
            assert observation_json(other, seat) == observation_json(state, seat)
            yield other


def hidden_info_positions(
    game: str, players: int, count: int = 3, max_plies: int = 4
) -> list[State]:
    """Decision states of a hidden-information game, reached by random play."""
    positions = []
    for seed in range(count):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, max_plies)):
            if state.is_terminal:
                break
            state.apply(state.random_action(rng))
        while state.is_chance_node:
            state.apply(state.sample_chance(rng))
        if not state.is_terminal:
            positions.append(state)
    return positions


def choices_ignore_hidden_information(
    agent_name: str, state: State, iterations: int = 40, **settings: object
) -> bool:
    """True if the agent chooses the same in every world the seat to move cannot tell apart."""
    seat = state.current_player
    worlds = list(swapped_worlds(state, seat))
    assert worlds, "no other world found: the test would prove nothing"
    for other in worlds:
        for s in range(2):
            agent = small(agent_name, iterations, **settings)
            mine = agent.act(state.clone(), random.Random(s))
            agent = small(agent_name, iterations, **settings)
            theirs = agent.act(other.clone(), random.Random(s))
            if mine != theirs:
                return False
    return True
