"""``stonework bench`` and ``stonework perft``: engine speed and move-path counts, as tables."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from stonework.agents.bench import AgentBenchResult, agent_bench
from stonework.agents.catalog import parse_agent_spec
from stonework.cli.revisions import KINDS, THIS_TREE, RowResult
from stonework.core import State, StoneworkError
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


AGENT_ROWS = (
    ("games_per_second", "complete games / s"),
    ("decisions_per_second", "decisions / s"),
    ("simulations_per_second", "simulations / s (searches)"),
    ("simulations_per_decision", "simulations per decision"),
    ("mean_decision_ms", "ms per decision"),
    ("games", "games completed"),
    ("decisions", "decisions"),
    ("seconds", "seconds measured"),
)


@contextmanager
def progress_bar(
    console: Console, label: str, show: bool
) -> Iterator[Callable[[float], None] | None]:
    """A callback that moves a transient progress bar to a fraction (``None`` when not shown)."""
    if not show:
        yield None
        return
    columns = (
        TextColumn(label),
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

        yield advance


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
    with progress_bar(console, f"bench {game}", show_progress) as advance:
        return bench(game, players, seconds, seed, advance, **options)


def run_agent_bench(
    console: Console,
    game: str,
    spec: str,
    players: int,
    seconds: float,
    seed: int,
    options: dict[str, OptionValue],
    show_progress: bool,
) -> AgentBenchResult:
    """``agents.bench.agent_bench`` with a progress bar; a bad spec is a ``StoneworkError``."""
    try:
        parse_agent_spec(spec)
    except ValueError as exc:
        raise StoneworkError(str(exc)) from None
    with progress_bar(console, f"bench {game} {spec}", show_progress) as advance:
        try:
            return agent_bench(game, spec, players, seconds, seed, advance, **options)
        except StoneworkError:
            raise
        except (ValueError, TypeError) as exc:
            # Settings are checked when the agent is built: ``mcts:depth=x`` and the like.
            raise StoneworkError(f"agent {spec!r}: {exc}") from None


def agent_bench_table(title: str, result: AgentBenchResult) -> Table:
    """The agent benchmark's figures, one per row."""
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    figures: dict[str, Any] = result.to_json()
    for key, label in AGENT_ROWS:
        table.add_row(label, f"{figures[key]:,}")
    return table


def compare_rows(game: str, players: int, agent: str | None) -> list[str]:
    """The probe rows of ``bench --compare``: random, greedy and mcts, or the one ``--agent`` names.

    The probe measures every revision the same way, so only its kinds can be compared: the
    agent's settings (``mcts:0.5s``) are refused rather than silently dropped.
    """
    if agent is None:
        return [f"{kind}:{game}:{players}" for kind in KINDS]
    if agent not in KINDS:
        raise StoneworkError(
            f"--compare measures the agents {', '.join(KINDS)} (the probe's own settings), "
            f"not {agent!r}"
        )
    return [f"{agent}:{game}:{players}"]


def compare_table(title: str, revs: list[str], results: list[RowResult]) -> Table:
    """One line per probe row: each tree's figure and this tree's ratio to each revision."""
    table = Table(title=title)
    table.add_column("row")
    table.add_column("measure")
    for name in (THIS_TREE, *revs):
        table.add_column(name, justify="right")
    for rev in revs:
        table.add_column(f"ratio vs {rev}", justify="right")
    for result in results:
        figures = [f"{result.figures[name]:,.1f}" for name in (THIS_TREE, *revs)]
        ratios = [f"{result.ratios[rev]:.2f}x" for rev in revs]
        table.add_row(result.row, result.measure, *figures, *ratios)
    return table


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
