"""The Akropolis tiles: 61 city tiles and the starting tile (akropolis.md §1, §2.1, §6).

Each city tile is three hexes listed clockwise from its origin hex, in the frame of the rules'
tile table: at rotation 0 the second hex lies north of the origin and the third north-east. A
letter codes each hex: ``q`` quarry; ``h m b t g`` house, market, barracks, temple, garden
districts; the capitals ``H M B T G`` the plaza of that district type.

>>> TILE_CODES[18], TILE_MIN_PLAYERS[18]
('Hmb', 2)
>>> len(tiles_in_play(2, long_game=False)), len(tiles_in_play(3, long_game=False))
(37, 49)
"""

from __future__ import annotations

from typing import Final

Kind = int
"""What a visible hex is: :data:`EMPTY`, :data:`QUARRY`, a district or a plaza code."""

EMPTY: Final = 0
QUARRY: Final = 1
DISTRICT_TYPES: Final = ("house", "market", "barracks", "temple", "garden")
"""The five district types, in score-sheet order; a type's index is its number below."""
HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN = range(5)

DISTRICT_KIND: Final = tuple(2 + t for t in range(5))
"""Kind code of a district of each type (2..6)."""
PLAZA_KIND: Final = tuple(7 + t for t in range(5))
"""Kind code of a plaza of each type (7..11)."""

PLAZA_STARS: Final = (1, 2, 2, 2, 3)
"""Stars of a plaza by district type (§2.1): house 1, market/barracks/temple 2, garden 3."""

KIND_LETTER: Final = ".qhmbtgHMBTG"
"""One letter per kind code (``.`` empty), the letters of the tile table."""
KIND_NAME: Final = (
    "empty",
    "quarry",
    *(f"{t} district" for t in DISTRICT_TYPES),
    *(f"{t} plaza" for t in DISTRICT_TYPES),
)
"""One name per kind code, as the terminal's site view spells a tile out."""


def kind_type(kind: Kind) -> int:
    """The district type of a district or plaza kind; -1 for quarries and empty hexes."""
    if 2 <= kind <= 6:
        return kind - 2
    if 7 <= kind <= 11:
        return kind - 7
    return -1


def is_plaza(kind: Kind) -> bool:
    """True for the plazas."""
    return kind >= 7


# (tile id, fewest players it is used with, clockwise hexes) as in the rules' table (§6.1).
_TABLE: Final = (
    (1, 2, "hbt"),
    (2, 2, "Mbq"),
    (3, 2, "qhb"),
    (4, 2, "Bhq"),
    (5, 2, "Bqq"),
    (6, 2, "Bht"),
    (7, 2, "gqq"),
    (8, 2, "qbm"),
    (9, 2, "qtm"),
    (10, 2, "qmb"),
    (11, 2, "Gqh"),
    (12, 2, "qmh"),
    (13, 2, "Ghq"),
    (14, 2, "qtb"),
    (15, 2, "hgm"),
    (16, 2, "Bmh"),
    (17, 2, "Mhg"),
    (18, 2, "Hmb"),
    (19, 2, "qhh"),
    (20, 2, "hgb"),
    (21, 2, "Mth"),
    (22, 2, "Mqq"),
    (23, 2, "Tqq"),
    (24, 2, "Gqq"),
    (25, 2, "qmg"),
    (26, 2, "mqq"),
    (27, 2, "qbm"),
    (28, 2, "Hqq"),
    (29, 2, "Thq"),
    (30, 2, "tqq"),
    (31, 2, "Tqh"),
    (32, 2, "Hgq"),
    (33, 2, "Hqq"),
    (34, 2, "Thb"),
    (35, 2, "htm"),
    (36, 2, "qmt"),
    (37, 2, "Hqq"),
    (38, 3, "hmb"),
    (39, 3, "qth"),
    (40, 3, "qbg"),
    (41, 3, "qhh"),
    (42, 3, "qhm"),
    (43, 3, "Tqq"),
    (44, 3, "hqq"),
    (45, 3, "qmh"),
    (46, 3, "Htm"),
    (47, 3, "Ghb"),
    (48, 3, "Bqh"),
    (49, 3, "Mqq"),
    (50, 4, "bqq"),
    (51, 4, "Bqq"),
    (52, 4, "Hqm"),
    (53, 4, "Gmh"),
    (54, 4, "Mqt"),
    (55, 4, "qht"),
    (56, 4, "Thm"),
    (57, 4, "qgh"),
    (58, 4, "qhh"),
    (59, 4, "qbh"),
    (60, 4, "qhb"),
    (61, 4, "qhm"),
)

NUM_TILES: Final = 61
START_TILE: Final = 0
"""Tile id of a player's starting tile (the city tiles are 1..61)."""

TILE_CODES: Final[dict[int, str]] = {tile: code for tile, _, code in _TABLE}
TILE_MIN_PLAYERS: Final[dict[int, int]] = {tile: players for tile, players, _ in _TABLE}
TILE_KINDS: Final[tuple[tuple[Kind, Kind, Kind], ...]] = (
    (EMPTY, EMPTY, EMPTY),  # index 0: the starting tile is not a three-hex tile
    *(
        (KIND_LETTER.index(code[0]), KIND_LETTER.index(code[1]), KIND_LETTER.index(code[2]))
        for _, _, code in _TABLE
    ),
)
"""The three hex kinds of each tile id, clockwise from the origin."""

TILE_HAS_PLAZA: Final = tuple(any(is_plaza(k) for k in kinds) for kinds in TILE_KINDS)

START_CENTER_KIND: Final = PLAZA_KIND[HOUSE]
START_QUARRY_DIRECTIONS: Final = (0, 2, 4)
"""The starting tile: a house plaza with quarries to its N, SE and SW (§1.3)."""


def tiles_in_play(players: int, long_game: bool) -> tuple[int, ...]:
    """Tile ids used by ``players`` players (37 / 49 / 61, or all 61 in the long game; §1.2).

    Solo play (one player against the architect) uses the two-player tiles (§5).
    """
    if long_game:
        return tuple(range(1, NUM_TILES + 1))
    table_players = max(2, players)
    return tuple(t for t in range(1, NUM_TILES + 1) if TILE_MIN_PLAYERS[t] <= table_players)
