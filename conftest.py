"""Collection of the doctests in ``src`` when the optional compiled engines are built.

A module of the compiled set (``stonework.core.compiled``) is then imported from its extension
module, whose functions ``doctest`` cannot read, and pytest refuses a module whose file is not
the ``.py`` it collects. Its doctests run in the pure runs (``make test`` without the build, or
with ``STONEWORK_PURE=1``), so a compiled run leaves those sources out of the collection.
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

from stonework.core.compiled import COMPILED_MODULES, PURE_ENV

_SRC = Path(__file__).resolve().parent / "src"


def _compiled_sources() -> set[Path]:
    """The sources whose extension module is built (none when the run is forced pure)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return set()
    out = set()
    for name in COMPILED_MODULES:
        stem = _SRC / name.replace(".", "/")
        suffixes = importlib.machinery.EXTENSION_SUFFIXES
        if any(stem.with_name(stem.name + suffix).exists() for suffix in suffixes):
            out.add(stem.with_name(stem.name + ".py"))
    return out


_SKIP = _compiled_sources()


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out the sources this run imports compiled (None: pytest decides as usual)."""
    return True if collection_path.resolve() in _SKIP else None
