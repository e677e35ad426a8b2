"""Aztec (Niek Neuwahl, Zoch 1995): build a shared pyramid of six-cube pieces; score level-3
cubes on your own edges. The engine follows docs/rules/aztec.md (§3-§5); see
docs/aztec.md for the notation, the position string and the observation layout.

>>> import stonework
>>> state = stonework.new_game("aztec")
>>> len(state.legal_actions())  # aztec.md §4.6
8
>>> state.apply_text("NU-d4-1")
Placement(orientation=10, corner=30)
>>> state.current_player, state.pieces_left
(1, 21)
"""

from __future__ import annotations

from stonework.core.registry import GameSpec, register
from stonework.games.aztec.options import OPTIONS
from stonework.games.aztec.position import read
from stonework.games.aztec.state import AztecState

SUMMARY = """\
Aztec: 2 builders (N/S against E/W) or 3 players (one becomes Ah Puch, the death god).
22 identical pieces of six cubes (a V of five plus one cube standing up at the tip of an arm,
24 orientations) are placed one per turn on a 9x9 board, around a fixed start cube at the
centre, at most 3 levels high, never past the board's edge. A new piece must touch the
structure with at least two cube faces (the board does not count), and no two face-adjacent
cubes may both float (a cube floats when its column is not solid down to the board).
When all pieces are placed, each builder scores 1 point per level-3 cube on their two outer
rows (corner cubes count for both by default); the higher score wins, equal scores draw.
If nobody can place, the game ends early, scored as it stands.
3 players: first a descending auction ("nobody will reach N points"): bid lower or pass; the
last bidder becomes Ah Puch and wins if each builder stays below the bid; otherwise the
better builder wins. Ah Puch places first, then N/S, then E/W.
Placements are written like NU-d4-1: arm with the sixth cube north, other arm up, corner cube
at d4 on level 1.

The full rules, with the source of every value and each ASSUMED reading: docs/rules/aztec.md in
the stonework repository."""


SPEC = register(
    GameSpec(
        name="aztec",
        title="Aztec",
        player_counts=(2, 3),
        default_players=2,
        options=OPTIONS,
        has_chance=False,
        hidden_information=False,
        summary=SUMMARY,
        new_state=AztecState,
        from_position=read,
    )
)
AztecState.spec = SPEC

__all__ = ["SPEC", "AztecState"]
