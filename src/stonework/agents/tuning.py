"""Search settings chosen per game, from arena measurements (see BENCHMARKS.md).

The tree searches (``mcts``, ``ismcts`` and the difficulty levels) finish each simulation with
the playout a game is known to do best with, unless a caller sets the playout itself. In
Akropolis random playouts to the end of the game are too noisy to beat a greedy player (a 50%
draw over 40 games), while the game's heuristic at the new leaf won 71%: a tile-laying score
race is judged better by its score lead than by the outcome of random tile placements. Aztec
and Zapotec were measured with playouts to the end and keep them.
"""

from __future__ import annotations

from stonework.agents.playout import Playout

TREE_PLAYOUTS: dict[str, Playout] = {
    "akropolis": Playout(depth=0),
}
"""Playouts of the tree searches by game name; other games play to the end."""


def tree_playout(game: str) -> Playout:
    """The playout the tree searches use in ``game`` when none is set."""
    return TREE_PLAYOUTS.get(game, Playout())
