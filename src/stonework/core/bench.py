"""Engine speed measurement behind ``stonework bench``: random complete games on one core.

Figures are per second of wall time, measured in this process; run on an idle machine and
compare as ratios.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from stonework.core.registry import get_game
from stonework.core.rng import derive_rng
from stonework.core.state import CHANCE, State


@dataclass
class BenchResult:
    """What one benchmark run measured."""

    game: str
    players: int
    options: dict[str, Any]
    seconds: float
    games: int
    games_per_second: float
    decisions: int
    decisions_per_second: float
    chance_per_game: float
    mean_length: float
    mean_legal_actions: float
    legal_actions_us: float
    apply_us: float
    clone_us: float

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form (``stonework bench --json``)."""
        return asdict(self)


def bench(
    name: str,
    players: int | None = None,
    seconds: float = 5.0,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    **options: object,
) -> BenchResult:
    """Play random complete games for about ``seconds`` and time the protocol's hot calls.

    ``progress`` is called with the fraction of the time budget used, after each game.
    """
    spec = get_game(name)
    count = spec.default_players if players is None else players
    resolved = spec.options.resolve(name, options)
    rng = derive_rng(seed, "bench", name, count)
    games = decisions = chance = steps = branching = 0
    t_legal = t_apply = t_clone = 0.0
    n_clone = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        state: State = spec.new_state(count, dict(resolved))
        while not state.is_terminal:
            if state.current_player == CHANCE:
                action = state.sample_chance(rng)
                chance += 1
            else:
                t0 = clock()
                actions = state.legal_actions()
                t_legal += clock() - t0
                branching += len(actions)
                action = actions[rng.randrange(len(actions))]
                decisions += 1
                if decisions % 16 == 0:
                    t0 = clock()
                    state.clone()
                    t_clone += clock() - t0
                    n_clone += 1
            t0 = clock()
            state.apply_unchecked(action)
            t_apply += clock() - t0
            steps += 1
        games += 1
        now = clock()
        if progress is not None:
            progress(min(1.0, (now - start) / seconds))
        if now >= deadline:
            break
    elapsed = clock() - start
    return BenchResult(
        game=name,
        players=count,
        options=dict(resolved),
        seconds=round(elapsed, 3),
        games=games,
        games_per_second=round(games / elapsed, 2),
        decisions=decisions,
        decisions_per_second=round(decisions / elapsed, 1),
        chance_per_game=round(chance / games, 2),
        mean_length=round(steps / games, 2),
        mean_legal_actions=round(branching / max(1, decisions), 2),
        legal_actions_us=round(1e6 * t_legal / max(1, decisions), 2),
        apply_us=round(1e6 * t_apply / max(1, steps), 2),
        clone_us=round(1e6 * t_clone / max(1, n_clone), 2),
    )
