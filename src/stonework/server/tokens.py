"""Secrets: seat tokens, invites and table ids. Tokens and invites are stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 32
INVITE_BYTES = 18


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_invite() -> str:
    """An invite for an open seat: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(INVITE_BYTES)


def new_table_id() -> str:
    """A table id such as ``t_4fzQ8kLm1c2x`` (random, so ids do not reveal how many tables exist)."""
    return "t_" + secrets.token_urlsafe(9)


def new_seed() -> int:
    """A secret 62-bit seed for a table's chance and AI seats."""
    return secrets.randbits(62)


def digest(secret: str) -> str:
    """The stored form of a token or invite (hex SHA-256)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer ...`` header; None if absent, "" if malformed."""
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return ""
    return value.strip()
