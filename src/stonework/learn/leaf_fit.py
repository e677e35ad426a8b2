"""Fitting a learned leaf value to teacher games (``stonework leafnet``; numpy only).

Every decision of every game is replayed; each seat gives one row: its input (its features and
its rival's, the game's ``leaf_net.seat_rows``) and, as the target, its final margin over the
best other seat (or, with a lambda below 1, the lambda-return of :func:`lambda_returns`,
bootstrapped from the hand estimate or from the teacher's own search; the validation and
held-out figures are always against the final margin). What differs between
games is their hook (:mod:`.leaf_kinds`).
The games are split in journal order: the last 20% are held out (the report's figures), and of
the rest the last eighth (games 70-80%) only choose the epoch kept. The rows of one game share
their target, so a fit memorises games long before its training error stops falling: the
validation games stop it, the held-out games say how well it does on games it never saw.

The MLP (the game's ``leaf_net.LeafNet``) is fitted by Adam to the mean squared error of the
margin, or with ``residual`` to what the hand estimate's margin misses. The report sets it beside
the hand estimate that ``hard`` judges its leaves by (``evaluation.estimate``) and, for
Akropolis, the linear model of ``leaf_estimate`` refitted by least squares to the same training
games, all in points.

The arithmetic is that of ``benchmarks/akropolis_leaf_net.py fit`` step for step (the script now
calls this module), so a journal and settings give the same weights either way.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from stonework.games.akropolis.leaf_net import LeafNet
from stonework.games.leaf_mlp import LeafMLP
from stonework.learn.leaf_games import GAME, PLAYERS, replay
from stonework.learn.leaf_kinds import leaf_kind

HELD_OUT: float = 0.8
"""Games from this share of the journal on are held out."""
FITTED: float = 0.7
"""Games before this share are fitted; those from here to :data:`HELD_OUT` choose the epoch."""
MODELS = ("hand estimate", "linear refit", "MLP", "teacher's search")
"""The report's models: ``hard``'s leaves, ``leaf_estimate`` refitted (Akropolis), the network,
and the teacher's root values turned into points (where the journal keeps them; a decision
without one counts the hand estimate)."""
VALUE_CLIP: float = 0.99
"""Root values are clipped to this before ``atanh`` turns them into points (a sure win would be
an endless margin): at Akropolis's scale of 25, 66 points at most."""
BOOTSTRAPS = ("hand", "search")
"""What a lambda-return leans on at the next position: the hand estimate, or the teacher's
search there (:func:`search_margins`)."""


def dataset(
    games: list[dict[str, Any]], game: str = GAME, players: int = PLAYERS
) -> dict[str, np.ndarray]:
    """Per position and seat: net inputs, linear features (Akropolis; none elsewhere), hand
    estimate margin, true margin (over the best other seat), the seat's total, and the
    teacher's root value there (``value``: NaN where the journal keeps none).

    Rows come in runs of ``players`` (seat 0 first) per position; ``game`` is each row's game
    index.
    """
    kind = leaf_kind(game, players)
    linear = kind.linear_features()
    x, lin, margin, total, game_of, value = [], [], [], [], [], []
    missing = [math.nan] * players
    for g, line in enumerate(games):
        positions, totals = replay(line, game, players)
        best_other = [max(totals[:seat] + totals[seat + 1 :]) for seat in range(players)]
        roots = line.get("values") or [None] * len(positions)
        for state, root in zip(positions, roots, strict=True):
            x.extend(kind.rows(state))
            value.extend(missing if root is None else root)
            for seat in range(players):
                if linear is not None:
                    lin.append(linear(state, seat))
                margin.append(totals[seat] - best_other[seat])
                total.append(totals[seat])
                game_of.append(g)
    inputs = np.array(x, dtype=np.float64)
    return {
        "x": inputs,
        "lin": np.array(lin, dtype=np.float64).reshape(len(margin), -1),
        "hand": kind.net.hand_margins(inputs),
        "margin": np.array(margin),
        "total": np.array(total),
        "game": np.array(game_of),
        "value": np.array(value, dtype=np.float64),
    }


def search_margins(values: np.ndarray, hand: np.ndarray, scale: float) -> np.ndarray:
    """The teacher's root values as margins in points (``scale * atanh``, clipped at
    :data:`VALUE_CLIP`), the hand estimate's margin where a row has none (NaN).

    A root value is a mean of squashed leaf values, so this reads a little short of the margin
    the search expected when it was sure; the fit's report shows how well it predicts.

    >>> search_margins(np.array([0.0, np.nan, 1.0]), np.array([5.0, 7.0, 0.0]), 25.0).round(1)
    array([ 0. ,  7. , 66.2])
    """
    clipped = np.clip(values, -VALUE_CLIP, VALUE_CLIP)
    points = scale * np.arctanh(np.nan_to_num(clipped))
    return np.where(np.isnan(values), hand, points)


@dataclass(frozen=True)
class Epoch:
    """One point of the learning curve: RMS errors of the margin in points.

    ``train`` is the mean over the epoch's batches as the weights moved (None before the first
    epoch), ``validation`` the error on the validation games after it (None without them).
    """

    epoch: int
    train: float | None
    validation: float | None


@dataclass
class MLPFit:
    """A fitted network, its learning curve, and the epoch whose weights it kept (0: the start);
    ``snapshots[e]`` is the network after epoch ``e`` (0: the start), for a choice by play."""

    net: LeafMLP
    curve: list[Epoch] = field(default_factory=list)
    kept: int = 0
    snapshots: list[LeafMLP] = field(default_factory=list)


def net_margins(net: LeafMLP, x: np.ndarray, players: int) -> np.ndarray:
    """The network's margins of :func:`dataset` rows, as the searches ask it: at two players
    both ways round (own row less the rival's, halved), from three players as they are."""
    raw: np.ndarray = np.asarray(net.margins_batch(x), dtype=np.float64)
    if players != 2:
        return raw
    # Rows come in (seat 0, seat 1) pairs per position: the rival's row is the neighbour.
    both: np.ndarray = (raw - raw[np.arange(len(raw)) ^ 1]) / 2
    return both


def rms(pred: np.ndarray, truth: np.ndarray) -> float:
    """Root mean squared difference."""
    return float(np.sqrt(((pred - truth) ** 2).mean()))


def fit_mlp(
    x: np.ndarray,
    y: np.ndarray,
    hidden: tuple[int, ...],
    epochs: int,
    seed: int,
    lr: float = 1e-3,
    decay: float = 1e-4,
    batch: int = 256,
    residual: bool = False,
    valid: tuple[np.ndarray, np.ndarray] | None = None,
    say: Callable[[str], None] | None = None,
    net: type[LeafMLP] = LeafNet,
    players: int = PLAYERS,
) -> MLPFit:
    """An MLP fitted by Adam to the margins ``y`` (inputs standardised), as a ``net`` (a game's
    ``LeafNet``, Akropolis's unless told) for ``players`` players.

    ``residual``: the network learns what the hand estimate's margin misses (its output is
    added to it). ``valid`` (inputs, margins of games not fitted): the weights kept are those of
    the epoch with the least error there, the start included. ``say`` gets a line per epoch.
    """
    gen = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-6] = 1.0  # a constant input (a feature never seen at 2 players) stays at 0
    xs = (x - mean) / std

    def base(rows: np.ndarray) -> np.ndarray:
        return net.hand_margins(rows) if residual else np.zeros(len(rows))

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

    def net_of(ps: list[np.ndarray]) -> LeafMLP:
        layers = [(ps[k].copy(), ps[k + 1].copy()) for k in range(0, len(ps), 2)]
        return net(players, net.FEATURE_NAMES, mean, std, layers, scale, residual)

    result = MLPFit(net_of(params))
    result.snapshots.append(result.net)
    best: float | None = None
    if valid is not None:
        best = rms(result.net.margins_batch(valid[0]), valid[1])
        result.curve.append(Epoch(0, None, best))
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
        train = (total / n) ** 0.5 * scale
        line = f"epoch {epoch + 1}/{epochs}: train RMS {train:.2f} points"
        validation = None
        now = net_of(params)
        result.snapshots.append(now)
        if valid is not None and best is not None:
            validation = rms(now.margins_batch(valid[0]), valid[1])
            line += f", validation {validation:.2f}"
            if validation < best:
                best = validation
                result.net, result.kept = now, epoch + 1
        result.curve.append(Epoch(epoch + 1, train, validation))
        if say is not None:
            say(line)
    if valid is None:
        result.net, result.kept = result.snapshots[-1], epochs
    return result


def figures(pred: np.ndarray, truth: np.ndarray) -> dict[str, float]:
    """The margin's RMS error (points) and the share of decided positions whose winner the
    prediction's sign names."""
    decided = truth != 0
    named = float((np.sign(pred[decided]) == np.sign(truth[decided])).mean())
    return {"margin_rmse": rms(pred, truth), "winner_named": named}


@dataclass(frozen=True)
class FitSettings:
    """How the network is fitted (the report keeps them)."""

    hidden: tuple[int, ...] = (32, 16)
    epochs: int = 12
    seed: int = 0
    lr: float = 1e-3
    decay: float = 1e-3
    residual: bool = True
    lam: float = 1.0
    """The targets' lambda: 1 fits each position to its game's final margin; below 1 to the
    lambda-return of :func:`lambda_returns`, bootstrapped as ``bootstrap`` says."""
    bootstrap: str = "hand"
    """What the lambda-returns lean on at the next position (:data:`BOOTSTRAPS`): ``hand``, the
    hand estimate; ``search``, the teacher's root value there (:func:`search_margins`), which
    has looked further ahead than the estimate."""


def lambda_returns(
    final: np.ndarray, estimate: np.ndarray, game: np.ndarray, players: int, lam: float
) -> np.ndarray:
    """Each row's lambda-return: ``G = (1 - lam) * e' + lam * G'`` from its seat's estimate
    ``e'`` and return ``G'`` at the game's next position, the last position's return being its
    final margin (rows in runs of ``players`` per position, each game's positions in order).

    Why: a final margin is mostly the tiles still to be drawn (an RMS error of 22 points on
    margins whose spread is 29), the same noise for every position of a game. Leaning on the
    estimate a few moves on keeps the later draws' luck out of the target; judged on final
    margins, a fit to these returns erred less on games it never saw (docs/models.md).

    >>> final = np.array([4.0, -4.0, 4.0, -4.0, 4.0, -4.0])
    >>> estimate = np.array([0.0, 0.0, 2.0, -2.0, 6.0, -6.0])
    >>> lambda_returns(final, estimate, np.zeros(6, dtype=int), 2, 0.5).tolist()
    [3.5, -3.5, 5.0, -5.0, 4.0, -4.0]
    """
    out = np.array(final, dtype=np.float64)
    if lam >= 1.0:
        return out
    runs = out.reshape(-1, players)
    guess = np.asarray(estimate, dtype=np.float64).reshape(-1, players)
    games = np.asarray(game).reshape(-1, players)[:, 0]
    for p in range(len(runs) - 2, -1, -1):
        if games[p] == games[p + 1]:
            runs[p] = (1.0 - lam) * guess[p + 1] + lam * runs[p + 1]
    return out


def parts(games: int) -> dict[str, int]:
    """How many of ``games`` games are fitted, choose the epoch, and are held out."""
    cut = int(HELD_OUT * games)
    fitted = int(FITTED * games)
    return {"fitted": fitted, "validation": cut - fitted, "held out": games - cut}


def over_best_other(totals: np.ndarray, players: int) -> np.ndarray:
    """Each row's total less the best other seat's of its position (rows in runs of
    ``players``, seat 0 first).

    >>> over_best_other(np.array([10.0, 4.0, 7.0, 1.0, 2.0, 3.0]), 3).tolist()
    [3.0, -6.0, -3.0, -2.0, -1.0, 1.0]
    """
    runs = totals.reshape(-1, players)
    out = np.empty_like(runs)
    for seat in range(players):
        others = np.delete(runs, seat, axis=1)
        out[:, seat] = runs[:, seat] - others.max(axis=1)
    return out.reshape(-1)


def fit_targets(
    data: dict[str, np.ndarray], settings: FitSettings, scale: float, players: int
) -> np.ndarray:
    """The targets a :func:`dataset` is fitted to: its lambda-returns, leaning on the hand
    estimate or on the teacher's search as ``settings.bootstrap`` says."""
    leaning = data["hand"]
    if settings.bootstrap == "search":
        leaning = search_margins(data["value"], data["hand"], scale)
    return lambda_returns(data["margin"], leaning, data["game"], players, settings.lam)


def fit_games(
    games: list[dict[str, Any]],
    settings: FitSettings,
    say: Callable[[str], None] | None = None,
    game: str = GAME,
    players: int = PLAYERS,
    choose: Callable[[MLPFit], int] | None = None,
    pool: list[dict[str, Any]] | None = None,
) -> tuple[MLPFit, dict[str, Any]]:
    """The network of ``game`` at ``players`` players fitted to ``games`` and its report (figures
    per part and model, the curve).

    ``pool``: games of earlier runs, all fitted beside the fitted part of ``games``; the
    validation and held-out parts stay those of ``games`` alone, so the figures compare with a
    fit to ``games`` without them.

    ``choose`` (the fit, its snapshots by epoch) names the epoch to keep instead of the one of
    least validation error (``stonework leafnet --check-games``: by play, :mod:`.leaf_check`);
    the report's figures are then the chosen network's.

    ValueError if a part of :func:`parts` is empty (too few games) or a game does not replay.
    """
    split = parts(len(games))
    if min(split.values()) < 1:
        raise ValueError(
            f"{len(games)} games are too few to fit: the fitted, validation and held-out "
            f"games would be {split['fitted']}, {split['validation']} and {split['held out']} "
            "(the first 70%, the next 10%, the last 20%); play more, at least 4"
        )
    kind = leaf_kind(game, players)
    data = dataset(games, game, players)
    cut = int(HELD_OUT * len(games))
    train = data["game"] < cut
    test = ~train
    y = data["margin"]
    predictions = {MODELS[0]: data["hand"]}
    searched = ~np.isnan(data["value"])
    if settings.bootstrap == "search" and not searched.any():
        raise ValueError(
            "the games keep no root values of their teacher (journals written before they were "
            "kept, or a teacher that is not a tree search): bootstrap from the hand estimate"
        )
    scale = kind.value_scale(players)
    search = search_margins(data["value"], data["hand"], scale)
    if data["lin"].shape[1]:
        # The linear model of leaf_estimate refitted here: each seat's total on its features,
        # the margin taken over the best other seat's (as fitted_lead_values does).
        design = np.concatenate([data["lin"], np.ones((len(y), 1))], axis=1)
        w, *_ = np.linalg.lstsq(design[train], data["total"][train], rcond=None)
        predictions[MODELS[1]] = over_best_other(design @ w, players)
    fitted = data["game"] < int(FITTED * len(games))
    valid = train & ~fitted
    if say is not None:
        say(
            f"{len(games)} games: {int(fitted.sum())} fitted, {int(valid.sum())} validation and "
            f"{int(test.sum())} held-out seat-positions"
        )
    targets = fit_targets(data, settings, scale, players)
    fit_x, fit_y = data["x"][fitted], targets[fitted]
    pooled = 0
    if pool:
        more = dataset(pool, game, players)
        if settings.bootstrap == "search" and np.isnan(more["value"]).all():
            raise ValueError(
                "the pooled games keep no root values of their teacher: bootstrap from the hand "
                "estimate, or pool games that keep them"
            )
        more_y = fit_targets(more, settings, scale, players)
        # The fit shuffles its rows every epoch: where the pooled ones go does not matter.
        fit_x = np.concatenate([more["x"], fit_x])
        fit_y = np.concatenate([more_y, fit_y])
        pooled = len(more_y)
        if say is not None:
            say(f"{len(pool)} pooled games: {pooled} more fitted seat-positions")
    result = fit_mlp(
        fit_x,
        fit_y,
        settings.hidden,
        settings.epochs,
        settings.seed,
        lr=settings.lr,
        decay=settings.decay,
        residual=settings.residual,
        valid=(data["x"][valid], y[valid]),
        say=say,
        net=kind.net,
        players=players,
    )
    if choose is not None:
        kept = choose(result)
        if not 0 <= kept < len(result.snapshots):
            raise ValueError(f"no epoch {kept} to keep: the fit ran {settings.epochs}")
        result.net, result.kept = result.snapshots[kept], kept
    predictions[MODELS[2]] = net_margins(result.net, data["x"], players)
    if searched.any():
        predictions[MODELS[3]] = search
    report: dict[str, Any] = {
        "games": len(games),
        "games_in_parts": split,
        "seat_positions": {
            "fitted": int(fitted.sum()),
            "validation": int(valid.sum()),
            "held out": int(test.sum()),
        },
        "pooled": {"games": len(pool or []), "seat_positions": pooled},
        "kept_epoch": result.kept,
        "seat_positions_with_root_values": int(searched.sum()),
        "kept_by": "validation" if choose is None else "play",
    }
    for part, mask in (("held out", test), ("train", train)):
        report[part] = {name: figures(p[mask], y[mask]) for name, p in predictions.items()}
    report["curve"] = [asdict(point) for point in result.curve]
    report["settings"] = asdict(settings)
    return result, report


def plot_curve(
    result: MLPFit,
    path: Path,
    title: str,
    kept_by: str = "validation",
    strength: list[tuple[int, float, float]] | None = None,
) -> bool:
    """Draw the train and validation errors by epoch, the kept epoch marked (and whether it was
    chosen by ``validation`` or by ``play``), as an SVG or PNG (by ``path``'s suffix; False
    without matplotlib). ``strength`` (epoch, share ahead of a ``hard`` seat, its standard
    error), from a choice by play, is drawn beside them on its own axis: the strength of each
    epoch's network against a fixed opponent."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        return False
    figure, axes = plt.subplots(figsize=(6.5 if strength else 6, 4))
    trained = [(p.epoch, p.train) for p in result.curve if p.train is not None]
    checked = [(p.epoch, p.validation) for p in result.curve if p.validation is not None]
    handles: list[Any] = []  # lines and an error-bar container: matplotlib legend handles
    for points, marker, label in (
        (trained, ".", "train (during the epoch)"),
        (checked, "o", "validation"),
    ):
        if points:
            handles += axes.plot(*zip(*points, strict=True), marker=marker, label=label)
    handles.append(
        axes.axvline(
            result.kept,
            color="grey",
            lw=0.8,
            ls="--",
            label=f"kept (epoch {result.kept}, by {kept_by})",
        )
    )
    axes.set_xlabel("epoch")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel("margin RMS error (points)")
    if strength:
        right = axes.twinx()
        epochs = [e for e, _, _ in strength]
        shares = [100 * a for _, a, _ in strength]
        bars = [196 * se for _, _, se in strength]  # 1.96 standard errors, in percent
        handles.append(
            right.errorbar(
                epochs,
                shares,
                yerr=bars,
                color="tab:green",
                marker="s",
                capsize=3,
                label="ahead of a hard seat (%)",
            )
        )
        right.axhline(50, color="tab:green", lw=0.6, ls=":")
        right.set_ylim(0, 100)
        right.set_ylabel("ahead of a hard seat (%)")
    axes.set_title(title)
    # Below the plot, not on it: inside, it sat over the last epoch's error bar.
    axes.legend(
        handles=handles,
        fontsize="small",
        loc="upper center",
        bbox_to_anchor=(0.5, -0.17),
        ncols=2,
        frameon=False,
    )
    figure.tight_layout()
    # No date in the SVG: the same run draws the same file.
    figure.savefig(
        path,
        metadata={"Date": None} if path.suffix == ".svg" else None,
        bbox_inches="tight",
    )
    plt.close(figure)
    return True
