"""A tiny correct game for testing the core and the conformance kit: "secret pile".

Seven stones lie on a pile. First each seat is dealt a secret card 1..4 (chance, hidden from the
others, no two seats the same card). Then seats take turns removing one or two stones. A seat
scores the stones it took plus its card. Small enough to enumerate, with chance and hidden
information, so each deliberately broken subclass in the tests breaks exactly one promise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from stonework.core import (
    CHANCE,
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
)

CARDS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Take:
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


@dataclass(frozen=True)
class Deal:
    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


class PileState(State):
    def __init__(self, players: int, options: dict[str, OptionValue]) -> None:
        self.num_players = players
        self.options = dict(options)
        self.history = []
        self.pile = int(options["pile"])
        self.cards: list[int] = []
        self.taken = [0] * players
        self.turn = 0

    @property
    def current_player(self) -> int:
        if len(self.cards) < self.num_players:
            return CHANCE
        if self.pile == 0:
            return TERMINAL
        return self.turn

    def legal_actions(self) -> list[Action]:
        player = self.current_player
        if player == CHANCE:
            return [Deal(c) for c in CARDS if c not in self.cards]
        if player == TERMINAL:
            return []
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def is_action(self, value: object) -> bool:
        return (isinstance(value, Take) and value.stones in (1, 2)) or (
            isinstance(value, Deal) and value.card in CARDS
        )

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.cards.append(action.card)
        else:
            assert isinstance(action, Take)
            self.pile -= action.stones
            self.taken[self.turn] += action.stones
            self.turn = (self.turn + 1) % self.num_players

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[1].isdigit():
            if words[0] == "take" and int(words[1]) in (1, 2):
                return Take(int(words[1]))
            if words[0] == "deal" and int(words[1]) in CARDS:
                return Deal(int(words[1]))
        raise InvalidAction(f"{text!r} is not 'take 1', 'take 2' or 'deal N'")

    def num_distinct_actions(self) -> int:
        return 6

    def action_id(self, action: Action) -> int:
        if isinstance(action, Take):
            return action.stones - 1
        assert isinstance(action, Deal)
        return 1 + action.card

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < 6:
            raise InvalidAction(f"action id {action_id} is outside 0..5")
        return Take(action_id + 1) if action_id < 2 else Deal(action_id - 1)

    def clone(self) -> PileState:
        other = PileState.__new__(type(self))
        other.num_players = self.num_players
        other.options = dict(self.options)
        other.history = list(self.history)
        other.pile = self.pile
        other.cards = list(self.cards)
        other.taken = list(self.taken)
        other.turn = self.turn
        return other

    def position(self) -> str:
        cards = ",".join(map(str, self.cards))
        taken = ",".join(map(str, self.taken))
        return f"{self.num_players};{self.options['pile']};{self.pile};{cards};{taken};{self.turn}"

    def determinize(self, player: int, rng: Rng) -> PileState:
        other = self.clone()
        free = [c for c in CARDS if player >= len(self.cards) or c != self.cards[player]]
        rng.shuffle(free)
        for seat in range(len(other.cards)):
            if seat != player:
                other.cards[seat] = free.pop()
        return other

    def scores(self) -> list[Score]:
        return [
            Score(
                self.taken[i] + (self.cards[i] if i < len(self.cards) else 0),
                {"stones": self.taken[i]},
            )
            for i in range(self.num_players)
        ]

    def observation(self, player: int | None) -> dict[str, JSON]:
        return {
            "pile": self.pile,
            "taken": list(self.taken),
            "turn": self.turn,
            "my_card": (
                f"card:{self.cards[player]}"
                if player is not None and player < len(self.cards)
                else None
            ),
            "cards_dealt": len(self.cards),
        }

    def hidden_tokens(self, player: int | None) -> set[str]:
        return {f"card:{c}" for seat, c in enumerate(self.cards) if seat != player}

    def to_text(self, perspective: int | None = None) -> str:
        return f"pile {self.pile}, taken {self.taken}"

    def to_svg(self, perspective: int | None = None) -> str:
        return f"<svg xmlns='http://www.w3.org/2000/svg'><text>{self.pile}</text></svg>"


def pile_from_position(text: str, cls: type[PileState] = PileState) -> PileState:
    try:
        players, start, pile, cards, taken, turn = text.split(";")
        state = cls(int(players), {"pile": int(start)})
        state.pile = int(pile)
        state.cards = [int(c) for c in cards.split(",") if c]
        state.taken = [int(t) for t in taken.split(",")]
        state.turn = int(turn)
    except ValueError as exc:
        raise InvalidPosition(f"bad pile position {text!r}: {exc}") from None
    return state


def make_spec(cls: type[PileState] = PileState, name: str = "pile") -> GameSpec:
    """A spec for ``cls`` (not registered: tests pass it where a registered game would be)."""
    spec = GameSpec(
        name=name,
        title="Secret pile (test toy)",
        player_counts=(2, 3),
        default_players=2,
        options=OptionSet(
            (
                OptionSpec(
                    "pile", "int", 7, "stones on the pile at the start", minimum=1, maximum=30
                ),
            )
        ),
        has_chance=True,
        hidden_information=True,
        summary="Take one or two stones; stones taken plus your secret card score.",
        new_state=lambda n, opts: cls(n, opts),
        from_position=lambda text: pile_from_position(text, cls),
    )
    cls.spec = spec
    return spec


class StandingsState(PileState):
    """Three seats holding points ``[5, 10, 6]``; the first move is seat 0's only real choice.

    ``take 1`` adds a point to seat 0; ``take 2`` takes three from seat 2, lifting seat 0 from
    third to second. Every later move just passes the turn (the game is long, so searches judge
    leaves by the heuristic: each seat's lead over its best rival, which prefers ``take 1``;
    judged by standing against the field, ``take 2`` is better).
    """

    def __init__(self, players: int, options: dict[str, OptionValue]) -> None:
        super().__init__(players, {"pile": 30})
        self.cards = [0] * players
        self.taken = [5, 10, 6][:players]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        if not self.history[:-1] and self.turn == 0:
            if action.stones == 1:
                self.taken[0] += 1
            else:
                self.taken[-1] -= 3
        self.pile -= 1
        self.turn = (self.turn + 1) % self.num_players

    def legal_actions(self) -> list[Action]:
        return [] if self.pile == 0 else [Take(1), Take(2)]

    def heuristic(self) -> list[float] | None:
        t = self.taken
        return [
            math.tanh((t[i] - max(t[j] for j in range(len(t)) if j != i)) / 10.0)
            for i in range(len(t))
        ]
