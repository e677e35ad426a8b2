"""``stonework arena``: a match between agents, with statistics, ratings, JSON and a plot."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"--option takes NAME=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def arena(
    game: Annotated[str, typer.Argument(help="the game (see `stonework games`)")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="comma-separated agent specs, e.g. mcts:1s,random or flatmc:400,greedy "
            "(NAME[:1.5s][:400][:key=value]; names: random, greedy, flatmc, mcts, ismcts, "
            "easy, medium, hard)",
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="games to play")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the whole match")] = 0,
    players: Annotated[
        int | None,
        typer.Option(help="players at the table (default: one per agent; more: agents repeat)"),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option NAME=VALUE")
    ] = None,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="play on a Ray cluster at this address ('auto', ray://...)"),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="write results.json, ratings.png and ratings.svg here")
    ] = None,
    plugin: Annotated[
        list[str] | None,
        typer.Option(help="MODULE:FUNCTION to call in each worker (extra games or agents)"),
    ] = None,
) -> None:
    """Play a match between agents with fair seat rotation and report win rates and ratings."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from stonework.arena import MatchConfig, run_match
    from stonework.arena.report import plot, summary_table

    console = Console()
    if not console.is_terminal:
        # Piped into a file or CI log: rich would assume 80 columns and squash the table.
        console = Console(width=140)
    config = MatchConfig(
        game=game,
        agents=[spec.strip() for spec in agents.split(",") if spec.strip()],
        games=games,
        seed=seed,
        players=players,
        options=_options(option or []),
        workers=workers,
        ray_address=ray,
        plugins=tuple(plugin or ()),
    )
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game}: {' vs '.join(config.agents)}", total=games)
        try:
            result = run_match(
                config, progress=lambda done, total: bar.update(task, completed=done)
            )
        except ValueError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from None
    console.print(summary_table(result))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        written = [result.write_json(out / "results.json"), *plot(result, out)]
        console.print("wrote " + ", ".join(str(path) for path in written))
