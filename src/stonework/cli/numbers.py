"""Whole numbers typed at a prompt: ASCII digits only, and not longer than a number can be here.

``str.isdigit()`` is true for ``"²"`` and other characters ``int()`` refuses, and ``int()``
refuses more than 4,300 digits; both would end the program with a traceback.

>>> [whole_number(text) for text in ("12", "-3", "²", "٣", "9" * 5000, "", "1.0")]
[12, -3, None, None, None, None, None]
"""

from __future__ import annotations

MAX_DIGITS = 18


def whole_number(text: str) -> int | None:
    """The number ``text`` spells (optionally negative), or None if it is not one."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        return None
    return int(text)
