"""``stonework leafnet``: teacher games, then a learned leaf value (Akropolis, Zapotec) fitted to them.

The work is in :mod:`stonework.learn.leaf_games` (the games and their journal) and
:mod:`stonework.learn.leaf_fit` (the fit, numpy only); this module checks the arguments, shows
progress and writes the run's files; what differs between games is in
:mod:`stonework.learn.leaf_kinds`.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from stonework.cli.run_options import Ray, ResumeGames, Workers

if TYPE_CHECKING:
    from stonework.learn.leaf_check import CheckResult

NEEDS_NUMPY = "the leaf network needs numpy: pip install numpy (or the project's learn extra)"


def leafnet(
    game: Annotated[str, typer.Argument(help="the game: akropolis or zapotec")],
    players: Annotated[int, typer.Option("--players", "-p", help="players: 2 to 4")] = 2,
    teacher: Annotated[
        str | None,
        typer.Option(
            help="the agent whose games are learned from "
            "(default: mcts:100 for Akropolis, ismcts:200 for Zapotec at 2 players, "
            "ismcts:150 at 3, ismcts:100 at 4)"
        ),
    ] = None,
    opponent: Annotated[
        str | None,
        typer.Option(
            help="another agent for the other seats: the teacher plays one seat, going round "
            "the table game by game (default: the teacher in every seat)"
        ),
    ] = None,
    games: Annotated[int, typer.Option(help="teacher games to play and fit to (in all)")] = 1435,
    out: Annotated[
        Path,
        typer.Option(help="folder of the run: teacher.jsonl, leaf.npz, report.json, curve.svg"),
    ] = Path("leafnet-run"),
    resume: ResumeGames = False,
    workers: Workers = 1,
    ray: Ray = None,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", help="seed of the run: game g is seeded 30000 + S + g"),
    ] = 0,
    epochs: Annotated[int, typer.Option(help="epochs of the fit (0: play the games only)")] = 12,
    hidden: Annotated[str, typer.Option(help="hidden layer sizes, e.g. 32,16")] = "32,16",
    decay: Annotated[float, typer.Option(help="weight decay of the fit")] = 1e-3,
    lr: Annotated[float, typer.Option("--lr", help="Adam's learning rate")] = 1e-3,
    residual: Annotated[
        bool, typer.Option(help="learn what the hand estimate misses, not the whole margin")
    ] = True,
    lam: Annotated[
        float,
        typer.Option(
            "--lambda",
            help="fit to lambda-returns bootstrapped as --bootstrap says "
            "(1: to each game's final margin)",
        ),
    ] = 1.0,
    bootstrap: Annotated[
        str,
        typer.Option(
            help="what the lambda-returns lean on at the next position: hand (the hand "
            "estimate) or search (the teacher's root value there, which the journal keeps "
            "when the teacher is a tree search)"
        ),
    ] = "hand",
    pool: Annotated[
        list[Path] | None,
        typer.Option(
            help="teacher journal of an earlier run (repeat for more): its games are fitted "
            "too, beside this run's; the validation and held-out games stay this run's"
        ),
    ] = None,
    max_games: Annotated[
        int, typer.Option(help="fit to the first K games only (0: all of --games)")
    ] = 0,
    check_games: Annotated[
        int,
        typer.Option(
            help="choose the epoch kept by play: each epoch's network plays this many games in "
            "hard's search against hard (0: keep the epoch of least validation error)"
        ),
    ] = 0,
    check_seconds: Annotated[
        float, typer.Option(help="CPU seconds a move, each side, in those games")
    ] = 0.25,
) -> None:
    """Play teacher games (Akropolis or Zapotec, 2 to 4 players), then fit the leaf network.

    Writes OUT/teacher.jsonl (one line a game, kept by --resume; the format of
    benchmarks/akropolis_leaf_net.py, whose journals can be copied in and resumed),
    OUT/leaf.npz (for `hard:leafnet=OUT/leaf.npz`), OUT/report.json (held-out figures against
    the hand estimate and, for Akropolis, the refitted linear estimate, the curve, the settings)
    and OUT/curve.svg (the learning curve; needs matplotlib). Numpy only, no PyTorch. For
    Akropolis the defaults are the settings of the network in docs/models.md: with --seed 0 the
    same games and the same weights.

    With --check-games N every epoch's network is written to OUT/epochs/ and plays N games in
    hard's search, one seat against hard in the others, at --check-seconds of CPU a move; the
    epoch kept is the one ahead of the hard seats most often (the fit's least validation error
    did not pick the network that plays best; docs/models.md).
    """
    # No emoji codes: "--teacher mcts:x: ..." would print its ":x:" as a picture.
    console = Console(emoji=False)

    def fail(message: str) -> NoReturn:
        console.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
        raise typer.Exit(2)

    from stonework.core import StoneworkError, get_game

    try:
        spec = get_game(game)
    except StoneworkError as exc:
        fail(str(exc))
    from stonework.learn.leaf_kinds import leaf_kind

    try:
        kind = leaf_kind(spec.name, players)
    except ValueError as exc:
        fail(str(exc))
    if teacher is None:
        teacher = kind.teachers[players]
    for name, value in (("--workers", workers), ("--games", games)):
        if value < 1:
            fail(f"{name} must be at least 1")
    if epochs < 0 or max_games < 0 or check_games < 0:
        fail("--epochs, --max-games and --check-games must be 0 or more")
    if check_games and not 0 < check_seconds <= 60:
        fail("--check-seconds must be above 0 and at most 60")
    if not lr > 0 or not decay >= 0:
        fail("--lr must be above 0 and --decay 0 or more")
    if not 0 <= lam <= 1:
        fail("--lambda must be between 0 and 1")
    try:
        sizes = tuple(int(h) for h in hidden.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(h < 1 or h > 4096 for h in sizes):
        fail(f"--hidden takes sizes 1..4096 separated by commas, not {hidden!r}")
    try:
        importlib.import_module("numpy")
    except ImportError:
        fail(NEEDS_NUMPY)
    from stonework.learn.leaf_fit import BOOTSTRAPS

    if bootstrap not in BOOTSTRAPS:
        fail(f"--bootstrap takes {' or '.join(BOOTSTRAPS)}, not {bootstrap!r}")
    from stonework.agents.catalog import agent_from_spec
    from stonework.cli.progress import games_progress
    from stonework.learn.leaf_games import JOURNAL, play_games, read_journal

    for name, spec_text in (("--teacher", teacher), ("--opponent", opponent)):
        if spec_text is None:
            continue
        try:
            agent_from_spec(spec_text)
        except (ValueError, RuntimeError) as exc:
            fail(f"{name} {spec_text}: {exc}")
    journal = out / JOURNAL
    try:
        resumed = min(len(read_journal(journal, players)[0]), games) if resume else 0
        title = f"teacher games ({teacher}{f' against {opponent}' if opponent else ''})"
        with games_progress(console, title, games, resumed) as progress:
            played = play_games(
                journal,
                teacher,
                games,
                seed,
                resume,
                workers,
                ray,
                progress,
                spec.name,
                players,
                opponent,
            )
    except (ValueError, RuntimeError, OSError) as exc:
        fail(str(exc))
    console.print(f"{len(played)} teacher games in {journal}", highlight=False, soft_wrap=True)
    if epochs == 0:
        return
    from stonework.learn.leaf_check import best_candidate, check_candidates
    from stonework.learn.leaf_fit import FitSettings, MLPFit, fit_games, plot_curve

    settings = FitSettings(sizes, epochs, seed, lr, decay, residual, lam, bootstrap)
    chosen = played[:max_games] if max_games else played
    pooled: list[dict[str, Any]] = []
    for path in pool or []:
        try:
            more = read_journal(path, players)[0] if path.is_file() else []
        except (ValueError, OSError) as exc:
            fail(f"--pool {path}: {exc}")
        if not more:
            fail(f"--pool {path}: no teacher games there")
        pooled.extend(more)
    checked: list[CheckResult] = []

    def by_play(fit: MLPFit) -> int:
        candidates = {}
        (out / "epochs").mkdir(parents=True, exist_ok=True)
        for epoch, net in enumerate(fit.snapshots[1:], 1):
            candidates[epoch] = str(out / "epochs" / f"leaf-epoch{epoch}.npz")
            net.save(candidates[epoch])
        title = (
            f"check games ({len(candidates)} epochs x {check_games}, {check_seconds:g} s a move)"
        )
        with games_progress(console, title, len(candidates) * check_games) as progress:
            checked.extend(
                check_candidates(
                    candidates,
                    spec.name,
                    players,
                    check_games,
                    check_seconds,
                    seed,
                    kind.check_settings,
                    workers,
                    ray,
                    progress,
                )
            )
        console.print(check_table(checked, fit.kept))
        return best_candidate(checked).epoch

    try:
        result, report = fit_games(
            chosen,
            settings,
            lambda line: console.print(line, highlight=False),
            spec.name,
            players,
            by_play if check_games and epochs else None,
            pooled,
        )
    except (ValueError, RuntimeError, OSError) as exc:
        fail(str(exc))
    if checked:
        report["check"] = {
            "games": check_games,
            "seconds": check_seconds,
            "opponent": "hard",
            "settings": kind.check_settings,
            "epochs": [asdict(result) for result in checked],
        }
    report["settings"] = {
        "game": spec.name,
        "players": players,
        "teacher": teacher,
        "opponent": opponent,
        "games": games,
        "max_games": max_games,
        "pool": [str(path) for path in pool or []],
        **report["settings"],
    }
    out.mkdir(parents=True, exist_ok=True)
    result.net.save(out / "leaf.npz")
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    console.print(figures_table(report))
    written = [out / "leaf.npz", out / "report.json"]
    title = f"{spec.title} {players}p leaf network: {len(chosen)} games of {teacher}"
    strength = [(r.epoch, r.ahead, r.ahead_se) for r in checked]
    if plot_curve(result, out / "curve.svg", title, report["kept_by"], strength):
        written.append(out / "curve.svg")
    else:
        console.print("no curve.svg: it needs matplotlib (the curve is in report.json)")
    console.print(
        "wrote " + ", ".join(str(path) for path in written), highlight=False, soft_wrap=True
    )
    console.print(f"play with it: hard:leafnet={out / 'leaf.npz'}", highlight=False, soft_wrap=True)


def figures_table(report: dict[str, object]) -> Table:
    """The report's figures per model: margin RMS error and winner named, held out and train."""
    table = Table(
        title=f"{report['games']} games, kept epoch {report['kept_epoch']} (by {report['kept_by']})"
    )
    table.add_column("model")
    for part in ("held out", "train"):
        table.add_column(f"{part}: margin RMSE", justify="right")
        table.add_column("winner named", justify="right")
    held, train = report["held out"], report["train"]
    assert isinstance(held, dict) and isinstance(train, dict)
    for model in held:
        cells = []
        for figures in (held[model], train[model]):
            cells += [f"{figures['margin_rmse']:.2f}", f"{figures['winner_named']:.1%}"]
        table.add_row(model, *cells)
    return table


def check_table(results: list[CheckResult], by_validation: int) -> Table:
    """Each checked epoch's games against ``hard``: ahead of a hard seat, first, points over."""
    from stonework.learn.leaf_check import best_candidate

    best = best_candidate(results).epoch
    table = Table(title=f"by play: epoch {best} kept (by validation error: {by_validation})")
    table.add_column("epoch", justify="right")
    table.add_column("games", justify="right")
    table.add_column("ahead of a hard seat", justify="right")
    table.add_column("first", justify="right")
    table.add_column("points over hard", justify="right")
    for r in results:
        mark = " *" if r.epoch == best else ""
        table.add_row(
            f"{r.epoch}{mark}",
            str(r.games),
            f"{r.ahead:.1%} ± {1.96 * r.ahead_se:.1%}",
            f"{r.first:.1%}",
            f"{r.margin:+.1f}",
        )
    return table
