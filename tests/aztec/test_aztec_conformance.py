"""The conformance kit on Aztec variants (the defaults are covered by test_registered_games)."""

from __future__ import annotations

import pytest

from stonework.core.conformance import check_game


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"stability": "per_piece", "insertion": "slide", "corners": "none"}),
        (2, {"stability": "cell_below", "contact": "cubes", "starter": "east_west"}),
        (3, {"threshold": "sum", "ah_puch_turn": "last", "no_move": "lose"}),
    ],
)
def test_conformance_of_variants(players: int, options: dict[str, str]) -> None:
    """The protocol holds under every option (aztec.md §5): legal actions, ids, clones, records."""
    report = check_game("aztec", games=1, seed=3, players=players, **options)
    assert report.games == 1 and report.decisions >= 22
