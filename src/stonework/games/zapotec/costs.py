"""What a Zapotec decision costs and brings its player, read off the engine before it is taken.

The guided turn shows each option's price before the player commits. Rather than a second copy
of the rules' prices (which the data sets and options change), the decision is played on a copy
of the state and the acting seat's own counters are compared before and after: resources paid
and gained, points, and the pieces it uses up (houses, ritual discs, pyramid pieces) or the
sacrifice-track steps it climbs. Only the acting seat's own, public counters are read, so
nothing hidden from that seat can appear; effects that follow automatically at once (a track
bonus, the round's end) are part of what the decision brings.

>>> from stonework.core.registry import get_game
>>> spec = get_game("zapotec")
>>> state = spec.new_state(2, dict(spec.options.resolve("zapotec", {})))
>>> action_effects(state, state.legal_actions()[0])  # choosing a card costs nothing
{'pay': {}, 'gain': {}, 'use': {}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core.state import Action
from stonework.games.zapotec.components import RESOURCES, SIZES

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def _counters(state: ZapotecState, seat: int) -> dict[str, int]:
    out = {name: state.res[seat][i] for i, name in enumerate(RESOURCES)}
    out["points"] = state.points[seat]
    out["track"] = state.track[seat]
    out["houses"] = state.houses[seat]
    out["discs"] = state.discs[seat]
    for i, size in enumerate(SIZES):
        out[f"{size} pieces"] = state.pieces[seat][i]
    return out


_USED = ("houses", "discs", *(f"{size} pieces" for size in SIZES))
"""Counters that only go down when a piece leaves the player's supply."""


def action_effects(state: ZapotecState, action: Action) -> dict[str, dict[str, int]]:
    """``{"pay": {resource: n}, "gain": {resource or "points" or "track": n}, "use": {piece: n}}``.

    ``action`` must be legal for the seat to act; the state itself is left unchanged.
    """
    seat = state.current_player
    before = _counters(state, seat)
    after_state = state.clone()
    after_state.apply(action)
    after = _counters(after_state, seat)
    pay: dict[str, int] = {}
    gain: dict[str, int] = {}
    use: dict[str, int] = {}
    for key, old in before.items():
        delta = after[key] - old
        if delta == 0:
            continue
        if key in _USED:
            # A palace built with palace_uses_house off leaves the houses alone; a piece coming
            # back is no cost (never happens in these rules, but the sign decides).
            (use if delta < 0 else gain)[key] = abs(delta)
        elif delta < 0:
            pay[key] = -delta
        else:
            gain[key] = delta
    return {"pay": pay, "gain": gain, "use": use}
