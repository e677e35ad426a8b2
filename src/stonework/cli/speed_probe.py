"""One speed measurement of the stonework on ``sys.path``, printed as one JSON line.

Run as a script by :mod:`stonework.cli.revisions` once per revision (``python -P`` with
``PYTHONPATH=<tree>/src``, so that the measured tree is imported, not this one; the script is
never imported as part of the package), so it uses only
the protocol every revision since 2026-11-30 has: ``get_game``, ``new_state``, ``random_action``,
``apply_unchecked``, ``MCTSAgent``, ``GreedyAgent`` and ``Budget``. Time is CPU time of this
process (``time.process_time``), so a loaded machine slows the wall clock, not the figure.

    python -P src/stonework/cli/speed_probe.py KIND GAME PLAYERS SECONDS [KEY=VALUE ...]

KIND is ``random`` (random complete games: games and decisions per CPU-second), ``mcts`` (the
game's default search on the positions of a seeded random game: simulations per CPU-second) or
``greedy`` (games between greedy players: games and decisions per CPU-second). ``KEY=VALUE``
are game options, read by the measured tree's own ``parse_pairs`` (default: none given).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stonework.core.options import OptionValue
    from stonework.core.registry import GameSpec

OPTIONS: list[str] = []
"""The game options of this run (``KEY=VALUE``), set by :func:`main`."""


def _options(spec: GameSpec, game: str) -> dict[str, OptionValue]:
    """The measured tree's options for ``game``: its defaults with :data:`OPTIONS` read in."""
    return spec.options.resolve(game, spec.options.parse_pairs(game, OPTIONS))


def _random(game: str, players: int, seconds: float) -> dict[str, float]:
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    spec = get_game(game)
    rng = random.Random(1)
    games = decisions = 0
    start = time.process_time()
    while True:
        state = spec.new_state(players, _options(spec, game))
        while not state.is_terminal:
            if state.current_player != CHANCE:
                decisions += 1
            state.apply_unchecked(state.random_action(rng))
        games += 1
        used = time.process_time() - start
        if used >= seconds:
            return {"games_per_s": games / used, "decisions_per_s": decisions / used}


def _positions(game: str, players: int, count: int) -> list[object]:
    """``count`` decision positions spread over one seeded random game (fixed per game)."""
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    spec = get_game(game)
    rng = random.Random(7)
    state = spec.new_state(players, _options(spec, game))
    seen = []
    while not state.is_terminal:
        if state.current_player != CHANCE and len(state.legal_actions()) > 1:
            seen.append(state.clone())
        state.apply_unchecked(state.random_action(rng))
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def _mcts(game: str, players: int, seconds: float) -> dict[str, float]:
    from stonework.agents.base import Budget
    from stonework.agents.mcts import MCTSAgent

    positions = _positions(game, players, 8)
    agent = MCTSAgent(Budget(iterations=100_000, seconds=seconds / len(positions) / 2))
    agent.stop_early = False
    sims = 0
    used = 0.0
    rounds = 0
    while used < seconds:
        for i, state in enumerate(positions):
            start = time.process_time()
            agent.act(state, random.Random(i + 100 * rounds))  # type: ignore[arg-type]
            used += time.process_time() - start
            sims += agent.last_iterations
        rounds += 1
    return {"sims_per_s": sims / used}


def _greedy(game: str, players: int, seconds: float) -> dict[str, float]:
    from stonework.agents.simple import GreedyAgent
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    spec = get_game(game)
    agent = GreedyAgent()
    rng = random.Random(3)
    games = decisions = 0
    start = time.process_time()
    while True:
        state = spec.new_state(players, _options(spec, game))
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply_unchecked(state.random_action(rng))
            else:
                state.apply_unchecked(agent.act(state, rng))
                decisions += 1
        games += 1
        used = time.process_time() - start
        if used >= seconds:
            return {"games_per_s": games / used, "decisions_per_s": decisions / used}


KINDS = {"random": _random, "mcts": _mcts, "greedy": _greedy}


def main(argv: list[str]) -> None:
    """Measure one KIND GAME PLAYERS SECONDS and print the figures as JSON."""
    kind, game, players, seconds = argv[0], argv[1], int(argv[2]), float(argv[3])
    OPTIONS[:] = argv[4:]
    print(json.dumps(KINDS[kind](game, players, seconds)))


if __name__ == "__main__":
    main(sys.argv[1:])
