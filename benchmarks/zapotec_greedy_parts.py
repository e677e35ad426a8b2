"""Where a Zapotec greedy decision's CPU time goes: determinize, list, clone, apply, evaluate.

    python benchmarks/zapotec_greedy_parts.py [--players 2] [--games 4] [--rounds 2]
        [--option components=v1]

Plays ``--games`` seeded greedy games and keeps every decision position, then, round after
round, does on each what ``GreedyAgent.act`` does, step by step and timed apart: the seat's
determinization, the legal list, one clone per legal action, applying each action, resolving a
chance node after it by one sample, and evaluating each child (``agents.base.evaluate``, the
game's heuristic). Prints each step's CPU seconds and share (whichever build is imported:
after ``make compile`` the compiled one, with ``STONEWORK_PURE=1`` the sources).
"""

from __future__ import annotations

import argparse
import random
import time

from stonework.agents.base import evaluate
from stonework.agents.simple import GreedyAgent
from stonework.core.compiled import build_state
from stonework.core.registry import get_game
from stonework.core.state import CHANCE, State


def positions(players: int, games: int, pairs: list[str]) -> list[State]:
    """Every decision position of ``games`` seeded greedy games."""
    spec = get_game("zapotec")
    options = spec.options.resolve("zapotec", spec.options.parse_pairs("zapotec", pairs))
    agent = GreedyAgent()
    rng = random.Random(3)
    seen: list[State] = []
    for _ in range(games):
        state = spec.new_state(players, options)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply_unchecked(state.random_action(rng))
            else:
                seen.append(state.clone())
                state.apply_unchecked(agent.act(state, rng))
    return seen


def one_decision(state: State, spent: dict[str, float], rng: random.Random) -> None:
    """The steps of one greedy decision on ``state``, each one's CPU time added to ``spent``."""
    clock = time.process_time
    mark = clock()

    def lap(step: str) -> None:
        nonlocal mark
        now = clock()
        spent[step] = spent.get(step, 0.0) + now - mark
        mark = now

    world = state.determinize(state.current_player, random.Random(1))
    lap("determinize")
    actions = world.legal_actions()
    lap("legal list")
    children = [world.clone() for _ in actions]
    lap("clone")
    for child, action in zip(children, actions, strict=True):
        child.apply_unchecked(action)
    lap("apply")
    for child in children:
        if child.current_player == CHANCE:
            child.apply_unchecked(child.sample_chance(rng))
    lap("chance")
    for child in children:
        evaluate(child)
    lap("evaluate")


def main() -> None:
    """Time each step of a greedy decision on every kept position, print the totals."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE")
    args = parser.parse_args()
    kept = positions(args.players, args.games, args.option)
    spent: dict[str, float] = {}
    rng = random.Random(5)
    for _ in range(args.rounds):
        for state in kept:
            one_decision(state, spent, rng)
    total = sum(spent.values())
    print(f"{len(kept)} positions x {args.rounds} rounds, {build_state()} engines")
    for step, seconds in spent.items():
        print(f"{step:12s} {seconds:7.3f} s {100 * seconds / total:5.1f}%")


if __name__ == "__main__":
    main()
