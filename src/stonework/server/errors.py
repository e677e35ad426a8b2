"""API errors: each is a 4xx status, a code word and a message a person can act on (docs/server.md)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error answered as ``{"error": {"code", "message"}}`` with ``status``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        # Messages may quote what the client sent: keep them encodable whatever it was.
        message = message.encode("utf-8", "replace").decode("utf-8")
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def body(self) -> dict[str, Any]:
        """The JSON body sent to the client."""
        return error_body(self.code, self.message)


def error_body(code: str, message: str) -> dict[str, Any]:
    """``{"error": {"code": code, "message": message}}``."""
    return {"error": {"code": code, "message": message}}


def bad_request(message: str) -> ApiError:
    """400: malformed JSON, wrong types, unknown fields."""
    return ApiError(400, "bad_request", message)


def unauthorized(message: str) -> ApiError:
    """401: a token missing where one is needed, or unknown."""
    return ApiError(401, "unauthorized", message)


def forbidden(message: str) -> ApiError:
    """403: another seat's or table's token, or a seat that may not do this now."""
    return ApiError(403, "forbidden", message)


def not_found(message: str) -> ApiError:
    """404: no such table, game or invite."""
    return ApiError(404, "not_found", message)


def conflict(message: str) -> ApiError:
    """409: stale seq, already applied, seat taken, finished table."""
    return ApiError(409, "conflict", message)


def illegal_action(message: str) -> ApiError:
    """422: the engine refused the action (its own message)."""
    return ApiError(422, "illegal_action", message)


def invalid_option(message: str) -> ApiError:
    """422: a game option, player count or agent the server cannot use."""
    return ApiError(422, "invalid_option", message)


STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "bad_request",
    422: "illegal_action",
    429: "rate_limited",
}
