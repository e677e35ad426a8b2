"""Does the training loop learn at all? Fit the network to games whose answers are known.

    python benchmarks/learn_check.py GAME [--players N] [--games G] [--epochs E] [--seed S]
        [--hidden 128,64] [--data FILE]

Plays ``G`` games of ``greedy`` against itself (one move in ten at random, so the games
differ), recording at every decision the mover's observation tensor, greedy's choice (a one-hot
policy target) and, at the end, the returns rotated to the mover (the value target). The games
are split by game, four fifths to train on and one fifth held out; ``train_epochs`` of
``stonework.learn.train`` (the loop ``stonework train`` runs) fits the torch model, and the
exported numpy network is scored on both parts:

- value: mean squared error against the returns, next to predicting 0 and to the game's own
  heuristic (``evaluate``, what greedy and the tree searches judge leaves by), and the share
  of positions whose winner the sign of the value names;
- policy: how often the highest legal logit is greedy's choice, next to a uniform guess.

Train figures near perfect say the loop and the gradients work; held-out figures say how much
of it generalises. Needs the ``train`` extra (torch). ``--data`` caches the games in an npz.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def play_games(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Greedy self-play records: tensors, greedy's action ids, legal ids, returns, game index."""
    import numpy as np

    from stonework.agents.base import evaluate
    from stonework.agents.catalog import agent_from_spec
    from stonework.core.registry import get_game
    from stonework.core.state import CHANCE

    spec = get_game(game)
    greedy = agent_from_spec("greedy")
    tensors: list[list[float]] = []
    hints: list[list[float]] = []
    chosen: list[int] = []
    legal_sets: list[list[int]] = []
    values: list[list[float]] = []
    game_of: list[int] = []
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        state = spec.new_state(players, spec.options.resolve(game, {}))
        seats: list[int] = []
        while not state.is_terminal:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            best = greedy.act(state, rng)
            if len(legal) > 1:
                tensors.append(state.observation_tensor(seat))
                hint = evaluate(state)
                hints.append([hint[(seat + k) % players] for k in range(players)])
                chosen.append(state.action_id(best))
                legal_sets.append([state.action_id(a) for a in legal])
                seats.append(seat)
                game_of.append(g)
            state.apply(rng.choice(legal) if rng.random() < 0.1 else best)
        returns = state.returns()
        values.extend([returns[(s + k) % players] for k in range(players)] for s in seats)
        print(f"game {g + 1}/{games}: {len(tensors)} positions", file=sys.stderr, flush=True)
    width = max(len(ls) for ls in legal_sets)
    legal = np.full((len(legal_sets), width), -1, dtype=np.int32)
    for i, ls in enumerate(legal_sets):
        legal[i, : len(ls)] = ls
    return {
        "inputs": np.asarray(tensors, dtype=np.float32),
        "chosen": np.asarray(chosen, dtype=np.int64),
        "legal": legal,
        "values": np.asarray(values, dtype=np.float32),
        "game": np.asarray(game_of, dtype=np.int32),
        "heuristic": np.asarray(hints, dtype=np.float32),
    }


def score(network: Any, data: dict[str, Any], rows: Any) -> dict[str, float]:
    """Value MSE, winner sign agreement and policy top-1 on the legal actions, over ``rows``."""
    import numpy as np

    errors, signs, hits, uniform = [], [], [], []
    for i in rows:
        legal = [int(a) for a in data["legal"][i] if a >= 0]
        logits, values = network.predict(data["inputs"][i], legal)
        target = data["values"][i]
        errors.append(float(np.mean((values - target) ** 2)))
        signs.append(float(np.sign(values[0]) == np.sign(target[0])))
        hits.append(float(legal[int(np.argmax(logits))] == data["chosen"][i]))
        uniform.append(1.0 / len(legal))
    return {
        "value_mse": float(np.mean(errors)),
        "winner_named": float(np.mean(signs)),
        "policy_top1": float(np.mean(hits)),
        "uniform_top1": float(np.mean(uniform)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", default="128,64")
    parser.add_argument("--learning-rate", type=float, default=2e-3)
    parser.add_argument("--data", type=Path, help="npz cache of the games (made if missing)")
    parser.add_argument("--save", type=Path, help="write the trained network here (.npz)")
    args = parser.parse_args(argv)

    import numpy as np

    from stonework.learn.network import network_info
    from stonework.learn.selfplay import Samples
    from stonework.learn.train import TrainConfig, export, make_model, require_torch, train_epochs

    if args.data is not None and args.data.exists():
        with np.load(args.data) as saved:
            data = {k: saved[k] for k in saved.files}
    else:
        t0 = time.perf_counter()
        data = play_games(args.game, args.players, args.games, args.seed)
        print(f"{args.games} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        if args.data is not None:
            np.savez_compressed(args.data, **data)
    torch = require_torch()
    torch.set_num_threads(1)
    hidden = tuple(int(h) for h in args.hidden.split(","))
    info = network_info(args.game, args.players, hidden)
    games = int(data["game"].max()) + 1
    held = data["game"] >= games - games // 5
    train_rows, test_rows = np.flatnonzero(~held), np.flatnonzero(held)
    policies = np.zeros((len(train_rows), info.actions), dtype=np.float32)
    policies[np.arange(len(train_rows)), data["chosen"][train_rows]] = 1.0
    samples = Samples(data["inputs"][train_rows], policies, data["values"][train_rows])
    config = TrainConfig(
        args.game,
        args.players,
        hidden=hidden,
        epochs=args.epochs,
        learning_rate=args.learning_rate,
    )
    model = make_model(info, args.seed)
    optimiser = torch.optim.Adam(
        model.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )
    before = export(model, info)
    t0 = time.perf_counter()
    p_loss, v_loss = train_epochs(model, optimiser, samples, config, args.seed)
    after = export(model, info)
    if args.save is not None:
        after.save(args.save)
    print(
        f"{args.game} {args.players}p, {games} greedy games, {len(train_rows)} train / "
        f"{len(test_rows)} held-out positions, hidden {args.hidden}, {args.epochs} epochs "
        f"({time.perf_counter() - t0:.0f} s); last epoch losses: policy {p_loss:.3f}, "
        f"value {v_loss:.3f}"
    )
    print("| network | rows | value MSE | winner named | policy top-1 | uniform top-1 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for part, rows in (("train", train_rows), ("held out", test_rows)):
        target, hint = data["values"][rows], data["heuristic"][rows]
        zero_mse = float(np.mean(target**2))
        hint_mse = float(np.mean((hint - target) ** 2))
        named = float(np.mean(np.sign(hint[:, 0]) == np.sign(target[:, 0])))
        print(f"| predict 0 | {part} | {zero_mse:.3f} | | | |")
        print(f"| game heuristic | {part} | {hint_mse:.3f} | {named:.1%} | | |")
    for name, network in (("untrained", before), ("trained", after)):
        for part, rows in (("train", train_rows), ("held out", test_rows)):
            s = score(network, data, rows)
            print(
                f"| {name} | {part} | {s['value_mse']:.3f} | {s['winner_named']:.1%} | "
                f"{s['policy_top1']:.1%} | {s['uniform_top1']:.1%} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
