"""Exact checks of action values that come from outside: the class and each field's type.

Actions are frozen dataclasses or NamedTuples whose fields are ints, bools and strings. Python
lets ``True`` stand for ``1`` and ``2.0`` compare (and hash) equal to ``2``, so a legality test
by equality or dictionary lookup would accept a look-alike and the history would keep the
caller's object, whose notation may differ. :meth:`State.canonical_action
<stonework.core.state.State.canonical_action>` uses these checks before anything else.

>>> from typing import NamedTuple
>>> class Take(NamedTuple):
...     card: int
>>> has_exact_fields(Take(3), (Take,)), has_exact_fields(Take(True), (Take,))
(True, False)
>>> has_exact_fields(Take(3.0), (Take,)), has_exact_fields((3,), (Take,))  # type: ignore[arg-type]
(False, False)
>>> [str(v) for v in look_alikes(Take(3))]
['Take(card=True)', 'Take(card=3.0)', 'Take(card=[3])', 'Take(card=<look-alike>)']
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from typing import TypeVar

ActionT = TypeVar("ActionT")
_FIELD_TYPES = (int, bool, str)
_REPR_LIMIT = 80
_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {}  # per action class, read once


def field_types(cls: type) -> tuple[tuple[str, type], ...]:
    """The fields of an action class with their declared types (each one of int, bool, str)."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
    else:
        names = list(getattr(cls, "_fields", ()))
    out: list[tuple[str, type]] = []
    for name in names:
        kind = hints.get(name)
        if kind not in _FIELD_TYPES:
            raise TypeError(f"{cls.__name__}.{name}: action fields are int, bool or str")
        out.append((name, kind))
    _FIELDS[cls] = tuple(out)
    return _FIELDS[cls]


def has_exact_fields(value: object, classes: tuple[type, ...]) -> bool:
    """True if ``value`` is an instance of exactly one of ``classes`` (no subclass) whose every
    field holds exactly its declared type (a ``bool`` is not an ``int``, a float is neither)."""
    cls = type(value)
    # By identity, not ``in``: a hostile metaclass could make its class compare equal.
    for allowed in classes:
        if cls is allowed:
            break
    else:
        return False
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = field_types(cls)
    return all(type(getattr(value, name, None)) is kind for name, kind in fields)


def fresh_copy(action: ActionT) -> ActionT:
    """A new value with the same fields (a checked dataclass or NamedTuple), else ``action``."""
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return dataclasses.replace(action)
    make: Callable[[object], ActionT] | None = getattr(type(action), "_make", None)
    if isinstance(action, tuple) and make is not None:
        return make(action)
    return action


def describe_value(value: object) -> str:
    """A short, safe ``repr`` of a value from outside (never raises, never very long)."""
    try:
        text = repr(value)
    except Exception:  # a foreign object's __repr__ may do anything; the message must not fail
        return f"a {type(value).__name__} value"
    return text if len(text) <= _REPR_LIMIT else text[: _REPR_LIMIT - 3] + "..."


def look_alikes(action: object) -> list[object]:
    """Malformed copies of a well-formed action, for tests: each int field as a bool, a float,
    an unhashable list and an object that compares equal to everything; an action without an
    int field gets the last one only in a subclass instance."""
    cls = type(action)
    out: list[object] = []
    ints = [name for name, kind in field_types(cls) if kind is int]
    for name in ints:
        number = getattr(action, name)
        for wrong in (bool(number), float(number), [number], _Anything()):
            out.append(_with_field(action, name, wrong))
    if not ints:
        out.append(type(f"{cls.__name__}LookAlike", (cls,), {"__slots__": ()})(*_values(action)))
    return out


class _Anything:
    """Equal to everything and hashed like 0 (the classic dictionary look-alike)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<look-alike>"


def _values(action: object) -> list[object]:
    return [getattr(action, name) for name, _ in field_types(type(action))]


def _with_field(action: object, name: str, wrong: object) -> object:
    # Built without the class's own checks, as a careless or hostile caller could.
    names = [field for field, _ in field_types(type(action))]
    if isinstance(action, tuple):
        values = [wrong if field == name else v for field, v in zip(names, action, strict=True)]
        return tuple.__new__(type(action), values)
    copy = object.__new__(type(action))
    for field in names:
        object.__setattr__(copy, field, wrong if field == name else getattr(action, field))
    return copy
