"""Fit the Akropolis leaf estimate (``games.akropolis.leaf_estimate``) to greedy self-play.

    python benchmarks/akropolis_fit_leaf.py --players 3 --games 300 --seed 11000

Plays ``--games`` games of ``greedy`` against itself; at every decision it records each seat's
:func:`~stonework.games.akropolis.leaf_estimate.features` and, once the game is over, that
seat's final total. The weights are the least-squares fit (numpy) on the first 80% of the
games; the last 20% are held out, where the script prints the error of the hand-made estimate
(``evaluation.estimate``) and of the fit, for the total and for what the search backs up, the
lead over the best rival. It ends with the weights as a Python tuple for ``WEIGHTS``.

``leaf_estimate.fitted_total`` adds the places to build on (``evaluation.stack_spot_points``)
to the fitted sum unfitted, so the fit is to each final total less those points at the position.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import stonework
from stonework.agents.simple import GreedyAgent
from stonework.games.akropolis.evaluation import estimate, stack_spot_points, tiles_left
from stonework.games.akropolis.leaf_estimate import FEATURE_NAMES, features
from stonework.games.akropolis.state import AkropolisState


def play(
    players: int, seed: int
) -> tuple[list[list[list[float]]], list[list[float]], list[float], list[list[float]]]:
    """One greedy game: features by decision and seat, the hand estimates, the final totals,
    and the points ``fitted_total`` adds unfitted by decision and seat."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert isinstance(state, AkropolisState)
    rng = random.Random(seed)
    agent = GreedyAgent()
    rows: list[list[list[float]]] = []
    hand: list[list[float]] = []
    added: list[list[float]] = []
    while not state.is_terminal:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        rows.append([features(state, seat) for seat in range(players)])
        hand.append([estimate(state, seat) for seat in range(players)])
        left = tiles_left(state) > 0
        added.append([stack_spot_points(state, seat) if left else 0.0 for seat in range(players)])
        state.apply(agent.act(state, rng))
    finals = [float(score.total) for score in state.scores()]
    return rows, hand, finals, added


def leads(totals: np.ndarray) -> np.ndarray:
    """Each seat's total minus the best other seat's (rows: positions, columns: seats)."""
    out = np.empty_like(totals)
    for i in range(totals.shape[1]):
        others = np.delete(totals, i, axis=1)
        out[:, i] = totals[:, i] - others.max(axis=1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11000)
    args = parser.parse_args()
    n = args.players
    x_all: list[np.ndarray] = []
    hand_all: list[np.ndarray] = []
    y_all: list[np.ndarray] = []
    added_all: list[np.ndarray] = []
    game_of: list[int] = []
    start = time.time()
    for g in range(args.games):
        rows, hand, finals, added = play(n, args.seed + g)
        added_all.append(np.array(added))
        x_all.append(np.array(rows))  # decisions x seats x features
        hand_all.append(np.array(hand))
        y_all.append(np.tile(np.array(finals), (len(rows), 1)))
        game_of += [g] * len(rows)
        if (g + 1) % 50 == 0:
            print(f"{g + 1}/{args.games} games, {time.time() - start:.0f} s", flush=True)
    x = np.concatenate(x_all)
    hand_est = np.concatenate(hand_all)
    y = np.concatenate(y_all)
    added_points = np.concatenate(added_all)
    games = np.array(game_of)
    train = games < int(0.8 * args.games)
    test = ~train
    design = np.concatenate([x, np.ones((*x.shape[:2], 1))], axis=2)
    a = design[train].reshape(-1, design.shape[2])
    b = (y - added_points)[train].reshape(-1)
    weights, *_ = np.linalg.lstsq(a, b, rcond=None)
    fit = design @ weights + added_points
    for name, pred in (("hand estimate", hand_est), ("fitted", fit)):
        err = (pred - y)[test]
        lead_err = (leads(pred) - leads(y))[test]
        print(
            f"{name:14s} held out: total RMSE {np.sqrt((err**2).mean()):.2f} "
            f"(bias {err.mean():+.2f}), lead RMSE {np.sqrt((lead_err**2).mean()):.2f}"
        )
    for name, w in zip((*FEATURE_NAMES, "intercept"), weights, strict=True):
        print(f"  {name:22s} {w:+.4f}")
    print("(" + ", ".join(f"{w:.4f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
