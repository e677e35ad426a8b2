"""stonework: play, analyse and research Akropolis, Zapotec and Aztec.

>>> import stonework
>>> isinstance(stonework.list_games(), list)
True
"""

# Before any game is imported: STONEWORK_PURE=1 runs the sources of the compiled build.
from stonework.core.compiled import honour_environment

honour_environment()

from stonework.core import (  # noqa: E402
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
