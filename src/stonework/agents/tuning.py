"""Tree-search settings per game: what each game declares in its spec, as agent settings.

Each game states the settings it is measured to play best with (``GameSpec.search``, see
:class:`stonework.core.registry.SearchDefaults`; the measurements are in BENCHMARKS.md, "Why
the Akropolis tree settings"); the tree searches (``mcts``, ``ismcts`` and the difficulty
levels) use them unless a caller sets its own. :data:`TREE_SETTINGS` overrides a game's
declaration by name, for experiments.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stonework.agents.playout import Playout
from stonework.core.registry import GameSpec, SearchDefaults, get_game


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
    values: str | None = None
    """What each seat backs up (``lead`` or ``field``); ``None``: ``mcts.VALUE_MODELS``."""
    temperature: float | None = None
    """Softness of ``field`` values; ``None``: ``mcts.FIELD_TEMPERATURE``."""
    replies: int = 0
    """Most children of a node where another seat than the searching one moves (0: no cap)."""
    reply_expand: int = 0
    """Candidates compared by one ply for such a node's new child (0: as ``expand``)."""


TREE_SETTINGS: dict[str, TreeSettings] = {}
"""Overrides by game name (experiments); a game not listed uses its spec's declaration."""


def tree_settings(game: str | GameSpec, players: int | None = None) -> TreeSettings:
    """The tree-search defaults of ``game`` (a name or a spec) at ``players`` seats.

    A game may declare other settings for some player counts (``SearchDefaults.by_players``):
    what is measured best at two players need not be at four.
    """
    name = game if isinstance(game, str) else game.name
    override = TREE_SETTINGS.get(name)
    if override is not None:
        return override
    spec = get_game(game) if isinstance(game, str) else game
    return _from_spec(spec.search.for_players(players))


def _from_spec(search: SearchDefaults) -> TreeSettings:
    return TreeSettings(
        playout=Playout(
            depth=search.playout_depth,
            greedy=search.playout_greedy,
            sample=search.playout_sample,
            leaf=search.playout_leaf,
        ),
        expand=search.expand,
        exploration=search.exploration,
        rank_after=search.rank_after,
        values=search.values,
        temperature=search.temperature,
        replies=search.replies,
        reply_expand=search.reply_expand,
    )
