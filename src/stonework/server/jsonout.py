"""JSON out: views and frames are the server's largest answers, encoded with orjson (several
times faster than the standard library's encoder on them; same JSON text)."""

from __future__ import annotations

import json
from typing import Any

import orjson
from fastapi.responses import JSONResponse

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON (falls back to the standard encoder for what orjson
    refuses, such as integers beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class FastJSONResponse(JSONResponse):
    """A JSON answer encoded by :func:`dumps`."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
