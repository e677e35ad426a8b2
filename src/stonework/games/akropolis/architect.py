"""The solo opponent, the Illustrious Architect (rules §5, following the published online
implementation on Board Game Arena; the printed solo page was not available).

The Architect builds no real city: it keeps the tiles it takes in a pile. It takes the cheapest
tile holding a plaza if it can pay for it, otherwise the first tile. At the end each district
type scores (its districts x the level's height) x (the stars of its plazas), the starting
tile's house plaza included; Metagenes adds 2 points per quarry; remaining stones count.

>>> architect_choice([3, 18, 7, 22], stones=0)  # tile 18 holds a plaza but costs 1 stone
1
>>> architect_choice([3, 18, 7, 22], stones=2)
2
"""

from __future__ import annotations

from typing import Final

from stonework.games.akropolis.scoring import DistrictScore
from stonework.games.akropolis.tiles import (
    BARRACKS,
    DISTRICT_TYPES,
    GARDEN,
    HOUSE,
    MARKET,
    PLAZA_STARS,
    QUARRY,
    TEMPLE,
    TILE_HAS_PLAZA,
    TILE_KINDS,
)

LEVELS: Final = ("hippodamos", "metagenes", "callicrates")
"""Easy, medium, hard (§5)."""

ARCHITECT: Final = 1
"""In solo play the Architect is party 1 (it has no seat: it never chooses an action)."""

ARCHITECT_START_STONES: Final = 2
"""The Architect starts with 2 stones, the person with 1 (§5)."""


def architect_choice(site: list[int], stones: int) -> int:
    """The site position (1-based) the Architect takes: the cheapest plaza tile it can pay."""
    for index, tile in enumerate(site):
        if TILE_HAS_PLAZA[tile]:
            return index + 1 if index <= stones else 1
    return 1


def architect_score(
    pile: list[int], stones: int, level: str, variants: tuple[bool, ...]
) -> tuple[tuple[DistrictScore, ...], int, int]:
    """The Architect's district lines, its quarry bonus and its total (§5).

    The starting tile (a house plaza and three quarries) counts as part of its pile.
    """
    districts = [0, 0, 0, 0, 0]
    stars = [PLAZA_STARS[HOUSE], 0, 0, 0, 0]
    plazas = [1, 0, 0, 0, 0]
    quarries = 3
    for tile in pile:
        for kind in TILE_KINDS[tile]:
            if kind == QUARRY:
                quarries += 1
            elif kind >= 7:
                stars[kind - 7] += PLAZA_STARS[kind - 7]
                plazas[kind - 7] += 1
            else:
                districts[kind - 2] += 1
    factor = 2 if level == "callicrates" else 1
    lines: list[DistrictScore] = []
    for t in range(len(DISTRICT_TYPES)):
        value = districts[t] * factor
        if variants[t]:
            if t == HOUSE and value >= 10:
                value *= 2
            elif t == MARKET:
                # At most three markets per market plaza are doubled.
                value += min(districts[t], 3 * plazas[MARKET]) * factor
            elif (t == TEMPLE and level == "callicrates") or t in (BARRACKS, GARDEN):
                value *= 2
        lines.append(DistrictScore(districts[t], value, stars[t], value * stars[t]))
    bonus = 2 * quarries if level == "metagenes" else 0
    total = sum(line.points for line in lines) + bonus + stones
    return tuple(lines), bonus, total
