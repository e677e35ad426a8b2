"""A one-world search keeps the legal actions of its well-visited nodes (``Node.legal``): the
tree it grows must be the one it grew before, when every visit listed them again."""

from __future__ import annotations

import random

import pytest

import agent_toys
import stonework
from stonework.agents import mcts
from stonework.agents.base import Budget
from stonework.agents.mcts import MCTSAgent
from stonework.core import derive_rng
from stonework.core.compiled import compiled_status


def _root(game: str, players: int, seed: int, mode: str) -> list[tuple[str, int, list[float]]]:
    if game == "nim":
        # Outcomes of +-1 and no heuristic: children tie often, so the order they are taken in
        # decides UCT's choice (and the tree) where the legal list's order is not kept.
        state = agent_toys.NIM.new_state(2, {"heaps": "5,6,7,9"})
        return _report(state, seed, mode)
    state = stonework.new_game(game, players=players, seed=seed)
    rng = derive_rng(seed, "kept-legal")
    for _ in range(12):
        state.apply(state.random_action(rng))
        while state.is_chance_node:
            state.apply(state.random_action(rng))
    return _report(state, seed, mode)


def _report(state: stonework.State, seed: int, mode: str) -> list[tuple[str, int, list[float]]]:
    agent = MCTSAgent(Budget(iterations=400), mode=mode)  # type: ignore[arg-type]
    agent.stop_early = False
    report = agent.root_statistics(state, random.Random(seed))
    return [(str(c.action), c.visits, [round(v, 12) for v in c.values]) for c in report.children]


@pytest.mark.skipif(
    compiled_status().get("stonework.agents.mcts", False),
    reason="a compiled constant cannot be patched",
)
@pytest.mark.parametrize(
    ("game", "players", "mode"),
    [
        ("nim", 2, "mcts"),
        ("akropolis", 2, "mcts"),
        ("akropolis", 3, "mcts"),
        ("zapotec", 2, "mcts"),
        ("aztec", 2, "mcts"),
    ],
)
def test_kept_legal_lists_grow_the_same_tree(
    game: str, players: int, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    after = mcts.KEEP_LEGAL_AFTER
    kept = _root(game, players, 5, mode)
    monkeypatch.setattr(mcts, "KEEP_LEGAL_AFTER", 10**9)  # never kept: listed at every visit
    listed = _root(game, players, 5, mode)
    assert kept == listed
    assert max(visits for _, visits, _ in kept) > 4 * after
