"""What an exact solver reads of a game: :class:`CompactRules`, a game's positions in a form
cheaper to copy and play than its states (``State.compact_rules``)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

P = TypeVar("P")


class CompactRules(Protocol[P]):
    """A two-player game's rules on positions of type ``P``, for ``stonework.agents.endgame``.

    A position stands for everything that decides the rest of the game (not how it was
    reached); the rules are those of one game under one set of options. Action ids are the
    game's (``State.action_id``).
    """

    def key(self, position: P) -> Hashable:
        """Equal for two positions whose games go on alike (the solver's table key)."""

    def mover(self, position: P) -> int:
        """The seat to move, or ``TERMINAL`` once the game is over."""

    def moves(self, position: P) -> Sequence[int]:
        """The ids of the legal actions, in the game's order."""

    def play(self, position: P, action: int) -> P:
        """The position after the action of id ``action`` (legal there)."""

    def outcome(self, position: P, seat: int) -> int:
        """1, 0 or -1: ``seat`` won, drew or lost the finished game at ``position``."""

    def lead(self, position: P, seat: int) -> float:
        """``seat``'s score lead over the other seat now (to try promising moves first)."""
