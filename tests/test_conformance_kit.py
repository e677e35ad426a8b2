"""The conformance kit catches each broken promise (DESIGN.md, "The game protocol").

Each test breaks exactly one thing in the toy game of ``toys.py`` and checks that the kit names
it; the unbroken toy passes.
"""

from __future__ import annotations

import itertools
import random

import pytest

from stonework.core import IllegalAction, InvalidAction, Score, State
from stonework.core.conformance import ConformanceError, check_state_game, perft
from stonework.core.state import JSON, Action
from toys import PileState, Take, make_spec


def run(cls: type[PileState], games: int = 2) -> None:
    spec = make_spec(cls, name=f"pile-{cls.__name__}")
    check_state_game(spec.name, lambda: spec.new_state(2, {"pile": 7}), games=games, seed=1)


def test_correct_toy_passes() -> None:
    spec = make_spec(PileState)
    report = check_state_game("pile", lambda: spec.new_state(3, {"pile": 9}), games=4, seed=3)
    assert report.games == 4
    assert report.chance_nodes == 4 * 3
    assert report.decisions >= 4 * 5


def test_perft_counts_sequences() -> None:
    spec = make_spec(PileState)
    state = spec.new_state(2, {"pile": 3})
    # 4 cards for seat 0, 3 for seat 1, then the pile of 3: take 1 or 2 (ways to split 3 = 3).
    assert perft(state, 1) == 4
    assert perft(state, 2) == 12
    assert perft(state, 5) == 12 * 3


class LeakyObservation(PileState):
    def observation(self, player: int | None) -> dict[str, JSON]:
        obs = super().observation(player)
        obs["all_cards"] = [f"card:{c}" for c in self.cards]
        return obs


class LeakyText(PileState):
    def to_text(self, perspective: int | None = None) -> str:
        return f"cards card:{' card:'.join(map(str, self.cards))}"


class MutatingIllegal(PileState):
    def _check(self, action: Action) -> None:
        self.pile -= 0 if action in self.legal_actions() else 1
        super()._check(action)


class AcceptsGarbage(PileState):
    """Calls anything an action, so garbage is reported as merely illegal."""

    def is_action(self, value: object) -> bool:
        return True


class SwallowsGarbage(PileState):
    """Ignores garbage silently instead of raising."""

    def apply(self, action: Action) -> None:
        if not self.is_action(action):
            return
        super().apply(action)


class WrongErrorForIllegal(PileState):
    def _check(self, action: Action) -> None:
        if self.is_action(action) and action not in self.legal_actions():
            raise InvalidAction("malformed?")
        super()._check(action)


class SharedClone(PileState):
    def clone(self) -> PileState:
        other = super().clone()
        other.taken = self.taken  # shallow: both share one list
        return other


_serial = itertools.count()


class DivergentReplay(PileState):
    """Applies a stone bonus from a global counter: the record no longer decides the state."""

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        if isinstance(action, Take) and next(_serial) % 3 == 0:
            self.taken[0] += 1


class DuplicateActions(PileState):
    def legal_actions(self) -> list[Action]:
        actions = super().legal_actions()
        return actions + actions[:1]


class ReturnsBeforeEnd(PileState):
    def returns(self) -> list[float]:
        return [1.0, -1.0]


class BadIds(PileState):
    def action_from_id(self, action_id: int) -> Action:
        action = super().action_from_id(action_id)
        return action if action_id != 1 else super().action_from_id(0)


class BadNotation(PileState):
    def parse_action(self, text: str) -> Action:
        action = super().parse_action(text)
        if str(action) == "take 2":
            return super().parse_action("take 1")
        return action


class Unseeded(PileState):
    _own = random.Random()

    def random_action(self, rng: random.Random) -> Action:
        return self._own.choice(self.legal_actions())


class DeterminizeSeesOwnCardChange(PileState):
    def determinize(self, player: int, rng: random.Random) -> PileState:
        other = self.clone()
        if other.cards:
            other.cards[player] = 5 - other.cards[player]  # 1<->4, 2<->3: a different card
        return other


class EndRankingDisagrees(PileState):
    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0, 0.0]
        return [-r for r in super().returns()]


class NoActionsMidGame(PileState):
    def legal_actions(self) -> list[Action]:
        if self.pile == 3:
            return []
        return super().legal_actions()


class WrongTensorSize(PileState):
    def observation_shape(self) -> tuple[int, ...]:
        return (3,)

    def observation_tensor(self, player: int) -> list[float]:
        return [float(self.pile), float(self.turn)]


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (LeakyObservation, "hidden from it"),
        (LeakyText, "to_text"),
        (MutatingIllegal, "changed the state"),
        (AcceptsGarbage, "raised IllegalAction, not InvalidAction"),
        (SwallowsGarbage, "was accepted"),
        (WrongErrorForIllegal, "not IllegalAction"),
        (SharedClone, "clone"),
        (DivergentReplay, "replay"),
        (DuplicateActions, "duplicates"),
        (ReturnsBeforeEnd, "not all zero"),
        (BadIds, "maps back"),
        (BadNotation, "parses to"),
        (Unseeded, "reproducible"),
        (DeterminizeSeesOwnCardChange, "determinize"),
        (EndRankingDisagrees, "return"),
        (NoActionsMidGame, "no legal actions"),
        (WrongTensorSize, "shape"),
    ],
)
def test_kit_catches_broken_game(cls: type[PileState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        run(cls, games=4)


def test_apply_checks_and_leaves_state_unchanged() -> None:
    spec = make_spec(PileState)
    state = spec.new_state(2, {"pile": 7})
    before = state.position()
    with pytest.raises(IllegalAction):
        state.apply(state.parse_action("take 1"))  # a chance node: cards first
    with pytest.raises(InvalidAction):
        state.apply("deal 1")
    assert state.position() == before and state.history == []


def test_score_is_plain() -> None:
    assert Score(3, {"a": 1}).to_json() == {"total": 3, "breakdown": {"a": 1}}
    assert isinstance(PileState, type) and issubclass(PileState, State)
