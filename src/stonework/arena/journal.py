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
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        return []
    try:
        header = json.loads(lines[0])["match"]
    except (ValueError, KeyError, TypeError):
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
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = GameResult(**json.loads(line))
        except (ValueError, TypeError):
            # A line cut short by a crash is the only damage an append-only file can take.
            if number == len(lines):
                break
            raise ValueError(f"{path} line {number} is not a game result") from None
        games[game.index] = game
    # All of them, even past --games: a shorter resumed run must not drop games from the file.
    return [games[index] for index in sorted(games)]


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
