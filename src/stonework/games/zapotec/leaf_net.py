"""A learned leaf value for Zapotec (2 to 4 players): a small MLP on features of the table (numpy).

The tree search judges its cut-off playouts by the hand-made heuristic (:mod:`.evaluation`: each
seat's expected final points against the table's mean, squashed by ``tanh``). This module holds
a richer description of a seat's position (:func:`seat_features`: the hand estimate and each of
its parts, the resources, houses, pyramid pieces, discs, track, tiles, hand and turn) and a
multi-layer perceptron fitted to teacher games (``stonework leafnet zapotec``) that predicts a
seat's final margin over the best of the other seats. At any number of players a seat's input
is three blocks of features: its own, those of the strongest other seat by the hand estimate,
and the mean of the rest (zeros at two players, where there is no rest). The network is a
*residual*: it predicts what the hand estimate's margin over that strongest seat misses, so
with few games it stays near the hand estimate instead of memorising them.

A search holds determinized worlds (the hidden hands re-dealt from what its seat has seen), so
the features may read the whole state: what a seat cannot see is a sample, not the real cards.

The search sees the prediction as :meth:`LeafNet.values`, ``tanh(margin / scale)`` with the
scale of the heuristic (:func:`value_scale`), so the tree's exploration constant keeps its
meaning; at two players the network is asked both ways round and the two values are opposites.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from stonework.games.leaf_mlp import LeafMLP, field_rows
from stonework.games.zapotec.evaluation import TERM_NAMES, estimate_terms
from stonework.games.zapotec.phases import PHASES
from stonework.games.zapotec.pieces import piece_owner

if TYPE_CHECKING:
    from stonework.core.state import State
    from stonework.games.zapotec.state import ZapotecState

FORMAT: Final = "zapotec-leaf-net/1"
HEURISTIC_SCALE: Final = 20.0
"""``evaluation.heuristic`` squashes a seat's estimate less the table's mean by this."""

FEATURE_NAMES: Final[tuple[str, ...]] = (
    "hand estimate",
    *(f"estimate/{name}" for name in TERM_NAMES),
    *(f"res/{name}" for name in ("wood", "brick", "stone", "corn", "gold", "priest")),
    "houses left",
    "palace",
    "icon houses",
    "grid tiles",
    *(f"pieces left/{size}" for size in ("small", "medium", "large")),
    "pieces placed",
    "discs left",
    "rituals joined",
    "track",
    "trade tiles",
    "hand cards",
    "committed",
    "to move",
    "turn place",
    "round",
    *(f"phase/{name}" for name in PHASES),
)
"""One seat's features, in the order :func:`seat_features` returns them. ``estimate/PART`` are
the terms of the hand estimate (``evaluation.TERM_NAMES``), ``icon houses`` the houses on the
nine icons (a palace twice in each of its three), ``turn place`` the seat's place in this
round's turn order (1 first, 0 before the order is known); ``round`` and the phase are the
table's, the same in every seat's block."""


HAND: Final = FEATURE_NAMES.index("hand estimate")
"""The column of the hand estimate in a seat's features (the first)."""


def value_scale(players: int) -> float:
    """The margin that maps to ``tanh(1)``, as the heuristic squashes at ``players`` players.

    The heuristic reads a seat's estimate less the table's mean, which is ``(n - 1) / n`` of its
    lead over the mean of the others: ``20 * n / (n - 1)`` (40 points at two players, where the
    margin over the other seat is twice the lead over the mean).
    """
    return HEURISTIC_SCALE * players / (players - 1)


def seat_features(state: ZapotecState, terms: list[tuple[float, ...]]) -> list[list[float]]:
    """Every seat's features (see :data:`FEATURE_NAMES`), given the hand estimate's parts."""
    n = state.num_players
    placed = [0] * n
    for stack in state.pyramids:
        for piece in stack:
            placed[piece_owner(piece)] += 1
    joined = [0] * n
    for discs in state.ritual_discs:
        for seat in range(n):
            joined[seat] += discs >> seat & 1
    order = state.turn_order
    phase = [0.0] * len(PHASES)
    phase[state.phase] = 1.0
    rows = []
    for seat in range(n):
        part = terms[seat]
        estimate = part[0] + part[1] + part[2] + part[3] + part[4]
        estimate += part[5] + part[6] + part[7] + part[8]
        icons = 0
        for count in state.icon_houses[seat]:
            icons += count
        grid = 0
        for tile in state.grid[seat]:
            grid += tile >= 0
        pieces = state.pieces[seat]
        rows.append(
            [
                estimate,
                *part,
                *map(float, state.res[seat]),
                float(state.houses[seat]),
                1.0 if state.palace[seat] >= 0 else 0.0,
                float(icons),
                float(grid),
                float(pieces[0]),
                float(pieces[1]),
                float(pieces[2]),
                float(placed[seat]),
                float(state.discs[seat]),
                float(joined[seat]),
                float(state.track[seat]),
                float(len(state.tiles[seat])),
                float(len(state.hands[seat])),
                1.0 if state.played[seat] else 0.0,
                1.0 if seat == state.active else 0.0,
                (n - order.index(seat)) / n if seat in order else 0.0,
                float(state.round),
                *phase,
            ]
        )
    return rows


def seat_rows(state: ZapotecState) -> list[list[float]]:
    """Each seat's input row, seat by seat: its features, the strongest other seat's by the hand
    estimate, the mean of the rest (zeros at two players)."""
    return field_rows(seat_features(state, estimate_terms(state)), HAND)


class LeafNet(LeafMLP):
    """The fitted MLP for Zapotec at the player count it was fitted for."""

    FORMAT = FORMAT
    FEATURE_NAMES = FEATURE_NAMES
    BLOCKS = 3

    def check_players(self, players: int) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"Zapotec is for 2 to 4 players, not {players}")

    def margins(self, state: ZapotecState) -> list[float]:
        """Each seat's predicted final margin over the best other seat (points).

        At two players seat 1's margin is minus seat 0's: the network is asked both ways round
        and the answers averaged, so the value does not depend on which seat is "own".
        """
        out = self.margins_batch(seat_rows(state))
        if self.players == 2:
            m = float(out[0] - out[1]) / 2.0
            return [m, -m]
        return [float(m) for m in out]

    def values(self, state: ZapotecState) -> list[float]:
        """Each seat's value in [-1, 1]: its predicted margin squashed as the heuristic is."""
        scale = value_scale(self.players)
        if self.players == 2:
            v = math.tanh(self.margins(state)[0] / scale)
            return [v, -v]
        return [math.tanh(m / scale) for m in self.margins(state)]

    def check(self, state: State) -> None:
        """ValueError unless ``state`` is a Zapotec game of the fitted player count."""
        from stonework.games.zapotec.state import ZapotecState

        if not isinstance(state, ZapotecState):
            raise ValueError(f"the leaf network judges Zapotec, not {state.spec.name}")
        if state.num_players != self.players:
            raise ValueError(
                f"the leaf network is for {self.players} players, not {state.num_players}"
            )

    def __call__(self, state: State) -> list[float]:
        """:meth:`values` of a state :meth:`check` let through (the search's leaf value)."""
        return self.values(state)  # type: ignore[arg-type]
