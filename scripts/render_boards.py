"""Write SVG and PNG drawings of a mid-game board of each game, to look at them as a person does.

    .venv/bin/python scripts/render_boards.py [--out build/boards] [--seed 3]

Each game is played with seeded random moves to about its middle and drawn for the seat to move
(the view the browser shows that seat). PNGs need ``resvg-py`` (the ``rl`` extra); without it
only the SVGs are written. The files are for looking at, not committed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import stonework
from stonework.agents import GreedyAgent
from stonework.core import derive_rng
from stonework.core.state import State

# (game, players, decisions to play before drawing): about half of each game.
BOARDS = (
    ("akropolis", 2, 16),
    ("akropolis", 4, 24),
    ("aztec", 2, 11),
    ("aztec", 3, 12),
    ("zapotec", 2, 45),
    ("zapotec", 4, 75),
)


def midgame(game: str, players: int, decisions: int, seed: int) -> State:
    """A game played by the greedy player until ``decisions`` decisions are made (chance drawn).

    Greedy rather than random moves, so the boards look like games people play (random Zapotec
    players hardly ever raise a pyramid).
    """
    state = stonework.new_game(game, players=players, seed=seed)
    rng = derive_rng(seed, "render-boards", game, players)
    agent = GreedyAgent()
    made = 0
    while not state.is_terminal and (made < decisions or state.current_player < 0):
        if state.current_player < 0:
            state.apply(state.random_action(rng))
            continue
        made += 1
        state.apply(agent.act(state, rng))
    return state


def main() -> None:
    """Write the drawings and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/boards"))
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        import resvg_py
    except ImportError:
        resvg_py = None
    for game, players, decisions in BOARDS:
        state = midgame(game, players, decisions, args.seed)
        seat = state.current_player if state.current_player >= 0 else None
        svg = state.to_svg(seat)
        path = args.out / f"{game}-{players}p.svg"
        path.write_text(svg, encoding="utf-8")
        print(path)
        if resvg_py is not None:
            png = bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=2))
            path.with_suffix(".png").write_bytes(png)
            print(path.with_suffix(".png"))


if __name__ == "__main__":
    main()
