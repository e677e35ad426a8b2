"""How far ahead of the Akropolis estimate the seats about to move end (``TO_MOVE_BONUS``).

Plays games of the greedy player against itself. At every decision it records each seat's
estimate without the turn bonus and at the end compares it with the seat's real final total,
relative to the same difference for the seat that has just moved (it has had its tile): the
mean for the seat ``d`` places after the mover (``d = 0``: the seat to move) is what choosing
sooner is worth beyond what the estimate sees. At two players that is the seat to move's final
lead beyond its estimated lead. Each game gives one mean per distance (its positions are not
independent), so the intervals are over games. Greedy's moves do not depend on the bonus (a
test checks the ranking), so the games are the same whatever its value.

    .venv/bin/python benchmarks/akropolis_to_move_bonus.py --games 100 --seed 1000
    .venv/bin/python benchmarks/akropolis_to_move_bonus.py --players 3 --games 20 --seed 5000
"""

from __future__ import annotations

import argparse
import statistics

import stonework
from stonework.agents import agent_from_spec
from stonework.core import derive_rng
from stonework.games.akropolis import AkropolisState, evaluation


def residuals(deal: int, players: int) -> list[float]:
    """Per distance from the mover: its final-minus-estimate beyond the last mover's, averaged."""
    state = stonework.new_game("akropolis", players=players, seed=deal)
    assert isinstance(state, AkropolisState)
    greedy = agent_from_spec("greedy")
    rng = derive_rng(deal, "greedy")
    seen: list[tuple[int, list[float]]] = []
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        mover = state.current_player
        # The bonus taken off gives what the estimate itself sees.
        seen.append(
            (
                mover,
                [
                    evaluation.estimate(state, seat) - evaluation.turn_bonus(state, seat)
                    for seat in range(players)
                ],
            )
        )
        state.apply(greedy.act(state.clone(), rng))
    final = [float(score.total) for score in state.scores()]
    by_distance: list[list[float]] = [[] for _ in range(players - 1)]
    for mover, estimated in seen:
        last = (mover - 1) % players
        base = final[last] - estimated[last]
        for distance in range(players - 1):
            seat = (mover + distance) % players
            by_distance[distance].append(final[seat] - estimated[seat] - base)
    return [statistics.fmean(values) for values in by_distance]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="greedy self-play games")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="seats")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (the interval needs a spread)")
    means: list[list[float]] = []
    for game in range(args.games):
        means.append(residuals(args.seed + game, args.players))
        if (game + 1) % 20 == 0:
            print(
                f"{game + 1} games: {statistics.fmean(m[0] for m in means):+.2f} points", flush=True
            )
    probe = stonework.new_game("akropolis", players=args.players, seed=args.seed)
    assert isinstance(probe, AkropolisState)
    for distance in range(args.players - 1):
        values = [m[distance] for m in means]
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        seat = (probe.turn + distance) % args.players
        print(
            f"{args.players} players, {len(values)} games, the seat {distance} after the mover: "
            f"final total beyond the estimate {mean:+.2f} points (95% CI {mean - half:+.2f} to "
            f"{mean + half:+.2f}) against the seat that just moved; its bonus is "
            f"{evaluation.turn_bonus(probe, seat):g}"
        )


if __name__ == "__main__":
    main()
