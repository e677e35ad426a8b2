"""The conformance kit: generic checks that any registered game follows the protocol.

:func:`check_game` plays random games (chance sampled with a seeded generator) and checks the
protocol's promises at every step; :func:`check_state_game` does the same from a factory, for
games that are not registered (the kit's own tests use deliberately broken toy games).
:func:`perft` counts the leaves of the game tree to a depth.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stonework.core.action_fields import describe_value, look_alikes
from stonework.core.errors import IllegalAction, InvalidAction, StoneworkError
from stonework.core.record import Record, replay
from stonework.core.rng import Rng, derive_rng
from stonework.core.state import CHANCE, TERMINAL, Action, State


class ConformanceError(AssertionError):
    """A game broke a promise of the protocol; the message says which, where and how."""


@dataclass
class ConformanceReport:
    """What a run of the kit covered."""

    game: str
    games: int = 0
    steps: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    max_length: int = 0
    final_scores: list[list[float]] = field(default_factory=list)


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (chance outcomes count).

    Sequences that end the game early count as one leaf each.
    """
    if depth == 0 or state.is_terminal:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def _snapshot(state: State) -> tuple[Any, ...]:
    # Everything a mutation could touch: the position string, the turn, the history and the
    # legal actions (an engine may cache them).
    return (
        state.position(),
        state.current_player,
        tuple((seat, str(a)) for seat, a in state.history),
        tuple(str(a) for a in state.legal_actions()),
    )


def _json_leaves(value: Any, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            out.append(str(key))
            _json_leaves(item, out)
    elif isinstance(value, list):
        for item in value:
            _json_leaves(item, out)
    elif isinstance(value, str):
        out.append(value)


def _is_plain_json(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(_is_plain_json(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_plain_json(v) for k, v in value.items())
    return False


class _Checker:
    def __init__(self, name: str, factory: Callable[[], State], rng: Rng) -> None:
        self.name = name
        self.factory = factory
        self.rng = rng
        self.where = ""

    def fail(self, message: str) -> None:
        raise ConformanceError(f"{self.name}: {self.where}: {message}")

    def check_step(self, state: State) -> None:
        player = state.current_player
        if player == TERMINAL:
            if not state.is_terminal:
                self.fail("current_player is TERMINAL but is_terminal is False")
            return
        if not (player == CHANCE or 0 <= player < state.num_players):
            self.fail(f"current_player {player} is not a seat, CHANCE or TERMINAL")
        actions = state.legal_actions()
        if not actions:
            self.fail("no legal actions at a non-terminal state")
        texts = [str(a) for a in actions]
        if len(set(actions)) != len(actions) or len(set(texts)) != len(texts):
            self.fail("legal_actions() holds duplicates")
        again = state.legal_actions()
        if again != actions:
            self.fail("legal_actions() is not stable: two calls gave different lists")
        if state.clone().legal_actions() != actions:
            self.fail("a clone lists its legal actions in a different order")
        self.check_actions(state, actions)
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            if abs(total - 1.0) > 1e-9:
                self.fail(f"chance probabilities sum to {total}, not 1")
            if sorted(map(str, (a for a, _ in outcomes))) != sorted(texts):
                self.fail("chance_outcomes() and legal_actions() name different outcomes")
            drawn = state.sample_chance(self.rng)
            if drawn not in actions:
                self.fail(f"sample_chance() returned {drawn}, not a legal outcome")
        else:
            chosen = state.random_action(self.rng)
            if chosen not in actions:
                self.fail(f"random_action() returned {chosen}, not a legal action")
        self.check_bad_input(state, actions)
        self.check_clone(state, actions)
        self.check_observations(state)
        if any(r != 0 for r in state.returns()):
            self.fail(f"returns() {state.returns()} are not all zero before the end")

    def check_actions(self, state: State, actions: list[Action]) -> None:
        size = state.num_distinct_actions()
        seen: set[int] = set()
        ids = state.legal_action_ids()
        if ids != [state.action_id(action) for action in actions]:
            self.fail("legal_action_ids() are not the ids of legal_actions(), in that order")
        for index in (*ids[:3], *ids[-3:]):
            if not state.is_legal_id(index):
                self.fail(f"is_legal_id({index}) is False for a legal action's id")
        unused = sorted({-1, 0, 1, size // 2, size - 1, size, *(i + 1 for i in ids[:3])} - set(ids))
        for index in unused:
            if state.is_legal_id(index):
                self.fail(f"is_legal_id({index}) is True for an id no legal action has")
        for action in actions:
            text = str(action)
            try:
                parsed = state.parse_action(text)
            except StoneworkError as exc:
                self.fail(f"the notation {text!r} of a legal action does not parse: {exc}")
            if parsed != action:
                self.fail(f"notation {text!r} parses to {parsed!r}, not {action!r}")
            index = state.action_id(action)
            if not 0 <= index < size:
                self.fail(f"action {text} has id {index} outside 0..{size - 1}")
            if index in seen:
                self.fail(f"two legal actions share the id {index}")
            seen.add(index)
            if state.action_from_id(index) != action:
                self.fail(f"id {index} of {text} maps back to {state.action_from_id(index)!r}")
            if not state.is_action(action):
                self.fail(f"is_action() rejects the legal action {text}")

    def check_bad_input(self, state: State, actions: list[Action]) -> None:
        before = _snapshot(state)
        for bad in (object(), "not an action", None, 10**9):
            try:
                state.apply(bad)
            except InvalidAction:
                pass
            except StoneworkError as exc:
                self.fail(f"apply({bad!r}) raised {type(exc).__name__}, not InvalidAction")
            else:
                self.fail(f"apply({bad!r}) was accepted")
            if _snapshot(state) != before:
                self.fail(f"apply({bad!r}) failed but changed the state")
        for text in ("", "@@ not notation @@"):
            try:
                state.parse_action(text)
            except InvalidAction:
                pass
            else:
                self.fail(f"parse_action({text!r}) did not raise InvalidAction")
        for index in (-1, state.num_distinct_actions()):
            try:
                state.action_from_id(index)
            except InvalidAction:
                pass
            else:
                self.fail(f"action_from_id({index}) did not raise InvalidAction")
        # An illegal but well-formed action: some id of the action space that is not legal now.
        legal = {state.action_id(a) for a in actions}
        size = state.num_distinct_actions()
        for _ in range(8):
            index = self.rng.randrange(size)
            if index in legal:
                continue
            illegal = state.action_from_id(index)
            try:
                state.apply(illegal)
            except IllegalAction:
                pass
            except StoneworkError as exc:
                self.fail(f"illegal {illegal} raised {type(exc).__name__}, not IllegalAction")
            else:
                self.fail(f"the illegal action {illegal} (id {index}) was accepted")
            if _snapshot(state) != before:
                self.fail(f"the illegal action {illegal} failed but changed the state")
            break
        if state.action_types:
            self.check_look_alikes(state, self.rng.choice(actions), before)

    def check_look_alikes(self, state: State, action: Action, before: tuple[Any, ...]) -> None:
        """A legal action's look-alikes (bool or float fields, a subclass...) are InvalidAction."""
        for fake in look_alikes(action):
            try:
                state.apply(fake)
            except InvalidAction:
                pass
            except StoneworkError as exc:
                self.fail(f"{describe_value(fake)} raised {type(exc).__name__}, not InvalidAction")
            else:
                self.fail(f"{describe_value(fake)}, a look-alike of {action}, was accepted")
            if _snapshot(state) != before:
                self.fail(f"{describe_value(fake)} failed but changed the state")

    def check_clone(self, state: State, actions: list[Action]) -> None:
        before = _snapshot(state)
        base = state.clone()
        if _snapshot(base) != before:
            self.fail("clone() differs from the original")
        child = base.clone()
        child.apply(actions[-1])
        if _snapshot(base) != before:
            self.fail("applying an action to a clone changed the original")
        other = base.clone()
        base.apply(actions[0])
        if _snapshot(other) != before:
            self.fail("applying an action to the original changed an earlier clone")
        if _snapshot(state) != before:
            self.fail("cloning changed the state")

    def check_observations(self, state: State) -> None:
        seats: list[int | None] = [None, *range(state.num_players)]
        for seat in seats:
            obs = state.observation(seat)
            if not isinstance(obs, dict) or not _is_plain_json(obs):
                self.fail(f"observation({seat}) is not a plain-JSON object")
            if json.loads(json.dumps(obs)) != obs:
                self.fail(f"observation({seat}) does not survive a JSON round trip")
            hidden = state.hidden_tokens(seat)
            if hidden:
                leaves: list[str] = []
                _json_leaves(obs, leaves)
                for token in hidden:
                    for leaf in leaves:
                        if token in leaf:
                            self.fail(
                                f"observation({seat}) shows {token!r}, which is hidden from it"
                            )
                for text in (state.to_text(seat),):
                    for token in hidden:
                        if token in text:
                            self.fail(f"to_text({seat}) shows {token!r}, hidden from it")
            if seat is not None:
                self.check_tensor(state, seat)
                det = state.determinize(seat, self.rng)
                if det.observation(seat) != obs:
                    self.fail(f"determinize({seat}) changed what seat {seat} observes")

    def check_tensor(self, state: State, seat: int) -> None:
        try:
            shape = state.observation_shape()
        except NotImplementedError:
            return
        size = math.prod(shape)
        tensor = state.observation_tensor(seat)
        if len(tensor) != size:
            self.fail(
                f"observation_tensor({seat}) has {len(tensor)} values, shape {shape} needs {size}"
            )
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in tensor):
            self.fail(f"observation_tensor({seat}) holds a value that is not a finite number")

    def check_position(self, state: State) -> None:
        text = state.position()
        try:
            rebuilt = state.spec.from_position(text)
        except StoneworkError as exc:
            self.fail(f"the position string does not read back: {exc}")
        if rebuilt.position() != text:
            self.fail("the position string does not round-trip")
        if rebuilt.current_player != state.current_player:
            self.fail("a state rebuilt from the position has another player to move")
        if [str(a) for a in rebuilt.legal_actions()] != [str(a) for a in state.legal_actions()]:
            self.fail("a state rebuilt from the position has other legal actions")

    def check_replay(self, state: State) -> None:
        record = state.record()
        text = json.dumps(record.to_json())
        try:
            again = replay(Record.loads(text), spec=state.spec)
        except StoneworkError as exc:
            self.fail(f"the record does not replay: {exc}")
        if again.position() != state.position() or len(again.history) != len(state.history):
            self.fail("replaying the record does not rebuild the same state")

    def check_end(self, state: State) -> None:
        if state.legal_actions():
            self.fail("legal_actions() is not empty at the end")
        scores = state.scores()
        ranks = state.ranking()
        returns = state.returns()
        n = state.num_players
        if len(scores) != n or len(ranks) != n or len(returns) != n:
            self.fail("scores(), ranking() and returns() must have one entry per seat")
        for i in range(n):
            for j in range(n):
                if ranks[i] < ranks[j] and not returns[i] > returns[j]:
                    self.fail(f"seat {i} ranks above seat {j} but its return is not higher")
                if ranks[i] == ranks[j] and returns[i] != returns[j]:
                    self.fail(f"seats {i} and {j} share a place but have different returns")
        if min(ranks) != 1:
            self.fail(f"nobody is ranked first: {ranks}")
        for score in scores:
            if not _is_plain_json(score.to_json()):
                self.fail("a score breakdown is not plain JSON")

    def play(self, index: int) -> tuple[State, int, int]:
        state = self.factory()
        steps = decisions = chance = 0
        while True:
            self.where = f"game {index}, step {steps} ({state.describe_turn()})"
            self.check_step(state)
            if steps % 7 == 0 or state.is_terminal:
                self.check_position(state)
                self.check_replay(state)
            if state.is_terminal:
                self.check_end(state)
                return state, decisions, chance
            if state.current_player == CHANCE:
                chance += 1
                action = state.sample_chance(self.rng)
            else:
                decisions += 1
                action = state.random_action(self.rng)
            state.apply(action)
            steps += 1
            if steps > 100_000:
                self.fail("the game does not end")


def check_state_game(
    name: str,
    factory: Callable[[], State],
    games: int = 3,
    seed: int = 0,
) -> ConformanceReport:
    """Run the checks on ``games`` random games started by ``factory``; raise ConformanceError."""
    report = ConformanceReport(game=name)
    for index in range(games):
        rng = derive_rng(seed, "conformance", name, index)
        checker = _Checker(name, factory, rng)
        final, decisions, chance = checker.play(index)
        # Determinism: the same seed plays the same game.
        again = _Checker(name, factory, derive_rng(seed, "conformance", name, index))
        if again.play(index)[0].record().entries != final.record().entries:
            raise ConformanceError(f"{name}: game {index} is not reproducible from its seed")
        report.games += 1
        report.steps += len(final.history)
        report.decisions += decisions
        report.chance_nodes += chance
        report.max_length = max(report.max_length, len(final.history))
        report.final_scores.append([s.total for s in final.scores()])
    return report


def check_game(
    name: str,
    games: int = 3,
    seed: int = 0,
    players: int | None = None,
    **options: object,
) -> ConformanceReport:
    """Play ``games`` random games of a registered game and check the protocol at every step."""
    from stonework.core.registry import get_game

    spec = get_game(name)
    count = spec.default_players if players is None else players
    resolved = spec.options.resolve(name, options)

    def factory() -> State:
        return spec.new_state(count, dict(resolved))

    return check_state_game(name, factory, games=games, seed=seed)
