"""A learned leaf value for 2-player Akropolis: teacher games, then a small MLP fitted to them.

    python benchmarks/akropolis_leaf_net.py play --journal FILE --games G [--seed N]
        [--teacher mcts:100]
    python benchmarks/akropolis_leaf_net.py fit --journal FILE [FILE...] --out NET.npz
        [--hidden 64,32] [--epochs E] [--seed N] [--residual] [--decay D] [--lr L]
        [--max-games K]

``play`` plays ``--games`` games of the teacher against itself (game ``g`` seeded from ``N + g``,
the chance draws and the agents on separate streams) and appends each finished game to the
journal as one JSON line: its seed, every action after the opening reveals as text, and each
seat's final total. A stopped run continues where it stopped (the journal's games are skipped).

``fit`` replays the journals' games; at every decision it takes each seat's features
(``games.akropolis.leaf_net.net_features``) and the seat's final margin over its rival. The last
20% of the games (by journal order) are held out; of the rest, the last eighth (games 70-80%)
only choose the epoch kept. It fits the MLP (numpy, Adam, mean squared error on the margin;
``--residual``: on what the hand estimate's margin misses) and prints, on the held-out positions, the RMS error of the margin
predicted by three models, all in points: the hand-made estimate that ``hard`` judges its leaves
by at two players (``evaluation.estimate``), the linear model of ``leaf_estimate`` refitted to
the same training games by least squares, and the MLP; plus how often each names the winner.

The work is done by ``stonework.learn.leaf_games`` and ``stonework.learn.leaf_fit``, which
``stonework leafnet akropolis`` runs too (over worker processes or Ray, with a progress bar, a
report and a learning curve): this script stays for the commands already written down.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from stonework.games.akropolis.leaf_net import LeafNet  # noqa: E402
from stonework.learn import leaf_fit  # noqa: E402
from stonework.learn.leaf_fit import FitSettings, dataset, fit_games  # noqa: E402
from stonework.learn.leaf_games import (  # noqa: E402
    FIRST_SEED,
    game_from_line,
    play_games,
    play_one,
    read_journal,
    replay,
)

__all__ = ["dataset", "fit_mlp", "main", "play_one", "replay"]


def fit_mlp(
    x: np.ndarray,
    y: np.ndarray,
    hidden: tuple[int, ...],
    epochs: int,
    seed: int,
    lr: float = 1e-3,
    decay: float = 1e-4,
    batch: int = 256,
    log: bool = True,
    residual: bool = False,
    valid: tuple[np.ndarray, np.ndarray] | None = None,
) -> LeafNet:
    """:func:`stonework.learn.leaf_fit.fit_mlp`'s network, its epochs printed with ``log``."""
    return leaf_fit.fit_mlp(
        x,
        y,
        hidden,
        epochs,
        seed,
        lr=lr,
        decay=decay,
        batch=batch,
        residual=residual,
        valid=valid,
        say=(lambda line: print("  " + line, flush=True)) if log else None,
    ).net


def cmd_play(args: argparse.Namespace) -> None:
    first = min(len(read_journal(args.journal)[0]), args.games)
    start = time.time()

    def progress(done: int, total: int) -> None:
        played = done - first
        if played % 10 == 0 or done == total:
            rate = played / (time.time() - start) * 3600
            print(f"{done}/{total} games, {rate:.0f} games/h", flush=True)

    # The command's seeds count from FIRST_SEED; this script's --seed is the first game's own.
    play_games(
        args.journal, args.teacher, args.games, args.seed - FIRST_SEED, True, progress=progress
    )


def report(name: str, figures: dict[str, float]) -> str:
    return (
        f"{name:30s} margin RMSE {figures['margin_rmse']:6.2f} points, "
        f"winner named {figures['winner_named']:.1%}"
    )


def cmd_fit(args: argparse.Namespace) -> None:
    games: list[dict[str, Any]] = [
        game_from_line(json.loads(line), f"{path} line {n}")
        for path in args.journal
        for n, line in enumerate(path.read_text().splitlines(), 1)
    ]
    if args.max_games:
        games = games[: args.max_games]
    settings = FitSettings(
        tuple(int(h) for h in args.hidden.split(",")),
        args.epochs,
        args.seed,
        args.lr,
        args.decay,
        args.residual,
    )
    try:
        result, figures = fit_games(games, settings, lambda line: print("  " + line, flush=True))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    names = {
        "hand estimate": "hand estimate (hard's leaves)",
        "linear refit": "linear leaf_estimate, refit",
        "MLP": "MLP",
    }
    print(f"kept epoch {result.kept}")
    for part in ("held out", "train"):
        print(part + ":")
        for model, label in names.items():
            print("  " + report(label, figures[part][model]))
    if args.out is not None:
        result.net.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="teacher games into a journal (resumed)")
    play.add_argument("--journal", type=Path, required=True)
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--seed", type=int, default=30_000)
    play.add_argument("--teacher", default="mcts:100")
    fit = sub.add_parser("fit", help="fit the MLP and compare it on held-out games")
    fit.add_argument("--journal", type=Path, nargs="+", required=True)
    fit.add_argument("--out", type=Path)
    fit.add_argument("--hidden", default="64,32")
    fit.add_argument("--epochs", type=int, default=30)
    fit.add_argument("--seed", type=int, default=0)
    fit.add_argument("--max-games", type=int, default=0)
    fit.add_argument("--lr", type=float, default=1e-3)
    fit.add_argument("--decay", type=float, default=1e-4)
    fit.add_argument("--residual", action="store_true", help="learn the hand estimate's error")
    args = parser.parse_args(argv)
    if args.command == "play":
        cmd_play(args)
    else:
        cmd_fit(args)


if __name__ == "__main__":
    main()
