"""What ``stonework leafnet`` needs of each game whose leaf value it learns: a per-game hook.

The teacher games (:mod:`.leaf_games`) and the fit (:mod:`.leaf_fit`) are the same for every
game; a :class:`LeafKind` holds what differs: the player counts, the default teacher, the
network class and each seat's input row, and for Akropolis the linear leaf estimate the report
refits beside the network. The games' modules are imported when a kind is asked for (numpy).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stonework.core.state import State
from stonework.games.leaf_mlp import LeafMLP


@dataclass(frozen=True)
class LeafKind:
    """One game's hook: ``module`` is its ``leaf_net`` (``LeafNet`` and ``seat_rows``)."""

    game: str
    players: tuple[int, ...]
    teachers: dict[int, str]
    """The default teacher by player count."""
    module: str
    linear: str | None = None
    """The module whose ``features(state, seat)`` the report refits by least squares, if any."""
    check_settings: str = ""
    """``hard``'s settings beside the network when a fit is chosen by play (``depth=0``: the
    network judges the leaf itself, as the shipped ones of the game are played)."""

    def _module(self, name: str) -> Any:
        return importlib.import_module(name)

    @property
    def net(self) -> type[LeafMLP]:
        """The game's network class."""
        network: type[LeafMLP] = self._module(self.module).LeafNet
        return network

    def rows(self, state: State) -> list[list[float]]:
        """Each seat's input row of a position, seat by seat."""
        rows: list[list[float]] = self._module(self.module).seat_rows(state)
        return rows

    def value_scale(self, players: int) -> float:
        """The margin in points that the search's leaf values squash to ``tanh(1)`` at
        ``players`` players (the game's ``leaf_net.value_scale``): what turns a search's root
        value back into points."""
        scale: float = self._module(self.module).value_scale(players)
        return scale

    def linear_features(self) -> Callable[[State, int], list[float]] | None:
        """The linear leaf estimate's features of a seat, where the game has one."""
        if self.linear is None:
            return None
        features: Callable[[State, int], list[float]] = self._module(self.linear).features
        return features


KINDS: dict[str, LeafKind] = {
    # The search hard runs, at 100 simulations a move: about 1.5 s of CPU a game at two players;
    # at three and four its playouts are a round of greedy moves, about 24 s and 37 s a game.
    "akropolis": LeafKind(
        "akropolis",
        (2, 3, 4),
        {2: "mcts:100", 3: "mcts:100", 4: "mcts:100"},
        "stonework.games.akropolis.leaf_net",
        "stonework.games.akropolis.leaf_estimate",
    ),
    # ISMCTS at a fixed number of simulations, the playouts the game's default (cut at depth 8
    # and judged by the heuristic at 2-3 players, to the end at 4): about 2 s of CPU a game at
    # two players with 200, about 6.5 s at four with 100 (playouts to the end cost more).
    "zapotec": LeafKind(
        "zapotec",
        (2, 3, 4),
        {2: "ismcts:200", 3: "ismcts:150", 4: "ismcts:100"},
        "stonework.games.zapotec.leaf_net",
        check_settings="depth=0",
    ),
}


def leaf_kind(game: str, players: int) -> LeafKind:
    """The hook of ``game`` at ``players`` players; ValueError saying why if it has none."""
    kind = KINDS.get(game)
    if kind is None:
        raise ValueError(f"the leaf network is for {' and '.join(sorted(KINDS))}, not {game}")
    if players not in kind.players:
        counts = ", ".join(map(str, kind.players))
        raise ValueError(f"the {game} leaf network is for {counts} players, not {players}")
    return kind
