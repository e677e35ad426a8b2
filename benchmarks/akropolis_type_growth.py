"""How much value and how many stars each Akropolis district type gains per tile still to lay.

The estimate (``stonework.games.akropolis.evaluation``) expects a type's value ``V`` and stars
``S`` to grow by a constant per tile the seat still lays (``R``). This script measures that
growth by type in games of the agent given against itself: at every decision, for every seat
and type, ``(final - now) / R`` for the value and for the stars, summed over positions and
divided by the summed ``R`` (a ratio of sums, so late positions with little left to gain weigh
less). The value is the line's qualifying value, as the estimate reads it, without open temples.
Intervals are over games (a game's positions are not independent).

    .venv/bin/python benchmarks/akropolis_type_growth.py --games 100 --seed 1000
"""

from __future__ import annotations

import argparse
import statistics

import stonework
from stonework.agents import agent_from_spec
from stonework.core import derive_rng
from stonework.games.akropolis import AkropolisState, evaluation

NAMES = ("house", "market", "barracks", "temple", "garden")


def sheet(state: AkropolisState) -> list[list[tuple[int, int]]]:
    """Each seat's (value, stars) by district type, as the estimate reads them."""
    return [
        [(line.value, line.stars) for line in state.city_score(seat).lines]
        for seat in range(state.num_players)
    ]


def growth(deal: int, players: int, spec: str) -> list[tuple[float, float]]:
    """One game's per-type (value, stars) growth per tile left, as ratios of sums."""
    state = stonework.new_game("akropolis", players=players, seed=deal)
    assert isinstance(state, AkropolisState)
    agent = agent_from_spec(spec)
    rng = derive_rng(deal, "growth")
    seen: list[tuple[float, list[list[tuple[int, int]]]]] = []
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        left = evaluation.tiles_left(state)
        if left > 0:
            seen.append((left, sheet(state)))
        state.apply(agent.act(state.clone(), rng))
    final = sheet(state)
    # Every seat and type is weighed by the same tiles left at each position.
    weight = players * sum(left for left, _ in seen)
    out = []
    for kind in range(len(NAMES)):
        gained_v = gained_s = 0.0
        for _, lines in seen:
            for seat in range(players):
                gained_v += final[seat][kind][0] - lines[seat][kind][0]
                gained_s += final[seat][kind][1] - lines[seat][kind][1]
        out.append((gained_v / weight, gained_s / weight))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="self-play games")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first deal")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="seats")
    parser.add_argument("--agent", default="greedy", help="agent spec playing every seat")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (the interval needs a spread)")
    games = []
    for game in range(args.games):
        games.append(growth(args.seed + game, args.players, args.agent))
        if (game + 1) % 20 == 0:
            print(f"{game + 1} games", flush=True)
    print(f"{args.agent} self-play, {args.players} players, {args.games} games (mean ± 1.96 SE):")
    print(f"{'type':<9} {'value/tile':>16} {'stars/tile':>16}")
    for kind, name in enumerate(NAMES):
        cols = []
        for part in (0, 1):
            values = [g[kind][part] for g in games]
            half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
            cols.append(f"{statistics.fmean(values):.3f} ± {half:.3f}")
        print(f"{name:<9} {cols[0]:>16} {cols[1]:>16}")


if __name__ == "__main__":
    main()
