"""Zapotec component data sets by name: the built-in ``v8`` (the default), ``v7``, ``v6``, ``v5``, ``v4``, ``v3``, ``v2`` and ``v1``, and others
by content hash.

The ``components`` option names a data set and never a file, so a record, a position string or
a server request cannot make the engine read the machine's files. Other data sets are
registered in the running process, from a JSON object (:func:`register_components`) or from a
file the user names on the command line (:func:`read_components_file`, size-bounded), and are
named ``sha256:<hex>`` after their content: a record played with one names exactly the data it
needs, and replaying it elsewhere fails cleanly until the same data is registered there.

>>> name = register_components({"trade_costs": [0, 0, 1]})
>>> name.startswith("sha256:"), load_components(name).trade_costs
(True, (0, 0, 1))
>>> load_components("v8") is default_components("seed")
True
>>> load_components("v7") is default_components("seed", "v7")
True
>>> load_components("v6") is default_components("seed", "v6")
True
>>> load_components("v4") is default_components("seed", "v4")
True
>>> load_components("v3") is default_components("seed", "v3")
True
>>> load_components("v2") is default_components("seed", "v2")
True
>>> load_components("v1") is load_components("") is default_components("seed", "v1")
True
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from typing import Any, Final

from stonework.core.action_fields import describe_value
from stonework.core.errors import UnknownOption
from stonework.core.record import read_user_file
from stonework.games.zapotec.components import (
    Components,
    compile_components,
    default_components,
    default_data,
)

EIGHTH: Final = "v8"
"""v7 with III:architect and III:brick paying at once and a gold on track spaces 3 and 7 (issue 17,
eighth pass)."""

SEVENTH: Final = "v7"
"""v6 with III:mason, III:wood, III:harvest and III:tribute paying at once and a brick on track space 1
(issue 17, sixth pass)."""

SIXTH: Final = "v6"
"""v5 with a level on the track for 1 brick and the unsold tiles changed (issue 17, fifth pass)."""

FIFTH: Final = "v5"
"""v4 with a richer track start and III:mason a round's produce (issue 17, fourth pass)."""

BUILT_IN: Final = EIGHTH
"""The name of the default built-in data set (BENCHMARKS.md, issue 17's eighth pass; v7 before, v5
before that)."""

FOURTH: Final = "v4"
"""v3 with pyramid discounts (issue 17, third pass): measured, not the default (BENCHMARKS.md)."""

THIRD: Final = "v3"
"""v2 retuned with the balance lab: the default before v5, kept so its records replay."""

SECOND: Final = "v2"
"""The second built-in data set (the default before v3), kept so its records replay."""

OLD: Final = "v1"
"""The first built-in data set, kept so records played with it replay identically."""

BUILT_IN_NAMES: Final = {
    "": OLD,
    "default": OLD,
    OLD: OLD,
    SECOND: SECOND,
    THIRD: THIRD,
    FOURTH: FOURTH,
    FIFTH: FIFTH,
    SIXTH: SIXTH,
    SEVENTH: SEVENTH,
    EIGHTH: EIGHTH,
}
"""Built-in names and the data set each means (``""`` and ``"default"``, from records made
before data sets had names, mean ``v1``)."""

MAX_FILE_BYTES: Final = 1 << 20
"""A data set file larger than this is refused (the built-in one is about 20 kB as JSON)."""

_PREFIX: Final = "sha256:"
_REGISTERED: dict[str, str] = {}  # name -> the canonical JSON text of the tables it replaces


def data_set_names() -> list[str]:
    """The names the ``components`` option accepts now: ``v8`` (the default), ``v7``, ``v6``,
    ``v5``, ``v4``, ``v3``, ``v2``, ``v1`` and the registered ones."""
    return [EIGHTH, SEVENTH, SIXTH, FIFTH, FOURTH, THIRD, SECOND, OLD, *sorted(_REGISTERED)]


def register_components(given: object) -> str:
    """Check a data set (tables replacing built-in ones) and register it; returns its name.

    Raises UnknownOption, naming the bad entry, if it does not compile.
    """
    if not isinstance(given, dict):
        raise UnknownOption("components: a data set must be a JSON object")
    try:
        text = json.dumps(given, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise UnknownOption("components: a data set must be plain JSON") from None
    name = _PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()
    if name not in _REGISTERED:
        for building_tiles in ("seed", "rules"):
            _compile(text, building_tiles)  # refuse it before it can be named
        _REGISTERED[name] = text
    return name


def registered_json(name: str) -> str | None:
    """The JSON text of a registered data set (``None`` for the built-in one or an unknown name).

    A pickled state carries it, so a worker process that did not register it can rebuild it.
    """
    return _REGISTERED.get(name)


def read_components_file(path: str | os.PathLike[str]) -> str:
    """Register the data set of a JSON file the user named (command line only); its name.

    The read is bounded (:data:`MAX_FILE_BYTES`, regular files only); every failure is
    UnknownOption with a reason.
    """
    try:
        raw = read_user_file(path, MAX_FILE_BYTES)
    except ValueError as exc:
        raise UnknownOption(f"components: {exc}") from None
    try:
        given = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise UnknownOption(f"components: {path} is not UTF-8 text") from None
    except RecursionError:
        raise UnknownOption(f"components: {path} is nested too deeply") from None
    except ValueError as exc:
        raise UnknownOption(f"components: {path} is not valid JSON: {exc}") from None
    return register_components(given)


@lru_cache(maxsize=32)
def load_components(name: str, building_tiles: str = "seed") -> Components:
    """The data set the ``components`` option names; UnknownOption for any other name."""
    if isinstance(name, str) and name in BUILT_IN_NAMES:
        return default_components(building_tiles, BUILT_IN_NAMES[name])
    text = _REGISTERED.get(name) if isinstance(name, str) else None
    if text is None:
        raise UnknownOption(
            f"components: no data set named {describe_value(name)}; the data sets are "
            f"{EIGHTH}, {SEVENTH}, {SIXTH}, {FIFTH}, {FOURTH}, {THIRD}, {SECOND} and {OLD} (built in) and sha256:... names registered in this process "
            "(register_components, or --components FILE on the command line)"
        )
    return _compile(text, building_tiles)


def _compile(text: str, building_tiles: str) -> Components:
    given: dict[str, Any] = json.loads(text)
    # A registered data set replaces tables of v2 (the default when registration came in), or of
    # v1, v3, v4, v5, v6, v7 or v8 if it says so: its name is its content, so what it means must never change
    # (so not "the default": a set naming v3 keeps v3's tables whatever the default becomes).
    named = given.get("version")
    version = named if named in (OLD, THIRD, FOURTH, FIFTH, SIXTH, SEVENTH, EIGHTH) else SECOND
    data = default_data(building_tiles, version)
    data.update(given)
    return compile_components(data)
