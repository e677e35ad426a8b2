"""Request bodies, validated at the edge: strict types, bounded sizes, no unknown fields (400)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


def _unicode(text: str) -> str:
    # JSON may carry lone surrogates ("\ud800"); they cannot be stored or sent back as UTF-8.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be valid Unicode text (no lone surrogates)") from None
    return text


Text = Annotated[str, AfterValidator(_unicode)]
OptionValue = bool | int | Text
MAX_SEQ = 1_000_000_000


class Body(BaseModel):
    """Every body: unknown fields and loose types are refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(Body):
    """One seat of a new table."""

    kind: Literal["human", "open", "ai"]
    name: Text | None = Field(default=None, max_length=40)
    agent: Text | None = Field(default=None, min_length=1, max_length=64)


class CreateTableIn(Body):
    """``POST /api/tables``."""

    game: Text = Field(min_length=1, max_length=40)
    players: int | None = Field(default=None, ge=1, le=8)
    options: dict[Text, OptionValue] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, le=(1 << 62) - 1)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    hints: bool = False
    """Every seat may ask for hints (joining the table agrees to it); docs/server.md, Hints."""


class JoinIn(Body):
    """``POST /api/tables/{id}/join``."""

    invite: Text = Field(min_length=1, max_length=200)
    name: Text | None = Field(default=None, max_length=40)


class ActionIn(Body):
    """``POST /api/tables/{id}/actions``: notation or id, with the seq it answers."""

    seq: int = Field(ge=0, le=MAX_SEQ)
    action: Text | None = Field(default=None, min_length=1, max_length=200)
    action_id: int | None = Field(default=None, ge=0, le=MAX_SEQ)


class UndoIn(Body):
    """``POST /api/tables/{id}/undo``."""

    seq: int = Field(ge=0, le=MAX_SEQ)


class HintIn(Body):
    """``POST /api/tables/{id}/hint``: the seq of the view the hint is for."""

    seq: int = Field(ge=0, le=MAX_SEQ)


class ReviewIn(Body):
    """``POST /api/tables/{id}/review``: the seat whose moves are reviewed."""

    seat: int = Field(ge=0, le=8)


class ResignIn(Body):
    """``POST /api/tables/{id}/resign`` (an empty object)."""


class RematchIn(Body):
    """``POST /api/tables/{id}/rematch`` (an empty object, or no body)."""


StatusFilter = Literal["waiting", "running", "finished", "abandoned"]
