"""Distillation (``stonework distill``): teacher games as targets, resumable runs, the fit."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

np = pytest.importorskip("numpy")

from stonework.cli.main import app  # noqa: E402
from stonework.learn.distill import (  # noqa: E402
    DistillConfig,
    FitConfig,
    TeacherTask,
    fit,
    generate,
    load_games,
    play_teacher_game,
    to_samples,
)
from stonework.learn.network import network_info  # noqa: E402
from stonework.learn.selfplay import Samples  # noqa: E402

# Tiny teachers: the tests check the records, not the teacher's strength.
TINY = DistillConfig("aztec", 2, teacher="mcts:6", games=3, seed=4, explore_moves=1, chunk=2)
QUIET = lambda text: None  # noqa: E731


def test_a_teacher_game_records_root_shares_root_values_and_outcomes() -> None:
    game = play_teacher_game(TeacherTask(TINY, 0))
    rows = len(game["inputs"])
    assert rows > 10
    info = network_info("aztec", 2, (1,))
    assert game["inputs"].shape == (rows, info.inputs)
    valid = game["ids"] >= 0
    assert np.all(game["ids"][valid] < info.actions)
    assert np.allclose(game["shares"].sum(axis=1), 1.0)  # visit shares of the root's children
    assert np.all(game["shares"][~valid] == 0.0)
    assert np.all(np.abs(game["root"]) <= 1.0)
    assert set(np.unique(game["returns"])) <= {-1.0, 0.0, 1.0}
    assert np.allclose(game["returns"].sum(axis=1), 0.0)  # rotated to the mover, two seats
    # The movers alternate, so the rotated outcome flips sign with the seat to move.
    assert len(np.unique(game["returns"][:, 0])) == 2 or np.all(game["returns"] == 0)
    again = play_teacher_game(TeacherTask(TINY, 0))
    assert np.array_equal(game["inputs"], again["inputs"])  # seeded by the run and the index
    other = play_teacher_game(TeacherTask(TINY, 1))
    assert not np.array_equal(game["inputs"][-1], other["inputs"][-1])


def test_an_az_teacher_records_its_root_the_same_way() -> None:
    # Expert iteration: the shipped network's own search as the teacher.
    config = replace(TINY, teacher="az:8")
    game = play_teacher_game(TeacherTask(config, 0))
    rows = len(game["inputs"])
    assert rows > 10
    assert np.allclose(game["shares"].sum(axis=1), 1.0)
    assert np.all(np.abs(game["root"]) <= 1.0)
    # The root value is the search's, not the outcome: some rows differ from it.
    assert not np.allclose(game["root"], game["returns"])
    assert np.array_equal(game["inputs"], play_teacher_game(TeacherTask(config, 0))["inputs"])


def test_child_rows_add_value_rows_after_the_roots_moves_to_the_same_games() -> None:
    # A search asks the network about positions after poor moves too: child rows record some
    # of the root's children (valued by the teacher's mean there), and the games stay the same.
    from stonework.learn.distill import check_teacher

    config = DistillConfig("zapotec", 2, teacher="ismcts:40", games=1, seed=2)
    plain = play_teacher_game(TeacherTask(config, 0))
    game = play_teacher_game(TeacherTask(replace(config, child_rows=2), 0))
    decisions = (game["ids"] >= 0).any(axis=1)
    for key in ("inputs", "root", "returns"):
        assert np.array_equal(game[key][decisions], plain[key])
    children = ~decisions
    assert 0 < children.sum() <= 2 * len(plain["inputs"])
    assert np.all(game["shares"][children] == 0.0)  # no policy target: value rows only
    assert np.all(np.abs(game["root"][children]) <= 1.0)
    assert not np.allclose(game["root"][children], 0.0)
    assert np.allclose(game["returns"][children].sum(axis=1), 0.0)
    from stonework.agents.catalog import agent_from_spec

    with pytest.raises(ValueError, match="child rows need an mcts or ismcts teacher"):
        check_teacher(agent_from_spec("az:8"), "az:8", children=True)


def test_a_stopped_run_resumes_to_the_same_games(tmp_path: Path) -> None:
    straight = generate(TINY, tmp_path / "a", say=QUIET)
    assert sorted(np.unique(straight["game"])) == [0, 1, 2]
    generate(TINY, tmp_path / "b", say=QUIET)
    (tmp_path / "b" / "teacher-0001.npz").unlink()  # as if stopped before the last chunk
    with pytest.raises(ValueError, match="--resume"):
        generate(TINY, tmp_path / "b", say=QUIET)
    resumed = generate(TINY, tmp_path / "b", resume=True, say=QUIET)
    for key in ("inputs", "ids", "shares", "root", "returns", "game"):
        assert np.array_equal(straight[key], resumed[key]), key
    fewer = generate(replace(TINY, games=1), tmp_path / "b", resume=True, say=QUIET)
    assert np.array_equal(fewer["inputs"], straight["inputs"][straight["game"] == 0])
    other = DistillConfig("aztec", 2, teacher="mcts:7", games=3, seed=4, chunk=2)
    with pytest.raises(ValueError, match="other settings"):
        generate(other, tmp_path / "b", resume=True, say=QUIET)
    with pytest.raises(ValueError, match="no teacher games"):
        load_games(tmp_path / "empty")


def test_value_targets_mix_the_outcome_with_the_root_value(tmp_path: Path) -> None:
    data = generate(TINY, tmp_path, say=QUIET)
    rows = np.arange(len(data["inputs"]))
    actions = network_info("aztec", 2, (1,)).actions
    outcome = to_samples(data, rows, actions, 1.0)
    assert np.array_equal(outcome.values, data["returns"])
    root = to_samples(data, rows, actions, 0.0)
    assert np.allclose(root.values, data["root"])
    half = to_samples(data, rows, actions, 0.25)
    assert np.allclose(half.values, 0.25 * data["returns"] + 0.75 * data["root"])
    assert np.allclose(half.policies.sum(axis=1), 1.0)
    best = data["ids"][rows, np.argmax(data["shares"], axis=1)]
    assert np.allclose(half.policies[rows, best], data["shares"].max(axis=1))
    with pytest.raises(ValueError, match="from 0 to 1"):
        to_samples(data, rows, actions, 1.5)


def test_symmetric_images_double_the_samples(tmp_path: Path) -> None:
    from stonework.learn.distill import symmetries, with_symmetries

    data = generate(replace(TINY, games=1), tmp_path, say=QUIET)
    actions = network_info("aztec", 2, (1,)).actions
    samples = to_samples(data, np.arange(len(data["inputs"])), actions, 0.5)
    maps = symmetries("aztec", actions)
    assert len(maps) == 1 and symmetries("akropolis", 10) == []
    both = with_symmetries(samples, maps)
    n = len(samples)
    assert len(both) == 2 * n
    assert np.array_equal(both.values[n:], samples.values)
    assert np.allclose(both.policies[n:].sum(axis=1), 1.0)
    assert not np.array_equal(both.inputs[n:], samples.inputs)
    again = with_symmetries(Samples(both.inputs[n:], both.policies[n:], both.values[n:]), maps)
    assert np.array_equal(again.inputs[n:], samples.inputs)  # turned twice: the original
    assert np.array_equal(again.policies[n:], samples.policies)


def test_the_fit_learns_the_teacher_games(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    data = generate(TINY, tmp_path, say=QUIET)
    untrained, _ = fit(data, TINY, FitConfig(hidden=(16,), epochs=0, held_out=0.34))
    network, report = fit(data, TINY, FitConfig(hidden=(16,), epochs=30, held_out=0.34))
    assert set(report) == {"train", "held out"}
    before, _ = fit(data, TINY, FitConfig(hidden=(16,), epochs=0, held_out=0.34))
    assert np.array_equal(before.weights[0][0], untrained.weights[0][0])  # seeded start
    assert not np.array_equal(network.weights[0][0], untrained.weights[0][0])
    # On the positions it was fitted to the network now names the teacher's move more often.
    from stonework.learn.distill import score

    train_rows = np.flatnonzero(data["game"] < 2)
    assert (
        score(network, data, train_rows)["policy_top1"]
        > score(untrained, data, train_rows)["policy_top1"]
    )


def test_a_targeted_policy_loss_ranks_only_the_visited_ids() -> None:
    # Over all ids a policy loss also spends itself on ids no target names (which actions are
    # legal at all); "targeted" takes its softmax over the target's ids only, as a search
    # reads the prior among the legal actions, so logits elsewhere change nothing.
    torch = pytest.importorskip("torch")
    from stonework.learn.train import TrainConfig, train_epochs

    class Fixed(torch.nn.Module):  # type: ignore[misc]
        def __init__(self, logits: list[float]) -> None:
            super().__init__()
            self.logits = torch.nn.Parameter(torch.tensor([logits]))

        def forward(self, x: object) -> tuple[object, object]:
            return self.logits.expand(1, -1), torch.zeros(1, 2)

    target = np.asarray([[0.75, 0.25, 0.0, 0.0]], np.float32)
    samples = Samples(np.zeros((1, 1), np.float32), target, np.zeros((1, 2), np.float32))
    losses = {}
    for over in ("all", "targeted"):
        for tail in (0.0, 5.0):
            model = Fixed([1.0, 0.0, tail, tail])
            optimiser = torch.optim.SGD(model.parameters(), lr=0.0)
            config = TrainConfig("aztec", 2, epochs=1, batch=1, policy_over=over)
            losses[over, tail] = train_epochs(model, optimiser, samples, config, 0)[0]
    expected = -(0.75 * np.log(np.exp(1) / (np.exp(1) + 1)) + 0.25 * np.log(1 / (np.exp(1) + 1)))
    assert losses["targeted", 0.0] == pytest.approx(expected, rel=1e-5)
    assert losses["targeted", 5.0] == pytest.approx(expected, rel=1e-5)
    assert losses["all", 5.0] > losses["all", 0.0] > expected
    with pytest.raises(ValueError, match="policy loss is over all or targeted"):
        config = TrainConfig("aztec", 2, policy_over="legal")
        train_epochs(
            Fixed([0.0] * 4), torch.optim.SGD(Fixed([0.0]).parameters(), lr=0.0), samples, config, 0
        )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nogame"], "nogame"),
        (["aztec", "--policy-over", "legal"], "--policy-over"),
        (["aztec", "--players", "7"], "not 7"),
        (["aztec", "--teacher", "greedy"], "tree search"),
        (["aztec", "--mix", "2"], "--mix"),
        (["aztec", "--games", "0"], "--games"),
        (["aztec", "--hidden", "x"], "--hidden"),
        (["aztec", "--epochs", "-1"], "--epochs"),
        (["aztec", "--child-rows", "-1"], "--child-rows"),
        (["aztec", "--teacher", "az:8", "--child-rows", "2"], "child rows need"),
    ],
)
def test_distill_command_refuses_bad_settings(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["distill", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_distill_command_plays_the_games_and_writes_them(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["distill", "aztec", "--teacher", "mcts:4", "--games", "1", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--epochs", "0"])
    assert result.exit_code == 0, result.output
    assert "positions from 1 teacher games" in result.output
    assert json.loads((out / "distill.json").read_text())["teacher"] == "mcts:4"
    again = CliRunner().invoke(app, [*args, "--epochs", "0"])
    assert again.exit_code == 2 and "--resume" in again.output
