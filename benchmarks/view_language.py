"""What the engine's words in French, the turned drawing and Zapotec's effects cost a view.

Usage: python benchmarks/view_language.py [--positions N]

For positions of seeded random games of each game (2 players), times side by side, in one run:
the English drawing (``to_svg``), the same drawing translated to French (``language.drawing``),
the legal actions as the view sent them before (notation, id, targets) and as it sends them now
(with the description and, for Zapotec, the effects). Prints milliseconds per position and the
ratios, which are what to compare on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from stonework.core.registry import get_game
from stonework.core.rng import Rng
from stonework.core.state import State
from stonework.server import language


def positions(game: str, count: int) -> list[State]:
    spec = get_game(game)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = spec.new_state(2, dict(spec.options.resolve(game, {})))
        rng = random.Random(seed)
        for step in range(10_000):
            if state.is_terminal:
                break
            if state.current_player < 0:
                state.apply_unchecked(state.random_action(Rng(seed * 10_000 + step)))
                continue
            if step % 7 == 0 and len(out) < count:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        seed += 1
    return out


def per_position(states: list[State], work: Callable[[State], object]) -> float:
    start = time.perf_counter()
    for state in states:
        work(state)
    return (time.perf_counter() - start) * 1000 / len(states)


def old_legal(state: State) -> list[dict[str, object]]:
    return [
        {
            "id": state.action_id(a),
            "notation": str(a),
            "label": str(a),
            "targets": list(state.action_targets(a)),
        }
        for a in state.legal_actions()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    args = parser.parse_args()
    print(
        "| game | svg en ms | svg fr ms | fr/en | legal before ms | legal now en ms | now/before | legal fr ms |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in ("akropolis", "aztec", "zapotec"):
        states = positions(game, args.positions)
        # A first pass fills the catalogue's cache as a running server's would be after a while.
        per_position(states, lambda s: language.drawing(s, s.current_player, 0, "fr"))
        svg_en = per_position(states, lambda s: s.to_svg(s.current_player))
        svg_fr = per_position(states, lambda s: language.drawing(s, s.current_player, 0, "fr"))
        before = per_position(states, old_legal)
        now_en = per_position(states, lambda s: language.legal_json(s, "en"))
        now_fr = per_position(states, lambda s: language.legal_json(s, "fr"))
        print(
            f"| {game} | {svg_en:.2f} | {svg_fr:.2f} | {svg_fr / svg_en:.2f} | {before:.2f} "
            f"| {now_en:.2f} | {now_en / before:.2f} | {now_fr:.2f} |"
        )


if __name__ == "__main__":
    main()
