"""Two agents at equal *CPU* time per move: a match that a loaded machine does not tilt.

    python benchmarks/cpu_time_match.py GAME --a SPEC --b SPEC --seconds S [--players 2]
        [--games G] [--seed N] [--first K] [--journal FILE] [--records]

Both agents are built from their specs (``az:network=FILE``, ``hard``, ``mcts``...) and their
budgets replaced by ``S`` seconds of this process's CPU time (``time.process_time``), so a
search that waits for a core while other jobs run loses no simulations: wall-clock budgets on
a shared machine give whichever agent is unlucky fewer iterations. The seats alternate (game
``g`` puts ``a`` in seat ``g % players``), each game is seeded from ``N`` and ``g`` (``--first K``
starts at game ``K``, so two processes can share one match), and each
finished game is appended to the journal (one JSON line), so a stopped match continues where it
stopped; ``--records`` keeps each game's record in its line, to replay or study. Prints ``a``'s wins with a 95% interval, mean scores, ``a``'s mean margin over the
others with its 95% interval, and the mean iterations a move each side ran.

    python benchmarks/cpu_time_match.py --tally JOURNAL [JOURNAL...]

plays nothing: it reads the journals of one match's parts (or of several matches) and prints
the same table for each match, the parts taken together (a game that two parts both played,
by its index, counts once).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def cpu_budgeted(spec: str, seconds: float) -> Any:
    """The agent of ``spec`` with a budget of ``seconds`` of process CPU time a move."""
    from stonework.agents.catalog import cpu_timed

    try:
        return cpu_timed(spec, seconds)
    except ValueError as exc:  # a bad spec or an unreadable network file: say so, no traceback
        raise SystemExit(f"{spec}: {exc}") from None


def play(
    game: str, players: int, agents: list[Any], seed: int, record: bool = False
) -> dict[str, Any]:
    """One game; per seat the score, the return and the mean iterations a decision (and the
    game's record, every action and chance outcome, if ``record``)."""
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    spec = get_game(game)
    rng = random.Random(seed)
    state = spec.new_state(players, spec.options.resolve(game, {}))
    iterations = [0] * players
    decisions = [0] * players
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = agents[seat].act(state, rng)
        if len(state.legal_actions()) > 1:
            iterations[seat] += int(getattr(agents[seat], "last_iterations", 0))
            decisions[seat] += 1
        state.apply(action)
    result = {
        "scores": [s.total for s in state.scores()],
        "returns": state.returns(),
        "iterations": [i / max(1, d) for i, d in zip(iterations, decisions, strict=True)],
    }
    if record:
        result["record"] = state.record().to_json()
    return result


MATCH_KEYS = ("a", "b", "seconds", "seed")
"""What makes two journal lines games of one match (their players too: the length of scores)."""


def summary(rows: list[dict[str, Any]], game: str = "") -> str:
    """One match's table line: ``a``'s wins (ties half) with a 95% Wilson interval, the mean
    scores, ``a``'s mean margin over the other seats' mean with a 95% interval, iterations."""
    from stonework.arena.stats import mean_interval, wilson

    n = len(rows)
    players = len(rows[0]["scores"])
    first = rows[0]

    def a_and_others(row: dict[str, Any], key: str) -> tuple[float, float]:
        seat = row["a_seat"]
        others = [v for k, v in enumerate(row[key]) if k != seat]
        return row[key][seat], sum(others) / len(others)

    scores = [a_and_others(r, "scores") for r in rows]
    iterations = [a_and_others(r, "iterations") for r in rows]
    mean_margin, spread = mean_interval([a - b for a, b in scores])
    head = f"{game + ' ' if game else ''}{players}p, {first['seconds']:g} CPU s a move, seed {first['seed']}: "
    if players == 2:
        won = sum(1 for r in rows if r["returns"][r["a_seat"]] > 0)
        drawn = sum(1 for r in rows if r["returns"][r["a_seat"]] == 0)
        low, high = wilson(won + 0.5 * drawn, n)
        result = (
            f"won {won} of {n}, drew {drawn} ({(won + 0.5 * drawn) / n:.1%}, "
            f"95% {low:.1%}-{high:.1%})"
        )
    else:
        result = field_result(rows)
    return (
        f"{head}{first['a']} against {first['b']}: {result}; mean score "
        f"{sum(a for a, _ in scores) / n:.1f} against {sum(b for _, b in scores) / n:.1f}, "
        f"margin {mean_margin:+.1f} ± {spread:.1f}; iterations a move "
        f"{sum(a for a, _ in iterations) / n:.0f} against {sum(b for _, b in iterations) / n:.0f}"
    )


def field_result(rows: list[dict[str, Any]]) -> str:
    """Beyond two players, where "won" would blur first and second place: ``a``'s first places
    (a shared first counts half) with a 95% Wilson interval, its places by game, and its share
    of the ``b`` seats it finished ahead of (a tie half), averaged over games, with a 95%
    interval from that share's spread between games (a game's pairs are not independent)."""
    from stonework.arena.stats import mean_interval, wilson

    n = len(rows)
    players = len(rows[0]["returns"])
    firsts = 0.0
    places = [0] * players
    ahead = []
    for row in rows:
        own = row["returns"][row["a_seat"]]
        others = [v for k, v in enumerate(row["returns"]) if k != row["a_seat"]]
        above = sum(1 for v in others if v > own)
        level = sum(1 for v in others if v == own)
        places[above] += 1
        if above == 0:
            firsts += 1 / (1 + level)
        ahead.append((sum(1 for v in others if v < own) + 0.5 * level) / len(others))
    low, high = wilson(firsts, n)
    share, spread = mean_interval(ahead)
    return (
        f"first in {firsts:g} of {n} ({firsts / n:.1%}, 95% {low:.1%}-{high:.1%}; fair "
        f"{1 / players:.0%}), places {' / '.join(map(str, places))}, ahead of a given "
        f"{rows[0]['b']} seat in {share:.1%} ± {spread:.1%}"
    )


def tally(paths: list[Path]) -> list[str]:
    """The summary of each match in ``paths`` (its parts' journals together), in the order the
    matches first appear; a game index met twice in one match counts once (the first met)."""
    matches: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
    for path in paths:
        try:
            lines = path.read_text().splitlines()
        except OSError as exc:
            raise SystemExit(f"cannot read {path}: {exc.strerror}") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                key = (*(row[k] for k in MATCH_KEYS), len(row["scores"]))
                matches.setdefault(key, {}).setdefault(int(row["game"]), row)
            except (ValueError, KeyError, TypeError):
                raise SystemExit(
                    f"{path}:{number}: not a line of a cpu_time_match journal"
                ) from None
    if not matches:
        raise SystemExit("no games in " + ", ".join(str(p) for p in paths))
    return [summary([games[g] for g in sorted(games)]) for games in matches.values()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--tally", type=Path, nargs="+", help="journals to summarise (no play)")
    parser.add_argument("--a", help="the agent measured (its wins are reported)")
    parser.add_argument("--b", help="its opponent (every other seat)")
    parser.add_argument("--seconds", type=float, help="CPU seconds a move, each")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the index of the first game (split one match over processes: 0 and 50 of 100)",
    )
    parser.add_argument("--journal", type=Path, help="JSON lines of finished games (resumed)")
    parser.add_argument(
        "--records",
        action="store_true",
        help="keep each game's record in its journal line (to replay or study its moves)",
    )
    args = parser.parse_args(argv)
    if args.tally:
        print("\n".join(tally(args.tally)))
        return 0
    needed = {"game": "GAME", "a": "--a", "b": "--b", "seconds": "--seconds"}
    missing = [flag for name, flag in needed.items() if getattr(args, name) is None]
    if missing:
        parser.error("to play a match give " + ", ".join(missing))

    done: list[dict[str, Any]] = []
    if args.journal is not None and args.journal.exists():
        done = [json.loads(line) for line in args.journal.read_text().splitlines() if line]
        settings = {"a": args.a, "b": args.b, "seconds": args.seconds, "seed": args.seed}
        for row in done:
            if {k: row[k] for k in settings} != settings:
                raise SystemExit(f"{args.journal} holds a match with other settings: {row}")
    a = cpu_budgeted(args.a, args.seconds)
    b = [cpu_budgeted(args.b, args.seconds) for _ in range(args.players - 1)]
    if not 0 <= args.first < args.games:
        raise SystemExit(f"--first must be from 0 to {args.games - 1}, not {args.first}")
    for g in range(args.first + len(done), args.games):
        seat = g % args.players
        seats = [*b[:seat], a, *b[seat:]]
        result = play(args.game, args.players, seats, args.seed * 100_003 + g, args.records)
        row = {
            "game": g,
            "a": args.a,
            "b": args.b,
            "seconds": args.seconds,
            "seed": args.seed,
            "a_seat": seat,
            **result,
        }
        done.append(row)
        if args.journal is not None:
            with args.journal.open("a") as handle:
                handle.write(json.dumps(row) + "\n")
        if args.players == 2:
            won = sum(1 for r in done if r["returns"][r["a_seat"]] > 0)
            progress = f"a won {won} of {len(done)}"
        else:
            firsts = sum(1 for r in done if r["returns"][r["a_seat"]] == max(r["returns"]))
            progress = f"a first in {firsts} of {len(done)}"
        print(f"game {g + 1}/{args.games}: {progress}", file=sys.stderr, flush=True)
    print(summary(done, args.game))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
