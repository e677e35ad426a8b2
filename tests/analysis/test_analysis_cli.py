"""`stonework analyse`, annotations in `stonework replay`, and `hint` in `stonework play`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from analysis_helpers import AGENT, settle_chance, short_record
from rich.console import Console
from typer.testing import CliRunner

import stonework
from stonework.cli.main import app
from stonework.cli.play import TerminalGame
from stonework.cli.seats import make_seats
from stonework.core import CHANCE

runner = CliRunner()


EVERY_TABLE = [
    ("aztec", 2), ("aztec", 3), ("akropolis", 2), ("akropolis", 3), ("akropolis", 4),
    ("zapotec", 2), ("zapotec", 3), ("zapotec", 4),
]  # fmt: skip


@pytest.mark.parametrize(("game", "players"), EVERY_TABLE)
def test_analyse_annotates_a_record_that_replay_shows(
    tmp_path: Path, game: str, players: int
) -> None:
    record = short_record(game, players, decisions=5)
    source = tmp_path / "game.json"
    record.save(source)
    out = tmp_path / "annotated.json"
    args = ["analyse", str(source), "--agent", AGENT, "--out", str(out), "--workers", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "review per seat" in result.output and "determinizations" in result.output
    data = json.loads(out.read_text())
    assert data["actions"] == record.to_json()["actions"]
    assert data["meta"]["analysis"]["decisions"]
    last = len(record.entries)
    shown = runner.invoke(app, ["replay", str(out)], input="n\n" * last + "q\n")
    assert shown.exit_code == 0, shown.output
    assert "Annotated by mcts" in shown.output
    verdicts = [d["verdict"] for d in data["meta"]["analysis"]["decisions"]]
    assert shown.output.count("analysis: ") == len(verdicts)
    for verdict in set(verdicts):
        assert f"analysis: {verdict}" in shown.output
    # The same analysis again, in one process: the same file (a fixed-iteration agent).
    again = tmp_path / "again.json"
    args = ["analyse", str(source), "--agent", AGENT, "--out", str(again)]
    assert runner.invoke(app, args).exit_code == 0
    assert again.read_text() == out.read_text()


def test_analyse_one_seat_and_a_position(tmp_path: Path) -> None:
    record = short_record("akropolis", 2, decisions=4)
    source = tmp_path / "game.json"
    record.save(source)
    out = tmp_path / "seat1.json"
    args = ["analyse", str(source), "--seat", "1", "--agent", AGENT, "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    decisions = json.loads(out.read_text())["meta"]["analysis"]["decisions"]
    assert decisions and {d["seat"] for d in decisions} == {1}
    state = stonework.new_game("zapotec", players=3, seed=2)
    settle_chance(state, 2)
    args = ["analyse", "--game", "zapotec", "--position", state.position(), "--agent", AGENT]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "expected rank" in result.output and "seat 0's information" in result.output


def test_analyse_refuses_bad_input_with_one_line(tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    short_record("aztec", 2, decisions=2).save(source)
    chance = stonework.new_game("akropolis", players=2)
    assert chance.current_player == CHANCE
    cases = [
        (["analyse"], "name a record"),
        (["analyse", str(tmp_path / "nowhere.json")], "cannot read"),
        (["analyse", str(source), "--seat", "5", "--agent", AGENT], "seat must be from 0 to 1"),
        (["analyse", str(source), "--agent", "greedy"], "no search tree"),
        (["analyse", str(source), "--agent", "mcts:nonsense"], "bad agent setting"),
        (["analyse", str(source), "--game", "aztec", "--position", "x"], "not both"),
        (["analyse", "--game", "aztec", "--position", "garbage"], "error"),
        (["analyse", "--game", "akropolis", "--position", chance.position()], "chance node"),
        (["analyse", "--game", "nope", "--position", "x"], "nope"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_replay_refuses_tampered_annotations(tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    short_record("aztec", 2, decisions=3).save(source)
    out = tmp_path / "annotated.json"
    assert (
        runner.invoke(app, ["analyse", str(source), "--agent", AGENT, "--out", str(out)]).exit_code
        == 0
    )
    data = json.loads(out.read_text())
    data["meta"]["analysis"]["decisions"][0]["verdict"] = "<script>"
    out.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(out)], input="q\n")
    assert result.exit_code == 2
    assert "the record's analysis: decision 0" in result.output


def test_hint_names_three_moves_from_what_the_seat_sees() -> None:
    state = stonework.new_game("zapotec", players=2, seed=6)
    settle_chance(state, 6)
    seat = state.current_player
    kinds = ["random", "random"]
    kinds[seat] = "human"
    screen = io.StringIO()
    lines = iter(["hint", "quit"])
    game = TerminalGame(
        state, make_seats(kinds, 2), 1, Console(file=screen, width=120), lambda _: next(lines)
    )
    game.hint_agent = AGENT
    before = state.position()
    assert game.run() is False
    out = screen.getvalue()
    assert "Hint (" in out and "win," in out
    assert "  1. " in out and "  3. " in out
    assert state.position() == before  # a hint plays nothing
