"""The observation tensor as a numpy array, for the learning adapters.

Imported only by ``stonework.interop`` (through ``GameSpec.array_writer``): playing never needs
numpy. Zapotec's tensor (``observe.py``) is about fifteen blocks of small one-hots and counts,
and a step changes few of them (the seat that acts: its resources, say; the board only when a
house is built). So the writer keeps each block's values as an array with the block's key
(``observe.Block``: everything the block reads from the state) and rebuilds a block only when
its key changed; keys are compared by value, so a kept block is never another position's. A
block that depends on the observing seat (its hand, its committed card) is kept per seat.
The action mask is the generic one (``legal_action_ids``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from stonework.games.zapotec import observe

if TYPE_CHECKING:
    from stonework.core.state import State
    from stonework.games.zapotec.components import Components
    from stonework.games.zapotec.state import ZapotecState


class ArrayWriter:
    """Zapotec's writer for ``stonework.interop.arrays`` (one per environment)."""

    def __init__(self) -> None:
        # (players, block index, observing seat or -1) -> (components, key, values).
        self._kept: dict[
            tuple[int, int, int], tuple[Components, Hashable, npt.NDArray[np.float32]]
        ] = {}
        # Recurring blocks: every key seen, per components (a few hundred small arrays at most).
        self._recurring: dict[tuple[Components, Hashable], npt.NDArray[np.float32]] = {}

    def fill_observation(self, state: State, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``observe.tensor(state, player)`` into ``out``, value for value."""
        zapotec = cast("ZapotecState", state)
        n = zapotec.num_players
        comp = zapotec.comp
        kept = self._kept
        recurring = self._recurring
        arrays: list[npt.NDArray[np.float32]] = []
        for index, block in enumerate(observe.blocks(n)):
            key = block.key(zapotec, player)
            if block.recurring:
                array = recurring.get((comp, key))
                if array is None:
                    array = recurring[comp, key] = _build(block, zapotec, player)
                arrays.append(array)
                continue
            slot = (n, index, player if block.private else -1)
            entry = kept.get(slot)
            if entry is None or entry[0] is not comp or entry[1] != key:
                entry = kept[slot] = (comp, key, _build(block, zapotec, player))
            arrays.append(entry[2])
        size = sum(array.shape[0] for array in arrays)
        if size != out.shape[0]:
            raise ValueError(
                f"zapotec: the blocks gave {size} values, the tensor has {out.shape[0]}"
            )
        np.concatenate(arrays, out=out)  # one copy for all blocks, not one call per block

    def mark_legal(self, state: State, mask: npt.NDArray[np.int8]) -> None:
        """Set 1 at ``legal_action_ids`` (a seat is to move)."""
        mask[state.legal_action_ids()] = 1


def _build(block: observe.Block, state: ZapotecState, player: int) -> npt.NDArray[np.float32]:
    values: list[float] = []
    block.build(state, player, values)
    return np.asarray(values, np.float32)


def make_writer() -> ArrayWriter:
    """The factory ``GameSpec.array_writer`` names."""
    return ArrayWriter()
