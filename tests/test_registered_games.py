"""The conformance kit over every registered game, so a new game is checked the day it lands."""

from __future__ import annotations

import pytest

import stonework
from stonework.core.conformance import check_game

GAMES = [(spec.name, n) for spec in stonework.list_games() for n in spec.player_counts]


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[f"{g}-{n}p" for g, n in GAMES])
def test_conformance(name: str, players: int) -> None:
    report = check_game(name, games=2, seed=11, players=players)
    assert report.games == 2 and report.decisions > 0
