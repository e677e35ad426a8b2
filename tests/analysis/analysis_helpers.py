"""Short games of each title for the analysis tests (seeded random play, fixed budgets)."""

from __future__ import annotations

import stonework
from stonework.core import CHANCE, Record, State, derive_rng

AGENT = "mcts:iterations=40:mode=auto"
"""A fixed-iteration tree search: deterministic for a seed, and fast enough for tests."""


def settle_chance(state: State, seed: int) -> None:
    """Draw chance outcomes until a seat is to move (or the game ends)."""
    rng = derive_rng(seed, "chance")
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))


def short_record(game: str, players: int, decisions: int, seed: int = 3) -> Record:
    """The record of the first ``decisions`` decisions of a seeded random game."""
    state = stonework.new_game(game, players=players, seed=seed)
    rng = derive_rng(seed, "play")
    made = 0
    while not state.is_terminal and made < decisions:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(state.random_action(rng))
        made += 1
    return state.record()
