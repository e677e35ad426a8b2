"""The agents on toy games: legal actions, budgets, seeds, search strength, hidden information."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import agent_toys
import toys
from agent_checks import (
    ALL_AGENTS,
    choices_ignore_hidden_information,
    hidden_info_positions,
    play,
    small,
)
from stonework.agents import (
    AGENTS,
    Budget,
    MCTSAgent,
    agent_from_spec,
    list_agents,
    make_agent,
    parse_agent_spec,
    score_values,
)
from stonework.agents.simple import greedy_ranking
from stonework.core import new_game, registry


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nim, highcard and the secret pile, registered for one test only."""
    monkeypatch.setitem(registry._GAMES, "nim", agent_toys.NIM)
    monkeypatch.setitem(registry._GAMES, "highcard", agent_toys.HIGHCARD)
    monkeypatch.setitem(registry._GAMES, "pile", toys.make_spec())
    for kind in agent_toys.TOY_AGENTS:
        monkeypatch.setitem(AGENTS, kind.name, kind)
    yield


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ALL_AGENTS)
@pytest.mark.parametrize(("game", "players"), [("nim", 2), ("nim", 3), ("pile", 2), ("pile", 3)])
def test_agents_play_legal_actions_to_the_end(name: str, game: str, players: int) -> None:
    state = new_game(game, players=players, seed=3)
    agents = [small(name)] + [make_agent("random") for _ in range(players - 1)]
    final = play(state, agents, random.Random(5))
    assert final.is_terminal


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ALL_AGENTS)
def test_same_seed_same_choice(name: str) -> None:
    state = new_game("nim", seed=1, heaps="4,6,7")
    first = [small(name).act(state.clone(), random.Random(s)) for s in range(4)]
    again = [small(name).act(state.clone(), random.Random(s)) for s in range(4)]
    assert first == again


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_search_finds_the_only_winning_move(name: str) -> None:
    # One heap of 9, take 1-3, last stone wins: leaving a multiple of 4 is the only winning move,
    # so the mover must take 1. (Flat Monte Carlo is left out: random playouts from 8 and from 7
    # stones win about equally often, which is exactly the blindness a tree search fixes.)
    state = new_game("nim", heaps="9")
    agent = make_agent(name, iterations=600)
    assert [str(agent.act(state, random.Random(s))) for s in range(3)] == ["0-1"] * 3


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ["mcts", "flatmc"])
def test_search_beats_random_at_nim(name: str) -> None:
    wins = 0
    for game in range(10):
        seat = game % 2
        agents = [make_agent("random"), make_agent("random")]
        agents[seat] = make_agent(name, iterations=150)
        final = play(new_game("nim", seed=game), agents, random.Random(game))
        wins += final.returns()[seat] > 0
    assert wins >= 9


@pytest.mark.usefixtures("toy_games")
def test_iteration_budget_is_exact() -> None:
    agent = make_agent("mcts", iterations=77)
    assert isinstance(agent, MCTSAgent)
    agent.act(new_game("nim", heaps="4,6,7"), random.Random(0))
    assert agent.last_iterations == 77
    assert agent.last_root is not None and agent.last_root.visits == 77


@pytest.mark.usefixtures("toy_games")
def test_search_stops_once_the_answer_is_settled() -> None:
    # Heaps 1,5,5 (1 to 3 stones a move): few moves win, so the leader soon cannot be caught.
    state = new_game("nim", heaps="1,5,5")
    early = make_agent("mcts", iterations=3000)
    full = make_agent("mcts", iterations=3000, early=0)
    assert early.act(state.clone(), random.Random(1)) == full.act(state.clone(), random.Random(1))
    assert full.last_iterations == 3000  # type: ignore[attr-defined]
    assert early.last_iterations < 3000  # type: ignore[attr-defined]


class FakeClock:
    """A clock that moves 10 ms each time it is read: time limits checked without timing."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ["flatmc", "mcts", "ismcts", "hard"])
def test_time_budget_stops_the_search(name: str) -> None:
    clock = FakeClock()
    agent = make_agent(name, seconds=0.5, clock=clock)
    agent.act(new_game("nim", heaps="4,6,7"), random.Random(0))
    # One clock read per iteration after the first: 0.5 s at 10 ms a read is about 50 iterations.
    assert 40 <= agent.last_iterations <= 52  # type: ignore[attr-defined]
    assert clock.now <= 0.5 + 0.05


def test_cpu_clock_setting() -> None:
    """clock=cpu counts the searching thread's CPU time (for matches on a shared machine)."""
    agent = agent_from_spec("mcts:1s:clock=cpu")
    assert isinstance(agent, MCTSAgent)
    assert agent.budget.clock is time.thread_time
    assert agent_from_spec("mcts:1s").budget.clock is time.perf_counter  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="clock must be one of wall, cpu"):
        agent_from_spec("mcts:1s:clock=sundial")


def test_difficulty_budgets() -> None:
    """hard must answer within 2 s a move: its time budget leaves a margin for the last simulation."""
    hard = make_agent("hard")
    medium = make_agent("medium")
    assert isinstance(hard, MCTSAgent) and isinstance(medium, MCTSAgent)
    assert hard.budget.seconds is not None and hard.budget.seconds <= 1.5
    assert medium.budget.seconds is not None and medium.budget.seconds < hard.budget.seconds
    assert hard.mode == medium.mode == "auto"
    assert make_agent("easy").name == "greedy"


@pytest.mark.usefixtures("toy_games")
def test_progressive_widening_limits_children() -> None:
    # nim 3,4,5 has 9 moves at the start; widening above 2 allows ceil(2 * sqrt(visits + 1)).
    agent = MCTSAgent(Budget(iterations=8), widen_above=2)
    agent.act(new_game("nim"), random.Random(0))
    assert agent.last_root is not None
    assert len(agent.last_root.children) <= 6 < 9
    full = MCTSAgent(Budget(iterations=40))
    full.act(new_game("nim"), random.Random(0))
    assert full.last_root is not None and len(full.last_root.children) == 9


def _widest_by_parity(root: object) -> tuple[int, int]:
    """The most children of a node reached by an even and by an odd number of moves."""
    widest = [0, 0]
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        children = node.children  # type: ignore[attr-defined]
        if depth > 0:
            widest[depth % 2] = max(widest[depth % 2], len(children))
        stack.extend((child, depth + 1) for child in children.values())
    return widest[0], widest[1]


@pytest.mark.usefixtures("toy_games")
def test_replies_cap_only_the_other_seats_nodes() -> None:
    # Nim alternates seats: nodes an odd number of moves below the root are the reply's.
    capped = MCTSAgent(Budget(iterations=300), widen_above=2, replies=1, stop_early=False)
    capped.act(new_game("nim"), random.Random(0))
    own, replies = _widest_by_parity(capped.last_root)
    assert replies == 1 < own
    free = MCTSAgent(Budget(iterations=300), widen_above=2, stop_early=False)
    free.act(new_game("nim"), random.Random(0))
    assert _widest_by_parity(free.last_root)[1] > 1
    spec = agent_from_spec("mcts:10:replies=2:reply_expand=16")
    assert isinstance(spec, MCTSAgent) and (spec.replies, spec.reply_expand) == (2, 16)


@pytest.mark.usefixtures("toy_games")
@pytest.mark.parametrize("name", ALL_AGENTS)
def test_hidden_information_discipline_on_the_pile(name: str) -> None:
    """Same observation and seed, opponents' secret cards swapped: the same choice."""
    for state in hidden_info_positions("pile", 3):
        assert choices_ignore_hidden_information(name, state)


@pytest.mark.usefixtures("toy_games")
def test_the_discipline_test_catches_a_leaky_agent() -> None:
    assert not all(
        choices_ignore_hidden_information("leaky", state)
        for state in hidden_info_positions("pile", 3)
    )


@pytest.mark.usefixtures("toy_games")
def test_agents_refuse_chance_nodes_and_finished_games() -> None:
    state = new_game("pile")  # no seed: waits at the first deal
    with pytest.raises(ValueError, match="chance"):
        make_agent("mcts", iterations=5).act(state, random.Random(0))
    done = play(new_game("nim", heaps="2"), [make_agent("random")] * 2, random.Random(0))
    with pytest.raises(ValueError, match="over"):
        make_agent("greedy").act(done, random.Random(0))


def test_agent_specs_and_errors() -> None:
    assert parse_agent_spec("ismcts:2s:depth=end") == ("ismcts", {"seconds": 2.0, "depth": "end"})
    assert (
        agent_from_spec("mcts:50:depth=8").describe() == "mcts (50 it, playout depth 8, greedy 0)"
    )
    with pytest.raises(ValueError, match="no agent named 'alphazero'"):
        make_agent("alphazero")
    with pytest.raises(ValueError, match="no setting colour"):
        make_agent("mcts", colour="red")
    with pytest.raises(ValueError, match="bad agent setting"):
        parse_agent_spec("mcts:fast")
    with pytest.raises(ValueError, match="iterations or seconds"):
        Budget()
    with pytest.raises(ValueError, match="mode"):
        make_agent("mcts", mode="psychic")
    names = [name for name, _ in list_agents()]
    for required in ("random", "greedy", "flatmc", "mcts", "ismcts", "easy", "medium", "hard"):
        assert required in names


@pytest.mark.usefixtures("toy_games")
def test_score_values_follow_the_margins() -> None:
    state = new_game("highcard", players=3)
    for number in (9, 4, 4):
        state.apply(agent_toys.Name(number))
    values = score_values(state)
    assert values[0] > 0 > values[1] == values[2]
    assert all(-1 < v < 1 for v in values)


@pytest.mark.usefixtures("toy_games")
def test_greedy_takes_the_best_position() -> None:
    # Highcard has no heuristic, so greedy goes by score margin: the highest number.
    state = new_game("highcard", players=3)
    assert make_agent("greedy").act(state, random.Random(0)) == agent_toys.Name(9)


@pytest.mark.usefixtures("toy_games")
def test_greedy_ranking_stops_when_told() -> None:
    state = new_game("highcard")
    calls = iter(range(100))
    ranked = greedy_ranking(state, 0, random.Random(0), stop=lambda: next(calls) >= 3)
    # Three actions were looked at (0, 1, 2: best first), the rest follow in stable order.
    assert [str(a) for _, a in ranked] == ["2", "1", "0", "3", "4", "5", "6", "7", "8", "9"]
    full = greedy_ranking(state, 0, random.Random(0))
    assert str(full[0][1]) == "9" and str(full[-1][1]) == "0"


def test_an_agent_on_cpu_time_keeps_its_settings_and_drops_its_other_limits() -> None:
    import time

    from stonework.agents.catalog import cpu_timed

    agent = cpu_timed("hard:iterations=50", 0.3)
    budget = agent.budget  # type: ignore[attr-defined]
    assert (budget.iterations, budget.seconds, budget.clock) == (None, 0.3, time.process_time)
    with pytest.raises(ValueError, match="greedy has no search budget to set"):
        cpu_timed("greedy", 0.3)
    with pytest.raises(ValueError, match="no agent named 'nobody'"):
        cpu_timed("nobody", 0.3)
