"""Engine speed of this tree against older revisions, in one run, as ratios (Markdown table).

    python benchmarks/compare_revisions.py REV [REV ...] [--rows random:aztec:2,...]
        [--seconds 3] [--rounds 2] [--cpu 1] [--defaults-on REV,...]

The work is done by :mod:`stonework.cli.revisions` (also behind ``stonework bench GAME
--compare REV``): each revision is exported with ``git archive`` into a temporary folder, the
trees run alternately in fresh probe subprocesses pinned with ``taskset``, best of ``rounds``,
in CPU-seconds. Prints one line per row with every tree's figure and the ratio of this tree to
each revision. A row may carry game options (``random:zapotec:2:components=v1``) for every
tree; ``--defaults-on REV`` plays REV with its own defaults instead (a revision older than
the option whose defaults are that game). The name ``pure`` stands for this tree with its compiled engines ignored
(``STONEWORK_PURE=1``): after ``make compile``, ``this tree`` is the compiled build.
"""

from __future__ import annotations

import argparse

from stonework.cli.revisions import THIS_TREE, compare, markdown_line, parse_rows

DEFAULT_ROWS = (
    "random:akropolis:2,random:aztec:2,random:zapotec:2,random:zapotec:4,greedy:zapotec:2,"
    "mcts:akropolis:2,mcts:aztec:2,mcts:zapotec:2"
)


def main() -> None:
    """Parse the arguments, run every row alternately and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "rev", nargs="+", help="older revisions to compare with (pure: this tree from source)"
    )
    parser.add_argument("--rows", default=DEFAULT_ROWS, help="kind:game:players,...")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per run")
    parser.add_argument("--rounds", type=int, default=2, help="runs per revision and row")
    parser.add_argument("--cpu", type=int, default=1, help="CPU to pin to (taskset)")
    parser.add_argument(
        "--defaults-on",
        default="",
        help="revisions that play the rows without their options (their defaults are the game)",
    )
    args = parser.parse_args()
    plain = frozenset(rev.strip() for rev in args.defaults_on.split(",") if rev.strip())
    names = [THIS_TREE, *args.rev]
    print("| " + " | ".join(["row", *names, *(f"ratio vs {r}" for r in args.rev)]) + " |")
    print("|" + " --- |" * (2 * len(names)))
    compare(
        args.rev,
        parse_rows(args.rows),
        args.seconds,
        args.rounds,
        args.cpu,
        on_row=lambda result: print(markdown_line(result), flush=True),
        defaults_on=plain,
    )
    if plain:
        print(f"\n{', '.join(sorted(plain))}: default options (the rows' options not given)")


if __name__ == "__main__":
    main()
