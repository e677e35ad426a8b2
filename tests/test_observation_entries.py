"""The fast paths of the learning interface agree with the protocol they shortcut.

``observation_nonzero`` (Akropolis answers it from entries kept per city) must rebuild exactly
``observation_tensor``, every entry must lie within ``observation_bounds``, and
``legal_action_ids`` must be the ids of ``legal_actions`` in order (the conformance kit checks
that too), over whole random games of every shipped config and the toy.
"""

from __future__ import annotations

import random

import pytest

from interop_cases import CASES, IDS, TOY
from stonework.core import GameSpec


@pytest.mark.parametrize(("spec", "players"), CASES, ids=IDS)
def test_sparse_tensor_bounds_and_ids_agree_with_the_protocol(spec: GameSpec, players: int) -> None:
    rng = random.Random(5)
    state = spec.new_state(players, spec.options.defaults())
    low, high = state.observation_bounds()
    size = len(state.observation_tensor(0))
    steps = 0
    while not state.is_terminal:
        for seat in range(players):
            dense = state.observation_tensor(seat)
            indices, values = state.observation_nonzero(seat)
            assert len(indices) == len(set(indices)) == len(values)
            rebuilt = [0.0] * size
            for at, value in zip(indices, values, strict=True):
                rebuilt[at] = value
            assert rebuilt == dense
            assert all(low <= value <= high for value in dense)
        ids = state.legal_action_ids()
        assert ids == [state.action_id(action) for action in state.legal_actions()]
        state.apply(state.random_action(rng))
        steps += 1
    assert steps > players


def test_the_default_sparse_tensor_lists_exactly_the_nonzero_entries() -> None:
    # The toy has no observation_nonzero of its own: the protocol's default reads the list.
    state = TOY.new_state(2, TOY.options.defaults())
    state.apply(state.random_action(random.Random(1)))
    dense = state.observation_tensor(0)
    indices, values = state.observation_nonzero(0)
    assert indices == [i for i, value in enumerate(dense) if value]
    assert values == [dense[i] for i in indices]
