"""Observation arrays and action masks for the learning adapters, by the fastest route a game has.

A learner's step is one observation tensor and one action mask on top of the engine's move. A
game whose tensor or action space is large (Akropolis: 43,381 floats and 43,285 ids at two
players) or built from many small blocks (Zapotec) declares its own writer
(``GameSpec.array_writer``), which keeps what did not change since the last step; every other
game gets :class:`GenericWriter`, which converts ``observation_nonzero`` or
``observation_tensor``. Either way the values are exactly those of ``observation_tensor`` and
the mask holds exactly ``legal_action_ids`` (tests check both over whole games).

The environments make one :class:`Arrays` per env; its arrays are fresh on every call (a
learner may keep them), OpenSpiel's observer fills its own buffer in place.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from stonework.core import GameSpec, State
from stonework.interop.encoding import tensor_size

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class ArrayWriter(Protocol):
    """What a game's writer does (one per environment: it may keep blocks between calls)."""

    def observation(self, state: State, player: int, size: int) -> FloatArray:
        """A fresh flat array of ``size`` values: ``player``'s observation tensor (a writer that
        keeps the whole tensor copies it, instead of filling an array of zeros)."""

    def fill_observation(self, state: State, player: int, out: FloatArray) -> None:
        """Write ``player``'s observation tensor into the flat array ``out``, which holds zeros
        (so a mostly empty tensor costs only its nonzero values)."""

    def mark_legal(self, state: State, mask: MaskArray) -> None:
        """Set 1 in ``mask`` (all zeros, one entry per action id) at every legal decision's id.

        Called only while a seat is to move (chance is resolved by the environments).
        """


class GenericWriter:
    """The protocol's hooks converted to numpy: ``observation_nonzero`` where a game answers it
    itself (its tensor is mostly zeros), else the whole ``observation_tensor`` list."""

    def observation(self, state: State, player: int, size: int) -> FloatArray:
        out = np.zeros(size, np.float32)
        self.fill_observation(state, player, out)
        return out

    def fill_observation(self, state: State, player: int, out: FloatArray) -> None:
        size = out.shape[0]
        if not has_sparse_tensor(state):
            values_list = state.observation_tensor(player)
            if len(values_list) != size:
                raise ValueError(
                    f"{state.spec.name}: observation_tensor gave {len(values_list)} values, "
                    f"observation_shape needs {size}"
                )
            out[:] = values_list
            return
        indices, values = state.observation_nonzero(player)
        if indices:
            at = np.asarray(indices, dtype=np.intp)
            if at.min() < 0 or at.max() >= size:
                raise ValueError(
                    f"{state.spec.name}: observation_nonzero gave an index outside the "
                    f"{size} values of observation_shape"
                )
            out[at] = values

    def mark_legal(self, state: State, mask: MaskArray) -> None:
        mask[state.legal_action_ids()] = 1


class Layout(ArrayWriter, Protocol):
    """A writer with a layout of its own (``GameSpec.compact_writer``): the PettingZoo env's
    observation at a version past 0, in its own dtype, shape and bounds."""

    dtype: type[np.generic]

    def shape(self, state: State) -> tuple[int, ...]:
        """The observation's shape for this config."""

    def bounds(self, state: State) -> tuple[int, int]:
        """The least and greatest value of any entry."""

    def reference(self, state: State, player: int) -> list[int]:
        """``player``'s observation as a flat list, read from the state by the plainest route
        (what the fast arrays must equal)."""


def has_sparse_tensor(state: State) -> bool:
    """Whether the game answers ``observation_nonzero`` itself (not the protocol's default)."""
    return type(state).observation_nonzero is not State.observation_nonzero


def writer_for(spec: GameSpec) -> ArrayWriter:
    """A new writer for one environment of ``spec``: the game's own, else the generic one."""
    if spec.array_writer is None:
        return GenericWriter()
    return cast(ArrayWriter, spec.array_writer())


class Arrays:
    """One environment's observation arrays and masks (shape, action count and writer fixed)."""

    def __init__(
        self,
        spec: GameSpec,
        shape: tuple[int, ...],
        num_actions: int,
        writer: ArrayWriter | None = None,
    ) -> None:
        self.shape = shape
        self.size = tensor_size(shape)
        self.flat = len(shape) == 1
        self.num_actions = num_actions
        self.writer = writer_for(spec) if writer is None else writer

    def observation(self, state: State, player: int) -> np.ndarray[Any, np.dtype[Any]]:
        """A fresh array of ``player``'s observation in the layout's shape (the game's float32
        tensor, or a compact layout's own dtype)."""
        out = self.writer.observation(state, player, self.size)
        return out if self.flat else out.reshape(self.shape)

    def fill(self, state: State, player: int, out: FloatArray) -> None:
        """Write ``player``'s tensor into the flat array ``out`` (OpenSpiel's observer buffer)."""
        out.fill(0.0)
        self.writer.fill_observation(state, player, out)

    def mask(self, state: State, seat: int) -> MaskArray:
        """A fresh int8 mask over the action ids: 1 at the legal decisions if ``seat`` is to
        move, all 0 otherwise."""
        if state.current_player == seat:
            return self.legal_mask(state)
        return self.empty_mask()

    def legal_mask(self, state: State) -> MaskArray:
        """A fresh int8 mask with 1 at the legal decisions of the seat to move."""
        mask = np.zeros(self.num_actions, np.int8)
        self.writer.mark_legal(state, mask)
        return mask

    def empty_mask(self) -> MaskArray:
        """A fresh int8 mask of zeros (a seat that is not to move)."""
        return np.zeros(self.num_actions, np.int8)


def compact_writer_for(spec: GameSpec) -> Layout | None:
    """A new writer of ``spec``'s compact layout (its env version 1), or None if it has none."""
    if spec.compact_writer is None:
        return None
    return cast(Layout, spec.compact_writer())
