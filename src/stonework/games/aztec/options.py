"""The options of Aztec: every ASSUMED point of aztec.md §5 that has an alternative."""

from __future__ import annotations

from typing import Final

from stonework.core.options import OptionSet, OptionSpec
from stonework.games.aztec.rules import INSERTION_MODES, STABILITY_MODES

OPTIONS: Final = OptionSet(
    (
        OptionSpec(
            "stability",
            "choice",
            "structure",
            "no two face-adjacent floating cubes anywhere, floating = column not solid to the "
            "board (structure); only within the new piece (per_piece); or floating = the cell "
            "right below is empty (cell_below) [§3.3, §5 A4/A5]",
            choices=STABILITY_MODES,
            assumed=True,
        ),
        OptionSpec(
            "insertion",
            "choice",
            "free",
            "any placement with free target cells (free), or only pieces that can slide in "
            "straight from above or from a side without crossing a cube (slide) [§3.4, §4.3.5]",
            choices=INSERTION_MODES,
            assumed=True,
        ),
        OptionSpec(
            "contact",
            "choice",
            "faces",
            "a new piece needs two face contacts, possibly on one cube (faces), or on two "
            "different cubes of the piece (cubes) [§3.2, §5 A3]",
            choices=("faces", "cubes"),
            assumed=True,
        ),
        OptionSpec(
            "corners",
            "choice",
            "both",
            "level-3 corner cubes score for both builders (both) or for neither (none) "
            "[§3.6, §5 A9]",
            choices=("both", "none"),
            assumed=True,
        ),
        OptionSpec(
            "starter",
            "choice",
            "north_south",
            "2 players: the N/S builder (seat 0) or the E/W builder (seat 1) places first "
            "[§3.5, §5 A7]",
            choices=("north_south", "east_west"),
            assumed=True,
        ),
        OptionSpec(
            "no_move",
            "choice",
            "pass",
            "when no legal placement is left: pass, so the game ends scored as it stands "
            "(pass), or the player to move loses (lose) [§3.5, §5 A8]",
            choices=("pass", "lose"),
            assumed=True,
        ),
        OptionSpec(
            "threshold",
            "choice",
            "each",
            "3 players: Ah Puch wins if each builder stays below the bid (each) or if their "
            "sum does (sum) [§3.7, §5 A12]",
            choices=("each", "sum"),
            assumed=True,
        ),
        OptionSpec(
            "ah_puch_turn",
            "choice",
            "first",
            "3 players: Ah Puch places first, then N/S, then E/W (first), or N/S, E/W, then "
            "Ah Puch (last) [§3.7, §5 A13]",
            choices=("first", "last"),
            assumed=True,
        ),
    )
)
