"""Every agent on every registered game, player count and option value.

Runs on whatever games are registered, so a game is covered the day it lands. Budgets are a few
iterations with short playouts: these tests check legality, seeds and secrecy, not strength
(strength is measured with the arena and recorded in BENCHMARKS.md).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import stonework
from agent_checks import (
    ALL_AGENTS,
    choices_ignore_hidden_information,
    hidden_info_positions,
    play,
    small,
)
from stonework.agents import make_agent
from stonework.core.options import OptionValue
from stonework.core.state import State

GAMES = [(spec.name, n) for spec in stonework.list_games() for n in spec.player_counts]
IDS = [f"{g}-{n}p" for g, n in GAMES]
HIDDEN = [(g, n) for g, n in GAMES if stonework.get_game(g).hidden_information]
SEARCH = {"iterations": 6, "depth": 6}


def positions(
    game: str, players: int, options: dict[str, OptionValue] | None = None
) -> list[State]:
    """The opening, an early and a later decision state of one seeded random game."""
    state = stonework.new_game(game, players=players, seed=21, **(options or {}))
    rng = random.Random(21)
    found = [state.clone()]
    plies = 0
    while not state.is_terminal and len(found) < 3:
        state.apply(state.random_action(rng))
        plies += 1
        if plies in (7, 30) and not state.is_terminal and not state.is_chance_node:
            found.append(state.clone())
    return [s for s in found if not s.is_terminal and not s.is_chance_node]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=IDS)
def test_every_agent_answers_legally(game: str, players: int) -> None:
    for state in positions(game, players):
        legal = state.legal_actions()
        for name in ALL_AGENTS:
            action = small(name, **SEARCH).act(state.clone(), random.Random(3))
            assert action in legal, f"{name} chose {action} in {game}"
        # Greedy-biased expansion below the root (the `expand` setting).
        biased = make_agent("mcts", iterations=6, depth=6, expand=4)
        assert biased.act(state.clone(), random.Random(3)) in legal


@pytest.mark.parametrize(("game", "players"), GAMES, ids=IDS)
def test_greedy_plays_a_whole_game(game: str, players: int) -> None:
    agents = [make_agent("greedy")] + [make_agent("random")] * (players - 1)
    final = play(stonework.new_game(game, players=players, seed=2), agents, random.Random(2))
    assert final.is_terminal


def option_variants() -> list[tuple[str, str, OptionValue]]:
    """Each option of each game at each non-default value (ints: their bounds)."""
    variants: list[tuple[str, str, OptionValue]] = []
    for spec in stonework.list_games():
        for option in spec.options.specs:
            values: list[OptionValue] = []
            if option.kind == "bool":
                values = [not option.default]
            elif option.kind == "choice":
                values = [c for c in option.choices if c != option.default]
            elif option.kind == "int":
                values = [v for v in (option.minimum, option.maximum) if v is not None]
            variants += [(spec.name, option.name, v) for v in values if v != option.default]
    return variants


VARIANTS = option_variants()


@pytest.mark.parametrize(
    ("game", "option", "value"), VARIANTS, ids=[f"{g}-{o}={v}" for g, o, v in VARIANTS]
)
def test_agents_answer_legally_under_every_option(
    game: str, option: str, value: OptionValue
) -> None:
    players = stonework.get_game(game).default_players
    try:
        states = positions(game, players, {option: value})
    except stonework.UnknownOption:
        pytest.skip(f"{option}={value} needs another player count or option")
    for state in states:
        legal = state.legal_actions()
        for name in ("greedy", "mcts", "ismcts"):
            assert small(name, **SEARCH).act(state.clone(), random.Random(0)) in legal


@pytest.mark.parametrize(("game", "players"), GAMES, ids=IDS)
def test_search_is_reproducible_from_seeds(game: str, players: int) -> None:
    state = positions(game, players)[0]
    for name in ("flatmc", "mcts", "ismcts"):
        first = small(name, **SEARCH).act(state.clone(), random.Random(8))
        again = small(name, **SEARCH).act(state.clone(), random.Random(8))
        assert first == again


@pytest.mark.parametrize(("game", "players"), HIDDEN, ids=[f"{g}-{n}p" for g, n in HIDDEN])
def test_hidden_information_discipline(game: str, players: int) -> None:
    """Same observation and seed, opponents' hidden cards re-dealt: the same choice, every agent."""
    for state in hidden_info_positions(game, players, count=2, max_plies=6):
        for name in ("greedy", "flatmc", "mcts", "ismcts"):
            assert choices_ignore_hidden_information(name, state, 4, depth=4), name


@pytest.mark.parametrize(("game", "players"), HIDDEN, ids=[f"{g}-{n}p" for g, n in HIDDEN])
def test_the_swap_catches_a_leaky_agent(game: str, players: int) -> None:
    """The control: an agent that reads the true state changes its choice under the swap."""
    states = hidden_info_positions(game, players, count=2, max_plies=6)
    assert not all(choices_ignore_hidden_information("leaky", state) for state in states)


@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in GAMES if n == 2])
def test_stopping_early_keeps_the_answer(game: str, players: int) -> None:
    """The early stop cuts only iterations that could not change the most visited action."""
    for state in positions(game, players):
        for mode in ("mcts", "ismcts"):
            early = make_agent(mode, iterations=400, depth=4)
            full = make_agent(mode, iterations=400, depth=4, early=0)
            assert early.act(state.clone(), random.Random(5)) == full.act(
                state.clone(), random.Random(5)
            )
            assert full.last_iterations == 400  # type: ignore[attr-defined]


def test_tree_playouts_are_per_game_unless_set() -> None:
    from stonework.agents.tuning import tree_settings

    akropolis = tree_settings("akropolis")
    assert akropolis.playout.depth == 0 and akropolis.expand == 8
    assert akropolis.exploration == 0.1 and akropolis.rank_after == 16
    assert tree_settings("zapotec").exploration == 1.0 and tree_settings("aztec").rank_after == 0
    assert tree_settings("zapotec").expand == 0
    assert tree_settings("aztec").playout.depth is None
    # Zapotec at two and three players: the heuristic after 8 playout decisions (measured).
    assert tree_settings("zapotec", 3).playout.depth == 8
    assert tree_settings("zapotec", 2).playout.depth == 8
    assert tree_settings("zapotec", 4).playout.depth is None
    # Akropolis at three and four players: one round of greedy-biased playout before the
    # estimate fitted for that count (the leaf estimate); solo and two players as declared.
    for players in (3, 4):
        more = tree_settings("akropolis", players)
        playout = more.playout
        assert (playout.depth, playout.greedy, playout.sample, playout.leaf) == (
            players,
            1.0,
            16,
            True,
        )
        assert (more.expand, more.exploration, more.rank_after) == (8, 0.1, 16)
    for players in (1, 2):
        assert tree_settings("akropolis", players) == akropolis
    assert not akropolis.playout.leaf
    assert make_agent("mcts").playout is None  # type: ignore[attr-defined]
    assert make_agent("mcts", depth="end").playout.depth is None  # type: ignore[attr-defined]
    assert make_agent("hard", depth=3).playout.depth == 3  # type: ignore[attr-defined]
    assert make_agent("mcts").expand_sample is None  # type: ignore[attr-defined]
    assert make_agent("mcts", expand=0).expand_sample == 0  # type: ignore[attr-defined]


def test_tree_exploration_is_per_game_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's own exploration constant steers the search exactly as the same value set."""
    from stonework.agents import tuning

    state = positions("aztec", 2)[0]

    def visits(agent: Any) -> list[int]:
        agent.act(state.clone(), random.Random(3))
        return [child.visits for child in agent.last_root.children.values()]

    wide = visits(make_agent("mcts", iterations=300, early=0))
    monkeypatch.setitem(tuning.TREE_SETTINGS, "aztec", tuning.TreeSettings(exploration=0.01))
    assert make_agent("mcts").exploration is None  # type: ignore[attr-defined]
    narrow = visits(make_agent("mcts", iterations=300, early=0))
    assert narrow == visits(make_agent("mcts", iterations=300, early=0, exploration=0.01))
    assert narrow != wide and max(narrow) > max(wide)


def test_nodes_visited_enough_rank_their_actions() -> None:
    """``rank``: a node below the root visited that often orders its actions by one ply."""
    from stonework.agents.simple import greedy_ranking

    state = positions("aztec", 2)[0]

    def ranked(agent: Any) -> list[Any]:
        agent.act(state.clone(), random.Random(3))
        return [
            (action, child)
            for action, child in agent.last_root.children.items()
            if child.order is not None
        ]

    assert ranked(make_agent("mcts", iterations=300, early=0, rank=0)) == []
    assert all(
        child.visits >= 20
        for _, child in ranked(make_agent("mcts", iterations=300, early=0, rank=20))
    )
    found = ranked(make_agent("mcts", iterations=300, early=0, rank=1, depth=0))
    assert found
    for action, child in found:
        after = state.clone()
        after.apply(action)
        best = [a for _, a in greedy_ranking(after, after.current_player, random.Random(0))]
        assert child.order == best
        # Ranked from its second visit on, so every child was taken in that order.
        assert list(child.children) == child.order[: len(child.children)]
