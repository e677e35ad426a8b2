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
    # 300 greedy games, seeds 11000-11299, fitted on the first 240 to each final total less
    # the places to build on (added unfitted, as ``fitted_total`` does); held out: the lead
    # over the best rival off by 28.8 points (RMS) where the hand-made estimate is off by 30.0
    # (session 33; greedy now counts the places too, so its games differ from the first fit's).
    3: (
        *(1.0187, 0.9973, 1.0431, 1.0282, 1.0359),
        *(0.0073, 0.0286, -0.0107, 0.0485, 0.0568),
        *(0.2468, 0.4209, 0.4168, 0.2463, 0.2151),
        *(0.0917, -0.1609, 0.3144, 0.1934, 0.0000),
        *(2.8806, 0.1561, 0.3007, -0.1722, 6.5406),
        *(-0.1580, -3.4662, -6.7916, 0.0000),
        -10.4159,
    ),
    # 150 greedy games, seeds 12000-12149, fitted on the first 120 to each final total less
    # the places to build on (added unfitted, as ``fitted_total`` does); held out: the lead off
    # by 25.3 points (RMS), the hand-made estimate's by 26.5 (session 33; greedy now counts the
    # places too, so its games differ from those of the first fit).
    4: (
        *(0.9868, 1.0079, 1.0224, 1.0029, 0.9622),
        *(-0.0673, -0.0391, 0.0146, 0.1137, 0.1499),
        *(0.5611, 0.5121, 0.5015, 0.2066, 0.2213),
        *(-0.0472, -0.8273, 0.4906, -0.3026, 0.0000),
        *(3.6136, 0.0834, 0.2109, 0.4997, 5.4335),
        *(0.9775, -1.1896, -3.4973, -5.6480),
        -9.3574,
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
