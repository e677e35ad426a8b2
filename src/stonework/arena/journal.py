"""The match journal: each finished game appended to ``games.jsonl`` the moment it ends.

A long match (hours of 1-second moves) must not lose its games to a crash, a closed terminal
or a machine that goes away: the journal keeps every finished game, and ``--resume`` plays only
the games it lacks. Tables depend only on their index, the seed, the agents and the table size,
so a resumed or extended match (``--games`` raised) plays exactly the games a single run would.

The first line is the match (game, agents, seed, players, options); each further line is one
:class:`~stonework.arena.match.GameResult`.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields
from pathlib import Path
from typing import IO, Any

from stonework.arena.match import GameResult
from stonework.arena.runner import MatchConfig

JOURNAL = "games.jsonl"
_SAME_MATCH = ("game", "agents", "seed", "players", "options", "plugins")
"""What must agree for old games to belong to the match (not games, workers or Ray)."""


def _identity(config: MatchConfig) -> dict[str, Any]:
    data = json.loads(json.dumps(config.to_json()))
    return {key: data[key] for key in _SAME_MATCH}


def read_journal(path: Path, config: MatchConfig) -> list[GameResult]:
    """The games already played for this match; a clear error if the journal is another match's."""
    if not path.exists():
        return []
    # (line number, text) of the lines that hold something, numbered as an editor shows them.
    lines = [(n, text) for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip()]
    if not lines:
        return []
    try:
        header = json.loads(lines[0][1])["match"]
        if not isinstance(header, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError, RecursionError):
        raise ValueError(f"{path} is not an arena journal (no match on its first line)") from None
    wanted = _identity(config)
    differing = [key for key in _SAME_MATCH if header.get(key) != wanted[key]]
    if differing:
        raise ValueError(
            f"{path} holds another match (its {', '.join(differing)} "
            f"{'differ' if len(differing) > 1 else 'differs'}): "
            "resume with the same game, agents, seed, players and options, or use another --out"
        )
    games: dict[int, GameResult] = {}
    first_line: dict[int, int] = {}
    players = config.table_size()
    for number, line in lines[1:]:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            # A line cut short by a crash is the only damage an append-only file can take.
            if number == lines[-1][0]:
                break
            raise ValueError(f"{path} line {number} is not a game result") from None
        game = game_from_line(data, players, len(config.agents), f"{path} line {number}")
        if game.index in games:
            raise ValueError(
                f"{path} line {number} repeats game {game.index} (already on line "
                f"{first_line[game.index]}): keep one of them"
            )
        games[game.index] = game
        first_line[game.index] = number
    # All of them, even past --games: a shorter resumed run must not drop games from the file.
    return [games[index] for index in sorted(games)]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def game_from_line(data: object, players: int, entries: int, where: str) -> GameResult:
    """One journal line as a game result, every field checked (errors say which and where)."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} is not a game result (not a JSON object)")
    index = data.get("index")
    if not _is_int(index) or index < 0:
        raise ValueError(f"{where}: the game index must be a whole number from 0, not {index!r}")
    seats = data.get("seat_entries")
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(_is_int(e) and 0 <= e < entries for e in seats)
    ):
        raise ValueError(
            f"{where}: seat_entries must list {players} agent numbers from 0 to {entries - 1}"
        )
    for name in ("scores", "returns"):
        values = data.get(name)
        if (
            not isinstance(values, list)
            or len(values) != players
            or not all(_is_number(v) for v in values)
        ):
            raise ValueError(f"{where}: {name} must list {players} numbers")
    ranking = data.get("ranking")
    if (
        not isinstance(ranking, list)
        or len(ranking) != players
        or not all(_is_int(r) and 1 <= r <= players for r in ranking)
    ):
        raise ValueError(f"{where}: ranking must list {players} places from 1 to {players}")
    if not _is_int(data.get("decisions")) or data["decisions"] < 0:
        raise ValueError(f"{where}: decisions must be a whole number")
    known = {f.name for f in fields(GameResult)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))}")
    try:
        return GameResult(**data)
    except TypeError:
        raise ValueError(f"{where} is not a game result") from None


class Journal:
    """Appends finished games to the journal file, flushed at once."""

    def __init__(self, path: Path, config: MatchConfig, done: list[GameResult]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Rewritten whole at the start (drops a torn last line) through a file put in place at
        # once, so a crash while rewriting cannot lose the games already there; then appended to.
        fresh = path.with_name(path.name + ".new")
        with fresh.open("w") as out:
            for data in [{"match": _identity(config)}, *(game.to_json() for game in done)]:
                out.write(json.dumps(data) + "\n")
        fresh.replace(path)
        self._file: IO[str] = path.open("a")

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data) + "\n")
        self._file.flush()

    def add(self, game: GameResult) -> None:
        """Record one finished game."""
        self._write(game.to_json())

    def close(self) -> None:
        """Close the file."""
        self._file.close()
