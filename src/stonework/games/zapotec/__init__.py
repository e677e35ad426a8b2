"""Zapotec (Fabio Lopiano, Board&Dice) for 2-4 players: hidden hands, a card draft, pyramids.

The rules are ``shared/rules/zapotec.md``; where the French seed summary is explicit it wins.
Component values the sources did not give are data in :mod:`.components` (ASSUMED, listed in
docs/zapotec.md) and can be replaced by a registered data set (:mod:`.datasets`, option
``components=sha256:...``).

>>> import stonework
>>> state = stonework.new_game("zapotec", players=3, seed=1)
>>> state.current_player, [str(a) for a in state.legal_actions()][:1]
(0, ['play 8'])
"""

from __future__ import annotations

from stonework.core import GameSpec, OptionSet, OptionSpec, register

from .datasets import read_components_file, register_components
from .position import read_position
from .state import ZapotecState

SUMMARY = """\
Five rounds. Each round every player secretly plays a card from their hand; the lowest number
goes first. On your turn: take income (1 of the card's resource plus every resource on your
building tiles in its row or column of your 3x3 grid); then any number of actions (buy trade
tiles for 1/2/3 gold, one per row per turn; build a pyramid level for wood+brick+stone+priest
with your largest piece; perform a ritual with a priest, 1 gold per other disc and one pyramid
piece per ritual; sacrifice a priest and 1-5 corn to advance on the sacrifice track); then build
houses on spaces matching your card's icon (village brick+wood, temple brick+stone, cornfield
wood+stone; the palace once, wood+brick+stone, counts as two houses), each building tile going
into your grid. Score 2 VP per house matching the scoring card, then draft a card from the offer.
The last offer card is the next scoring card. At the end: pyramids (pieces x matching houses,
+5 per piece if complete), the sacrifice track (9/6/3) and rituals."""

OPTIONS = OptionSet(
    (
        OptionSpec(
            "components",
            "str",
            "v1",
            "the component data set: v1 (built in) or the sha256:... name of one registered "
            "in this process (never a file path)",
        ),
        OptionSpec(
            "building_tiles",
            "choice",
            "seed",
            "building tiles: seed = every tile of a type gives the same (village stone+gold, "
            "temple brick+priest, cornfield wood+corn); rules = basic resource split 5/5/5",
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

SPEC = register(
    GameSpec(
        name="zapotec",
        title="Zapotec",
        player_counts=(2, 3, 4),
        default_players=4,
        options=OPTIONS,
        has_chance=True,
        hidden_information=True,
        summary=SUMMARY,
        new_state=lambda players, options: ZapotecState(players, options),
        from_position=read_position,
    )
)
ZapotecState.spec = SPEC

__all__ = ["SPEC", "ZapotecState", "read_components_file", "register_components"]
