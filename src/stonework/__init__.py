"""stonework: play, analyse and research Akropolis, Zapotec and Aztec.

>>> import stonework
>>> isinstance(stonework.list_games(), list)
True
"""

from stonework.core import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    InvalidAction,
    Record,
    State,
    UnknownGame,
    UnknownOption,
    from_position,
    get_game,
    list_games,
    new_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "IllegalAction",
    "InvalidAction",
    "Record",
    "State",
    "UnknownGame",
    "UnknownOption",
    "__version__",
    "from_position",
    "get_game",
    "list_games",
    "new_game",
    "replay",
]
