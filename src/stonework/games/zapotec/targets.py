"""What a person clicks on the Zapotec drawing to choose an action (``data-target`` ids).

Board things are drawn for everyone; the things of a player board are targets only on the
board of the seat whose view is drawn (``to_svg(seat)``), so each id appears once::

    card:<n>              a card of the offer, or of the viewer's hand     play N, draft N
    income:row            the viewer's grid row of the played card's resource      income row
    income:column         ... its column                                       income column
    trade:<level>.<slot>  a face-up trade tile (trade:II.3)                        buy II.3
    owned:<tile>          a trade tile kind the viewer owns (owned:II:swap)        use ...
    pyramid:<p>           a pyramid site, 1-based                                  pyramid P
    scoring-tile:<icon>   a scoring tile still to place on a new pyramid       pyramid P ICON
    ritual:<k>            a ritual card, 1-based                                   ritual K
    track:<n>             a space of the sacrifice track (where the marker lands)  sacrifice N
    space:<name>          a space of the main board (space:etla-hills.2)       build, palace
    slot:<k>              a slot of the viewer's grid, 1-9                         build
    piece:palace          the viewer's palace piece                                palace

So ``build etla-hills.2 slot 5`` is ``("space:etla-hills.2", "slot:5")`` and
``palace etla-hills.2`` is ``("space:etla-hills.2", "piece:palace")``. **A choice menu is the
interaction state**: where the clicks leave several actions, they differ only in a payment
(``save wood`` with a discount tile), in a trade tile's way of use (``swap wood>stone``), or in
corn spent past the end of the track (all land on its last space); the client lists those
remaining actions by their notation. ``done`` has no target: it is a button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    Build,
    Buy,
    Draft,
    Income,
    Palace,
    Play,
    Pyramid,
    Ritual,
    Sacrifice,
    Use,
)
from .components import ICONS, LEVELS

if TYPE_CHECKING:
    from .state import ZapotecState

PALACE_TARGET = "piece:palace"


def card_target(card: int) -> str:
    """A card in the offer or the viewer's hand."""
    return f"card:{card}"


def trade_target(level: int, slot: int) -> str:
    """The face-up trade tile of row ``level`` (1-3) in ``slot`` (0-based)."""
    return f"trade:{LEVELS[level - 1]}.{slot + 1}"


def owned_target(name: str) -> str:
    """A trade tile kind on the viewer's board."""
    return f"owned:{name}"


def pyramid_target(site: int) -> str:
    """A pyramid site (0-based index)."""
    return f"pyramid:{site + 1}"


def scoring_tile_target(icon: int) -> str:
    """A scoring tile still waiting for a pyramid."""
    return f"scoring-tile:{ICONS[icon]}"


def ritual_target(card: int) -> str:
    """A ritual card in play (0-based position)."""
    return f"ritual:{card + 1}"


def track_target(space: int) -> str:
    """A space of the sacrifice track."""
    return f"track:{space}"


def space_target(name: str) -> str:
    """A space of the main board by name."""
    return f"space:{name}"


def slot_target(slot: int) -> str:
    """A slot of the viewer's grid (0-based)."""
    return f"slot:{slot + 1}"


def action_targets(state: ZapotecState, action: object) -> tuple[str, ...]:
    """The ids a person clicks to choose ``action`` in ``state`` (empty for buttons)."""
    c = state.comp
    if isinstance(action, (Play, Draft)):
        return (card_target(action.card),)
    if isinstance(action, Income):
        return ("income:column" if action.column else "income:row",)
    if isinstance(action, Buy):
        return (trade_target(action.level, action.slot),)
    if isinstance(action, Use):
        return (owned_target(c.trade_tiles[action.tile].name),)
    if isinstance(action, Pyramid):
        site = pyramid_target(action.space)
        return (site,) if action.tile < 0 else (site, scoring_tile_target(action.tile))
    if isinstance(action, Ritual):
        return (ritual_target(action.card),)
    if isinstance(action, Sacrifice):
        # The marker's landing space; corn spent past the end lands on the last space too.
        landing = min(c.track_length, state.track[state.current_player] + action.corn)
        return (track_target(landing),)
    if isinstance(action, Build):
        return (space_target(c.spaces[action.space].name), slot_target(action.slot))
    if isinstance(action, Palace):
        return (space_target(c.spaces[action.space].name), PALACE_TARGET)
    return ()
