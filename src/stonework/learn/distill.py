"""Distillation: fit the network to the games of a search teacher (``stonework distill``).

Self-play from a weak network trains on weak games (BENCHMARKS.md, "Learned evaluation"); a
tree search of the project (``mcts`` at a few hundred iterations) already plays well. A teacher
game records, at every decision with a choice, the mover's own observation tensor, the visit
shares of the teacher's root (the policy target, over the root's children only), the root's
mean value per seat and, once the game is over, the final returns (both rotated to the mover).
The value target mixes the two: ``mix`` times the outcome plus ``1 - mix`` times the root value,
because one game's outcome is a noisy label of a position and the root value a biased one.

Games are written in chunks (``teacher-NNNN.npz``) as they finish, so a stopped run resumes
where it stopped with ``--resume``; every game is seeded from the run's seed and its index, so
a chunk is the same however the run was spread over workers. Fitting needs PyTorch (the
``train`` extra); the games need only numpy.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from stonework.agents.base import Agent
from stonework.core.registry import get_game
from stonework.core.state import CHANCE, TERMINAL, Action, State
from stonework.learn.network import Network, network_info, require_numpy
from stonework.learn.pool import run_tasks
from stonework.learn.selfplay import Samples

CONFIG = "distill.json"
CHILD_VISITS = 8
"""Fewest visits of a root child recorded as a value row (its mean is the target)."""
CHUNK = "teacher-{:04d}.npz"


@dataclass(frozen=True)
class DistillConfig:
    """What the teacher games depend on (stored in the run's folder; ``--resume`` must match)."""

    game: str
    players: int
    teacher: str = "mcts:200"
    """An agent spec of a tree search (``mcts``, ``ismcts`` or ``az``, whose root the games
    record): ``az`` with a distilled network is expert iteration, the search improving on the
    network that guides it."""
    games: int = 400
    seed: int = 0
    explore_moves: int = 2
    """Moves per seat, at the start of each game, sampled by the root's visit shares."""
    chunk: int = 10
    """Games per file written."""
    child_rows: int = 0
    """Per decision, root children (of at least :data:`CHILD_VISITS` visits, drawn at random)
    also recorded as value-only rows: the position after the move, valued by the teacher's mean
    over that child. A network fitted to decisions alone sees only positions a good player
    reaches, and a search asks it about the positions after poor moves too. ``mcts``/``ismcts``
    teachers only (``az`` keeps no child values)."""


@dataclass(frozen=True)
class TeacherTask:
    """One teacher game: the settings and the game's index (its seed)."""

    config: DistillConfig
    index: int


def check_teacher(teacher: Agent, spec: str, children: bool = False) -> None:
    """ValueError unless ``teacher`` is a search whose root (and, with ``children``, its
    children's values) the games can record."""
    from stonework.agents.az import AZAgent
    from stonework.agents.mcts import MCTSAgent

    if not isinstance(teacher, (MCTSAgent, AZAgent)):
        raise ValueError(f"the teacher must be a tree search (mcts, ismcts, az), not {spec}")
    if children and not isinstance(teacher, MCTSAgent):
        raise ValueError(
            f"child rows need an mcts or ismcts teacher (az keeps no child values), not {spec}"
        )


def root_statistics(teacher: Agent) -> tuple[list[tuple[Action, int]], list[float]]:
    """The last search's visited root actions with their visits, and its mean value per seat.

    Empty lists when the last decision ran no search. ``mcts``/``ismcts`` keep their root
    (``last_root``); ``az`` keeps its root's visits and values (``last_visits``, ``last_values``).
    """
    from stonework.agents.az import AZAgent
    from stonework.agents.mcts import MCTSAgent

    if isinstance(teacher, AZAgent):  # last_visits holds only visited actions
        if not teacher.last_visits or not teacher.last_values:
            return [], []
        return list(teacher.last_visits.items()), list(teacher.last_values)
    assert isinstance(teacher, MCTSAgent)
    root = teacher.last_root
    if root is None or root.visits == 0:
        return [], []
    visited = [(a, c.visits) for a, c in root.children.items() if c.visits > 0]
    if not visited:
        return [], []
    return visited, [t / root.visits for t in root.totals]


def play_teacher_game(task: TeacherTask) -> dict[str, Any]:
    """One game of the teacher against itself: per decision the tensor, root shares and values.

    The arrays: ``inputs`` (positions × tensor), ``ids`` and ``shares`` (positions × the widest
    root, padded with -1 and 0), ``root`` and ``returns`` (positions × players, entry ``k`` for
    seat ``(mover + k) % players``).
    """
    from stonework.agents.catalog import agent_from_spec

    numpy = require_numpy()
    config = task.config
    spec = get_game(config.game)
    rng = random.Random(config.seed * 1_000_003 + task.index)
    teacher = agent_from_spec(config.teacher)
    check_teacher(teacher, config.teacher, config.child_rows > 0)
    # Child rows draw from their own stream: the same games are played with or without them.
    child_rng = random.Random(rng.getrandbits(64))
    state = spec.new_state(config.players, spec.options.resolve(config.game, {}))
    n = config.players
    inputs: list[list[float]] = []
    rows: list[list[tuple[int, float]]] = []
    roots: list[list[float]] = []
    seats: list[int] = []
    moves = [0] * n
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        tensor = state.observation_tensor(seat)
        action = teacher.act(state, rng)
        visited, values = root_statistics(teacher)
        if visited:
            total = sum(v for _, v in visited)
            rows.append([(state.action_id(a), v / total) for a, v in visited])
            roots.append([values[(seat + k) % n] for k in range(n)])
            inputs.append(tensor)
            seats.append(seat)
            if config.child_rows:
                for mover, child_tensor, means in child_values(teacher, state, config, child_rng):
                    rows.append([])
                    roots.append([means[(mover + k) % n] for k in range(n)])
                    inputs.append(child_tensor)
                    seats.append(mover)
            if moves[seat] < config.explore_moves:
                pick = rng.random() * total
                for a, v in visited:
                    pick -= v
                    if pick <= 0:
                        action = a
                        break
        moves[seat] += 1
        state.apply(action)
    final = state.returns()
    width = max((len(r) for r in rows), default=1)
    ids = numpy.full((len(rows), width), -1, dtype=numpy.int32)
    shares = numpy.zeros((len(rows), width), dtype=numpy.float32)
    for i, row in enumerate(rows):
        ids[i, : len(row)] = [a for a, _ in row]
        shares[i, : len(row)] = [s for _, s in row]
    info = network_info(config.game, config.players, (1,))
    return {
        "inputs": numpy.asarray(inputs, dtype=numpy.float32).reshape(len(rows), info.inputs),
        "ids": ids,
        "shares": shares,
        "root": numpy.asarray(roots, dtype=numpy.float32).reshape(len(rows), n),
        "returns": numpy.asarray(
            [[final[(s + k) % n] for k in range(n)] for s in seats], dtype=numpy.float32
        ).reshape(len(rows), n),
    }


def child_values(
    teacher: Agent, state: State, config: DistillConfig, rng: random.Random
) -> list[tuple[int, list[float], list[float]]]:
    """Up to ``config.child_rows`` root children of the teacher's last search, drawn among those
    of :data:`CHILD_VISITS` visits or more, each as (the seat to move after the move, its
    observation tensor, the child's mean value per seat); children that reach chance or the end
    are left out (a search asks the network about neither)."""
    from stonework.agents.mcts import MCTSAgent

    assert isinstance(teacher, MCTSAgent)
    root = teacher.last_root
    if root is None:
        return []
    kids = [(a, c) for a, c in root.children.items() if c.visits >= CHILD_VISITS]
    rng.shuffle(kids)
    out = []
    for action, child in kids:
        if len(out) == config.child_rows:
            break
        after = state.clone()
        after.apply(action)
        mover = after.current_player
        if mover in (CHANCE, TERMINAL):
            continue
        means = [t / child.visits for t in child.totals]
        out.append((mover, after.observation_tensor(mover), means))
    return out


def join_games(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Games' arrays in one set (roots padded to the widest), with ``game``: each row's index."""
    numpy = require_numpy()
    game = numpy.concatenate(
        [numpy.full(len(g["inputs"]), int(g.get("index", k))) for k, g in enumerate(games)]
    )
    return {**_join_rows(games, ("inputs", "root", "returns")), "game": game}


def _join_rows(parts: list[dict[str, Any]], plain: tuple[str, ...]) -> dict[str, Any]:
    """``parts``' rows in one set: root ids and shares padded to the widest root (ids with -1)."""
    numpy = require_numpy()
    width = max(p["ids"].shape[1] for p in parts)
    out: dict[str, Any] = {}
    for key in ("ids", "shares"):
        fill = -1 if key == "ids" else 0
        out[key] = numpy.concatenate(
            [
                numpy.pad(p[key], ((0, 0), (0, width - p[key].shape[1])), constant_values=fill)
                for p in parts
            ]
        )
    for key in plain:
        out[key] = numpy.concatenate([p[key] for p in parts])
    return out


def generate(
    config: DistillConfig,
    out: Path,
    resume: bool = False,
    workers: int = 1,
    ray: str | None = None,
    say: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Play (or finish) the run's teacher games in ``out``; all of them, joined."""
    numpy = require_numpy()
    out.mkdir(parents=True, exist_ok=True)
    saved = out / CONFIG
    if saved.exists():
        if not resume:
            raise ValueError(f"{out} already holds teacher games: pass --resume, or another --out")
        before = DistillConfig(**json.loads(saved.read_text()))
        # The number of games may change (play more, or fit to fewer): each game depends on
        # the other settings and its index only.
        if replace(before, games=config.games) != config:
            raise ValueError(f"{saved} was written with other settings: {before}; give the same")
    saved.write_text(json.dumps(asdict(config), indent=1))
    chunks = (config.games + config.chunk - 1) // config.chunk
    for c in range(chunks):
        path = out / CHUNK.format(c)
        if path.exists():
            continue
        first = c * config.chunk
        indices = range(first, min(config.games, first + config.chunk))
        tasks = [TeacherTask(config, i) for i in indices]

        def progress(k: int, total: int, first: int = first) -> None:
            say(f"teacher game {first + k}/{config.games}")

        games = run_tasks(play_teacher_game, tasks, workers, ray, progress)
        for index, game in zip(indices, games, strict=True):
            game["index"] = numpy.asarray(index)
        joined = join_games(games)
        tmp = path.with_suffix(".tmp.npz")
        numpy.savez_compressed(tmp, **joined)
        tmp.replace(path)
    return load_games(out, config.games)


def load_games(out: Path, games: int | None = None) -> dict[str, Any]:
    """The teacher games in ``out`` (the first ``games`` of them), joined (ValueError if none)."""
    numpy = require_numpy()
    paths = sorted(out.glob("teacher-[0-9][0-9][0-9][0-9].npz"))
    if games is not None:
        chunk = DistillConfig(**json.loads((out / CONFIG).read_text())).chunk
        paths = [p for p in paths if int(p.stem.split("-")[1]) * chunk < games]
    if not paths:
        raise ValueError(f"no teacher games in {out}")
    parts = []
    for path in paths:
        with numpy.load(path) as data:
            parts.append({k: data[k] for k in data.files})
    joined = _join_rows(parts, ("inputs", "root", "returns", "game"))
    if games is not None and int(joined["game"].max()) >= games:
        keep = joined["game"] < games
        joined = {k: v[keep] for k, v in joined.items()}
    return joined


def to_samples(data: dict[str, Any], rows: Any, actions: int, mix: float) -> Samples:
    """Training samples of ``rows``: dense visit shares, value ``mix`` × outcome + rest × root."""
    numpy = require_numpy()
    if not 0.0 <= mix <= 1.0:
        raise ValueError(f"the value mix is a share from 0 to 1, not {mix}")
    ids, shares = data["ids"][rows], data["shares"][rows]
    policies = numpy.zeros((len(rows), actions), dtype=numpy.float32)
    r, c = numpy.nonzero(ids >= 0)
    policies[r, ids[r, c]] = shares[r, c]
    values = mix * data["returns"][rows] + (1.0 - mix) * data["root"][rows]
    return Samples(
        numpy.ascontiguousarray(data["inputs"][rows]), policies, values.astype(numpy.float32)
    )


def symmetries(game: str, actions: int) -> list[tuple[Any, Any]]:
    """The game's symmetries as (tensor index, action id index) maps; none for most games.

    A sample ``(x, p, v)`` turned is ``(x[tensor], p[ids], v)``: both maps undo themselves.
    """
    numpy = require_numpy()
    if game == "aztec":
        from stonework.games.aztec import symmetry

        return [(numpy.asarray(symmetry.TENSOR_INDEX), numpy.asarray(symmetry.action_ids(actions)))]
    return []


def with_symmetries(samples: Samples, maps: list[tuple[Any, Any]]) -> Samples:
    """``samples`` followed by their images under every map of :func:`symmetries`."""
    numpy = require_numpy()
    inputs, policies, values = [samples.inputs], [samples.policies], [samples.values]
    for tensor, ids in maps:
        inputs.append(samples.inputs[:, tensor])
        policies.append(samples.policies[:, ids])
        values.append(samples.values)
    return Samples(
        numpy.concatenate(inputs), numpy.concatenate(policies), numpy.concatenate(values)
    )


def score(network: Network, data: dict[str, Any], rows: Any) -> dict[str, float]:
    """Held-out figures: value MSE against the outcome, winner named, teacher's move top-1."""
    numpy = require_numpy()
    errors, signs, hits = [], [], []
    for i in rows:
        legal = [int(a) for a in data["ids"][i] if a >= 0]
        if not legal:  # a child row (value only): the figures are the decisions'
            continue
        logits, values = network.predict(data["inputs"][i], legal)
        target = data["returns"][i]
        errors.append(float(numpy.mean((values - target) ** 2)))
        signs.append(float(numpy.sign(values[0]) == numpy.sign(target[0])))
        best = legal[int(numpy.argmax(data["shares"][i][: len(legal)]))]
        hits.append(float(legal[int(numpy.argmax(logits))] == best))
    return {
        "value_mse": float(numpy.mean(errors)),
        "winner_named": float(numpy.mean(signs)),
        "policy_top1": float(numpy.mean(hits)),
    }


@dataclass(frozen=True)
class FitConfig:
    """How the network is fitted to the teacher games."""

    hidden: tuple[int, ...] = (128, 64)
    epochs: int = 10
    mix: float = 0.5
    """Weight of the final outcome in the value target (the rest: the teacher's root value)."""
    held_out: float = 0.1
    """Share of the games (the last ones) kept out of training, to report on."""
    learning_rate: float = 2e-3
    seed: int = 0
    init: str = ""
    symmetric: bool = True
    """Train on every position's images under the game's symmetries too (Aztec: the half turn)."""
    policy_over: str = "all"
    """The policy loss's softmax over ``all`` ids or the ``targeted`` (visited) ones."""


def fit(
    data: dict[str, Any], config: DistillConfig, fit_config: FitConfig
) -> tuple[Network, dict[str, dict[str, float]]]:
    """Fit a network (PyTorch) to the teacher games; the exported network and held-out figures."""
    from stonework.learn.train import (
        TrainConfig,
        export,
        load_into,
        make_model,
        require_torch,
        train_epochs,
    )

    numpy = require_numpy()
    torch = require_torch()
    torch.set_num_threads(1)  # one core: the machine is shared, and results repeat
    info = network_info(config.game, config.players, fit_config.hidden)
    games = numpy.unique(data["game"])
    kept = games[: max(1, len(games) - int(len(games) * fit_config.held_out))]
    held = ~numpy.isin(data["game"], kept)
    train_rows, test_rows = numpy.flatnonzero(~held), numpy.flatnonzero(held)
    samples = to_samples(data, train_rows, info.actions, fit_config.mix)
    if fit_config.symmetric:
        samples = with_symmetries(samples, symmetries(config.game, info.actions))
    train_config = TrainConfig(
        config.game,
        config.players,
        hidden=fit_config.hidden,
        epochs=fit_config.epochs,
        learning_rate=fit_config.learning_rate,
        policy_over=fit_config.policy_over,
    )
    model = make_model(info, fit_config.seed)
    if fit_config.init:
        start = Network.load(fit_config.init)
        if start.info != info:
            raise ValueError(f"{fit_config.init} is a network for {start.info}, not {info}")
        load_into(model, start)
    optimiser = torch.optim.Adam(
        model.parameters(), lr=train_config.learning_rate, weight_decay=train_config.weight_decay
    )
    train_epochs(model, optimiser, samples, train_config, fit_config.seed)
    network = export(model, info)
    report = {"train": score(network, data, train_rows[:: max(1, len(train_rows) // 2000)])}
    if len(test_rows):
        report["held out"] = score(network, data, test_rows)
    return network, report
