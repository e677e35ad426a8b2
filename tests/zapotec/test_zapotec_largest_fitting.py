"""Option pyramid_piece=largest-fitting (§7): a level takes the largest of the player's pieces
that fits where it goes, so a player with every piece left can finish another's pyramid."""

from __future__ import annotations

from zapotec_helpers import illegal, legal_texts, new

from stonework.core.registry import from_position
from stonework.games.zapotec.components import ICONS, LARGE, MEDIUM, SMALL, piece
from stonework.games.zapotec.rules import pyramid_complete
from stonework.games.zapotec.scenario import Scenario
from stonework.games.zapotec.scoring import pyramid_points
from stonework.games.zapotec.state import ZapotecState

A, B, C, D = 0, 1, 2, 3


def on_pyramid_1(*stack: tuple[int, str], levels: int = 1, **options: object) -> ZapotecState:
    """Seat A on turn (round 1, income taken) with the price of ``levels`` pyramid levels, all
    six pieces left, and ``stack`` (``(seat, size)`` pieces) on pyramid 1."""
    return (
        Scenario.new(4, **options)
        .pyramid(1, *stack)
        .turn(A, "village", "brick")
        .resources(A, wood=levels, brick=levels, stone=levels, priest=levels)
        .state()
    )


def test_worked_example_a_full_hand_finishes_a_pyramid() -> None:
    """Worked example: B's large and C's medium stand on pyramid 1; A, with all six pieces,
    builds a level on it: under the default A's large does not fit, under largest-fitting A's
    medium cannot go on a medium either, so A's small goes and completes the pyramid."""
    default = on_pyramid_1((B, "large"), (C, "medium"))
    assert "pyramid 1" not in legal_texts(default)
    assert "larger piece" in illegal(default, "pyramid 1")

    state = on_pyramid_1((B, "large"), (C, "medium"), pyramid_piece="largest-fitting")
    assert state.pieces[A] == [3, 2, 1]
    assert "pyramid 1" in legal_texts(state)
    state.apply_text("pyramid 1")
    assert state.pyramids[0] == [piece(B, LARGE), piece(C, MEDIUM), piece(A, SMALL)]
    assert state.pieces[A] == [2, 2, 1]  # small, medium, large left: one small used
    assert pyramid_complete(state, state.pyramids[0])
    # §7 scoring: A has one piece in the complete pyramid, so at least its 5 VP.
    assert pyramid_points(state, A)[A] >= 5


def test_the_largest_piece_that_fits_not_the_smallest() -> None:
    """On a large piece the player's medium goes (not the small); a new pyramid takes the large."""
    state = on_pyramid_1((B, "large"), levels=2, pyramid_piece="largest-fitting")
    state.apply_text("pyramid 1")
    assert state.pyramids[0] == [piece(B, LARGE), piece(A, MEDIUM)]
    state.apply_text(f"pyramid 2 {ICONS[state.scoring_tiles[0]]}")
    assert state.pyramids[1] == [piece(A, LARGE)]
    assert state.pieces[A] == [3, 1, 0]


def test_no_piece_fits_and_named_pieces_are_refused() -> None:
    """Bad input: a full pyramid takes nothing, and a size is named only under pyramid_piece=any;
    the refused actions change nothing."""
    state = on_pyramid_1((B, "large"), (C, "medium"), (D, "small"), pyramid_piece="largest-fitting")
    before = state.position()
    assert "pyramid 1" not in legal_texts(state)
    assert "none of your pieces fits" in illegal(state, "pyramid 1")
    assert "name no size" in illegal(state, "pyramid 1 small")
    assert state.position() == before


def test_the_option_reads_back_from_its_position() -> None:
    """The option is written in the position string and read back."""
    state = new(3, pyramid_piece="largest-fitting")
    copy = from_position("zapotec", state.position())
    assert copy.options["pyramid_piece"] == "largest-fitting"
    assert copy.position() == state.position()
