"""The optional compiled build of the engines (``make compile``, docs/speed.md).

``make compile`` (``scripts/compile_engines.py``) turns the modules of :data:`COMPILED_MODULES`
into C extension modules with mypyc and leaves them next to their sources; Python imports an
extension module in preference to the ``.py`` file of the same name, so the pure path is
simply "no extension present" (``make uncompile`` removes them). The modules stay ordinary,
strictly typed Python: every test runs on both.

``STONEWORK_PURE=1`` in the environment makes a process import the sources even where the
build is present (installed by ``stonework/__init__.py`` before any game is imported), so one
tree can be measured and compared both ways.

The set was chosen by measurement (BENCHMARKS.md, "Issue 18, third pass"): modules of plain
functions over lists, tuples and small ints gain most, and the Akropolis and Zapotec states
(compiled, their fields are read without a dictionary lookup; a compiled class's ``__new__``
runs ``__init__``, so each state's ``__init__`` without arguments is the blank that ``clone()``
fills). The Akropolis leaf estimate and the leaf network's features joined later: ``expert``'s
two-player search spent a quarter of its time reading them, and runs 1.19x the simulations in
the same CPU time with them compiled (BENCHMARKS.md, "The leaf network's features compiled"). Left out on purpose: the protocol's ``State`` (the tests subclass it), the action
classes (the conformance kit subclasses them to build look-alikes), and Aztec's big-integer
legality (``aztec.rules``, which mypyc made 10% slower, not faster): the compiled build runs
``aztec.legal_words``, the same test on 63-bit words, instead.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

COMPILED_MODULES: Final[tuple[str, ...]] = (
    "stonework.games.akropolis.hexgrid",
    "stonework.games.akropolis.city",
    "stonework.games.akropolis.scoring",
    "stonework.games.akropolis.evaluation",
    "stonework.games.akropolis.leaf_estimate",
    "stonework.games.akropolis.leaf_net",
    "stonework.games.akropolis.rules",
    "stonework.games.akropolis.tiles",
    "stonework.games.akropolis.state",
    "stonework.games.zapotec.rules",
    "stonework.games.zapotec.costs",
    "stonework.games.zapotec.chance",
    "stonework.games.zapotec.effects",
    "stonework.games.zapotec.evaluation",
    "stonework.games.zapotec.scoring",
    "stonework.games.zapotec.phases",
    "stonework.games.zapotec.pieces",
    "stonework.games.zapotec.determinize",
    "stonework.games.zapotec.state",
    "stonework.games.aztec.legal_words",
    "stonework.games.aztec.compact",
    "stonework.agents.endgame",
    "stonework.agents.playout",
    "stonework.agents.simple",
    "stonework.agents.mcts",
)
"""The modules ``make compile`` compiles, as one mypyc group (their calls to each other are
direct C calls)."""

GROUP: Final = "stonework.engines"
"""The mypyc group: its shared runtime is ``stonework/engines__mypyc.*.so``."""

PURE_ENV: Final = "STONEWORK_PURE"
"""Set to ``1`` to import the sources of :data:`COMPILED_MODULES` even when they are built."""


def is_extension(module: ModuleType) -> bool:
    """True when ``module`` was loaded from a compiled extension, not from its source."""
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _runs_compiled(name: str) -> bool:
    try:
        module = importlib.import_module(name)
    except ImportError:
        # aztec.legal_words needs mypy's runtime (librt, mypy_extensions): without the dev
        # tools it is not importable, and the engines run from their sources (aztec.state
        # falls back to rules).
        return False
    return is_extension(module)


def compiled_status() -> dict[str, bool]:
    """Each module of :data:`COMPILED_MODULES` (imported now) to whether it runs compiled."""
    return {name: _runs_compiled(name) for name in COMPILED_MODULES}


def build_state() -> str:
    """``compiled``, ``pure`` or ``mixed``: how this process runs the compiled set."""
    status = set(compiled_status().values())
    if status == {True}:
        return "compiled"
    return "pure" if status == {False} else "mixed"


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of each compiled-set module, ahead of its extension module."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = Path(entry) / f"{leaf}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def prefer_sources() -> None:
    """Import the compiled set from source from now on (for modules not yet imported)."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def stale_extensions(src: Path | None = None) -> list[str]:
    """The modules of :data:`COMPILED_MODULES` whose extension module in ``src`` (the folder
    holding the ``stonework`` package; by default this one) is older than their source: the
    source changed after ``make compile`` (an edit, a pull), so the extension would run old
    code. Empty where no extension is built."""
    root = Path(__file__).resolve().parents[2] if src is None else src
    stale = []
    for name in COMPILED_MODULES:
        stem = root / name.replace(".", "/")
        source = stem.with_name(stem.name + ".py")
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            built = stem.with_name(stem.name + suffix)
            try:
                if built.stat().st_mtime < source.stat().st_mtime:
                    stale.append(name)
            except OSError:  # not built (or no source): nothing to compare
                continue
            break
    return stale


def honour_environment() -> None:
    """:func:`prefer_sources` when :data:`PURE_ENV` is set to anything but ``0`` or empty, or
    when an extension module is older than its source (:func:`stale_extensions`): the modules
    are one group and call each other directly, so one stale module sends all to source."""
    if os.environ.get(PURE_ENV, "") not in ("", "0") or stale_extensions():
        prefer_sources()
