"""Two-player Akropolis leaf networks judged on the same teacher games.

    python benchmarks/akropolis_leaf_compare.py --journal FILE [--from K] NET.npz [NET.npz...]

Each fit reports its own held-out figures, but on its own held-out games: two networks fitted
to different journals cannot be compared by them. This script replays the journal's games from
the ``K``-th on (a teacher journal of ``stonework leafnet``), takes every seat-position, and
prints, for the hand estimate and for each network, the RMS error of the predicted final margin
(points) and how often it names the winner, asked both ways round as ``hard`` asks a network.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from stonework.games.akropolis.leaf_net import LeafNet  # noqa: E402
from stonework.learn.leaf_fit import dataset, figures, net_margins  # noqa: E402
from stonework.learn.leaf_games import read_journal  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journal", type=Path, required=True, help="teacher games (JSON lines)")
    parser.add_argument("--from", dest="first", type=int, default=0, help="first game judged")
    parser.add_argument("nets", type=Path, nargs="+", help="leaf networks (.npz)")
    args = parser.parse_args(argv)
    try:
        games, _ = read_journal(args.journal)
        nets = [(path, LeafNet.load(path)) for path in args.nets]
    except (OSError, ValueError) as exc:
        raise SystemExit(str(exc)) from None
    games = games[args.first :]
    if not games:
        raise SystemExit(f"{args.journal} has no game from number {args.first} on")
    data = dataset(games)
    truth = data["margin"]
    print(f"{len(games)} games, {len(truth)} seat-positions")
    rows = [("hand estimate", data["hand"])]
    rows += [(str(path), net_margins(net, data["x"], 2)) for path, net in nets]
    for name, predicted in rows:
        got = figures(predicted, truth)
        print(
            f"  {name}: margin RMSE {got['margin_rmse']:.2f} points, "
            f"winner named {got['winner_named']:.1%}"
        )


if __name__ == "__main__":
    main()
