"""Where a PettingZoo step's time goes: the env with parts of its work taken away, in one run.

    python benchmarks/interop_split.py GAME [--players 2] [--games 20] [--rounds 3]

Random games per CPU-second, each runner after two warm-up games, the runners taking turns
round by round (best round each), for:

- ``engine``: the bare engine (``apply`` with checks on every move);
- ``env, no arrays``: the AEC env stepping the same engine, moves drawn by the engine
  (``random_action``, then ``action_id``), observe() giving two one-value arrays (with no
  mask, step() checks each id as the engine's ``apply`` does);
- ``+ mask``: observe() builds the real action mask (and step() applies the ids it marks
  without checking them again, as the env does);
- ``+ mask, learner draws``: the move drawn from the mask as a learner would (the bench driver);
- ``+ observation`` (the whole env): the observation tensor too.

The differences between the rows are what the env's bookkeeping, the mask, the draw and the
tensor cost; the last row's share of the first is the PettingZoo share of
``python -m stonework.interop.bench``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from stonework.core import get_game, make_rng
from stonework.interop import bench
from stonework.interop.pettingzoo import StoneworkAECEnv, env

Play = Callable[[int], None]


def _env_runner(game: str, players: int, arrays: str, draw: str) -> Play:
    aec = env(game, players=players)
    tiny_obs = np.zeros(1, np.float32)
    tiny_mask = np.zeros(1, np.int8)
    if arrays == "none":
        aec.observe = lambda agent: {"observation": tiny_obs, "action_mask": tiny_mask}  # type: ignore[method-assign]
    elif arrays == "mask":

        def observe(agent: str, aec: StoneworkAECEnv = aec) -> dict[str, Any]:
            return {"observation": tiny_obs, "action_mask": aec.action_mask(aec._seat[agent])}

        aec.observe = observe  # type: ignore[method-assign]

    def play(games: int) -> None:
        for seed in range(games):
            aec.reset(seed=seed)
            rng = np.random.default_rng(seed)
            engine_rng = make_rng(seed)
            for _ in aec.agent_iter():
                observation, _, terminated, truncated, _ = aec.last()
                if terminated or truncated:
                    aec.step(None)
                elif draw == "engine":
                    state = aec.state
                    aec.step(state.action_id(state.random_action(engine_rng)))
                else:
                    legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
                    aec.step(int(legal[rng.integers(legal.size)]))

    return play


def main() -> None:
    """Print each runner's games per CPU-second, its share of the engine's and ms per game."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    spec = get_game(args.game)
    runners: dict[str, Play] = {
        "engine": bench._engine_games(spec, args.players),
        "env, no arrays": _env_runner(args.game, args.players, "none", "engine"),
        "+ mask": _env_runner(args.game, args.players, "mask", "engine"),
        "+ mask, learner draws": _env_runner(args.game, args.players, "mask", "mask"),
        "+ observation (the env)": _env_runner(args.game, args.players, "all", "mask"),
    }
    for play in runners.values():
        play(2)
    best = dict.fromkeys(runners, 0.0)
    for _ in range(args.rounds):
        for label, play in runners.items():
            start = time.process_time()
            play(args.games)
            best[label] = max(best[label], args.games / (time.process_time() - start))
    engine = best["engine"]
    print(f"| {args.game}, {args.players} players | games/s | share | ms/game |")
    print("| --- | --- | --- | --- |")
    for label, rate in best.items():
        print(f"| {label} | {rate:,.1f} | {rate / engine:.0%} | {1e3 / rate:.2f} |")


if __name__ == "__main__":
    main()
