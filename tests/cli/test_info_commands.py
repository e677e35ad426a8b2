"""`stonework games`, `rules` and `seats`: what the registry knows, and errors for unknown names."""

from __future__ import annotations

import dataclasses
import json

from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.core import OptionSet, OptionSpec, get_game
from stonework.core.registry import register, unregister


def test_games_table_lists_the_toy_with_players_and_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "pile" in result.output
    assert "2 (default), 3" in result.output


def test_games_json_is_the_registry_metadata(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = {game["name"]: game for game in json.loads(result.stdout)}
    assert games["pile"]["players"] == [2, 3]
    assert games["pile"]["has_chance"] is True
    assert games["pile"]["options"][0]["name"] == "pile"


def test_rules_shows_summary_and_options_with_defaults(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "pile"])
    assert result.exit_code == 0
    assert "Take one or two stones" in result.output
    assert "pile = 7" in result.output  # the default
    assert "allowed: an integer 1..30" in result.output
    assert "stones on the pile at the start" in result.output
    assert "ASSUMED" not in result.output  # no default here is a reading of an unclear rule
    assert "hidden information: yes" in result.output


def test_rules_marks_assumed_defaults(runner: CliRunner) -> None:
    reading = OptionSpec(
        "reading", "choice", "strict", "which reading of a rule", ("strict", "loose"), assumed=True
    )
    spec = dataclasses.replace(get_game("pile"), name="pile-assumed", options=OptionSet((reading,)))
    register(spec)
    try:
        result = runner.invoke(app, ["rules", "pile-assumed"])
    finally:
        unregister(spec.name)
    assert result.exit_code == 0, result.output
    assert "reading = strict   allowed: strict, loose   ASSUMED" in result.output
    assert "ASSUMED: the default is a reading of an unclear rule" in result.output


def test_rules_of_an_unknown_game_lists_the_games(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "no game named 'chess'" in result.stderr
    assert "pile" in result.stderr


def test_seats_lists_the_built_in_seat_types(runner: CliRunner) -> None:
    result = runner.invoke(app, ["seats"])
    assert result.exit_code == 0
    assert "a person at this keyboard" in result.output
    assert "uniformly random legal actions" in result.output


def test_no_arguments_shows_the_commands(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    for command in ("games", "rules", "play", "menu", "perft", "bench", "replay"):
        assert command in result.output


def test_python_dash_m_runs_the_same_command() -> None:
    """``python -m stonework`` is the ``stonework`` command, named as such in its help."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "stonework", "games", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "akropolis" in {game["name"] for game in json.loads(done.stdout)}
    usage = subprocess.run(
        [sys.executable, "-m", "stonework", "nonsense"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert usage.returncode == 2
    assert "Usage: stonework" in usage.stderr
