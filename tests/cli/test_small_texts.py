"""Small texts of the games as the terminal prints them: plurals, score-sheet columns."""

from __future__ import annotations

import re

from stonework.core import CHANCE, derive_rng, new_game, play_random


def test_akropolis_counts_read_in_the_singular_and_the_plural() -> None:
    state = new_game("akropolis", players=2, seed=1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(derive_rng(1, "chance")))
    state.stones[state.current_player] = 1
    assert state.describe_turn().endswith("(1 stone)")
    state.stones[state.current_player] = 2
    assert state.describe_turn().endswith("(2 stones)")
    assert state.to_text(0).startswith("Akropolis, 2 players: ")
    solo = new_game("akropolis", players=1, seed=1)
    assert solo.to_text(0).startswith("Akropolis, 1 player: ")
    assert "(s)" not in state.to_text(0) + solo.to_text(0)


def test_the_akropolis_svg_sheet_keeps_the_district_count_apart_from_the_value() -> None:
    state = play_random(new_game("akropolis", players=2, seed=3), derive_rng(3, "test"))
    svg = state.to_svg(None)
    sheet = svg[svg.index('class="score-sheet"') :]
    texts = re.findall(r">([^<>]*)</text>", sheet)
    # "barracks" alone in its cell, the number of districts in a column of its own.
    assert "barracks" in texts and "districts" in texts
    assert not any(re.search(r"\(\d+ districts?\)", text) for text in texts)
