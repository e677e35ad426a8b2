"""Akropolis actions, their notation and their integer ids.

A turn is one decision, :class:`Place`: take the tile at a position of the construction site
and lay it. Its notation is ``POSITION@Q,R/ROTATION``: the site position (1 = first, free; the
k-th costs k - 1 stones), the axial hex ``(q, r)`` of the tile's first hex, and how many steps
clockwise the tile is turned (0..5; at 0 its second hex lies north of the first). A tile
reveal, chance's move, is :class:`Reveal`, written ``reveal NN`` with the tile id of the
rules' table.

>>> parse_action("2@-1,3/4")
Place(position=2, q=-1, r=3, rotation=4)
>>> str(Place(1, 0, -2, 0)), str(Reveal(7))
('1@0,-2/0', 'reveal 07')
>>> action_from_id(action_id(Place(3, 2, -1, 5), 4), 4)
Place(position=3, q=2, r=-1, rotation=5)

Ids (the fixed action space of a config whose site holds ``S`` tiles, S = players + 2, 4 solo):
``(position - 1) * NUM_PLACEMENTS + cell * 6 + rotation`` for a placement on a window cell,
then ``S * NUM_PLACEMENTS + tile - 1`` for the reveal of a tile.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from stonework.core.action_fields import describe_value, has_exact_fields
from stonework.core.errors import InvalidAction
from stonework.games.akropolis.hexgrid import (
    CELL_AT,
    COORDS,
    NUM_PLACEMENTS,
    PLACEMENT_CELLS,
    placement,
    placement_cell,
    placement_rotation,
)
from stonework.games.akropolis.tiles import NUM_TILES


class Place(NamedTuple):
    """Take the tile at site ``position`` (1-based) and lay its first hex on ``(q, r)``."""

    position: int
    q: int
    r: int
    rotation: int

    def __str__(self) -> str:
        return f"{self.position}@{self.q},{self.r}/{self.rotation}"


class Reveal(NamedTuple):
    """Chance turns up tile ``tile`` from the stacks onto the construction site."""

    tile: int

    def __str__(self) -> str:
        return f"reveal {self.tile:02d}"


AkropolisAction = Place | Reveal
ACTION_TYPES: Final = (Place, Reveal)

# ASCII digits only (``\d`` also matches other scripts' digits) and at most 6 of them, so a
# 5,000-digit number is refused as notation before int() would refuse it with a ValueError.
_PLACE_RE: Final = re.compile(
    r"\s*(\d{1,6})\s*@\s*(-?\d{1,6})\s*,\s*(-?\d{1,6})\s*/\s*(\d{1,6})\s*", re.ASCII
)
_REVEAL_RE: Final = re.compile(r"\s*reveal[\s:]*(\d{1,6})\s*", re.IGNORECASE | re.ASCII)


def parse_action(text: str) -> AkropolisAction:
    """Read ``P@Q,R/ROT`` or ``reveal NN``; raise InvalidAction for anything else."""
    if not isinstance(text, str):
        raise InvalidAction(f"{describe_value(text)} is not action text")
    match = _PLACE_RE.fullmatch(text)
    if match:
        position, q, r, rotation = (int(g) for g in match.groups())
        if position < 1:
            raise InvalidAction(f"{text!r}: site positions start at 1")
        if rotation > 5:
            raise InvalidAction(f"{text!r}: the rotation is 0..5 steps clockwise")
        return Place(position, q, r, rotation)
    match = _REVEAL_RE.fullmatch(text)
    if match:
        tile = int(match.group(1))
        if not 1 <= tile <= NUM_TILES:
            raise InvalidAction(f"{text!r}: tile ids run from 1 to {NUM_TILES}")
        return Reveal(tile)
    raise InvalidAction(
        f"{describe_value(text)} is not an Akropolis action: write POSITION@Q,R/ROTATION "
        "(e.g. 2@-1,3/4) or 'reveal NN'"
    )


def is_action(value: object) -> bool:
    """True for a well-formed action (legal or not)."""
    if not has_exact_fields(value, ACTION_TYPES):
        return False
    if type(value) is Place:
        return (
            isinstance(value.position, int)
            and value.position >= 1
            and isinstance(value.q, int)
            and isinstance(value.r, int)
            and isinstance(value.rotation, int)
            and 0 <= value.rotation <= 5
        )
    if type(value) is Reveal:
        return isinstance(value.tile, int) and 1 <= value.tile <= NUM_TILES
    return False


def num_distinct_actions(site_size: int) -> int:
    """Size of the action space when the site holds ``site_size`` tiles."""
    return site_size * NUM_PLACEMENTS + NUM_TILES


# Place values are created once per (position, placement) and shared, so building the list of
# legal actions is a run of list lookups.
_PLACE_TABLE: list[list[Place | None]] = []


def place_row(position: int) -> list[Place | None]:
    """The shared Place values for one site position, indexed by placement."""
    while len(_PLACE_TABLE) < position:
        k = len(_PLACE_TABLE) + 1
        _PLACE_TABLE.append(
            [
                None
                if PLACEMENT_CELLS[p] is None
                else Place(k, *COORDS[placement_cell(p)], placement_rotation(p))
                for p in range(NUM_PLACEMENTS)
            ]
        )
    return _PLACE_TABLE[position - 1]


def placement_index(action: Place) -> int:
    """The placement of ``action`` (``cell * 6 + rotation``), or -1 if it leaves the window."""
    cell = CELL_AT.get((action.q, action.r))
    if cell is None:
        return -1
    index = placement(cell, action.rotation)
    return index if PLACEMENT_CELLS[index] is not None else -1


def action_id(action: object, site_size: int) -> int:
    """The integer id of an action; InvalidAction if malformed or outside the window."""
    if not is_action(action):
        raise InvalidAction(f"{describe_value(action)} is not an Akropolis action")
    if type(action) is Reveal:
        return site_size * NUM_PLACEMENTS + action.tile - 1
    assert type(action) is Place
    if action.position > site_size:
        raise InvalidAction(f"{action}: the construction site has only {site_size} positions")
    placement = placement_index(action)
    if placement < 0:
        raise InvalidAction(f"{action}: the tile would leave the city window (no id)")
    return (action.position - 1) * NUM_PLACEMENTS + placement


def action_from_id(index: int, site_size: int) -> AkropolisAction:
    """The action with id ``index``; InvalidAction outside the space or for an unused id."""
    size = num_distinct_actions(site_size)
    if type(index) is not int or not 0 <= index < size:
        raise InvalidAction(f"action id {describe_value(index)} is outside 0..{size - 1}")
    if index >= site_size * NUM_PLACEMENTS:
        return Reveal(index - site_size * NUM_PLACEMENTS + 1)
    position, laid = divmod(index, NUM_PLACEMENTS)
    place = place_row(position + 1)[laid]
    if place is None:
        # Ids whose tile would stick out of the window name no action; see docs/akropolis.md.
        q, r = COORDS[placement_cell(laid)]
        return Place(position + 1, q, r, placement_rotation(laid))
    return place
