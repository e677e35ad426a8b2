"""What the network's float64 forward pass buys ``az``: float32 against float64, in one run.

    python benchmarks/network_precision_cost.py [--game aztec] [--players 2] [--network FILE]
        [--rollout 0.5] [--simulations 1000] [--positions 8] [--rounds 3]

``stonework.learn.network.Network`` keeps its weights at the file's float32 precision and
multiplies in float64. This script runs the same ``az`` search (the shipped network unless
``--network``; ``--rollout`` as ``expert`` plays) with that network and with a copy that
multiplies in float32 (the network before the change: weights and input as float32), alternately
on the same positions (``az_simulation_cost.search_positions``), ``rounds`` times, at a fixed
number of simulations, and prints per precision: one forward pass on those positions' tensors,
one simulation (best round, CPU seconds of this process), and the ratio of simulations per CPU
second. It also prints the largest difference between the two precisions' outputs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from az_simulation_cost import search_positions

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def float32_copy(network: Any) -> Any:
    """The same network multiplying in float32 (its forward pass follows its weights' type)."""
    import numpy as np

    from stonework.learn.network import Network

    copy = Network(network.info, network.weights)
    copy.weights = [(w.astype(np.float32), b.astype(np.float32)) for w, b in network.weights]
    copy._policy_rows = np.ascontiguousarray(copy.weights[-2][0].T)
    return copy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="aztec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--network", type=Path, help="an .npz network (default: the shipped one)")
    parser.add_argument("--rollout", type=float, default=0.5, help="az's rollout= (expert: 0.5)")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)

    import numpy as np

    from stonework.agents.az import AZAgent
    from stonework.agents.base import Budget
    from stonework.learn.network import Network, shipped_network

    network = (
        Network.load(args.network) if args.network else shipped_network(args.game, args.players)
    )
    if network is None:
        raise SystemExit(f"no network is shipped for {args.game} at {args.players}: --network")
    single = float32_copy(network)
    positions = search_positions(args.game, args.players, args.positions)
    tensors = [np.asarray(s.observation_tensor(s.current_player), np.float32) for s in positions]
    idss = [list(s.legal_action_ids())[:120] for s in positions]
    gap = 0.0
    for x, ids in zip(tensors, idss, strict=True):
        (la, va), (lb, vb) = network.predict(x, ids), single.predict(x, ids)
        gap = max(gap, float(np.abs(la - lb).max()), float(np.abs(va - vb).max()))
    names = {"float64": network, "float32": single}
    forward = {name: float("inf") for name in names}
    simulation = {name: float("inf") for name in names}
    for _ in range(args.rounds):
        for name, net in names.items():
            start = time.process_time()
            for _ in range(200):
                for x, ids in zip(tensors, idss, strict=True):
                    net.predict(x, ids)
            forward[name] = min(forward[name], (time.process_time() - start) / (200 * len(tensors)))
            agent = AZAgent(net, Budget(iterations=args.simulations), rollout=args.rollout)
            done = 0
            start = time.process_time()
            for k, state in enumerate(positions):
                agent.act(state, random.Random(k))
                done += agent.last_iterations
            simulation[name] = min(simulation[name], (time.process_time() - start) / max(1, done))
    print(
        f"{args.game} {args.players}p, {len(positions)} positions, {args.simulations} simulations "
        f"(rollout={args.rollout}), best of {args.rounds}; largest output difference {gap:.1e}"
    )
    for name in names:
        print(
            f"  {name}: {forward[name] * 1e3:.3f} ms a forward pass, "
            f"{simulation[name] * 1e3:.3f} ms a simulation"
        )
    ratio = simulation["float32"] / simulation["float64"]
    print(f"float64: {ratio:.2f}x as many simulations per CPU second as float32")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
