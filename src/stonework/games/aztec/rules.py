"""Legality of placements (aztec.md §4.3), found for all anchors of an orientation at once.

For one orientation, bit ``t`` of ``M >> k`` says whether cell ``t + k`` is in ``M``; with ``t``
the anchor (low corner of the bounding box) and ``k`` the offset of one cube, one shift tests
that cube for every placement of the orientation. Each condition of §4.3 is written with such
shifted *position masks* (empty cells, cells with one or two occupied neighbours, cells with a
hole below them, cells with an occupied or a floating neighbour in some direction...); the
masks are rebuilt once per position (:func:`position_masks`) and each orientation's test,
compiled at import into a :class:`Plan`, is a few dozen big-int operations.

Stability (§4.3.4) looks at pairs (c, n) of face-adjacent cells with c a new cube and n in
``OCC ∪ P``, both floating after the placement. When no cube of the piece lies in the columns
under c and n, "floating after" equals "floating now"; otherwise the piece's own cubes fill part
of a column and the test names the cell that must still be empty. Each such pair is an AND of
position-mask cells relative to c (a *term*); the OR of the terms of a cube is itself a position
mask, so the whole stability test of an orientation costs one shift per cube.

All position masks are stored shifted left by :data:`BIAS` so that every offset, including
cells below level 1 (which count as "not empty"), is a right shift.

The turn itself (:func:`check`, :func:`apply`) and the 3-player auction for Ah Puch (§3.7) are
at the end of this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from stonework.core.errors import IllegalAction, InvalidAction
from stonework.core.state import Action
from stonework.games.aztec.actions import AUCTION_PASS, PLACEMENT_CELLS, AuctionPass, Bid, Placement
from stonework.games.aztec.geometry import (
    DIRECTION_VECTORS,
    FULL,
    HAS_NEIGHBOUR,
    LAYER,
    LEVEL_MASKS,
    LEVELS,
    NEIGHBOUR_STEPS,
    NUM_CELLS,
    ORIENTATIONS,
    SIZE,
    Mask,
    Orientation,
    Vec,
    anchors_in_box,
    cell_coords,
    cell_index,
    cell_name,
    cells_of,
    in_box,
    placement_cells,
)

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

STABILITY_MODES: Final = ("structure", "per_piece", "cell_below")
"""aztec.md §3.3: the default (column not solid, whole structure), variant B and variant C."""

INSERTION_MODES: Final = ("free", "slide")
"""aztec.md §3.4/§4.3.5: teleport (default), or a straight slide-in from above or a side."""

BIAS: Final = 256
"""Every position mask is stored shifted left by this many bits (see the module docstring)."""

# Keys of the position masks (indices into the list built by position_masks).
EMPTY: Final = 0
HOLE_BELOW: Final = 1  # a cell with an empty cell under it (its cube would float)
ONE_CONTACT: Final = 2  # a cell with at least one occupied face-neighbour
TWO_CONTACTS: Final = 3  # ... with at least two
OCC_NEIGHBOUR: Final = 4  # 4..9: the neighbour in direction d is occupied
FLOAT_NEIGHBOUR: Final = 10  # 10..15: the neighbour in direction d is occupied and floating
SHADOW: Final = 16  # 16..20: some occupied cell lies beyond the cell in a slide-in direction
FIRST_COMBINED: Final = 21  # then each cube's instability mask (an OR of terms, see _COMBINED)

SLIDE_FROM: Final = (4, 0, 1, 2, 3)
"""Directions a piece may come from (aztec.md §4.3.5): above, east, west, north, south."""

Literal = tuple[int, int]  # (base-mask key, cell offset): "cell at that offset is in the mask"
Term = frozenset[Literal]  # an AND of literals, offsets relative to one cube of the piece


@dataclass(frozen=True)
class Plan:
    """The compiled legality test of one orientation under one stability rule."""

    orientation: Orientation
    anchors: Mask  # anchors at which the piece is inside the box
    shifts: tuple[int, ...]  # BIAS + offset of each cube
    unstable: tuple[tuple[int, int], ...]  # (key of a cube's instability mask, BIAS + offset)
    id_base: int  # action id of the placement anchored at cell 0 (ids are id_base + anchor)
    slide_shifts: tuple[tuple[int, ...], ...]  # per SLIDE_FROM direction, BIAS + offsets of the
    # cubes with no other cube beyond them that way (the piece's lines are solid runs, so the
    # others' paths are covered by these)


def _add(a: Vec, b: Vec) -> Vec:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def _offset(v: Vec) -> int:
    return v[0] + SIZE * v[1] + LAYER * v[2]


def _floating(q: Vec, piece: frozenset[Vec], stability: str) -> Term | None:
    """When cube ``q`` floats once the piece is placed, as literals; None: it never does.

    Without a cube of the piece under ``q`` that is "q has a hole below" (the generic case);
    otherwise the remaining cell under it must be empty. The columns of the piece are solid
    runs, so one literal always suffices.
    """
    below = [(q[0], q[1], q[2] - k) for k in ((1,) if stability == "cell_below" else (1, 2))]
    if not any(b in piece for b in below):
        return frozenset({(HOLE_BELOW, _offset(q))})
    holes = [b for b in below if b not in piece]
    if stability == "cell_below" or not holes:
        return None
    assert len(holes) == 1
    return frozenset({(EMPTY, _offset(holes[0]))})


def _generic(term: Term, q: Vec) -> bool:
    return term == frozenset({(HOLE_BELOW, _offset(q))})


def _cube_terms(orientation: Orientation, stability: str) -> list[frozenset[Term]]:
    """For each cube c, the ways it breaks stability (§4.3.4), relative to c's offset.

    A pair (c, n) breaks it when both float after the placement. n may be another cube of the
    piece (each such pair is charged to one of its cubes), or an old cube: then it must be
    occupied, and if no cube of the piece lies under it, "floating after" is "floating now".
    """
    piece = frozenset(orientation.cells)
    out = []
    for c in orientation.cells:
        fc = _floating(c, piece, stability)
        terms: set[Term] = set()
        for d, vec in enumerate(DIRECTION_VECTORS):
            n = _add(c, vec)
            fn = _floating(n, piece, stability)
            if fc is None or fn is None:
                continue
            if n in piece:
                if n > c:
                    terms.add(fc | fn)
            elif stability == "per_piece":
                continue
            elif _generic(fn, n):
                terms.add(fc | {(FLOAT_NEIGHBOUR + d, _offset(c))})
            else:
                terms.add(fc | fn | {(OCC_NEIGHBOUR + d, _offset(c))})
        base = _offset(c)
        out.append(frozenset(frozenset((k, off - base) for k, off in t) for t in terms))
    return out


def _build_plans() -> tuple[
    dict[str, tuple[Plan, ...]],
    dict[str, tuple[tuple[Literal, ...], ...]],
    dict[str, tuple[tuple[int, ...], ...]],
]:
    plans: dict[str, tuple[Plan, ...]] = {}
    patterns: dict[str, tuple[tuple[Literal, ...], ...]] = {}
    combos: dict[str, tuple[tuple[int, ...], ...]] = {}
    for mode in STABILITY_MODES:
        per_orientation = [(o, _cube_terms(o, mode)) for o in ORIENTATIONS]
        terms = sorted({t for _, cubes in per_orientation for ts in cubes for t in ts}, key=sorted)
        term_index = {t: i for i, t in enumerate(terms)}
        sets = sorted(
            {
                tuple(sorted(term_index[t] for t in ts))
                for _, cubes in per_orientation
                for ts in cubes
                if ts
            }
        )
        set_key = {s: FIRST_COMBINED + i for i, s in enumerate(sets)}
        built = []
        for o, cubes in per_orientation:
            unstable = []
            for ts, k in zip(cubes, o.steps, strict=True):
                if ts:
                    unstable.append((set_key[tuple(sorted(term_index[t] for t in ts))], BIAS + k))
            shifts = tuple(BIAS + k for k in o.steps)
            id_base = o.index * NUM_CELLS + o.corner_step
            fronts = tuple(
                tuple(
                    BIAS + _offset(c)
                    for c in o.cells
                    if _add(c, DIRECTION_VECTORS[d]) not in frozenset(o.cells)
                )
                for d in SLIDE_FROM
            )
            built.append(Plan(o, anchors_in_box(o), shifts, tuple(unstable), id_base, fronts))
        plans[mode] = tuple(built)
        patterns[mode] = tuple(tuple((key, BIAS + k) for key, k in sorted(t)) for t in terms)
        combos[mode] = tuple(sets)
    return plans, patterns, combos


PLANS, _TERMS, _COMBINED = _build_plans()
"""For each stability rule, the plan of each orientation; the terms (cube-relative ANDs of base
masks) and the per-cube ORs of terms that the position masks must provide."""


def _shift(mask: Mask, step: int) -> Mask:
    """The mask whose bit c is bit ``c + step`` of ``mask``."""
    return mask >> step if step >= 0 else mask << -step


def _neighbours(mask: Mask) -> list[Mask]:
    """For each direction of DIRECTIONS (E W N S U D), the cells whose neighbour that way is in
    ``mask`` (written out: this runs once per position)."""
    east, west, north, south, _, down = HAS_NEIGHBOUR
    return [
        (mask >> 1) & east,
        (mask << 1) & west,
        (mask >> SIZE) & north,
        (mask << SIZE) & south,
        mask >> LAYER,
        (mask << LAYER) & down,
    ]


def shadow_masks(occupied: Mask) -> list[Mask]:
    """For each SLIDE_FROM direction, the cells with some occupied cell beyond them that way
    (the SHADOW position masks of ``insertion=slide``, unshifted)."""
    out = []
    for d in SLIDE_FROM:
        step = NEIGHBOUR_STEPS[d]
        inside = HAS_NEIGHBOUR[d]
        reach = _shift(occupied, step) & inside
        for _ in range(SIZE - 2 if d < 4 else LEVELS - 2):
            reach |= _shift(reach, step) & inside
        out.append(reach)
    return out


def position_masks(occupied: Mask, stability: str, slide: bool) -> list[Mask]:
    """The position masks of an occupancy, each shifted left by :data:`BIAS`."""
    empty = FULL & ~occupied
    if stability == "cell_below":
        hole_below = (empty << LAYER) & FULL
    else:
        hole_below = ((empty << LAYER) | ((empty & LEVEL_MASKS[0]) << (2 * LAYER))) & FULL
    occupied_n = _neighbours(occupied)
    ones = twos = 0
    for m in occupied_n:
        twos |= ones & m
        ones |= m
    base = [empty, hole_below, ones, twos, *occupied_n, *_neighbours(occupied & hole_below)]
    base += shadow_masks(occupied) if slide else [0] * len(SLIDE_FROM)
    masks = [m << BIAS for m in base]
    # Terms are ANDs of cells of these masks relative to one cube: (key, BIAS + offset) pairs.
    terms = []
    for term in _TERMS[stability]:
        (key, k), *rest = term
        m = masks[key] >> k
        for key, k in rest:
            m &= masks[key] >> k
        terms.append(m)
    for indices in _COMBINED[stability]:
        m = 0
        for i in indices:
            m |= terms[i]
        masks.append(m << BIAS)
    return masks


def anchor_ids(anchors: list[tuple[Plan, Mask]]) -> list[int]:
    """The placement ids of ``legal_anchors``' masks, ascending: each anchor bit is an id."""
    out: list[int] = []
    for plan, m in anchors:
        base = plan.id_base
        while m:
            low = m & -m
            out.append(base + low.bit_length() - 1)
            m ^= low
    return out


def legal_anchors(
    occupied: Mask, stability: str, slide: bool, two_cubes: bool = False
) -> list[tuple[Plan, Mask]]:
    """For each orientation with legal placements, its plan and the mask of legal anchors.

    ``two_cubes`` is the ``contact=cubes`` variant (§5 A3): the two contacts must be made by
    two different cubes of the piece.
    """
    masks = position_masks(occupied, stability, slide)
    empty = masks[EMPTY]
    one = masks[ONE_CONTACT]
    two = 0 if two_cubes else masks[TWO_CONTACTS]
    out = []
    for plan in PLANS[stability]:
        shifts = plan.shifts
        k0, k1, k2, k3, k4, k5 = shifts  # written out: this is the engine's inner loop
        m = (
            plan.anchors
            & (empty >> k0)
            & (empty >> k1)
            & (empty >> k2)
            & (empty >> k3)
            & (empty >> k4)
            & (empty >> k5)
        )
        if not m:
            continue
        # Contacts (§4.3.3): two faces on one cube, or one face on each of two cubes.
        a0, a1, a2, a3, a4, a5 = one >> k0, one >> k1, one >> k2, one >> k3, one >> k4, one >> k5
        at_least_one = a0 | a1
        at_least_two = a0 & a1
        at_least_two |= at_least_one & a2
        at_least_one |= a2
        at_least_two |= at_least_one & a3
        at_least_one |= a3
        at_least_two |= at_least_one & a4
        at_least_one |= a4
        at_least_two |= at_least_one & a5
        if two:
            at_least_two |= (
                (two >> k0) | (two >> k1) | (two >> k2) | (two >> k3) | (two >> k4) | (two >> k5)
            )
        m &= at_least_two
        if not m:
            continue
        for key, k in plan.unstable:
            m &= ~(masks[key] >> k)
        if m and slide:
            blocked = -1
            for i, fronts in enumerate(plan.slide_shifts):
                shadow = masks[SHADOW + i]
                hit = 0
                for k in fronts:
                    hit |= shadow >> k
                blocked &= hit
            m &= ~blocked
        if m:
            out.append((plan, m))
    return out


def _floats(cell: Vec, filled: set[Vec], stability: str) -> bool:
    x, y, z = cell
    if stability == "cell_below":
        return z > 1 and (x, y, z - 1) not in filled
    return any((x, y, k) not in filled for k in range(1, z))


def explain_illegal(
    occupied: Mask,
    orientation: Orientation,
    corner: int,
    stability: str,
    slide: bool,
    two_cubes: bool = False,
) -> str:
    """Why a placement is illegal, in words (for error messages; the engine never uses it to
    decide). Returns "" when no reason is found."""
    cells = placement_cells(orientation, corner)
    outside = [c for c in cells if not in_box(*c)]
    if outside:
        z = outside[0][2]
        where = "above level 3" if z > LEVELS else "below the board" if z < 1 else "off the board"
        return f"the piece would stick out {where} (aztec.md §4.3.1)"
    occ = {cell_coords(c) for c in cells_of(occupied)}
    taken = [c for c in cells if c in occ]
    if taken:
        return f"cell {cell_name(cell_index(*taken[0]))} is already occupied (§4.3.2)"
    touching = [c for c in cells for d in DIRECTION_VECTORS if _add(c, d) in occ]
    if len(touching) < 2 or (two_cubes and len(set(touching)) < 2):
        count = len(set(touching)) if two_cubes else len(touching)
        what = ("cube" if two_cubes else "face") + ("" if count == 1 else "s")
        return (
            f"the piece touches the structure with {count} {what}; at least 2 are needed (§4.3.3)"
        )
    after = occ | set(cells)
    for c in cells:
        if not _floats(c, after, stability):
            continue
        for d in DIRECTION_VECTORS:
            n = _add(c, d)
            if stability == "per_piece" and n not in cells:
                continue
            if n in after and _floats(n, after, stability):
                return (
                    f"cubes {cell_name(cell_index(*c))} and {cell_name(cell_index(*n))} would "
                    "both float (stability, §4.3.4)"
                )
    if slide:
        return "the piece cannot slide in from above or from any side (insertion=slide, §4.3.5)"
    return ""


# --- the turn -------------------------------------------------------------------------------------

NO_BID: Final = 0
"""A pass in the auction record (bids run from 1)."""


def auction_actions(state: AztecState) -> list[Action]:
    """The bids below the standing one, highest first, then pass unless the seat must bid."""
    top = state.high_bid - 1 if state.high_bid != NO_BID else state.max_bid
    out: list[Action] = [Bid(points) for points in range(top, 0, -1)]
    # §3.7 item 1: after two passes without a bid, the third seat must bid.
    if not (state.high_bid == NO_BID and len(state.auction) == 2):
        out.append(AUCTION_PASS)
    return out


def check(state: AztecState, action: Action) -> None:
    """Raise InvalidAction or IllegalAction, naming the rule, unless ``action`` is legal now."""
    if not state.is_action(action):
        if isinstance(action, (Bid, AuctionPass)) and state.num_players == 2:
            raise InvalidAction(f"{action} is not an action of 2-player Aztec (no auction)")
        if isinstance(action, Bid):
            raise InvalidAction(f"{action}: bids run from 1 to {state.max_bid}")
        raise InvalidAction(f"{action!r} is not an Aztec action")
    if state.in_auction:
        _check_auction(state, action)
    else:
        _check_placement(state, action)


def _check_auction(state: AztecState, action: Action) -> None:
    if isinstance(action, Placement):
        raise IllegalAction(
            f"{action}: no piece may be placed before the auction for Ah Puch is over "
            f"({state.describe_turn()})"
        )
    if action not in auction_actions(state):
        if isinstance(action, Bid):
            raise IllegalAction(f"{action}: a bid must be lower than {state.high_bid} (§3.7)")
        raise IllegalAction("pass: after two passes without a bid the third seat must bid")


def _check_placement(state: AztecState, action: Action) -> None:
    if not isinstance(action, Placement):
        raise IllegalAction(f"{action}: the auction is over ({state.describe_turn()})")
    if action.id not in state._placement_ids():
        reason = explain_illegal(
            state.occupied,
            ORIENTATIONS[action.orientation],
            action.corner,
            state._stability,
            state._slide,
            state._two_cubes,
        )
        raise IllegalAction(f"{action} is not legal: {reason or state.describe_turn()}")


def apply(state: AztecState, action: Action) -> None:
    """Play a checked action: place a piece, or bid or pass in the auction."""
    if isinstance(action, Placement):
        cells = PLACEMENT_CELLS[action.orientation * NUM_CELLS + action.corner]
        assert cells is not None
        state.occupied |= cells
        state.placed += 1
        state.last = action
        state._legal = None
        state._anchors = None
    elif isinstance(action, Bid):
        auction_seat_acts(state, action.points)
    else:
        auction_seat_acts(state, NO_BID)


def auction_seat_acts(state: AztecState, bid: int) -> None:
    """Record a bid (or NO_BID for a pass) by the seat to act, ending the auction when due.

    §3.7 item 1: seats bid in seat order from seat 0, skipping seats that passed; the
    auction ends when all seats but one have passed after at least one bid.
    """
    seat = state.auction_seat
    state.auction.append(bid)
    if bid == NO_BID:
        state.auction_passed |= 1 << seat
    else:
        state.high_bid = bid
        state.high_bidder = seat
    if state.high_bid != NO_BID and state.auction_passed.bit_count() == 2:
        state.ah_puch = state.high_bidder
        first_builder = (state.ah_puch + 1) % 3
        state.first = state.ah_puch if state.options["ah_puch_turn"] == "first" else first_builder
        return
    seat = (seat + 1) % 3
    while state.auction_passed >> seat & 1:
        seat = (seat + 1) % 3
    state.auction_seat = seat
