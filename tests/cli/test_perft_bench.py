"""`stonework perft` and `stonework bench` on the toy game."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from stonework.cli.main import app


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


def test_bench_table_with_progress_bar(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "pile", "--seconds", "0.05", "-o", "pile=12"])
    assert result.exit_code == 0, result.output
    assert "random complete games / s" in result.output
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
