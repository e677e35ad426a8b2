"""PettingZoo (and OpenSpiel) random games per CPU-second as a share of the engine's, per tree.

    python benchmarks/interop_ratio.py [REV ...] [--games 20] [--players 2] [--rounds 3]

For this tree and each revision (exported with ``git archive`` as ``bench --compare`` does),
runs this tree's ``stonework/interop/bench.py`` (as a script, on that tree's package) in a
fresh process per game and prints each adapter's games/s and the PettingZoo env's share of
two engine baselines: the engine with checked ``apply`` (every earlier figure's baseline) and
the engine with nothing checked (``apply_unchecked``). The env checks no move it can prove
legal itself (an id its mask lists, an outcome the engine drew), so the truth about what it
costs lies between the two shares. Everything is measured in the same process one runner
after the other, so load on a shared machine affects both sides of each share alike. (A game
with a compact layout is measured at the env's default version, v1.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from stonework.cli.revisions import THIS_TREE, checkout_root, export

GAMES = ("akropolis", "aztec", "zapotec")
DRIVER = Path(__file__).resolve().parent.parent / "src" / "stonework" / "interop" / "bench.py"


def main() -> None:
    """Parse the arguments and print one Markdown row per tree and game."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rev", nargs="*", help="older revisions to measure too")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1, help="the driver's --rounds")
    parser.add_argument("--games-list", default=",".join(GAMES), help="comma-separated games")
    args = parser.parse_args()
    root = checkout_root()
    print(
        "| tree | game | engine games/s | OpenSpiel games/s | PettingZoo games/s "
        "| PettingZoo share | engine unchecked games/s | share of it |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(prefix="stonework-interop-") as tmp:
        trees = {THIS_TREE: root / "src"}
        for rev in args.rev:
            trees[rev] = export(root, rev, Path(tmp))
        for game in args.games_list.split(","):
            for name, src in trees.items():
                # This tree's driver on every tree (-P: the tree on PYTHONPATH is imported).
                command = [sys.executable, "-P", str(DRIVER), game]
                command += ["--players", str(args.players), "--games", str(args.games)]
                command += ["--rounds", str(args.rounds)]
                env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
                out = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
                rates = {}
                for line in out.stdout.splitlines()[1:]:
                    label, _, rest = line.strip().rpartition("  ")
                    rates[label.strip()] = float(rest.split()[0])
                engine = rates["engine (checked apply)"]
                fastest = rates.get("engine (unchecked)", float("nan"))
                spiel = rates["OpenSpiel state"]
                # A game with a compact layout runs the env at v1 (its default) and at v0.
                zoo = rates.get("PettingZoo AEC env", rates.get("PettingZoo AEC env (v1)", 0.0))
                print(
                    f"| {name} | {game} | {engine:,.1f} | {spiel:,.1f} | {zoo:,.1f} "
                    f"| {zoo / engine:.0%} | {fastest:,.1f} | {zoo / fastest:.0%} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
