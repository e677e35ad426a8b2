"""One drawing serves every viewer of a game without hidden information (the server shares it).

The server draws a board once per ``seq`` for all viewers when the game's spec says nothing is
hidden; that is only right if ``to_svg`` is then the same for every perspective, checked here
on positions of random games of every such game.
"""

from __future__ import annotations

import random

import pytest

from stonework.core.registry import get_game, list_games


@pytest.mark.parametrize(
    "name", [spec.name for spec in list_games() if not spec.hidden_information]
)
def test_every_perspective_draws_the_same_board(name: str) -> None:
    spec = get_game(name)
    rng = random.Random(3)
    for players in spec.player_counts:
        state = spec.new_state(players, spec.options.resolve(name, {}))
        for step in range(60):
            if state.is_terminal:
                break
            if step % 15 == 0:
                spectator = state.to_svg(None)
                for seat in range(players):
                    assert state.to_svg(seat) == spectator, (name, players, step, seat)
            if state.current_player < 0:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
