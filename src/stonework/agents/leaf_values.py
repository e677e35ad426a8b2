"""The learned leaf values a file can hold, found by the format tag inside it (``leafnet=PATH``).

Each game's network is its own ``leaf_net`` module's class; the file says which (the tag of
:func:`stonework.games.leaf_mlp.format_of`), so one option serves every game. Imported only when
a network is asked for: playing without one never needs numpy.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Final

from stonework.agents.mcts import LeafValue
from stonework.games.leaf_mlp import LeafMLP, format_of

NETWORKS: Final[dict[str, str]] = {
    "akropolis-leaf-net/1": "stonework.games.akropolis.leaf_net",
    "zapotec-leaf-net/1": "stonework.games.zapotec.leaf_net",
}
"""Format tag -> the module whose ``LeafNet`` reads it."""


def load_leaf_value(path: str | Path) -> LeafValue:
    """The network in ``path`` for whichever game it was fitted; ValueError saying why if none."""
    tag = format_of(path)
    if tag not in NETWORKS:
        known = ", ".join(NETWORKS)
        raise ValueError(
            f"cannot read the leaf network {str(path)!r}: its format {tag!r} is none of {known}"
        )
    network = importlib.import_module(NETWORKS[tag]).LeafNet
    assert issubclass(network, LeafMLP)
    loaded: LeafValue = network.load(path)
    return loaded
