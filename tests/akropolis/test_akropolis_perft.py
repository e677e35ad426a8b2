"""Perft for Akropolis (§3.1): counts of action sequences from fixed positions, as fixed numbers.

A count changes only if the rules do: where a tile may go (§3.1), what a seat can pay for, and
the reveals at a chance node (each unseen tile is an outcome). The openings are seeded setups
(the first reveals drawn by the seed); the later positions were reached by seeded random play
and are pinned by their position strings, so the counts do not depend on any random generator.
"""

from __future__ import annotations

import pytest

import stonework
from stonework.core.conformance import perft

OPENINGS = {
    # (players, seed): perft 1, 2. The first tile can take site position 1 or 2 (one stone),
    # and lies in any of the 90 placements around the starting tile (§3.1).
    (2, 1): [180, 48600],
    (3, 7): [180, 48600],
    (1, 3): [180, 30780],  # solo: the Architect's turn follows at once
}

POSITIONS = {
    # two players, two tiles of the next stack still to be revealed (chance)
    "reveal": (
        "2;hmbtg;any_empty,single_hex,std,hippodamos;0,0,9,2;23,11;"
        "0:9@-3,1/1+5@-4,1/3+36@-5,3/4;0:19@1,2/0+13@-2,2/4+10@-3,1/1"
    ),
    # four players, the five tiles of a new round still to be revealed
    "four_players": (
        "4;hmbtg;any_empty,single_hex,std,hippodamos;3,3,8,5;39;"
        "0:55@0,2/0+8@2,0/0+49@1,-2/0+6@-1,-2/1;0:7@-2,0/2+27@-3,2/5+15@1,1/3+58@-2,3/0;"
        "0:56@1,-3/4+41@2,-2/0+18@-1,3/0+31@-1,-1/3;1:4@2,0/1+9@3,-3/2+10@1,-2/5"
    ),
}
COUNTS = {"reveal": [29, 812], "four_players": [45, 1980]}


@pytest.mark.parametrize(("players", "seed"), list(OPENINGS))
def test_opening_perft(players: int, seed: int) -> None:
    """§3.1 from a seeded setup: every affordable site position times every placement."""
    state = stonework.new_game("akropolis", players=players, seed=seed)
    assert [perft(state, depth) for depth in (1, 2)] == OPENINGS[(players, seed)]


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_from_position(name: str) -> None:
    """Later positions, chance nodes included: the same counts as when they were pinned."""
    state = stonework.from_position("akropolis", POSITIONS[name])
    assert [perft(state, depth) for depth in (1, 2)] == COUNTS[name]
