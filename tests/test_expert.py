"""The ``expert`` level picks what ships for the table: ``az`` on Aztec's network, the tree search
on a shipped leaf network (``leafnet=shipped``), and says so where nothing ships."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("numpy")

import stonework
import stonework.agents.mcts as mcts_module
from stonework.agents.az import AZAgent
from stonework.agents.catalog import agent_from_spec, expert_players
from stonework.agents.expert import ExpertAgent, expert_ships
from stonework.agents.leaf_values import load_leaf_value
from stonework.agents.mcts import MCTSAgent
from stonework.agents.playout import Playout
from stonework.agents.root_report import SearchUnavailable
from stonework.agents.shipped_leaf import SHIPPED_LEAF, ShippedLeafNet, shipped_leaf_path
from stonework.core.state import State


def ready(game: str, players: int, seed: int = 1) -> State:
    state = stonework.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while state.current_player < 0:
        state.apply(state.sample_chance(rng))
    return state


def test_every_shipped_leaf_network_loads_for_its_game_and_player_count() -> None:
    assert SHIPPED_LEAF, "a leaf network ships"
    for (game, players), entry in SHIPPED_LEAF.items():
        path = shipped_leaf_path(game, players)
        assert path is not None and path.endswith(entry.file)
        net = load_leaf_value(path)
        state = ready(game, players)
        net.check(state)
        values = net(state)
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        expert = agent_from_spec("expert:iterations=10")
        assert isinstance(expert, ExpertAgent)
        tree = expert.agent_for(state)
        assert isinstance(tree, MCTSAgent) and tree.leaf_value is not None
        assert expert.act(state, random.Random(0)) in state.legal_actions()
    assert shipped_leaf_path("akropolis", 4) is None
    assert shipped_leaf_path("aztec", 2) is None


def test_leafnet_shipped_plays_the_shipped_network_and_refuses_other_tables() -> None:
    judge = ShippedLeafNet()
    two = ready("akropolis", 2)
    judge.check(two)
    assert judge(two) == load_leaf_value(str(shipped_leaf_path("akropolis", 2)))(two)
    with pytest.raises(ValueError, match="no leaf network is shipped for akropolis at 3 players"):
        judge.check(ready("akropolis", 3))
    with pytest.raises(ValueError, match="no leaf network is shipped for aztec at 2 players"):
        judge.check(ready("aztec", 2))
    agent = agent_from_spec("hard:leafnet=shipped:iterations=20")
    assert agent.act(two, random.Random(0)) in two.legal_actions()


def test_leafnet_shipped_plays_the_depth_its_network_was_measured_with() -> None:
    zapotec = ready("zapotec", 2)
    hard = agent_from_spec("hard:iterations=30")
    shipped = agent_from_spec("hard:leafnet=shipped:iterations=30")
    given = agent_from_spec("hard:leafnet=shipped:depth=8")
    assert isinstance(hard, MCTSAgent) and isinstance(shipped, MCTSAgent)
    assert isinstance(given, MCTSAgent)
    assert hard.playout_for(zapotec).depth == 8  # the game's default, for the hand estimate
    assert SHIPPED_LEAF[("zapotec", 2)].depth == 0
    assert shipped.playout_for(zapotec) == replace(hard.playout_for(zapotec), depth=0)
    assert given.playout_for(zapotec).depth == 8  # a playout setting given wins
    three = ready("akropolis", 3)  # nothing ships there: the game's own playout
    assert shipped.playout_for(three) == hard.playout_for(three)
    assert shipped.playout_for(ready("zapotec", 3)).depth == 0
    assert shipped.playout_for(ready("zapotec", 4)).depth == 0
    assert "measured with" in shipped.describe()


@pytest.mark.skipif(
    not (mcts_module.__file__ or "").endswith(".py"),
    reason="compiled code calls run_playout directly, past the spy",
)
def test_leafnet_shipped_searches_at_that_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    zapotec = ready("zapotec", 2)
    hard = agent_from_spec("hard:iterations=30")
    shipped = agent_from_spec("hard:leafnet=shipped:iterations=30")
    depths: list[int | None] = []
    real = mcts_module.run_playout

    def spy(state: State, policy: Playout, *args: Any) -> Any:
        depths.append(policy.depth)
        return real(state, policy, *args)

    monkeypatch.setattr(mcts_module, "run_playout", spy)
    shipped.act(zapotec, random.Random(0))
    assert depths and set(depths) == {0}
    depths.clear()
    hard.act(zapotec, random.Random(0))
    assert depths and set(depths) == {8}


def test_expert_picks_the_search_by_game_and_player_count() -> None:
    agent = agent_from_spec("expert:iterations=20")
    assert isinstance(agent, ExpertAgent)
    assert agent.describe() == "expert (20 it, the learned search shipped for the table)"
    akropolis = ready("akropolis", 2)
    assert isinstance(agent.agent_for(akropolis), MCTSAgent)
    assert agent.act(akropolis, random.Random(0)) in akropolis.legal_actions()
    assert "learned leaf value" in agent.describe() and agent.describe().startswith("expert")
    aztec = ready("aztec", 2)
    assert isinstance(agent.agent_for(aztec), AZAgent)
    assert agent.act(aztec, random.Random(0)) in aztec.legal_actions()
    assert "network aztec 2p" in agent.describe()
    zapotec = ready("zapotec", 2)
    tree = agent.agent_for(zapotec)
    assert isinstance(tree, MCTSAgent) and tree.leaf_value is not None
    assert tree.playout_for(zapotec).depth == 0  # as measured: no playout
    assert tree.playout_for(akropolis) == agent_from_spec("hard").playout_for(akropolis)
    assert agent.act(zapotec, random.Random(0)) in zapotec.legal_actions()
    for players in (3, 4):
        table = ready("zapotec", players)
        assert tree.playout_for(table).depth == 0
        assert agent.act(table, random.Random(0)) in table.legal_actions()
    for game, players in (("akropolis", 3), ("akropolis", 4), ("aztec", 3)):
        assert not expert_ships(game, players)
        with pytest.raises(SearchUnavailable, match=f"no network is shipped for {game}"):
            agent.act(ready(game, players), random.Random(0))


def test_expert_plays_aztec_with_light_playouts_and_a_solved_endgame() -> None:
    agent = agent_from_spec("expert:iterations=20")
    aztec = ready("aztec", 2)
    assert agent.act(aztec, random.Random(0)) in aztec.legal_actions()
    assert "rollout 0.3, solved 7 from the end" in agent.describe()


def test_expert_refuses_settings_its_tree_search_does_not_read() -> None:
    agent = agent_from_spec("expert:iterations=20:rollout=0.3")
    aztec = ready("aztec", 2)
    assert agent.act(aztec, random.Random(0)) in aztec.legal_actions()
    with pytest.raises(SearchUnavailable, match="rollout does not apply"):
        agent.act(ready("akropolis", 2), random.Random(0))
    with pytest.raises(ValueError, match="use az for network="):
        agent_from_spec("expert:network=x.npz")


def test_expert_is_offered_where_something_ships() -> None:
    assert expert_players("akropolis") == sorted(p for g, p in SHIPPED_LEAF if g == "akropolis")
    assert expert_players("aztec") == [2]
    assert expert_players("zapotec") == [2, 3, 4]


def test_a_budget_set_on_expert_reaches_both_searches() -> None:
    from stonework.agents.base import Budget

    agent = agent_from_spec("expert:iterations=20")
    assert isinstance(agent, ExpertAgent)
    agent.budget = Budget(iterations=7)
    state = ready("akropolis", 2)
    agent.act(state, random.Random(0))
    assert agent.tree.budget is agent.budget
    assert agent.budget is agent.az.budget
    assert agent.last_iterations == 7


def test_expert_orders_the_root_by_the_network_where_that_was_measured_better() -> None:
    from stonework.agents.mcts import leaf_net_rank
    from stonework.agents.shipped_leaf import ShippedLeafNet

    shipped = ShippedLeafNet()
    assert leaf_net_rank(shipped, "auto", ready("akropolis", 2)) == "root"
    for players in (2, 3, 4):  # not measured at Zapotec: the heuristic's order
        assert leaf_net_rank(shipped, "auto", ready("zapotec", players)) == "off"
    agent = agent_from_spec("expert:iterations=20")
    assert isinstance(agent, ExpertAgent)
    tree = agent.agent_for(ready("akropolis", 2))
    assert isinstance(tree, MCTSAgent) and tree.net_rank == "auto"
