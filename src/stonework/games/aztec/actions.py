"""Aztec actions, their notation and their integer ids.

A **placement** is written ``<orientation>-<file><rank>-<level>``: the orientation's two letters
(where arm A, the arm carrying the sixth cube, points from the corner cube, then where arm B
points; E W N S U D), then the cell of the V's corner cube. Files a..i run west→east, ranks 1..9
south→north, levels 1..3 bottom→top. The 3-player auction (aztec.md §3.7) adds ``bid N`` and
``pass``.

>>> parse_action("NU-d4-1")
Placement(orientation=10, corner=30)
>>> str(parse_action(" nu d4 1 "))
'NU-d4-1'
>>> [str(a) for a in (Bid(12), AUCTION_PASS)]
['bid 12', 'pass']

Ids: a placement is ``orientation * 243 + corner`` (orientation-major over the 243 cells, 5,832
ids); in the 3-player game ``bid N`` follows as ``5832 + N - 1`` and ``pass`` is the last id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from stonework.core.action_fields import describe_value
from stonework.core.errors import InvalidAction
from stonework.games.aztec.geometry import (
    FILES,
    NUM_CELLS,
    ORIENTATION_BY_NAME,
    ORIENTATIONS,
    Cell,
    Mask,
    anchors_in_box,
    cell_index,
    cell_name,
    mask_of,
)

NUM_PLACEMENTS: Final = len(ORIENTATIONS) * NUM_CELLS
"""Size of the placement part of the action space (24 orientations × 243 corner cells)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Place a piece in ``orientation`` (an index into ORIENTATIONS) with its corner cube at ``corner``."""

    orientation: int
    corner: Cell

    def __str__(self) -> str:
        return f"{ORIENTATIONS[self.orientation].name}-{cell_name(self.corner)}"

    @property
    def id(self) -> int:
        """The action id (orientation-major)."""
        return self.orientation * NUM_CELLS + self.corner


@dataclass(frozen=True, slots=True)
class Bid:
    """An auction bid: "nobody will reach ``points``" (aztec.md §3.7)."""

    points: int

    def __str__(self) -> str:
        return f"bid {self.points}"


@dataclass(frozen=True, slots=True)
class AuctionPass:
    """Leave the auction for Ah Puch (aztec.md §3.7); a seat that passes may not bid again."""

    def __str__(self) -> str:
        return "pass"


AUCTION_PASS: Final = AuctionPass()

PLACEMENTS: Final[tuple[Placement, ...]] = tuple(
    Placement(o, c) for o in range(len(ORIENTATIONS)) for c in range(NUM_CELLS)
)
"""Every placement, indexed by its id."""


def _placement_cells() -> tuple[Mask | None, ...]:
    out: list[Mask | None] = []
    for o in ORIENTATIONS:
        anchors = anchors_in_box(o)
        shape = mask_of(o.steps)
        for corner in range(NUM_CELLS):
            anchor = corner - o.corner_step
            out.append(shape << anchor if anchor >= 0 and anchors >> anchor & 1 else None)
    return tuple(out)


PLACEMENT_CELLS: Final[tuple[Mask | None, ...]] = _placement_cells()
"""The cells of each placement, by id; None where the piece would stick out of the box."""


def placement_mask(placement: Placement) -> Mask:
    """The cells of a placement that lies inside the box (0 if it does not)."""
    return PLACEMENT_CELLS[placement.orientation * NUM_CELLS + placement.corner] or 0


_PLACEMENT_RE = re.compile(r"^([ewnsud]{2})[\s@:/.-]*([a-i])\s*([1-9])[\s@:/.-]*([1-3])$")
_BID_RE = re.compile(r"^bid\s*(\d{1,3})$")

NOTATION_HELP: Final = (
    "a placement is ORIENTATION-CELL-LEVEL, e.g. 'NU-d4-1' (orientation: two of E W N S U D, "
    "arm with the sixth cube first; cell a1..i9; level 1..3); the auction uses 'bid N' and 'pass'"
)


def parse_action(text: str) -> Placement | Bid | AuctionPass:
    """Read an action from its notation (case and separators are forgiven); raise InvalidAction."""
    if not isinstance(text, str):
        raise InvalidAction(f"{describe_value(text)} is not Aztec notation; {NOTATION_HELP}")
    low = text.strip().lower()
    if low == "pass":
        return AUCTION_PASS
    bid = _BID_RE.match(low)
    if bid:
        return Bid(int(bid.group(1)))
    found = _PLACEMENT_RE.match(low)
    if not found:
        raise InvalidAction(f"{describe_value(text)} is not Aztec notation; {NOTATION_HELP}")
    name, file, rank, level = found.groups()
    orientation = ORIENTATION_BY_NAME.get(name.upper())
    if orientation is None:
        raise InvalidAction(
            f"{name.upper()!r} is not an orientation: arm A and arm B must be at right angles "
            f"(the 24 are {', '.join(o.name for o in ORIENTATIONS)})"
        )
    corner = cell_index(FILES.index(file), int(rank) - 1, int(level))
    return PLACEMENTS[orientation.index * NUM_CELLS + corner]
