"""What the balance lab counts in a Zapotec game: pyramids, rituals, the track, trade tiles.

The lab (:mod:`stonework.arena.balance`) replays each recorded game and shows this module every
state after every decision (:meth:`Tally.see`), then the final one (:meth:`Tally.finish`); the
counts are plain JSON so games played in other processes add up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stonework.games.zapotec.effects import ritual_points
from stonework.games.zapotec.rules import pyramid_complete

if TYPE_CHECKING:
    from stonework.games.zapotec.state import ZapotecState


class Tally:
    """The counts of one game, gathered while it is replayed."""

    def __init__(self) -> None:
        self.offered: set[str] = set()  # trade tile kinds seen face up in a row

    def see(self, state: ZapotecState) -> None:
        """Note what the market offers now."""
        tiles = state.comp.trade_tiles
        for row in state.trade_rows:
            for kind in row:
                if kind >= 0:
                    self.offered.add(tiles[kind].name)

    def finish(self, state: ZapotecState) -> dict[str, Any]:
        """The game's counts, read from its final state."""
        c = state.comp
        n = state.num_players
        started = sum(1 for stack in state.pyramids if stack)
        complete = sum(1 for stack in state.pyramids if stack and pyramid_complete(state, stack))
        discs = 0
        met = 0
        for k, mask in enumerate(state.ritual_discs):
            effect = c.rituals[state.rituals[k]].effect
            for seat in range(n):
                if mask >> seat & 1:
                    discs += 1
                    met += ritual_points(state, seat, effect) > 0
        bought = sorted({c.trade_tiles[kind].name for tiles in state.tiles for kind in tiles})
        return {
            "pyramids_started": started,
            "pyramids_completed": complete,
            "ritual_discs": discs,
            "rituals_met": met,
            "track_spaces": list(state.track),
            "track_max": max(state.track),
            "houses": sum(1 for owner in state.space_owner if owner >= 0)
            - sum(1 for p in state.palace if p >= 0),
            "palaces": sum(1 for p in state.palace if p >= 0),
            "trade_offered": sorted(self.offered),
            "trade_bought": bought,
        }


def summarize(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The counts of many games: means, shares of games, a histogram and purchase rates."""
    count = len(games)
    if not count:
        return {}

    def mean(key: str) -> float:
        return round(float(sum(g[key] for g in games)) / count, 3)

    reach: dict[str, int] = {}
    for g in games:
        for space in g["track_spaces"]:
            reach[str(space)] = reach.get(str(space), 0) + 1
    offered: dict[str, int] = {}
    bought: dict[str, int] = {}
    for g in games:
        for name in g["trade_offered"]:
            offered[name] = offered.get(name, 0) + 1
        for name in g["trade_bought"]:
            bought[name] = bought.get(name, 0) + 1
    best = max((g["track_max"] for g in games), default=0)
    return {
        "pyramids_started": mean("pyramids_started"),
        "pyramids_completed": mean("pyramids_completed"),
        "games_with_complete_pyramid": round(
            sum(1 for g in games if g["pyramids_completed"]) / count, 3
        ),
        "ritual_discs": mean("ritual_discs"),
        "rituals_met": mean("rituals_met"),
        "track_final_spaces": dict(sorted(reach.items(), key=lambda kv: int(kv[0]))),
        "games_reaching_space": {
            str(space): round(sum(1 for g in games if g["track_max"] >= space) / count, 3)
            for space in range(1, best + 1)
        },
        "houses": mean("houses"),
        "palaces": mean("palaces"),
        "trade_tiles": {
            name: {
                "offered_games": offered[name],
                "bought_games": bought.get(name, 0),
                "purchase_rate": round(bought.get(name, 0) / offered[name], 3),
            }
            for name in sorted(offered)
        },
    }
