"""`stonework menu` (what `make run` starts): choosing a game, seats and options, rules, replay."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.core import derive_rng, new_game, play_random


def menu(runner: CliRunner, keys: str) -> str:
    result = runner.invoke(app, ["menu"], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


def test_menu_shows_rules_then_plays_with_defaults(runner: CliRunner) -> None:
    # game pile, rules, play; Enter for players, seats and options; seed 3; quit the game;
    # back at the main menu, quit.
    out = menu(runner, "pile\nr\np\n\n\n\n3\nquit\nq\n")
    assert "stonework games" in out
    assert "Take one or two stones" in out  # the rules
    assert "seat 0 human, seat 1 random; seed 3" in out
    assert "Game left unfinished." in out
    assert "Goodbye." in out


def test_menu_explains_wrong_answers_and_asks_again(runner: CliRunner) -> None:
    keys = "\n".join(
        [
            "99",  # no such game number
            "pile",  # by name
            "x",  # not p, r or b
            "p",
            "7",  # not a player count
            "3",
            "human,dragon,random",  # unknown seat type
            "human,random",  # wrong count for 3 players
            "random,random,random",
            "pile=abc",  # bad option value
            "size=3",  # unknown option
            "pile=4",
            "soon",  # not a seed
            "12",
            "q",
        ]
    )
    out = menu(runner, keys + "\n")
    assert "No game '99'" in out
    assert "Answer p, r or b." in out
    assert "pile is played by 2, 3 players." in out
    assert "unknown seat type 'dragon'" in out
    assert "2 seat(s) given" in out
    assert "'abc' is not an integer" in out
    assert "pile has no option 'size'" in out
    assert "A seed is a whole number." in out
    words = " ".join(out.split())  # the announcement wraps at the terminal's width
    assert (
        "(pile, 3 players (pile=4)): seat 0 random, seat 1 random, seat 2 random; seed 12" in words
    )
    assert "game over" in out


def test_menu_replays_a_file_and_reports_a_bad_one(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    play_random(new_game("pile"), derive_rng(1, "test")).record().save(path)
    out = menu(runner, f"r\n{path}\nlast\nq\nr\n{tmp_path / 'none.json'}\nq\n")
    assert "start of the game" in out
    assert "scores" in out
    assert "cannot read" in out


def test_menu_ends_quietly_when_input_ends(runner: CliRunner) -> None:
    assert "Goodbye." in menu(runner, "")
