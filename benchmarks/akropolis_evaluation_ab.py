"""Greedy with the Akropolis estimate against greedy with the plain score lead (BENCHMARKS.md).

The game has one ``heuristic()``, so the arena cannot seat two evaluations at one table; this
script does: seat ``new`` evaluates with today's estimate (``evaluation.lead_values``), seat
``old`` with the score lead the game used before it (``tanh((total - best rival) / 25)``).
Each deal is played twice with the seats swapped.

    .venv/bin/python benchmarks/akropolis_evaluation_ab.py --games 200 --seed 2026
"""

from __future__ import annotations

import argparse
import math
import random

import stonework
from stonework.agents import agent_from_spec
from stonework.arena.stats import wilson
from stonework.core import derive_rng
from stonework.games.akropolis import AkropolisState
from stonework.games.akropolis.evaluation import lead_values


def score_lead(state: AkropolisState) -> list[float]:
    """The evaluation Akropolis had before the estimate: the score lead so far."""
    totals = [float(score.total) for score in state.scores()]
    rivals = [max(t for j, t in enumerate(totals) if j != i) for i in range(len(totals))]
    return [math.tanh((totals[i] - rivals[i]) / 25.0) for i in range(len(totals))]


def play(deal: int, new_seat: int) -> tuple[float, float]:
    """One two-player game; the new evaluation's result (1, 0.5, 0) and its score margin."""
    state = stonework.new_game("akropolis", players=2, seed=deal)
    assert isinstance(state, AkropolisState)
    greedy = agent_from_spec("greedy")
    chance = derive_rng(deal, "chance")
    seats = [derive_rng(deal, "seat", seat) for seat in range(2)]
    original = AkropolisState.heuristic
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(chance))
            continue
        seat = state.current_player
        # The class attribute is swapped for this seat's move only; the game itself never
        # reads its heuristic, so the rules are untouched.
        AkropolisState.heuristic = lead_values if seat == new_seat else score_lead  # type: ignore[method-assign,assignment]
        try:
            action = greedy.act(state.clone(), seats[seat])
        finally:
            AkropolisState.heuristic = original  # type: ignore[method-assign]
        state.apply(action)
    totals = [score.total for score in state.scores()]
    result = (state.returns()[new_seat] + 1.0) / 2.0
    return result, totals[new_seat] - totals[1 - new_seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games, an even number")
    parser.add_argument("--seed", type=int, default=2026, help="first deal's seed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    wins = margin = 0.0
    for game in range(args.games):
        if game % 2 == 0:
            deal = rng.getrandbits(32)
        result, diff = play(deal, game % 2)
        wins += result
        margin += diff
        if (game + 1) % 20 == 0:
            print(f"{game + 1} games: win rate {wins / (game + 1):.3f}", flush=True)
    n = args.games
    low, high = wilson(wins, n)
    print(
        f"estimate vs score lead, {n} games: win rate {wins / n:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}), mean margin {margin / n:+.2f}"
    )


if __name__ == "__main__":
    main()
