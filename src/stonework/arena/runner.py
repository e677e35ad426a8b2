"""Running a match: the games in parallel (a local process pool, or Ray), then the statistics.

Each game depends only on its :class:`~stonework.arena.match.Table` (seeds included), so the
results are the same whatever the number of workers or where they run, as long as the agents'
budgets are in iterations (a budget in seconds depends on the machine's speed).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stonework.arena.match import GameResult, Table, load_plugins, play_table, schedule
from stonework.arena.stats import EntrySummary, summarize
from stonework.core.registry import get_game

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) after each game."""


@dataclass
class MatchConfig:
    """What to play: the game, the agents (text specs), how many games, the seed, where."""

    game: str
    agents: list[str]
    games: int
    seed: int
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    workers: int = 1
    ray_address: str | None = None
    plugins: tuple[str, ...] = ()

    def table_size(self) -> int:
        """Players at the table: as given, else one seat per agent."""
        return self.players if self.players is not None else len(self.agents)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form."""
        data = dict(self.__dict__)
        data["players"] = self.table_size()
        data["plugins"] = list(self.plugins)
        return data


@dataclass
class MatchResult:
    """A finished match: its config, every game and the per-agent summary."""

    config: MatchConfig
    labels: list[str]
    games: list[GameResult]
    summary: list[EntrySummary]

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form (what ``results.json`` holds)."""
        return {
            "format": 1,
            "config": self.config.to_json(),
            "agents": self.labels,
            "summary": [entry.to_json() for entry in self.summary],
            "games": [game.to_json() for game in self.games],
        }

    def write_json(self, path: Path) -> Path:
        """Write the results as JSON."""
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        return path


def entry_labels(specs: list[str]) -> list[str]:
    """Distinct labels for the entries: the spec, numbered when the same spec comes twice.

    >>> entry_labels(["mcts", "random", "mcts"])
    ['mcts', 'random', 'mcts#2']
    """
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def validate(config: MatchConfig) -> None:
    """Check the game, table size, agents and counts before anything runs (clear errors)."""
    from stonework.agents import agent_from_spec

    load_plugins(config.plugins)
    spec = get_game(config.game)
    players = config.table_size()
    if players not in spec.player_counts:
        counts = ", ".join(map(str, spec.player_counts))
        raise ValueError(f"{config.game} is played by {counts} players, not {players}")
    if not config.agents:
        raise ValueError("give at least one agent")
    if len(config.agents) > players:
        raise ValueError(f"{len(config.agents)} agents cannot sit at a table of {players}")
    if config.games < 1:
        raise ValueError("play at least one game")
    if config.workers < 1:
        raise ValueError("use at least one worker")
    spec.options.resolve(config.game, config.options)
    for agent in config.agents:
        agent_from_spec(agent)


def _local(tables: list[Table], workers: int, plugins: tuple[str, ...]) -> Iterator[GameResult]:
    if workers == 1:
        for table in tables:
            yield play_table(table)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn: workers start clean (no inherited threads or locks), the same on every platform.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=start_worker,
        initargs=(plugins, os.getpid()),
    ) as pool:
        futures = [pool.submit(play_table, table) for table in tables]
        for future in as_completed(futures):
            yield future.result()


def start_worker(plugins: tuple[str, ...], parent: int) -> None:
    """Set up a worker process: exit when the match's process dies, then load the plugins."""
    watch_parent(parent)
    load_plugins(plugins)


def watch_parent(parent: int, interval: float = 0.5) -> None:
    """End this process as soon as ``parent`` is no longer its parent (killed, even by SIGKILL).

    A pool's workers are not told when the main process is killed outright: they would play on,
    orphaned, for as long as their games last. A thread polls the parent's id (portable, and
    unlike Linux's PR_SET_PDEATHSIG it does not depend on which thread started the worker).
    """
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(interval)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="stonework-parent-watch", daemon=True).start()


def _ray(tables: list[Table], address: str) -> Iterator[GameResult]:
    import ray

    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(play_table)
    pending = [remote.remote(table) for table in tables]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def run_match(
    config: MatchConfig,
    progress: Progress | None = None,
    done: Sequence[GameResult] = (),
    on_result: Callable[[GameResult], None] | None = None,
) -> MatchResult:
    """Play every game of the match and summarize it (results in game order).

    ``done``: games already played (from a journal); only the others are played.
    ``on_result`` is called with each new game as it finishes (to journal it).
    """
    validate(config)
    players = config.table_size()
    tables = schedule(
        config.game,
        config.agents,
        config.games,
        config.seed,
        players,
        config.options,
        config.plugins,
    )
    results: list[GameResult] = []
    played: set[int] = set()
    for game in done:
        if game.index in played:
            raise ValueError(f"game {game.index} is given twice among the games already played")
        if 0 <= game.index < len(tables):
            results.append(game)
            played.add(game.index)
    tables = [table for table in tables if table.index not in played]
    total = len(tables) + len(results)
    if progress is not None and results:
        progress(len(results), total)
    if config.ray_address is not None:
        stream = _ray(tables, config.ray_address)
    else:
        stream = _local(tables, config.workers, config.plugins)
    for result in stream:
        results.append(result)
        if on_result is not None:
            on_result(result)
        if progress is not None:
            progress(len(results), total)
    results.sort(key=lambda r: r.index)
    labels = entry_labels(config.agents)
    summary = summarize(results, labels, config.agents, players, config.seed)
    return MatchResult(config, labels, results, summary)
