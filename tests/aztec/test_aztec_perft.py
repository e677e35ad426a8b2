"""Perft for Aztec (aztec.md §4.6): counts of legal placement sequences from the start.

Depth 1 is the 8 of §4.6. The deeper counts are golden values computed by the independent
set-based reference (``python tests/aztec/aztec_reference.py 3`` prints the depth 1-3 rows;
the depth-4 split below took ``perft({START} | first, 3)`` for two first placements).
"""

from __future__ import annotations

import aztec_reference as ref
import pytest
from aztec_helpers import notation

import stonework
from stonework.core.conformance import perft

GOLDEN = {
    "default": ({}, [8, 704, 73504]),
    "per_piece": ({"stability": "per_piece"}, [8, 704, 74448]),
    "cell_below": ({"stability": "cell_below"}, [8, 736, 82408]),
    "slide": ({"insertion": "slide"}, [8, 704, 73412]),
    "contact_cubes": ({"contact": "cubes"}, [8, 604, 53368]),
}

# perft(3) after a first placement, default rules, from the reference (the engine's perft(4) from
# the start is 8,203,048; too slow for the reference to pin in full).
DIVIDE_4 = {
    frozenset({(3, 3, 1), (3, 3, 2), (3, 3, 3), (3, 4, 1), (3, 5, 1), (4, 5, 1)}): 867910,
    frozenset({(3, 3, 1), (3, 3, 2), (3, 4, 1), (3, 5, 1), (4, 5, 1), (5, 5, 1)}): 1182852,
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_perft_to_depth_3(name: str) -> None:
    """aztec.md §4.6 and §5: perft 1-3 of the engine equal the reference's golden counts."""
    options, counts = GOLDEN[name]
    state = stonework.new_game("aztec", **options)
    assert [perft(state, depth) for depth in (1, 2, 3)] == counts


def test_reference_reproduces_depth_2() -> None:
    """The golden values come from the reference: it still computes the depth-2 counts."""
    for options, counts in GOLDEN.values():
        assert ref.perft({ref.START}, 2, **options) == counts[1]


@pytest.mark.slow
@pytest.mark.parametrize("first", list(DIVIDE_4), ids=["NU-d4-1", "SE-d6-1"])
def test_perft_depth_4_split(first: frozenset[tuple[int, int, int]]) -> None:
    """Depth 4, split by first placement (default rules), against the reference's counts."""
    state = stonework.new_game("aztec")
    state.apply_text(notation(first))
    assert perft(state, 3) == DIVIDE_4[first]
