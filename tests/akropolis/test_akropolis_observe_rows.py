"""Akropolis's compact observation (``akropolis_v1``, observe_rows.py) holds v0's facts.

Decoding the rows back into the v0 tensor (a cell's height / 4 and top kind, the site's
one-hots, the globals scaled) must give ``observe.tensor`` exactly, seat by seat, over whole
games at every player count: the two layouts differ in form, not in what a seat is told.
"""

from __future__ import annotations

import random

import pytest

from stonework.core import get_game
from stonework.games.akropolis import observe, observe_rows
from stonework.games.akropolis.hexgrid import CELL_AT, NUM_CELLS
from stonework.games.akropolis.observe import CELL_CHANNELS, GLOBALS_FIXED, SITE_CHANNELS
from stonework.games.akropolis.state import AkropolisState


def decode(state: AkropolisState, values: list[int]) -> list[float]:
    """The v0 tensor rebuilt from a v1 observation (docs/akropolis.md)."""
    n = state.num_players
    rows = observe_rows.city_rows(state)
    out = [0.0] * observe.shape(state)[0]
    for offset in range(n):
        block = values[offset * rows * 4 : (offset + 1) * rows * 4]
        base = offset * NUM_CELLS * CELL_CHANNELS
        for i in range(0, len(block), 4):
            q, r, height, kind = block[i : i + 4]
            if height == 0:
                assert block[i:] == [0] * (len(block) - i), "rows after the last are all 0"
                break
            at = base + CELL_AT[(q, r)] * CELL_CHANNELS
            out[at] = height / 4.0
            out[at + kind] = 1.0
    at = n * rows * 4
    table = observe.table_start(state)
    for position in range(state.site_size):
        kinds = values[at + 3 * position : at + 3 * position + 3]
        if any(kinds):
            block = table + position * SITE_CHANNELS
            out[block] = 1.0
            out[block + 1] = position / 5.0
            for h, kind in enumerate(kinds):
                out[block + 2 + h * 11 + kind - 1] = 1.0
    at += 3 * state.site_size
    table += state.site_size * SITE_CHANNELS
    for offset in range(state.parties):
        out[table + offset] = values[at + offset] / 10.0
    at += state.parties
    table += state.parties
    stacks, pending, to_move, over = values[at : at + 4]
    out[table : table + 4] = [stacks / 19.0, pending / 6.0, float(to_move), float(over)]
    at += 4
    table += GLOBALS_FIXED
    for kind, count in enumerate(values[at : at + 11]):
        out[table + kind] = count / 20.0
    assert at + 11 == len(values)
    return out


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"long_game": True})],
)
def test_rows_decode_to_the_v0_tensor(players: int, options: dict[str, object]) -> None:
    spec = get_game("akropolis")
    state = spec.new_state(players, dict(spec.options.resolve("akropolis", options)))
    assert isinstance(state, AkropolisState)
    rng = random.Random(players)
    shape = observe_rows.shape(state)[0]
    while True:
        for seat in range(players):
            values = observe_rows.rows(state, seat)
            assert len(values) == shape
            assert decode(state, values) == pytest.approx(observe.tensor(state, seat), abs=1e-12)
        if state.is_terminal:
            break
        state.apply(state.random_action(rng))


def test_the_first_rows_are_the_starting_hexes_of_the_seat_observing() -> None:
    spec = get_game("akropolis")
    state = spec.new_state(3, spec.options.defaults())
    assert isinstance(state, AkropolisState)
    rows = observe_rows.city_rows(state)
    for seat in range(3):
        values = observe_rows.rows(state, seat)
        city = values[: rows * 4]
        # The starting tile: the plaza-coloured centre hex and three quarries, all height 1.
        built = [tuple(city[i : i + 4]) for i in range(0, 16, 4)]
        assert built[0][:3] == (0, 0, 1)
        assert all(height == 1 for _, _, height, _ in built)
        assert city[16:] == [0] * (len(city) - 16)
        # Stones from the seat observing, clockwise: the first player has 1, then 2, 3.
        at = 3 * rows * 4 + 3 * state.site_size
        assert values[at : at + 3] == [(seat + k) % 3 + 1 for k in range(3)]
