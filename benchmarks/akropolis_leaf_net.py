"""A learned leaf value for 2-player Akropolis: teacher games, then a small MLP fitted to them.

    python benchmarks/akropolis_leaf_net.py play --journal FILE --games G [--seed N]
        [--teacher mcts:100]
    python benchmarks/akropolis_leaf_net.py fit --journal FILE [FILE...] --out NET.npz
        [--hidden 64,32] [--epochs E] [--seed N] [--residual] [--decay D] [--lr L]
        [--max-games K]

``play`` plays ``--games`` games of the teacher against itself (game ``g`` seeded from ``N + g``,
the chance draws and the agents on separate streams) and appends each finished game to the
journal as one JSON line: its seed, every action after the opening reveals as text, and each
seat's final total. A stopped run continues where it stopped (the journal's games are skipped).

``fit`` replays the journals' games; at every decision it takes each seat's features
(``games.akropolis.leaf_net.net_features``) and the seat's final margin over its rival. The last
20% of the games (by journal order) are held out; of the rest, the last eighth (games 70-80%)
only choose the epoch kept. It fits the MLP (numpy, Adam, mean squared error on the margin;
``--residual``: on what the hand estimate's margin misses) and prints, on the held-out positions, the RMS error of the margin
predicted by three models, all in points: the hand-made estimate that ``hard`` judges its leaves
by at two players (``evaluation.estimate``), the linear model of ``leaf_estimate`` refitted to
the same training games by least squares, and the MLP; plus how often each names the winner.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

import stonework  # noqa: E402
from stonework.agents.catalog import agent_from_spec  # noqa: E402
from stonework.games.akropolis.evaluation import estimate  # noqa: E402
from stonework.games.akropolis.leaf_estimate import features as linear_features  # noqa: E402
from stonework.games.akropolis.leaf_net import (  # noqa: E402
    FEATURE_NAMES,
    LeafNet,
    net_features,
    pair_inputs,
)
from stonework.games.akropolis.state import AkropolisState  # noqa: E402

PLAYERS = 2


def new_game(seed: int) -> AkropolisState:
    state = stonework.new_game("akropolis", players=PLAYERS, seed=seed)
    assert isinstance(state, AkropolisState)
    return state


def play_one(teacher: str, seed: int) -> dict[str, Any]:
    """One teacher game: its seed, the actions after the opening reveals, the final totals."""
    state = new_game(seed)
    opening = len(state.history)
    chance = random.Random(seed)
    agent_rng = random.Random(seed + 7_919)
    agents = [agent_from_spec(teacher) for _ in range(PLAYERS)]
    while not state.is_terminal:
        seat = state.current_player
        if seat < 0:
            state.apply(state.sample_chance(chance))
            continue
        state.apply(agents[seat].act(state, agent_rng))
    return {
        "seed": seed,
        "teacher": teacher,
        "moves": [str(action) for _, action in state.history[opening:]],
        "totals": [float(score.total) for score in state.scores()],
    }


def replay(game: dict[str, Any]) -> tuple[list[AkropolisState], list[float]]:
    """Every decision's position of a journal game (copies) and the final totals."""
    state = new_game(int(game["seed"]))
    positions = []
    for text in game["moves"]:
        if state.current_player >= 0:
            positions.append(state.clone())
        state.apply(state.parse_action(text))
    totals = [float(score.total) for score in state.scores()]
    if totals != [float(t) for t in game["totals"]]:
        raise SystemExit(f"game of seed {game['seed']} replays to {totals}, not {game['totals']}")
    return positions, totals


def cmd_play(args: argparse.Namespace) -> None:
    journal: Path = args.journal
    done = len(journal.read_text().splitlines()) if journal.exists() else 0
    start = time.time()
    for g in range(done, args.games):
        row = play_one(args.teacher, args.seed + g)
        with journal.open("a") as handle:
            handle.write(json.dumps(row) + "\n")
        played = g + 1 - done
        if played % 10 == 0 or g + 1 == args.games:
            rate = played / (time.time() - start) * 3600
            print(f"{g + 1}/{args.games} games, {rate:.0f} games/h", flush=True)


def dataset(games: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Per position and seat: net inputs, linear features, hand estimate margin, true margin."""
    x, lin, hand, margin, total, game_of = [], [], [], [], [], []
    for g, game in enumerate(games):
        positions, totals = replay(game)
        for state in positions:
            feats = [net_features(state, seat) for seat in range(PLAYERS)]
            est = [estimate(state, seat) for seat in range(PLAYERS)]
            for seat in range(PLAYERS):
                rival = 1 - seat
                x.append(pair_inputs(feats[seat], feats[rival]))
                lin.append(linear_features(state, seat))
                hand.append(est[seat] - est[rival])
                margin.append(totals[seat] - totals[rival])
                total.append(totals[seat])
                game_of.append(g)
    return {
        "x": np.array(x, dtype=np.float64),
        "lin": np.array(lin, dtype=np.float64),
        "hand": np.array(hand),
        "margin": np.array(margin),
        "total": np.array(total),
        "game": np.array(game_of),
    }


def fit_mlp(
    x: np.ndarray,
    y: np.ndarray,
    hidden: tuple[int, ...],
    epochs: int,
    seed: int,
    lr: float = 1e-3,
    decay: float = 1e-4,
    batch: int = 256,
    log: bool = True,
    residual: bool = False,
    valid: tuple[np.ndarray, np.ndarray] | None = None,
) -> LeafNet:
    """An MLP fitted by Adam to the margins ``y`` (inputs standardised), as a :class:`LeafNet`.

    ``residual``: the network learns what the hand estimate's margin misses (its output is
    added to it). ``valid`` (inputs, margins of games not fitted): the weights kept are those of
    the epoch with the least error there (positions of one game share their target, so the fit
    memorises games long before its training error stops falling).
    """
    gen = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-6] = 1.0  # a constant input (a feature never seen at 2 players) stays at 0
    xs = (x - mean) / std
    hand = FEATURE_NAMES.index("hand estimate")
    width = len(FEATURE_NAMES)

    def base(rows: np.ndarray) -> np.ndarray:
        return rows[:, hand] - rows[:, width + hand] if residual else np.zeros(len(rows))

    target = y - base(x)
    scale = float(max(1.0, target.std()))
    ys = target / scale
    sizes = [x.shape[1], *hidden, 1]
    params: list[np.ndarray] = []
    for k in range(len(sizes) - 1):
        params.append(gen.normal(0.0, (2.0 / sizes[k]) ** 0.5, (sizes[k], sizes[k + 1])))
        params.append(np.zeros(sizes[k + 1]))
    if residual:
        params[-2] *= 0.01  # start from the hand estimate itself

    def net_of(ps: list[np.ndarray]) -> LeafNet:
        layers = [(ps[k].copy(), ps[k + 1].copy()) for k in range(0, len(ps), 2)]
        return LeafNet(PLAYERS, FEATURE_NAMES, mean, std, layers, scale, residual)

    best: tuple[float, LeafNet] | None = None
    if valid is not None:
        start_net = net_of(params)
        rms = float(np.sqrt(((start_net.margins_batch(valid[0]) - valid[1]) ** 2).mean()))
        best = (rms, start_net)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    n = len(xs)
    for epoch in range(epochs):
        order = gen.permutation(n)
        total = 0.0
        for lo in range(0, n, batch):
            idx = order[lo : lo + batch]
            acts = [xs[idx]]
            for k in range(0, len(params) - 2, 2):
                acts.append(np.maximum(acts[-1] @ params[k] + params[k + 1], 0.0))
            out = acts[-1] @ params[-2] + params[-1]
            err = out[:, 0] - ys[idx]
            total += float((err**2).sum())
            delta = (2.0 / len(idx)) * err[:, None]
            grads: list[np.ndarray] = [np.empty(0)] * len(params)
            for k in range(len(params) - 2, -1, -2):
                layer_in = acts[k // 2]
                grads[k] = layer_in.T @ delta + decay * params[k]
                grads[k + 1] = delta.sum(axis=0)
                if k > 0:
                    delta = (delta @ params[k].T) * (layer_in > 0)
            step += 1
            for p, g_, m_, v_ in zip(params, grads, m, v, strict=True):
                m_ *= 0.9
                m_ += 0.1 * g_
                v_ *= 0.999
                v_ += 0.001 * g_ * g_
                p -= lr * (m_ / (1 - 0.9**step)) / (np.sqrt(v_ / (1 - 0.999**step)) + 1e-8)
        line = f"  epoch {epoch + 1}/{epochs}: train RMS {(total / n) ** 0.5 * scale:.2f} points"
        if valid is not None and best is not None:
            now = net_of(params)
            rms = float(np.sqrt(((now.margins_batch(valid[0]) - valid[1]) ** 2).mean()))
            line += f", validation {rms:.2f}"
            if rms < best[0]:
                best = (rms, now)
        if log:
            print(line, flush=True)
    return best[1] if best is not None else net_of(params)


def report(name: str, pred: np.ndarray, truth: np.ndarray) -> str:
    rms = float(np.sqrt(((pred - truth) ** 2).mean()))
    decided = truth != 0
    named = float((np.sign(pred[decided]) == np.sign(truth[decided])).mean())
    return f"{name:30s} margin RMSE {rms:6.2f} points, winner named {named:.1%}"


def cmd_fit(args: argparse.Namespace) -> None:
    games = [json.loads(line) for path in args.journal for line in path.read_text().splitlines()]
    if args.max_games:
        games = games[: args.max_games]
    start = time.time()
    data = dataset(games)
    cut = int(0.8 * len(games))
    train = data["game"] < cut
    test = ~train
    print(
        f"{len(games)} games, {int(train.sum())} train / {int(test.sum())} held-out "
        f"seat-positions ({time.time() - start:.0f} s to replay)",
        flush=True,
    )
    y = data["margin"]
    # The linear model of leaf_estimate refitted here: each seat's total on its features, the
    # margin taken as the difference (as fitted_lead_values does).
    design = np.concatenate([data["lin"], np.ones((len(y), 1))], axis=1)
    # Rows come in (seat 0, seat 1) pairs per position, so the rival's row is the neighbour.
    rival = np.arange(len(y)) ^ 1
    w, *_ = np.linalg.lstsq(design[train], data["total"][train], rcond=None)
    linear = design @ w
    linear_margin = linear - linear[rival]
    hidden = tuple(int(h) for h in args.hidden.split(","))
    # The last eighth of the training games choose the epoch; the held-out games stay unseen.
    fitted = data["game"] < int(0.7 * len(games))
    valid = train & ~fitted
    net = fit_mlp(
        data["x"][fitted],
        y[fitted],
        hidden,
        args.epochs,
        args.seed,
        lr=args.lr,
        decay=args.decay,
        residual=args.residual,
        valid=(data["x"][valid], y[valid]),
    )
    raw = net.margins_batch(data["x"])
    pred = (raw - raw[rival]) / 2  # both ways round, as LeafNet.margin asks it
    for part, mask in (("held out", test), ("train", train)):
        print(part + ":")
        print("  " + report("hand estimate (hard's leaves)", data["hand"][mask], y[mask]))
        print("  " + report("linear leaf_estimate, refit", linear_margin[mask], y[mask]))
        print("  " + report("MLP", pred[mask], y[mask]))
    if args.out is not None:
        net.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="teacher games into a journal (resumed)")
    play.add_argument("--journal", type=Path, required=True)
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--seed", type=int, default=30_000)
    play.add_argument("--teacher", default="mcts:100")
    fit = sub.add_parser("fit", help="fit the MLP and compare it on held-out games")
    fit.add_argument("--journal", type=Path, nargs="+", required=True)
    fit.add_argument("--out", type=Path)
    fit.add_argument("--hidden", default="64,32")
    fit.add_argument("--epochs", type=int, default=30)
    fit.add_argument("--seed", type=int, default=0)
    fit.add_argument("--max-games", type=int, default=0)
    fit.add_argument("--lr", type=float, default=1e-3)
    fit.add_argument("--decay", type=float, default=1e-4)
    fit.add_argument("--residual", action="store_true", help="learn the hand estimate's error")
    args = parser.parse_args(argv)
    if args.command == "play":
        cmd_play(args)
    else:
        cmd_fit(args)


if __name__ == "__main__":
    main()
