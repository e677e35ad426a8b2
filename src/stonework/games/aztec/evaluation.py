"""The Aztec heuristic: each seat's prospects from the cubes its edges can still reach."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE, support_potential

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState


def heuristic(state: AztecState) -> list[float]:
    """Per seat in [-1, 1]: progress towards level-3 cubes on its edges against the others'.

    Each edge column counts 1 for a level-3 cube, 0.5 when solid to level 2, 0.2 when solid
    to level 1; a builder's value is tanh of its lead over the other builder. Ah Puch (and
    the builders' shared interest against him) uses the bid minus the builders' estimate.
    """
    if state.is_terminal:
        return state.returns()
    if state.in_auction:
        return [0.0] * 3
    ns = support_potential(state.occupied, NS_EDGE[state._corners])
    ew = support_potential(state.occupied, EW_EDGE[state._corners])
    lead = math.tanh((ns - ew) / 3.0)
    if state.num_players == 2:
        return [lead, -lead]
    estimate = ns + ew if state.options["threshold"] == "sum" else max(ns, ew)
    puch = math.tanh((state.high_bid - estimate) / 3.0)
    out = [0.0, 0.0, 0.0]
    out[state.ah_puch] = puch
    out[state.builder("north_south")] = 0.5 * lead - 0.5 * puch
    out[state.builder("east_west")] = -0.5 * lead - 0.5 * puch
    return out
