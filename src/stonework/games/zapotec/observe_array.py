"""The observation tensor as a numpy array, for the learning adapters.

Imported only by ``stonework.interop`` (through ``GameSpec.array_writer``): playing never needs
numpy. Zapotec's tensor (``observe.py``) is about fifteen blocks of small one-hots and counts,
and a step changes few of them (the seat that acts: its resources, say; the board only when a
house is built). So the writer keeps each block's values as an array with the block's key
(``observe.Block``: everything the block reads from the state) and rebuilds a block only when
its key changed; keys are compared by value, so a kept block is never another position's. A
block that depends on the observing seat (its hand, its committed card) is kept per seat.
The board and cards blocks (the largest that change often) are built in numpy from the state's
lists, the others from ``observe``'s own lists. The action mask is the generic one
(``legal_action_ids``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from stonework.games.zapotec import observe
from stonework.games.zapotec.phases import COMMIT

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
    fast = _FAST.get(block.name)
    if fast is not None:
        return fast(state, player)
    values: list[float] = []
    block.build(state, player, values)
    return np.asarray(values, np.float32)


class _Tables:
    """What the numpy builders index, made once per data set and table size."""

    def __init__(self, c: Components, players: int) -> None:
        # Building tile -> its produce, with a row of zeros last for "no tile" (index -1).
        produce = [list(row) for row in observe.produce_floats(c)] + [[0.0] * 6]
        self.produce = np.array(produce, np.float32)
        # Seat -> its one-hot, zeros last for "no owner" (index -1).
        self.owner = np.vstack([np.eye(players, dtype=np.float32), np.zeros(players, np.float32)])
        self.spaces = np.array([space.index for space in c.spaces], np.intp)
        self.card_at = observe.card_positions(c)
        self.cards = tuple(c.cards)


_TABLES: dict[tuple[int, int], tuple[Components, _Tables]] = {}


def _tables(state: ZapotecState) -> _Tables:
    c = state.comp
    n = state.num_players
    kept = _TABLES.get((id(c), n))
    if kept is None or kept[0] is not c:
        kept = _TABLES[id(c), n] = (c, _Tables(c, n))
    return kept[1]


def _board(state: ZapotecState, player: int) -> npt.NDArray[np.float32]:
    # observe._board_block in whole columns: per space (in the components' order) in play,
    # its tile's produce, its owner one-hot and whether that owner's palace stands on it.
    t = _tables(state)
    n = state.num_players
    spaces = t.spaces
    owners = np.array(state.space_owner, np.intp)[spaces]
    palace = np.array(state.palace, np.intp)
    block = np.empty((spaces.shape[0], 8 + n), np.float32)
    block[:, 0] = np.array(state.in_play, np.float32)[spaces]
    block[:, 1:7] = t.produce[np.array(state.space_tile, np.intp)[spaces]]
    block[:, 7 : 7 + n] = t.owner[owners]
    block[:, 7 + n] = (owners >= 0) & (palace[owners] == spaces)
    return block.ravel()


def _cards(state: ZapotecState, player: int) -> npt.NDArray[np.float32]:
    # observe._cards_block as the indices of its ones: rows of one entry per card for the
    # scoring card, the offer, the hand and the player's choice, then per seat its known
    # cards and its revealed card.
    t = _tables(state)
    at = t.card_at
    size = len(at)
    n = state.num_players
    ones: list[int] = []
    rows: tuple[tuple[int, ...] | list[int], ...] = (
        (state.scoring_card,),
        state.offer,
        state.hands[player],
        (state.played[player],),
    )
    for row, cards in enumerate(rows):
        base = row * size
        ones += [base + at[card] for card in cards if card in at]
    committing = state.phase == COMMIT
    base = 4 * size
    for seat in range(n):
        known = state.known[seat]
        ones += [base + i for i, card in enumerate(t.cards) if known >> card & 1]
        played = 0 if committing else state.played[seat]
        if played in at:
            ones.append(base + size + at[played])
        base += 2 * size
    block = np.zeros(base, np.float32)
    block[ones] = 1.0
    return block


_FAST: dict[str, Callable[[ZapotecState, int], npt.NDArray[np.float32]]] = {
    "board": _board,
    "cards": _cards,
}
"""Blocks built in numpy (the largest that change often), by name; the others from lists."""


def make_writer() -> ArrayWriter:
    """The factory ``GameSpec.array_writer`` names."""
    return ArrayWriter()
