"""The adapters' arrays hold exactly the protocol's values, whatever route the game's writer takes.

A game's writer (``GameSpec.array_writer``: Akropolis, Zapotec; ``GameSpec.compact_writer``:
Akropolis's rows of env version 1) keeps blocks between calls and brings them up to date; these
tests read it the ways a learner and OpenSpiel do (one env over several games, states that
branch and come back, a dirty buffer) and compare every array with ``observation_tensor`` (or
the compact layout's plain reference) and every mask with ``legal_action_ids``.
"""

from __future__ import annotations

import random
from typing import cast

import numpy as np
import pytest

from interop_cases import CASES
from stonework.core import GameSpec, State
from stonework.interop.arrays import Arrays, GenericWriter, Layout, compact_writer_for

# Each config with the game's tensor writer (v0), and with its compact layout where it has one.
LAYOUT_CASES = [(spec, n, False) for spec, n in CASES] + [
    (spec, n, True) for spec, n in CASES if spec.compact_writer is not None
]
IDS = [f"{spec.name}{'-rows' if rows else ''}-{n}p" for spec, n, rows in LAYOUT_CASES]


def arrays_for(spec: GameSpec, players: int, compact: bool = False) -> Arrays:
    probe = spec.new_state(players, spec.options.defaults())
    layout = compact_writer_for(spec) if compact else None
    shape = probe.observation_shape() if layout is None else layout.shape(probe)
    return Arrays(spec, shape, probe.num_distinct_actions(), layout)


def reference(arrays: Arrays, state: State, seat: int) -> np.ndarray:
    layout = cast(Layout, arrays.writer)
    if hasattr(layout, "reference"):  # a compact layout's own plain route
        return np.asarray(layout.reference(state, seat), layout.dtype)
    return np.asarray(state.observation_tensor(seat), np.float32)


def assert_matches(arrays: Arrays, state: State) -> None:
    for seat in range(state.num_players):
        got = arrays.observation(state, seat).reshape(-1)
        want = reference(arrays, state, seat)
        assert np.array_equal(got, want), f"seat {seat}: {np.flatnonzero(got != want)[:8]}"
        mask = arrays.mask(state, seat)
        expected = np.zeros(arrays.num_actions, np.int8)
        if state.current_player == seat:
            expected[state.legal_action_ids()] = 1
        assert np.array_equal(mask, expected), f"seat {seat}: mask"


@pytest.mark.parametrize(("spec", "players", "compact"), LAYOUT_CASES, ids=IDS)
def test_arrays_equal_the_protocol_over_whole_games(
    spec: GameSpec, players: int, compact: bool
) -> None:
    arrays = arrays_for(spec, players, compact)  # one writer for every game, as in an env
    for seed in (1, 2):
        rng = random.Random(seed)
        state = spec.new_state(players, spec.options.defaults())
        while True:
            assert_matches(arrays, state)
            if state.is_terminal:
                break
            state.apply(state.random_action(rng))


@pytest.mark.parametrize(("spec", "players", "compact"), LAYOUT_CASES, ids=IDS)
def test_arrays_follow_states_that_branch(spec: GameSpec, players: int, compact: bool) -> None:
    # A search asks about clones that diverge and then about the root again: kept blocks must
    # never show a sibling's moves.
    arrays = arrays_for(spec, players, compact)
    rng = random.Random(7)
    root = spec.new_state(players, spec.options.defaults())
    for _ in range(12):
        if root.is_terminal:
            break
        root.apply(root.random_action(rng))
    branches = [root.clone() for _ in range(3)]
    for _ in range(6):
        for branch in branches:
            if not branch.is_terminal:
                branch.apply(branch.random_action(rng))
            assert_matches(arrays, branch)
            assert_matches(arrays, root)


@pytest.mark.parametrize(("spec", "players", "compact"), LAYOUT_CASES, ids=IDS)
def test_arrays_follow_states_in_any_order(spec: GameSpec, players: int, compact: bool) -> None:
    # Positions of three games shown shuffled: each call jumps far from the one before, so a
    # writer that keeps values must bring many parts up to date at once.
    arrays = arrays_for(spec, players, compact)
    rng = random.Random(11)
    states: list[State] = []
    for _ in range(3):
        state = spec.new_state(players, spec.options.defaults())
        while not state.is_terminal:
            if rng.random() < 0.3:
                states.append(state.clone())
            state.apply(state.random_action(rng))
        states.append(state)
    rng.shuffle(states)
    for state in states[:40]:
        assert_matches(arrays, state)


@pytest.mark.parametrize(("spec", "players"), CASES, ids=[f"{s.name}-{n}p" for s, n in CASES])
def test_fill_overwrites_a_dirty_buffer_and_arrays_are_fresh(spec: GameSpec, players: int) -> None:
    arrays = arrays_for(spec, players)
    rng = random.Random(3)
    state = spec.new_state(players, spec.options.defaults())
    for _ in range(8):
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    buffer = np.full(arrays.size, 7.0, np.float32)  # OpenSpiel's observer reuses its buffer
    arrays.fill(state, 0, buffer)
    assert np.array_equal(buffer, np.asarray(state.observation_tensor(0), np.float32))
    first = arrays.observation(state, 0)
    first[...] = -1.0  # a learner may keep or change what it was given
    assert np.array_equal(
        arrays.observation(state, 0).reshape(-1),
        np.asarray(state.observation_tensor(0), np.float32),
    )


def test_games_without_a_writer_get_the_generic_one() -> None:
    from interop_cases import TOY

    assert isinstance(arrays_for(TOY, 2).writer, GenericWriter)


@pytest.mark.parametrize(
    ("game", "players", "options", "compact"),
    [
        ("zapotec", 3, {"components": "v1"}, False),
        ("zapotec", 4, {"building_tiles": "rules"}, False),
        ("zapotec", 2, {"components": "v4", "pyramid_piece": "any", "resource_supply": 5}, False),
        ("akropolis", 3, {"long_game": True, "houses": True, "temples": True}, False),
        ("akropolis", 1, {"architect": "callicrates"}, False),
        ("akropolis", 3, {"long_game": True, "houses": True, "temples": True}, True),
        ("akropolis", 1, {"architect": "callicrates"}, True),
    ],
)
def test_arrays_equal_the_protocol_with_options(
    game: str, players: int, options: dict[str, object], compact: bool
) -> None:
    # The writers keep data-set tables (produce, card positions) and variant-free city values:
    # other data sets and options must give the protocol's values too.
    from stonework.core import get_game

    spec = get_game(game)
    resolved = spec.options.resolve(game, options)
    state = spec.new_state(players, dict(resolved))
    layout = compact_writer_for(spec) if compact else None
    shape = state.observation_shape() if layout is None else layout.shape(state)
    arrays = Arrays(spec, shape, state.num_distinct_actions(), layout)
    rng = random.Random(1)
    while True:
        assert_matches(arrays, state)
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
