"""Engine speed of this checkout against older git revisions, in one run, as ratios.

Used by ``stonework bench GAME --compare REV`` and ``benchmarks/compare_revisions.py``. Each
revision's ``src`` is exported with ``git archive`` into a temporary folder (the checkout is
left alone). For every row the trees run alternately, ``rounds`` times each, in fresh
subprocesses of ``speed_probe.py`` (beside this module), pinned to one CPU with ``taskset``
where it exists; each figure is the best of its rounds in CPU-seconds, so load on a shared
machine slows every tree alike. Needs a git checkout of stonework (not an installed wheel).

The revision name :data:`PURE_TREE` (``pure``) is this checkout again, run with
``STONEWORK_PURE=1``: with the compiled engines built (``make compile``), ``this tree`` is the
compiled build and ``pure`` the same sources interpreted, in the same alternation.

A row may name game options after its player count (``random:zapotec:2:components=v1``), read
by each tree's own ``parse_pairs``, so that trees whose defaults differ play the same game.
A revision that cannot read them (older than the option or its value) but whose defaults are
that game can be named in ``defaults_on``: it plays every row with its defaults instead, and
the table says so (the caller vouches that those defaults are the row's game).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import stonework
from stonework.core.compiled import PURE_ENV
from stonework.core.errors import StoneworkError

PROBE = Path(__file__).resolve().parent / "speed_probe.py"
KINDS = ("random", "greedy", "mcts")
"""What the probe measures: random games, greedy-against-greedy games, the default search."""
THIS_TREE = "this tree"
PURE_TREE = "pure"
"""Not a revision: this checkout with its compiled engines ignored (``STONEWORK_PURE=1``)."""


@dataclass
class RowResult:
    """One row measured on every tree: the probe's main figure and the ratios to this tree."""

    row: str
    measure: str
    figures: dict[str, float]
    """Tree name (``this tree`` or a revision) to its best figure."""
    ratios: dict[str, float]
    """Revision to (this tree's figure / that revision's figure)."""

    def to_json(self) -> dict[str, object]:
        """Plain-JSON form (``stonework bench --compare REV --json``)."""
        return {
            "row": self.row,
            "measure": self.measure,
            "figures": self.figures,
            "ratios": self.ratios,
        }


def checkout_root() -> Path:
    """The git checkout this stonework runs from; a clear error when it is not one."""
    root = Path(stonework.__file__).resolve().parents[2]
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-toplevel"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as exc:
        raise StoneworkError(
            f"comparing revisions needs stonework run from a git checkout, not {root}"
        ) from exc
    return Path(out)


def parse_rows(text: str) -> list[str]:
    """``kind:game:players[:key=value...],...`` checked for shape (the games and options are
    checked by the probe, with each tree's own option reader)."""
    rows = [row.strip() for row in text.split(",") if row.strip()]
    if not rows:
        raise StoneworkError("no rows to measure")
    for row in rows:
        parts = row.split(":")
        if (
            len(parts) < 3
            or parts[0] not in KINDS
            or not parts[2].isdigit()
            or not all("=" in pair for pair in parts[3:])
        ):
            raise StoneworkError(
                f"bad row {row!r}: write KIND:GAME:PLAYERS[:KEY=VALUE...], KIND one of "
                f"{', '.join(KINDS)}"
            )
    return rows


def without_options(row: str) -> str:
    """The row with its game options dropped: ``kind:game:players``."""
    return ":".join(row.split(":")[:3])


def export(root: Path, rev: str, into: Path) -> Path:
    """The ``src`` folder of ``rev``, unpacked under ``into``."""
    done = subprocess.run(
        ["git", "-C", str(root), "archive", "--format=tar", rev, "src"],
        capture_output=True,
    )
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise StoneworkError(f"cannot export revision {rev!r}: {message[-1] if message else ''}")
    target = into / f"rev{len(list(into.iterdir()))}"
    target.mkdir(parents=True)
    tar_path = into / f"{target.name}.tar"
    tar_path.write_bytes(done.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(target, filter="data")
    return target / "src"


def probe(
    src: Path, row: str, seconds: float, cpu: int | None, pure: bool = False
) -> dict[str, float]:
    """One run of the probe on the tree at ``src`` (``pure``: sources only): its figures."""
    kind, game, players, *options = row.split(":")
    # -P: the script's folder (this package's cli) must not come first on sys.path, so that
    # PYTHONPATH decides which stonework is measured.
    command = [sys.executable, "-P", str(PROBE), kind, game, players, str(seconds), *options]
    if cpu is not None and shutil.which("taskset"):
        command = ["taskset", "-c", str(cpu), *command]
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    if pure:
        env[PURE_ENV] = "1"
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise StoneworkError(f"the probe failed on {row} at {src}: {lines[-1] if lines else ''}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(
    revs: list[str],
    rows: list[str],
    seconds: float,
    rounds: int,
    cpu: int | None,
    on_row: Callable[[RowResult], None] | None = None,
    defaults_on: frozenset[str] = frozenset(),
) -> list[RowResult]:
    """Measure every row on this checkout and on each revision, alternating, best of rounds.

    The revisions in ``defaults_on`` play each row without its game options (their defaults).
    """
    unknown = defaults_on - set(revs)
    if unknown:
        raise StoneworkError(f"defaults on {', '.join(sorted(unknown))}: not among the revisions")
    root = checkout_root()
    results = []
    with tempfile.TemporaryDirectory(prefix="stonework-compare-") as tmp:
        trees = {THIS_TREE: root / "src"}
        for rev in revs:
            trees[rev] = root / "src" if rev == PURE_TREE else export(root, rev, Path(tmp))
        for row in rows:
            best: dict[str, dict[str, float]] = {}
            for _ in range(rounds):
                for name, src in trees.items():
                    played = without_options(row) if name in defaults_on else row
                    got = probe(src, played, seconds, cpu, pure=name == PURE_TREE)
                    old = best.get(name)
                    if old is None or next(iter(got.values())) > next(iter(old.values())):
                        best[name] = got
            measure = next(iter(best[THIS_TREE]))
            figures = {name: round(best[name][measure], 1) for name in trees}
            ratios = {
                rev: round(best[THIS_TREE][measure] / best[rev][measure], 3)
                if best[rev][measure]
                else float("inf")
                for rev in revs
            }
            result = RowResult(row, measure, figures, ratios)
            results.append(result)
            if on_row is not None:
                on_row(result)
    return results


def markdown_line(result: RowResult) -> str:
    """One row of the Markdown table that ``benchmarks/compare_revisions.py`` prints."""
    figures = [f"{value:,.1f}" for value in result.figures.values()]
    ratios = [f"{ratio:.2f}x" for ratio in result.ratios.values()]
    return f"| {result.row} {result.measure} | " + " | ".join(figures + ratios) + " |"
