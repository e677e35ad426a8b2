"""How sure a fitted lead is of winning, by tiles left: the scale of the leaf's ``tanh``.

    python benchmarks/akropolis_win_scale.py --players 3 --games 150 --seed 21000

The search backs up ``tanh(lead / scale)`` for each seat, the lead being the fitted estimate's
total (``games.akropolis.leaf_estimate``) less the best other seat's. Since ``tanh(x) = 2
sigmoid(2x) - 1``, that value is twice a win probability less one when ``sigmoid(2 lead /
scale)`` is how often such a lead wins. This script plays ``greedy`` against itself, records at
every decision each seat's fitted lead, the tiles left and whether the seat won (a shared first
place counts 1/k), and fits, for each number of tiles left, the logistic ``P(win) = sigmoid(b *
lead)`` by Newton's method; it prints ``scale = 2 / b`` per tiles left, with the log-loss of
that fit and of the fixed scale (``evaluation.LEAD_SCALE``), and a two-number law
``scale = a0 + a1 * left`` fitted to the per-count scales (weighted by positions).

As an arena plugin (``--plugin akropolis_win_scale:install``) it makes the search's leaves use
the laws read off its tables (:data:`CANDIDATE_SCALES`), for a screen against the fixed scale.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

import stonework
from stonework.agents.simple import GreedyAgent
from stonework.games.akropolis.evaluation import LEAD_SCALE, tiles_left
from stonework.games.akropolis.leaf_estimate import WEIGHTS, fitted_total
from stonework.games.akropolis.state import AkropolisState

CANDIDATE_SCALES: dict[int, tuple[float, float, float]] = {
    3: (11.0, 3.0, 30.0),
    4: (8.0, 2.0, 17.0),
}
"""Laws read off this script's tables (3 players: 100 games from seed 21000; 4 players: 100
games from seed 22000), as ``leaf_estimate.WIN_SCALES`` takes them."""


def install() -> None:
    """Arena plugin: the search's leaves squashed by :data:`CANDIDATE_SCALES`."""
    from stonework.games.akropolis import leaf_estimate

    leaf_estimate.WIN_SCALES.update(CANDIDATE_SCALES)


def play(players: int, seed: int) -> list[tuple[float, float, float]]:
    """One greedy game: (tiles left, a seat's fitted lead, that seat's share of the win)."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert isinstance(state, AkropolisState)
    weights = WEIGHTS[players]
    rng = random.Random(seed)
    agent = GreedyAgent()
    seen: list[tuple[float, list[float]]] = []
    while not state.is_terminal:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        totals = [fitted_total(state, seat, weights) for seat in range(players)]
        seen.append((tiles_left(state), totals))
        state.apply(agent.act(state, rng))
    ranking = state.ranking()
    firsts = sum(1 for r in ranking if r == 1)
    share = [1.0 / firsts if r == 1 else 0.0 for r in ranking]
    rows = []
    for left, totals in seen:
        for seat in range(players):
            rival = max(t for j, t in enumerate(totals) if j != seat)
            rows.append((left, totals[seat] - rival, share[seat]))
    return rows


def fit_slope(points: list[tuple[float, float]]) -> float:
    """``b`` of ``P(win) = sigmoid(b * lead)`` by Newton's method (leads, win shares)."""
    b = 0.05
    for _ in range(50):
        grad = hess = 0.0
        for lead, won in points:
            p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, b * lead))))
            grad += (won - p) * lead
            hess += p * (1.0 - p) * lead * lead
        if hess <= 0.0:
            break
        step = grad / hess
        b += step
        if abs(step) < 1e-7:
            break
    return b


def log_loss(points: list[tuple[float, float]], b: float) -> float:
    """Mean cross-entropy of ``sigmoid(b * lead)`` against the win shares."""
    total = 0.0
    for lead, won in points:
        p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, b * lead))))
        p = min(1.0 - 1e-9, max(1e-9, p))
        total -= won * math.log(p) + (1.0 - won) * math.log(1.0 - p)
    return total / max(1, len(points))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=21000)
    args = parser.parse_args()
    by_left: dict[float, list[tuple[float, float]]] = defaultdict(list)
    for g in range(args.games):
        for left, lead, won in play(args.players, args.seed + g):
            by_left[left].append((lead, won))
    fixed_b = 2.0 / LEAD_SCALE
    law: list[tuple[float, float, int]] = []
    print("tiles left  positions  scale  log-loss (fitted / fixed scale)")
    for left in sorted(by_left):
        points = by_left[left]
        b = fit_slope(points)
        scale = 2.0 / b if b > 0 else math.inf
        law.append((left, scale, len(points)))
        print(
            f"{left:10.2f}  {len(points):9d}  {scale:5.1f}  "
            f"{log_loss(points, b):.4f} / {log_loss(points, fixed_b):.4f}"
        )
    # Weighted least squares of scale on tiles left.
    usable = [(x, y, w) for x, y, w in law if math.isfinite(y)]
    sw = sum(w for _, _, w in usable)
    mx = sum(w * x for x, _, w in usable) / sw
    my = sum(w * y for _, y, w in usable) / sw
    sxx = sum(w * (x - mx) ** 2 for x, _, w in usable)
    sxy = sum(w * (x - mx) * (y - my) for x, y, w in usable)
    a1 = sxy / sxx
    a0 = my - a1 * mx
    print(f"scale = {a0:.2f} + {a1:.3f} * left")


if __name__ == "__main__":
    main()
