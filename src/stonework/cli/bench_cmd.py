"""``stonework bench`` and ``stonework perft``: engine speed and move-path counts, as tables."""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from stonework.core import State
from stonework.core.bench import BenchResult, bench
from stonework.core.conformance import perft
from stonework.core.options import OptionValue

BENCH_ROWS = (
    ("games_per_second", "random complete games / s"),
    ("decisions_per_second", "decisions / s"),
    ("games", "games played"),
    ("decisions", "decisions"),
    ("mean_length", "entries per game"),
    ("chance_per_game", "chance outcomes per game"),
    ("mean_legal_actions", "legal actions per decision"),
    ("legal_actions_us", "legal_actions() µs"),
    ("apply_us", "apply() µs"),
    ("clone_us", "clone() µs"),
    ("seconds", "seconds measured"),
)


def run_bench(
    console: Console,
    game: str,
    players: int,
    seconds: float,
    seed: int,
    options: dict[str, OptionValue],
    show_progress: bool,
) -> BenchResult:
    """``core.bench.bench`` with a progress bar fed by its progress callback."""
    if not show_progress:
        return bench(game, players, seconds, seed, None, **options)
    columns = (
        TextColumn(f"bench {game}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("bench", total=1.0)

        shown = [0.0]

        def advance(fraction: float) -> None:
            # Called after every game, which may be thousands of times a second: redraw the bar
            # only per percent so that drawing does not eat into what is measured.
            if fraction - shown[0] >= 0.01 or fraction >= 1.0:
                shown[0] = fraction
                progress.update(task, completed=fraction)

        return bench(game, players, seconds, seed, advance, **options)


def bench_table(title: str, result: BenchResult) -> Table:
    """The measured figures, one per row."""
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    figures: dict[str, Any] = result.to_json()
    for key, label in BENCH_ROWS:
        table.add_row(label, f"{figures[key]:,}")
    return table


def perft_rows(state: State, depth: int) -> list[tuple[int, int, float]]:
    """(depth, count, seconds) for every depth from 1 to ``depth``."""
    rows = []
    for level in range(1, depth + 1):
        start = time.perf_counter()
        count = perft(state, level)
        rows.append((level, count, time.perf_counter() - start))
    return rows


def perft_table(title: str, rows: list[tuple[int, int, float]]) -> Table:
    """The perft counts per depth."""
    table = Table(title=title)
    table.add_column("depth", justify="right")
    table.add_column("sequences", justify="right")
    table.add_column("seconds", justify="right")
    for level, count, seconds in rows:
        table.add_row(str(level), str(count), f"{seconds:.3f}")
    return table
