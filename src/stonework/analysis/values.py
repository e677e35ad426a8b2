"""The value of one move as a person reads it: win probability, expected rank, score margin.

A search backs up each seat's value in [-1, 1]: at the end of a game the seat's return
((seats it beats - seats that beat it) / (players - 1)), before the end the game's heuristic.
The mean ``v`` of a move becomes its *expected result* ``e = (v + 1) / 2`` in [0, 1], the
expected share of the other seats this seat finishes ahead of (a tie counts half). With two
players that is the win probability; with more it gives the expected rank ``1 + (1 - e) *
(players - 1)`` (exact when there are no ties, since the return is linear in the rank).
"""

from __future__ import annotations

from dataclasses import dataclass


def expected_result(value: float) -> float:
    """A mean value in [-1, 1] as an expected result in [0, 1] (clamped)."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def expected_rank(expected: float, players: int) -> float:
    """The expected place (1 = first) that an expected result stands for."""
    return 1.0 + (1.0 - expected) * (players - 1)


@dataclass(frozen=True)
class MoveValue:
    """One move at a decision: its notation, the search's visits, and its estimated value."""

    action: str
    visits: int
    expected: float
    """Expected result in [0, 1]: the win probability with two players (see the module)."""
    margin: float
    """Mean score margin of the seat (its score minus the best other) where simulations ended."""

    def win_probability(self) -> float:
        """The expected result read as a win probability (two players; a draw counts half)."""
        return self.expected

    def rank(self, players: int) -> float:
        """The expected place among ``players`` seats."""
        return expected_rank(self.expected, players)

    def describe(self, players: int) -> str:
        """``62.5% win, margin +3.1`` (2 players) or ``rank 1.8, margin +3.1`` (3-4)."""
        margin = f"margin {self.margin:+.1f}"
        if players == 2:
            return f"{100 * self.expected:.1f}% win, {margin}"
        return f"rank {self.rank(players):.2f}, {margin}"

    def to_json(self, players: int) -> dict[str, object]:
        """Plain JSON; the win probability or expected rank is written out for readers."""
        out: dict[str, object] = {
            "action": self.action,
            "visits": self.visits,
            "expected": round(self.expected, 4),
            "margin": round(self.margin, 2),
        }
        if players == 2:
            out["win_probability"] = round(self.expected, 4)
        else:
            out["expected_rank"] = round(self.rank(players), 3)
        return out
