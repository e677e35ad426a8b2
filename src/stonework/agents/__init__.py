"""AI players: random, greedy, flat Monte Carlo, MCTS and information-set MCTS.

Every agent answers ``agent.act(state, rng)`` with a legal action for the seat to move, and reads
only what that seat may see (it searches ``state.determinize(seat, rng)``, never the true hidden
state). Build one by name:

>>> from stonework.agents import make_agent
>>> make_agent("mcts", iterations=200, depth="end").describe()
'mcts (200 it, playout depth end, greedy 0)'
>>> make_agent("mcts", seconds=1.0).describe()  # each game's own settings (agents.tuning)
"mcts (1 s, game's default playout)"
"""

from stonework.agents.base import Agent, Budget, evaluate, score_values
from stonework.agents.catalog import (
    AGENTS,
    agent_from_spec,
    list_agents,
    make_agent,
    parse_agent_spec,
    strongest_agent,
)
from stonework.agents.flatmc import FlatMCAgent
from stonework.agents.mcts import MCTSAgent
from stonework.agents.playout import Playout, run_playout
from stonework.agents.simple import GreedyAgent, RandomAgent

__all__ = [
    "AGENTS",
    "Agent",
    "Budget",
    "FlatMCAgent",
    "GreedyAgent",
    "MCTSAgent",
    "Playout",
    "RandomAgent",
    "agent_from_spec",
    "evaluate",
    "list_agents",
    "make_agent",
    "parse_agent_spec",
    "run_playout",
    "score_values",
    "strongest_agent",
]
