"""Search settings chosen per game, from arena measurements (see BENCHMARKS.md).

The tree searches (``mcts``, ``ismcts`` and the difficulty levels) use the settings their game
is known to do best with, unless a caller sets them. Akropolis: random playouts to the end are
too noisy to beat a greedy player (a draw over 40 games), and so is the heuristic at the leaves
when the opponent's replies in the tree are random placements (49.5% over 200 games). What
works better is a short search with sensible replies: the heuristic at each new leaf
(``depth=0``), every new node's move the best of 8 random candidates by one ply (``expand=8``),
and a node visited 16 times ranking all its moves (``rank_after=16``), so that the tile taken is
weighed against the opponent's best answers. The estimate's differences between good moves are
a few hundredths, so UCT's exploration constant is small there: with 1.0 the visits stay flat
over the first fifty candidates and the most visited one is close to a draw among them. Over
200 games each against the greedy player with the same estimate (seed 2026, BENCHMARKS.md
"Session 4"): exploration 0.02 won 65.0%, 0.05 won 69.0%, 0.1 won 76.0% (the default) and 0.2
won 73.0%.
(Before the estimate gave the seat to move its bonus, 0.02 won 63.0%: a leaf just after one's
own move looked better than one after the reply, which made every new child look promising
and so explored for the search.)
Aztec and Zapotec were measured with playouts to the end and random expansion, and keep them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stonework.agents.playout import Playout


@dataclass(frozen=True)
class TreeSettings:
    """A game's defaults for the tree searches."""

    playout: Playout = field(default_factory=Playout)
    expand: int = 0
    """Candidates compared by one ply when a node below the root adds a child (0: random)."""
    exploration: float = 1.0
    """UCT's exploration constant, on the scale of the game's values ([-1, 1])."""
    rank_after: int = 0
    """Visits after which a node below the root ranks all its actions by one ply (0: never)."""


TREE_SETTINGS: dict[str, TreeSettings] = {
    "akropolis": TreeSettings(playout=Playout(depth=0), expand=8, exploration=0.1, rank_after=16),
}
"""Tree-search defaults by game name; other games use :class:`TreeSettings` as it stands."""


def tree_settings(game: str) -> TreeSettings:
    """The tree-search defaults of ``game``."""
    return TREE_SETTINGS.get(game, TreeSettings())
