"""Thinking time of agent specs on the same positions, taken in turn: cost ratios in one run.

    python benchmarks/search_cost.py GAME PLAYERS SPEC [SPEC ...] [--seeds 21,22] [--every 7]

Plays greedy games (seeds ``--seeds``) and, at every ``--every``-th decision, lets each spec
choose from that position, in alternating order so that a change of the machine's load falls
on all of them alike. Prints each spec's mean seconds a move, its ratio to the first spec, its
longest move and its mean simulations a move (``last_iterations`` for the tree searches): what an iteration
budget costs next to another, and how many simulations a time budget (``hard``) gets.
"""

from __future__ import annotations

import argparse
import random
import time

import stonework
from stonework.agents import make_agent
from stonework.agents.catalog import agent_from_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--seeds", default="21,22")
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    seconds = dict.fromkeys(args.specs, 0.0)
    sims = dict.fromkeys(args.specs, 0)
    longest = dict.fromkeys(args.specs, 0.0)
    positions = 0
    for seed in (int(s) for s in args.seeds.split(",")):
        state = stonework.new_game(args.game, players=args.players, seed=seed)
        rng = random.Random(seed)
        greedy = make_agent("greedy")
        decisions = 0
        while not state.is_terminal:
            if state.current_player < 0:
                state.apply(state.sample_chance(rng))
                continue
            decisions += 1
            if decisions % args.every == 3 % args.every:
                positions += 1
                order = args.specs if positions % 2 else args.specs[::-1]
                for spec in order:
                    agent = agent_from_spec(spec)
                    start = time.perf_counter()
                    agent.act(state, random.Random(decisions))
                    took = time.perf_counter() - start
                    seconds[spec] += took
                    longest[spec] = max(longest[spec], took)
                    sims[spec] += int(getattr(agent, "last_iterations", 1))
            state.apply(greedy.act(state, rng))
    base = seconds[args.specs[0]]
    for spec in args.specs:
        print(
            f"{spec}: {seconds[spec] / positions:.3f} s a move ({seconds[spec] / base:.2f}x, "
            f"longest {longest[spec]:.2f} s), {sims[spec] / positions:.0f} simulations a move, "
            f"{positions} positions"
        )


if __name__ == "__main__":
    main()
