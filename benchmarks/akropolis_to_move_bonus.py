"""How far ahead of the Akropolis estimate the seat to move ends (``TO_MOVE_BONUS``).

Plays two-player games of the greedy player against itself. At every decision it records the
mover's estimated lead over the other seat, without the bonus, and at the end compares it with
the real final lead: the mean difference is what a position "to move" is worth beyond what the
estimate sees. Each game gives one mean (its positions are not independent), so the interval
is over games. Greedy's moves do not depend on the bonus (a test checks the ranking), so the
games are the same whatever its value.

    .venv/bin/python benchmarks/akropolis_to_move_bonus.py --games 100 --seed 1000
"""

from __future__ import annotations

import argparse
import statistics

import stonework
from stonework.agents import agent_from_spec
from stonework.core import derive_rng
from stonework.games.akropolis import AkropolisState, evaluation


def residuals(deal: int) -> list[float]:
    """Final lead minus estimated lead (no bonus) of the seat to move, at each decision."""
    state = stonework.new_game("akropolis", players=2, seed=deal)
    assert isinstance(state, AkropolisState)
    greedy = agent_from_spec("greedy")
    rng = derive_rng(deal, "greedy")
    seen: list[tuple[int, float]] = []
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        mover = state.current_player
        totals = [evaluation.estimate(state, seat) for seat in range(2)]
        # The bonus goes to the mover only; taking it off gives the lead the estimate sees.
        seen.append((mover, totals[mover] - evaluation.TO_MOVE_BONUS - totals[1 - mover]))
        state.apply(greedy.act(state.clone(), rng))
    final = [float(score.total) for score in state.scores()]
    return [final[mover] - final[1 - mover] - lead for mover, lead in seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="greedy self-play games")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (the interval needs a spread)")
    means = []
    for game in range(args.games):
        means.append(statistics.fmean(residuals(args.seed + game)))
        if (game + 1) % 20 == 0:
            print(f"{game + 1} games: {statistics.fmean(means):+.2f} points", flush=True)
    mean = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / len(means) ** 0.5
    print(
        f"seat to move, {len(means)} games: final lead beyond the estimate "
        f"{mean:+.2f} points (95% CI {mean - half:+.2f} to {mean + half:+.2f}); "
        f"TO_MOVE_BONUS is {evaluation.TO_MOVE_BONUS}"
    )


if __name__ == "__main__":
    main()
