"""Akropolis (Jules Messaud, Gigamic 2022) for 1 to 4 players, as docs/rules/akropolis.md specifies.

>>> import stonework
>>> state = stonework.new_game("akropolis", players=2, seed=1)
>>> state.current_player, len(state.site), state.stones
(0, 4, [1, 2])
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> state.current_player
1
"""

from __future__ import annotations

from stonework.core.options import OptionSet, OptionSpec, OptionValue
from stonework.core.registry import GameSpec, register
from stonework.games.akropolis.actions import Place, Reveal
from stonework.games.akropolis.architect import LEVELS
from stonework.games.akropolis.notation import read_position
from stonework.games.akropolis.state import AkropolisState

OPTIONS = OptionSet(
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

SUMMARY = """\
Each turn take a tile from the construction site (the k-th tile costs k - 1 stones; with no
stones you take the first) and lay it in your city: on the ground touching the city, or on top
of three hexes of one height belonging to at least two tiles. Covering a quarry gains a stone.
When one tile is left the next stack is revealed and the Chief Architect marker passes on; the
game ends when one tile is left and no stack remains (36/48/60 turns at 2/3/4 players).
Score each district type: (heights of its qualifying districts) x (stars of its visible plazas).
Houses: only the largest group. Markets: no market neighbour. Barracks: an empty neighbour.
Temples: surrounded. Gardens: always. Plus one point per stone; ties go to the most stones.
Variants double qualifying districts; solo play is against the Illustrious Architect.

The full rules, with the source of every value and each ASSUMED reading: docs/rules/akropolis.md
in the stonework repository."""


def new_state(players: int, options: dict[str, OptionValue] | None = None) -> AkropolisState:
    """A game at its first chance node (the site's first tiles are still to be revealed)."""
    resolved = OPTIONS.resolve("akropolis", options or {})
    return AkropolisState(players, resolved)


SPEC = register(
    GameSpec(
        name="akropolis",
        title="Akropolis",
        player_counts=(1, 2, 3, 4),
        default_players=2,
        options=OPTIONS,
        has_chance=True,
        hidden_information=False,
        summary=SUMMARY,
        new_state=lambda players, options: AkropolisState(players, options),
        from_position=read_position,
    )
)
AkropolisState.spec = SPEC

__all__ = ["SPEC", "AkropolisState", "Place", "Reveal", "new_state", "read_position"]
