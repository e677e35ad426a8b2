"""`stonework perft` and `stonework bench` on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stonework.cli import revisions
from stonework.cli.main import app
from stonework.core import StoneworkError
from stonework.core.compiled import build_state


def test_perft_counts_each_depth(runner: CliRunner) -> None:
    # From the very start of the toy: 4 first cards, then 3 left for the second seat, then two
    # choices (take 1 or 2) at each of the next turns while stones remain: 4, 12, 24, 48.
    result = runner.invoke(app, ["perft", "pile", "--depth", "4", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(row["depth"], row["count"]) for row in rows] == [(1, 4), (2, 12), (3, 24), (4, 48)]


def test_perft_table_after_seeded_setup_with_an_option(runner: CliRunner) -> None:
    # With --seed the deal is drawn first; a pile of 2 then allows take 1 or take 2 (2); after
    # "take 1" only "take 1" is left, and "take 2" ends the game (one leaf each): 2, 2.
    result = runner.invoke(app, ["perft", "pile", "-d", "2", "--seed", "1", "-o", "pile=2"])
    assert result.exit_code == 0, result.output
    assert "pile=2" in result.output
    lines = [line for line in result.output.splitlines() if "│" in line]
    cells = [[cell.strip() for cell in line.split("│")[1:3]] for line in lines]
    assert cells == [["1", "2"], ["2", "2"]]


def test_perft_from_a_position_string(runner: CliRunner) -> None:
    # Seat 0 to move with 3 stones left: 2 moves, then 2 + 1 (after taking 2, one stone is left).
    result = runner.invoke(
        app, ["perft", "pile", "-d", "2", "--position", "2;7;3;1,2;2,2;0", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert [row["count"] for row in json.loads(result.stdout)] == [2, 3]


def test_perft_refuses_bad_input(runner: CliRunner) -> None:
    unknown = runner.invoke(app, ["perft", "go", "--depth", "1"])
    assert unknown.exit_code == 2 and "no game named 'go'" in unknown.stderr
    option = runner.invoke(app, ["perft", "pile", "--depth", "1", "-o", "stones=3"])
    assert option.exit_code == 2 and "its options are: pile" in option.stderr
    out_of_range = runner.invoke(app, ["perft", "pile", "--depth", "1", "-o", "pile=99"])
    assert out_of_range.exit_code == 2 and "out of range" in out_of_range.stderr
    depth = runner.invoke(app, ["perft", "pile", "--depth", "0"])
    assert depth.exit_code == 2
    position = runner.invoke(app, ["perft", "pile", "--depth", "1", "--position", "nonsense"])
    assert position.exit_code == 2 and "bad pile position" in position.stderr


def test_bench_json_reports_games_and_call_costs(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "pile", "--seconds", "0.05", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["game"] == "pile" and figures["players"] == 3
    assert figures["games"] >= 1
    assert figures["chance_per_game"] == 3  # one secret card dealt per seat
    assert figures["engines"] == build_state()  # which build ran (docs/speed.md)


def test_bench_table_with_progress_bar(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "pile", "--seconds", "0.05", "-o", "pile=12"])
    assert result.exit_code == 0, result.output
    assert "random complete games / s" in result.output
    assert f"{build_state()}" in result.output and "engines" in result.output
    assert "pile=12" in result.output


def test_bench_refuses_bad_input(runner: CliRunner) -> None:
    players = runner.invoke(app, ["bench", "pile", "--players", "5", "--seconds", "0.01"])
    assert players.exit_code == 2 and "played by 2, 3 players, not 5" in players.stderr
    option = runner.invoke(app, ["bench", "pile", "-o", "pile", "--seconds", "0.01"])
    assert option.exit_code == 2 and "KEY=VALUE" in option.stderr


def test_titles_name_only_the_options_that_differ_from_their_defaults(runner: CliRunner) -> None:
    default = runner.invoke(app, ["perft", "pile", "--depth", "1", "-o", "pile=7"])
    assert "perft pile, 2 players" in default.output and "pile=7" not in default.output
    changed = runner.invoke(app, ["perft", "pile", "--depth", "1", "-p", "3", "-o", "pile=8"])
    assert "perft pile, 3 players (pile=8)" in changed.output


def test_bench_agent_json_counts_decisions_and_simulations(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["bench", "pile", "--agent", "mcts:20", "--seconds", "0.05", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["agent"] == "mcts:20" and figures["players"] == 2
    assert figures["decisions"] >= 1
    # A 20-iteration budget: never more simulations than 20 per decision, and some searched
    # (the toy's first decision has more than one legal action).
    assert 0 < figures["simulations"] <= 20 * figures["decisions"]
    assert figures["simulations_per_decision"] <= 20
    assert figures["simulations_per_second"] > 0


def test_bench_agent_table_for_an_agent_that_does_not_search(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "pile", "--agent", "greedy", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    assert "pile, 2 players, greedy" in result.output
    for label in ("complete games / s", "decisions / s", "simulations / s (searches)"):
        assert label in result.output
    figures = json.loads(
        runner.invoke(
            app, ["bench", "pile", "--agent", "greedy", "--seconds", "0.05", "--json"]
        ).stdout
    )
    assert figures["simulations"] == 0 and figures["games"] >= 1


def test_bench_agent_refuses_bad_specs(runner: CliRunner) -> None:
    unknown = runner.invoke(app, ["bench", "pile", "--agent", "chess", "--seconds", "0.01"])
    assert unknown.exit_code == 2 and "no agent named 'chess'" in unknown.stderr
    setting = runner.invoke(app, ["bench", "pile", "--agent", "mcts:depth=x", "--seconds", "0"])
    assert setting.exit_code == 2 and "agent 'mcts:depth=x'" in setting.stderr


def test_bench_compare_refuses_what_the_probe_cannot_measure(runner: CliRunner) -> None:
    agent = runner.invoke(app, ["bench", "pile", "--compare", "HEAD", "--agent", "flatmc"])
    assert agent.exit_code == 2 and "not 'flatmc'" in agent.stderr
    option = runner.invoke(app, ["bench", "pile", "--compare", "HEAD", "-o", "pile=9"])
    assert option.exit_code == 2 and "default options" in option.stderr


def test_bench_compare_table_and_json(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    # The probe subprocesses cannot see the toy game, so the comparison itself is replaced by
    # one that records what it was asked for: this checks the rows and the output shapes.
    asked: list[tuple[list[str], list[str], float, int, int | None]] = []

    def fake_compare(
        revs: list[str], rows: list[str], seconds: float, rounds: int, cpu: int | None
    ) -> list[revisions.RowResult]:
        asked.append((revs, rows, seconds, rounds, cpu))
        return [
            revisions.RowResult(
                row, "games_per_s", {"this tree": 30.0, revs[0]: 10.0}, {revs[0]: 3.0}
            )
            for row in rows
        ]

    monkeypatch.setattr(revisions, "compare", fake_compare)
    table = runner.invoke(app, ["bench", "pile", "--compare", "abc123", "--seconds", "1"])
    assert table.exit_code == 0, table.output
    assert asked[0] == (["abc123"], ["random:pile:2", "greedy:pile:2", "mcts:pile:2"], 1.0, 2, None)
    assert "ratio vs abc123" in table.output and "3.00x" in table.output
    only = runner.invoke(
        app,
        [
            "bench",
            "pile",
            "-p",
            "3",
            "--compare",
            "r1",
            "--agent",
            "mcts",
            "--rounds",
            "1",
            "--cpu",
            "0",
            "--json",
        ],
    )
    assert only.exit_code == 0, only.output
    assert asked[1] == (["r1"], ["mcts:pile:3"], 5.0, 1, 0)
    assert json.loads(only.stdout) == [
        {
            "row": "mcts:pile:3",
            "measure": "games_per_s",
            "figures": {"this tree": 30.0, "r1": 10.0},
            "ratios": {"r1": 3.0},
        }
    ]


def test_compare_alternates_trees_and_keeps_the_best_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[str, str]] = []
    figures = iter([10.0, 5.0, 12.0, 4.0])

    def fake_export(root: Path, rev: str, into: Path) -> Path:
        return tmp_path / rev

    def fake_probe(
        src: Path, row: str, seconds: float, cpu: int | None, pure: bool = False
    ) -> dict[str, float]:
        assert not pure
        calls.append((src.name, row))
        return {"games_per_s": next(figures), "decisions_per_s": 1.0}

    monkeypatch.setattr(revisions, "export", fake_export)
    monkeypatch.setattr(revisions, "probe", fake_probe)
    seen: list[revisions.RowResult] = []
    results = revisions.compare(["old"], ["random:aztec:2"], 0.1, 2, None, on_row=seen.append)
    assert [name for name, _ in calls] == ["src", "old", "src", "old"]
    assert results == seen
    assert results[0].figures == {"this tree": 12.0, "old": 5.0}
    assert results[0].ratios == {"old": 2.4}
    assert (
        revisions.markdown_line(results[0]) == "| random:aztec:2 games_per_s | 12.0 | 5.0 | 2.40x |"
    )


def test_compare_rows_are_checked_and_the_probe_runs_on_this_tree() -> None:
    with pytest.raises(StoneworkError, match="bad row"):
        revisions.parse_rows("random:aztec")
    with pytest.raises(StoneworkError, match="bad row"):
        revisions.parse_rows("flatmc:aztec:2")
    assert revisions.parse_rows(" random:aztec:2, mcts:zapotec:3 ") == [
        "random:aztec:2",
        "mcts:zapotec:3",
    ]
    src = revisions.checkout_root() / "src"
    figures = revisions.probe(src, "random:aztec:2", 0.01, None)
    assert set(figures) == {"games_per_s", "decisions_per_s"} and figures["games_per_s"] > 0
    with pytest.raises(StoneworkError, match="probe failed"):
        revisions.probe(src, "random:nogame:2", 0.01, None)


def test_compare_pure_is_this_tree_without_its_compiled_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--compare pure``: the same sources, probed with STONEWORK_PURE=1, never exported."""
    calls: list[tuple[str, bool]] = []

    def no_export(root: Path, rev: str, into: Path) -> Path:
        raise AssertionError("'pure' is not a revision to export")

    def fake_probe(
        src: Path, row: str, seconds: float, cpu: int | None, pure: bool = False
    ) -> dict[str, float]:
        calls.append((src.name, pure))
        return {"games_per_s": 6.0 if pure else 9.0}

    monkeypatch.setattr(revisions, "export", no_export)
    monkeypatch.setattr(revisions, "probe", fake_probe)
    results = revisions.compare([revisions.PURE_TREE], ["random:aztec:2"], 0.1, 1, None)
    assert calls == [("src", False), ("src", True)]
    assert results[0].ratios == {"pure": 1.5}


def test_rows_carry_game_options_and_defaults_on_drops_them_for_a_revision(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``random:zapotec:2:components=v1``: every tree plays that game, except the revisions
    named in ``defaults_on``, which play the row without its options (their defaults)."""
    assert revisions.parse_rows("random:zapotec:2:components=v1") == [
        "random:zapotec:2:components=v1"
    ]
    with pytest.raises(StoneworkError, match="bad row"):
        revisions.parse_rows("random:zapotec:2:v1")
    calls: list[tuple[str, str]] = []

    def fake_export(root: Path, rev: str, into: Path) -> Path:
        return tmp_path / rev

    def fake_probe(
        src: Path, row: str, seconds: float, cpu: int | None, pure: bool = False
    ) -> dict[str, float]:
        calls.append((src.name, row))
        return {"games_per_s": 2.0}

    monkeypatch.setattr(revisions, "export", fake_export)
    monkeypatch.setattr(revisions, "probe", fake_probe)
    row = "greedy:zapotec:4:components=v1"
    revisions.compare(["old", "older"], [row], 0.1, 1, None, defaults_on=frozenset({"old"}))
    assert calls == [("src", row), ("old", "greedy:zapotec:4"), ("older", row)]
    with pytest.raises(StoneworkError, match="not among the revisions"):
        revisions.compare(["old"], [row], 0.1, 1, None, defaults_on=frozenset({"new"}))


def test_the_probe_reads_a_rows_options_with_the_trees_own_reader() -> None:
    src = revisions.checkout_root() / "src"
    figures = revisions.probe(src, "random:zapotec:2:components=v1", 0.01, None)
    assert figures["games_per_s"] > 0
    with pytest.raises(StoneworkError, match="probe failed"):
        revisions.probe(src, "random:zapotec:2:no_such_option=1", 0.01, None)
