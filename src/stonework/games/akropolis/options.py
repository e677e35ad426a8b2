"""The options of Akropolis: the five scoring variants (§4), the ASSUMED readings, the long game
and the solo Architect's level."""

from __future__ import annotations

from typing import Final

from stonework.core.options import OptionSet, OptionSpec
from stonework.games.akropolis.architect import LEVELS

OPTIONS: Final = OptionSet(
    (
        OptionSpec(
            "houses",
            "bool",
            False,
            "Houses variant: a house group worth 10 or more scores double (§4)",
        ),
        OptionSpec(
            "markets",
            "bool",
            False,
            "Markets variant: a scoring market next to a market plaza scores double (§4)",
        ),
        OptionSpec(
            "barracks",
            "bool",
            False,
            "Barracks variant: a scoring barracks with 3 or 4 empty neighbours scores double (§4)",
        ),
        OptionSpec(
            "temples",
            "bool",
            False,
            "Temples variant: a scoring temple at height 2 or more scores double (§4)",
        ),
        OptionSpec(
            "gardens", "bool", False, "Gardens variant: a garden next to a lake scores double (§4)"
        ),
        OptionSpec(
            "barracks_edge",
            "choice",
            "any_empty",
            "Which empty neighbours put a barracks on the edge: any_empty (a hole counts, the ANU "
            "oracle reading) or outside_only (only ground open to the outside, BGA) (§2.4)",
            choices=("any_empty", "outside_only"),
            assumed=True,
        ),
        OptionSpec(
            "lake",
            "choice",
            "single_hex",
            "What a lake is for the gardens variant: single_hex (one empty hex with six built "
            "neighbours, ANU) or enclosed_region (any enclosed empty area, BGA) (§4)",
            choices=("single_hex", "enclosed_region"),
            assumed=True,
        ),
        OptionSpec(
            "house_group",
            "choice",
            "size",
            "Which house group scores: size (the most hexes, ties to the higher value; the rules "
            "and the ANU oracle) or value (the highest total height, as alpha-zero-general "
            "reads it) (§2.4)",
            choices=("size", "value"),
            assumed=True,
        ),
        OptionSpec(
            "long_game",
            "bool",
            False,
            "Longer game with all 61 tiles (19 stacks of 3 at 2 players, 14 stacks of 4 at 3; "
            "no change at 4) (§1.2)",
            assumed=True,
        ),
        OptionSpec(
            "architect",
            "choice",
            "hippodamos",
            "Solo (1 player) opponent level: hippodamos (easy), metagenes (+2 per quarry), "
            "callicrates (districts count as height 2); follows the Board Game Arena version (§5)",
            choices=LEVELS,
            assumed=True,
        ),
    )
)
