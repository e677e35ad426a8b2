"""`play` save FILE / --load FILE round trip, and `stonework replay` stepping through a record."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.core import Record, derive_rng, new_game, play_random, replay, save_state


def test_save_then_load_continues_the_same_game(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = runner.invoke(
        app, ["play", "pile", "--seed", "4", "-o", "pile=9"], input=f"2\nsave {saved}\nquit\n"
    )
    assert first.exit_code == 0, first.output
    assert f"Saved to {saved}" in first.output
    record = Record.load(saved)
    assert record.game == "pile" and record.options == {"pile": 9}
    assert record.meta["seats"] == ["human", "random"]
    before = replay(record)
    assert before.position() == record.final_position
    assert [seat for seat, _ in record.entries] == [-1, -1, 0, 1]  # deal, deal, you, the AI

    second = runner.invoke(app, ["play", "--load", str(saved), "--seed", "1"], input="1\n" * 8)
    assert second.exit_code == 0, second.output
    # The loaded game starts where the first one stopped: the same drawing, seat 0 to move.
    assert second.output.count(before.to_text(0)) >= 1
    assert "seat 0 human, seat 1 random" in second.output
    assert "game over" in second.output


def test_undo_reaches_back_before_the_load(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    runner.invoke(app, ["play", "pile", "--seed", "4"], input=f"1\nsave {saved}\nquit\n")
    result = runner.invoke(app, ["play", "--load", str(saved)], input="undo\nquit\n")
    assert "Took back your move take 1" in result.output
    assert "pile 7, taken [0, 0]" in result.output


def test_load_refuses_a_missing_broken_or_tampered_file(runner: CliRunner, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["play", "--load", str(tmp_path / "nowhere.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr

    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["play", "--load", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr

    state = play_random(new_game("pile", seed=2), derive_rng(2, "test"))
    good = tmp_path / "good.json"
    save_state(state, good)
    data = json.loads(good.read_text())
    data["actions"][2]["action"] = "take 9"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--load", str(tampered)])
    assert result.exit_code == 2 and "entry 2" in result.stderr


def test_load_refuses_settings_that_contradict_the_file(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    save_state(new_game("pile", players=3, seed=1), saved)
    other_game = runner.invoke(app, ["play", "chess", "--load", str(saved)])
    assert other_game.exit_code == 2 and "holds a game of pile, not chess" in other_game.stderr
    players = runner.invoke(app, ["play", "--load", str(saved), "-p", "2"])
    assert players.exit_code == 2 and "3-player game, not 2" in players.stderr
    options = runner.invoke(app, ["play", "--load", str(saved), "-o", "pile=3"])
    assert options.exit_code == 2 and "keeps its own options" in options.stderr


def finished_record(tmp_path: Path) -> tuple[Path, Record]:
    state = play_random(new_game("pile", players=2), derive_rng(6, "test"))
    path = tmp_path / "record.json"
    state.record().save(path)
    return path, state.record()


def test_replay_steps_forward_back_and_jumps(runner: CliRunner, tmp_path: Path) -> None:
    path, record = finished_record(tmp_path)
    last = len(record.entries)
    keys = f"\nn\nb\njump 3\njump {last + 5}\njump x\nfirst\nb\nlast\nn\nfly\nhelp\nq\n"
    result = runner.invoke(app, ["replay", str(path)], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"{last} entries" in out
    assert f"start of the game (0/{last})" in out
    # A spectator reads neither seat's secret card.
    assert f"entry 1/{last}: chance: a hidden outcome" in out
    assert f"entry 2/{last}: chance: a hidden outcome" in out
    assert f"entry 3/{last}: seat 0 {record.entries[2][1]}" in out
    assert f"There is no entry {last + 5}: choose 0 (the start) to {last}." in out
    assert "Write the entry number: jump N" in out
    assert "This is the start." in out
    assert f"entry {last}/{last}:" in out
    assert "scores" in out  # the final position shows the score sheet
    assert "That was the last entry." in out
    assert "Unknown command 'fly'" in out
    assert "jump N, j N" in out  # help


def test_replay_refuses_bad_files_and_perspectives(runner: CliRunner, tmp_path: Path) -> None:
    path, _ = finished_record(tmp_path)
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    seat = runner.invoke(app, ["replay", str(path), "--perspective", "4"])
    assert seat.exit_code == 2 and "--perspective must be a seat from 0 to 1" in seat.stderr
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][::-1]
    reordered = tmp_path / "reordered.json"
    reordered.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(reordered)])
    assert bad.exit_code == 2 and "entry 0" in bad.stderr
    wrong_format = tmp_path / "other.json"
    wrong_format.write_text('{"format": "chess-pgn"}')
    other = runner.invoke(app, ["replay", str(wrong_format)])
    assert other.exit_code == 2 and "not a stonework record" in other.stderr
