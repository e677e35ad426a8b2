"""The core of stonework: the game protocol, registry, errors, randomness, records, conformance."""

from stonework.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    RecordError,
    StoneworkError,
    UnknownGame,
    UnknownOption,
)
from stonework.core.options import OptionSet, OptionSpec, OptionValue
from stonework.core.record import Record, replay, save_state
from stonework.core.registry import (
    GameSpec,
    SearchDefaults,
    from_position,
    get_game,
    list_games,
    new_game,
    register,
)
from stonework.core.rng import Rng, derive_rng, derive_seed, make_rng
from stonework.core.state import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Score,
    State,
    action_mask,
    legal_ids,
    play_random,
)

__all__ = [
    "CHANCE",
    "JSON",
    "TERMINAL",
    "Action",
    "GameSpec",
    "IllegalAction",
    "InvalidAction",
    "InvalidPosition",
    "OptionSet",
    "OptionSpec",
    "OptionValue",
    "Record",
    "RecordError",
    "Rng",
    "Score",
    "SearchDefaults",
    "State",
    "StoneworkError",
    "UnknownGame",
    "UnknownOption",
    "action_mask",
    "derive_rng",
    "derive_seed",
    "from_position",
    "get_game",
    "legal_ids",
    "list_games",
    "make_rng",
    "new_game",
    "play_random",
    "register",
    "replay",
    "save_state",
]
