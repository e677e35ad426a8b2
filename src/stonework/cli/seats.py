"""Who sits at each seat of a terminal game: a person at the keyboard or an AI player.

``human`` and ``random`` are always available. Any other name is handed to
``stonework.agents.make_agent`` when that package is installed (it is written separately, so it
is imported lazily and its absence is not an error until someone asks for one of its players).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from stonework.core import Action, Rng, State, StoneworkError

HUMAN = "human"
RANDOM = "random"
BUILT_IN = (HUMAN, RANDOM)


class SeatError(StoneworkError):
    """A seat list that does not fit the game (unknown seat type, wrong number of seats)."""


class Agent(Protocol):
    """What the terminal needs from an AI player of ``stonework.agents``."""

    def act(self, state: State, rng: Rng) -> Action: ...


class RandomAgent:
    """Plays a uniformly random legal action (needs nothing from ``stonework.agents``)."""

    def act(self, state: State, rng: Rng) -> Action:
        return state.random_action(rng)


def _agents_module() -> Any | None:
    try:
        return importlib.import_module("stonework.agents")
    except ImportError:
        return None


def agent_catalog() -> list[tuple[str, str]]:
    """(name, summary) of the AI players ``stonework.agents`` offers (empty when not installed)."""
    agents = _agents_module()
    if agents is None:
        return []
    listing = getattr(agents, "list_agents", None)
    if callable(listing):
        return [(str(item[0]), str(item[1])) for item in listing()]
    names = getattr(agents, "AGENTS", {})
    return [(str(name), "") for name in names]


def agent_names() -> list[str]:
    """The names of the AI players ``stonework.agents`` offers."""
    return [name for name, _ in agent_catalog()]


def seat_types() -> list[str]:
    """Every seat type a player may name in ``--seats``."""
    return [*BUILT_IN, *(name for name in agent_names() if name not in BUILT_IN)]


def seat_types_text() -> str:
    """The seat types in words, for help text and errors."""
    text = ", ".join(seat_types())
    if _agents_module() is None:
        text += " (the AI players of stonework.agents are not installed)"
    return text


@dataclass
class Seat:
    """One seat: its type name and, for AI seats, the agent that plays it."""

    kind: str
    agent: Agent | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def make_seat(kind: str) -> Seat:
    """The seat for a type name; unknown names fail with the list of seat types."""
    kind = kind.strip().lower()
    if kind == HUMAN:
        return Seat(HUMAN)
    if kind == RANDOM:
        return Seat(RANDOM, RandomAgent())
    agents = _agents_module()
    base = kind.partition(":")[0]
    if agents is None or not hasattr(agents, "make_agent") or base not in agent_names():
        raise SeatError(f"unknown seat type {kind!r}; the seat types are: {seat_types_text()}")
    try:
        if ":" in kind and hasattr(agents, "agent_from_spec"):
            # Settings after the name, as the arena writes them: mcts:0.5s, flatmc:300.
            agent = agents.agent_from_spec(kind)
        else:
            agent = agents.make_agent(kind)
    except (KeyError, TypeError, ValueError) as exc:
        raise SeatError(f"seat type {kind!r}: {exc}") from None
    return Seat(kind, agent)


def default_seat_kinds(players: int) -> list[str]:
    """One person against random players."""
    return [HUMAN] + [RANDOM] * (players - 1)


def parse_seat_kinds(text: str | None) -> list[str] | None:
    """Split ``human,random,...`` into seat type names (``None`` when not given)."""
    if text is None:
        return None
    kinds = [part.strip().lower() for part in text.split(",")]
    if not all(kinds):
        raise SeatError(f"seats {text!r}: write the seat types separated by commas, no blanks")
    return kinds


def make_seats(kinds: list[str], players: int) -> list[Seat]:
    """Seats for every player; the count must match the game's."""
    if len(kinds) != players:
        raise SeatError(
            f"{len(kinds)} seat(s) given ({','.join(kinds)}) for {players} players; "
            "give one seat type per player"
        )
    return [make_seat(kind) for kind in kinds]
