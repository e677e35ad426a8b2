"""The learned two-player Akropolis leaf value (``leaf_net``), its file, the search option that
uses it (``leafnet=PATH``), and the script that makes it (``benchmarks/akropolis_leaf_net.py``)
on tiny data: the tests check the plumbing and that a fit learns, not the network's strength."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from bench_scripts import load_script

np = pytest.importorskip("numpy")

import stonework  # noqa: E402
from stonework.agents.base import Budget  # noqa: E402
from stonework.agents.catalog import agent_from_spec  # noqa: E402
from stonework.agents.mcts import MCTSAgent  # noqa: E402
from stonework.core.state import State  # noqa: E402
from stonework.games.akropolis import AkropolisState  # noqa: E402
from stonework.games.akropolis.leaf_net import FEATURE_NAMES, LeafNet, net_features  # noqa: E402


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("akropolis_leaf_net")


@pytest.fixture(scope="module")
def games(script: ModuleType) -> list[dict[str, object]]:
    # Greedy teachers: fast, and the tests do not ask for strength.
    return [script.play_one("greedy", seed) for seed in (3, 4, 5)]


@pytest.fixture(scope="module")
def net(script: ModuleType, games: list[dict[str, object]]) -> LeafNet:
    data = script.dataset(games)
    fitted: LeafNet = script.fit_mlp(data["x"], data["margin"], (16,), 200, 0, lr=3e-3, log=False)
    return fitted


@pytest.fixture(scope="module")
def residual_net(script: ModuleType, games: list[dict[str, object]]) -> LeafNet:
    # Chosen by its error on the last game: the fit must keep an epoch better than the start.
    data = script.dataset(games)
    fitted_games = data["game"] < 2
    valid = (data["x"][~fitted_games], data["margin"][~fitted_games])
    fitted: LeafNet = script.fit_mlp(
        data["x"][fitted_games],
        data["margin"][fitted_games],
        (8,),
        5,
        0,
        log=False,
        residual=True,
        valid=valid,
    )
    return fitted


def midgame(seed: int = 9, decisions: int = 12) -> AkropolisState:
    state = stonework.new_game("akropolis", players=2, seed=seed)
    assert isinstance(state, AkropolisState)
    rng = random.Random(seed)
    done = 0
    while done < decisions:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        done += 1
    while state.current_player < 0:
        state.apply(state.sample_chance(rng))
    return state


def test_features_are_named_and_tell_the_seats_apart() -> None:
    state = midgame()
    own = net_features(state, state.turn)
    other = net_features(state, 1 - state.turn)
    assert len(own) == len(other) == len(FEATURE_NAMES)
    to_move = FEATURE_NAMES.index("to move")
    assert (own[to_move], other[to_move]) == (1.0, 0.0)
    cells = FEATURE_NAMES.index("cells")
    assert own[cells] == len(state.cities[state.turn].cells)


def test_the_journal_replays_to_its_totals_and_a_stopped_run_resumes(
    script: ModuleType, tmp_path: Path
) -> None:
    journal = tmp_path / "games.jsonl"
    script.main(["play", "--journal", str(journal), "--games", "1", "--teacher", "greedy"])
    first = journal.read_text()
    script.main(["play", "--journal", str(journal), "--games", "2", "--teacher", "greedy"])
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    assert journal.read_text().startswith(first)
    assert [row["seed"] for row in rows] == [30_000, 30_001]
    positions, totals = script.replay(rows[1])
    assert len(positions) == 36  # 18 tiles each at two players
    assert totals == rows[1]["totals"]


def test_the_fit_learns_its_training_games(
    script: ModuleType, games: list[dict[str, object]], net: LeafNet
) -> None:
    data = script.dataset(games)
    y = data["margin"]
    rms = float(np.sqrt(((net.margins_batch(data["x"]) - y) ** 2).mean()))
    # Predicting no margin at all is off by the margins' own size; the fit must do far better.
    assert rms < 0.5 * float(np.sqrt((y**2).mean()))


def test_the_value_is_the_same_from_either_seat_and_in_range(net: LeafNet) -> None:
    state = midgame()
    v0, v1 = net.values(state)
    assert v0 == -v1
    assert -1.0 <= v0 <= 1.0
    margin = net.margin(state)
    f0, f1 = net_features(state, 0), net_features(state, 1)
    both = net.margins_batch([f0 + f1, f1 + f0])
    assert margin == pytest.approx((both[0] - both[1]) / 2)


def test_a_saved_network_loads_to_the_same_answers(net: LeafNet, tmp_path: Path) -> None:
    path = tmp_path / "leaf.npz"
    net.save(path)
    again = LeafNet.load(path)
    state = midgame()
    # float32 on disk: equal to a few thousandths of a point.
    assert again.margin(state) == pytest.approx(net.margin(state), abs=1e-2)


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read the leaf network"):
        agent_from_spec(f"mcts:leafnet={tmp_path / 'none.npz'}")
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a network")
    with pytest.raises(ValueError, match="cannot read the leaf network"):
        agent_from_spec(f"hard:leafnet={broken}")
    other = tmp_path / "other.npz"
    np.savez(other, info=np.array(json.dumps({"format": "something else"})))
    with pytest.raises(ValueError, match="akropolis-leaf-net"):
        LeafNet.load(other)


def test_the_network_refuses_other_games_and_player_counts(net: LeafNet) -> None:
    with pytest.raises(ValueError, match="not aztec"):
        net.check(stonework.new_game("aztec", players=2, seed=1))
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        net.check(stonework.new_game("akropolis", players=3, seed=1))


class Counting:
    """A leaf value that says seat 0 is winning and counts how often it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    def check(self, state: State) -> None:
        pass

    def __call__(self, state: State) -> list[float]:
        self.calls += 1
        return [0.5, -0.5]


def test_the_search_judges_its_leaves_by_the_leaf_value() -> None:
    judge = Counting()
    agent = MCTSAgent(Budget(iterations=40), stop_early=False, leaf_value=judge)
    state = midgame()
    action = agent.act(state, random.Random(1))
    assert action in state.legal_actions()
    assert judge.calls == agent.last_iterations == 40
    assert agent.last_root is not None
    assert agent.last_root.totals[0] == pytest.approx(0.5 * 40)


def test_a_saved_network_plays_through_the_agent_spec(net: LeafNet, tmp_path: Path) -> None:
    path = tmp_path / "leaf.npz"
    net.save(path)
    agent = agent_from_spec(f"mcts:30:leafnet={path}")
    assert "learned leaf value" in agent.describe()
    state = midgame()
    assert agent.act(state, random.Random(2)) in state.legal_actions()


def test_a_residual_network_with_nothing_learned_is_the_hand_estimate(net: LeafNet) -> None:
    from stonework.games.akropolis.evaluation import estimate

    silent = [(w, b) for w, b in net.layers[:-1]]
    w, b = net.layers[-1]
    silent.append((np.zeros_like(w), np.zeros_like(b)))
    hand = LeafNet(2, FEATURE_NAMES, net.mean, net.std, silent, net.scale, residual=True)
    state = midgame()
    assert hand.margin(state) == pytest.approx(estimate(state, 0) - estimate(state, 1))


def test_the_kept_epoch_is_no_worse_on_its_validation_games_than_the_start(
    script: ModuleType, games: list[dict[str, object]], residual_net: LeafNet
) -> None:
    data = script.dataset(games)
    last = data["game"] == 2
    truth = data["margin"][last]
    hand_rows = data["hand"][last]
    kept = float(np.sqrt(((residual_net.margins_batch(data["x"][last]) - truth) ** 2).mean()))
    # The start is the hand estimate (the residual's output begins near zero).
    start = float(np.sqrt(((hand_rows - truth) ** 2).mean()))
    assert kept <= start + 0.5
    assert residual_net.residual


class Favouring:
    """A leaf value that likes one move of seat ``seat`` above all others (and counts calls)."""

    def __init__(self, seat: int, move: object) -> None:
        self.seat, self.move, self.calls = seat, move, 0

    def check(self, state: State) -> None:
        pass

    def __call__(self, state: State) -> list[float]:
        self.calls += 1
        mine = [action for player, action in state.history if player == self.seat]
        liked = 0.9 if mine and mine[-1] == self.move else -0.9
        return [liked, -liked] if self.seat == 0 else [-liked, liked]


@pytest.mark.parametrize("rank", ["off", "root", "all"])
def test_netrank_orders_new_children_by_the_leaf_value(rank: str) -> None:
    state = midgame()
    seat = state.current_player
    legal = state.legal_actions()
    from stonework.agents.simple import greedy_ranking

    heuristic_order = [a for _, a in greedy_ranking(state, seat, random.Random(0))]
    target = heuristic_order[-1]  # the move the heuristic likes least
    judge = Favouring(seat, target)
    agent = MCTSAgent(
        Budget(iterations=20),
        stop_early=False,
        leaf_value=judge,
        net_rank=rank,  # type: ignore[arg-type]
    )
    search = agent._run(state, seat, legal, random.Random(1))
    if rank == "off":
        assert search.root_order[0] != target and search.judge is None
    else:
        assert search.root_order[0] == target
        assert (search.judge is judge) == (rank == "all")


def test_netrank_needs_a_leaf_network_and_a_known_place() -> None:
    with pytest.raises(ValueError, match="give leafnet= too"):
        agent_from_spec("hard:netrank=root")
    with pytest.raises(ValueError, match="netrank must be off, root, all or auto, not 'some'"):
        MCTSAgent(Budget(iterations=5), leaf_value=Counting(), net_rank="some")  # type: ignore[arg-type]


def test_netrank_auto_follows_the_shipped_table_and_is_off_for_a_file(
    monkeypatch: pytest.MonkeyPatch, net: LeafNet
) -> None:
    import dataclasses

    from stonework.agents import shipped_leaf
    from stonework.agents.mcts import leaf_net_rank
    from stonework.agents.shipped_leaf import SHIPPED_LEAF, ShippedLeafNet

    state = midgame()
    shipped = ShippedLeafNet()
    entry = SHIPPED_LEAF[("akropolis", 2)]
    for rank in ("off", "root", "all"):
        table = {**SHIPPED_LEAF, ("akropolis", 2): dataclasses.replace(entry, net_rank=rank)}
        monkeypatch.setattr(shipped_leaf, "SHIPPED_LEAF", table)
        assert leaf_net_rank(shipped, "auto", state) == rank
        assert leaf_net_rank(shipped, "off", state) == "off"  # asked for: kept
    assert leaf_net_rank(net, "auto", state) == "off"
    assert leaf_net_rank(None, "auto", state) == "off"
    assert agent_from_spec("hard").net_rank == "auto"  # type: ignore[attr-defined]
