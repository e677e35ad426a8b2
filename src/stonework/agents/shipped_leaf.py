"""The leaf networks shipped in the package, by game and player count (``leafnet=shipped``).

A shipped leaf network judges the cut-off playouts of ``hard``'s own tree search; ``expert``
plays it where one ships (:mod:`stonework.agents.expert`). Each entry also names the playout
depth it was measured with: a good leaf value can stand in for more of the playout than the
hand estimate could, so the best cut-off depth differs from ``hard``'s, and a search given
``leafnet=shipped`` and no playout setting of its own plays that depth. This module needs no
numpy until a network is read.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from stonework.core.state import State

if TYPE_CHECKING:
    from stonework.agents.base import Values
    from stonework.agents.mcts import LeafValue, NetRank
    from stonework.agents.playout import Playout


@dataclass(frozen=True)
class ShippedLeaf:
    """One shipped network: its file under ``learn/weights/`` and how ``expert`` plays it."""

    file: str
    depth: int | None = None
    """Decisions played before the network judges a leaf, as measured best (``hard:depth=N``);
    ``None``: the game's own playout."""
    net_rank: NetRank = "off"
    """Where the search orders new children by one ply of the network, as measured best
    (``hard:netrank=...``): ``off``, ``root`` or ``all``."""


SHIPPED_LEAF: Final[dict[tuple[str, int], ShippedLeaf]] = {
    # Fitted to lambda-returns (0.95) of 1,000 games of expert's own search at 200 simulations
    # with the network before it at the leaves (session 36's teacher round), the 1,440 games of
    # the two rounds before fitted beside them; in expert's search against that network it won
    # 114 of 200 games at 0.5 s a move: docs/models.md, "leaf-2p-mcts200x2440". The root's
    # moves are ordered by it (netrank=root), as measured best with an earlier network:
    # BENCHMARKS.md, "Akropolis 2p: the leaf network orders the root".
    ("akropolis", 2): ShippedLeaf("akropolis-2p-leaf-mcts200x2440.npz", net_rank="root"),
    # Fitted to 1,811 games of ismcts:200, asked at the leaf itself (no playout: depth=0 beat
    # depth 8 and 2 with it); docs/models.md, "zapotec-2p-leaf-ismcts200x1811".
    ("zapotec", 2): ShippedLeaf("zapotec-2p-leaf-ismcts200x1811.npz", depth=0),
    # Fitted to 500 games of ismcts:150 at three players, its epoch chosen by play (stonework
    # leafnet --check-games), asked at the leaf: docs/models.md, "zapotec-3p-leaf-ismcts150x500".
    ("zapotec", 3): ShippedLeaf("zapotec-3p-leaf-ismcts150x500.npz", depth=0),
    # Fitted to 507 games of ismcts:100 at four players, asked at the leaf as at two; a refit to
    # 1,500 games judged the held-out games better but played worse: docs/models.md,
    # "zapotec-4p-leaf-ismcts100x507".
    ("zapotec", 4): ShippedLeaf("zapotec-4p-leaf-ismcts100x507.npz", depth=0),
}
"""Leaf networks shipped by (game, players). Listed only once measured stronger than ``hard``."""

SHIPPED_NAME: Final = "shipped"
"""What ``leafnet=`` names to mean the network shipped for the table's game and player count."""


def shipped_leaf_path(game: str, players: int) -> str | None:
    """The file of the leaf network shipped for ``game`` at ``players``, or None if none ships."""
    entry = SHIPPED_LEAF.get((game, players))
    if entry is None:
        return None
    from importlib.resources import files

    return str(files("stonework.learn") / "weights" / entry.file)


class ShippedLeafNet:
    """``leafnet=shipped``: the network shipped for the table, read on first use.

    An agent is built before it sees a table, so which file it needs is known only at the
    search's first :meth:`check`; a table with none shipped is a ValueError there."""

    def __init__(self) -> None:
        from stonework.games.leaf_mlp import require_numpy

        require_numpy()
        self._nets: dict[tuple[str, int], LeafValue] = {}

    def check(self, state: State) -> None:
        """ValueError unless a network ships for ``state``'s game and player count."""
        self._net(state).check(state)

    def _net(self, state: State) -> LeafValue:
        key = (state.spec.name, state.num_players)
        net = self._nets.get(key)
        if net is None:
            path = shipped_leaf_path(*key)
            if path is None:
                raise ValueError(f"no leaf network is shipped for {key[0]} at {key[1]} players")
            from stonework.agents.leaf_values import load_leaf_value

            net = self._nets[key] = load_leaf_value(path)
        return net

    def playout(self, state: State, default: Playout) -> Playout:
        """The game's ``default`` playout cut at the depth the table's network was measured
        with; ``default`` itself where none ships (:meth:`check` says so). See
        :func:`stonework.agents.mcts.leaf_playout`."""
        entry = SHIPPED_LEAF.get((state.spec.name, state.num_players))
        if entry is None or entry.depth is None:
            return default
        return dataclasses.replace(default, depth=entry.depth)

    def net_rank(self, state: State) -> NetRank:
        """Where the search orders new children by the table's network (``off`` where none
        ships). See :func:`stonework.agents.mcts.leaf_net_rank`."""
        entry = SHIPPED_LEAF.get((state.spec.name, state.num_players))
        return "off" if entry is None else entry.net_rank

    def __call__(self, state: State) -> Values:
        """The shipped network's leaf values (after :meth:`check`)."""
        return self._net(state)(state)
