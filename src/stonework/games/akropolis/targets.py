"""What a person clicks on the Akropolis drawing to choose an action (``data-target`` ids).

A placement is two clicks: the construction-site tile (``site:<position>``, 1-based as in the
notation) and then the city hex where the tile's first hex goes (``hex:<q>,<r>``). The rotation
is not a click: the client cycles it (a key, the wheel or a button) among the placements that
share those two targets, so ``2@-1,3/0`` and ``2@-1,3/4`` have the same targets and differ only
by rotation. Only the city of the seat to move carries ``hex:`` targets, on its built hexes and
on the open ground spots next to it. Reveals are chance's and have no targets.

>>> from stonework.games.akropolis.actions import Place
>>> place_targets(Place(2, -1, 3, 4))
('site:2', 'hex:-1,3')
"""

from __future__ import annotations

from stonework.games.akropolis.actions import Place


def site_target(position: int) -> str:
    """The id of the construction-site tile at ``position`` (1-based)."""
    return f"site:{position}"


def hex_target(q: int, r: int) -> str:
    """The id of the hex ``(q, r)`` in the city of the seat to move."""
    return f"hex:{q},{r}"


def place_targets(action: Place) -> tuple[str, ...]:
    """The site tile, then the hex under the tile's first hex."""
    return (site_target(action.position), hex_target(action.q, action.r))


def action_targets(action: object) -> tuple[str, ...]:
    """Targets of any Akropolis action: a placement's two clicks, nothing for a reveal."""
    return place_targets(action) if type(action) is Place else ()
