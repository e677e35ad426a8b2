"""What a person clicks on the Aztec drawing to choose an action (``data-target`` ids).

A placement is one click on the plan: the column of the piece's corner cube,
``cell:<file><rank>`` (``cell:d4``), the cell its notation names. The orientation is not a
click on the board but interaction state: the client keeps the orientation chosen in its
picker (the drawing offers one, each piece marked ``data-orient="<name>"``), and a click on a
cell narrows the legal placements to those with their corner cube in that column, in the
chosen orientation. Where one orientation allows the corner cube at two levels of one column
the client cycles the level as it cycles orientations. Bids and the pass of the 3-player
auction are buttons (no targets).

>>> from stonework.games.aztec.actions import parse_action
>>> action_targets(parse_action("NU-d4-1"))
('cell:d4',)
"""

from __future__ import annotations

from stonework.games.aztec.actions import Placement
from stonework.games.aztec.geometry import FILES, cell_coords


def cell_target(x: int, y: int) -> str:
    """The id of plan column ``(x, y)`` (file ``x``, rank ``y + 1``)."""
    return f"cell:{FILES[x]}{y + 1}"


def action_targets(action: object) -> tuple[str, ...]:
    """Targets of any Aztec action: the corner cube's column for a placement, else none."""
    if type(action) is Placement:
        x, y, _ = cell_coords(action.corner)
        return (cell_target(x, y),)
    return ()
