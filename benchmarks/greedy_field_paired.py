"""One search seat against a greedy field, compared seat by seat with an all-greedy match.

    python benchmarks/greedy_field_paired.py RUN [RUN ...] --reference REF

Each ``RUN`` and ``REF`` is an arena ``--out`` folder (its ``games.jsonl``) of the same game,
seed and player count: ``RUN`` seats one search agent (the first of ``--agents``) among greedy
players, ``REF`` seats greedy everywhere. The arena gives game ``g`` the same deal in both, so
the search's final score minus the score of greedy in the same seat of the same deal is a paired
difference: far less noisy than comparing win rates, which is what a 48-game screen needs.
Printed per run: games, the search seat's wins (a shared first place counts 1/k) with the 95%
Wilson interval, its mean score, and the paired difference (mean and 95% half-width). Two runs
of the same seed are also compared with each other, game by game, when ``--against`` names one:
the score difference and the difference of the shares of first place (percentage points).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any


def load(folder: Path) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The match line and the games by index of an arena journal."""
    lines = (folder / "games.jsonl").read_text().splitlines()
    match = json.loads(lines[0])["match"]
    games: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        if line.strip():
            game = json.loads(line)
            games[int(game["index"])] = game
    return match, games


def search_seat(game: dict[str, Any]) -> int:
    """The seat of the first agent (entry 0) in this game."""
    return list(game["seat_entries"]).index(0)


def share_of_win(game: dict[str, Any], seat: int) -> float:
    """1 for a sole first place, 1/k for a first place shared by k seats, else 0."""
    ranking = game["ranking"]
    if ranking[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranking if r == 1)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mean_half(diffs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation) of paired differences."""
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0, math.inf)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return (mean, 1.96 * math.sqrt(var / n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--reference", type=Path, required=True)
    parser.add_argument("--against", type=Path, help="a run to compare each run with, paired")
    args = parser.parse_args()
    ref_match, ref = load(args.reference)
    other = load(args.against)[1] if args.against else None
    for folder in args.runs:
        match, games = load(folder)
        for key in ("game", "seed", "players"):
            if match[key] != ref_match[key]:
                raise SystemExit(f"{folder}: {key} {match[key]} differs from the reference's")
        common = sorted(g for g in games if g in ref)
        wins = sum(share_of_win(games[g], search_seat(games[g])) for g in common)
        scores = [games[g]["scores"][search_seat(games[g])] for g in common]
        diffs = [
            s - ref[g]["scores"][search_seat(games[g])] for g, s in zip(common, scores, strict=True)
        ]
        low, high = wilson(wins, len(common))
        mean, half = mean_half(diffs)
        line = (
            f"{folder.name}: {match['agents'][0]}  games {len(common)}  "
            f"won {100 * wins / max(1, len(common)):.1f}% ({100 * low:.0f}-{100 * high:.0f}%)  "
            f"score {sum(scores) / max(1, len(scores)):.1f}  vs greedy in its seat "
            f"{mean:+.1f} ± {half:.1f}"
        )
        if other is not None:
            both = [g for g in common if g in other]
            paired = [
                games[g]["scores"][search_seat(games[g])]
                - other[g]["scores"][search_seat(other[g])]
                for g in both
            ]
            m, h = mean_half(paired)
            # The same pairing for the wins (each game's share of first place, 0 to 1): the
            # targets are win rates, and two settings can differ there more than in points.
            won = [
                share_of_win(games[g], search_seat(games[g]))
                - share_of_win(other[g], search_seat(other[g]))
                for g in both
            ]
            wm, wh = mean_half(won)
            line += (
                f"  vs {args.against.name} {m:+.1f} ± {h:.1f} points, "
                f"{100 * wm:+.1f} ± {100 * wh:.1f} wins ({len(both)} games)"
            )
        print(line)


if __name__ == "__main__":
    main()
