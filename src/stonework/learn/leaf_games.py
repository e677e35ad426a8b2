"""Teacher games for the learned leaf values (``stonework leafnet``): played, kept, replayed.

A teacher (any agent spec: ``mcts:100`` by default for two-player Akropolis, ISMCTS for Zapotec,
see :mod:`.leaf_kinds`) plays the game against itself, or in one seat against an opponent. Each
finished game is one JSON line of the run's journal, ``teacher.jsonl``: its seed, the teacher
(and the opponent, if any), every action after the opening reveals as text, and each seat's
final total; a tree search teacher also leaves, for every decision, each seat's mean value at
its root (``values``: what the search thought the position worth, which a fit can bootstrap
from, :mod:`.leaf_fit`). Reading them does not change the search, so the games are the ones
played before they were kept, and journals without them stay valid. A game depends on its seed
and its agents only (the chance draws and the agents on separate streams seeded from it), and
the lines are written in game order, so a journal is the same however its games were spread over
workers, and a stopped run resumes where it stopped.

The format is the one ``benchmarks/akropolis_leaf_net.py play`` wrote before the command
existed: its journals (``benchmarks/matches/akropolis-2p-leafnet/teacher-mcts100.jsonl``) can be
copied into a run's folder, resumed and fitted. A line does not name its game: a run's folder
holds one game at one player count (its report says which). Nothing here needs numpy.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from stonework.core.registry import new_game
from stonework.core.state import State
from stonework.learn.pool import run_tasks

GAME: Final = "akropolis"
PLAYERS: Final = 2
"""The game and player count a run is of unless told (the first one the command learned)."""
JOURNAL: Final = "teacher.jsonl"
FIRST_SEED: Final = 30_000
"""Game ``g`` of a run of seed ``S`` is seeded from ``FIRST_SEED + S + g``. The script's games
began at 30,000 (its ``play --seed`` default), so a run of seed 0 plays the very games of the
journal the shipped weights were fitted to, and can resume it."""
AGENT_STREAM: Final = 7_919
"""The agents' random stream of a game of seed ``s`` is seeded from ``s + AGENT_STREAM``."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run of seed ``seed`` (see :data:`FIRST_SEED`)."""
    return FIRST_SEED + seed + index


def start(seed: int, game: str = GAME, players: int = PLAYERS) -> State:
    """A new game of default options, its setup drawn from ``seed``."""
    return new_game(game, players=players, seed=seed)


@dataclass(frozen=True)
class TeacherGame:
    """One game to play: the teacher's spec, the game's seed, the game and its player count
    (a task for the workers)."""

    teacher: str
    seed: int
    game: str = GAME
    players: int = PLAYERS
    opponent: str | None = None


def teacher_seat(seed: int, players: int) -> int:
    """The teacher's seat in a game of ``seed`` with an opponent, who takes the others: the games
    of a run have consecutive seeds, so the teacher goes round the table."""
    return seed % players


def play_one(
    teacher: str, seed: int, game: str = GAME, players: int = PLAYERS, opponent: str | None = None
) -> dict[str, Any]:
    """One teacher game as its journal line: the seed, the teacher, the actions after the
    opening reveals (the hidden deals of Zapotec as they fell: the journal is the referee's),
    the final totals, and (a tree search teacher) each decision's root values.

    With an ``opponent`` (another agent spec) the teacher plays one seat (:func:`teacher_seat`)
    and the opponent every other; the line names it. A network fitted to games of one search
    against itself learns nothing of the positions that search never lets its opponent reach."""
    from stonework.agents.catalog import agent_from_spec

    state = start(seed, game, players)
    opening = len(state.history)
    values: list[list[float] | None] = []
    specs = [teacher] * players
    if opponent is not None:
        specs = [opponent] * players
        specs[teacher_seat(seed, players)] = teacher
    play_to_end(state, [agent_from_spec(spec) for spec in specs], seed, values)
    line: dict[str, Any] = {
        "seed": seed,
        "teacher": teacher,
        "moves": [str(action) for _, action in state.history[opening:]],
        "totals": [float(score.total) for score in state.scores()],
    }
    if opponent is not None:
        line["opponent"] = opponent
    if any(v is not None for v in values):
        line["values"] = values
    return line


VALUE_DIGITS: Final = 4
"""Decimals a root value is kept to in the journal (its noise is in the second)."""


def root_values(agent: Any) -> list[float] | None:
    """Each seat's mean value at the root of ``agent``'s last search (the tree searches keep
    their root), or None where that decision ran none (one legal move) or ``agent`` is not a
    tree search."""
    from stonework.agents.mcts import MCTSAgent

    if not isinstance(agent, MCTSAgent) or not agent.last_iterations:
        return None
    root = agent.last_root
    if root is None or not root.visits:
        return None
    return [round(total / root.visits, VALUE_DIGITS) for total in root.totals]


def play_to_end(
    state: State, agents: list[Any], seed: int, values: list[list[float] | None] | None = None
) -> State:
    """``state`` played to its end by ``agents`` (one a seat), the chance draws from ``seed`` and
    the agents' choices from a separate stream (:data:`AGENT_STREAM`); each decision's
    :func:`root_values` appended to ``values`` if given."""
    chance = random.Random(seed)
    agent_rng = random.Random(seed + AGENT_STREAM)
    while not state.is_terminal:
        seat = state.current_player
        if seat < 0:
            state.apply(state.sample_chance(chance))
            continue
        state.apply(agents[seat].act(state, agent_rng))
        if values is not None:
            values.append(root_values(agents[seat]))
    return state


def play_teacher_game(task: TeacherGame) -> dict[str, Any]:
    """:func:`play_one` of a task (what the worker processes run)."""
    return play_one(task.teacher, task.seed, task.game, task.players, task.opponent)


def replay(
    game: dict[str, Any], name: str = GAME, players: int = PLAYERS
) -> tuple[list[State], list[float]]:
    """Every decision's position of a journal game (copies) and the final totals.

    ValueError if a move is not legal there or the game ends elsewhere than its line says: the
    line was written by another version of the rules, or edited; or if it keeps root values
    for another number of decisions.
    """
    seed = int(game["seed"])
    state = start(seed, name, players)
    positions = []
    for text in game["moves"]:
        if state.current_player >= 0:
            positions.append(state.clone())
        try:
            state.apply(state.parse_action(text))
        except ValueError as exc:
            raise ValueError(f"the game of seed {seed} does not replay: {exc}") from None
    totals = [float(score.total) for score in state.scores()]
    if not state.is_terminal or totals != [float(t) for t in game["totals"]]:
        raise ValueError(f"the game of seed {seed} replays to {totals}, not {game['totals']}")
    values = game.get("values")
    if values is not None and len(values) != len(positions):
        raise ValueError(
            f"the game of seed {seed} keeps root values for {len(values)} decisions, "
            f"not its {len(positions)}"
        )
    return positions, totals


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def game_from_line(data: object, where: str, players: int = PLAYERS) -> dict[str, Any]:
    """One journal line as a game, every field checked (the errors say which and where)."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} is not a teacher game (not a JSON object)")
    wanted = {"seed", "teacher", "moves", "totals"}
    if not wanted <= set(data) <= wanted | {"values", "opponent"}:
        raise ValueError(
            f"{where} is not a teacher game: its fields are {sorted(data)}, not "
            f"{sorted(wanted)} (and values and opponent, if kept)"
        )
    if not _is_int(data["seed"]):
        raise ValueError(f"{where}: the seed must be a whole number, not {data['seed']!r}")
    if not isinstance(data["teacher"], str):
        raise ValueError(f"{where}: the teacher must be an agent spec, not {data['teacher']!r}")
    if "opponent" in data and not isinstance(data["opponent"], str):
        raise ValueError(f"{where}: the opponent must be an agent spec, not {data['opponent']!r}")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError(f"{where}: moves must be a list of actions as text")
    totals = data["totals"]
    if (
        not isinstance(totals, list)
        or len(totals) != players
        or not all(
            isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t)
            for t in totals
        )
    ):
        raise ValueError(f"{where}: totals must list {players} numbers")
    if "values" in data and not _root_values_ok(data["values"], players):
        raise ValueError(
            f"{where}: values must list, for each decision, null or {players} numbers from -1 to 1"
        )
    return data


def _root_values_ok(values: object, players: int) -> bool:
    if not isinstance(values, list):
        return False
    for entry in values:
        if entry is None:
            continue
        if not isinstance(entry, list) or len(entry) != players:
            return False
        for v in entry:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                return False
            if not -1.0 <= v <= 1.0:  # also refuses NaN
                return False
    return True


def read_journal(path: Path, players: int = PLAYERS) -> tuple[list[dict[str, Any]], list[str]]:
    """The games of a journal of ``players`` players and their lines as written (none if there
    is no file).

    A last line cut short (no newline at the end of the file, not JSON) is the mark of a run
    stopped while writing: it is left out, and the game is played again.
    """
    if not path.exists():
        return [], []
    text = path.read_text()
    lines = text.splitlines()
    games: list[dict[str, Any]] = []
    kept: list[str] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            if number == len(lines) and not text.endswith("\n"):
                break
            raise ValueError(f"{path} line {number} is not a teacher game (not JSON)") from None
        games.append(game_from_line(data, f"{path} line {number}", players))
        kept.append(line)
    return games, kept


def check_run(
    games: list[dict[str, Any]], teacher: str, seed: int, path: Path, opponent: str | None = None
) -> None:
    """ValueError unless the journal's games are the run's: game ``g`` of ``seed``, ``teacher``
    and ``opponent``."""
    for index, game in enumerate(games):
        if game["seed"] != game_seed(seed, index) or game["teacher"] != teacher:
            raise ValueError(
                f"{path} holds another run: its game {index} is of seed {game['seed']} and "
                f"teacher {game['teacher']}, where --seed {seed} and --teacher {teacher} play "
                f"seed {game_seed(seed, index)} (the seed of game g is "
                f"{FIRST_SEED} + --seed + g); give that run's settings, or another --out"
            )
        if game.get("opponent") != opponent:
            kept = game.get("opponent") or "none"
            raise ValueError(
                f"{path} holds another run: its game {index} has opponent {kept}, where this run "
                f"has {opponent or 'none'}; give that run's --opponent, or another --out"
            )


def play_games(
    path: Path,
    teacher: str,
    games: int,
    seed: int,
    resume: bool = False,
    workers: int = 1,
    ray: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    game: str = GAME,
    players: int = PLAYERS,
    opponent: str | None = None,
) -> list[dict[str, Any]]:
    """The first ``games`` games of ``game`` at ``players`` players of the run whose journal is
    ``path``, the missing ones played.

    Games already in the journal are kept (only with ``resume``; ValueError without, or if they
    are another run's). The new ones are appended in game order as they finish: one finished
    out of order waits for those before it, so a stopped run loses at most those. All the
    journal's games stay in the file even when ``games`` is fewer. ``progress(done, games)``
    counts the kept games as done.
    """
    done, lines = read_journal(path, players)
    if done and not resume:
        raise ValueError(f"{path} already holds teacher games: pass --resume, or another --out")
    check_run(done, teacher, seed, path, opponent)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and not path.read_text().endswith("\n") and path.stat().st_size:
        # Rewritten without the torn line through a file put in place at once, so that a crash
        # now cannot lose the games already there.
        fresh = path.with_name(path.name + ".new")
        fresh.write_text("".join(line + "\n" for line in lines))
        fresh.replace(path)
    first = len(done)
    tasks = [
        TeacherGame(teacher, game_seed(seed, g), game, players, opponent)
        for g in range(first, games)
    ]
    played: list[dict[str, Any]] = []
    waiting: dict[int, dict[str, Any]] = {}

    def keep(index: int, row: dict[str, Any], handle: IO[str]) -> None:
        waiting[index] = row
        while len(played) in waiting:
            row = waiting.pop(len(played))
            handle.write(json.dumps(row) + "\n")
            handle.flush()
            played.append(row)

    def shifted(finished: int, total: int) -> None:
        if progress is not None:
            progress(first + finished, games)

    if tasks:
        with path.open("a") as handle:
            run_tasks(
                play_teacher_game,
                tasks,
                workers,
                ray,
                shifted,
                lambda index, row: keep(index, row, handle),
            )
    return (done + played)[:games]
