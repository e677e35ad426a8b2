"""What the adapters cost: random games through OpenSpiel and PettingZoo against the bare engine.

``python -m stonework.interop.bench aztec --players 2 --games 5 [--rounds 3]`` prints games
per CPU-second (after one warm-up game each) for the engine (``apply`` with checks), the
engine with nothing checked (``apply_unchecked``, as a search's playout), the OpenSpiel state,
and the PettingZoo environment, all playing uniformly random legal actions from the same
seeds. (For a game with a compact layout, PettingZoo's v1, the env's default, and v0, the
game's tensor, both run.) The PettingZoo env checks no move it can prove legal itself: an id
its own mask lists, a chance outcome the engine drew. So it sits between the two engine rows,
and its share of each is what ``benchmarks/interop_ratio.py`` prints.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from stonework.core import GameSpec, get_game, make_rng

Play = Callable[[int], None]
"""Plays that many random games (the game or env is built beforehand, outside the timing)."""


def _engine_games(spec: GameSpec, players: int) -> Play:
    def play(games: int) -> None:
        for seed in range(games):
            rng = make_rng(seed)
            state = spec.new_state(players, spec.options.defaults())
            while not state.is_terminal:
                state.apply(state.random_action(rng))

    return play


def _engine_unchecked_games(spec: GameSpec, players: int) -> Play:
    # The engine's own fastest random game (a search's playout): nothing checked.
    def play(games: int) -> None:
        for seed in range(games):
            rng = make_rng(seed)
            state = spec.new_state(players, spec.options.defaults())
            while not state.is_terminal:
                state.apply_unchecked(state.random_action(rng))

    return play


def _openspiel_games(spec: GameSpec, players: int) -> Play:
    import stonework.interop.openspiel as sw_spiel

    game = sw_spiel.load_game(sw_spiel.register(spec), players=players)
    return lambda games: _openspiel_play(game, games)


def _openspiel_play(game: Any, games: int) -> None:
    for seed in range(games):
        rng = make_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, odds)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def _pettingzoo_games(spec: GameSpec, players: int) -> Play:
    from stonework.interop.pettingzoo import env

    aec = env(spec, players=players)
    return lambda games: _pettingzoo_play(aec, games)


def _pettingzoo_v0_games(spec: GameSpec, players: int) -> Play:
    from stonework.interop.pettingzoo import env

    aec = env(spec, players=players, version="v0")
    return lambda games: _pettingzoo_play(aec, games)


def _pettingzoo_play(aec: Any, games: int) -> None:
    import numpy as np

    for seed in range(games):
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
            else:
                # This loop stands for a learner, not for the env, so it draws as cheaply as
                # numpy can: the int8 mask (PettingZoo's habit) read as bools (numpy finds their
                # nonzeros 10x faster) and an index drawn directly (Generator.choice costs 7x more).
                legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
                aec.step(int(legal[rng.integers(legal.size)]))


Runner = Callable[[GameSpec, int], Play]
RUNNERS: tuple[tuple[str, Runner], ...] = (
    ("engine (checked apply)", _engine_games),
    ("engine (unchecked)", _engine_unchecked_games),
    ("OpenSpiel state", _openspiel_games),
    ("PettingZoo AEC env", _pettingzoo_games),
)


def rates(spec: GameSpec, players: int, games: int, rounds: int = 1) -> dict[str, float]:
    """Random games per CPU-second for the engine and each adapter, each after a warm-up game.

    With several ``rounds`` the runners take turns, round by round, and each keeps its best
    round: on a shared machine a burst of load then hits one round, not one runner.
    """
    plays = {}
    runners = list(RUNNERS)
    if spec.compact_writer is not None:
        # The env's latest version is the compact layout; v0 (the tensor) runs beside it.
        runners[-1] = ("PettingZoo AEC env (v1)", _pettingzoo_games)
        runners.append(("PettingZoo AEC env (v0)", _pettingzoo_v0_games))
    for label, prepare in runners:
        plays[label] = play = prepare(spec, players)
        play(1)  # warm-up: one-time set-up (tables, caches) is not what a game costs
    out = dict.fromkeys(plays, 0.0)
    for _ in range(rounds):
        for label, play in plays.items():
            start = time.process_time()
            play(games)
            out[label] = max(out[label], games / (time.process_time() - start))
    return out


def main(argv: list[str] | None = None) -> None:
    """Print games per second for the engine and each adapter."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument(
        "--rounds", type=int, default=1, help="runners take turns this many times; best of each"
    )
    args = parser.parse_args(argv)
    spec = get_game(args.game)
    players = spec.default_players if args.players is None else args.players
    rounds = f", best of {args.rounds} rounds" if args.rounds > 1 else ""
    print(f"{args.game}, {players} players, {args.games} random games each{rounds}")
    for label, rate in rates(spec, players, args.games, args.rounds).items():
        print(f"  {label:24} {rate:8.2f} games/s")


if __name__ == "__main__":
    main()
