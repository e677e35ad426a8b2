"""Judge the moves of a match against the peer by our own evaluations (issue 20).

``benchmarks/peer_alphazero.py --positions`` keeps our engine's position before every decision of
a game. This script finds the move each side made (the legal action that leads to the next
position's city and stones) and asks how our evaluations rank it among every legal move, one ply
deep: the hand estimate (greedy's and ``hard``'s leaves) and the shipped leaf network
(``expert``'s). If the peer's moves, which win, look poor to an evaluation, that evaluation
misjudges what the peer plays for; the kinds of hexes each side takes, the height it lays
them at, the places each city keeps to build on above quarries (``evaluation.stack_spots``) and
each type's growth per tile left say where. Last, how our final margin looked as the game went,
to the hand estimate and to each ``--net``: an error that stays on one side all game long is a
judge that misreads what one side builds.

    python benchmarks/akropolis_peer_moves.py JOURNAL... [--render DIR] [--net FILE.npz ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

from stonework.agents.leaf_values import load_leaf_value
from stonework.agents.shipped_leaf import shipped_leaf_path
from stonework.core.rng import Rng
from stonework.core.state import CHANCE
from stonework.games.akropolis.city import column_height
from stonework.games.akropolis.evaluation import estimate, stack_spots, tiles_left
from stonework.games.akropolis.position import read
from stonework.games.akropolis.state import AkropolisState
from stonework.games.akropolis.tiles import DISTRICT_TYPES, KIND_NAME, TILE_KINDS


def _after(state: AkropolisState, action: Any) -> AkropolisState:
    child = state.clone()
    child.apply_unchecked(action)
    return child


def _same_move(child: AkropolisState, nxt: AkropolisState, seat: int) -> bool:
    return (
        child.cities[seat].columns == nxt.cities[seat].columns
        and child.stones[seat] == nxt.stones[seat]
    )


def _margin_hand(state: AkropolisState, seat: int) -> float:
    others = [estimate(state, s) for s in range(state.num_players) if s != seat]
    return estimate(state, seat) - max(others)


def _resolve(state: AkropolisState, rng: Rng) -> AkropolisState:
    # The judges are defined on decision states: a reveal right after a move is sampled once,
    # the same for every move compared (same seed), as the search's one-ply order does.
    while state.current_player == CHANCE:
        state.apply_unchecked(state.sample_chance(rng))
    return state


def growth_sums(record: dict[str, Any], stats: dict[str, Any]) -> None:
    """Add a game's value and stars gained by type per tile left (as
    ``akropolis_type_growth.py`` measures them) to each side's sums."""
    positions = [read(p) for p in record["positions"]]
    our_seat = record["game"] % record["players"]
    final = positions[-1]
    for state in positions[:-1]:
        left = tiles_left(state)
        if left <= 0:
            continue
        for seat in range(state.num_players):
            s = stats["ours" if seat == our_seat else "peer"]
            threes, twos = stack_spots(state, seat)
            s["positions"] += 1
            s["places on 3 quarries"] += threes
            s["places on 2 quarries"] += twos
            s["growth weight"] += left
            now = state.city_score(seat).lines
            end = final.city_score(seat).lines
            for kind, name in enumerate(DISTRICT_TYPES):
                s[f"value/{name}"] += end[kind].value - now[kind].value
                s[f"stars/{name}"] += end[kind].stars - now[kind].stars


def sheet_sums(record: dict[str, Any], stats: dict[str, Any]) -> None:
    """Add each side's final points by district type and stones, and the types it scored
    nothing in (the peer gives up whole types: at two players temples in half its games)."""
    tally = record["tally"]
    for side, key in (("ours", "our_sheets"), ("peer", "peer_sheets")):
        s = stats[side]
        for sheet in tally[key]:
            s["sheets"] += 1
            for name, points in zip((*DISTRICT_TYPES, "stones"), sheet, strict=True):
                s[f"points/{name}"] += points
                if name != "stones":
                    s[f"none/{name}"] += points == 0


PHASE: int = 3
"""Tiles left (each seat's) per row of the margin errors."""


def margin_errors(
    record: dict[str, Any], judges: dict[str, Any], sums: dict[str, dict[int, list[float]]]
) -> None:
    """Add, by tiles left, each judge's error of our final margin over the best peer seat: how
    the hand estimate (``hand``) and each network saw our game as it went. A judge that errs
    the same way all game long misjudges what one side builds; one whose error is the final
    margin itself early on only cannot tell yet."""
    positions = [read(p) for p in record["positions"]]
    ours = record["game"] % record["players"]
    final = positions[-1]
    if not final.is_terminal:
        return
    scores = [s.total for s in final.scores()]
    margin = scores[ours] - max(s for i, s in enumerate(scores) if i != ours)
    for state in positions[:-1]:
        if state.is_terminal:
            continue
        phase = int(tiles_left(state)) // PHASE
        for name, judge in judges.items():
            guess = _margin_hand(state, ours) if judge is None else judge.margins(state)[ours]
            sums.setdefault(name, {}).setdefault(phase, []).append(guess - margin)


def judge_game(record: dict[str, Any], net: Any, stats: dict[str, Any]) -> None:
    positions = [read(p) for p in record["positions"]]
    our_seat = record["game"] % record["players"]
    for before, nxt in pairwise(positions):
        seat = before.current_player
        side = "ours" if seat == our_seat else "peer"
        legal = before.legal_actions()
        children = {a: _after(before, a) for a in legal}
        taken = [a for a, c in children.items() if _same_move(c, nxt, seat)]
        if len(taken) != 1:
            stats[side]["unmatched"] += 1
            continue
        move = taken[0]
        hand: dict[Any, float] = {}
        learned: dict[Any, float] = {}
        for a, child in children.items():
            child = _resolve(child, Rng(7))
            if child.is_terminal:
                scores = [s.total for s in child.scores()]
                m = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
                hand[a] = learned[a] = float(m)
                continue
            hand[a] = _margin_hand(child, seat)
            learned[a] = net.margins(child)[seat]
        s = stats[side]
        s["decisions"] += 1
        for name, values in (("hand", hand), ("net", learned)):
            best = max(values.values())
            s[f"{name} gap"] += best - values[move]
            s[f"{name} rank"] += sum(1 for v in values.values() if v > values[move])
            s[f"{name} top"] += values[move] >= best
        tile = before.site[move.position - 1]
        s["site position"] += move.position
        for kind in TILE_KINDS[tile]:
            s[f"took {KIND_NAME[kind]}"] += 1
        after = children[move]
        laid = _laid_cells(before, after, seat)
        heights = [column_height(after.cities[seat].columns[c]) for c in laid]
        s["laid height"] += sum(heights) / max(1, len(heights))


def _laid_cells(before: AkropolisState, after: AkropolisState, seat: int) -> list[int]:
    old = before.cities[seat].columns
    new = after.cities[seat].columns
    return [c for c in after.cities[seat].cells if new[c] != old[c]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("journals", nargs="+", type=Path)
    parser.add_argument("--render", type=Path, help="write each game's final cities as SVG here")
    parser.add_argument("--growth-only", action="store_true", help="only the growth by type (fast)")
    parser.add_argument(
        "--net",
        action="append",
        default=[],
        type=Path,
        help="a leaf network whose error of our final margin is shown beside the hand estimate's",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=V[,V...]",
        help="judge with another value of a constant of the estimate (pure build only)",
    )
    args = parser.parse_args(argv)
    if args.set:
        from peer_alphazero import set_constant

        for text in args.set:
            set_constant(text)
    net = None
    stats: dict[str, Any] = {"ours": defaultdict(float), "peer": defaultdict(float)}
    judges: dict[str, Any] = {"hand": None}
    try:
        judges.update((path.name, load_leaf_value(path)) for path in args.net)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    errors: dict[str, dict[int, list[float]]] = {}
    games = 0
    for path in args.journals:
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if "positions" not in record:
                continue
            if net is None:
                players = record["players"]
                net = load_leaf_value(shipped_leaf_path("akropolis", players) or "")
            growth_sums(record, stats)
            margin_errors(record, judges, errors)
            sheet_sums(record, stats)
            if not args.growth_only:
                judge_game(record, net, stats)
            games += 1
            if args.render is not None:
                from stonework.games.akropolis.render_svg import render

                args.render.mkdir(parents=True, exist_ok=True)
                final = read(record["positions"][-1])
                name = f"{path.stem}-game{record['game']}.svg"
                (args.render / name).write_text(render(final))
            print(f"{path.name} game {record['game']}", file=sys.stderr)
    print(f"{games} games")
    for side in ("ours", "peer"):
        s = stats[side]
        n = max(1.0, s["decisions"])
        print(f"{side}: {s['decisions']:.0f} decisions judged ({s['unmatched']:.0f} unmatched)")
        judged = ("hand gap", "hand rank", "hand top", "net gap", "net rank", "net top")
        for key in (*judged, "site position", "laid height") if s["decisions"] else ():
            print(f"  {key}: {s[key] / n:.3f}")
        p = max(1.0, s["positions"])
        for key in ("places on 3 quarries", "places on 2 quarries"):
            print(f"  {key} (a position): {s[key] / p:.2f}")
        w = max(1.0, s["growth weight"])
        for what in ("value", "stars"):
            per = ",".join(f"{s[f'{what}/{name}'] / w:.2f}" for name in DISTRICT_TYPES)
            print(f"  {what} per tile left by type (house..garden): {per}")
        g = max(1.0, s["sheets"])
        points = ", ".join(f"{s[f'points/{name}'] / g:.1f}" for name in (*DISTRICT_TYPES, "stones"))
        nothing = ", ".join(f"{s[f'none/{name}'] / g:.0%}" for name in DISTRICT_TYPES)
        print(f"  final points by type (house..garden, stones): {points}")
        print(f"  games scoring nothing by type (house..garden): {nothing}")
        took = {k: v / n for k, v in s.items() if k.startswith("took")}
        if took:
            print(
                "  hexes a tile: " + ", ".join(f"{k[5:]} {v:.2f}" for k, v in sorted(took.items()))
            )
    print("our final margin as each judge saw it coming: error's mean and RMS by tiles left")
    for name, phases in errors.items():
        row = []
        for phase in sorted(phases):
            e = phases[phase]
            rms = (sum(x * x for x in e) / len(e)) ** 0.5
            low = phase * PHASE
            row.append(f"{low}-{low + PHASE - 1}: {sum(e) / len(e):+.1f} / {rms:.1f}")
        print(f"  {name}: " + ", ".join(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
