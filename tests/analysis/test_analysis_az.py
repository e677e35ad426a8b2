"""Analysis with the learned search (``az``, ``expert``): its root reported as the tree's is."""

from __future__ import annotations

from pathlib import Path

import pytest
from analysis_helpers import settle_chance, swapped, zapotec_decision_with_secrets

np = pytest.importorskip("numpy")

import stonework  # noqa: E402
from stonework.agents.az import AZAgent  # noqa: E402
from stonework.agents.catalog import strongest_agent  # noqa: E402
from stonework.agents.expert import ExpertAgent  # noqa: E402
from stonework.analysis import analyse_decision, analysis_agent, default_agent_spec  # noqa: E402
from stonework.analysis.decision import AnalysisError  # noqa: E402
from stonework.core import derive_rng  # noqa: E402
from stonework.games.zapotec.state import ZapotecState  # noqa: E402
from stonework.learn.network import Network, network_info  # noqa: E402

AZ = "az:iterations=120:rollout=0.5"


def test_the_root_report_counts_every_simulation_and_names_the_move_played() -> None:
    state = stonework.new_game("aztec", players=2, seed=3)
    agent = analysis_agent(AZ)
    assert isinstance(agent, AZAgent)
    report = agent.root_statistics(state.clone(), derive_rng(1, "az"))
    # The first simulation expands the root; every later one goes through one child.
    assert sum(child.visits for child in report.children) == report.iterations - 1 == 119
    assert all(child.earned == child.visits for child in report.children)
    assert report.chosen == max(report.children, key=lambda c: c.visits).action
    # act() runs the same search: the same seed gives the same move.
    assert agent.act(state.clone(), derive_rng(1, "az")) == report.chosen
    for child in report.children:
        assert all(-1.0 <= v <= 1.0 for v in child.values)


def test_the_played_move_gets_its_share_and_does_not_become_the_choice() -> None:
    state = stonework.new_game("aztec", players=2, seed=3)
    agent = analysis_agent(AZ)
    free = agent.root_statistics(state.clone(), derive_rng(1, "az"))  # type: ignore[attr-defined]
    # The legal action the free search liked least (unvisited if there is one).
    visited = {child.action: child.visits for child in free.children}
    played = min(state.legal_actions(), key=lambda a: visited.get(a, 0))
    report = agent.root_statistics(  # type: ignore[attr-defined]
        state.clone(), derive_rng(1, "az"), include=played
    )
    mine = next(child for child in report.children if child.action == played)
    assert mine.visits >= 11  # its 10% of 120 simulations, less the root's first
    assert mine.earned < mine.visits
    chosen = next(child for child in report.children if child.action == report.chosen)
    assert chosen.earned == max(child.earned for child in report.children)
    with pytest.raises(ValueError, match="not a legal action"):
        moved = state.clone()
        moved.apply(played)
        agent.root_statistics(moved, derive_rng(1, "az"), include=played)  # type: ignore[attr-defined]


def test_a_decision_analysed_by_the_network_search() -> None:
    state = stonework.new_game("aztec", players=2, seed=5)
    settle_chance(state, 5)
    played = state.legal_actions()[-1]
    before = state.position()
    result = analyse_decision(state, analysis_agent(AZ), derive_rng(2, "t"), played=played)
    assert state.position() == before
    assert result.played is not None and result.played.action == str(played)
    assert result.loss is not None and result.loss >= 0.0 and 1 <= len(result.top) <= 3
    assert result == analyse_decision(state, analysis_agent(AZ), derive_rng(2, "t"), played=played)
    # Margins are read where the simulations stopped (the end of the game: leaves are played out).
    assert any(move.margin != 0.0 for move in result.top)


def test_the_network_search_ignores_what_the_seat_cannot_see(tmp_path: Path) -> None:
    path = tmp_path / "zapotec3.npz"
    Network.random(network_info("zapotec", 3, (8,)), 0).save(path)
    state = zapotec_decision_with_secrets()
    other = swapped(state)
    played = state.legal_actions()[0]
    for spec in (f"az:iterations=30:network={path}", f"az:iterations=30:rollout=1:network={path}"):
        first = analyse_decision(state, analysis_agent(spec), derive_rng(3, "a"), played=played)
        second = analyse_decision(other, analysis_agent(spec), derive_rng(3, "a"), played=played)
        assert first == second, spec


def test_the_swap_test_catches_a_network_search_that_peeks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control: on the true state (no determinization) the same search tells the worlds apart."""
    path = tmp_path / "zapotec3.npz"
    Network.random(network_info("zapotec", 3, (8,)), 0).save(path)
    state = zapotec_decision_with_secrets()
    other = swapped(state)
    monkeypatch.setattr(ZapotecState, "determinize", lambda self, player, rng: self.clone())
    played = state.legal_actions()[0]
    spec = f"az:iterations=30:rollout=1:network={path}"
    first = analyse_decision(state, analysis_agent(spec), derive_rng(3, "a"), played=played)
    second = analyse_decision(other, analysis_agent(spec), derive_rng(3, "a"), played=played)
    assert first != second


def test_without_a_network_for_the_game_the_analysis_says_so() -> None:
    state = stonework.new_game("akropolis", players=3, seed=1)
    settle_chance(state, 1)
    with pytest.raises(AnalysisError, match="no network is shipped for akropolis"):
        analyse_decision(state, analysis_agent("expert:iterations=10"), derive_rng(0, "t"))


def test_expert_analyses_where_it_was_measured_strongest() -> None:
    assert strongest_agent("aztec", 2) == default_agent_spec("aztec", 2) == "expert"
    assert strongest_agent("aztec", 3) == "hard"  # no network ships for the 3-player variant
    assert strongest_agent("aztec") == "hard"  # a count unknown: one that plays them all
    assert strongest_agent("akropolis", 2) == "expert"  # the shipped leaf network
    assert strongest_agent("zapotec", 2) == "expert"  # the shipped leaf network
    assert strongest_agent("zapotec", 3) == "expert"  # and the three-player one
    assert strongest_agent("zapotec", 4) == "expert"  # and the four-player one
    for game, players in (("akropolis", 3), ("akropolis", 4), ("aztec", 3)):
        assert strongest_agent(game, players) == "hard"
    expert = analysis_agent(default_agent_spec("aztec", 2), seconds=0.05)
    assert isinstance(expert, ExpertAgent)
    assert isinstance(expert.agent_for(stonework.new_game("aztec", players=2, seed=1)), AZAgent)


def test_expert_falls_back_to_hard_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    from stonework.agents import catalog

    monkeypatch.setattr(catalog, "expert_players", lambda game: [])
    assert strongest_agent("aztec", 2) == "hard"
