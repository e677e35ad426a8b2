"""What the adapters share: integer ids of legal actions and chance outcomes, tensor shapes.

Action ids are the game's own (``State.action_id``): decisions and chance outcomes live in one
space of ``num_distinct_actions()`` ids, so a chance outcome keeps its id in every adapter.
The numpy arrays themselves are :mod:`stonework.interop.arrays`.
"""

from __future__ import annotations

import json
import math

from stonework.core import CHANCE, GameSpec, Rng, State, get_game


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


def resolve_chance(state: State, rng: Rng) -> int:
    """Draw chance outcomes (by their odds, with ``rng``) until a seat must decide or the end;
    returns the seat to move then (or TERMINAL), so a caller need not ask for it again (each
    ask may compute legality, as in Aztec)."""
    player = state.current_player
    while player == CHANCE:
        # The engine's own draw is one of the legal outcomes (the conformance kit checks every
        # game's sample_chance), so it is applied without the check that ``apply`` makes for
        # outside input: that check lists the outcomes again (a Zapotec deal: 6 us of 7).
        state.apply_unchecked(state.sample_chance(rng))
        player = state.current_player
    return player


def split_env_id(game: str) -> tuple[str, str | None]:
    """A game name and the version an env id names: ``aztec_v0`` -> (aztec, v0), ``aztec`` ->
    (aztec, None)."""
    name, _, version = game.rpartition("_")
    if name and version.startswith("v") and version[1:].isdigit():
        return name, version
    return game, None


def spec_of(game: str | GameSpec) -> GameSpec:
    """A game's spec from its name, its env id (``aztec_v0``) or the spec itself."""
    if isinstance(game, GameSpec):
        return game
    return get_game(split_env_id(game)[0])
