"""``stonework balance``: seeded games between agents, read for where the points come from."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from stonework.cli.arena_cmd import _open_journal, _options
from stonework.cli.progress import games_progress


def balance(
    game: Annotated[str, typer.Argument(help="the game (see `stonework games`)")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents", "-a", help="comma-separated agent specs, as for arena (e.g. greedy)"
        ),
    ] = "greedy",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="players at the table")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games to play")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the whole run")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option NAME=VALUE")
    ] = None,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            help="write balance.json, balance.png and balance.svg here, and every game to "
            "games.jsonl as it ends"
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            help="keep the games already in --out's games.jsonl and play only the rest "
            "(also to extend a run: raise --games)"
        ),
    ] = False,
) -> None:
    """Play seeded games and report each scoring source's points and share, and the game's
    own counts (Zapotec: pyramids, rituals, the track, trade tile purchases, buildings).

    With --out an interrupted run loses no finished game: run it again with --resume."""
    from stonework.arena import MatchConfig
    from stonework.arena.balance import plot_sources, run_balance

    console = Console()
    if not console.is_terminal:
        console = Console(width=140)
    specs = [spec.strip() for spec in agents.split(",") if spec.strip()]
    config = MatchConfig(
        game=game,
        agents=specs,
        games=games,
        seed=seed,
        players=players if players is not None else max(2, len(specs)),
        options=_options(option or []),
        workers=workers,
    )
    journal, done = _open_journal(out, resume, config, "run")
    title = f"{game} balance: {', '.join(specs)}"
    resumed = sum(1 for g in done if g.index < games)
    with games_progress(console, title, games, resumed) as progress:
        try:
            result = run_balance(
                config,
                progress=progress,
                done=done,
                on_result=None if journal is None else journal.add,
            )
        except ValueError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from None
        finally:
            if journal is not None:
                journal.close()
    table = RichTable(
        title=f"{game}, {config.table_size()} players, {result.games} games, seed {seed}: "
        f"winner's mean score {result.mean_winning_score:.1f}, "
        f"{result.mean_decisions:.0f} decisions a game"
    )
    table.add_column("source")
    table.add_column("mean points", justify="right")
    table.add_column("share", justify="right")
    for source, row in result.sources.items():
        table.add_row(source, f"{row['mean']:.2f}", f"{row['share']:.1%}")
    console.print(table)
    for key, value in result.game_counts.items():
        console.print(f"{key}: {value}", highlight=False, soft_wrap=True)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        written = [result.write_json(out / "balance.json"), *plot_sources(result, out)]
        console.print("wrote " + ", ".join(str(path) for path in written))
