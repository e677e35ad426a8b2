"""Scoring (§10): round points during play, then pyramids, the sacrifice track and rituals.

``scores()`` during play gives the points already banked as the total, with the end-game parts
as they would stand now under ``projected``; at the end the total includes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonework.core import JSON, Score
from stonework.games.zapotec.components import ICONS
from stonework.games.zapotec.effects import ritual_points, track_space_points
from stonework.games.zapotec.phases import END
from stonework.games.zapotec.pieces import piece_owner
from stonework.games.zapotec.rules import pyramid_complete

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


def pyramid_points(state: ZapotecState, seat: int) -> tuple[int, list[dict[str, JSON]]]:
    """§7: per pyramid, pieces x matching houses, plus 5 per piece when the pyramid is complete."""
    c = state.comp
    total = 0
    detail: list[dict[str, JSON]] = []
    for p, stack in enumerate(state.pyramids):
        mine = sum(1 for piece in stack if piece_owner(piece) == seat)
        if not mine:
            continue
        icon = state.pyramid_tile[p]
        houses = state.icon_houses[seat][icon]
        complete = pyramid_complete(state, stack)
        bonus = c.pyramid_completion_vp * mine if complete else 0
        points = mine * houses + bonus
        total += points
        detail.append(
            {
                "pyramid": p + 1,
                "tile": ICONS[icon],
                "pieces": mine,
                "houses": houses,
                "complete": complete,
                "points": points,
            }
        )
    return total, detail


def track_order(state: ZapotecState) -> list[int]:
    """Seats off the start space, furthest first; on one space the earlier arrival first (§9)."""
    seats = [s for s in range(state.num_players) if state.track[s] > 0]
    seats.sort(key=lambda s: (-state.track[s], state.track_stamp[s]))
    return seats


def track_points(state: ZapotecState) -> list[int]:
    """§9: 9 / 6 / 3 VP for the first three on the sacrifice track."""
    out = [0] * state.num_players
    for rank, seat in enumerate(track_order(state)):
        if rank < len(state.comp.track_rewards):
            out[seat] = state.comp.track_rewards[rank]
    return out


def ritual_total(state: ZapotecState, seat: int) -> tuple[int, list[dict[str, JSON]]]:
    """§8: what each ritual card with the seat's disc is worth."""
    total = 0
    detail: list[dict[str, JSON]] = []
    for k, discs in enumerate(state.ritual_discs):
        if discs >> seat & 1:
            ritual = state.comp.rituals[state.rituals[k]]
            points = ritual_points(state, seat, ritual.effect)
            total += points
            detail.append({"ritual": ritual.id, "text": ritual.text, "points": points})
    return total, detail


def scores(state: ZapotecState) -> list[Score]:
    """Each seat's score with the breakdown of a score sheet."""
    track = track_points(state)
    final = state.phase == END
    out = []
    for seat in range(state.num_players):
        pyramids, pyramid_detail = pyramid_points(state, seat)
        rituals, ritual_detail = ritual_total(state, seat)
        end_parts = pyramids + track[seat] + rituals
        banked = state.points[seat]
        # §9: VP spaces of the track are banked on entering them; the sheet counts them with
        # the track (they follow from the space reached, so they need no counter of their own).
        on_track = track_space_points(state.comp, state.track[seat])
        breakdown: dict[str, JSON] = {
            "rounds": banked - on_track,
            "pyramids": pyramids,
            "sacrifice": track[seat] + on_track,
            "rituals": rituals,
            "pyramid_detail": pyramid_detail,
            "ritual_detail": ritual_detail,
            "final": final,
        }
        if not final:
            breakdown["projected"] = banked + end_parts
        out.append(Score(banked + end_parts if final else banked, breakdown))
    return out


def tiebreak_key(state: ZapotecState, seat: int, total: int | float) -> tuple[float, ...]:
    """§10 (ASSUMED tie-breakers): score, then track standing, then leftover resources."""
    if state.shared_ties:
        return (float(total),)
    order = track_order(state)
    track_rank = len(order) - order.index(seat) if seat in order else 0
    return (float(total), float(track_rank), float(sum(state.res[seat])))


def ranking(state: ZapotecState) -> list[int]:
    """Places (1 = first) with the tie-breakers; seats equal on all of them share a place."""
    totals = [s.total for s in scores(state)]
    keys = [tiebreak_key(state, seat, totals[seat]) for seat in range(state.num_players)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]
