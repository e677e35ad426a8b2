"""``stonework analyse``: a game record or a position reviewed by the strongest search.

The work is in :mod:`stonework.analysis`; this module reads the arguments, shows progress, prints
the per-seat summary (or a position's top moves) and writes the annotated record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from stonework.analysis import (
    DecisionAnalysis,
    RecordAnalysis,
    analyse_decision,
    analyse_record,
    analysis_agent,
    default_agent_spec,
    write_analysis,
)
from stonework.analysis.verdicts import Verdict
from stonework.core import Record, StoneworkError, derive_rng, get_game

console = Console()
errors = Console(stderr=True)


@contextmanager
def _bad_input_exits() -> Iterator[None]:
    try:
        yield
    except StoneworkError as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


def analyse(
    record: Annotated[
        Path | None, typer.Argument(help="A game record or saved game (JSON) to review.")
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Review only this seat's decisions.")
    ] = None,
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent",
            help="The searching agent, e.g. hard, ismcts:2s or mcts:iterations=400 "
            "(default: the game's strongest).",
        ),
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--seconds", help="Seconds of search per decision.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the annotated record to this file.")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the searches.")] = 0,
    game: Annotated[str | None, typer.Option("--game", help="The game of --position.")] = None,
    position: Annotated[
        str | None, typer.Option("--position", help="Analyse this position string instead.")
    ] = None,
    top: Annotated[int, typer.Option("--top", min=1, max=20, help="Moves to show.")] = 3,
) -> None:
    """Review a game: the best moves, what each played move cost, a summary per seat."""
    with _bad_input_exits():
        if position is not None or game is not None:
            if record is not None or position is None or game is None:
                raise StoneworkError(
                    "analyse a record (RECORD) or a position (--game G --position TEXT), not both"
                )
            if seat is not None or out is not None:
                raise StoneworkError("--seat and --out belong to a record's analysis")
            _analyse_position(game, position, agent, seconds, seed, top)
            return
        if record is None:
            raise StoneworkError("name a record to analyse, or give --game G --position TEXT")
        loaded = Record.load(record)
        with _progress_bar(f"analysing {record.name}") as progress:
            result = analyse_record(
                loaded, agent, seconds, seat, workers, seed, top, progress=progress
            )
        _print_summary(result)
        if out is not None:
            try:
                write_analysis(result).save(out)
            except OSError as exc:
                raise StoneworkError(f"cannot write {out}: {exc.strerror}") from None
            console.print(
                f"Annotated record written to {escape(str(out))}; step through it with "
                f"[bold]stonework replay {escape(str(out))}[/bold]."
            )


@contextmanager
def _progress_bar(title: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback drawing a bar on a terminal (nothing in a pipe or a log)."""
    if not console.is_terminal:
        yield None
        return
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(escape(title), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _analyse_position(
    game: str, position: str, agent: str | None, seconds: float | None, seed: int, top: int
) -> None:
    spec = get_game(game)
    state = spec.from_position(position)
    chosen = agent if agent is not None else default_agent_spec(spec.name, state.num_players)
    searcher = analysis_agent(chosen, seconds)
    result = analyse_decision(state, searcher, derive_rng(seed, "analyse", "position"), top=top)
    console.print(
        f"Seat {result.seat} to move, {result.legal} legal action(s); "
        f"{escape(searcher.describe())}, {result.iterations} simulations on determinizations "
        f"of seat {result.seat}'s information."
    )
    console.print(moves_table(result))


def moves_table(result: DecisionAnalysis, title: str = "the search's best moves") -> Table:
    """The top moves of one decision with visits and values (win % or expected rank)."""
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column("visits", justify="right")
    two = result.players == 2
    table.add_column("win %" if two else "expected rank", justify="right")
    table.add_column("score margin", justify="right")
    for number, move in enumerate(result.top, start=1):
        value = f"{100 * move.expected:.1f}" if two else f"{move.rank(result.players):.2f}"
        table.add_row(
            str(number), escape(move.action), str(move.visits), value, f"{move.margin:+.1f}"
        )
    return table


def _print_summary(result: RecordAnalysis) -> None:
    record = result.record
    console.print(
        f"{escape(record.game)}, {record.players} players, {len(result.decisions)} decision(s) "
        f"analysed by {escape(result.description)}, each on determinizations of the deciding "
        "seat's information."
    )
    table = Table(title="review per seat")
    for heading in ("seat", "judged", "accuracy", "mean loss"):
        table.add_column(heading, justify="right")
    shown = [v for v in Verdict if v is not Verdict.FORCED]
    for verdict in shown:
        table.add_column(verdict.value, justify="right")
    summaries = result.summaries()
    for summary in summaries:
        if not summary.judged:
            continue
        accuracy = "-" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
        loss = "-" if summary.mean_loss is None else f"{summary.mean_loss:.3f}"
        counts = [str(summary.counts[v]) for v in shown]
        table.add_row(str(summary.seat), str(summary.judged), accuracy, loss, *counts)
    console.print(table)
    for summary in summaries:
        for move in summary.costliest:
            console.print(
                f"seat {summary.seat}, entry {move.entry}: played {escape(move.played)} "
                f"(lost {move.loss:.3f}); better {escape(move.better)}",
                highlight=False,
                soft_wrap=True,
            )
