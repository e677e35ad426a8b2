"""The game registry: each game declares its metadata once and registers itself on import.

``core`` never imports a game; :mod:`stonework.games` imports every game package, and each
package calls :func:`register` with its :class:`GameSpec`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stonework.core.action_fields import describe_value
from stonework.core.errors import InvalidPosition, UnknownGame, UnknownOption
from stonework.core.options import OptionSet, OptionValue
from stonework.core.rng import make_rng
from stonework.core.state import CHANCE, State

NewState = Callable[[int, dict[str, OptionValue]], State]
FromPosition = Callable[[str], State]


@dataclass(frozen=True)
class SearchDefaults:
    """The tree-search settings a game is measured to play best with (see BENCHMARKS.md).

    The agents read them (``stonework.agents.tuning``) where a caller sets nothing; the game
    declares them, so no other layer needs to know which game wants what.
    """

    playout_depth: int | None = None
    """Decisions played before the heuristic judges a leaf (``None``: play to the end)."""
    playout_greedy: float = 0.0
    """The share of playout decisions that are greedy-biased (best of ``playout_sample``)."""
    playout_sample: int = 4
    """Random candidates a greedy-biased playout decision compares by one ply."""
    playout_leaf: bool = False
    """Judge a cut-off playout by the game's search estimate (``State.leaf_heuristic``)."""
    expand: int = 0
    """Candidates compared by one ply when a node below the root adds a child (0: random)."""
    exploration: float = 1.0
    """UCT's exploration constant, on the scale of the game's values ([-1, 1])."""
    rank_after: int = 0
    """Visits after which a node below the root ranks all its actions by one ply (0: never)."""
    values: str | None = None
    """What each seat backs up: ``lead``, ``field`` (``None``: the agents' default by count)."""
    temperature: float | None = None
    """Softness of ``field`` values (``None``: the agents' default)."""
    replies: int = 0
    """Most children of a node where another seat than the searching one moves (0: no cap)."""
    reply_expand: int = 0
    """Candidates compared by one ply for such a node's new child (0: as ``expand``)."""
    by_players: tuple[tuple[int, SearchDefaults], ...] = ()
    """Whole replacements for some player counts, measured there: ``((3, SearchDefaults(...)),)``."""

    def for_players(self, players: int | None) -> SearchDefaults:
        """The settings at ``players`` seats: a replacement declared for that count, else these."""
        for count, settings in self.by_players:
            if count == players:
                return settings
        return self


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about a game before any state exists (like OpenSpiel's GameType)."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    default_players: int
    options: OptionSet
    has_chance: bool
    hidden_information: bool
    summary: str
    new_state: NewState
    from_position: FromPosition
    search: SearchDefaults = SearchDefaults()
    array_writer: Callable[[], object] | None = None
    """Makes the game's own observation-array writer for the learning adapters (None: theirs).

    The adapters (``stonework.interop.arrays``) call it once per environment; the object it
    returns fills numpy arrays the way ``stonework.interop.arrays.ArrayWriter`` describes,
    faster than from ``observation_tensor`` (kept blocks, numpy). The factory imports numpy
    lazily: playing never needs it.
    """
    compact_writer: Callable[[], object] | None = None
    """Makes the writer of the game's compact observation, the PettingZoo env's version 1
    (``<game>_v1``), where the game has one (None: the env has only version 0).

    Besides the hooks of ``array_writer``, the object gives ``dtype``, ``shape(state)``,
    ``bounds(state)`` and ``reference(state, player)`` of its layout
    (``stonework.interop.arrays.Layout``).
    """

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON metadata (``stonework games --json``, the server's game list)."""
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.player_counts),
            "default_players": self.default_players,
            "has_chance": self.has_chance,
            "hidden_information": self.hidden_information,
            "options": [spec.to_json() for spec in self.options.specs],
        }


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (called once by each game package)."""
    existing = _GAMES.get(spec.name)
    if existing is not None and existing is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove a game from the registry (for tests that register toy games for a while)."""
    _GAMES.pop(name, None)


def _ensure_loaded() -> None:
    # Imported lazily so that core does not depend on the games at import time.
    import importlib

    importlib.import_module("stonework.games")


def list_games() -> list[GameSpec]:
    """Every registered game, by name."""
    _ensure_loaded()
    return [_GAMES[name] for name in sorted(_GAMES)]


def get_game(name: str) -> GameSpec:
    """The spec of a registered game; unknown names fail with the list of valid ones."""
    _ensure_loaded()
    spec = _GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        valid = ", ".join(sorted(_GAMES)) or "(none)"
        raise UnknownGame(f"no game named {describe_value(name)}; the games are: {valid}")
    return spec


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    **options: object,
) -> State:
    """A new game of ``name`` for ``players`` seats with ``options`` (the rest at their defaults).

    With a ``seed``, the setup's chance nodes (first reveals, deals) are resolved with a generator
    seeded by it, so the state returned waits for the first decision. Without one, the state is
    returned at its first chance node, ready for outcomes entered one by one.
    """
    spec = get_game(name)
    count = player_count(spec, spec.default_players if players is None else players)
    resolved = spec.options.resolve(name, options)
    state = spec.new_state(count, resolved)
    if seed is not None:
        rng = make_rng(seed)
        while state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
    return state


def player_count(spec: GameSpec, players: object) -> int:
    """``players`` checked exactly: an int (not a bool or a float) the game is played by."""
    if type(players) is not int or players not in spec.player_counts:
        allowed = ", ".join(str(n) for n in spec.player_counts)
        raise UnknownOption(
            f"{spec.name} is played by {allowed} players, not {describe_value(players)}"
        )
    return players


MAX_POSITION_CHARS = 1 << 16
"""Longer position strings are refused before any game reads them (real ones are a few kB)."""


def from_position(name: str, position: str) -> State:
    """Build a state of game ``name`` from its position string; InvalidPosition if it is bad."""
    if not isinstance(position, str):
        raise InvalidPosition(f"a position is text, not {type(position).__name__}")
    if len(position) > MAX_POSITION_CHARS:
        raise InvalidPosition(f"a position string is at most {MAX_POSITION_CHARS} characters")
    return get_game(name).from_position(position)
