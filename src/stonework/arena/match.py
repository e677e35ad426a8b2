"""One arena game: the seating, the seeds, and playing it out with the agents.

A :class:`Table` is everything a worker needs to play one game, as plain data (agent specs as
text, seeds as ints), so it travels to a process pool or a Ray cluster unchanged and the game
comes out the same wherever it is played.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, field
from typing import Any

from stonework.core.registry import new_game
from stonework.core.rng import derive_rng, derive_seed


@dataclass(frozen=True)
class Table:
    """One game to play: who sits where and the seeds that fix its chance and the agents' choices."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    seat_entries: tuple[int, ...]
    """For each seat, the index of the entry (agent spec) sitting there."""
    specs: tuple[str, ...]
    """Every entry's agent spec, by entry index."""
    deal_seed: int
    agent_seed: int
    plugins: tuple[str, ...] = ()


@dataclass
class GameResult:
    """What one game produced (plain data, stored in the results JSON)."""

    index: int
    seat_entries: list[int]
    scores: list[float]
    ranking: list[int]
    returns: list[float]
    decisions: int
    think_seconds: list[float] = field(default_factory=list)
    """Total thinking time of each seat."""
    max_think_seconds: list[float] = field(default_factory=list)
    """Longest single decision of each seat."""
    moves: list[int] = field(default_factory=list)
    """Decisions taken by each seat."""
    record: dict[str, Any] = field(default_factory=dict)
    """The game record (``stonework.replay`` rebuilds the final position from it)."""

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form."""
        return dict(self.__dict__)


def seating(players: int, entries: int, games: int) -> list[tuple[int, ...]]:
    """Seat rotation: entries fill the seats in turn, and the table rotates one seat per game.

    With as many entries as seats each entry sits in each seat equally often over ``players``
    consecutive games; with fewer (a mixed table: two agents at a four-player table) entries
    repeat around the table and still rotate through every seat.

    >>> seating(2, 2, 4)
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    >>> seating(3, 2, 3)
    [(0, 1, 0), (1, 0, 0), (0, 0, 1)]
    """
    if entries > players:
        raise ValueError(f"{entries} agents cannot sit at a table of {players}")
    base = [i % entries for i in range(players)]
    return [tuple(base[(seat + g) % players] for seat in range(players)) for g in range(games)]


def schedule(
    game: str,
    specs: list[str],
    games: int,
    seed: int,
    players: int,
    options: dict[str, Any] | None = None,
    plugins: tuple[str, ...] = (),
) -> list[Table]:
    """Every table of a match; a full rotation shares one deal (duplicate style, less luck)."""
    return [
        Table(
            index=g,
            game=game,
            players=players,
            options=dict(options or {}),
            seat_entries=seats,
            specs=tuple(specs),
            deal_seed=derive_seed(seed, "deal", g // players),
            agent_seed=derive_seed(seed, "agents", g),
            plugins=plugins,
        )
        for g, seats in enumerate(seating(players, len(specs), games))
    ]


def load_plugins(plugins: tuple[str, ...]) -> None:
    """Call each ``module:function`` (registers extra games or agents in a worker process)."""
    for plugin in plugins:
        module_name, _, function = plugin.partition(":")
        module = importlib.import_module(module_name)
        if function:
            getattr(module, function)()


def play_table(table: Table) -> GameResult:
    """Play one game to the end; an agent's illegal action stops the match with its name."""
    from stonework.agents import agent_from_spec

    load_plugins(table.plugins)
    state = new_game(table.game, players=table.players, seed=table.deal_seed, **table.options)
    agents = [agent_from_spec(table.specs[entry]) for entry in table.seat_entries]
    chance_rng = derive_rng(table.deal_seed, "chance")
    agent_rngs = [derive_rng(table.agent_seed, "seat", seat) for seat in range(table.players)]
    think = [0.0] * table.players
    longest = [0.0] * table.players
    moves = [0] * table.players
    decisions = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(chance_rng))
            continue
        seat = state.current_player
        started = time.perf_counter()
        action = agents[seat].act(state.clone(), agent_rngs[seat])
        spent = time.perf_counter() - started
        think[seat] += spent
        longest[seat] = max(longest[seat], spent)
        moves[seat] += 1
        try:
            state.apply(action)
        except ValueError as exc:
            spec = table.specs[table.seat_entries[seat]]
            raise RuntimeError(
                f"agent {spec!r} at seat {seat} of game {table.index}: {exc}"
            ) from exc
        decisions += 1
    return GameResult(
        index=table.index,
        seat_entries=list(table.seat_entries),
        scores=[float(score.total) for score in state.scores()],
        ranking=list(state.ranking()),
        returns=list(state.returns()),
        decisions=decisions,
        think_seconds=[round(t, 6) for t in think],
        max_think_seconds=[round(t, 6) for t in longest],
        moves=moves,
        record=state.record().to_json(),
    )
