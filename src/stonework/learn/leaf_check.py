"""Choosing a leaf network by play: a short match of each candidate against ``hard``.

The fit keeps, unless told otherwise, the epoch whose network judges the validation games best.
That did not pick the network that guides the search best: at four-player Zapotec the epoch-3
network of 1,500 teacher games judged the held-out games better than the epoch-1 network of the
same games and played clearly worse in ``hard``'s search (BENCHMARKS.md, "Zapotec 4p: 1,500
teacher games fit better and play worse"). A search asks its leaf value about positions the
teacher rarely reached, so the error on the teacher's own positions is a weak guide.

``stonework leafnet --check-games N`` therefore plays each candidate epoch's network in
``hard``'s search, in one seat against ``hard`` in every other, at equal CPU time a move
(``time.process_time``, so a loaded machine tilts nothing), and keeps the candidate that was
ahead of the ``hard`` seats most often. Every candidate plays the same N games (the same seeds
and seats), so the comparison is not blurred by some candidates drawing easier deals. The
games go over the run's workers or Ray cluster (:mod:`.pool`). Nothing here needs numpy but
the networks themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

CHECK_STREAM: Final = 50_021
"""Check game ``g`` of a run of seed ``S`` is seeded from ``CHECK_STREAM + S + g``: other games
than the teacher's (those start at 30,000), the same for every candidate."""


@dataclass(frozen=True)
class CheckGame:
    """One game of a check (a task for the workers): the candidate's file, its seat, the game's
    seed, the CPU seconds a move, and the search settings beside the network (``depth=0``...)."""

    game: str
    players: int
    network: str
    seat: int
    seed: int
    seconds: float
    settings: str = ""


def play_check_game(task: CheckGame) -> dict[str, Any]:
    """One game of the candidate (``hard`` with its network) against ``hard`` in the other
    seats: the candidate's seat, the scores and the returns (ranks, ties broken by the rules)."""
    from stonework.agents.catalog import cpu_timed
    from stonework.agents.leaf_values import load_leaf_value
    from stonework.learn.leaf_games import play_to_end, start

    spec = "hard" + (f":{task.settings}" if task.settings else "")
    candidate = cpu_timed(spec, task.seconds)
    # Set after building, not as ``leafnet=PATH`` in the spec: a path may hold a ":".
    candidate.leaf_value = load_leaf_value(task.network)
    agents = [
        candidate if seat == task.seat else cpu_timed("hard", task.seconds)
        for seat in range(task.players)
    ]
    state = play_to_end(start(task.seed, task.game, task.players), agents, task.seed)
    return {
        "seat": task.seat,
        "scores": [float(score.total) for score in state.scores()],
        "returns": [float(r) for r in state.returns()],
    }


@dataclass(frozen=True)
class CheckResult:
    """How one candidate did: the share of ``hard`` seats it finished ahead of (ties half; the
    game's mean, then the mean over games, with the standard error between games), the share
    of games it finished first in (ties split), and its score less the mean ``hard`` seat's."""

    epoch: int
    games: int
    ahead: float
    ahead_se: float
    first: float
    margin: float


def summarise(epoch: int, rows: list[dict[str, Any]]) -> CheckResult:
    """A candidate's :class:`CheckResult` from its games (rows of :func:`play_check_game`)."""
    ahead, first, margin = [], [], []
    for row in rows:
        seat, returns, scores = row["seat"], row["returns"], row["scores"]
        others = [k for k in range(len(returns)) if k != seat]
        own = returns[seat]
        beaten = [1.0 if own > returns[k] else 0.5 if own == returns[k] else 0.0 for k in others]
        ahead.append(sum(beaten) / len(others))
        best = max(returns)
        first.append(1.0 / returns.count(best) if own == best else 0.0)
        margin.append(scores[seat] - sum(scores[k] for k in others) / len(others))
    n = len(rows)
    mean = sum(ahead) / n
    spread = sum((a - mean) ** 2 for a in ahead) / (n - 1) if n > 1 else 0.0
    return CheckResult(epoch, n, mean, (spread / n) ** 0.5, sum(first) / n, sum(margin) / n)


def check_candidates(
    candidates: dict[int, str],
    game: str,
    players: int,
    games: int,
    seconds: float,
    seed: int,
    settings: str = "",
    workers: int = 1,
    ray: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[CheckResult]:
    """Each candidate (epoch: network file) over the same ``games`` games against ``hard``, the
    candidate in seat ``g % players`` of game ``g``; the results in the candidates' order."""
    if games < 1:
        raise ValueError("a check plays at least one game a candidate")
    if not seconds > 0:
        raise ValueError("a check needs more than 0 CPU seconds a move")
    epochs = list(candidates)
    tasks = [
        CheckGame(
            game,
            players,
            candidates[epoch],
            g % players,
            CHECK_STREAM + seed + g,
            seconds,
            settings,
        )
        for epoch in epochs
        for g in range(games)
    ]
    from stonework.learn.pool import run_tasks

    rows = run_tasks(play_check_game, tasks, workers, ray, progress)
    return [summarise(epoch, rows[k * games : (k + 1) * games]) for k, epoch in enumerate(epochs)]


def best_candidate(results: list[CheckResult]) -> CheckResult:
    """The candidate ahead of the ``hard`` seats most often; on a tie the one of more points
    over them, then the earliest epoch (the least fitted)."""
    return max(results, key=lambda r: (r.ahead, r.margin, -r.epoch))
