"""Engine speed of this tree against an older revision, in one run, as ratios.

    python benchmarks/compare_revisions.py REV [--rev REV2 ...] [--rows random:aztec:2,...]
        [--seconds 3] [--rounds 2] [--cpu 1]

Each revision is exported with ``git archive`` into a temporary folder (the worktree is left
alone). For every row the revisions run alternately (``rounds`` times each) in fresh
subprocesses of ``benchmarks/speed_probe.py``, pinned to one CPU with ``taskset`` when it is
available; each figure is the best of its rounds, in CPU-seconds, so load on a shared machine
slows both sides alike. Prints one line per row with every revision's figure and the ratio
of this tree to each.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).resolve().parent / "speed_probe.py"
DEFAULT_ROWS = (
    "random:akropolis:2,random:aztec:2,random:zapotec:2,random:zapotec:4,greedy:zapotec:2,"
    "mcts:akropolis:2,mcts:aztec:2,mcts:zapotec:2"
)


def export(rev: str, into: Path) -> Path:
    """The ``src`` folder of ``rev``, unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
        check=True,
        capture_output=True,
    ).stdout
    target = into / rev.replace("/", "_")
    target.mkdir(parents=True)
    tar_path = into / f"{target.name}.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(target, filter="data")
    return target / "src"


def probe(src: Path, row: str, seconds: float, cpu: int | None) -> dict[str, float]:
    """One run of the probe on the tree at ``src``."""
    kind, game, players = row.split(":")
    command = [sys.executable, str(PROBE), kind, game, players, str(seconds)]
    if cpu is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(cpu), *command]
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    """Parse the arguments, run every row alternately and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="+", help="older revisions to compare with")
    parser.add_argument("--rows", default=DEFAULT_ROWS, help="kind:game:players,...")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per run")
    parser.add_argument("--rounds", type=int, default=2, help="runs per revision and row")
    parser.add_argument("--cpu", type=int, default=1, help="CPU to pin to (taskset)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stonework-compare-") as tmp:
        trees = {"this tree": ROOT / "src"}
        for rev in args.rev:
            trees[rev] = export(rev, Path(tmp))
        names = list(trees)
        header = " | ".join(["row", *names, *(f"ratio vs {r}" for r in args.rev)])
        print(f"| {header} |")
        print("|" + " --- |" * (1 + 2 * len(names) - 1))
        for row in args.rows.split(","):
            best: dict[str, dict[str, float]] = {}
            for _ in range(args.rounds):
                for name in names:
                    got = probe(trees[name], row, args.seconds, args.cpu)
                    old = best.get(name)
                    if old is None or next(iter(got.values())) > next(iter(old.values())):
                        best[name] = got
            key = next(iter(best[names[0]]))
            figures = [f"{best[n][key]:,.1f}" for n in names]
            ratios = [f"{best[names[0]][key] / best[r][key]:.2f}x" for r in args.rev]
            print(f"| {row} {key} | " + " | ".join(figures + ratios) + " |", flush=True)


if __name__ == "__main__":
    main()
