"""A pyramid piece on the board: one int, ``seat * 4 + size`` (bits 2.. the owner, bits 0-1
the size, 1 small to 3 large), so a pyramid is a short list of ints.

A module of its own so that the compiled engines (docs/speed.md) call these directly: the
rules, effects, scoring and heuristic read a piece's owner and size in their inner loops.
:mod:`.components` re-exports them.
"""

from __future__ import annotations


def piece(seat: int, size: int) -> int:
    """A pyramid piece of ``seat`` of ``size`` (1 small, 2 medium, 3 large)."""
    return seat << 2 | size


def piece_owner(value: int) -> int:
    """The seat a pyramid piece belongs to."""
    return value >> 2


def piece_size(value: int) -> int:
    """The size of a pyramid piece: 1 small, 2 medium, 3 large."""
    return value & 3
