"""``stonework leafnet akropolis``: teacher games into a resumable journal, the fit, its files.

Tiny runs of greedy teachers (fast; the tests check the plumbing, not the network's strength).
The journal must stay the one ``benchmarks/akropolis_leaf_net.py`` writes, line for line, so
that the journal of the network in docs/models.md can be copied into a run and resumed.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner, Result

from bench_scripts import load_script

np = pytest.importorskip("numpy")

from stonework.cli.main import app  # noqa: E402
from stonework.games.akropolis.leaf_net import LeafNet  # noqa: E402

GAMES = 4
RUN = ["leafnet", "akropolis", "--teacher", "greedy", "--workers", "1"]


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, [*RUN, *args])


def said(result: Result) -> str:
    """The output with its line breaks and runs of spaces made single spaces."""
    return " ".join(result.output.split())


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole run: four greedy games, a fit of three epochs."""
    out = tmp_path_factory.mktemp("leafnet") / "run"
    result = invoke("--games", str(GAMES), "--epochs", "3", "--hidden", "8", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"{GAMES} teacher games in {out / 'teacher.jsonl'}" in said(result)
    return out


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("akropolis_leaf_net")


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_a_run_writes_the_journal_the_network_the_report_and_the_curve(run: Path) -> None:
    rows = [json.loads(line) for line in lines(run / "teacher.jsonl")]
    # --seed 0: the seeds of the script's default run, 30000 on.
    assert [row["seed"] for row in rows] == [30_000, 30_001, 30_002, 30_003]
    assert {row["teacher"] for row in rows} == {"greedy"}
    net = LeafNet.load(run / "leaf.npz")
    assert net.residual and [w.shape[1] for w, _ in net.layers] == [8, 1]
    report = json.loads((run / "report.json").read_text())
    assert report["games_in_parts"] == {"fitted": 2, "validation": 1, "held out": 1}
    assert [point["epoch"] for point in report["curve"]] == [0, 1, 2, 3]
    assert 0 <= report["kept_epoch"] <= 3
    for part in ("held out", "train"):
        assert set(report[part]) == {"hand estimate", "linear refit", "MLP"}
        for figures in report[part].values():
            assert figures["margin_rmse"] >= 0 and 0 <= figures["winner_named"] <= 1
    settings = report["settings"]
    assert settings["teacher"] == "greedy" and settings["hidden"] == [8]
    assert (settings["epochs"], settings["decay"], settings["residual"]) == (3, 1e-3, True)
    assert settings["lam"] == 1.0


def test_a_fit_to_lambda_returns_is_another_network_judged_on_final_margins(
    run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "lambda"
    out.mkdir()
    (out / "teacher.jsonl").write_text((run / "teacher.jsonl").read_text())
    args = ("--games", str(GAMES), "--epochs", "3", "--hidden", "8", "--resume")
    result = invoke(*args, "--lambda", "0.5", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    first = json.loads((run / "report.json").read_text())
    assert report["settings"]["lam"] == 0.5
    # The same games and the same hand estimate, judged against the same final margins ...
    assert report["held out"]["hand estimate"] == first["held out"]["hand estimate"]
    # ... by a network fitted to other targets.
    assert report["train"]["MLP"] != first["train"]["MLP"]


def test_a_tree_search_teacher_keeps_its_root_values_and_a_fit_can_lean_on_them(
    tmp_path: Path,
) -> None:
    from stonework.agents.catalog import agent_from_spec
    from stonework.learn.leaf_games import play_to_end, start

    out = tmp_path / "search"
    teacher = "mcts:iterations=24"
    args = ("--teacher", teacher, "--games", str(GAMES), "--hidden", "8", "--out", str(out))
    result = invoke(*args, "--epochs", "2", "--lambda", "0.8", "--bootstrap", "search")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in lines(out / "teacher.jsonl")]
    for row in rows:
        # One entry a decision (the seats' mean values at the root), none where one legal move
        # left nothing to search; seat 1's is minus seat 0's at two players.
        decisions = sum(not move.startswith("reveal") for move in row["moves"])
        assert len(row["values"]) == decisions
        searched = [v for v in row["values"] if v is not None]
        assert searched and all(-1 <= v[0] == -v[1] <= 1 for v in searched)
    # Keeping them did not change the search: the same seed plays the same moves without.
    state = start(rows[0]["seed"])
    opening = len(state.history)
    play_to_end(state, [agent_from_spec(teacher) for _ in range(2)], rows[0]["seed"])
    assert [str(a) for _, a in state.history[opening:]] == rows[0]["moves"]
    report = json.loads((out / "report.json").read_text())
    assert report["settings"]["bootstrap"] == "search" and report["settings"]["lam"] == 0.8
    assert report["seat_positions_with_root_values"] > 0
    for part in ("held out", "train"):
        assert "teacher's search" in report[part]
    # The hand estimate's lambda-returns are other targets: another network.
    again = invoke(*args, "--resume", "--epochs", "2", "--lambda", "0.8")
    assert again.exit_code == 0, again.output
    other = json.loads((out / "report.json").read_text())
    assert other["settings"]["bootstrap"] == "hand"
    assert other["train"]["MLP"] != report["train"]["MLP"]


def test_a_journal_of_a_teacher_without_a_search_cannot_bootstrap_from_one(
    run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "greedy"
    out.mkdir()
    (out / "teacher.jsonl").write_text((run / "teacher.jsonl").read_text())
    assert all("values" not in json.loads(line) for line in lines(out / "teacher.jsonl"))
    args = ("--games", str(GAMES), "--epochs", "2", "--resume", "--out", str(out))
    result = invoke(*args, "--lambda", "0.9", "--bootstrap", "search")
    assert result.exit_code == 2
    assert "error: the games keep no root values of their teacher" in said(result)
    assert "Traceback" not in result.output
    assert not (out / "leaf.npz").exists()


def test_pooled_games_of_an_earlier_run_are_fitted_and_the_held_out_games_stay_the_runs(
    run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pooled"
    args = ("--games", str(GAMES), "--epochs", "2", "--hidden", "8", "--seed", "7")
    plain = invoke(*args, "--out", str(out))
    assert plain.exit_code == 0, plain.output
    alone = json.loads((out / "report.json").read_text())
    assert alone["pooled"] == {"games": 0, "seat_positions": 0}
    result = invoke(*args, "--out", str(out), "--resume", "--pool", str(run / "teacher.jsonl"))
    assert result.exit_code == 0, result.output
    assert f"{GAMES} pooled games" in said(result)
    report = json.loads((out / "report.json").read_text())
    assert report["pooled"]["games"] == GAMES and report["pooled"]["seat_positions"] > 0
    assert report["settings"]["pool"] == [str(run / "teacher.jsonl")]
    # The same parts, judged on the same games: only the network differs.
    assert report["seat_positions"] == alone["seat_positions"]
    assert report["held out"]["hand estimate"] == alone["held out"]["hand estimate"]
    assert report["train"]["MLP"] != alone["train"]["MLP"]


@pytest.mark.parametrize(
    ("journal", "message"),
    [
        (None, "no teacher games there"),
        ("", "no teacher games there"),
        ("[1, 2]\n", "line 1 is not a teacher game (not a JSON object)"),
    ],
)
def test_a_pool_that_holds_no_games_is_refused_before_the_fit(
    run: Path, tmp_path: Path, journal: str | None, message: str
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / "teacher.jsonl").write_text((run / "teacher.jsonl").read_text())
    pool = tmp_path / "pool.jsonl"
    if journal is not None:
        pool.write_text(journal)
    args = ("--games", str(GAMES), "--epochs", "2", "--resume", "--out", str(out))
    result = invoke(*args, "--pool", str(pool))
    assert result.exit_code == 2
    assert f"error: --pool {pool}" in said(result) and message in said(result)
    assert "Traceback" not in result.output
    assert not (out / "leaf.npz").exists()


def test_a_opponent_takes_the_other_seats_and_the_teacher_goes_round_the_table(
    tmp_path: Path,
) -> None:
    from stonework.agents.catalog import agent_from_spec
    from stonework.learn.leaf_games import play_to_end, start, teacher_seat

    out = tmp_path / "opponent"
    opponent = "mcts:iterations=12"
    args = ("--games", "2", "--epochs", "0", "--out", str(out), "--opponent", opponent)
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in lines(out / "teacher.jsonl")]
    assert [row["opponent"] for row in rows] == [opponent, opponent]
    assert {teacher_seat(row["seed"], 2) for row in rows} == {0, 1}
    for row in rows:
        # The same seed played again with the teacher in its seat and the opponent in the other.
        specs = [opponent, opponent]
        specs[teacher_seat(row["seed"], 2)] = "greedy"
        state = start(row["seed"])
        opening = len(state.history)
        play_to_end(state, [agent_from_spec(spec) for spec in specs], row["seed"])
        assert [str(a) for _, a in state.history[opening:]] == row["moves"]
        # Only the opponent searched: its decisions keep root values, the teacher's none.
        decisions = [m for m in row["moves"] if not m.startswith("reveal")]
        assert len(row["values"]) == len(decisions)
        assert any(v is None for v in row["values"]) and any(v for v in row["values"])
    # A journal of another opponent, or of none, is another run.
    for other in (["--opponent", "greedy"], []):
        again = invoke("--games", "2", "--epochs", "0", "--out", str(out), "--resume", *other)
        assert again.exit_code == 2
        assert "holds another run: its game 0 has opponent" in said(again)
    bad = invoke("--games", "2", "--out", str(tmp_path / "bad"), "--opponent", "nobody")
    assert bad.exit_code == 2 and "error: --opponent nobody:" in said(bad)
    assert "Traceback" not in bad.output


def test_root_values_for_another_number_of_decisions_do_not_replay(run: Path) -> None:
    from stonework.learn.leaf_games import replay

    game = json.loads(lines(run / "teacher.jsonl")[0])
    positions, _ = replay({**game, "values": [None] * 36})
    assert len(positions) == 36
    with pytest.raises(ValueError, match="keeps root values for 35 decisions, not its 36"):
        replay({**game, "values": [None] * 35})


def test_the_learning_curve_is_drawn(run: Path) -> None:
    pytest.importorskip("matplotlib")
    drawing = (run / "curve.svg").read_text()
    assert drawing.startswith("<?xml") and drawing.rstrip().endswith("</svg>")
    assert "validation" in drawing


def test_the_journal_is_the_scripts_and_a_stopped_run_resumes(
    run: Path, script: ModuleType, tmp_path: Path
) -> None:
    # Two games played by the script, the other two by the command resuming its journal.
    out = tmp_path / "resumed"
    out.mkdir()
    script.main(
        ["play", "--journal", str(out / "teacher.jsonl"), "--games", "2", "--teacher", "greedy"]
    )
    by_script = lines(out / "teacher.jsonl")
    result = invoke("--games", str(GAMES), "--epochs", "0", "--out", str(out), "--resume")
    assert result.exit_code == 0, result.output
    assert lines(out / "teacher.jsonl")[:2] == by_script
    assert lines(out / "teacher.jsonl") == lines(run / "teacher.jsonl")
    assert not (out / "leaf.npz").exists()  # --epochs 0: the games only


def test_resumed_over_two_workers_the_finished_games_stay_and_a_torn_line_goes(
    run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "workers"
    out.mkdir()
    first, second, *rest = lines(run / "teacher.jsonl")
    # A game changed where replaying would tell (its totals): kept as it is, not played again.
    kept = json.loads(first)
    kept["totals"] = [0.0, 0.0]
    (out / "teacher.jsonl").write_text(json.dumps(kept) + "\n" + second[:40])
    args = ["--games", str(GAMES), "--epochs", "0", "--out", str(out), "--resume"]
    result = CliRunner().invoke(
        app, ["leafnet", "akropolis", "--teacher", "greedy", "--workers", "2", *args]
    )
    assert result.exit_code == 0, result.output
    assert lines(out / "teacher.jsonl") == [json.dumps(kept), second, *rest]
    # The fit replays every game: the changed one is a clear error.
    again = invoke("--games", str(GAMES), "--epochs", "1", "--out", str(out), "--resume")
    assert again.exit_code == 2
    assert "error: the game of seed 30000 replays to" in said(again)
    assert "Traceback" not in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game named 'chess'"),
        (["aztec"], "the leaf network is for akropolis and zapotec, not aztec"),
        (
            ["akropolis", "--players", "1"],
            "the akropolis leaf network is for 2, 3, 4 players, not 1",
        ),
        (["zapotec", "--players", "5"], "the zapotec leaf network is for 2, 3, 4 players, not 5"),
        (
            ["akropolis", "--hidden", "x"],
            "--hidden takes sizes 1..4096 separated by commas, not 'x'",
        ),
        (["akropolis", "--hidden", "32,0"], "--hidden takes sizes 1..4096 separated by commas"),
        (
            ["akropolis", "--teacher", "mcts:x"],
            "--teacher mcts:x: bad agent setting 'x' in 'mcts:x': use 1.5s, 400 or key=value",
        ),
        (["akropolis", "--teacher", "nobody"], "--teacher nobody: no agent named 'nobody'"),
        (["akropolis", "--games", "0"], "--games must be at least 1"),
        (
            ["akropolis", "--epochs", "-1"],
            "--epochs, --max-games and --check-games must be 0 or more",
        ),
        (
            ["akropolis", "--check-games", "-2"],
            "--epochs, --max-games and --check-games must be 0 or more",
        ),
        (
            ["zapotec", "--check-games", "2", "--check-seconds", "0"],
            "--check-seconds must be above 0 and at most 60",
        ),
        (
            ["zapotec", "--check-games", "2", "--check-seconds", "nan"],
            "--check-seconds must be above 0 and at most 60",
        ),
        (["akropolis", "--lambda", "1.5"], "--lambda must be between 0 and 1"),
        (["akropolis", "--lambda", "nan"], "--lambda must be between 0 and 1"),
        (["akropolis", "--bootstrap", "final"], "--bootstrap takes hand or search, not 'final'"),
    ],
)
def test_bad_settings_are_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["leafnet", *args, "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert f"error: {message}" in said(result)
    assert "Traceback" not in result.output
    assert not (tmp_path / "run").exists()


def test_without_numpy_the_command_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    result = invoke("--out", str(tmp_path / "run"))
    assert result.exit_code == 2
    assert (
        "error: the leaf network needs numpy: pip install numpy (or the project's learn extra)"
        in said(result)
    )


@pytest.mark.parametrize(
    ("journal", "message"),
    [
        ("not json\n", "teacher.jsonl line 1 is not a teacher game (not JSON)"),
        (
            '{"seed": 30000, "moves": []}\n',
            "teacher.jsonl line 1 is not a teacher game: its fields are ['moves', 'seed'], "
            "not ['moves', 'seed', 'teacher', 'totals'] (and values and opponent, if kept)",
        ),
        (
            '{"seed": 30000, "teacher": "greedy", "moves": [], "totals": [1, 2], '
            '"values": [[0.5, 1.5]]}\n',
            "teacher.jsonl line 1: values must list, for each decision, null or 2 numbers "
            "from -1 to 1",
        ),
        (
            '{"seed": 30000, "teacher": "greedy", "moves": [], "totals": [1, 2], '
            '"values": [null, [0.5]]}\n',
            "teacher.jsonl line 1: values must list, for each decision, null or 2 numbers "
            "from -1 to 1",
        ),
        (
            '{"seed": 30000, "teacher": "greedy", "moves": [], "totals": [1]}\n',
            "teacher.jsonl line 1: totals must list 2 numbers",
        ),
        (
            '{"seed": 5, "teacher": "greedy", "moves": [], "totals": [1, 2]}\n',
            "teacher.jsonl holds another run: its game 0 is of seed 5 and teacher greedy, "
            "where --seed 0 and --teacher greedy play seed 30000",
        ),
    ],
)
def test_a_journal_not_of_the_run_is_refused(journal: str, message: str, tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / "teacher.jsonl").write_text(journal)
    result = invoke("--out", str(out), "--resume", "--games", "1", "--epochs", "0")
    assert result.exit_code == 2
    assert f"error: {out}/{message}" in said(result)
    assert "Traceback" not in result.output
    assert (out / "teacher.jsonl").read_text() == journal


def test_a_run_is_resumed_only_when_asked_and_fits_only_enough_games(
    run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    shutil.copy(run / "teacher.jsonl", out / "teacher.jsonl")
    fresh = invoke("--out", str(out), "--games", "3", "--epochs", "1")
    assert fresh.exit_code == 2
    assert f"error: {out / 'teacher.jsonl'} already holds teacher games: pass --resume" in said(
        fresh
    )
    few = invoke("--out", str(out), "--games", "3", "--epochs", "1", "--resume")
    assert few.exit_code == 2
    assert "error: 3 games are too few to fit" in said(few)
    assert lines(out / "teacher.jsonl") == lines(run / "teacher.jsonl")  # none dropped


def test_games_finished_out_of_order_are_written_in_game_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from stonework.learn import leaf_games

    def backwards(
        function: object,
        tasks: list[leaf_games.TeacherGame],
        workers: int,
        ray: str | None,
        progress: object,
        on_result: Callable[[int, dict[str, object]], None],
    ) -> list[object]:
        # The last game finishes first: each line waits for the games before it.
        written = []
        for index in reversed(range(len(tasks))):
            on_result(index, {"seed": tasks[index].seed, "teacher": "greedy"})
            written.append(len(lines(journal)))
        assert written == [0, 0, 3]
        return []

    journal = tmp_path / "teacher.jsonl"
    monkeypatch.setattr(leaf_games, "run_tasks", backwards)
    played = leaf_games.play_games(journal, "greedy", 3, 0)
    assert [row["seed"] for row in played] == [30_000, 30_001, 30_002]
    assert [json.loads(line)["seed"] for line in lines(journal)] == [30_000, 30_001, 30_002]


@pytest.mark.parametrize("players", [2, 4])
def test_a_zapotec_run_fits_its_own_network(players: int, tmp_path: Path) -> None:
    from stonework.agents.leaf_values import load_leaf_value
    from stonework.games.zapotec import leaf_net as zapotec_leaf

    out = tmp_path / "run"
    # Four games: the fewest the fit splits into fitted, validation and held-out games.
    args = ["leafnet", "zapotec", "--players", str(players), "--teacher", "greedy"]
    args += ["--games", "4", "--epochs", "2", "--hidden", "8", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in lines(out / "teacher.jsonl")]
    assert [len(row["totals"]) for row in rows] == [players] * 4
    net = load_leaf_value(out / "leaf.npz")
    assert isinstance(net, zapotec_leaf.LeafNet) and net.players == players
    report = json.loads((out / "report.json").read_text())
    # No linear refit: Akropolis's linear leaf estimate has no Zapotec counterpart.
    assert set(report["held out"]) == {"hand estimate", "MLP"}
    assert (report["settings"]["game"], report["settings"]["players"]) == ("zapotec", players)
    assert f"hard:leafnet={out / 'leaf.npz'}" in said(result)


def test_a_fit_chosen_by_play_keeps_the_epoch_that_did_best_against_hard(tmp_path: Path) -> None:
    from stonework.learn.leaf_check import CheckResult, best_candidate

    out = tmp_path / "run"
    args = ["leafnet", "zapotec", "--teacher", "greedy", "--games", "4", "--epochs", "2"]
    args += ["--hidden", "8", "--out", str(out), "--check-games", "2", "--check-seconds", "0.01"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    check = report["check"]
    assert (check["games"], check["seconds"], check["settings"]) == (2, 0.01, "depth=0")
    results = [CheckResult(**row) for row in check["epochs"]]
    assert [r.epoch for r in results] == [1, 2] and {r.games for r in results} == {2}
    for r in results:
        assert 0 <= r.ahead <= 1 and 0 <= r.first <= 1
    kept = best_candidate(results).epoch
    assert (report["kept_epoch"], report["kept_by"]) == (kept, "play")
    # The kept network is that epoch's file, byte for byte; every epoch's file stays.
    assert (out / "leaf.npz").read_bytes() == (
        out / "epochs" / f"leaf-epoch{kept}.npz"
    ).read_bytes()
    assert sorted(p.name for p in (out / "epochs").iterdir()) == [
        "leaf-epoch1.npz",
        "leaf-epoch2.npz",
    ]
    assert f"by play: epoch {kept} kept" in said(result)
    if importlib.util.find_spec("matplotlib") is not None:
        # The curve shows each epoch's strength against hard beside its errors.
        assert "ahead of a hard seat" in (out / "curve.svg").read_text()


def test_a_three_player_akropolis_run_fits_its_network_beside_the_linear_refit(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    args = ["leafnet", "akropolis", "--players", "3", "--teacher", "greedy", "--games", "4"]
    args += ["--epochs", "1", "--hidden", "8", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in lines(out / "teacher.jsonl")]
    assert [len(row["totals"]) for row in rows] == [3] * 4
    net = LeafNet.load(out / "leaf.npz")
    assert net.players == 3 and net.mean.shape == (3 * len(net.FEATURE_NAMES),)
    report = json.loads((out / "report.json").read_text())
    assert set(report["held out"]) == {"hand estimate", "linear refit", "MLP"}
    assert report["kept_by"] == "validation"
