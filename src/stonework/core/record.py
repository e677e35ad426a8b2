"""Game records: the save-game and replay format (JSON).

A record holds the format version, the game, its options and player count, and every action and
chance outcome in notation with the seat that took it (``"chance"`` for chance). Replaying it
needs no seed: chance outcomes are in the record.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stonework.core.action_fields import describe_value
from stonework.core.errors import RecordError, StoneworkError
from stonework.core.options import OptionValue
from stonework.core.state import CHANCE, State, seat_name

if TYPE_CHECKING:
    from stonework.core.registry import GameSpec

FORMAT = "stonework-record"
VERSION = 1


@dataclass
class Record:
    """A game as a list of (seat, notation) entries plus the config needed to start it."""

    game: str
    players: int
    options: dict[str, OptionValue]
    entries: list[tuple[int, str]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    final_position: str | None = None  # when set, a replay must arrive at exactly this position

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "count": len(self.entries),
            "actions": [{"seat": seat_name(seat), "action": text} for seat, text in self.entries],
        }
        if self.final_position is not None:
            out["final_position"] = self.final_position
        if self.meta:
            out["meta"] = self.meta
        return out

    def dumps(self) -> str:
        """The record as indented JSON text."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record from parsed JSON, checking its shape; errors say what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a stonework record (format must be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise RecordError(
                f"record version {describe_value(data.get('version'))} is not supported"
            )
        game = data.get("game")
        players = data.get("players")
        options = data.get("options", {})
        actions = data.get("actions")
        if not isinstance(game, str):
            raise RecordError("the record has no game name")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("the record's player count must be an integer")
        if not isinstance(options, dict):
            raise RecordError("the record's options must be an object")
        if not isinstance(actions, list):
            raise RecordError("the record has no list of actions")
        entries: list[tuple[int, str]] = []
        for index, item in enumerate(actions):
            if not isinstance(item, dict) or not isinstance(item.get("action"), str):
                raise RecordError(f"entry {index}: must be an object with seat and action")
            entries.append((entry_seat(item.get("seat"), index), item["action"]))
        count = data.get("count")
        if count is not None and count != len(entries):
            raise RecordError(
                f"the record says it has {describe_value(count)} entries but holds {len(entries)} "
                "(truncated or edited)"
            )
        meta = data.get("meta", {})
        final = data.get("final_position")
        if final is not None and not isinstance(final, str):
            raise RecordError("the record's final_position must be a string")
        return cls(
            game, players, dict(options), entries, meta if isinstance(meta, dict) else {}, final
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record from JSON text."""
        return cls.from_json(parse_record_json(text))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record from a file."""
        return cls.loads(read_record_file(path))

    def save(self, path: str | Path) -> None:
        """Write the record to a file."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


def save_state(state: State, path: str | Path) -> None:
    """Save a game in progress (its record, with the position it must replay to)."""
    record = state.record()
    record.final_position = state.position()
    record.save(path)


def replay(
    record: Record | dict[str, Any] | str,
    upto: int | None = None,
    spec: GameSpec | None = None,
) -> State:
    """Rebuild the exact state a record describes (its first ``upto`` entries if given).

    Every entry is checked: the seat must be the one to move and the action legal. The first
    entry that fails is named in the error.
    """
    from stonework.core.registry import get_game

    if isinstance(record, str):
        record = Record.loads(record)
    elif isinstance(record, dict):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        raise RecordError(f"a record is a Record, a dict or JSON text, not {type(record).__name__}")
    try:
        game = spec if spec is not None else get_game(record.game)
        if record.players not in game.player_counts:
            raise RecordError(f"{record.game} is not played by {record.players} players")
        state = game.new_state(record.players, game.options.resolve(game.name, record.options))
    except StoneworkError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    entries = record.entries if upto is None else record.entries[:upto]
    for index, (seat, text) in enumerate(entries):
        expected = state.current_player
        if seat != expected:
            raise RecordError(
                f"entry {index} ({seat_name(seat)}: {describe_value(text)}): it is not that seat's turn "
                f"({state.describe_turn()})"
            )
        try:
            action = state.parse_action(text)
            state.apply(action)
        except StoneworkError as exc:
            raise RecordError(
                f"entry {index} ({seat_name(seat)}: {describe_value(text)}): {exc}"
            ) from None
    final = record.final_position
    if upto is None and final is not None and final != state.position():
        raise RecordError(
            "the record replays to a different position than it was saved with (edited?)"
        )
    return state


MAX_RECORD_BYTES = 1 << 24
"""A record file larger than this is refused (a long game's record is a few hundred kB)."""

_MAX_SEAT_DIGITS = 4


def entry_seat(value: object, index: int) -> int:
    """The seat of record entry ``index``: ``"chance"``, or digits / an int >= 0; else RecordError."""
    if value == "chance" and isinstance(value, str):
        return CHANCE
    # str.isdigit() is true for "²" and other digits int() refuses: ASCII digits only.
    if isinstance(value, str) and value.isascii() and value.isdigit():
        if len(value) <= _MAX_SEAT_DIGITS:
            return int(value)
    elif type(value) is int and 0 <= value < 10**_MAX_SEAT_DIGITS:
        return value
    raise RecordError(f"entry {index}: seat {describe_value(value)} is not a seat or 'chance'")


def parse_record_json(text: object) -> object:
    """Parse a record's JSON text; every failure (nesting, huge numbers...) is RecordError."""
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the record is not valid JSON: {exc}") from None
    except RecursionError:
        raise RecordError("the record is not valid JSON: it is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer longer than Python converts
        raise RecordError(f"the record is not valid JSON: {exc}") from None


def read_user_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a file a person named: a regular file of at most ``limit`` bytes.

    Refusals are ValueError with a message naming only the path the person gave; callers turn
    them into their own documented error.
    """
    try:
        with Path(path).open("rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ValueError(f"{path} is not a regular file")
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    if len(raw) > limit:
        raise ValueError(f"{path} is larger than {limit} bytes")
    return raw


def read_record_file(path: str | os.PathLike[str]) -> str:
    """The text of a record file the user named: bounded, a regular file, UTF-8; else RecordError."""
    try:
        raw = read_user_file(path, MAX_RECORD_BYTES)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a stonework record (not UTF-8 text)") from None
