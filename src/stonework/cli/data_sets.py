"""``--components FILE``: a Zapotec component data set the user names on the command line.

The file is read here, bounded, and registered under its content hash (``sha256:...``); records
and positions name it by that hash and never by a path, so replaying a record never reads a
file the record names.
"""

from __future__ import annotations

from pathlib import Path


def register_file(path: Path | None) -> str | None:
    """Register the data set of ``path`` (if given) and return its name; UnknownOption if bad."""
    if path is None:
        return None
    from stonework.games.zapotec import read_components_file

    return read_components_file(path)
