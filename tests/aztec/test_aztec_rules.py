"""Aztec placement rules (aztec.md §2, §3.1-§3.4, §4.2-§4.3, §4.6), each against the fast engine.

Scenarios are drawn as plan views: ``#`` marks level-1 cubes, ``S`` the start cube; the piece's
cells are listed with their levels.
"""

from __future__ import annotations

import re
from itertools import product

import aztec_reference as ref
import pytest
from aztec_helpers import RULES_FILE, cells, engine_placements, notation, state_with

import stonework
from stonework.core import IllegalAction, derive_seed, make_rng
from stonework.games.aztec.geometry import ORIENTATIONS

START = (4, 4, 1)

# A 3×3 platform on level 1 around the start cube (x, y = 3..5), 8 cubes + the start cube.
#
#   y=5  # # #
#   y=4  # S #
#   y=3  # # #
#       x=3 4 5
PLATFORM = {(x, y, 1) for x in (3, 4, 5) for y in (3, 4, 5)}


def test_the_24_orientations_are_the_rotations_of_base() -> None:
    """aztec.md §2.3, §4.2: 24 distinct orientations, rotations only, chiral (no reflections)."""
    engine = {frozenset(o.cells) for o in ORIENTATIONS}
    assert len(engine) == 24 == len(ORIENTATIONS)
    assert engine == set(ref.ORIENTS)
    mirror = {(2 - x, y, z) for x, y, z in ref.BASE}  # x -> -x, moved back to the origin
    assert frozenset(mirror) not in engine
    for o in ORIENTATIONS:
        assert sorted(o.extent) == [2, 3, 3]  # §2.3: bounding box a permutation of 3×3×2


def test_orientation_names_describe_the_arms() -> None:
    """aztec.md §2.2: arm A (with the sixth cube) and arm B from the corner; sixth cube = A × B."""
    letters = {"E": (1, 0, 0), "W": (-1, 0, 0), "N": (0, 1, 0), "S": (0, -1, 0)}
    letters |= {"U": (0, 0, 1), "D": (0, 0, -1)}
    for o in ORIENTATIONS:
        a, b = letters[o.name[0]], letters[o.name[1]]
        s = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
        corner = o.corner
        expected = {corner}
        for k in (1, 2):
            expected.add(tuple(corner[i] + k * a[i] for i in range(3)))
            expected.add(tuple(corner[i] + k * b[i] for i in range(3)))
        expected.add(tuple(corner[i] + 2 * a[i] + s[i] for i in range(3)))
        assert expected == set(o.cells), o.name


def _section_4_6_vectors() -> set[frozenset[tuple[int, int, int]]]:
    text = RULES_FILE.read_text(encoding="utf-8")
    section = text[text.index("### 4.6") :]
    block = section[section.index("```") + 3 :]
    block = block[: block.index("```")]
    out = set()
    for line in block.strip().splitlines():
        triples = re.findall(r"\((\d),(\d),(\d)\)", line)
        out.add(frozenset((int(x), int(y), int(z)) for x, y, z in triples))
    return out


def test_exactly_the_8_first_placements_of_section_4_6() -> None:
    """aztec.md §4.6: 8 legal first placements, listed by their cells, for every stability rule."""
    listed = _section_4_6_vectors()
    assert len(listed) == 8
    for stability in ("structure", "per_piece", "cell_below"):
        assert engine_placements({START}, stability) == listed
    state = stonework.new_game("aztec")
    assert len(state.legal_actions()) == 8


def test_bounds_height_and_overhang() -> None:
    """aztec.md §3.1, §4.3.1: no cube off the 9×9 board or above level 3."""
    state = stonework.new_game("aztec")
    with pytest.raises(IllegalAction, match="off the board"):
        state.apply_text("EN-h5-1")  # arm A would reach x = 9
    with pytest.raises(IllegalAction, match="above level 3"):
        state.apply_text("NU-d4-2")  # the upright arm would reach level 4
    with pytest.raises(IllegalAction, match="below the board"):
        state.apply_text("ND-d4-1")
    assert state.placed == 0 and len(state.history) == 0


def test_freecells() -> None:
    """aztec.md §4.3.2: the six target cells must be empty."""
    state = stonework.new_game("aztec")
    with pytest.raises(IllegalAction, match="e5-1 is already occupied"):
        state.apply_text("EN-e5-1")


def test_two_face_contacts_needed_and_the_board_does_not_count() -> None:
    """aztec.md §3.2, §4.3.3: at least two face contacts with cubes; the board is no contact."""
    state = stonework.new_game("aztec")
    with pytest.raises(IllegalAction, match="touches the structure with 0 faces"):
        state.apply_text("EN-a1-1")  # lying flat on the board, far from the start cube
    with pytest.raises(IllegalAction, match="touches the structure with 1 face;"):
        state.apply_text("EN-f5-1")  # only its corner cube touches the start cube


def test_two_contacts_on_one_cube_are_enough_unless_contact_cubes() -> None:
    """aztec.md §3.2, §5 A3: two faces of one cube count (default); contact=cubes needs two cubes.

    The corner cube at f6 sits in the inside corner of e6 and f5::

        y=7  . . .
        y=6  # P P P      P: the new piece (arm A east with the sixth cube up at h6)
        y=5  S # .
            x=4 5 6
    """
    occupied = {START, (4, 5, 1), (5, 4, 1)}
    piece = frozenset({(5, 5, 1), (6, 5, 1), (7, 5, 1), (7, 5, 2), (5, 6, 1), (5, 7, 1)})
    assert notation(piece) == "EN-f6-1"
    assert piece in engine_placements(occupied)
    assert piece not in engine_placements(occupied, contact="cubes")
    assert ref.legal(piece, occupied) and not ref.legal(piece, occupied, contact="cubes")


def test_a_single_cube_may_overhang() -> None:
    """aztec.md §3.3: one unsupported cube sticking out is allowed (a cantilever of one).

    The piece lies on level 2 over PLATFORM with its arm B tip at d7 (y=6) over an empty cell.
    """
    piece = frozenset({(3, 4, 2), (3, 5, 2), (3, 6, 2), (4, 4, 2), (5, 4, 2), (5, 4, 3)})
    assert piece in engine_placements(PLATFORM)


def test_two_adjacent_floating_cubes_are_illegal() -> None:
    """aztec.md §3.3, §4.3.4: two face-adjacent floating cubes side by side are forbidden."""
    piece = frozenset({(3, 5, 2), (3, 6, 2), (3, 7, 2), (4, 5, 2), (5, 5, 2), (5, 5, 3)})
    for stability in ("structure", "per_piece", "cell_below"):
        assert piece not in engine_placements(PLATFORM, stability)
    state = state_with(PLATFORM | {(6, 4, 1), (6, 3, 1), (6, 5, 1), (2, 4, 1)})
    with pytest.raises(IllegalAction, match="would both float"):
        state.apply_text(notation(piece))


def test_a_cube_on_a_floating_cube_floats_too() -> None:
    """aztec.md §3.3: "one above the other": a cube resting on a floating cube is floating.

    Arm A runs east on level 2 to g4 (over an empty cell) and the sixth cube stands on that tip:
    a vertical floating pair, illegal by default, legal under variant C (cell_below), where a
    cube with a cube right under it is supported.
    """
    piece = frozenset({(4, 3, 2), (5, 3, 2), (6, 3, 2), (6, 3, 3), (4, 4, 2), (4, 5, 2)})
    assert piece not in engine_placements(PLATFORM)
    assert piece not in engine_placements(PLATFORM, "per_piece")
    assert piece in engine_placements(PLATFORM, "cell_below")


def test_new_floating_cube_next_to_an_old_floating_cube() -> None:
    """aztec.md §3.3 (A5): the whole structure counts by default; variant B (per_piece) only
    forbids floating pairs inside the new piece."""
    cantilever = {(3, 4, 2), (3, 5, 2), (3, 6, 2), (4, 4, 2), (5, 4, 2), (5, 4, 3)}
    occupied = PLATFORM | cantilever
    default = engine_placements(occupied)
    per_piece = engine_placements(occupied, "per_piece")
    assert default < per_piece
    for piece in per_piece - default:
        old_floating_neighbour = any(
            n in occupied
            and ref.floating(c, occupied | piece, "structure")
            and ref.floating(n, occupied | piece, "structure")
            for c in piece
            for d in ref.D6
            for n in [(c[0] + d[0], c[1] + d[1], c[2] + d[2])]
        )
        assert old_floating_neighbour, sorted(piece)


def test_filling_a_gap_supports_the_cubes_above_it() -> None:
    """aztec.md §4.3.4: floating is judged after the placement (A = OCC ∪ P), so a piece may fill
    the hole under an old floating cube and lie next to it."""
    cantilever = {(3, 4, 2), (3, 5, 2), (3, 6, 2), (4, 4, 2), (5, 4, 2), (5, 4, 3)}
    occupied = PLATFORM | cantilever
    fills = [p for p in engine_placements(occupied) if (3, 6, 1) in p]
    assert fills
    for piece in fills:
        assert not ref.floating((3, 6, 2), occupied | piece, "structure")


def test_slide_insertion_needs_a_straight_path() -> None:
    """aztec.md §3.4, §4.3.5: insertion=slide keeps only placements that can slide in straight
    from above or from a side; every one it drops is blocked in all five directions."""
    rng = make_rng(4)
    dropped = 0
    for _ in range(6):
        state = stonework.new_game("aztec")
        while not state.is_terminal:
            occupied = cells(state.occupied)
            free = engine_placements(occupied)
            slide = engine_placements(occupied, insertion="slide")
            assert slide <= free
            for piece in free - slide:
                dropped += 1
                for u in ((0, 0, -1), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)):
                    assert not ref.shadow_free(piece, occupied, u)
            state.apply(state.random_action(rng))
    assert dropped > 0


def _random_positions(
    options: dict[str, str], games: int, seed: int
) -> list[set[tuple[int, int, int]]]:
    """Positions of random games under ``options`` (every ply)."""
    rng = make_rng(seed)
    out = []
    for _ in range(games):
        state = stonework.new_game("aztec", **options)
        while True:
            out.append(cells(state.occupied))
            if state.is_terminal:
                break
            state.apply_unchecked(state.random_action(rng))
    return out


@pytest.mark.parametrize(
    ("stability", "insertion", "contact"),
    list(product(("structure", "per_piece", "cell_below"), ("free", "slide"), ("faces", "cubes"))),
)
def test_engine_matches_the_reference_on_random_positions(
    stability: str, insertion: str, contact: str
) -> None:
    """aztec.md §4.3: the bit-parallel engine and the set-based reference agree exactly, on the
    positions of random games (about 180 per option set, 2,000+ in all)."""
    options = {"stability": stability, "insertion": insertion, "contact": contact}
    seed = derive_seed(0, "aztec-reference", stability, insertion, contact)
    for occupied in _random_positions(options, games=8, seed=seed):
        expected = ref.legal_placements(occupied, stability, insertion, contact)
        assert engine_placements(occupied, stability, insertion, contact) == expected


def test_engine_matches_the_reference_on_arbitrary_cube_sets() -> None:
    """aztec.md §4.3: the predicate is defined on any set of cubes, reachable or not; random
    clouds of cubes (many floating) stress the stability terms where the piece fills gaps."""
    rng = make_rng(99)
    for trial in range(150):
        density = rng.choice((0.1, 0.2, 0.35, 0.5))
        occupied = {START} | {
            (x, y, z)
            for x in range(9)
            for y in range(9)
            for z in (1, 2, 3)
            if rng.random() < density / z
        }
        stability = ("structure", "per_piece", "cell_below")[trial % 3]
        insertion = ("free", "slide")[trial // 3 % 2]
        contact = ("faces", "cubes")[trial // 6 % 2]
        expected = ref.legal_placements(occupied, stability, insertion, contact)
        assert engine_placements(occupied, stability, insertion, contact) == expected


def test_the_game_starts_with_the_start_cube_alone() -> None:
    """aztec.md §3.1, §4.1: a fixed start cube at the centre on level 1 (e5-1), nothing else."""
    state = stonework.new_game("aztec")
    assert cells(state.occupied) == {START}
    assert state.pieces_left == 22


def test_placed_pieces_never_move() -> None:
    """aztec.md §3.4: placed pieces stay where they are; each turn adds exactly six cubes, the
    cells of the placement named by the action."""
    rng = make_rng(12)
    state = stonework.new_game("aztec")
    while not state.is_terminal:
        before = cells(state.occupied)
        action = state.random_action(rng)
        state.apply(action)
        after = cells(state.occupied)
        assert before < after and len(after - before) == 6
        assert notation(after - before) == str(action)
