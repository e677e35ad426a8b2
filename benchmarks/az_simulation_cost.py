"""CPU time of one ``az`` simulation against an older revision's ``az``, in one run, as a ratio.

    python benchmarks/az_simulation_cost.py REV [--game aztec] [--players 2]
        [--simulations 300] [--positions 8] [--rounds 3] [--network FILE]

Loads ``src/stonework/agents/az.py`` of revision ``REV`` (``git show``) as a second module next
to this tree's, then searches the same positions (reached by seeded random moves) with both,
alternately, ``rounds`` times, at a fixed number of simulations, timing each search in CPU
seconds of this process. Prints both costs per simulation (best round) and their ratio. Both
use this tree's engines and network code (compiled or not, as imported), so only the search
differs. Without ``--network`` an untrained network of the default sizes is used: the cost of a
simulation does not depend on the weights.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def search_positions(name: str, players: int, count: int) -> list[Any]:
    """Up to ``count`` positions of ``name`` where a search has a choice: position ``p`` is a new
    game after 0 to 11 random moves drawn with seed ``p``, then on past chance and forced moves
    (Zapotec deals first); a game that ended on the way is left out."""
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    game = get_game(name)
    positions = []
    for p in range(count):
        rng = random.Random(p)
        state = game.new_state(players, game.options.resolve(name, {}))
        for _ in range(rng.randrange(0, 12)):
            if state.is_terminal:
                break
            state.apply(state.random_action(rng))
        while not state.is_terminal and (
            state.current_player == CHANCE or len(state.legal_actions()) < 2
        ):
            state.apply(state.random_action(rng))
        if not state.is_terminal:
            positions.append(state)
    return positions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev")
    parser.add_argument("--game", default="aztec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=300)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--network", type=Path)
    args = parser.parse_args(argv)

    from stonework.agents import az as this_az
    from stonework.agents.base import Budget
    from stonework.learn.network import Network, network_info

    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{args.rev}:src/stonework/agents/az.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "az_old.py"
        path.write_text(source)
        spec = importlib.util.spec_from_file_location("az_old", path)
        assert spec is not None and spec.loader is not None
        old_az = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(old_az)
    network = (
        Network.load(args.network)
        if args.network
        else Network.random(network_info(args.game, args.players))
    )
    positions = search_positions(args.game, args.players, args.positions)
    best = {"this tree": float("inf"), args.rev: float("inf")}
    for _ in range(args.rounds):
        for name, module in (("this tree", this_az), (args.rev, old_az)):
            agent = module.AZAgent(network, Budget(iterations=args.simulations))
            done = 0
            start = time.process_time()
            for k, state in enumerate(positions):
                agent.act(state, random.Random(k))
                done += agent.last_iterations
            best[name] = min(best[name], (time.process_time() - start) / max(1, done))
    mine, theirs = best["this tree"], best[args.rev]
    print(
        f"{args.game} {args.players}p, {len(positions)} positions, {args.simulations} simulations, "
        f"best of {args.rounds}: this tree {mine * 1e3:.3f} ms a simulation, {args.rev} "
        f"{theirs * 1e3:.3f} ms; {theirs / mine:.2f}x as many simulations per CPU second"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
