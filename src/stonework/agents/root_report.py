"""What a search found at its root, in the form analysis reads (``mcts``, ``ismcts``, ``az``).

Analysis asks a search for more than its move: every root child's visits and mean value per
seat, and the value of one given action (the move a person actually played) even where the
search would not have looked at it. Each tree search answers :meth:`RootSearcher.root_statistics`
with a :class:`RootReport`; analysis does not need to know which search it holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from stonework.core.rng import Rng
from stonework.core.state import Action, State

INCLUDED_SHARE = 0.1
"""The share of simulations an included root action gets at least (its value needs visits)."""


@dataclass(frozen=True)
class ChildReport:
    """One root action after a search: its visits, mean value per seat, mean score margin."""

    action: Action
    visits: int
    earned: int
    """The visits the search chose to give it (``visits`` less those an included action was
    forced)."""
    values: list[float]
    """The mean of each seat's simulation values ([-1, 1]; returns at the end of a game)."""
    margin: float
    """The mean score margin of the seat to move (its score minus the best other score)."""


@dataclass(frozen=True)
class RootReport:
    """What one decision's search found: the seat, iterations, its choice and the root children."""

    seat: int
    iterations: int
    chosen: Action
    children: list[ChildReport]


class SearchUnavailable(ValueError):
    """A search that cannot run on the position it is given (``az``: no network plays its game
    at its player count)."""


@runtime_checkable
class RootSearcher(Protocol):
    """A search that reports its root (what analysis, hints and reviews need of an agent)."""

    def describe(self) -> str:
        """The agent's name and settings, for the report's heading."""

    def root_statistics(self, state: State, rng: Rng, include: Action | None = None) -> RootReport:
        """Search the decision of the seat to move in ``state`` and report its root children;
        ``include`` (legal here) gets at least :data:`INCLUDED_SHARE` of the simulations."""


def score_margin(world: State, seat: int) -> float:
    """``seat``'s score minus the best score of the others, where a simulation stopped."""
    totals = [score.total for score in world.scores()]
    others = [total for i, total in enumerate(totals) if i != seat]
    return float(totals[seat] - max(others)) if others else float(totals[seat])
