"""Arena plugin: the Akropolis estimate with the seat to move's bonus only (as before issue 20's
session 7), to measure a search against it side by side with today's turn bonus.

    PYTHONPATH=src:benchmarks stonework arena akropolis --players 4 \\
        --agents mcts:150,greedy,greedy,greedy --games 16 --seed 7 \\
        --plugin akropolis_single_turn_bonus:install
"""

from __future__ import annotations


def install() -> None:
    """Drop the later seats' shares (every player count falls back to ``TO_MOVE_BONUS``)."""
    from stonework.games.akropolis import evaluation

    evaluation.TURN_BONUS.clear()
