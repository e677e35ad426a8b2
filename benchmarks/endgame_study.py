"""Recorded two-player games studied with the exact endgame solver: where results changed
hands, and how long solving takes.

    python benchmarks/endgame_study.py errors JOURNAL [JOURNAL...] [--left 7]
    python benchmarks/endgame_study.py times JOURNAL [JOURNAL...] [--left 8,7,6]

The journals are ``cpu_time_match.py --records`` journals (Aztec, two players). ``errors``
solves every position from ``--left`` decisions before the end and counts, by side (``a``, the
measured agent, and ``b``) and by decisions left, the moves that lost value: a won position
left drawn or lost, a drawn one left lost. It prints each game as a line of
``left:side value`` (the value for the side to move: +1 won, 0 drawn, -1 lost; ``?`` where the
solver's node limit was reached). ``times`` solves the positions ``--left`` decisions from the
end of every game and prints the median, 90th percentile and longest CPU time of each.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

NODE_LIMIT = 5_000_000
"""Positions one solve may visit before it gives up (about 20 s compiled)."""


def positions(path: Path) -> list[tuple[dict[str, Any], list[Any]]]:
    """Each game of a journal with the states before each of its decisions."""
    from stonework.core.record import Record, replay

    games = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if "record" not in row:
            raise SystemExit(f"{path}:{number}: no record (play the match with --records)")
        record = Record.from_json(row["record"])
        states = [replay(record, upto=k) for k in range(len(record.entries))]
        games.append((row, states))
    return games


def solve(state: Any) -> tuple[int | None, float]:
    """The exact value for the seat to move (None past the node limit) and the CPU seconds."""
    from stonework.agents.endgame import EndgameSolver, OutOfBudget

    solver = EndgameSolver(node_limit=NODE_LIMIT)
    started = time.process_time()
    try:
        value: int | None = solver.value(state)
    except OutOfBudget:
        value = None
    return value, time.process_time() - started


def errors(paths: list[Path], left: int) -> list[str]:
    """Per game its line of values, then the count of value-losing moves by side and ply."""
    lines = []
    lost: dict[str, dict[int, int]] = {"a": {}, "b": {}}
    games = 0
    for path in paths:
        for row, states in positions(path):
            games += 1
            a_seat = row["a_seat"]
            late = [s for s in states if (s.decisions_left() or 0) <= left]
            values = [solve(s)[0] for s in late]
            cells = []
            for k, state in enumerate(late):
                seat, value = state.current_player, values[k]
                if k + 1 < len(late):
                    nxt = values[k + 1]
                    later = late[k + 1].current_player
                    after = None if nxt is None else (nxt if later == seat else -nxt)
                else:
                    after = row["returns"][seat]
                side = "a" if seat == a_seat else "b"
                if value is not None and after is not None and after < value:
                    ply = state.decisions_left()
                    lost[side][ply] = lost[side].get(ply, 0) + 1
                shown = "?" if value is None else f"{value:+d}"
                cells.append(f"{state.decisions_left()}:{side}{shown}")
            lines.append(
                f"game {row['game']} (a in seat {a_seat}, a's return {row['returns'][a_seat]:+g}): "
                + " ".join(cells)
            )
    for side in ("a", "b"):
        counts = ", ".join(f"{k} left: {v}" for k, v in sorted(lost[side].items(), reverse=True))
        lines.append(
            f"{side}: {sum(lost[side].values())} moves lost value in {games} games ({counts or 'none'})"
        )
    return lines


def times(paths: list[Path], lefts: list[int]) -> list[str]:
    """The median, 90th percentile and longest solve of the positions ``lefts`` from the end."""
    seconds: dict[int, list[float]] = {left: [] for left in lefts}
    unsolved = dict.fromkeys(lefts, 0)
    for path in paths:
        for _, states in positions(path):
            for state in states:
                left = state.decisions_left()
                if left in seconds:
                    value, spent = solve(state)
                    seconds[left].append(spent)
                    unsolved[left] += value is None
    lines = []
    for left in lefts:
        spent = sorted(seconds[left])
        if not spent:
            lines.append(f"{left} left: no positions")
            continue
        median, p90 = spent[len(spent) // 2], spent[int(len(spent) * 0.9)]
        lines.append(
            f"{left} left: {len(spent)} positions, median {median:.2f} s, 90th percentile "
            f"{p90:.2f} s, longest {spent[-1]:.2f} s, {unsolved[left]} past {NODE_LIMIT:,} nodes"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["errors", "times"])
    parser.add_argument("journals", type=Path, nargs="+")
    parser.add_argument("--left", default=None, help="errors: from N left (7); times: N,M,...")
    args = parser.parse_args(argv)
    for path in args.journals:
        if not path.is_file():
            raise SystemExit(f"{path}: no such journal")
    try:
        lefts = [
            int(x) for x in (args.left or ("7" if args.mode == "errors" else "8,7,6")).split(",")
        ]
    except ValueError:
        raise SystemExit(f"--left takes whole numbers, not {args.left!r}") from None
    try:
        lines = (
            errors(args.journals, lefts[0])
            if args.mode == "errors"
            else times(args.journals, lefts)
        )
    except ValueError as exc:  # a game the solver cannot judge, or a bad record
        raise SystemExit(str(exc)) from None
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
