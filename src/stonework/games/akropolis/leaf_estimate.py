"""A second Akropolis estimate, fitted per player count, that the tree search judges leaves by.

The hand-made estimate (:mod:`.evaluation`) is what ``greedy`` plays by and what the search
models every seat's moves with. Its weights were chosen at two players by greedy-against-greedy
matches; beyond two, a search against a greedy field needs to know what each seat will *end*
with when the others go on playing greedy. This module holds a linear model of a seat's final
total on features of the table (the estimate's own terms taken apart, plus what it leaves out:
every district hex that does not score yet, and stones as buying power), its weights fitted by
least squares to the final totals of greedy self-play, one set per player count
(``benchmarks/akropolis_fit_leaf.py``, BENCHMARKS.md "Akropolis leaf estimate fitted per player
count"). Keeping it apart leaves ``greedy``, and so the fields the targets are measured against,
exactly as they were. The hand estimate's places to build on above quarries
(:func:`.evaluation.stack_spot_points`) are added to the fitted total as they are: the greedy
games it was fitted to never kept such places, and without them a three-player search against a
greedy field that does won 46.5% of 200 games where it wins 51.5% with them (BENCHMARKS.md,
"Akropolis: places to build on").
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from stonework.games.akropolis.city import column_height, column_kind
from stonework.games.akropolis.evaluation import (
    LEAD_SCALE,
    leads_over_best_rival,
    open_temples,
    stack_spot_points,
    tiles_left,
)
from stonework.games.akropolis.tiles import DISTRICT_KIND, TEMPLE

if TYPE_CHECKING:
    from stonework.games.akropolis.state import AkropolisState

KINDS: Final = 5

FEATURE_NAMES: Final[tuple[str, ...]] = (
    *(f"value*stars/{k}" for k in range(KINDS)),
    *(f"left*value/{k}" for k in range(KINDS)),
    *(f"left*stars/{k}" for k in range(KINDS)),
    *(f"left*idle/{k}" for k in range(KINDS)),
    "stones",
    "left*stones",
    "stars_t*open_temples",
    "left*open_temples",
    "left",
    "place0",
    "place1",
    "place2",
    "place3",
)
"""What :func:`features` returns, in order. ``value`` and ``stars`` are a type's scoring line
(the estimate's ``V`` and ``S``), ``left`` the tiles the seat still lays, ``idle`` the heights of
that type's top hexes that do not score yet (a market beside a market, a barracks closed in),
and ``placeK`` is 1 for the seat ``K`` places after the seat to move while tiles are left."""

WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    # 300 greedy games, seeds 11000-11299, fitted on the first 240 (34,560 seat-positions);
    # held out: the lead over the best rival off by 21.9 points (RMS) where the hand-made
    # estimate is off by 22.9.
    3: (
        *(0.8144, 0.9035, 0.9041, 0.9079, 0.9087),
        *(0.0851, 0.0328, 0.1018, 0.1552, 0.0889),
        *(0.3128, 0.2815, 0.1948, 0.0755, 0.1203),
        *(-0.1122, 0.2920, 0.2278, -0.0277, 0.0000),
        *(2.8518, -0.0235, 0.0870, 0.2149, 4.5768),
        *(4.1174, 1.6868, -0.7329, 0.0000),
        5.0713,
    ),
    # 150 greedy games, seeds 12000-12149, fitted on the first 120 (28,800 seat-positions);
    # held out: the lead off by 21.2 points (RMS), the hand-made estimate's by 22.2.
    4: (
        *(0.8366, 0.8335, 0.8557, 0.8232, 0.8630),
        *(0.0334, 0.1307, -0.0241, 0.1709, 0.0424),
        *(0.2782, 0.3010, 0.2348, 0.1204, 0.1742),
        *(-0.1425, -0.1669, -0.6149, -0.0062, 0.0000),
        *(2.8936, -0.0819, 0.1462, 0.1382, 4.0731),
        *(4.2371, 2.6394, 1.0016, -0.6026),
        7.2754,
    ),
}
"""Fitted weights by player count, in :data:`FEATURE_NAMES`' order, and the intercept last
(``benchmarks/akropolis_fit_leaf.py --players N``; the commands and fits in BENCHMARKS.md)."""


def features(state: AkropolisState, seat: int) -> list[float]:
    """The model's inputs for ``seat`` (see :data:`FEATURE_NAMES`)."""
    left = tiles_left(state)
    lines = state.city_score(seat).lines
    values = [float(line.value) for line in lines]
    stars = [float(line.stars) for line in lines]
    idle = _idle_heights(state, seat, values)
    stones = float(state.stones[seat])
    temples = open_temples(state, seat) if left > 0 else 0.0
    places = [0.0, 0.0, 0.0, 0.0]
    if left > 0 and not state.solo:
        places[(seat - state.turn) % state.num_players] = 1.0
    return [
        *(values[k] * stars[k] for k in range(KINDS)),
        *(left * values[k] for k in range(KINDS)),
        *(left * stars[k] for k in range(KINDS)),
        *(left * idle[k] for k in range(KINDS)),
        stones,
        left * stones,
        stars[TEMPLE] * temples,
        left * temples,
        left,
        *places,
    ]


def _idle_heights(state: AkropolisState, seat: int, values: list[float]) -> list[float]:
    # Every district top's height by type, less what scores (a doubled variant's value can
    # exceed the heights, so the difference is floored at zero).
    columns = state.cities[seat].columns
    heights = [0.0] * KINDS
    for cell in state.cities[seat].cells:
        top = columns[cell]
        kind = column_kind(top) - DISTRICT_KIND[0]
        if 0 <= kind < KINDS:
            heights[kind] += column_height(top)
    return [max(0.0, heights[k] - values[k]) for k in range(KINDS)]


def fitted_total(state: AkropolisState, seat: int, weights: tuple[float, ...]) -> float:
    """``seat``'s final total as the model with ``weights`` predicts it (exact at the end)."""
    if tiles_left(state) <= 0:
        return float(state.city_score(seat).districts_total + state.stones[seat])
    x = features(state, seat)
    return (
        weights[-1]
        + sum(w * v for w, v in zip(weights, x, strict=False))
        + stack_spot_points(state, seat)
    )


WIN_SCALES: dict[int, tuple[float, float, float]] = {}
"""The ``tanh`` scale of a fitted lead by player count, as ``(at the end, per tile left, most)``:
``min(most, at_the_end + per_tile * tiles_left)`` points. A player count not listed squashes by
``evaluation.LEAD_SCALE`` at every stage. ``tanh(lead / scale)`` is twice the chance that such
a lead wins, less one, when the scale is the one measured for that many tiles left
(``benchmarks/akropolis_win_scale.py``): a lead is surer near the end, and at four players,
where the leads run smaller, surer for the same points."""


def lead_scale(players: int, left: float) -> float:
    """The points of fitted lead that ``tanh`` maps to about 0.76 (see :data:`WIN_SCALES`)."""
    law = WIN_SCALES.get(players)
    if law is None:
        return LEAD_SCALE
    at_the_end, per_tile, most = law
    return min(most, at_the_end + per_tile * left)


def fitted_lead_values(state: AkropolisState) -> list[float] | None:
    """Each seat's fitted lead over its best rival in [-1, 1], as ``evaluation.lead_values``.

    ``None`` for a player count with no fitted weights (the caller keeps the heuristic).
    """
    players = state.num_players
    weights = None if state.solo else WEIGHTS.get(players)
    if weights is None:
        return None
    totals = [fitted_total(state, seat, weights) for seat in range(players)]
    if players not in WIN_SCALES:
        return leads_over_best_rival(totals)
    scale = lead_scale(players, tiles_left(state))
    values = []
    for seat in range(players):
        rival = max(t for j, t in enumerate(totals) if j != seat)
        values.append(math.tanh((totals[seat] - rival) / scale))
    return values
