"""The options of Zapotec: the component data set, and every rule flag and ASSUMED reading."""

from __future__ import annotations

from typing import Final

from stonework.core.options import OptionSet, OptionSpec

OPTIONS: Final = OptionSet(
    (
        OptionSpec(
            "components",
            "str",
            "v8",
            "the component data set: v8 (built in, default: v7 with every level III tile paying "
            "at once and more gold on the track), v7 (built in, the default before v8: v6 with "
            "the last round tiles paying at once), v6 (built in: v5 with cheaper levels on the track), v5 (built "
            "in, the default before v7: v4 with a richer track start), v4 "
            "(v3 with pyramid discounts), v3, v2 "
            "and v1 (the earlier tables, for old records) or the sha256:... name of one "
            "registered in this process (never a path)",
        ),
        OptionSpec(
            "building_tiles",
            "choice",
            "seed",
            "building tiles: seed = every tile of a type gives the same (village stone+gold, "
            "temple brick+priest, cornfield wood+corn); rules = one basic and the type's "
            "advanced resource per tile, a fixed pool per player count (v2-v8; v1: 5/5/5 drawn)",
            choices=("seed", "rules"),
        ),
        OptionSpec(
            "one_pyramid_level_per_turn",
            "bool",
            False,
            "at most one pyramid level per turn (flag ONE_PYRAMID_LEVEL_PER_TURN, §5.2b)",
        ),
        OptionSpec(
            "actions_after_building",
            "bool",
            False,
            "allow actions after building has started (ASSUMED no, §5.2c)",
            assumed=True,
        ),
        OptionSpec(
            "palace_matches_icon",
            "bool",
            True,
            "the palace must go on a space matching the card icon (ASSUMED, §5.2c)",
            assumed=True,
        ),
        OptionSpec(
            "palace_uses_house",
            "bool",
            False,
            "the palace takes one of the player's houses (ASSUMED no, §5.2c)",
            assumed=True,
        ),
        OptionSpec(
            "small_on_large",
            "bool",
            True,
            "a small piece may go directly on a large one (ASSUMED, §7)",
            assumed=True,
        ),
        OptionSpec(
            "pyramid_piece",
            "choice",
            "largest",
            "which piece a pyramid level takes: largest = the largest left (sourced, §7); any = "
            "any piece left, named in the action (the seed's looser wording); largest-fitting = "
            "the largest left that fits where it goes (another reading of the source)",
            choices=("largest", "any", "largest-fitting"),
        ),
        OptionSpec(
            "pyramid_complete",
            "choice",
            "small-top",
            "when a pyramid is complete: small-top = its top piece is small (ASSUMED, §7); "
            "three-levels = it has three pieces",
            choices=("small-top", "three-levels"),
            assumed=True,
        ),
        OptionSpec(
            "free_ritual_needs_pyramid",
            "bool",
            False,
            "the free ritual of the sacrifice track still needs a pyramid piece (ASSUMED no, §9)",
            assumed=True,
        ),
        OptionSpec(
            "sacrifice_past_end",
            "bool",
            True,
            "a sacrifice may spend more corn than steps left (extra wasted; ASSUMED, §9)",
            assumed=True,
        ),
        OptionSpec(
            "resource_supply",
            "int",
            0,
            "tokens of each resource in the supply, 0 = unlimited (ASSUMED unlimited, §1)",
            minimum=0,
            maximum=99,
            assumed=True,
        ),
        OptionSpec(
            "tie_breakers",
            "choice",
            "track-resources",
            "equal totals: track-resources = further on the sacrifice track (stack order), then "
            "more leftover resources (ASSUMED, §10); shared = the place is shared",
            choices=("track-resources", "shared"),
            assumed=True,
        ),
    )
)
