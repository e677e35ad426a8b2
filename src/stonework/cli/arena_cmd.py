"""``stonework arena``: a match between agents, with statistics, ratings, JSON and a plot."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from stonework.cli.progress import games_progress

if TYPE_CHECKING:
    from stonework.arena import MatchConfig
    from stonework.arena.journal import Journal
    from stonework.arena.match import GameResult


def _fail(message: str) -> NoReturn:
    """One ``error: ...`` line on stderr (never wrapped mid-message) and exit status 2."""
    Console(stderr=True).print(
        f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True
    )
    raise typer.Exit(2)


def _open_journal(
    out: Path | None, resume: bool, config: MatchConfig, what: str
) -> tuple[Journal | None, list[GameResult]]:
    """The journal of a run saved under ``out`` (none without ``--out``) and the games it
    already holds; ``what`` ("match", "run") names the run in the errors."""
    from stonework.arena.journal import JOURNAL, Journal, read_journal

    if resume and out is None:
        _fail(f"--resume needs --out (the folder of the {what} to resume)")
    if out is None:
        return None, []
    try:
        done = read_journal(out / JOURNAL, config) if resume else []
        if not resume and (out / JOURNAL).exists():
            _fail(
                f"{out / JOURNAL} already holds a {what}: "
                "add --resume to go on with it, or choose another --out"
            )
        return Journal(out / JOURNAL, config, done), done
    except (ValueError, OSError) as exc:
        _fail(str(exc))


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
    resume: Annotated[
        bool,
        typer.Option(
            help="keep the games already in --out's games.jsonl and play only the rest "
            "(also to extend a match: raise --games)"
        ),
    ] = False,
) -> None:
    """Play a match between agents with fair seat rotation and report win rates and ratings.

    With --out, every game is appended to games.jsonl as it ends, so an interrupted match loses
    nothing: run the same command again with --resume.
    """
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
    journal, done = _open_journal(out, resume, config, "match")
    if out is not None:
        kept = sum(1 for game in done if game.index < games)
        if kept:
            console.print(f"resuming: {kept} of {games} games already played")
    title = f"{game}: {' vs '.join(config.agents)}"
    resumed = sum(1 for g in done if g.index < games)
    with games_progress(console, title, games, resumed) as progress:
        try:
            result = run_match(
                config,
                progress=progress,
                done=done,
                on_result=None if journal is None else journal.add,
            )
        except ValueError as exc:
            _fail(str(exc))
        finally:
            if journal is not None:
                journal.close()
    console.print(summary_table(result))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        written = [result.write_json(out / "results.json"), *plot(result, out)]
        console.print("wrote " + ", ".join(str(path) for path in written))
