"""Helpers shared by the Aztec tests: build occupancies and compare the engine with the reference."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from stonework.games.aztec import legal_words, rules
from stonework.games.aztec.geometry import ORIENTATIONS, SIZE, cell_coords, cell_index, cells_of
from stonework.games.aztec.state import AztecState

RULES_FILE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "aztec.md"

Cell = tuple[int, int, int]


def mask(cells: Iterable[Cell]) -> int:
    """The engine's bitmask of ``(x, y, z)`` cells."""
    out = 0
    for x, y, z in cells:
        out |= 1 << cell_index(x, y, z)
    return out


def cells(occupied: int) -> set[Cell]:
    """The ``(x, y, z)`` cells of an engine bitmask."""
    return {cell_coords(c) for c in cells_of(occupied)}


def engine_placements(
    occupied: set[Cell],
    stability: str = "structure",
    insertion: str = "free",
    contact: str = "faces",
) -> set[frozenset[Cell]]:
    """The engine's legal placements in ``occupied``, as sets of cells.

    Both forms of the legality test must agree here: ``rules.legal_anchors`` (big-int masks)
    and ``legal_words.legal_ids`` (machine words, what the compiled build plays with), so every
    test comparing the engine with the reference covers both.
    """
    out = set()
    slide, two_cubes = insertion == "slide", contact == "cubes"
    found = rules.legal_anchors(mask(occupied), stability, slide, two_cubes)
    ids = []
    for plan, anchors in found:
        for anchor in cells_of(anchors):
            ids.append(plan.id_base + anchor)
            out.add(frozenset(cell_coords(anchor + step) for step in plan.orientation.steps))
    assert legal_words.legal_ids(mask(occupied), stability, slide, two_cubes) == ids
    return out


def notation(piece: Iterable[Cell]) -> str:
    """The action notation of the placement covering exactly ``piece``."""
    target = frozenset(piece)
    for o in ORIENTATIONS:
        low = [min(c[k] for c in target) for k in range(3)]
        shape = {(c[0] - low[0], c[1] - low[1], c[2] - low[2]) for c in target}
        if shape == set(o.cells):
            x, y, z = (low[k] + o.corner[k] for k in range(3))
            return f"{o.name}-{'abcdefghi'[x]}{y + 1}-{z}"
    raise ValueError(f"{sorted(target)} is not a placement of the piece")


def board(occupied: set[Cell]) -> str:
    """Field 3 of a position string for ``occupied``."""
    ranks = []
    for y in range(SIZE - 1, -1, -1):
        ranks.append(
            "".join(
                str(sum(1 << (z - 1) for z in (1, 2, 3) if (x, y, z) in occupied))
                for x in range(SIZE)
            )
        )
    return "/".join(ranks)


def state_with(
    occupied: set[Cell], players: int = 2, options: str = "-", auction: str = "-"
) -> AztecState:
    """A state whose structure is ``occupied`` (which must hold the start cube and whole pieces)."""
    from stonework.games.aztec import SPEC

    state = SPEC.from_position(f"{players} {options} {board(occupied)} {auction} -")
    assert isinstance(state, AztecState)
    return state
