"""The engine's words in the viewer's language, the drawing turned, and each action's effects.

A view is built in one language (``lang``, ``en`` or ``fr``): the engine's texts in it (the
drawing's labels, the turn line, refusals, each legal action's description) go through the
game's message catalogue (:mod:`stonework.core.i18n`). The drawing can also be turned (the
Aztec 3D view's corner, ``view``) for ``GET /api/tables/{id}/board``. Each legal action carries
what it costs and brings (``effects``) when the game says (Zapotec), as structured data the
client words itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from stonework.core.i18n import LANGUAGES, catalogue, translate_svg
from stonework.core.state import Action, State
from stonework.server import errors

Describe = Callable[[State, Action], str]


def check_lang(lang: str | None) -> str:
    """``lang`` or English when absent; 400 for a language the engines do not speak."""
    if lang is None:
        return "en"
    if lang not in LANGUAGES:
        raise errors.bad_request(f"lang must be one of {', '.join(LANGUAGES)}, not {lang[:20]!r}")
    return lang


def check_view(state: State, view: int | None) -> int:
    """``view`` or 0 when absent; 400 for a turn the game's drawing does not have."""
    if view is None:
        return 0
    if not 0 <= view < state.svg_views:
        raise errors.bad_request(
            f"view must be from 0 to {state.svg_views - 1} for {state.spec.name}, not {view}"
        )
    return view


def words(game: str, text: str, lang: str) -> str:
    """An engine's English ``text`` in ``lang``."""
    return catalogue(game).translate(text, lang)


def drawing(state: State, perspective: int | None, view: int = 0, lang: str = "en") -> str:
    """The state's SVG for ``perspective``, turned to ``view``, its labels in ``lang``."""
    svg = state.to_svg_turned(perspective, view) if view else state.to_svg(perspective)
    return translate_svg(svg, catalogue(state.spec.name), lang)


@cache
def _describer(game: str) -> Describe | None:
    try:
        module = importlib.import_module(f"stonework.games.{game}.messages")
    except ModuleNotFoundError:
        return None
    found: Describe | None = getattr(module, "describe", None)
    return found


def legal_json(state: State, lang: str = "en") -> list[dict[str, Any]]:
    """The legal actions: notation, id, targets, a description in ``lang`` and the effects."""
    game = state.spec.name
    describe = _describer(game)
    out = []
    for action in state.legal_actions():
        item: dict[str, Any] = {
            "id": state.action_id(action),
            "notation": str(action),
            "label": str(action),
            "targets": list(state.action_targets(action)),
        }
        text = describe(state, action) if describe is not None else ""
        if text:
            item["text"] = words(game, text, lang)
        effects = state.action_effects(action)
        if effects is not None:
            item["effects"] = effects
        out.append(item)
    return out
