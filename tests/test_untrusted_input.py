"""Fuzzing the trust boundary of every game (issue 13): generated actions (look-alikes, wrong
types, well-formed but illegal), notation, mutated position strings, mutated records and random
options. Only the documented errors may escape, and a refused input changes nothing.

Bounded so the module runs in a few seconds: a fixed number of examples per test, derandomized
(the same examples every run, so the suite stays reproducible) and no per-example deadline
(a slow shared machine must not fail a test; speed is measured by benchmarks, never here).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stonework.core import (
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    RecordError,
    State,
    UnknownGame,
    UnknownOption,
    derive_rng,
    from_position,
    get_game,
    new_game,
    replay,
)
from stonework.core.action_fields import field_types, has_exact_fields, look_alikes
from stonework.core.state import TERMINAL

CONFIGS = (
    ("zapotec", 2),
    ("zapotec", 3),
    ("akropolis", 1),
    ("akropolis", 2),
    ("aztec", 2),
    ("aztec", 3),
)
FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PLAY_AFTER = 12  # random steps played on a state built from outside text


@cache
def sample_game(name: str, players: int) -> tuple[tuple[str, ...], Any]:
    """Positions along one seeded random game (start, early, middle, end) and its record."""
    state = new_game(name, players=players)
    rng = derive_rng(11, "fuzz", name, players)
    every = [state.position()]
    while not state.is_terminal:
        state.apply(state.random_action(rng))
        every.append(state.position())
    last = len(every) - 1
    picks = (0, 3, last // 3, 2 * last // 3, last)
    return tuple(every[i] for i in picks), state.record().to_json()


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a refused input must leave unchanged."""
    return (
        state.position(),
        state.current_player,
        [(seat, str(action)) for seat, action in state.history],
        [str(action) for action in state.legal_actions()],
    )


def play_on(state: State, seed: int) -> None:
    """A state from outside must be playable: a few random, checked steps raise nothing."""
    rng = derive_rng(seed, "play-on")
    for _ in range(PLAY_AFTER):
        if state.current_player == TERMINAL:
            return
        state.apply(state.random_action(rng))
    state.scores()
    state.observation(None)


class Anything:
    """Equal to everything and hashed like 0: the classic dictionary look-alike."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


WILD = st.one_of(
    st.integers(-(10**6), 10**6),
    st.integers(min_value=10**30, max_value=10**40),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.none(),
    st.lists(st.integers(0, 30), max_size=2),
    st.builds(Anything),
)


def wrong_field(action: object, value: object, draw_name: int) -> object:
    """``action`` with one field replaced by ``value``, built past the class's checks."""
    names = [name for name, _ in field_types(type(action))]
    if not names:
        return action
    name = names[draw_name % len(names)]
    if isinstance(action, tuple):
        return tuple.__new__(
            type(action),
            [value if n == name else getattr(action, n) for n in names],
        )
    copy = object.__new__(type(action))
    for n in names:
        object.__setattr__(copy, n, value if n == name else getattr(action, n))
    return copy


@st.composite
def candidate_actions(draw: st.DrawFn, state: State) -> object:
    """A value to ``apply``: legal, from the action space, a look-alike, or anything."""
    legal = state.legal_actions()
    size = state.num_distinct_actions()
    kind = draw(st.integers(0, 4))
    if kind == 0 and legal:
        return draw(st.sampled_from(legal))
    if kind == 1:
        return state.action_from_id(draw(st.integers(0, size - 1)))
    base = draw(st.sampled_from(legal)) if legal else state.action_from_id(0)
    if kind == 2:
        fakes = look_alikes(base) if state.action_types else []
        return draw(st.sampled_from(fakes)) if fakes else base
    if kind == 3:
        return wrong_field(base, draw(WILD), draw(st.integers(0, 5)))
    return draw(st.one_of(WILD, st.tuples(WILD, WILD), st.text(max_size=20)))


@FUZZ
@given(st.sampled_from(CONFIGS), st.integers(0, 4), st.data())
def test_apply_accepts_only_exact_legal_actions(
    config: tuple[str, int], stage: int, data: st.DataObject
) -> None:
    positions, _ = sample_game(*config)
    state = from_position(config[0], positions[stage])
    value = data.draw(candidate_actions(state))
    before = snapshot(state)
    try:
        state.apply(value)
    except (InvalidAction, IllegalAction):
        assert snapshot(state) == before
        return
    stored = state.history[-1][1]
    assert has_exact_fields(value, state.action_types) and stored == value
    assert has_exact_fields(stored, state.action_types)
    assert state.parse_action(str(stored)) == stored


def mutate_text(text: str, data: st.DataObject, alphabet: str) -> str:
    """A few edits of ``text``: characters replaced, inserted, deleted, numbers blown up."""
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        op = data.draw(st.integers(0, 6))
        numbers = [m.span() for m in re.finditer(r"\d+", text)]
        if op >= 5 and numbers:
            # Plausible edits: a number nudged by one, or two numbers swapped.
            first = data.draw(st.sampled_from(numbers))
            second = data.draw(st.sampled_from(numbers)) if op == 6 else first
            a, b = sorted((first, second))
            old_a, old_b = text[a[0] : a[1]], text[b[0] : b[1]]
            if a == b:
                nudged = str(max(0, int(old_a[:9]) + data.draw(st.sampled_from([-1, 1, 2]))))
                text = text[: a[0]] + nudged + text[a[1] :]
            else:
                text = text[: a[0]] + old_b + text[a[1] : b[0]] + old_a + text[b[1] :]
        elif op == 0:
            text = text[:at] + data.draw(st.text(alphabet, max_size=3)) + text[at + 1 :]
        elif op == 1:
            text = text[:at] + data.draw(st.text(alphabet, min_size=1, max_size=3)) + text[at:]
        elif op == 2:
            end = data.draw(st.integers(at, min(len(text), at + 12)))
            text = text[:at] + text[end:]
        elif op == 3:
            odd = data.draw(st.sampled_from(["9" * 5000, "-1", "²", "٣", "0x1f"]))
            text = text[:at] + odd + text[at:]
        else:
            text = text[:at] + text[at:].replace(
                data.draw(st.sampled_from(list("0123456789,;:./|-=+@"))),
                data.draw(st.sampled_from(["", "1", "99", ",", ";", "-", "0"])),
                1,
            )
    return text


NOTATION_CHARS = "0123456789-@,/ abcdeghilnoprstuvwxyzINSEWUD.:>+²٣"


@FUZZ
@given(st.sampled_from(CONFIGS), st.integers(0, 3), st.data())
def test_notation_reads_back_exactly_or_is_invalid(
    config: tuple[str, int], stage: int, data: st.DataObject
) -> None:
    positions, _ = sample_game(*config)
    state = from_position(config[0], positions[stage])
    legal = [str(a) for a in state.legal_actions()] or ["done"]
    text = mutate_text(data.draw(st.sampled_from(legal)), data, NOTATION_CHARS)
    before = snapshot(state)
    try:
        action = state.parse_action(text)
    except InvalidAction:
        return
    assert state.parse_action(str(action)) == action
    if state.action_types:
        assert has_exact_fields(action, state.action_types)
    try:
        state.apply(action)
    except IllegalAction:
        assert snapshot(state) == before


POSITION_CHARS = "0123456789abcdefx-,;:./|=+@ ASTLMhmbtg²٣"


@FUZZ
@given(st.sampled_from(CONFIGS), st.integers(0, 4), st.data())
def test_mutated_positions_are_invalid_or_playable(
    config: tuple[str, int], stage: int, data: st.DataObject
) -> None:
    positions, _ = sample_game(*config)
    text = mutate_text(positions[stage], data, POSITION_CHARS)
    try:
        state = from_position(config[0], text)
    except InvalidPosition:
        return
    written = state.position()
    assert from_position(config[0], written).position() == written
    play_on(state, len(text))


def json_values() -> st.SearchStrategy[Any]:
    """Plain JSON values, a little nested."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**9), 10**9),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10),
        st.sampled_from(["²", "chance", "/dev/zero", "", "v1", "0", "-1", "9" * 50]),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=6,
    )


def mutate_json(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """``value`` with one place changed: replaced, deleted or added to."""
    if isinstance(value, (dict, list)) and value and data.draw(st.integers(0, 3)) and depth < 4:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        key = data.draw(st.sampled_from(keys))
        copy = dict(value) if isinstance(value, dict) else list(value)
        if data.draw(st.integers(0, 5)) == 0:
            del copy[key]
        else:
            copy[key] = mutate_json(value[key], data, depth + 1)
        return copy
    if isinstance(value, str) and data.draw(st.booleans()):
        return mutate_text(value, data, NOTATION_CHARS)
    return data.draw(json_values())


@FUZZ
@given(st.sampled_from(CONFIGS), st.integers(5, 60), st.data())
def test_mutated_records_replay_or_are_record_errors(
    config: tuple[str, int], length: int, data: st.DataObject
) -> None:
    _, record = sample_game(*config)
    short = dict(record, actions=record["actions"][:length])
    short["count"] = len(short["actions"])
    mutated = mutate_json(short, data)
    as_text = data.draw(st.booleans())
    try:
        state = replay(json.dumps(mutated) if as_text else mutated)
    except RecordError:
        return
    assert replay(state.record()).position() == state.position()
    play_on(state, length)


OPTION_VALUES = st.one_of(
    st.booleans(),
    st.integers(-5, 120),
    st.integers(min_value=10**20, max_value=10**30),
    st.floats(allow_nan=True),
    st.sampled_from(["true", "0", "/dev/zero", "/etc/passwd", "v1", "default", "sha256:00", ""]),
    st.text(max_size=8),
    st.none(),
    st.lists(st.booleans(), max_size=2),
)


@FUZZ
@given(st.sampled_from([name for name, _ in CONFIGS]), st.data())
def test_random_options_and_player_counts_are_refused_or_work(
    name: str, data: st.DataObject
) -> None:
    spec = get_game(name)
    # Any name but those of new_game's own parameters (Python would refuse the call itself).
    names = st.one_of(st.sampled_from(spec.options.names()), st.text(max_size=8)).filter(
        lambda key: key not in ("name", "players", "seed")
    )
    options = data.draw(st.dictionaries(names, OPTION_VALUES, max_size=3))
    players = data.draw(
        st.one_of(
            st.sampled_from(spec.player_counts),
            st.integers(-2, 6),
            st.floats(allow_nan=True),
            st.booleans(),
            st.text(max_size=3),
            st.none(),
        )
    )
    try:
        state = new_game(name, players=players, seed=data.draw(st.integers(0, 99)), **options)
    except (UnknownOption, UnknownGame):
        return
    assert type(state.num_players) is int and state.num_players in spec.player_counts
    assert from_position(name, state.position()).position() == state.position()
    assert replay(state.record().dumps()).position() == state.position()
    play_on(state, 1)
