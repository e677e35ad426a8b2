"""Legality of placements on 64-bit words: the compiled build's form of ``rules.legal_anchors``.

:func:`stonework.games.aztec.rules.legal_anchors` tests each orientation for every anchor at
once with shifts of ~500-bit Python ints. Compiled, such ints stay boxed objects (mypyc ran that
code at 0.88x of the interpreter), so this module computes the same answer on machine words
(``i64``), which the compiled build turns into plain C arithmetic; from source it is slower
than ``rules`` and the state only uses it in the compiled build (:data:`COMPILED`).

Layout. The board is cut into :data:`WINDOWS` overlapping bands of rows: window ``w`` holds
rows ``3w-1 .. 3w+5`` of one level (seven rows of nine cells, bits 0..62 of a word, bit
``x + 9*(y - 3w + 1)``), and the anchors tested in it are those of rows ``3w .. 3w+2``. A piece
is at most three rows deep, so every cube of those placements lies in rows ``3w .. 3w+4``, and
the only cells beyond them that a test reads (the cell under an old neighbour cube, for
stability) lie one row further out, still inside the window. Each position mask of ``rules``
becomes :data:`SLOTS` levels x :data:`WINDOWS` words; levels 1..3 are slots 2..4, and the
slots below and above are zero (below the board counts as "not empty", as the BIAS of
``rules`` makes it there). A cube at offset ``(dx, dy, dz)`` from the anchor is then the word
``dz`` levels up, shifted right by ``dx + 9*dy``: the same single shift per cube as in ``rules``.

Every word stays below 2**63 in exact arithmetic (each left shift is masked first), so the
compiled code never overflows and computes exactly what the interpreter computes from source;
``tests/aztec/test_aztec_legal_words.py`` checks the two forms give the same legal lists.
"""

from __future__ import annotations

from typing import Final

# Both come with mypy (the dev tools, which `make compile` needs anyway): vec[i64] is an array of
# unboxed words in compiled code; from source, i64 is int.
from librt.vecs import vec
from mypy_extensions import i64

from stonework.games.aztec import rules
from stonework.games.aztec.geometry import LAYER, LEVELS, SIZE, Mask
from stonework.games.aztec.rules import (
    EMPTY,
    FIRST_COMBINED,
    FLOAT_NEIGHBOUR,
    HOLE_BELOW,
    OCC_NEIGHBOUR,
    ONE_CONTACT,
    SHADOW,
    STABILITY_MODES,
    TWO_CONTACTS,
)

COMPILED: Final = not __file__.endswith(".py")
"""True in the compiled build: only then is this module faster than ``rules``."""

WINDOWS: Final[i64] = 3
"""Bands of rows per level (anchor rows 3w..3w+2 in window w)."""

SLOTS: Final[i64] = LEVELS + 4
"""Level slots per mask: two below the board, levels 1..3, two above (terms reach 2 levels)."""

WORDS: Final[i64] = SLOTS * WINDOWS
"""Words per position mask; word ``slot * WINDOWS + w``, level ``z`` at slot ``z + 1``."""

WORD_MASK: Final[i64] = (1 << 63) - 1


def _rows(first: int, last: int) -> int:
    """The bits of window rows ``first..last`` (0..6), every file."""
    return ((1 << (SIZE * (last - first + 1))) - 1) << (SIZE * first)


def _in_box(w: int) -> int:
    """The bits of window ``w`` whose row lies on the board (rows 0..8)."""
    first = max(0, 1 - 3 * w)
    last = min(6, SIZE - 3 * w)
    return _rows(first, last)


IN_BOX: Final[tuple[int, ...]] = tuple(_in_box(w) for w in range(WINDOWS))
"""Per window, its cells that lie on the board."""

ANCHOR_ROWS: Final = _rows(1, 3)
"""The window rows whose anchors a window tests (board rows 3w..3w+2)."""

_FILE_0: Final = sum(1 << (SIZE * r) for r in range(7))
NOT_WEST_EDGE: Final[i64] = WORD_MASK & ~_FILE_0
"""Cells with a neighbour to the west (file a has none)."""
NOT_EAST_EDGE: Final[i64] = WORD_MASK & ~(_FILE_0 << (SIZE - 1))
"""Cells with a neighbour to the east (file i has none)."""


def window_shift(z: int, w: int) -> int:
    """How far ``occupied << SIZE`` is shifted right to bring window ``w`` of level ``z`` to bit 0."""
    return LAYER * (z - 1) + 3 * SIZE * w


def split(mask: Mask) -> list[int]:
    """A mask of cells as :data:`WORDS` words (levels 1..3; the other slots are 0)."""
    out = [0] * WORDS
    big = mask << SIZE  # row -1 of level 1 at bits 0..8
    for z in range(1, LEVELS + 1):
        for w in range(WINDOWS):
            out[(z + 1) * WINDOWS + w] = (big >> window_shift(z, w)) & IN_BOX[w]
    return out


def _decode(offset: int) -> tuple[int, int]:
    """A cell offset ``dx + 9*dy + 81*dz`` (each part small) as (levels up, shift in a word)."""
    dz = (offset + LAYER // 2) // LAYER
    rest = offset - LAYER * dz
    dy = (rest + SIZE // 2) // SIZE
    dx = rest - SIZE * dy
    assert abs(dx) <= 2 and abs(dy) <= 2 and abs(dz) <= 2, offset
    return dz, dx + SIZE * dy


class WordPlan:
    """One orientation's test (a ``rules.Plan``) with its cubes as word references."""

    def __init__(self, plan: rules.Plan) -> None:
        # Per tested (level, window): the word index of the anchor's own cell, its anchors, and
        # the id of the placement at bit 0 (ids are that plus the bit).
        bases: list[int] = []
        words: list[int] = []
        id_bases: list[int] = []
        anchors = split(plan.anchors)
        for z in range(1, LEVELS + 1):
            for w in range(WINDOWS):
                word = anchors[(z + 1) * WINDOWS + w] & ANCHOR_ROWS
                if word:
                    bases.append((z + 1) * WINDOWS + w)
                    words.append(word)
                    id_bases.append(plan.id_base + window_shift(z, w) - SIZE)
        self.bases: vec[i64] = vec[i64](bases)
        self.anchors: vec[i64] = vec[i64](words)
        self.id_bases: vec[i64] = vec[i64](id_bases)
        # Per cube: (word index offset, right shift), flattened.
        cubes: list[int] = []
        for k in plan.shifts:
            dz, s = _decode(k - rules.BIAS)
            cubes += [dz * WINDOWS, s]
        self.cubes: vec[i64] = vec[i64](cubes)
        # Per cube that may float: (index of its instability word, right shift), flattened.
        unstable: list[int] = []
        for key, k in plan.unstable:
            dz, s = _decode(k - rules.BIAS)
            unstable += [key * WORDS + dz * WINDOWS, s]
        self.unstable: vec[i64] = vec[i64](unstable)
        # Per slide-in direction, the front cubes as (index of the shadow word, shift) pairs.
        self.fronts: list[vec[i64]] = []
        for i, fronts in enumerate(plan.slide_shifts):
            refs: list[int] = []
            for k in fronts:
                dz, s = _decode(k - rules.BIAS)
                refs += [(SHADOW + i) * WORDS + dz * WINDOWS, s]
            self.fronts.append(vec[i64](refs))


PLANS: Final[dict[str, list[WordPlan]]] = {
    mode: [WordPlan(plan) for plan in rules.PLANS[mode]] for mode in STABILITY_MODES
}

# Each term of rules._TERMS as flattened (key * WORDS + levels up * WINDOWS, mask, right
# shift, left shift) literals relative to the cube: the literal is
# ``((word & mask) >> right) << left`` (the mask keeps a left shift within 63 bits).
TERMS: Final[dict[str, list[vec[i64]]]] = {}
for _mode in STABILITY_MODES:
    _terms: list[vec[i64]] = []
    for _term in rules._TERMS[_mode]:
        _refs: list[int] = []
        for _key, _k in _term:
            _dz, _s = _decode(_k - rules.BIAS)
            _left = max(0, -_s)
            _refs += [_key * WORDS + _dz * WINDOWS, WORD_MASK >> _left, max(0, _s), _left]
        _terms.append(vec[i64](_refs))
    TERMS[_mode] = _terms

COMBINED: Final[dict[str, list[vec[i64]]]] = {
    mode: [vec[i64](indices) for indices in rules._COMBINED[mode]] for mode in STABILITY_MODES
}

BLANK: Final[dict[str, vec[i64]]] = {
    mode: vec[i64]([0] * ((FIRST_COMBINED + len(rules._COMBINED[mode])) * WORDS))
    for mode in STABILITY_MODES
}
"""Per stability rule, a zero word for every key and slot (copied as each position's start)."""

BLANK_TERMS: Final[dict[str, vec[i64]]] = {
    mode: vec[i64]([0] * (len(rules._TERMS[mode]) * WORDS)) for mode in STABILITY_MODES
}


def _neighbours(masks: vec[i64], key: i64, below: i64, here: i64, above: i64, at: i64) -> None:
    """Store at ``key + d`` (d in E W N S U D order) the cells whose neighbour that way is in
    ``here`` (``below`` and ``above``: the same mask one level down and up)."""
    masks[(key + 0) * WORDS + at] = (here >> 1) & NOT_EAST_EDGE
    masks[(key + 1) * WORDS + at] = ((here & (WORD_MASK >> 1)) << 1) & NOT_WEST_EDGE
    masks[(key + 2) * WORDS + at] = here >> SIZE
    masks[(key + 3) * WORDS + at] = (here & (WORD_MASK >> SIZE)) << SIZE
    masks[(key + 4) * WORDS + at] = above
    masks[(key + 5) * WORDS + at] = below


def position_words(occupied: Mask, stability: str, slide: bool) -> vec[i64]:
    """The position masks of ``rules.position_masks`` as words: key ``k``, slot ``s``, window
    ``w`` at index ``k * WORDS + s * WINDOWS + w`` (right only on the board's cells, and on
    the window's outer rows only for EMPTY, which is all a test reads there)."""
    masks = BLANK[stability][:]
    big = occupied << SIZE
    # Loop indices as i64: compiled, they index the vecs without tagged-int arithmetic.
    w: i64
    at: i64
    d: i64
    i: i64
    t: i64
    r: i64
    c: i64
    cell_below = stability == "cell_below"
    for w in range(WINDOWS):
        in_box = IN_BOX[w]  # an int: the masking below is big-int arithmetic on `big`
        o1: i64 = (big >> window_shift(1, w)) & in_box
        o2: i64 = (big >> window_shift(2, w)) & in_box
        o3: i64 = (big >> window_shift(3, w)) & in_box
        box: i64 = in_box
        e1 = box & ~o1
        e2 = box & ~o2
        e3 = box & ~o3
        h2 = e1
        h3 = e2 if cell_below else e2 | e1
        at1 = 2 * WINDOWS + w
        at2 = at1 + WINDOWS
        at3 = at2 + WINDOWS
        masks[EMPTY * WORDS + at1] = e1
        masks[EMPTY * WORDS + at2] = e2
        masks[EMPTY * WORDS + at3] = e3
        masks[HOLE_BELOW * WORDS + at2] = h2
        masks[HOLE_BELOW * WORDS + at3] = h3
        _neighbours(masks, OCC_NEIGHBOUR, 0, o1, o2, at1)
        _neighbours(masks, OCC_NEIGHBOUR, o1, o2, o3, at2)
        _neighbours(masks, OCC_NEIGHBOUR, o2, o3, 0, at3)
        f2 = o2 & h2
        f3 = o3 & h3
        _neighbours(masks, FLOAT_NEIGHBOUR, 0, 0, f2, at1)
        _neighbours(masks, FLOAT_NEIGHBOUR, 0, f2, f3, at2)
        _neighbours(masks, FLOAT_NEIGHBOUR, f2, f3, 0, at3)
        for at in range(at1, at3 + 1, WINDOWS):
            ones: i64 = 0
            twos: i64 = 0
            for d in range(6):
                n = masks[(OCC_NEIGHBOUR + d) * WORDS + at]
                twos |= ones & n
                ones |= n
            masks[ONE_CONTACT * WORDS + at] = ones
            masks[TWO_CONTACTS * WORDS + at] = twos
    if slide:
        for i, shadow in enumerate(rules.shadow_masks(occupied)):
            words = split(shadow)
            for at in range(WORDS):
                masks[(SHADOW + i) * WORDS + at] = words[at]
    terms = TERMS[stability]
    values = BLANK_TERMS[stability][:]
    for t in range(len(terms)):
        refs = terms[t]
        for at in range(2 * WINDOWS, (2 + LEVELS) * WINDOWS):
            term: i64 = WORD_MASK
            for r in range(0, len(refs), 4):
                term &= ((masks[refs[r] + at] & refs[r + 1]) >> refs[r + 2]) << refs[r + 3]
            values[t * WORDS + at] = term
    combined = COMBINED[stability]
    for c in range(len(combined)):
        indices = combined[c]
        key = (FIRST_COMBINED + c) * WORDS
        for at in range(2 * WINDOWS, (2 + LEVELS) * WINDOWS):
            either: i64 = 0
            for i in range(len(indices)):
                either |= values[indices[i] * WORDS + at]
            masks[key + at] = either
    return masks


def legal_ids(occupied: Mask, stability: str, slide: bool, two_cubes: bool = False) -> list[int]:
    """The ids of the legal placements, ascending: the ids ``rules.legal_anchors`` yields.

    ``two_cubes`` is the ``contact=cubes`` variant (§5 A3), as in ``rules``.
    """
    masks = position_words(occupied, stability, slide)
    one_at: i64 = ONE_CONTACT * WORDS
    two_at: i64 = TWO_CONTACTS * WORDS
    out: list[int] = []
    j: i64
    u: i64
    r: i64
    for plan in PLANS[stability]:
        cubes = plan.cubes
        d0, s0, d1, s1, d2, s2 = cubes[0], cubes[1], cubes[2], cubes[3], cubes[4], cubes[5]
        d3, s3, d4, s4, d5, s5 = cubes[6], cubes[7], cubes[8], cubes[9], cubes[10], cubes[11]
        unstable = plan.unstable
        bases = plan.bases
        for j in range(len(bases)):
            b: i64 = bases[j]  # EMPTY is key 0: its words are masks[b + ...]
            m: i64 = (
                plan.anchors[j]
                & (masks[b + d0] >> s0)
                & (masks[b + d1] >> s1)
                & (masks[b + d2] >> s2)
                & (masks[b + d3] >> s3)
                & (masks[b + d4] >> s4)
                & (masks[b + d5] >> s5)
            )
            if not m:
                continue
            # Contacts (§4.3.3): two faces on one cube, or one face on each of two cubes.
            o = one_at + b
            a0 = masks[o + d0] >> s0
            a1 = masks[o + d1] >> s1
            a2 = masks[o + d2] >> s2
            a3 = masks[o + d3] >> s3
            a4 = masks[o + d4] >> s4
            a5 = masks[o + d5] >> s5
            at_least_one = a0 | a1
            at_least_two = a0 & a1
            at_least_two |= at_least_one & a2
            at_least_one |= a2
            at_least_two |= at_least_one & a3
            at_least_one |= a3
            at_least_two |= at_least_one & a4
            at_least_one |= a4
            at_least_two |= at_least_one & a5
            if not two_cubes:
                t = two_at + b
                at_least_two |= (
                    (masks[t + d0] >> s0)
                    | (masks[t + d1] >> s1)
                    | (masks[t + d2] >> s2)
                    | (masks[t + d3] >> s3)
                    | (masks[t + d4] >> s4)
                    | (masks[t + d5] >> s5)
                )
            m &= at_least_two
            if not m:
                continue
            for u in range(0, len(unstable), 2):
                m &= ~(masks[unstable[u] + b] >> unstable[u + 1])
            if m and slide:
                blocked: i64 = -1
                for refs in plan.fronts:
                    hit: i64 = 0
                    for r in range(0, len(refs), 2):
                        hit |= masks[refs[r] + b] >> refs[r + 1]
                    blocked &= hit
                m &= ~blocked
            base = plan.id_bases[j]
            while m:
                low = m & -m
                out.append(base + int(low).bit_length() - 1)
                m ^= low
    return out
