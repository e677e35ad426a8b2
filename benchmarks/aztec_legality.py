"""Microseconds per position of Aztec's two legality forms, in one process, alternating.

    python benchmarks/aztec_legality.py [--games 20] [--rounds 5] [--option stability=cell_below]

Plays ``--games`` seeded random games (default options unless given), keeps every position,
then times on all of them, round after round: ``rules.legal_anchors`` with the id list built
from its masks (the pure build's path), ``legal_words.legal_ids`` (the compiled build's, when
``make compile`` has run; from source otherwise) and ``legal_words.position_words`` alone.
Prints the best round of each in CPU microseconds per position, and checks the two forms give
the same ids on every position.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from stonework.games.aztec import legal_words, rules
from stonework.games.aztec.actions import PLACEMENT_CELLS
from stonework.games.aztec.geometry import START


def rules_ids(occupied: int, stability: str, slide: bool, two_cubes: bool) -> list[int]:
    """The ids of ``rules.legal_anchors``, as the pure state builds them."""
    return rules.anchor_ids(rules.legal_anchors(occupied, stability, slide, two_cubes))


def main() -> None:
    """Parse the arguments, collect the positions, print one line per form."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    stability = options.get("stability", "structure")
    slide = options.get("insertion", "free") == "slide"
    two_cubes = options.get("contact", "faces") == "cubes"
    rng = random.Random(2)
    positions = []
    for _ in range(args.games):
        occupied = 1 << START
        while True:
            positions.append(occupied)
            ids = rules_ids(occupied, stability, slide, two_cubes)
            if ids != legal_words.legal_ids(occupied, stability, slide, two_cubes):
                raise SystemExit(f"the two forms differ on {occupied:#x}")
            if not ids:
                break
            cells = PLACEMENT_CELLS[rng.choice(ids)]
            assert cells is not None
            occupied |= cells
    forms: dict[str, Callable[[int], object]] = {
        "rules.legal_anchors + ids": lambda o: rules_ids(o, stability, slide, two_cubes),
        "legal_words.legal_ids": lambda o: legal_words.legal_ids(o, stability, slide, two_cubes),
        "legal_words.position_words": lambda o: legal_words.position_words(o, stability, slide),
    }
    best = dict.fromkeys(forms, float("inf"))
    for _ in range(args.rounds):
        for name, form in forms.items():
            start = time.process_time()
            for occupied in positions:
                form(occupied)
            best[name] = min(best[name], (time.process_time() - start) / len(positions))
    build = "compiled" if legal_words.COMPILED else "from source"
    print(f"{len(positions)} positions, legal_words {build}")
    for name, seconds in best.items():
        print(f"{name}: {seconds * 1e6:.1f} µs per position")


if __name__ == "__main__":
    main()
