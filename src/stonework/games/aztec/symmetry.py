"""The half turn of the board: the one symmetry of Aztec that keeps every builder's walls.

Turning the board 180° about its vertical axis through the centre cube maps the north wall to
the south wall and east to west, so each builder keeps its own pair of walls, the centre stays
put, and every building rule (contact, stability, the edges, the levels) reads the same
(rules/aztec.md §3-§4). It is a proper rotation, so the piece, which has no mirror symmetry
(§2), goes to one of its 24 orientations. A quarter turn is a symmetry only with the roles
swapped (§3.5), which would give positions the default game never reaches; mirror images are
not symmetries at all (the mirrored piece is another piece).

Training on a position and its half turn doubles the samples of a teacher's games for free
(:mod:`stonework.learn.distill`). The maps are permutations, built at import:
:data:`ACTION_IDS` (id of a placement → id of its turned placement; the auction's ids fixed)
and :data:`TENSOR_INDEX` (the turned tensor is ``tensor[TENSOR_INDEX]``).
"""

from __future__ import annotations

from typing import Final

from stonework.games.aztec.actions import NUM_PLACEMENTS, PLACEMENTS
from stonework.games.aztec.geometry import (
    LAYER,
    NUM_CELLS,
    ORIENTATION_BY_NAME,
    ORIENTATIONS,
    SIZE,
    cell_coords,
    cell_index,
)
from stonework.games.aztec.observe import PLANES

_TURNED_DIRECTION: Final = {"E": "W", "W": "E", "N": "S", "S": "N", "U": "U", "D": "D"}


def turn_cell(cell: int) -> int:
    """The cell a cell goes to under the half turn (same level)."""
    x, y, z = cell_coords(cell)
    return cell_index(SIZE - 1 - x, SIZE - 1 - y, z)


def turn_placement_id(action_id: int) -> int:
    """The id of the turned placement: arms turned with the board, the corner cube moved."""
    placement = PLACEMENTS[action_id]
    name = ORIENTATIONS[placement.orientation].name
    turned = ORIENTATION_BY_NAME["".join(_TURNED_DIRECTION[c] for c in name)]
    return turned.index * NUM_CELLS + turn_cell(placement.corner)


def _action_ids(total: int) -> tuple[int, ...]:
    return tuple(turn_placement_id(i) if i < NUM_PLACEMENTS else i for i in range(total))


def _tensor_index() -> tuple[int, ...]:
    # Every plane is indexed [y][x]; the turned plane at (y, x) reads (8 - y, 8 - x).
    out = []
    for plane in range(PLANES):
        for y in range(SIZE):
            for x in range(SIZE):
                out.append(plane * LAYER + (SIZE - 1 - y) * SIZE + (SIZE - 1 - x))
    return tuple(out)


ACTION_IDS: Final = _action_ids(NUM_PLACEMENTS)
"""``ACTION_IDS[i]``: the id of placement ``i`` turned half round (two players: ids are
placements only; the three-player auction ids map to themselves, see :func:`action_ids`)."""
TENSOR_INDEX: Final = _tensor_index()
"""The turned observation tensor is ``[tensor[k] for k in TENSOR_INDEX]``."""


def action_ids(total: int) -> tuple[int, ...]:
    """The id map over a game's ``total`` action ids (ids past the placements are bids: fixed)."""
    return ACTION_IDS + tuple(range(NUM_PLACEMENTS, total))
