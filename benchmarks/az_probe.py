"""Is the ``az`` search sound apart from its network? Judge its leaves by the game's heuristic.

    python benchmarks/az_probe.py GAME [--players 2] [--simulations 64] [--games 8] [--seed 100]

Replaces the network's answer in ``az``'s expansion with uniform priors and the game's own
evaluation (``stonework.agents.base.evaluate``, what greedy ranks its moves by) and plays that
search against ``greedy``, seats alternated. A sound search with the same evaluation should not
lose clearly to one ply of it; if it does, the fault is in the search, not in any network.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)

    from stonework.agents import az
    from stonework.agents.base import Agent, Budget, evaluate
    from stonework.agents.catalog import agent_from_spec
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE
    from stonework.learn.network import Network, network_info

    def expand(self: Any, node: Any, world: Any, player: int, legal: list[Any]) -> list[float]:
        node.priors = {a: 1.0 / len(legal) for a in legal}
        return list(evaluate(world))

    az._PUCT.expand = expand  # type: ignore[method-assign]
    network = Network.random(network_info(args.game, args.players, (8,)))  # never read
    spec = get_game(args.game)
    returns, scores = [], []
    for g in range(args.games):
        rng = random.Random(args.seed + g)
        state = spec.new_state(args.players, spec.options.resolve(args.game, {}))
        seats: list[Agent] = [agent_from_spec("greedy") for _ in range(args.players)]
        probe = g % args.players
        seats[probe] = az.AZAgent(network, Budget(iterations=args.simulations))
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(seats[state.current_player].act(state, rng))
        totals = [s.total for s in state.scores()]
        returns.append(state.returns()[probe])
        scores.append((totals[probe], max(t for i, t in enumerate(totals) if i != probe)))
        print(f"game {g + 1}: probe seat {probe}, scores {totals}", file=sys.stderr)
    won = sum(1 for r in returns if r > 0)
    print(
        f"az ({args.simulations} simulations, heuristic leaves, uniform priors) against greedy: "
        f"won {won}/{args.games}; scores {', '.join(f'{a}-{b}' for a, b in scores)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
