"""A game's own terminal views, found in its ``render_text`` module when it offers them.

The protocol gives every state one drawing, ``to_text(perspective)``, which may be larger than a
terminal. A game's ``render_text`` module may add, all optional:

- ``compact_text(state, perspective) -> str``: what is drawn at each turn, at most 80 columns
  and small enough to leave room for the moves on a 24-line screen;
- ``TEXT_VIEWS``: ``{word: (help, view)}``, the details a player asks for by name (``site``,
  ``city 2``...), each ``view(state, perspective, argument) -> str``; a view must show only what
  ``perspective`` may see, like ``to_text``;
- ``score_sheet(state) -> list[tuple[str, list[str]]]``: the score sheet, one row per line of
  it (its label, then one cell per seat), the same one the game's SVG shows;
- ``action_order(state, actions) -> list``: the legal actions in the order a person reads them
  best (the numbered list follows it; the protocol's order stays the engine's);
- ``action_words(before, action) -> str | None``: what a move did, in words its notation leaves
  out (``buy II.3`` bought which tile), from the position before it; asked only for moves the
  viewer may read, and it may name only what the notation points at.

A game without them is drawn whole with ``to_text`` and scored from ``scores()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

from stonework.core import JSON, Action, State

View = Callable[[State, int | None, str], str]
SheetRows = list[tuple[str, list[str]]]


def _render_module(state: State) -> ModuleType | None:
    package = type(state).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.render_text")
    except ImportError:
        return None


def compact_text(state: State, perspective: int | None) -> str:
    """The drawing for each turn: the game's compact view, else its whole drawing."""
    module = _render_module(state)
    compact = getattr(module, "compact_text", None)
    if callable(compact):
        return cast(str, compact(state, perspective))
    return state.to_text(perspective)


def text_views(state: State) -> dict[str, tuple[str, View]]:
    """The game's detail views by the word that asks for them."""
    module = _render_module(state)
    views = getattr(module, "TEXT_VIEWS", None)
    return dict(views) if isinstance(views, dict) else {}


def action_order(state: State, actions: list[Action]) -> list[Action]:
    """The legal actions in the order the game lists them for a person."""
    module = _render_module(state)
    order = getattr(module, "action_order", None)
    if callable(order):
        ordered = cast(list[Action], order(state, actions))
        # A listing must hold every legal action once, whatever the hook does.
        if sorted(map(str, ordered)) == sorted(map(str, actions)):
            return ordered
    return actions


def action_words(before: State, action: Action) -> str | None:
    """The game's words for what a move did (None: the notation says it all)."""
    module = _render_module(before)
    words = getattr(module, "action_words", None)
    if not callable(words):
        return None
    return cast(str | None, words(before, action))


def score_sheet(state: State) -> SheetRows:
    """The score sheet's rows: the game's own sheet, else one built from the breakdowns."""
    module = _render_module(state)
    sheet = getattr(module, "score_sheet", None)
    if callable(sheet):
        return cast(SheetRows, sheet(state))
    return generic_sheet(state)


def _cell(value: JSON) -> str | None:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return str(value)
    return None


def generic_sheet(state: State) -> SheetRows:
    """Rows from the score breakdowns: every plain value, nested objects one level deep."""
    scores = state.scores()
    labels: list[str] = []
    cells: dict[str, list[str]] = {}

    def add(label: str, seat: int, value: JSON) -> None:
        text = _cell(value)
        if text is None:
            return
        if label not in cells:
            labels.append(label)
            cells[label] = [""] * len(scores)
        cells[label][seat] = text

    for seat, score in enumerate(scores):
        for key, value in score.breakdown.items():
            if isinstance(value, dict):
                for inner, item in cast(dict[str, Any], value).items():
                    add(f"{key} {inner}", seat, item)
            else:
                add(key.replace("_", " "), seat, value)
    return [(label, cells[label]) for label in labels]
