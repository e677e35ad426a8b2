"""Turning command-line words (game, ``--players``, ``--option KEY=VALUE``) into a game."""

from __future__ import annotations

from pathlib import Path

from stonework.core import GameSpec, OptionValue, Record, State, UnknownOption, replay


def read_options(spec: GameSpec, pairs: list[str]) -> dict[str, OptionValue]:
    """``KEY=VALUE`` words into validated option values (unknown names list the valid ones)."""
    return spec.options.parse_pairs(spec.name, pairs)


def player_count(spec: GameSpec, players: int | None) -> int:
    """The player count asked for, or the game's default; refuses counts the game does not have."""
    count = spec.default_players if players is None else players
    if count not in spec.player_counts:
        allowed = ", ".join(str(n) for n in spec.player_counts)
        raise UnknownOption(f"{spec.name} is played by {allowed} players, not {count}")
    return count


def start_state(spec: GameSpec, players: int, options: dict[str, OptionValue]) -> State:
    """A new game at its very start (setup chance nodes still to be drawn by the caller)."""
    return spec.new_state(players, spec.options.resolve(spec.name, options))


def load_record(path: str | Path) -> tuple[Record, State]:
    """A saved game or record and the state it replays to (errors name the first bad entry)."""
    record = Record.load(path)
    return record, replay(record)


def describe_config(spec: GameSpec, players: int, options: dict[str, OptionValue]) -> str:
    """``aztec, 2 players (houses=true)``: only the options that differ from their defaults."""
    defaults = spec.options.defaults()
    changed = [
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in options.items()
        if defaults.get(name) != value
    ]
    count = f"{players} player" + ("" if players == 1 else "s")
    return f"{spec.name}, {count}" + (f" ({', '.join(changed)})" if changed else "")
