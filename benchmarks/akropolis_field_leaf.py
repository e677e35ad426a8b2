"""Arena plugin: the search's leaves as each seat's expected standing against the field.

    PYTHONPATH=src:benchmarks stonework arena akropolis --players 3 \\
        --agents mcts:50:depth=3:greedy=1:sample=16:leaf=1,greedy,greedy --games 100 --seed 7 \\
        --plugin akropolis_field_leaf:install

The default leaf backs up, for each seat, ``tanh`` of its fitted lead over the best other seat
(``leaf_estimate.fitted_lead_values``). This one backs up the mean over the other seats ``j``
of ``tanh((total_i - total_j) / scale)``: a seat's expected (seats it beats - seats that beat
it) / (players - 1), the scale of ``State.returns`` at the end, so second place is worth more
than last (a seat behind the leader still cares whom it beats). ``scale`` is
``leaf_estimate.lead_scale``. Screening only: greedy is untouched.
"""

from __future__ import annotations

import math

from stonework.games.akropolis import leaf_estimate
from stonework.games.akropolis.evaluation import tiles_left
from stonework.games.akropolis.state import AkropolisState


def field_leaf_values(state: AkropolisState) -> list[float] | None:
    """Each seat's expected standing against the field from the fitted totals."""
    players = state.num_players
    weights = None if state.solo else leaf_estimate.WEIGHTS.get(players)
    if weights is None:
        return None
    totals = [leaf_estimate.fitted_total(state, seat, weights) for seat in range(players)]
    scale = leaf_estimate.lead_scale(players, tiles_left(state))
    return [
        sum(math.tanh((totals[i] - totals[j]) / scale) for j in range(players) if j != i)
        / (players - 1)
        for i in range(players)
    ]


def install() -> None:
    """Replace the leaf values (fixed scale ``LEAD_SCALE``)."""
    leaf_estimate.fitted_lead_values = field_leaf_values


def install_scaled() -> None:
    """Replace the leaf values, with the win scales of ``akropolis_win_scale``."""
    from akropolis_win_scale import install as install_scales

    install_scales()
    install()
