"""Toy games and rigged agents for the agent and arena tests (not registered by default).

- ``nim``: perfect information, no chance. Heaps of stones; a move takes 1..3 stones from one
  heap; whoever takes the last stone wins. Small enough that search should find the winning
  reply and random play should not.
- ``highcard``: each seat in turn names a number 0..9; the highest number wins, ties share.
  With the rigged agents ``always9`` and ``always0`` the outcome of every game is known, so the
  arena's statistics can be checked exactly.

:func:`install` registers both games and both agents; the arena calls it in its worker processes
(``plugins=["agent_toys:install"]``), and the tests register them with ``monkeypatch`` so that
nothing leaks into other test modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stonework.agents.base import Agent, check_turn
from stonework.agents.catalog import AGENTS, AgentKind
from stonework.core import (
    JSON,
    TERMINAL,
    Action,
    GameSpec,
    InvalidAction,
    InvalidPosition,
    OptionSet,
    OptionSpec,
    OptionValue,
    Rng,
    Score,
    State,
    registry,
)


@dataclass(frozen=True)
class NimTake:
    heap: int
    stones: int

    def __str__(self) -> str:
        return f"{self.heap}-{self.stones}"


class NimState(State):
    def __init__(self, players: int, options: dict[str, OptionValue]) -> None:
        self.num_players = players
        self.options = dict(options)
        self.history = []
        self.heaps = [int(h) for h in str(options["heaps"]).split(",")]
        self.turn = 0
        self.winner = -1

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.turn

    def legal_actions(self) -> list[Action]:
        if self.winner >= 0:
            return []
        return [NimTake(h, k) for h, size in enumerate(self.heaps) for k in (1, 2, 3) if k <= size]

    def is_action(self, value: object) -> bool:
        return (
            isinstance(value, NimTake)
            and 0 <= value.heap < len(self.heaps)
            and value.stones in (1, 2, 3)
        )

    def _apply(self, action: Action) -> None:
        assert isinstance(action, NimTake)
        self.heaps[action.heap] -= action.stones
        if not any(self.heaps):
            self.winner = self.turn
        self.turn = (self.turn + 1) % self.num_players

    def parse_action(self, text: str) -> Action:
        try:
            heap, stones = (int(x) for x in text.split("-"))
        except ValueError:
            raise InvalidAction(f"{text!r} is not HEAP-STONES") from None
        action = NimTake(heap, stones)
        if not self.is_action(action):
            raise InvalidAction(f"{text!r} is not a nim move")
        return action

    def num_distinct_actions(self) -> int:
        return 3 * len(self.heaps)

    def action_id(self, action: Action) -> int:
        assert isinstance(action, NimTake)
        return 3 * action.heap + action.stones - 1

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < self.num_distinct_actions():
            raise InvalidAction(f"bad id {action_id}")
        return NimTake(action_id // 3, action_id % 3 + 1)

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        other.num_players = self.num_players
        other.options = self.options
        other.history = list(self.history)
        other.heaps = list(self.heaps)
        other.turn = self.turn
        other.winner = self.winner
        return other

    def position(self) -> str:
        heaps = ",".join(map(str, self.heaps))
        return f"{self.num_players};{self.options['heaps']};{heaps};{self.turn};{self.winner}"

    def scores(self) -> list[Score]:
        return [Score(1 if seat == self.winner else 0) for seat in range(self.num_players)]

    def observation(self, player: int | None) -> dict[str, JSON]:
        return {"heaps": list(self.heaps), "turn": self.turn, "winner": self.winner}

    def to_text(self, perspective: int | None = None) -> str:
        return " ".join(map(str, self.heaps))

    def to_svg(self, perspective: int | None = None) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


def _nim_from_position(text: str) -> NimState:
    try:
        players, start, heaps, turn, winner = text.split(";")
        state = NimState(int(players), {"heaps": start})
        state.heaps = [int(h) for h in heaps.split(",")]
        state.turn, state.winner = int(turn), int(winner)
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    return state


NIM = GameSpec(
    name="nim",
    title="Nim (test toy)",
    player_counts=(2, 3),
    default_players=2,
    options=OptionSet((OptionSpec("heaps", "str", "3,4,5", "heap sizes, comma-separated"),)),
    has_chance=False,
    hidden_information=False,
    summary="Take 1-3 stones from a heap; the last stone wins.",
    new_state=lambda n, opts: NimState(n, opts),
    from_position=_nim_from_position,
)
NimState.spec = NIM


@dataclass(frozen=True)
class Name:
    number: int

    def __str__(self) -> str:
        return str(self.number)


class HighcardState(State):
    def __init__(self, players: int, options: dict[str, OptionValue]) -> None:
        self.num_players = players
        self.options = dict(options)
        self.history = []
        self.named: list[int] = []

    @property
    def current_player(self) -> int:
        return TERMINAL if len(self.named) == self.num_players else len(self.named)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal else [Name(k) for k in range(10)]

    def is_action(self, value: object) -> bool:
        return isinstance(value, Name) and 0 <= value.number <= 9

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Name)
        self.named.append(action.number)

    def parse_action(self, text: str) -> Action:
        if not (text.isdigit() and len(text) == 1):
            raise InvalidAction(f"{text!r} is not 0..9")
        return Name(int(text))

    def num_distinct_actions(self) -> int:
        return 10

    def action_id(self, action: Action) -> int:
        assert isinstance(action, Name)
        return action.number

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < 10:
            raise InvalidAction(f"bad id {action_id}")
        return Name(action_id)

    def clone(self) -> HighcardState:
        other = HighcardState(self.num_players, self.options)
        other.history = list(self.history)
        other.named = list(self.named)
        return other

    def position(self) -> str:
        return f"{self.num_players};{','.join(map(str, self.named))}"

    def scores(self) -> list[Score]:
        return [
            Score(self.named[seat] if seat < len(self.named) else 0)
            for seat in range(self.num_players)
        ]

    def observation(self, player: int | None) -> dict[str, JSON]:
        return {"named": list(self.named)}

    def to_text(self, perspective: int | None = None) -> str:
        return str(self.named)

    def to_svg(self, perspective: int | None = None) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


def _highcard_from_position(text: str) -> HighcardState:
    try:
        players, named = text.split(";")
        state = HighcardState(int(players), {})
        state.named = [int(k) for k in named.split(",") if k]
    except ValueError as exc:
        raise InvalidPosition(str(exc)) from None
    return state


HIGHCARD = GameSpec(
    name="highcard",
    title="Highcard (rigged test toy)",
    player_counts=(2, 3, 4),
    default_players=2,
    options=OptionSet(()),
    has_chance=False,
    hidden_information=False,
    summary="Name a number; the highest wins.",
    new_state=lambda n, opts: HighcardState(n, opts),
    from_position=_highcard_from_position,
)
HighcardState.spec = HIGHCARD


class Always(Agent):
    """Names the same number every time (or the nearest legal action in another game)."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.name = f"always{number}"

    def act(self, state: State, rng: Rng) -> Action:
        check_turn(state)
        return Name(self.number)


def _always(number: int) -> Any:
    def build(**kw: Any) -> Agent:
        return Always(number)

    return build


TOY_AGENTS = [
    AgentKind("always9", "rigged: names 9", _always(9)),
    AgentKind("always0", "rigged: names 0", _always(0)),
]
TOY_GAMES = [NIM, HIGHCARD]


def install() -> None:
    """Register the toy games and rigged agents in this process (idempotent)."""
    for spec in TOY_GAMES:
        if registry._GAMES.get(spec.name) is not spec:
            registry.register(spec)
    for kind in TOY_AGENTS:
        AGENTS.setdefault(kind.name, kind)
