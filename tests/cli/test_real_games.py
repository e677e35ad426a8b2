"""The command line on every real registered game, so a game that lands is driven end to end.

Aztec's own numbers come from its rules file (aztec.md): 8 legal first placements (§4.6).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stonework
from stonework.cli.game_views import compact_text
from stonework.cli.main import app
from stonework.core import Record, replay


def real_games() -> list[str]:
    # Test files register toys under their own names; real games live in stonework.games.
    return [
        spec.name
        for spec in stonework.list_games()
        if spec.new_state.__module__.startswith("stonework.games")
    ]


GAMES = real_games()


@pytest.mark.parametrize("game", GAMES)
def test_rules_and_perft_depth_one(runner: CliRunner, game: str) -> None:
    rules = runner.invoke(app, ["rules", game])
    assert rules.exit_code == 0, rules.output
    perft = runner.invoke(app, ["perft", game, "--depth", "1", "--seed", "1", "--json"])
    assert perft.exit_code == 0, perft.output
    assert '"count"' in perft.stdout


@pytest.mark.parametrize("game", GAMES)
def test_random_seats_play_a_whole_game(runner: CliRunner, game: str) -> None:
    spec = stonework.get_game(game)
    seats = ",".join(["random"] * spec.default_players)
    result = runner.invoke(app, ["play", game, "--seats", seats, "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "game over" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_person_moves_saves_and_loads(runner: CliRunner, game: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = runner.invoke(app, ["play", game, "--seed", "2"], input=f"1\nsave {saved}\nquit\n")
    assert first.exit_code == 0, first.output
    record = Record.load(saved)
    assert any(seat == 0 for seat, _ in record.entries)  # the person's move is in the record
    state = replay(record)
    again = runner.invoke(app, ["play", "--load", str(saved)], input="undo\nquit\n")
    assert again.exit_code == 0, again.output
    assert compact_text(state, 0) in again.output or state.is_terminal
    assert "Took back your move" in again.output


needs_aztec = pytest.mark.skipif("aztec" not in GAMES, reason="Aztec is not registered")


@needs_aztec
def test_aztec_perft_depth_one_is_eight(runner: CliRunner) -> None:
    """aztec.md §4.6: from the start cube alone there are exactly 8 legal first placements."""
    result = runner.invoke(app, ["perft", "aztec", "--depth", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"count": 8' in result.stdout


@pytest.mark.parametrize(
    "game", [name for name in GAMES if stonework.get_game(name).hidden_information]
)
def test_secret_choices_of_the_others_are_not_spelled_out_in_games_with_secrets(
    runner: CliRunner, game: str
) -> None:
    # A secret choice's notation would name a card another seat holds: it reads as a secret
    # choice, while the public moves of the others are written out.
    result = runner.invoke(app, ["play", game, "--seed", "9"], input="1\n" * 6 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "(random) made a secret choice." in result.output
    assert "(random): " in result.output


PLACEMENT = re.compile(r"^seat [01] \(random\): [EWNSUD]{2}-[a-i][1-9]-[123]$")


@needs_aztec
def test_aztec_random_against_random_plays_to_the_end(runner: CliRunner) -> None:
    """aztec.md §3.5/§4.4: placements alternate until the pieces run out or nobody can place."""
    result = runner.invoke(app, ["play", "aztec", "--seats", "random,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    moves = [line for line in result.output.splitlines() if line.startswith("seat ")]
    assert moves and all(PLACEMENT.match(line) or line.endswith(": pass") for line in moves)
    assert 1 <= len(moves) <= 22  # 22 pieces at most (§0)
    assert moves[0].startswith("seat 0")  # N/S places first by default (starter option, §3.5)
    assert "game over" in result.output
    # The score sheet: each seat's role and the level-3 cubes on its rows.
    assert re.search(r"role\s+│\s+N/S\s+│\s+E/W", result.output)
    assert "level-3 cubes on its rows" in result.output


@needs_aztec
def test_aztec_three_players_start_with_the_auction(runner: CliRunner) -> None:
    """aztec.md §3.7: with 3 players a descending auction ('bid N' or 'pass') comes first."""
    result = runner.invoke(
        app, ["play", "aztec", "-p", "3", "--seats", "random,random,random", "--seed", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "seat 0 (random): bid " in result.output
    assert "game over" in result.output


@needs_aztec
def test_aztec_notation_typed_by_a_person(runner: CliRunner) -> None:
    """aztec.md §4.6: NU-d4-1 is one of the 8 openings; a far-away piece has no contact (§4.3)."""
    keys = "NU-a1-1\nXX\nNU-d4-1\nquit\n"
    result = runner.invoke(app, ["play", "aztec", "--seed", "1"], input=keys)
    assert result.exit_code == 0, result.output
    assert "NU-a1-1 is not legal" in result.output
    assert "'XX' is not Aztec notation" in result.output
    assert "seat 0: NU-d4-1" in result.output
    # The opening list is the 8 placements of §4.6, numbered.
    first_turn = result.output.split("seat 0>")[0]
    numbers = re.findall(r"(\d+) [EWNSUD]{2}-[a-i][1-9]-[123]", first_turn)
    assert sorted(map(int, numbers)) == list(range(1, 9))
