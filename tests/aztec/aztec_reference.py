"""A deliberately simple reference for Aztec legality, written straight from aztec.md §4.2-§4.3.

Cells are ``(x, y, z)`` tuples and positions are sets of them; nothing here is shared with the
engine (no masks, no precomputed tables beyond the 24 rotations), so the two can be compared.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product

Cell = tuple[int, int, int]

BASE: tuple[Cell, ...] = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0), (2, 0, 1))
START: Cell = (4, 4, 1)
D6: tuple[Cell, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def _det(m: tuple[tuple[int, ...], ...]) -> int:
    (a, b, c), (d, e, f), (g, h, i) = m
    return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)


def orientations() -> list[frozenset[Cell]]:
    """§4.2: images of BASE under the 24 proper rotations, moved to start at the origin."""
    out: set[frozenset[Cell]] = set()
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            m = tuple(tuple(signs[r] if c == perm[r] else 0 for c in range(3)) for r in range(3))
            if _det(m) != 1:
                continue
            image = [tuple(sum(m[r][k] * v[k] for k in range(3)) for r in range(3)) for v in BASE]
            low = [min(c[k] for c in image) for k in range(3)]
            out.add(frozenset((c[0] - low[0], c[1] - low[1], c[2] - low[2]) for c in image))
    return sorted(out, key=sorted)


ORIENTS = orientations()


def inside(c: Cell) -> bool:
    return 0 <= c[0] <= 8 and 0 <= c[1] <= 8 and 1 <= c[2] <= 3


def floating(c: Cell, filled: set[Cell] | frozenset[Cell], stability: str) -> bool:
    """§3.3/§4.3.4: a cube floats when its column is not solid down to the board (variant C:
    when the cell right under it is empty)."""
    x, y, z = c
    if stability == "cell_below":
        return z > 1 and (x, y, z - 1) not in filled
    return any((x, y, k) not in filled for k in range(1, z))


def shadow_free(piece: frozenset[Cell], occ: set[Cell], u: Cell) -> bool:
    """§4.3.5 strict: the piece slides in along ``u`` from outside without crossing a cube."""
    for s in range(1, 12):
        for c in piece:
            back = (c[0] - s * u[0], c[1] - s * u[1], c[2] - s * u[2])
            if inside(back) and back in occ:
                return False
    return True


def legal(
    piece: frozenset[Cell],
    occ: set[Cell],
    stability: str = "structure",
    insertion: str = "free",
    contact: str = "faces",
) -> bool:
    """§4.3 items 1-5 for the placement ``piece`` (absolute cells) in the position ``occ``."""
    if not all(inside(c) for c in piece):  # 1. bounds, height, no overhang
        return False
    if piece & occ:  # 2. free cells
        return False
    touching = [  # 3. at least two face contacts with the structure (§5 A3: or two cubes)
        c for c in piece for d in D6 if (c[0] + d[0], c[1] + d[1], c[2] + d[2]) in occ
    ]
    if len(set(touching) if contact == "cubes" else touching) < 2:
        return False
    after = occ | piece  # 4. stability
    for c in piece:
        if not floating(c, after, stability):
            continue
        for d in D6:
            n = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
            if stability == "per_piece" and n not in piece:
                continue
            if n in after and floating(n, after, stability):
                return False
    if insertion == "slide":  # 5. strict insertion
        directions = ((0, 0, -1), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
        return any(shadow_free(piece, occ, u) for u in directions)
    return True


def placements() -> Iterator[frozenset[Cell]]:
    """Every placement of every orientation inside the 9×9×3 box."""
    for shape in ORIENTS:
        ex = max(c[0] for c in shape)
        ey = max(c[1] for c in shape)
        ez = max(c[2] for c in shape)
        for tx, ty, tz in product(range(9 - ex), range(9 - ey), range(1, 4 - ez)):
            yield frozenset((c[0] + tx, c[1] + ty, c[2] + tz) for c in shape)


ALL_PLACEMENTS = list(placements())


def legal_placements(
    occ: set[Cell], stability: str = "structure", insertion: str = "free", contact: str = "faces"
) -> set[frozenset[Cell]]:
    """Every legal placement in ``occ``, by brute force over all candidates."""
    return {p for p in ALL_PLACEMENTS if legal(p, occ, stability, insertion, contact)}


def perft(
    occ: set[Cell],
    depth: int,
    stability: str = "structure",
    insertion: str = "free",
    contact: str = "faces",
) -> int:
    """Placement sequences of length ``depth`` from ``occ`` (a dead end counts as one leaf)."""
    moves = legal_placements(occ, stability, insertion, contact)
    if depth == 0 or not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(perft(occ | p, depth - 1, stability, insertion, contact) for p in moves)


if __name__ == "__main__":  # regenerate the golden perft counts of test_aztec_perft.py
    import sys

    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for opts in (
        {},
        {"stability": "per_piece"},
        {"stability": "cell_below"},
        {"insertion": "slide"},
        {"contact": "cubes"},
    ):
        print(opts, [perft({START}, d, **opts) for d in range(1, depth + 1)], flush=True)
