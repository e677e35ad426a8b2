"""A game's array writer against a revision's, in one process: PettingZoo games per CPU-second.

    python benchmarks/interop_writer_ab.py GAME REV [--players 2] [--games 5] [--rounds 20]

Loads ``REV``'s ``games/GAME/observe_array.py`` (from ``git show``) as a module against the
package on ``PYTHONPATH``, so the two writers drive the same engine and env, and only the
writer differs; it must import nothing this tree lacks. The runners (the bare engine, the env
with REV's writer, the env with this tree's) take turns, a few games each, ``--rounds`` times,
and each keeps its best round: on a shared machine a burst of load then hits one round, not
one runner. Prints each runner's games/s and share of the engine's, and the writers' ratio.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stonework.core import get_game
from stonework.interop import bench
from stonework.interop.pettingzoo import env


def load_writer_module(game: str, rev: str, into: Path) -> object:
    """REV's ``observe_array`` of ``game`` as a module named ``rev_observe_array``."""
    path = f"src/stonework/games/{game}/observe_array.py"
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(
        ["git", "-C", str(root), "show", f"{rev}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    file = into / "rev_observe_array.py"
    file.write_text(text)
    spec = importlib.util.spec_from_file_location("rev_observe_array", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Print the three runners' best rounds."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("rev")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    spec = get_game(args.game)
    with tempfile.TemporaryDirectory(prefix="stonework-writer-") as tmp:
        module = load_writer_module(args.game, args.rev, Path(tmp))
        old = env(spec, players=args.players)
        old.arrays.writer = module.make_writer()  # type: ignore[attr-defined]
        new = env(spec, players=args.players)
        runners = {
            "engine": bench._engine_games(spec, args.players),
            f"env, {args.rev}'s writer": lambda games: bench._pettingzoo_play(old, games),
            "env, this tree's writer": lambda games: bench._pettingzoo_play(new, games),
        }
        for play in runners.values():
            play(2)
        best = dict.fromkeys(runners, 0.0)
        for _ in range(args.rounds):
            for label, play in runners.items():
                start = time.process_time()
                play(args.games)
                best[label] = max(best[label], args.games / (time.process_time() - start))
    engine = best["engine"]
    print(f"| {args.game}, {args.players} players | games/s | share |")
    print("| --- | --- | --- |")
    for label, rate in best.items():
        print(f"| {label} | {rate:,.1f} | {rate / engine:.0%} |")
    ratio = best["env, this tree's writer"] / best[f"env, {args.rev}'s writer"]
    print(f"\nthis tree's writer / {args.rev}'s: {ratio:.2f}x")


if __name__ == "__main__":
    main()
