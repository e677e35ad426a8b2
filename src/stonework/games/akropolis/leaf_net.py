"""A learned leaf value for Akropolis (2 to 4 players): a small MLP on features of the table (numpy).

The tree search judges its leaves at two players by the hand-made estimate
(:func:`.evaluation.estimate`, each seat's lead squashed by ``tanh``), at three and four by the
linear estimate fitted per player count after a round of greedy moves. This module holds a
richer description of a seat's position (:func:`net_features`: the linear leaf estimate's terms,
the hand estimate itself, each district type's heights and counts, the city's shape, and the
tiles on the construction site the seat can afford) and a multi-layer perceptron that reads a
seat's and its rival's features and predicts the seat's final margin over the rival in points,
fitted to teacher games (``stonework leafnet``, :mod:`stonework.learn.leaf_fit`). A *residual*
network predicts only what the hand estimate's margin misses and adds it: with a few hundred
games a plain fit memorised its games within a few epochs, while a correction that starts at
zero can only move away from the hand estimate as far as the held-back games allow. Playing
needs numpy only; the file format is this module's own ``.npz`` (:meth:`LeafNet.save`, the
network and file shared with the other games' leaf values in :mod:`stonework.games.leaf_mlp`).

From three players on a seat's row has three blocks, as Zapotec's: its own features, those of
the strongest other seat by the hand estimate (the rival), and the mean of the rest; the target
is the seat's final margin over the best other seat. A two-player file keeps its two blocks (the
network shipped for two players reads 174 inputs).

The search sees the prediction as :func:`LeafNet.values`: ``tanh(margin / LEAD_SCALE)`` for
each seat (at two players the seat's and its negation for the rival), the same scale as the
hand-made leaves, so the tree's exploration constant keeps its meaning.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from stonework.games.akropolis.city import column_height, column_kind
from stonework.games.akropolis.evaluation import LEAD_SCALE, estimate, open_temples
from stonework.games.akropolis.leaf_estimate import FEATURE_NAMES as LINEAR_NAMES
from stonework.games.akropolis.leaf_estimate import features as linear_features
from stonework.games.akropolis.tiles import DISTRICT_KIND, QUARRY, TILE_KINDS
from stonework.games.leaf_mlp import LeafMLP, field_rows

if TYPE_CHECKING:
    from stonework.core.state import State
    from stonework.games.akropolis.state import AkropolisState

KINDS: Final = 5
HEX_KINDS: Final = 11
"""Hex kinds a site tile can show: the quarry, five districts, five plazas (kinds 1 to 11)."""

FORMAT: Final = "akropolis-leaf-net/1"

FEATURE_NAMES: Final[tuple[str, ...]] = (
    *LINEAR_NAMES,
    "hand estimate",
    *(
        f"{what}/{k}"
        for what in ("districts", "value", "stars", "heights", "tops")
        for k in range(KINDS)
    ),
    "cells",
    "max height",
    "high tops",
    "quarry tops",
    "open temples",
    "stones",
    "to move",
    "chief",
    *(f"affordable/{k + 1}" for k in range(HEX_KINDS)),
    *(f"site/{k + 1}" for k in range(HEX_KINDS)),
    "site tiles",
    "affordable tiles",
)
"""One seat's inputs, in the order :func:`net_features` returns them. ``districts``, ``value``
and ``stars`` are a type's scoring line, ``heights`` and ``tops`` the sum of heights and the
number of that type's top hexes whether they score or not; ``high tops`` counts tops above the
ground; ``affordable/K`` counts hexes of kind ``K`` on the site tiles the seat could pay for,
``site/K`` on every site tile."""

HAND: Final = FEATURE_NAMES.index("hand estimate")
"""The column of the hand estimate in a seat's features (found once, not at every leaf)."""


def value_scale(players: int) -> float:
    """The margin that maps to ``tanh(1)`` in the search's leaf values at ``players`` players
    (the hand estimate's :data:`.evaluation.LEAD_SCALE` at every count; :meth:`LeafNet.values`
    squashes the same way)."""
    return LEAD_SCALE


def _city_part(state: AkropolisState, seat: int) -> list[float]:
    # What depends on the city alone, kept in its memo: a search judges both cities after every
    # move, and a move changes one of them.
    city = state.cities[seat]
    memo = city.memo.get("leaf_net")
    if memo is not None:
        return memo  # type: ignore[return-value]
    heights = [0.0] * KINDS
    tops = [0.0] * KINDS
    tallest = 0
    high = 0
    quarries = 0
    columns = city.columns
    for cell in city.cells:
        top = columns[cell]
        height = column_height(top)
        kind = column_kind(top)
        tallest = max(tallest, height)
        if height > 1:
            high += 1
        if kind == QUARRY:
            quarries += 1
        k = kind - DISTRICT_KIND[0]
        if 0 <= k < KINDS:
            heights[k] += height
            tops[k] += 1
    part = [*heights, *tops, float(len(city.cells)), float(tallest), float(high), float(quarries)]
    city.memo["leaf_net"] = part
    return part


def net_features(state: AkropolisState, seat: int) -> list[float]:
    """``seat``'s inputs to the network (see :data:`FEATURE_NAMES`)."""
    lines = state.city_score(seat).lines
    city = _city_part(state, seat)
    affordable = [0.0] * HEX_KINDS
    on_site = [0.0] * HEX_KINDS
    stones = state.stones[seat]
    can_pay = 0
    for position, tile in enumerate(state.site):
        pay = position <= stones
        can_pay += pay
        for kind in TILE_KINDS[tile]:
            if 1 <= kind <= HEX_KINDS:
                on_site[kind - 1] += 1.0
                if pay:
                    affordable[kind - 1] += 1.0
    return [
        *linear_features(state, seat),
        estimate(state, seat),
        *(float(line.districts) for line in lines),
        *(float(line.value) for line in lines),
        *(float(line.stars) for line in lines),
        *city[: 2 * KINDS],
        *city[2 * KINDS :],
        open_temples(state, seat),
        float(stones),
        1.0 if seat == state.turn else 0.0,
        1.0 if seat == state.chief else 0.0,
        *affordable,
        *on_site,
        float(len(state.site)),
        float(can_pay),
    ]


def pair_inputs(own: list[float], rival: list[float]) -> list[float]:
    """The network's input for a seat: its own features, then its rival's."""
    return own + rival


def seat_rows(state: AkropolisState) -> list[list[float]]:
    """Each seat's input row, seat by seat (what the fit reads of a position): at two players its
    features and its rival's; from three on its own, the strongest other seat's by the hand
    estimate (ties to the earlier seat), and the mean of the rest."""
    n = state.num_players
    features = [net_features(state, seat) for seat in range(n)]
    if n == 2:
        return [pair_inputs(features[0], features[1]), pair_inputs(features[1], features[0])]
    return field_rows(features, HAND)


class LeafNet(LeafMLP):
    """The fitted MLP for Akropolis at the player count it was fitted for: a seat's features and
    its rival's in (and the rest's mean from three players on)."""

    FORMAT = FORMAT
    FEATURE_NAMES = FEATURE_NAMES

    def check_players(self, players: int) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"the learned leaf value is for 2 to 4 players, not {players}")

    @classmethod
    def blocks(cls, players: int) -> int:
        return 2 if players == 2 else 3

    def margin(self, state: AkropolisState) -> float:
        """Seat 0's predicted final margin over seat 1, the same read from either side.

        The network is asked both ways round and the answers averaged (seat 1's margin is
        minus seat 0's), so the value of a position does not depend on which seat is "own".
        """
        out = self.margins_batch(seat_rows(state))
        return float(out[0] - out[1]) / 2.0

    def margins(self, state: AkropolisState) -> list[float]:
        """Each seat's predicted final margin over the best other seat (points); at two players
        seat 0's :meth:`margin` and its negation."""
        if self.players == 2:
            m = self.margin(state)
            return [m, -m]
        return [float(m) for m in self.margins_batch(seat_rows(state))]

    def values(self, state: AkropolisState) -> list[float]:
        """Each seat's value in [-1, 1]: its predicted margin squashed as the hand leaves are."""
        return [math.tanh(m / LEAD_SCALE) for m in self.margins(state)]

    def check(self, state: State) -> None:
        """ValueError unless ``state`` is an Akropolis game of the fitted player count."""
        from stonework.games.akropolis.state import AkropolisState

        if not isinstance(state, AkropolisState) or state.solo:
            raise ValueError(f"the leaf network judges Akropolis, not {state.spec.name}")
        if state.num_players != self.players:
            raise ValueError(
                f"the leaf network is for {self.players} players, not {state.num_players}"
            )

    def __call__(self, state: State) -> list[float]:
        """:meth:`values` of a state :meth:`check` let through (the search's leaf value)."""
        return self.values(state)  # type: ignore[arg-type]
