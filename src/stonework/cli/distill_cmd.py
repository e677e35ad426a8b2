"""``stonework distill``: fit a value-and-policy network to the games of a search teacher."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from stonework.cli.run_options import Ray, ResumeGames, Workers


def distill(
    game: Annotated[str, typer.Argument(help="the game (see `stonework games`)")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="players (default: the game's)")
    ] = None,
    teacher: Annotated[
        str,
        typer.Option(
            help="the teacher: a tree search, e.g. mcts:200, or az:400 (expert iteration)"
        ),
    ] = "mcts:200",
    games: Annotated[int, typer.Option(help="teacher games to play (in all)")] = 400,
    out: Annotated[
        Path, typer.Option(help="folder of the run: teacher games, network, report")
    ] = Path("distill-run"),
    resume: ResumeGames = False,
    workers: Workers = 1,
    ray: Ray = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="seed of the games and the fit")] = 0,
    explore_moves: Annotated[
        int, typer.Option(help="moves per seat sampled by the teacher's visits at the start")
    ] = 2,
    child_rows: Annotated[
        int,
        typer.Option(
            help="per decision, root children also recorded as value-only rows (mcts/ismcts)"
        ),
    ] = 0,
    epochs: Annotated[
        int, typer.Option(help="training epochs over the games (0: games only)")
    ] = 10,
    hidden: Annotated[str, typer.Option(help="hidden layer sizes, e.g. 128,64")] = "128,64",
    mix: Annotated[
        float, typer.Option(help="weight of the outcome in the value target (rest: root value)")
    ] = 0.5,
    init: Annotated[
        Path | None, typer.Option(help="start the fit from this network (.npz)")
    ] = None,
    symmetries: Annotated[
        bool, typer.Option(help="also train on the positions' symmetric images (Aztec: half turn)")
    ] = True,
    policy_over: Annotated[
        str,
        typer.Option(
            help="the policy loss's softmax: over all action ids, or the targeted ones (visited)"
        ),
    ] = "all",
) -> None:
    """Play games of a tree search against itself, then fit a network to its root statistics.

    Writes OUT/teacher-NNNN.npz (the games, kept by --resume), OUT/distilled.npz (the network,
    for `az:network=OUT/distilled.npz`) and OUT/report.json (held-out figures). The games need
    numpy; the fit also PyTorch (CPU): pip install torch==2.13.0 --index-url
    https://download.pytorch.org/whl/cpu.
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
    for name, value in (("--workers", workers), ("--games", games)):
        if value < 1:
            fail(f"{name} must be at least 1")
    if explore_moves < 0 or epochs < 0 or child_rows < 0:
        fail("--explore-moves, --child-rows and --epochs must be 0 or more")
    if not 0.0 <= mix <= 1.0:
        fail(f"--mix is a share from 0 to 1, not {mix}")
    from stonework.learn.train import POLICY_OVER  # numpy and torch only when fitting

    if policy_over not in POLICY_OVER:
        fail(f"--policy-over is {' or '.join(POLICY_OVER)}, not {policy_over!r}")
    try:
        sizes = tuple(int(h) for h in hidden.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(h < 1 or h > 4096 for h in sizes):
        fail(f"--hidden takes sizes 1..4096 separated by commas, not {hidden!r}")
    try:
        from stonework.agents.catalog import agent_from_spec
        from stonework.learn.distill import (
            DistillConfig,
            FitConfig,
            check_teacher,
            fit,
            generate,
        )

        check_teacher(agent_from_spec(teacher), repr(teacher), child_rows > 0)

        config = DistillConfig(
            spec.name,
            count,
            teacher=teacher,
            games=games,
            seed=seed,
            explore_moves=explore_moves,
            child_rows=child_rows,
        )
        data = generate(
            config,
            out,
            resume=resume,
            workers=workers,
            ray=ray,
            say=lambda text: console.print(text, highlight=False),
        )
        console.print(f"{len(data['inputs'])} positions from {games} teacher games in {out}")
        if epochs == 0:
            return
        fit_config = FitConfig(
            hidden=sizes,
            epochs=epochs,
            mix=mix,
            seed=seed,
            init="" if init is None else str(init),
            symmetric=symmetries,
            policy_over=policy_over,
        )
        network, report = fit(data, config, fit_config)
    except (RuntimeError, ValueError, OSError) as exc:
        fail(str(exc))
    network.save(out / "distilled.npz")
    (out / "report.json").write_text(json.dumps(report, indent=1))
    for part, figures in report.items():
        console.print(
            f"{part}: value MSE {figures['value_mse']:.3f}, winner named "
            f"{figures['winner_named']:.1%}, teacher's move top-1 {figures['policy_top1']:.1%}"
        )
    console.print(f"network {out / 'distilled.npz'}")
