"""Two-player Aztec on bit masks, for the exact endgame solver (``stonework.agents.endgame``).

At two players the cubes on the board decide the rest of the game: they fix how many pieces
were placed (six cubes each, after the start cube), so whose turn it is, and every rule and
the score read nothing else. So a position is the mask of occupied cells, and a move is one
OR with the piece's cells: about a tenth of the cost of cloning a state and applying the move,
which the solver does for every position it visits. The legality and scoring are the state's
own functions (``legal_words`` or ``rules``, ``scoring``), and the tests compare every answer
with the state's.
"""

from __future__ import annotations

from collections.abc import Sequence

from stonework.core.state import TERMINAL
from stonework.games.aztec.actions import PLACEMENT_CELLS
from stonework.games.aztec.geometry import PIECES, Mask
from stonework.games.aztec.rules import anchor_ids, legal_anchors
from stonework.games.aztec.scoring import EW_EDGE, NS_EDGE

WORDS: bool
"""As ``state.WORDS``: the compiled ``legal_words`` lists the moves, else the rules do."""
try:
    from stonework.games.aztec import legal_words
except ImportError:  # without the dev tools' arrays: the rules alone, as the state does
    WORDS = False
else:
    WORDS = bool(getattr(legal_words, "COMPILED", False))


class CompactAztec:
    """The rules of one two-player game (its options) on occupied-cell masks."""

    __slots__ = (
        "_last",
        "corners",
        "ew_edge",
        "first",
        "lose_when_stuck",
        "ns_edge",
        "slide",
        "stability",
        "two_cubes",
    )

    def __init__(
        self,
        first: int,
        stability: str,
        slide: bool,
        two_cubes: bool,
        corners: bool,
        lose_when_stuck: bool,
    ) -> None:
        self.first = first
        self.stability = stability
        self.slide = slide
        self.two_cubes = two_cubes
        self.corners = corners
        self.lose_when_stuck = lose_when_stuck
        # The cells that score for each builder (scoring.edge_scores, read here directly: the
        # solver asks for the lead of every move it orders).
        self.ns_edge: Mask = NS_EDGE[corners]
        self.ew_edge: Mask = EW_EDGE[corners]
        self._last: tuple[Mask, Sequence[int]] = (0, ())
        """The last position whose moves were listed, and its moves: the solver asks whose
        turn it is (which needs the moves) right before it asks for them."""

    def key(self, position: Mask) -> Mask:
        return position

    def moves(self, position: Mask) -> Sequence[int]:
        last, ids = self._last
        if last == position:
            return ids
        if _placed(position) >= PIECES:
            ids = ()
        elif WORDS:
            ids = legal_words.legal_ids(position, self.stability, self.slide, self.two_cubes)
        else:
            anchors = legal_anchors(position, self.stability, self.slide, self.two_cubes)
            ids = anchor_ids(anchors)
        self._last = (position, ids)
        return ids

    def mover(self, position: Mask) -> int:
        if not self.moves(position):
            return TERMINAL
        return (self.first + _placed(position)) % 2

    def play(self, position: Mask, action: int) -> Mask:
        cells = PLACEMENT_CELLS[action]
        assert cells is not None  # a legal placement's cells are on the board
        return position | cells

    def outcome(self, position: Mask, seat: int) -> int:
        placed = _placed(position)
        if self.lose_when_stuck and placed < PIECES:
            # §3.5, option no_move=lose: the seat that cannot place loses.
            return -1 if (self.first + placed) % 2 == seat else 1
        lead = self.lead(position, seat)
        return 1 if lead > 0 else -1 if lead < 0 else 0

    def lead(self, position: Mask, seat: int) -> float:
        ns = (position & self.ns_edge).bit_count()
        ew = (position & self.ew_edge).bit_count()
        return float(ns - ew if seat == 0 else ew - ns)


def _placed(position: Mask) -> int:
    """Pieces on the board: six cubes each, besides the start cube."""
    return (position.bit_count() - 1) // 6
