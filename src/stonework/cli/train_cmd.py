"""``stonework train``: self-play training of a value-and-policy network for one game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from stonework.cli.run_options import Ray, Workers


def train(
    game: Annotated[str, typer.Argument(help="the game (see `stonework games`)")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="players (default: the game's)")
    ] = None,
    hours: Annotated[float | None, typer.Option(help="train for this many hours")] = None,
    generations: Annotated[int | None, typer.Option(help="train for this many generations")] = None,
    out: Annotated[
        Path, typer.Option(help="folder of the run: checkpoint, networks, curve")
    ] = Path("train-run"),
    resume: Annotated[
        bool, typer.Option(help="continue the run in --out from its checkpoint")
    ] = False,
    workers: Workers = 1,
    ray: Ray = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the whole run")] = 0,
    games: Annotated[int, typer.Option(help="self-play games per generation")] = 16,
    simulations: Annotated[int, typer.Option(help="search simulations per move")] = 48,
    eval_games: Annotated[
        int, typer.Option(help="games against greedy per generation (the curve)")
    ] = 8,
    hidden: Annotated[str, typer.Option(help="hidden layer sizes, e.g. 128,64")] = "128,64",
    explore_moves: Annotated[
        int, typer.Option(help="moves per seat sampled by visits at the start of self-play games")
    ] = 8,
    init: Annotated[
        Path | None, typer.Option(help="start from this network (.npz) instead of random weights")
    ] = None,
) -> None:
    """Train a network by self-play with the az search; export .npz networks and a learning curve.

    Needs numpy and PyTorch (CPU): pip install torch==2.13.0 --index-url
    https://download.pytorch.org/whl/cpu. Playing with the result needs numpy only:
    `stonework arena GAME -a az:network=OUT/latest.npz,greedy`.
    """
    from stonework.cli.game_setup import player_count
    from stonework.core import StoneworkError, get_game

    console = Console()

    def fail(message: str) -> None:
        console.print(f"[red]error:[/red] {message}", highlight=False)
        raise typer.Exit(2)

    try:
        spec = get_game(game)
        count = player_count(spec, players)
    except StoneworkError as exc:
        fail(str(exc))
    if (hours is None) == (generations is None):
        fail("give exactly one of --hours and --generations")
    if explore_moves < 0:
        fail("--explore-moves must be 0 or more")
    if (hours is not None and not hours > 0) or (generations is not None and generations < 1):
        fail("--hours must be positive and --generations at least 1")
    for name, value in (
        ("--workers", workers),
        ("--games", games),
        ("--simulations", simulations),
        ("--eval-games", eval_games),
    ):
        if value < 1:
            fail(f"{name} must be at least 1")
    try:
        sizes = tuple(int(h) for h in hidden.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(h < 1 or h > 4096 for h in sizes):
        fail(f"--hidden takes sizes 1..4096 separated by commas, not {hidden!r}")
    try:
        from stonework.learn.train import TrainConfig
        from stonework.learn.train import train as run_training

        config = TrainConfig(
            game=spec.name,
            players=count,
            seed=seed,
            hidden=sizes,
            games_per_generation=games,
            simulations=simulations,
            eval_games=eval_games,
            explore_moves=explore_moves,
            init="" if init is None else str(init),
        )
        run = run_training(
            config,
            out,
            generations=generations,
            hours=hours,
            resume=resume,
            workers=workers,
            ray=ray,
            say=lambda text: console.print(text, highlight=False),
        )
    except (RuntimeError, ValueError, OSError) as exc:
        fail(str(exc))
    console.print(
        f"done: generation {run.generation}, {run.games} games of self-play; "
        f"network {out / 'latest.npz'}, curve {out / 'curve.png'}"
    )
