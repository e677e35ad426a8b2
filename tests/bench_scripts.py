"""Loading a script of ``benchmarks/`` as a module, for the tests of its parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_script(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` imported as the module ``NAME`` (registered in ``sys.modules``,
    so that the dataclasses and the pickling of its worker tasks find it)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
