"""What the adapters share: integer ids of legal actions and chance outcomes, observation arrays.

Action ids are the game's own (``State.action_id``): decisions and chance outcomes live in one
space of ``num_distinct_actions()`` ids, so a chance outcome keeps its id in every adapter.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

from stonework.core import CHANCE, GameSpec, Rng, State, get_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def sorted_legal_ids(state: State) -> list[int]:
    """Ids of the legal actions (or chance outcomes), ascending as OpenSpiel requires."""
    return sorted(state.legal_action_ids())


def chance_outcome_ids(state: State) -> list[tuple[int, float]]:
    """The chance outcomes as (id, probability) pairs, ascending by id."""
    return sorted((state.action_id(action), p) for action, p in state.chance_outcomes())


def observation_string(state: State, player: int | None) -> str:
    """The seat's observation as canonical JSON (the same text for the same view)."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


def tensor_shape(state: State) -> tuple[int, ...] | None:
    """The game's observation-tensor shape, or None when the game provides no tensor."""
    try:
        return tuple(state.observation_shape())
    except NotImplementedError:
        return None


def tensor_bounds(state: State) -> tuple[float, float]:
    """The game's declared (least, greatest) tensor value; unbounded when it declares none."""
    try:
        return state.observation_bounds()
    except NotImplementedError:
        return (-math.inf, math.inf)


def tensor_size(shape: tuple[int, ...]) -> int:
    """Number of values in a tensor of ``shape``."""
    return math.prod(shape)


def observation_array(state: State, player: int, shape: tuple[int, ...]) -> npt.NDArray[np.float32]:
    """The seat's observation tensor as a float32 array of the game's declared shape.

    Filled from :meth:`State.observation_nonzero` into zeros where the game answers it itself
    (converting a long, mostly empty Python list element by element was most of an Akropolis
    step); otherwise the whole list is converted, which is cheaper than finding its nonzeros.
    """
    import numpy as np

    size = tensor_size(shape)
    if not has_sparse_tensor(state):
        values_list = state.observation_tensor(player)
        if len(values_list) != size:
            raise ValueError(
                f"{state.spec.name}: observation_tensor gave {len(values_list)} values, "
                f"observation_shape {shape} needs {size}"
            )
        return np.asarray(values_list, dtype=np.float32).reshape(shape)
    indices, values = state.observation_nonzero(player)
    out = np.zeros(size, dtype=np.float32)
    if indices:
        at = np.asarray(indices, dtype=np.intp)
        if at.min() < 0 or at.max() >= size:
            raise ValueError(
                f"{state.spec.name}: observation_nonzero gave an index outside the "
                f"{size} values of observation_shape {shape}"
            )
        out[at] = values
    return out.reshape(shape)


def has_sparse_tensor(state: State) -> bool:
    """Whether the game answers ``observation_nonzero`` itself (not the protocol's default)."""
    return type(state).observation_nonzero is not State.observation_nonzero


def action_mask_array(state: State, size: int) -> npt.NDArray[np.int8]:
    """An int8 mask over the action space, 1 where a decision is legal (all 0 off-turn)."""
    import numpy as np

    mask = np.zeros(size, dtype=np.int8)
    if state.current_player >= 0:
        mask[state.legal_action_ids()] = 1
    return mask


def resolve_chance(state: State, rng: Rng) -> None:
    """Draw chance outcomes (by their odds, with ``rng``) until a seat must decide or the end."""
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))


def spec_of(game: str | GameSpec) -> GameSpec:
    """A game's spec from its name, its env id (``aztec_v0``) or the spec itself."""
    if isinstance(game, GameSpec):
        return game
    name, _, version = game.rpartition("_")
    if name and version.startswith("v") and version[1:].isdigit():
        return get_game(name)
    return get_game(game)
