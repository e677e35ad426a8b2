"""Speed of an agent playing a game against itself: ``stonework bench GAME --agent SPEC``.

Every seat is played by the same agent spec (``greedy``, ``mcts:0.2s``, ...) from the start of a
seeded game, chance sampled, until the time budget is used; the last game may stop part way.
Figures are per second of wall time spent in this process, like :mod:`stonework.core.bench`:
run on an idle machine and compare as ratios. Searches report their simulations per second
(``last_iterations`` summed over decisions, divided by the time spent deciding).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from stonework.agents.catalog import make_agent, parse_agent_spec
from stonework.core.registry import get_game
from stonework.core.rng import derive_rng
from stonework.core.state import CHANCE, State


@dataclass
class AgentBenchResult:
    """What one agent benchmark measured."""

    game: str
    players: int
    options: dict[str, Any]
    agent: str
    seconds: float
    games: int
    games_per_second: float
    decisions: int
    decisions_per_second: float
    mean_decision_ms: float
    simulations: int
    simulations_per_second: float
    """0 for agents that do not search (``random``, ``greedy``)."""
    simulations_per_decision: float

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form (``stonework bench --agent SPEC --json``)."""
        return asdict(self)


def agent_bench(
    name: str,
    spec: str,
    players: int | None = None,
    seconds: float = 5.0,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    **options: object,
) -> AgentBenchResult:
    """Play ``spec`` against itself for about ``seconds`` and count games, decisions, simulations.

    ``progress`` is called with the fraction of the time budget used, after each decision.
    Raises ``ValueError`` for an unknown agent or setting (as :func:`parse_agent_spec` does).
    """
    game = get_game(name)
    count = game.default_players if players is None else players
    resolved = game.options.resolve(name, options)
    agent_name, settings = parse_agent_spec(spec)
    agents = [make_agent(agent_name, **settings) for _ in range(count)]
    rng = derive_rng(seed, "bench-agent", name, count)
    games = decisions = simulations = 0
    deciding = 0.0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    state: State = game.new_state(count, dict(resolved))
    while True:
        if state.is_terminal:
            games += 1
            state = game.new_state(count, dict(resolved))
        seat = state.current_player
        if seat == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        agent = agents[seat]
        t0 = clock()
        action = agent.act(state, rng)
        now = clock()
        deciding += now - t0
        decisions += 1
        simulations += int(getattr(agent, "last_iterations", 0))
        # Agents answer with an action from legal_actions(): the trusted path, as in play.
        state.apply_unchecked(action)
        if progress is not None:
            progress(min(1.0, (now - start) / seconds))
        if now >= deadline:
            break
    if state.is_terminal:
        games += 1
    elapsed = clock() - start
    return AgentBenchResult(
        game=name,
        players=count,
        options=dict(resolved),
        agent=spec,
        seconds=round(elapsed, 3),
        games=games,
        games_per_second=round(games / elapsed, 3),
        decisions=decisions,
        decisions_per_second=round(decisions / elapsed, 2),
        mean_decision_ms=round(1e3 * deciding / max(1, decisions), 3),
        simulations=simulations,
        simulations_per_second=round(simulations / deciding, 1) if deciding > 0 else 0.0,
        simulations_per_decision=round(simulations / max(1, decisions), 1),
    )
