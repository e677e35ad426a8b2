"""Stonework's agent against the pretrained AlphaZero of ``cestpasphoto/alpha-zero-general``.

    python benchmarks/peer_alphazero.py --peer PATH --players N --games G [--agent SPEC]
        [--peer-python PY] [--sims S] [--seed K] [--numba-cache DIR] [--window-aware]
        [--journal F [--resume]]

``PATH`` is a checkout of that public repository kept outside this repo (its root modules and
``akropolis/`` are enough; its code and weights never enter ours). ``--peer-python`` is a Python
with torch, numba and numpy (default ``PATH/../.venv/bin/python``). This script runs in
stonework's environment and starts the peer's side as a second process in the peer's
environment; the two talk in JSON lines over pipes, so neither environment needs the other.

The peer's engine is the table: it draws the tiles (seeded per game) and its scores decide the
game. Stonework's engine follows it move for move: every tile the peer turns up is revealed in
ours, every move of either side is translated and played in both, and after each move the two
construction sites and stone counts must agree. The peer's city is a 13×13 window of an odd-r
offset grid; ours is far larger, so a move of ours that leaves the peer's window cannot be
played: then the agent's next choice is played (the most visited other root child of a tree
search, else the best in-window move by one-ply evaluation) and the script counts how often
that happened. Seats rotate: in game ``g`` our agent sits at seat ``g % N``, the peer's network
plays every other seat. Printed: our wins with a 95% Wilson interval, mean scores, seconds per
move of both sides (wall clock; the machine may be shared), and the window count; Ctrl-C stops
after the games finished so far and prints their table. With ``--window-aware`` our search
sees only moves inside the peer's window (it plans on the peer's board instead of having its
choice overruled). ``--journal`` keeps every finished game (one JSON line each), with each
side's points by score line, and ``--resume`` goes on after them, reporting all of them.

The rules options of our side follow the peer's scoring: the largest house group counts by
value (heights) and a barracks scores only next to ground open to the outside.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from stonework.arena.stats import mean_interval, wilson  # noqa: E402
from stonework.core.compiled import build_state  # noqa: E402
from stonework.core.state import CHANCE  # noqa: E402
from stonework.games.akropolis.actions import Place, Reveal  # noqa: E402
from stonework.games.akropolis.hexgrid import (  # noqa: E402
    CELL_AT,
    COORDS,
    PLACEMENT_CELLS,
    PLACEMENT_TRIANGLE,
    PLACEMENTS_OF_TRIANGLE,
    TRIANGLE_CELLS,
    placement,
)
from stonework.games.akropolis.tiles import TILE_KINDS, tiles_in_play  # noqa: E402

# --- the peer's encodings, from the facts of its layout (checked against the peer at start) ---

PEER_SIZE = 13
"""The peer's city: a PEER_SIZE × PEER_SIZE odd-r offset grid (pointy-top rows)."""
PEER_START = (6, 6)
"""(row, column) of the peer's starting plaza."""
PEER_PATTERNS = PEER_SIZE * PEER_SIZE * 6
"""Placements per site slot in the peer's action space: centre cell × 6 orientations."""
# The peer's orientation o puts the tile's first hex at centre + DIR[o], its middle hex on the
# centre and its last hex at centre + DIR[o + 1]; DIR runs SW, SE, E, NE, NW, W. In axial
# coordinates (x = column - (row - row%2) / 2, z = row) those steps are:
_PEER_AXIAL_DIRS = ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0))
PEER_OPTIONS: dict[str, Any] = {"house_group": "value", "barracks_edge": "outside_only"}
"""Our rules options that score as the peer's engine does."""


def _peer_axial(index: int) -> tuple[int, int]:
    row, col = divmod(index, PEER_SIZE)
    return col - (row - (row & 1)) // 2, row


def _peer_index(x: int, z: int) -> int:
    col = x + (z - (z & 1)) // 2
    if 0 <= z < PEER_SIZE and 0 <= col < PEER_SIZE:
        return z * PEER_SIZE + col
    return -1


_START_X, _START_Z = _peer_axial(PEER_START[0] * PEER_SIZE + PEER_START[1])


def peer_to_cell(index: int) -> int:
    """Our cell for a cell of the peer's grid.

    Both grids share axial coordinates once the starting plazas coincide: the peer's starting
    quarries (SW, E and NW in its pointy-top drawing) land on ours (S-W, S-E and N here), and a
    tile keeps its turning sense (checked by :func:`peer_tile_to_ours` over every tile).
    """
    x, z = _peer_axial(index)
    return CELL_AT[(x - _START_X, z - _START_Z)]


def cell_to_peer(cell: int) -> int:
    """The peer's cell for one of ours, or -1 outside its window."""
    q, r = COORDS[cell]
    return _peer_index(q + _START_X, r + _START_Z)


def peer_pattern_cells(pattern: int) -> tuple[int, int, int] | None:
    """The peer cells (first, middle, last hex) of a pattern, or None off its grid."""
    centre, orient = divmod(pattern, 6)
    x, z = _peer_axial(centre)
    out = []
    for step in (orient, None, (orient + 1) % 6):
        dx, dz = (0, 0) if step is None else _PEER_AXIAL_DIRS[step]
        index = _peer_index(x + dx, z + dz)
        if index < 0:
            return None
        out.append(index)
    return out[0], out[1], out[2]


def _laid(kinds: tuple[int, int, int], cells: tuple[int, int, int]) -> dict[int, int]:
    return dict(zip(cells, kinds, strict=True))


def peer_tile_to_ours(peer_tiles: dict[int, tuple[int, int, int]], players: int) -> dict[int, int]:
    """Map each peer tile id in play (its kinds first, middle, last) to one of our tiles.

    Tiles are matched by how they lie: the peer's tile laid on some pattern must cover the same
    cells with the same kinds as ours laid on one placement of that triangle. Equal tiles (there
    are several ``Hqq``) are paired in order, so the map is one to one. Kind codes are the same
    in both engines (1 quarry, 2-6 districts, 7-11 plazas in house, market, barracks, temple,
    garden order). Raises ValueError if a tile has no partner.
    """
    probe = next(p for p in range(PEER_PATTERNS) if peer_pattern_cells(p) is not None)
    peer_cells = peer_pattern_cells(probe)
    assert peer_cells is not None
    cells = tuple(peer_to_cell(c) for c in peer_cells)
    triangle = PLACEMENT_TRIANGLE[_our_placement_on(cells)]
    free = list(tiles_in_play(players, long_game=False))
    mapping: dict[int, int] = {}
    for peer_id, kinds in peer_tiles.items():
        target = _laid(kinds, (cells[0], cells[1], cells[2]))
        match = None
        for ours in free:
            for laid in PLACEMENTS_OF_TRIANGLE[triangle]:
                covered = PLACEMENT_CELLS[laid]
                assert covered is not None
                if _laid(TILE_KINDS[ours], covered) == target:
                    match = ours
                    break
            if match is not None:
                break
        if match is None:
            raise ValueError(f"peer tile {peer_id} {kinds} has no partner among our tiles")
        free.remove(match)
        mapping[peer_id] = match
    return mapping


def _our_placement_on(cells: tuple[int, ...]) -> int:
    """Any placement of ours covering exactly ``cells``."""
    for rotation in range(6):
        laid = placement(cells[0], rotation)
        covered = PLACEMENT_CELLS[laid]
        if covered is not None and set(covered) == set(cells):
            return laid
    raise ValueError(f"cells {cells} are not a triangle")


def peer_action_to_ours(action: int, peer_kinds: tuple[int, int, int], our_tile: int) -> Place:
    """Our Place for a peer action laying a tile of kinds ``peer_kinds`` (our tile ``our_tile``)."""
    slot, pattern = divmod(action, PEER_PATTERNS)
    peer_cells = peer_pattern_cells(pattern)
    if peer_cells is None:
        raise ValueError(f"peer action {action} leaves the peer's grid")
    cells = tuple(peer_to_cell(c) for c in peer_cells)
    target = _laid(peer_kinds, (cells[0], cells[1], cells[2]))
    for laid in PLACEMENTS_OF_TRIANGLE[PLACEMENT_TRIANGLE[_our_placement_on(cells)]]:
        covered = PLACEMENT_CELLS[laid]
        assert covered is not None
        if _laid(TILE_KINDS[our_tile], covered) == target:
            q, r = COORDS[laid // 6]
            return Place(slot + 1, q, r, laid % 6)
    raise ValueError(f"peer action {action}: tile {our_tile} cannot lie as the peer's does")


def our_action_to_peer(place: Place, our_tile: int, peer_kinds: tuple[int, int, int]) -> int:
    """The peer's action for our Place of ``our_tile``, or -1 if it leaves the peer's window."""
    laid = placement(CELL_AT[(place.q, place.r)], place.rotation)
    covered = PLACEMENT_CELLS[laid]
    if covered is None:
        return -1
    target = _laid(TILE_KINDS[our_tile], covered)
    peer_cells = [cell_to_peer(c) for c in covered]
    if min(peer_cells) < 0:
        return -1
    for centre in peer_cells:
        for orient in range(6):
            pattern = centre * 6 + orient
            cells = peer_pattern_cells(pattern)
            if cells is None or set(cells) != set(peer_cells):
                continue
            if _laid(peer_kinds, tuple(peer_to_cell(c) for c in cells)) == target:  # type: ignore[arg-type]
                return (place.position - 1) * PEER_PATTERNS + pattern
    raise ValueError(f"{place}: no peer orientation lays tile {our_tile} the same way")


def confine_to_window() -> tuple[tuple[int, ...], ...]:
    """Make our engine's cities the peer's 13×13 window, so our search plans on its board.

    Every legal ground triangle of a city comes from ``TRIANGLES_AROUND`` (the empty triangles
    next to a tile just laid on the ground); leaving out those with a cell outside the window
    keeps them out of every legal move list, the search's included. A triangle higher up lies
    on cells already built, inside the window. The table is a plain module global of ``city``
    (not ``Final``), which the compiled build also reads from the module at each use, so this
    works on either build (a test checks both). Returns the table it replaced (a test puts it
    back)."""
    from stonework.games.akropolis import city

    inside = [min(cell_to_peer(c) for c in cells) >= 0 for cells in TRIANGLE_CELLS]
    unconfined = city.TRIANGLES_AROUND
    city.TRIANGLES_AROUND = tuple(  # type: ignore[misc]
        tuple(t for t in around if inside[t]) for around in unconfined
    )
    return unconfined


def parse_constant(text: str) -> tuple[str, float | tuple[float, ...]]:
    """``NAME=V`` or ``NAME=V1,V2,...``: a constant of our estimate
    (``stonework.games.akropolis.evaluation``) and its new value, of the shape it has now
    (ValueError otherwise). ``akropolis_evaluation_ab.py --set`` reads the same."""
    from stonework.games.akropolis import evaluation

    name, _, value = text.partition("=")
    if not name.isupper() or not hasattr(evaluation, name):
        raise ValueError(f"the estimate has no constant {name!r}")
    try:
        numbers = tuple(float(part) for part in value.split(","))
    except ValueError:
        raise ValueError("give numbers after the =") from None
    old = getattr(evaluation, name)
    if isinstance(old, tuple) != (len(numbers) > 1) or (
        isinstance(old, tuple) and len(old) != len(numbers)
    ):
        raise ValueError(f"{name} is {old!r}; give as many numbers")
    return name, numbers if isinstance(old, tuple) else numbers[0]


def set_constant(text: str) -> None:
    """Give a constant of our estimate another value (:func:`parse_constant`; pure build only)."""
    from stonework.games.akropolis import evaluation

    if not evaluation.__file__ or not evaluation.__file__.endswith(".py"):
        raise SystemExit("--set needs the pure build: run with STONEWORK_PURE=1")
    try:
        name, value = parse_constant(text)
    except ValueError as error:
        raise SystemExit(f"--set {text!r}: {error}") from None
    setattr(evaluation, name, value)


# --- the peer's side: plain text run by the peer's Python in the peer's folder ---------------

PEER_DRIVER = r"""
import json, os, sys, time
players, checkpoint, sims = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
proto = os.fdopen(os.dup(1), "w", buffering=1)
sys.stdout = sys.stderr  # the peer's own prints must not mix with the protocol
sys.path.insert(0, ".")
import akropolis.AkropolisConstants as K
K.N_PLAYERS = players
K.CONSTR_SITE_SIZE = players + 2
import numpy as np
import torch.onnx
# Newer torch exports to ONNX through dynamo by default, which fails on the peer's network;
# the older TorchScript exporter (what the peer was written against) handles it.
_export = torch.onnx.export
torch.onnx.export = lambda *a, **k: _export(*a, **{"dynamo": False, **k})
import pit
from MCTS import MCTS
from utils import dotdict
import akropolis.AkropolisLogicNumba as L
args = dotdict({"game": "akropolis", "numMCTSSims": sims or None, "fpu": None, "cpuct": None})
think = pit.create_player(checkpoint, args)
game = pit.game
assert game.getNumberOfPlayers() == players
S = players + 2
def site(board):
    rows = board[0:S, :4, 3 * players + 1]
    return [int(row[3]) for row in rows if row[0] != 0]
def view(board, player):
    scores = [int(game.getScore(board, p)) for p in range(players)]
    stones = [int(x) for x in board[2 * players:3 * players, 1, 3 * players]]
    ended = game.getGameEnded(board, player)
    return {"site": site(board), "player": int(player), "scores": scores, "stones": stones,
            "ended": bool(ended.any()), "result": [float(v) for v in ended]}
mcts = next(c.cell_contents for c in think.__closure__ if hasattr(c.cell_contents, "nodes_data"))
sims = int(mcts.args.numMCTSSims)
try:
    mcts.nnet.switch_target("inference")
    inference = mcts.nnet.current_mode
except Exception as exc:  # fall back to plain torch on the CPU
    print("ONNX export failed, inference in torch:", exc)
    mcts.nnet.device["inference"] = "cpu"
    mcts.nnet.current_mode = "cpu"
    inference = "cpu"
# One search before the match compiles the search's Numba functions: not a move's time.
think(game.getInitBoard(), 1)
mcts.nodes_data.clear()
hello = {"tiles": [[int(v) for v in row] for row in K.TILES_DATA],
         "patterns": [[int(v) for v in row] for row in L.PATTERNS],
         "sims": int(sims), "inference": inference}
proto.write(json.dumps(hello) + "\n")
board, player, moves = None, 0, 0
for line in sys.stdin:
    msg = json.loads(line)
    op = msg["op"]
    if op == "new":
        # The peer's own Arena empties its search trees before each game; without that the
        # tree of every earlier game stays in memory (gigabytes a game at 3,200 simulations).
        MCTS.reset_all_search_trees()
        np.random.seed(msg["seed"])
        board, player, moves = game.getInitBoard(), 0, 0
        out = view(board, player)
    elif op == "valid":
        out = {"valid": [int(a) for a in np.flatnonzero(game.getValidMoves(board, player))]}
    elif op == "think":
        t0, c0 = time.perf_counter(), time.process_time()
        action = int(think(game.getCanonicalForm(board, player), moves + 1))
        out = {"action": action, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}
    elif op == "play":
        action = msg["action"]
        if not game.getValidMoves(board, player)[action]:
            out = {"error": f"action {action} is not valid for player {player}"}
        else:
            board, player = game.getNextState(board, player, action)
            moves += 1
            out = view(board, player)
    elif op == "quit":
        break
    else:
        out = {"error": f"unknown op {op}"}
    proto.write(json.dumps(out) + "\n")
"""


class Peer:
    """The peer's process: one JSON request, one JSON answer."""

    def __init__(self, python: str, path: Path, players: int, sims: int, cache: Path) -> None:
        env = dict(os.environ)
        # Numba caches compiled functions per source file; the player count is a constant
        # baked into them, so each count gets its own cache folder.
        env["NUMBA_CACHE_DIR"] = str(cache / f"{players}p")
        checkpoint = str(path / "akropolis" / f"pretrained_{players}pl.pt")
        self.proc = subprocess.Popen(
            [python, "-c", PEER_DRIVER, str(players), checkpoint, str(sims)],
            cwd=path,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=sys.stderr,
            text=True,
        )
        self.hello = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the peer's process ended (see its messages above)")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"peer: {answer['error']}")
        return answer

    def ask(self, **msg: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


SHEET = ("house", "market", "barracks", "temple", "garden", "stones")
"""The lines of a score sheet, as the match reports where the points came from."""


def sheet_points(state: Any, seat: int) -> list[int]:
    """``seat``'s points by :data:`SHEET` at the end of a game."""
    return [line.points for line in state.city_score(seat).lines] + [state.stones[seat]]


@dataclass
class Tally:
    """What a match measured."""

    games: int = 0
    wins: float = 0.0
    ties: int = 0
    our_scores: list[int] = field(default_factory=list)
    peer_scores: list[int] = field(default_factory=list)
    our_seconds: list[float] = field(default_factory=list)
    peer_seconds: list[float] = field(default_factory=list)
    our_decisions: int = 0
    window_bit: int = 0
    score_mismatch: int = 0
    winner_mismatch: int = 0
    our_sheets: list[list[int]] = field(default_factory=list)
    """Our seat's points by :data:`SHEET` each game (by our engine, which agrees with the
    peer's on the totals)."""
    peer_sheets: list[list[int]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Count ``other``'s games in this tally too."""
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)


JOURNAL_KEYS = (
    "players",
    "agent",
    "sims",
    "seed",
    "window_aware",
    "set",
    "build",
)
"""What a journal's games must share with the command that resumes them."""
JOURNAL_DEFAULTS: dict[str, Any] = {
    "window_aware": False,
    "set": [],
}
"""Settings a journal written before they existed was played with."""
UNRECORDED_MATCHES = frozenset({"build"})
"""Settings a journal written before they existed did not record and that cannot be inferred
(a game of no recorded build resumes on either)."""


def read_journal(path: Path, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The games a journal holds, each checked to be of the match ``setup`` describes.

    A journal is one JSON line a finished game (the match's settings, the game's number and its
    :class:`Tally`), so a match stopped for any reason resumes after its last finished game."""
    games: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            message = f"{path}:{number}: not a JSON line (a game cut off mid-write?)"
            raise SystemExit(message) from None
        differing = [
            k
            for k in JOURNAL_KEYS
            if not (k in UNRECORDED_MATCHES and k not in record)
            and record.get(k, JOURNAL_DEFAULTS.get(k)) != setup[k]
        ]
        if differing:
            raise SystemExit(
                f"{path}:{number}: a game of another match ({', '.join(differing)} differ); "
                "give another --journal"
            )
        if record.get("game") != len(games):
            raise SystemExit(f"{path}:{number}: game {record.get('game')}, expected {len(games)}")
        games.append(record)
    return games


def ahead_share(tally: Tally, players: int) -> tuple[float, float]:
    """How often our seat finished ahead of a given peer seat (ties half), and 1.96 standard
    errors of that share over games (each game's pairs averaged first: they are not
    independent of each other)."""
    others = players - 1
    per_game = []
    for game, ours in enumerate(tally.our_scores):
        theirs = tally.peer_scores[game * others : (game + 1) * others]
        per_game.append(
            sum(1.0 if ours > s else 0.5 if ours == s else 0.0 for s in theirs) / others
        )
    return mean_interval(per_game)


def _next_choice(agent: Any, state: Any, allowed: dict[Any, int], rng: random.Random) -> Any:
    """The agent's next choice inside the peer's window (its first lay outside it)."""
    # ``expert`` routes to a tree search; its root is the one to read.
    searcher = agent.agent_for(state) if hasattr(agent, "agent_for") else agent
    root = getattr(searcher, "last_root", None)
    if root is not None and root.children:
        ranked = sorted(root.children.items(), key=lambda item: -item[1].visits)
        for action, child in ranked:
            if action in allowed and child.visits > 0:
                return action
    from stonework.agents.simple import greedy_ranking

    for _, action in greedy_ranking(state, state.current_player, rng):
        if action in allowed:
            return action
    raise RuntimeError("no legal move of ours lies in the peer's window")


def play_game(
    peer: Peer,
    agent: Any,
    players: int,
    our_seat: int,
    seed: int,
    tally: Tally,
    trace: list[str] | None = None,
) -> None:
    """One game, the peer's engine drawing; our state follows and is checked every move.

    ``trace``, if given, receives our engine's position string before every decision and at
    the end (what ``--positions`` keeps in the journal, for looking at the cities afterwards).
    """
    from stonework.core.registry import get_game
    from stonework.games.akropolis.position import write

    spec = get_game("akropolis")
    options = spec.options.resolve("akropolis", dict(PEER_OPTIONS))
    state = spec.new_state(players, dict(options))
    tile_map = peer.tile_map  # type: ignore[attr-defined]
    peer_tiles = peer.hello["tiles"]
    rng = random.Random(seed)
    view = peer.ask(op="new", seed=seed)

    def follow(view: dict[str, Any]) -> None:
        while state.current_player == CHANCE:  # reveal what the peer turned up
            shown = len(state.site)
            state.apply(Reveal(tile_map[view["site"][shown]]))
        ours = [t for t in state.site]
        theirs = [tile_map[t] for t in view["site"]]
        if ours != theirs or list(state.stones[:players]) != view["stones"]:
            raise RuntimeError(
                f"engines disagree: site {ours} vs {theirs}, stones "
                f"{state.stones} vs {view['stones']}"
            )

    follow(view)
    while not view["ended"]:
        seat = view["player"]
        if trace is not None:
            trace.append(write(state))
        if state.current_player != seat:
            raise RuntimeError(
                f"engines disagree on the seat to move: {state.current_player} vs {seat}"
            )
        if seat == our_seat:
            valid = set(peer.ask(op="valid")["valid"])
            allowed: dict[Any, int] = {}
            for action in state.legal_actions():
                tile = state.site[action.position - 1]
                kinds = tuple(peer_tiles[view["site"][action.position - 1]][:3])
                code = our_action_to_peer(action, tile, kinds)  # type: ignore[arg-type]
                if code >= 0 and code in valid:
                    allowed[action] = code
            t0 = time.perf_counter()
            choice = agent.act(state, rng)
            tally.our_seconds.append(time.perf_counter() - t0)
            tally.our_decisions += 1
            if choice not in allowed:
                tally.window_bit += 1
                choice = _next_choice(agent, state, allowed, rng)
            code = allowed[choice]
        else:
            answer = peer.ask(op="think")
            tally.peer_seconds.append(answer["wall"])
            code = answer["action"]
            slot = code // PEER_PATTERNS
            kinds = tuple(peer_tiles[view["site"][slot]][:3])
            choice = peer_action_to_ours(code, kinds, state.site[slot])  # type: ignore[arg-type]
        state.apply(choice)
        view = peer.ask(op="play", action=code)
        if not view["ended"]:
            follow(view)
    if not state.is_terminal:
        raise RuntimeError("the peer's game ended but ours did not")
    if trace is not None:
        trace.append(write(state))
    ours_final = [s.total for s in state.scores()]
    tally.games += 1
    if ours_final != view["scores"]:
        tally.score_mismatch += 1
    result = view["result"]
    ours_winners = {i for i, s in enumerate(ours_final) if s == max(ours_final)}
    peer_winners = {i for i, v in enumerate(result) if v > 0}
    if len(ours_winners) == 1 and len(peer_winners) == 1 and ours_winners != peer_winners:
        tally.winner_mismatch += 1
    if result[our_seat] == 1.0:
        tally.wins += 1
    elif result[our_seat] > 0:
        tally.ties += 1
        tally.wins += 1 / len(peer_winners)
    tally.our_scores.append(view["scores"][our_seat])
    tally.our_sheets.append(sheet_points(state, our_seat))
    tally.peer_sheets.extend(sheet_points(state, i) for i in range(players) if i != our_seat)
    tally.peer_scores.extend(s for i, s in enumerate(view["scores"]) if i != our_seat)


def check_peer_layout(hello: dict[str, Any]) -> None:
    """Our reading of the peer's pattern encoding must equal its own table."""
    for pattern, row in enumerate(hello["patterns"]):
        mine = peer_pattern_cells(pattern)
        if (mine is None and row[0] >= 0) or (mine is not None and list(mine) != row):
            raise RuntimeError(f"peer pattern {pattern}: we read {mine}, the peer has {row}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", type=Path, required=True, help="checkout of the peer repository")
    parser.add_argument("--peer-python", help="Python with torch + numba (default PATH/../.venv)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--agent", default="hard", help="our agent spec (default hard)")
    parser.add_argument("--sims", type=int, default=0, help="peer MCTS simulations (0: its own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--numba-cache", type=Path, help="default PATH/../numba-cache")
    parser.add_argument(
        "--window-aware",
        action="store_true",
        help="our search sees only moves inside the peer's window",
    )
    parser.add_argument("--journal", type=Path, help="append each finished game here (JSON lines)")
    parser.add_argument(
        "--resume", action="store_true", help="go on after the games --journal already holds"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=V[,V...]",
        help="another value for a constant of our estimate (repeatable; pure build)",
    )
    parser.add_argument(
        "--positions",
        action="store_true",
        help="keep our engine's position before every decision in the journal",
    )
    args = parser.parse_args(argv)

    from stonework.agents.catalog import agent_from_spec

    if args.window_aware:
        confine_to_window()
    for text in args.set:
        set_constant(text)
    path = args.peer.resolve()
    python = args.peer_python or str(path.parent / ".venv" / "bin" / "python")
    cache = (args.numba_cache or path.parent / "numba-cache").resolve()
    started = time.perf_counter()
    peer = Peer(python, path, args.players, args.sims, cache)
    check_peer_layout(peer.hello)
    tiles = {i: tuple(t[:3]) for i, t in enumerate(peer.hello["tiles"]) if t[3] <= args.players}
    peer.tile_map = peer_tile_to_ours(tiles, args.players)  # type: ignore[attr-defined, arg-type]
    print(f"peer ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    agent = agent_from_spec(args.agent)
    tally = Tally()
    setup = {
        "players": args.players,
        "agent": args.agent,
        "sims": args.sims,
        "seed": args.seed,
        "window_aware": args.window_aware,
        "set": sorted(args.set),
        # Our engine's build: the compiled one runs about twice the simulations in a move's time.
        "build": build_state(),
    }
    done: list[dict[str, Any]] = []
    if args.journal is not None and args.journal.exists():
        done = read_journal(args.journal, setup)
        if done and not args.resume:
            raise SystemExit(f"{args.journal} holds {len(done)} games: give --resume to go on")
        for record in done:
            tally.add(Tally(**record["tally"]))
        print(f"resumed {len(done)} games from {args.journal}", file=sys.stderr)
    try:
        for game in range(len(done), args.games):
            seat = game % args.players
            played = Tally()
            trace: list[str] | None = [] if args.positions else None
            play_game(peer, agent, args.players, seat, args.seed * 1000 + game, played, trace)
            tally.add(played)
            if args.journal is not None:
                with args.journal.open("a") as journal:
                    record = {**setup, "game": game, "tally": vars(played)}
                    if trace is not None:
                        record["positions"] = trace
                    journal.write(json.dumps(record) + "\n")
            others = tally.peer_scores[-(args.players - 1) :]
            print(
                f"game {game + 1}: our seat {seat}, ours {tally.our_scores[-1]}, peer {others}, "
                f"wins so far {tally.wins:g}/{tally.games}",
                file=sys.stderr,
            )
    except KeyboardInterrupt:  # Ctrl-C: the games finished so far still make a table
        print(f"stopped after {tally.games} games", file=sys.stderr)
    finally:
        peer.close()
    low, high = wilson(tally.wins, tally.games)
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")  # noqa: E731
    print(
        f"players {args.players}, games {tally.games}, our agent {args.agent}, "
        f"peer {peer.hello['sims']} simulations a move, inference {peer.hello['inference']}"
        + (", our search confined to the peer's window" if args.window_aware else "")
        + f", our engine {setup['build']}"
    )
    print(
        f"our wins {tally.wins:g}/{tally.games} = {tally.wins / max(1, tally.games):.1%} "
        f"(95% Wilson {low:.1%}-{high:.1%}), ties {tally.ties}"
    )
    print(f"mean score ours {mean(tally.our_scores):.1f}, peer {mean(tally.peer_scores):.1f}")
    if args.players > 2 and tally.games:
        share, half = ahead_share(tally, args.players)
        print(
            f"ahead of a given peer seat (ties half): {share:.1%} ± {half:.1%} "
            f"(fair share 50%; ± is 1.96 standard errors over games)"
        )
    if tally.our_sheets:
        ours = [mean([g[k] for g in tally.our_sheets]) for k in range(len(SHEET))]
        theirs = [mean([g[k] for g in tally.peer_sheets]) for k in range(len(SHEET))]
        lines = ", ".join(
            f"{n} {a:.1f}/{b:.1f}" for n, a, b in zip(SHEET, ours, theirs, strict=True)
        )
        print(f"mean points by line, ours/peer ({len(tally.our_sheets)} games): {lines}")
    print(
        f"seconds per move: ours {mean(tally.our_seconds):.2f}, peer {mean(tally.peer_seconds):.2f}"
    )
    print(
        f"window: our first choice lay outside the peer's 13x13 window in "
        f"{tally.window_bit}/{tally.our_decisions} decisions "
        f"({tally.window_bit / max(1, tally.our_decisions):.1%})"
    )
    print(
        f"final scores differing between the engines: {tally.score_mismatch} games; "
        f"winners differing: {tally.winner_mismatch}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
