"""What a seat sees: Aztec has no hidden information, so every seat sees the whole state.

The tensor has :data:`SHAPE` = (11, 9, 9): eleven planes over the board, channel-major, each
plane indexed ``[y][x]`` with ``y = 0`` the south row and ``x = 0`` the west column::

     0  level-1 cubes        1  level-2 cubes        2  level-3 cubes
     3  the seat's own scoring cells (its two outer rows; none for Ah Puch or a bidder)
     4  the other builders' scoring cells
     5  columns holding a cube of the last piece placed
     6  pieces left / 22 (constant plane)
     7  1 if the seat is to act now (constant plane)
     8  1 if the seat is Ah Puch (constant plane; 3 players)
     9  the bid: the threshold after the auction, the standing bid during it, / the top bid
    10  1 during the auction (constant plane)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stonework.core.state import JSON, TERMINAL
from stonework.games.aztec.actions import placement_mask
from stonework.games.aztec.geometry import LAYER, SIZE
from stonework.games.aztec.position import board_text
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE

if TYPE_CHECKING:
    from stonework.games.aztec.state import AztecState

PLANES: Final = 11
SHAPE: Final = (PLANES, SIZE, SIZE)


def shape(state: AztecState) -> tuple[int, ...]:
    """The tensor's shape: the same for every Aztec game."""
    return SHAPE


def observation(state: AztecState, player: int | None) -> dict[str, JSON]:
    """The plain-JSON view of ``state`` for ``player`` (the same for every seat)."""
    current = state.current_player
    scores = state.scores()
    return {
        "players": state.num_players,
        "structure": board_text(state.occupied),
        "pieces_left": state.pieces_left,
        "to_move": None if current == TERMINAL else current,
        "roles": [state.role(seat) for seat in range(state.num_players)],
        "scores": [s.total for s in scores],
        "last_piece": None if state.last is None else str(state.last),
        "auction": [b if b else "pass" for b in state.auction],
        "ah_puch": None if state.ah_puch < 0 else state.ah_puch,
        "threshold": None if state.ah_puch < 0 else state.high_bid,
        "you": player,
    }


_BYTE_BITS: Final = tuple(tuple(float(byte >> i & 1) for i in range(8)) for byte in range(256))
"""The 8 bits of each byte value, lowest first, as floats (a plane is built a byte at a time)."""
_LAYER_BYTES: Final = (LAYER + 7) // 8


def _plane(mask: int, level: int) -> list[float]:
    """The cells of ``mask`` on ``level`` (1..3) as a 9×9 plane."""
    layer = mask >> (LAYER * (level - 1)) & ((1 << LAYER) - 1)
    out: list[float] = []
    for byte in layer.to_bytes(_LAYER_BYTES, "little"):
        out += _BYTE_BITS[byte]
    del out[LAYER:]
    return out


def tensor(state: AztecState, player: int) -> list[float]:
    """The flat observation tensor of ``player`` (layout in the module docstring)."""
    occupied = state.occupied
    corners = state.options["corners"] == "both"
    own = 0
    others = 0
    for seat in range(state.num_players):
        edges = state.edges_of(seat)
        if edges is None:
            continue
        mask = NS_EDGE[corners] if edges == "north_south" else EW_EDGE[corners]
        if seat == player:
            own |= mask
        else:
            others |= mask
    last = 0
    if state.last is not None:
        cells = placement_mask(state.last)
        last = (cells | cells >> LAYER | cells >> (2 * LAYER)) & ((1 << LAYER) - 1)
    bid = state.high_bid / state.max_bid if state.num_players == 3 else 0.0
    constants = [
        state.pieces_left / 22,
        1.0 if state.current_player == player else 0.0,
        1.0 if player == state.ah_puch else 0.0,
        bid,
        1.0 if state.in_auction else 0.0,
    ]
    out: list[float] = []
    for level in (1, 2, 3):
        out += _plane(occupied, level)
    out += _plane(own, 3)
    out += _plane(others, 3)
    out += _plane(last, 1)
    for value in constants:
        out += [value] * LAYER
    return out
