"""Greedy with the Akropolis estimate against greedy with another evaluation (BENCHMARKS.md).

The game has one ``heuristic()``, so the arena cannot seat two evaluations at one table; this
script does: seat ``new`` evaluates with the estimate (``evaluation.lead_values``), with the
growth per tile given by ``--value`` and ``--stars`` (five numbers each, by district type:
house, market, barracks, temple, garden; today's constants if left out). Seat ``old`` uses
the score lead the game had before the estimate (``tanh((total - best rival) / 25)``), or
with ``--baseline estimate`` today's estimate. Each deal is played once with the new seat in each place (``--players``; from three players
the others all play the baseline, and the script prints the new seat's share of first places,
fair share one in the player count, and its margin over the others' mean).

    .venv/bin/python benchmarks/akropolis_evaluation_ab.py --games 200 --seed 2026
    .venv/bin/python benchmarks/akropolis_evaluation_ab.py --baseline estimate \
        --value 0.36,0.41,0.34,0.19,0.21 --stars 0.11,0.21,0.20,0.18,0.23 --games 200
"""

from __future__ import annotations

import argparse
import math
import random

import stonework
from stonework.agents import agent_from_spec
from stonework.arena.stats import wilson
from stonework.core import derive_rng
from stonework.games.akropolis import AkropolisState, evaluation
from stonework.games.akropolis.evaluation import lead_values, leads_over_best_rival

Growth = tuple[tuple[float, ...], tuple[float, ...]]
"""Value and stars per tile left, by district type."""

TODAY: Growth = (evaluation.VALUE_PER_TILE, evaluation.STARS_PER_TILE)


def score_lead(state: AkropolisState) -> list[float]:
    """The evaluation Akropolis had before the estimate: the score lead so far."""
    return leads_over_best_rival([float(score.total) for score in state.scores()])


Overrides = dict[str, float | tuple[float, ...]]
"""Other constants of ``evaluation`` by name (``--set``)."""

DEFAULTS: Overrides = {}
"""The constants ``--set`` and ``--old-set`` change, as the module has them (put back after
every move)."""


def with_growth(growth: Growth, overrides: Overrides | None = None) -> None:
    """Set the estimate's growth per tile and any other of its constants (module constants,
    read at each call)."""
    evaluation.VALUE_PER_TILE, evaluation.STARS_PER_TILE = growth  # type: ignore[misc]
    for name, default in DEFAULTS.items():
        setattr(evaluation, name, (overrides or {}).get(name, default))


def override(text: str) -> tuple[str, float | tuple[float, ...]]:
    """``NAME=V`` or ``NAME=V1,V2,...``: a constant of ``evaluation`` and its new value."""
    from peer_alphazero import parse_constant

    try:
        return parse_constant(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def play(
    deal: int,
    new_seat: int,
    new: Growth,
    old: Growth | None,
    spec: str = "greedy",
    players: int = 2,
    old_spec: str | None = None,
    overrides: tuple[Overrides, Overrides] = ({}, {}),
) -> tuple[float, float]:
    """One game; the new seat's share of first place and its margin over the others' mean.

    ``old`` is the other seats' growth, or None for the plain score lead; ``overrides`` the new
    seat's and the others' other constants of the estimate. At two players the
    share is the result (1, 0.5, 0) and the margin the difference of the totals.
    """
    state = stonework.new_game("akropolis", players=players, seed=deal)
    assert isinstance(state, AkropolisState)
    # One agent a seat: a tree search may keep its tree between its moves.
    agents = [
        agent_from_spec(spec if seat == new_seat or old_spec is None else old_spec)
        for seat in range(players)
    ]
    chance = derive_rng(deal, "chance")
    seats = [derive_rng(deal, "seat", seat) for seat in range(players)]
    original = AkropolisState.heuristic
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply_unchecked(state.sample_chance(chance))
            continue
        seat = state.current_player
        # The class attribute is swapped for this seat's move only; the game itself never
        # reads its heuristic, so the rules are untouched.
        mine = new if seat == new_seat else old
        AkropolisState.heuristic = score_lead if mine is None else lead_values  # type: ignore[method-assign,assignment]
        other = seat != new_seat
        with_growth(TODAY if mine is None else mine, overrides[other])
        try:
            action = agents[seat].act(state.clone(), seats[seat])
        finally:
            AkropolisState.heuristic = original  # type: ignore[method-assign]
            with_growth(TODAY)
        state.apply(action)
    totals = [score.total for score in state.scores()]
    others = [total for seat, total in enumerate(totals) if seat != new_seat]
    if players == 2:
        share = (state.returns()[new_seat] + 1.0) / 2.0
    else:
        best = max(totals)
        share = (totals[new_seat] == best) / totals.count(best)
    return share, totals[new_seat] - sum(others) / len(others)


def by_type(text: str) -> tuple[float, ...]:
    """Five comma-separated numbers, one per district type."""
    try:
        values = tuple(float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers: {text!r}") from None
    if len(values) != len(TODAY[0]):
        raise argparse.ArgumentTypeError(f"need {len(TODAY[0])} numbers, got {len(values)}")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=200, help="games, a multiple of the player count"
    )
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="seats")
    parser.add_argument("--seed", type=int, default=2026, help="first deal's seed")
    parser.add_argument("--value", type=by_type, default=TODAY[0], help="new seat's value/tile")
    parser.add_argument("--stars", type=by_type, default=TODAY[1], help="new seat's stars/tile")
    parser.add_argument(
        "--baseline",
        choices=("score", "estimate"),
        default="score",
        help="the other seat: the plain score lead, or today's estimate",
    )
    parser.add_argument(
        "--old-value",
        type=by_type,
        default=TODAY[0],
        help="with --baseline estimate: its value/tile",
    )
    parser.add_argument(
        "--old-stars",
        type=by_type,
        default=TODAY[1],
        help="with --baseline estimate: its stars/tile",
    )
    parser.add_argument(
        "--set",
        type=override,
        action="append",
        default=[],
        metavar="NAME=V[,V...]",
        help="another of the estimate's constants for the new seat (repeatable)",
    )
    parser.add_argument(
        "--old-set", type=override, action="append", default=[], help="the same for the others"
    )
    parser.add_argument(
        "--agent", default="greedy", help="the agent both seats play (a search's leaves too)"
    )
    parser.add_argument(
        "--old-agent", default=None, help="the baseline seats' agent, if not --agent's"
    )
    args = parser.parse_args()
    new_set, old_set = dict(args.set), dict(args.old_set)
    for name in {*new_set, *old_set}:
        DEFAULTS[name] = getattr(evaluation, name)
    new: Growth = (args.value, args.stars)
    old = (args.old_value, args.old_stars) if args.baseline == "estimate" else None
    rng = random.Random(args.seed)
    wins = margin = squares = 0.0
    for game in range(args.games):
        if game % args.players == 0:
            deal = rng.getrandbits(32)
        result, diff = play(
            deal,
            game % args.players,
            new,
            old,
            args.agent,
            args.players,
            args.old_agent,
            (new_set, old_set),
        )
        wins += result
        margin += diff
        squares += diff * diff
        if (game + 1) % (20 if args.agent == "greedy" else 2) == 0:
            print(f"{game + 1} games: win rate {wins / (game + 1):.3f}", flush=True)
    n = args.games
    low, high = wilson(wins, n)
    spread = math.sqrt(max(0.0, squares / n - (margin / n) ** 2) / (n - 1)) if n > 1 else 0.0
    print(
        f"estimate vs {'baseline estimate' if old else 'score lead'}, {args.players} players, {n} games: first {wins / n:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}), mean margin {margin / n:+.2f} ± {1.96 * spread:.2f}"
    )


if __name__ == "__main__":
    main()
