"""Scoring (aztec.md §3.6, §4.5) and the 3-player result (§3.7).

Each builder scores one point per cube on level 3 of their two outer rows; with the default
``corners=both`` the four corner cells count for both builders, with ``none`` for neither.

>>> from stonework.games.aztec.geometry import cell_index
>>> occupied = (1 << cell_index(0, 0, 3)) | (1 << cell_index(4, 8, 3)) | (1 << cell_index(8, 5, 3))
>>> edge_scores(occupied, corners=True)
(2, 2)
>>> edge_scores(occupied, corners=False)
(1, 1)
"""

from __future__ import annotations

from typing import Final

from stonework.games.aztec.geometry import LAYER, SIZE, Mask, cell_index, edge_mask

NS_EDGE: Final = {True: edge_mask("ns", True), False: edge_mask("ns", False)}
"""Level-3 cells of the north and south rows, with and without the corners."""
EW_EDGE: Final = {True: edge_mask("ew", True), False: edge_mask("ew", False)}
"""Level-3 cells of the east and west columns, with and without the corners."""

ROWS: Final = {
    "north": sum(1 << cell_index(x, SIZE - 1, 3) for x in range(SIZE)),
    "south": sum(1 << cell_index(x, 0, 3) for x in range(SIZE)),
    "east": sum(1 << cell_index(SIZE - 1, y, 3) for y in range(SIZE)),
    "west": sum(1 << cell_index(0, y, 3) for y in range(SIZE)),
}
"""Each outer row on level 3, for the score sheet's breakdown."""

EDGE_ROWS: Final = {"north_south": ("north", "south"), "east_west": ("east", "west")}


def edge_scores(occupied: Mask, corners: bool) -> tuple[int, int]:
    """The N/S and E/W builders' points: level-3 cubes on their outer rows (§4.5)."""
    return (occupied & NS_EDGE[corners]).bit_count(), (occupied & EW_EDGE[corners]).bit_count()


def edge_breakdown(occupied: Mask, edges: str, corners: bool) -> dict[str, int]:
    """Points per row of one builder (a corner cube shows in both of its rows when it counts)."""
    own = NS_EDGE[corners] if edges == "north_south" else EW_EDGE[corners]
    return {row: (occupied & own & ROWS[row]).bit_count() for row in EDGE_ROWS[edges]}


def max_edge_score(corners: bool) -> int:
    """The most one builder can score: 18 with corners, 14 without."""
    return NS_EDGE[corners].bit_count()


def max_bid(threshold: str, corners: bool) -> int:
    """The highest sensible bid (§3.7): one more than the best the builders can do.

    Bidding it promises that the builders cannot reach it, so higher bids add nothing.
    """
    best = max_edge_score(corners)
    return (2 * best if threshold == "sum" else best) + 1


def ah_puch_margin(threshold: str, bid: int, ns: int, ew: int) -> int:
    """How far the builders stay below the bid: positive means Ah Puch wins (§3.7 item 4).

    ``each`` (default): both builders must stay below ``bid``; ``sum``: their total must.
    """
    return bid - (ns + ew if threshold == "sum" else max(ns, ew))


def support_potential(occupied: Mask, edge: Mask) -> float:
    """Progress towards level-3 cubes on ``edge`` (level-3 cells): 1 per cube, 0.5 per column
    solid to level 2, 0.2 per column solid to level 1 (for the heuristic)."""
    bottom = edge >> (2 * LAYER)
    top = (occupied >> (2 * LAYER)) & bottom
    middle = (occupied >> LAYER) & bottom & ~top
    ground = occupied & bottom & ~top
    return (
        top.bit_count() + 0.5 * (middle & ground).bit_count() + 0.2 * (ground & ~middle).bit_count()
    )
