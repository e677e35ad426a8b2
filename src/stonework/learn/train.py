"""Self-play training (AlphaZero style) with PyTorch, exported to the numpy network.

A generation: self-play games with the current network's ``az`` search (spread over workers or
Ray), their samples added to a replay window, a few epochs of training (policy cross-entropy
against the visit counts plus value mean squared error against the returns), the network
exported to ``gen-NNN.npz`` and ``latest.npz``, and its strength measured against a fixed
opponent (``greedy``, seats alternated) for the learning curve. After each generation the
checkpoint (network, optimiser, replay window, curve) is written, so ``--resume`` continues a
run exactly as if it had not stopped: every random draw of generation ``g`` is seeded from the
run's seed and ``g``.

PyTorch is needed here only (the ``train`` extra); playing reads the exported ``.npz`` in numpy.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from stonework.learn.network import Network, NetworkInfo, network_info, require_numpy
from stonework.learn.pool import run_tasks
from stonework.learn.selfplay import (
    Samples,
    SelfPlayTask,
    StrengthTask,
    join,
    play_selfplay_game,
    play_strength_game,
)

NEEDS_TORCH = (
    "training needs PyTorch (CPU build): pip install torch==2.13.0 "
    "--index-url https://download.pytorch.org/whl/cpu (or the project's `train` extra)"
)
CHECKPOINT = "checkpoint.pt"


def require_torch() -> Any:
    """The torch module, or a RuntimeError saying how to install it."""
    try:
        import torch
    except ImportError:
        raise RuntimeError(NEEDS_TORCH) from None
    return torch


@dataclass(frozen=True)
class TrainConfig:
    """Everything a run depends on (stored in its checkpoint; a resumed run must match it)."""

    game: str
    players: int
    seed: int = 0
    hidden: tuple[int, ...] = (128, 64)
    games_per_generation: int = 16
    simulations: int = 48
    window: int = 20000
    """Samples kept for training (the newest)."""
    epochs: int = 4
    batch: int = 128
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    eval_games: int = 8
    eval_opponent: str = "greedy"
    explore_moves: int = 8
    """Moves per seat sampled by visit counts at the start of each self-play game."""
    init: str = ""
    """A network (``.npz``) to start from instead of random weights (e.g. one fitted to greedy
    games by ``benchmarks/learn_check.py --save``); same game, players and sizes."""
    policy_over: str = "all"
    """The softmax of the policy loss: over ``all`` action ids, or over the ``targeted`` ones
    (those the search visited), as the search reads the prior: among the legal actions only."""


POLICY_OVER = ("all", "targeted")
"""What the policy loss's softmax runs over (``TrainConfig.policy_over``)."""


@dataclass
class Generation:
    """One point of the learning curve."""

    generation: int
    games: int
    samples: int
    seconds: float
    policy_loss: float
    value_loss: float
    score: float
    """Mean return of ``az`` against the fixed opponent (+1 all won, -1 all lost at 2 players)."""
    wins: float
    """Share of those games won (a return above zero)."""


@dataclass
class RunState:
    """What a checkpoint holds besides the torch objects."""

    config: TrainConfig
    generation: int = 0
    games: int = 0
    seconds: float = 0.0
    curve: list[Generation] = field(default_factory=list)


def make_model(info: NetworkInfo, seed: int) -> Any:
    """The torch twin of :class:`Network` (same layers), seeded."""
    torch = require_torch()
    torch.manual_seed(seed)
    nn = torch.nn

    class Model(nn.Module):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__()
            sizes = [info.inputs, *info.hidden]
            self.hidden = nn.ModuleList(
                nn.Linear(sizes[k], sizes[k + 1]) for k in range(len(info.hidden))
            )
            self.policy = nn.Linear(sizes[-1], info.actions)
            self.value = nn.Linear(sizes[-1], info.players)

        def forward(self, x: Any) -> tuple[Any, Any]:
            for layer in self.hidden:
                x = torch.relu(layer(x))
            return self.policy(x), torch.tanh(self.value(x))

    return Model()


def load_into(model: Any, network: Network) -> None:
    """Copy a numpy network's weights into its torch twin (the inverse of :func:`export`)."""
    torch = require_torch()
    layers = [*model.hidden, model.policy, model.value]
    with torch.no_grad():
        for layer, (w, b) in zip(layers, network.weights, strict=True):
            layer.weight.copy_(torch.from_numpy(w.T.copy()))
            layer.bias.copy_(torch.from_numpy(b.copy()))


def export(model: Any, info: NetworkInfo) -> Network:
    """The numpy network with ``model``'s weights."""
    layers = [*model.hidden, model.policy, model.value]
    weights = [
        (layer.weight.detach().cpu().numpy().T.copy(), layer.bias.detach().cpu().numpy().copy())
        for layer in layers
    ]
    return Network(info, weights)


def train_epochs(
    model: Any, optimiser: Any, samples: Samples, config: TrainConfig, seed: int
) -> tuple[float, float]:
    """Train on ``samples`` for ``config.epochs``; the last epoch's mean policy and value losses."""
    torch = require_torch()
    numpy = require_numpy()
    gen = numpy.random.default_rng(seed)
    inputs = torch.from_numpy(samples.inputs)
    policies = torch.from_numpy(samples.policies)
    values = torch.from_numpy(samples.values)
    count = len(samples)
    if config.policy_over not in POLICY_OVER:
        raise ValueError(
            f"the policy loss is over {' or '.join(POLICY_OVER)}, not {config.policy_over!r}"
        )
    targeted = config.policy_over == "targeted"
    policy_loss = value_loss = 0.0
    model.train()
    for _ in range(config.epochs):
        order = torch.from_numpy(gen.permutation(count))
        policy_sum = value_sum = 0.0
        for start in range(0, count, config.batch):
            idx = order[start : start + config.batch]
            logits, predicted = model(inputs[idx])
            target = policies[idx]
            if targeted:
                # Ids off the target get no probability, so the loss ranks the visited
                # actions among themselves instead of learning which ids are legal at all.
                logits = logits.masked_fill(target <= 0.0, -1e9)
            p_loss = -(target * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
            v_loss = ((predicted - values[idx]) ** 2).mean()
            optimiser.zero_grad()
            (p_loss + v_loss).backward()
            optimiser.step()
            policy_sum += float(p_loss.detach()) * len(idx)
            value_sum += float(v_loss.detach()) * len(idx)
        policy_loss, value_loss = policy_sum / count, value_sum / count
    model.eval()
    return policy_loss, value_loss


def measure(
    network: Network, config: TrainConfig, seed: int, workers: int, ray: str | None
) -> tuple[float, float]:
    """Mean return and share of wins of ``az`` against the fixed opponent, seats alternated."""
    tasks = [
        StrengthTask(
            network, config.simulations, config.eval_opponent, g % config.players, seed + g
        )
        for g in range(config.eval_games)
    ]
    results = run_tasks(play_strength_game, tasks, workers, ray)
    score = sum(results) / len(results)
    wins = sum(1 for r in results if r > 0) / len(results)
    return score, wins


def train(
    config: TrainConfig,
    out: Path,
    generations: int | None = None,
    hours: float | None = None,
    resume: bool = False,
    workers: int = 1,
    ray: str | None = None,
    say: Callable[[str], None] = print,
) -> RunState:
    """Run (or continue) training into ``out`` for ``generations`` more, or until ``hours`` pass."""
    torch = require_torch()
    numpy = require_numpy()
    torch.set_num_threads(1)  # one core per process: the machine is shared, and results repeat
    if generations is None and hours is None:
        raise ValueError("give a number of generations or of hours")
    out.mkdir(parents=True, exist_ok=True)
    info = network_info(config.game, config.players, config.hidden)
    model = make_model(info, config.seed)
    optimiser = torch.optim.Adam(
        model.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )
    checkpoint = out / CHECKPOINT
    window: Samples | None = None
    if resume and checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False)
        run = _run_from(saved["run"])
        if run.config != config:
            raise ValueError(
                f"{checkpoint} was written with other settings: {run.config}; give the same ones"
            )
        model.load_state_dict(saved["model"])
        optimiser.load_state_dict(saved["optimiser"])
        window = Samples(*(numpy.asarray(a) for a in saved["window"])) if saved["window"] else None
        say(f"resumed at generation {run.generation} ({run.games} games)")
    elif checkpoint.exists() and not resume:
        raise ValueError(
            f"{out} already holds a run: pass --resume to continue it, or another --out"
        )
    else:
        run = RunState(config)
        if config.init:
            start = Network.load(config.init)
            if start.info != info:
                raise ValueError(
                    f"{config.init} is a network for {start.info}, this run needs {info}"
                )
            load_into(model, start)
        Network.save(export(model, info), out / "gen-000.npz")
    model.eval()
    started = time.monotonic()
    done = 0
    while True:
        if generations is not None and done >= generations:
            break
        if hours is not None and time.monotonic() - started >= hours * 3600:
            break
        t0 = time.monotonic()
        g = run.generation + 1
        network = export(model, info)
        base = config.seed * 1_000_003 + g * 10_007
        tasks = [
            SelfPlayTask(
                network, config.simulations, base + i, temperature_moves=config.explore_moves
            )
            for i in range(config.games_per_generation)
        ]

        def progress(k: int, n: int, g: int = g) -> None:
            say(f"generation {g}: self-play game {k}/{n}")

        parts = run_tasks(play_selfplay_game, tasks, workers, ray, progress)
        fresh = join(parts)
        window = fresh if window is None else join([window, fresh])
        if len(window) > config.window:
            keep = slice(len(window) - config.window, None)
            window = Samples(window.inputs[keep], window.policies[keep], window.values[keep])
        p_loss, v_loss = train_epochs(model, optimiser, window, config, base)
        network = export(model, info)
        network.save(out / f"gen-{g:03d}.npz")
        network.save(out / "latest.npz")
        score, wins = measure(network, config, base + 7, workers, ray)
        run.generation = g
        run.games += config.games_per_generation
        run.seconds += time.monotonic() - t0
        run.curve.append(
            Generation(
                g, run.games, len(window), round(run.seconds, 1), p_loss, v_loss, score, wins
            )
        )
        torch.save(
            {
                "run": _run_json(run),
                "model": model.state_dict(),
                "optimiser": optimiser.state_dict(),
                "window": [window.inputs, window.policies, window.values],
            },
            checkpoint,
        )
        (out / "curve.json").write_text(json.dumps(_run_json(run), indent=1))
        plot_curve(run, out / "curve.png")
        say(
            f"generation {g}: {run.games} games, {len(window)} samples, losses policy "
            f"{p_loss:.3f} value {v_loss:.3f}; against {config.eval_opponent}: mean {score:+.2f}, "
            f"won {wins:.0%} ({run.seconds:.0f} s so far)"
        )
        done += 1
    return run


def _run_json(run: RunState) -> dict[str, Any]:
    raw = asdict(run)
    raw["config"]["hidden"] = list(run.config.hidden)
    return raw


def _run_from(raw: dict[str, Any]) -> RunState:
    config = dict(raw["config"])
    config["hidden"] = tuple(config["hidden"])
    return RunState(
        TrainConfig(**config),
        raw["generation"],
        raw["games"],
        raw["seconds"],
        [Generation(**g) for g in raw["curve"]],
    )


def plot_curve(run: RunState, path: Path) -> bool:
    """Plot strength against the fixed opponent by generation (False without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    gens = [g.generation for g in run.curve]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(gens, [g.wins for g in run.curve], marker="o", label="share won")
    ax.plot(gens, [g.score for g in run.curve], marker=".", label="mean return")
    ax.axhline(0.5 if run.config.players == 2 else 1 / run.config.players, color="grey", lw=0.5)
    ax.set_xlabel("generation")
    ax.set_title(f"{run.config.game} {run.config.players}p: az against {run.config.eval_opponent}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True
