"""Stonework's Akropolis next to the Numba engine of ``cestpasphoto/alpha-zero-general``.

    python benchmarks/peer_akropolis.py --peer PATH [--peer-python PY] [--players 2,3,4]
        [--seconds 5] [--rounds 2] [--cpu 1]

``PATH`` is a checkout of that public repository kept outside this repo (its code never
enters ours; see BENCHMARKS.md for how to get it); ``--peer-python`` a Python with numpy and
numba installed (default: ``PATH/../venv/bin/python``). Both engines play uniformly random
complete games in fresh subprocesses pinned to one CPU with ``taskset``, alternately, ``rounds``
times each: theirs with ``getValidMoves`` + ``getNextState`` (its player count is a module
constant, set before its modules are imported, with a Numba cache folder per count), ours with
``random_action`` + ``apply_unchecked``. Their JIT warm-up (the first game) is excluded from
the rate and reported with the import as startup, as is ours. Figures are games per
CPU-second of the measuring process (best round); the ratio is ours over theirs. Ours is the
tree as it stands: the compiled engines when ``make compile`` has built them (docs/speed.md);
``--pure-too`` also runs this tree with ``STONEWORK_PURE=1`` in the same alternation and adds
its columns.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Both drivers are plain text run in a fresh interpreter; they print one JSON line.
PEER_DRIVER = """
import json, sys, time
t0 = time.perf_counter()
players, seconds = int(sys.argv[1]), float(sys.argv[2])
sys.path.insert(0, ".")
import akropolis.AkropolisConstants as K
K.N_PLAYERS = players
K.CONSTR_SITE_SIZE = players + 2
from akropolis.AkropolisGame import AkropolisGame
import numpy as np
np.random.seed(1)
def play(game):
    board = game.getInitBoard()
    player = 0
    while not game.getGameEnded(board, player).any():
        valid = np.flatnonzero(game.getValidMoves(board, player))
        action = valid[np.random.randint(len(valid))]
        board, player = game.getNextState(board, player, action)
game = AkropolisGame()
assert game.getNumberOfPlayers() == players
play(game)
startup = time.perf_counter() - t0
games, start = 0, time.process_time()
while True:
    play(game)
    games += 1
    used = time.process_time() - start
    if used >= seconds:
        break
print(json.dumps({"games_per_cpu_s": games / used, "startup_s": startup}))
"""

OUR_DRIVER = """
import json, random, sys, time
t0 = time.perf_counter()
players, seconds = int(sys.argv[1]), float(sys.argv[2])
from stonework.core.registry import get_game
spec = get_game("akropolis")
options = spec.options.resolve("akropolis", {})
rng = random.Random(1)
def play():
    state = spec.new_state(players, dict(options))
    while not state.is_terminal:
        state.apply_unchecked(state.random_action(rng))
play()
startup = time.perf_counter() - t0
games, start = 0, time.process_time()
while True:
    play()
    games += 1
    used = time.process_time() - start
    if used >= seconds:
        break
print(json.dumps({"games_per_cpu_s": games / used, "startup_s": startup}))
"""


def run(
    python: str, driver: str, cwd: Path, env: dict[str, str], players: int, seconds: float, cpu: int
) -> dict[str, float]:
    """One driver run in a fresh process, pinned when ``taskset`` exists."""
    command = [python, "-c", driver, str(players), str(seconds)]
    if shutil.which("taskset"):
        command = ["taskset", "-c", str(cpu), *command]
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{command[:4]} failed:\n{done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Parse the arguments, run both engines alternately and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", type=Path, required=True, help="alpha-zero-general checkout")
    parser.add_argument("--peer-python", help="a Python with numpy and numba")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU-seconds per run")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cpu", type=int, default=1)
    parser.add_argument(
        "--pure-too",
        action="store_true",
        help="also measure this tree's sources (STONEWORK_PURE=1)",
    )
    parser.add_argument(
        "--numba-cache", help="keep the peer's compiled code here between runs (default: cold)"
    )
    args = parser.parse_args()
    peer = args.peer.resolve()
    if not (peer / "akropolis" / "AkropolisGame.py").is_file():
        raise SystemExit(f"{peer} holds no akropolis/AkropolisGame.py")
    peer_python = args.peer_python or str(peer.parent / "venv" / "bin" / "python")
    base = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}
    ours_env = {**base, "PYTHONPATH": str(ROOT / "src")}
    pure_env = {**ours_env, "STONEWORK_PURE": "1"}
    extra = " stonework pure games/CPU-s | ratio pure |" if args.pure_too else ""
    print(
        "| players | stonework games/CPU-s | peer games/CPU-s | ratio | startup ours s | peer s |"
        + extra
    )
    print("| --- | --- | --- | --- | --- | --- |" + (" --- | --- |" if args.pure_too else ""))
    with tempfile.TemporaryDirectory(prefix="peer-numba-") as tmp:
        cache = args.numba_cache or tmp
        for players in (int(p) for p in args.players.split(",")):
            peer_env = {**base, "NUMBA_CACHE_DIR": f"{cache}/{players}"}
            ours: list[dict[str, float]] = []
            theirs: list[dict[str, float]] = []
            pure: list[dict[str, float]] = []
            for _ in range(args.rounds):
                ours.append(
                    run(sys.executable, OUR_DRIVER, ROOT, ours_env, players, args.seconds, args.cpu)
                )
                theirs.append(
                    run(peer_python, PEER_DRIVER, peer, peer_env, players, args.seconds, args.cpu)
                )
                if args.pure_too:
                    pure.append(
                        run(
                            sys.executable,
                            OUR_DRIVER,
                            ROOT,
                            pure_env,
                            players,
                            args.seconds,
                            args.cpu,
                        )
                    )
            a = max(r["games_per_cpu_s"] for r in ours)
            b = max(r["games_per_cpu_s"] for r in theirs)
            c = max((r["games_per_cpu_s"] for r in pure), default=0.0)
            tail = f" {c:,.0f} | {c / b:.2f} |" if args.pure_too else ""
            # Startup: the first round's (with a cold cache the peer's first run compiles
            # everything; later ones load its cache).
            print(
                f"| {players} | {a:,.0f} | {b:,.0f} | {a / b:.2f} | "
                f"{ours[0]['startup_s']:.2f} | {theirs[0]['startup_s']:.1f} |{tail}",
                flush=True,
            )


if __name__ == "__main__":
    main()
