"""The tensor's builders read only fields the adapters' writer watches (it keeps a tensor).

``observe_array`` rewrites the entries of a field only when that field differs from its copy;
a field it did not watch would let an environment show stale values (the tiles used this
round, say, which reset without any resource changing). Each block is built on a state that
records which fields are read: every one must be in ``observe_array.WATCHED``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from zapotec_helpers import new

from stonework.games.zapotec import observe, observe_array

# Fixed for a whole game (the components, the table size and the spaces in play, which these
# two set up), so the writer keeps one tensor per components and table size and watches none.
CONSTANT = {"comp", "num_players", "in_play"}


class Recorder:
    """A state that notes the name of every attribute read through it."""

    def __init__(self, state: Any) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "read", set())

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._state, name)


def reads(function: Any, state: Any, *args: Any) -> set[str]:
    recorder = Recorder(state)
    function(recorder, *args)
    return set(recorder.read) - CONSTANT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_writer_watches_every_field_the_blocks_read(players: int) -> None:
    state = new(players=players, seed=2)
    rng = random.Random(4)
    for _ in range(60):  # mid-game: hands, pyramids and builds in play
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))
    watched = set(observe_array.WATCHED)
    for block in observe.blocks(players):
        for player in range(players):
            built = reads(block.build, state, player, [])
            assert built <= watched, f"{block.name}: not watched {sorted(built - watched)}"


def test_the_blocks_make_the_whole_tensor() -> None:
    state = new(players=3, seed=1)
    values: list[float] = []
    for block in observe.blocks(3):
        block.build(state, 1, values)
    assert values == observe.tensor(state, 1) and len(values) == observe.shape(state)[0]


def test_resources_and_points_are_clipped_at_their_ceilings() -> None:
    # The declared bound is true: a hoard beyond the ceilings shows as the ceiling.
    state = new(players=2, seed=3)
    low, high = state.observation_bounds()
    assert (low, high) == (0.0, 10.0)
    before = observe.tensor(state, 0)
    state.res[1][0] = observe.RESOURCE_CEILING + 50
    state.points[1] = observe.POINTS_CEILING * 3
    after = observe.tensor(state, 0)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 2 and all(after[i] == high for i in changed)
    assert max(after) <= high
    state.res[1][0] = 37  # below the ceilings the values are unchanged: resources / 10
    assert observe.tensor(state, 0)[changed[0]] == 3.7
