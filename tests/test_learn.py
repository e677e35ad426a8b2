"""The learned evaluation: numpy network, the az agent, self-play samples, training and resume."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from agent_checks import choices_ignore_hidden_information, hidden_info_positions, play

np = pytest.importorskip("numpy")

from stonework.agents import make_agent  # noqa: E402
from stonework.agents.az import AZAgent  # noqa: E402
from stonework.agents.base import Budget  # noqa: E402
from stonework.cli.main import app  # noqa: E402
from stonework.core import CHANCE, State, new_game  # noqa: E402
from stonework.learn import network as network_module  # noqa: E402
from stonework.learn.network import Network, network_info  # noqa: E402
from stonework.learn.selfplay import SelfPlayTask, play_selfplay_game  # noqa: E402


def tiny(game: str = "aztec", players: int = 2, seed: int = 0) -> Network:
    return Network.random(network_info(game, players, (8,)), seed)


def test_network_round_trip(tmp_path: Path) -> None:
    net = tiny()
    path = tmp_path / "net.npz"
    net.save(path)
    back = Network.load(path)
    assert back.info == net.info
    x = np.random.default_rng(1).random(net.info.inputs)
    # Bit for bit: the weights are held at the file's float32 values (multiplied in float64).
    for a, b in zip(net.predict(x), back.predict(x), strict=True):
        assert np.array_equal(a, b)
    logits, values = net.predict(x)
    assert logits.shape == (net.info.actions,) and values.shape == (2,)
    ids = [3, 0, 7]
    part, part_values = net.predict(x, ids)
    assert np.allclose(part, logits[ids]) and np.array_equal(part_values, values)
    assert all(w.dtype == np.float64 for w, _ in net.weights)
    with np.load(path) as data:
        assert data["w0"].dtype == np.float32  # the file stays half the size


def test_a_file_that_is_not_a_network_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="cannot read network"):
        Network.load(path)
    np.savez(tmp_path / "other.npz", info=np.array('{"game": "aztec"}'))
    with pytest.raises(ValueError, match="cannot read network"):
        Network.load(tmp_path / "other.npz")


def test_az_plays_legal_games_at_two_and_three_players(tmp_path: Path) -> None:
    for players in (2, 3):
        path = tmp_path / f"aztec{players}.npz"
        tiny("aztec", players).save(path)
        agents = [make_agent("az", iterations=6, network=str(path)) for _ in range(players)]
        state = play(new_game("aztec", players=players, seed=3), agents, random.Random(3))
        assert state.is_terminal


@pytest.mark.parametrize("game", ["zapotec", "akropolis"])
def test_az_plays_legal_games_with_hidden_cards_and_chance(game: str, tmp_path: Path) -> None:
    # Zapotec's sampled worlds list other actions from one simulation to the next (a node
    # grows its children as they turn up); Akropolis draws tiles at chance nodes.
    path = tmp_path / f"{game}.npz"
    tiny(game, 2).save(path)
    agents = [make_agent("az", iterations=8, network=str(path)) for _ in range(2)]
    state = play(new_game(game, players=2, seed=5), agents, random.Random(5))
    assert state.is_terminal


@pytest.mark.parametrize("game", ["aztec", "zapotec", "akropolis"])
def test_az_network_reads_each_sampled_worlds_observation_tensor(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # az writes tensors with the game's array writer (kept between calls): what the network
    # reads must be observation_tensor of the world and seat it judges, value for value.
    from stonework.agents import az as az_module

    checked: list[int] = []
    real_expand = az_module._PUCT.expand

    def expand(self: Any, node: Any, world: State, player: int, legal: list[int]) -> Any:
        real_predict = self.network.predict

        def predict(tensor: Any, ids: Any = None) -> Any:
            expected = np.asarray(world.observation_tensor(player), dtype=np.float32)
            assert np.array_equal(np.asarray(tensor), expected)
            checked.append(player)
            return real_predict(tensor, ids)

        self.network.predict = predict
        try:
            return real_expand(self, node, world, player, legal)
        finally:
            del self.network.predict

    monkeypatch.setattr(az_module._PUCT, "expand", expand)
    agent = AZAgent(tiny(game, 2), Budget(iterations=25))
    rng = random.Random(4)
    state = new_game(game, players=2, seed=4)
    for _ in range(30):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(agent.act(state, rng))
    assert len(checked) > 100 and len(set(checked)) == 2


def test_az_root_visits_count_every_simulation_after_the_first() -> None:
    agent = AZAgent(tiny(), Budget(iterations=40))
    state = new_game("aztec", players=2, seed=0)
    action = agent.act(state, random.Random(1))
    visits = agent.last_visits
    assert agent.last_iterations == 40
    assert sum(visits.values()) == 39  # the first simulation expands the root itself
    assert set(visits) <= set(state.legal_actions())
    assert visits[action] == max(visits.values())


def test_az_rollout_judges_leaves_by_playouts_too() -> None:
    # Two-player returns sum to zero, a random network's values do not: with rollout=1 every
    # leaf value is a playout's returns, so the root's mean values cancel; with 0 they do not.
    state = new_game("aztec", players=2, seed=0)
    before = state.position()
    sums = {}
    for weight in (0.0, 1.0):
        agent = AZAgent(tiny(seed=3), Budget(iterations=30), rollout=weight)
        agent.act(state, random.Random(2))
        sums[weight] = sum(agent.last_values)
    assert abs(sums[1.0]) < 1e-9
    assert abs(sums[0.0]) > 1e-6
    assert state.position() == before  # the playouts ran on the simulations' own copies
    assert "rollout 0.5" in make_agent("az", iterations=4, rollout=0.5).describe()
    with pytest.raises(ValueError, match="rollout is a weight"):
        make_agent("az", iterations=4, rollout=2)


def test_az_with_rollouts_plays_legal_games_with_hidden_cards_and_chance(tmp_path: Path) -> None:
    path = tmp_path / "zapotec.npz"
    tiny("zapotec", 2).save(path)
    agents = [make_agent("az", iterations=6, network=str(path), rollout=0.5) for _ in range(2)]
    state = play(new_game("zapotec", players=2, seed=6), agents, random.Random(6))
    assert state.is_terminal


def test_az_rollouts_play_out_as_the_games_tree_search_unless_asked_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Zapotec's random players end their turns early, so a random game's end says little
    # about a position: its tree searches stop after 8 decisions and ask the heuristic, and
    # az's playouts do the same unless playout=end.
    from stonework.agents import az as az_module
    from stonework.agents.playout import Playout
    from stonework.agents.tuning import tree_settings

    seen: list[Playout] = []
    real = az_module.run_playout

    def spy(state: State, policy: Playout, rng: random.Random, has_heuristic: bool) -> list[float]:
        seen.append(policy)
        assert has_heuristic
        return real(state, policy, rng, has_heuristic)

    monkeypatch.setattr(az_module, "run_playout", spy)
    path = tmp_path / "zapotec.npz"
    tiny("zapotec", 2).save(path)
    state = new_game("zapotec", players=2, seed=6)
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        state.apply(
            state.sample_chance(random.Random(0))
            if state.current_player == CHANCE
            else state.legal_actions()[0]
        )
    for setting, expected in (("game", tree_settings("zapotec", 2).playout), ("end", Playout())):
        seen.clear()
        agent = make_agent("az", iterations=10, network=str(path), rollout=1, playout=setting)
        agent.act(state, random.Random(1))
        assert seen and set(seen) == {expected}
    assert tree_settings("zapotec", 2).playout.depth == 8
    assert (
        "playout depth end" in make_agent("az", iterations=4, rollout=1, playout="end").describe()
    )
    with pytest.raises(ValueError, match="playout is game or end"):
        make_agent("az", iterations=4, playout="greedy")


def _decision_visits(agents: list[AZAgent], state: State, seed: int, decisions: int) -> list[int]:
    """The root visits of each decision of seat 0 over the first moves of a game."""
    rng = random.Random(seed)
    seen = []
    for _ in range(decisions):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        agent = agents[state.current_player]
        action = agent.act(state, rng)
        if state.current_player == 0:
            seen.append(sum(agent.last_visits.values()))
        state.apply(action)
    return seen


def test_az_reuse_searches_on_from_the_move_played() -> None:
    # The shipped network: its prior agrees with itself, so the opponent's reply tends to be
    # one the kept subtree has searched.
    kept = AZAgent(None, Budget(iterations=300), reuse=True)
    other = AZAgent(None, Budget(iterations=300))
    visits = _decision_visits([kept, other], new_game("aztec", players=2, seed=2), 2, 12)
    assert visits[0] == 299 and max(visits[1:]) > 299  # the kept subtree's visits count too
    # A new game (a history the kept node is not on) starts from a fresh root.
    fresh = _decision_visits([kept, other], new_game("aztec", players=2, seed=2), 3, 2)
    assert fresh == [299]
    plain = _decision_visits([other, other], new_game("aztec", players=2, seed=2), 2, 12)
    assert plain == [299] * len(plain)
    with pytest.raises(ValueError, match="reuse is 0 or 1"):
        make_agent("az", iterations=4, reuse="yes")


def test_az_reuse_is_off_where_cards_are_hidden() -> None:
    # A Zapotec subtree was searched on worlds drawn from what the seat knew then.
    net = tiny("zapotec", 2, seed=1)
    agents = [AZAgent(net, Budget(iterations=30), reuse=True) for _ in range(2)]
    visits = _decision_visits(agents, new_game("zapotec", players=2, seed=4), 4, 40)
    assert visits and max(visits) <= 29


def test_az_refuses_a_network_for_another_game() -> None:
    agent = AZAgent(tiny("aztec", 2), Budget(iterations=4))
    state = new_game("aztec", players=3, seed=0)
    with pytest.raises(ValueError, match="plays aztec at 2 players"):
        agent.act(state, random.Random(0))


def test_az_without_a_shipped_network_says_how_to_get_one() -> None:
    agent = make_agent("az", iterations=4)
    state = new_game("akropolis", players=2, seed=0)
    while state.is_chance_node:
        state.apply(state.sample_chance(random.Random(0)))
    with pytest.raises(ValueError, match="stonework train akropolis --players 2"):
        agent.act(state, random.Random(0))


def test_every_shipped_network_loads_fits_its_game_and_stays_small() -> None:
    from importlib.resources import files

    weights = files("stonework.learn") / "weights"
    assert network_module.SHIPPED, "the Aztec network is shipped"
    total = 0
    for (game, players), name in network_module.SHIPPED.items():
        total += len((weights / name).read_bytes())
        net = network_module.shipped_network(game, players)
        assert net is not None and net.info == network_info(game, players, net.info.hidden)
    assert total < 5_000_000  # issue 20: the shipped weights add less than 5 MB


def test_az_plays_aztec_with_the_shipped_network() -> None:
    agent = make_agent("az", iterations=30)
    assert "shipped network" in agent.describe()
    state = new_game("aztec", players=2, seed=0)
    rng = random.Random(0)
    for _ in range(4):
        while state.is_chance_node:
            state.apply(state.sample_chance(rng))
        action = agent.act(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
    assert agent.network is None  # looked up per table, not fixed by the first one
    assert "network aztec 2p" in agent.describe()


def test_az_is_unavailable_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network_module, "np", None)
    with pytest.raises(RuntimeError, match="needs numpy"):
        make_agent("az", iterations=4)


def test_az_never_reads_another_seats_hidden_cards(tmp_path: Path) -> None:
    path = tmp_path / "zapotec.npz"
    tiny("zapotec", 2).save(path)
    for state in hidden_info_positions("zapotec", 2, count=2, max_plies=6):
        assert choices_ignore_hidden_information("az", state, 6, network=str(path))


def test_selfplay_samples_are_targets() -> None:
    samples = play_selfplay_game(SelfPlayTask(tiny(), simulations=4, seed=5))
    assert len(samples) > 5
    assert np.allclose(samples.policies.sum(axis=1), 1.0)
    assert set(np.unique(samples.values)) <= {-1.0, 0.0, 1.0}
    assert np.allclose(samples.values.sum(axis=1), 0.0)  # returns sum to zero
    again = play_selfplay_game(SelfPlayTask(tiny(), simulations=4, seed=5))
    assert np.array_equal(samples.inputs, again.inputs)  # seeded


def test_training_resumes_to_the_same_continuation(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from stonework.learn.train import TrainConfig, train

    config = TrainConfig(
        "aztec", 2, seed=1, hidden=(8,), games_per_generation=2, simulations=4, eval_games=2
    )
    quiet = lambda text: None  # noqa: E731
    straight = train(config, tmp_path / "a", generations=2, say=quiet)
    train(config, tmp_path / "b", generations=1, say=quiet)
    with pytest.raises(ValueError, match="--resume"):
        train(config, tmp_path / "b", generations=1, say=quiet)
    resumed = train(config, tmp_path / "b", generations=1, resume=True, say=quiet)
    assert resumed.generation == straight.generation == 2
    a, b = Network.load(tmp_path / "a" / "latest.npz"), Network.load(tmp_path / "b" / "latest.npz")
    for (wa, ba), (wb, bb) in zip(a.weights, b.weights, strict=True):
        assert np.array_equal(wa, wb) and np.array_equal(ba, bb)
    assert [g.score for g in straight.curve] == [g.score for g in resumed.curve]
    curve = json.loads((tmp_path / "a" / "curve.json").read_text())
    assert [g["generation"] for g in curve["curve"]] == [1, 2]
    # Training moved the weights away from the untrained network.
    first = Network.load(tmp_path / "a" / "gen-000.npz")
    assert not np.array_equal(first.weights[0][0], a.weights[0][0])
    other = TrainConfig("aztec", 2, seed=2, hidden=(8,), games_per_generation=2, simulations=4)
    with pytest.raises(ValueError, match="other settings"):
        train(other, tmp_path / "b", generations=1, resume=True, say=quiet)


def test_training_starts_from_a_given_network(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from stonework.learn.network import network_info
    from stonework.learn.train import TrainConfig, train

    start = Network.random(network_info("aztec", 2, (8,)), seed=9)
    start.save(tmp_path / "start.npz")
    quiet = lambda text: None  # noqa: E731
    config = TrainConfig(
        "aztec",
        2,
        hidden=(8,),
        games_per_generation=1,
        simulations=2,
        eval_games=1,
        init=str(tmp_path / "start.npz"),
    )
    train(config, tmp_path / "run", generations=1, say=quiet)
    first = Network.load(tmp_path / "run" / "gen-000.npz")
    for (wa, ba), (wb, bb) in zip(first.weights, start.weights, strict=True):
        assert np.allclose(wa, wb) and np.allclose(ba, bb)
    wrong = TrainConfig("aztec", 2, hidden=(16,), init=str(tmp_path / "start.npz"))
    with pytest.raises(ValueError, match="this run needs"):
        train(wrong, tmp_path / "other", generations=1, say=quiet)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nogame", "--generations", "1"], "nogame"),
        (["aztec", "--players", "7", "--generations", "1"], "not 7"),
        (["aztec"], "exactly one of"),
        (["aztec", "--generations", "0"], "at least 1"),
        (["aztec", "--generations", "1", "--hidden", "a,b"], "--hidden"),
        (["aztec", "--generations", "1", "--workers", "0"], "--workers"),
        (["aztec", "--generations", "1", "--explore-moves", "-1"], "--explore-moves"),
    ],
)
def test_train_command_refuses_bad_settings(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["train", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_tasks_run_the_same_over_worker_processes() -> None:
    from stonework.learn.pool import run_tasks

    seen: list[tuple[int, int]] = []
    assert run_tasks(abs, [-3, 1, -2], workers=2, progress=lambda k, n: seen.append((k, n))) == [
        3,
        1,
        2,
    ]
    assert seen[-1] == (3, 3)
    arrived: dict[int, int] = {}
    for workers in (1, 2):
        arrived.clear()
        run_tasks(abs, [-3, 1, -2], workers=workers, on_result=arrived.__setitem__)
        assert arrived == {0: 3, 1: 1, 2: 2}
    with pytest.raises(ValueError, match="at least one worker"):
        run_tasks(abs, [1], workers=0)


def test_playing_never_imports_numpy_or_torch() -> None:
    import subprocess
    import sys

    code = (
        "import sys, random; from stonework.agents import make_agent; "
        "from stonework.core import new_game; import stonework.cli.main; "
        "s = new_game('aztec', players=2, seed=0); "
        "assert 'numpy' not in sys.modules and 'torch' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
