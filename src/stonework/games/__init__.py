"""The games. Each subpackage registers its :class:`~stonework.core.registry.GameSpec` on import.

Every subpackage that is a game is imported here, found by walking this package, so a new game
is registered (and checked by the conformance suite) the day its folder exists.
"""

from __future__ import annotations

import importlib
import pkgutil


def _load_all() -> list[str]:
    names = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")
            names.append(module.name)
    return names


GAME_PACKAGES = _load_all()
