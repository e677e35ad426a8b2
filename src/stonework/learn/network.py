"""A small value-and-policy network evaluated in pure numpy, and its weight files (``.npz``).

The network reads one seat's own observation tensor (``State.observation_tensor(seat)``, which
never holds what that seat cannot see) and answers a prior over the game's action ids and a
value per seat, *relative to the observer*: output ``k`` is the value of seat
``(observer + k) % players``, so one network serves every seat. It is a multi-layer perceptron
(ReLU hidden layers, a policy head of logits, a ``tanh`` value head): small enough to evaluate a
few thousand times a second on one core.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import numpy as np
except ImportError:  # numpy is optional: the agents that need it say so when built
    np = None  # type: ignore[assignment]

NEEDS_NUMPY = (
    "the learned agent needs numpy: install it with `pip install numpy` "
    "(or the project's `rl` or `train` extra)"
)


def require_numpy() -> Any:
    """The numpy module, or a RuntimeError saying how to install it."""
    if np is None:
        raise RuntimeError(NEEDS_NUMPY)
    return np


@dataclass(frozen=True)
class NetworkInfo:
    """What a weight file is for: the game, the player count and the sizes it was built with."""

    game: str
    players: int
    inputs: int
    actions: int
    hidden: tuple[int, ...]

    def to_json(self) -> str:
        """The description stored in the weight file."""
        return json.dumps(
            {
                "game": self.game,
                "players": self.players,
                "inputs": self.inputs,
                "actions": self.actions,
                "hidden": list(self.hidden),
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> NetworkInfo:
        """Read the description back (ValueError if it is not one)."""
        try:
            raw = json.loads(text)
            return cls(
                game=str(raw["game"]),
                players=int(raw["players"]),
                inputs=int(raw["inputs"]),
                actions=int(raw["actions"]),
                hidden=tuple(int(h) for h in raw["hidden"]),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"not a network description: {exc}") from None


class Network:
    """The numpy network: ``predict(tensor)`` gives (logits over action ids, relative values)."""

    def __init__(self, info: NetworkInfo, weights: list[tuple[Any, Any]]) -> None:
        numpy = require_numpy()
        layers = len(info.hidden) + 2  # hidden layers, then the policy and the value heads
        if len(weights) != layers:
            raise ValueError(f"a network of {len(info.hidden)} hidden layers has {layers} layers")
        sizes = [info.inputs, *info.hidden]
        for k, (w, b) in enumerate(weights[:-2]):
            _check(w, b, sizes[k], sizes[k + 1])
        _check(*weights[-2], sizes[-1], info.actions)
        _check(*weights[-1], sizes[-1], info.players)
        self.info = info
        # Stored as float32 (the file's precision, so a network read back is the one written),
        # computed in float64: this machine's BLAS multiplies a float32 vector by the first
        # layer five times slower than a float64 one (BENCHMARKS.md, "az's forward pass in
        # float64"), and a forward pass was a quarter of an Aztec simulation.
        self.weights = [
            (
                numpy.asarray(w, dtype=numpy.float32).astype(numpy.float64),
                numpy.asarray(b, dtype=numpy.float32).astype(numpy.float64),
            )
            for w, b in weights
        ]
        # The policy head by rows: a search wants the logits of the few legal actions only.
        self._policy_rows = numpy.ascontiguousarray(self.weights[-2][0].T)

    @classmethod
    def random(cls, info: NetworkInfo, seed: int = 0) -> Network:
        """An untrained network (He-initialised hidden layers, small heads), seeded."""
        numpy = require_numpy()
        gen = numpy.random.default_rng(seed)
        sizes = [info.inputs, *info.hidden]
        weights = [
            (
                gen.normal(0.0, (2.0 / sizes[k]) ** 0.5, (sizes[k], sizes[k + 1])),
                numpy.zeros(sizes[k + 1]),
            )
            for k in range(len(info.hidden))
        ]
        for out in (info.actions, info.players):
            weights.append((gen.normal(0.0, 0.01, (sizes[-1], out)), numpy.zeros(out)))
        return cls(info, weights)

    def predict(self, tensor: Any, ids: list[int] | None = None) -> tuple[Any, Any]:
        """Policy logits (over every action id, or over ``ids``) and the values per seat.

        The values are relative to the observer: entry ``k`` is seat ``(observer + k) % n``.
        """
        numpy = require_numpy()
        # In the weights' precision: float64 here (benchmarks/network_precision_cost.py gives a
        # copy float32 weights to measure the difference).
        x = numpy.asarray(tensor, dtype=self.weights[0][0].dtype)
        for w, b in self.weights[:-2]:
            x = numpy.maximum(x @ w + b, 0.0)
        wp, bp = self.weights[-2]
        wv, bv = self.weights[-1]
        values = numpy.tanh(x @ wv + bv)
        if ids is None:
            return x @ wp + bp, values
        return self._policy_rows[ids] @ x + bp[ids], values

    def save(self, path: str | Path) -> None:
        """Write the weights and the description to an ``.npz`` file."""
        numpy = require_numpy()
        arrays: dict[str, Any] = {"info": numpy.array(self.info.to_json())}
        for k, (w, b) in enumerate(self.weights):
            arrays[f"w{k}"] = w.astype(numpy.float32)
            arrays[f"b{k}"] = b.astype(numpy.float32)
        with open(path, "wb") as handle:
            numpy.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """Read a network written by :meth:`save` (ValueError if the file is not one)."""
        numpy = require_numpy()
        try:
            with numpy.load(path, allow_pickle=False) as data:
                info = NetworkInfo.from_json(str(data["info"]))
                layers = len(info.hidden) + 2
                weights = [(data[f"w{k}"], data[f"b{k}"]) for k in range(layers)]
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"cannot read network {str(path)!r}: {exc}") from None
        return cls(info, weights)


def _check(w: Any, b: Any, rows: int, cols: int) -> None:
    if tuple(w.shape) != (rows, cols) or tuple(b.shape) != (cols,):
        raise ValueError(f"a layer of {rows}x{cols} has weights {tuple(w.shape)}, {tuple(b.shape)}")


def network_info(game: str, players: int, hidden: tuple[int, ...] = (128, 64)) -> NetworkInfo:
    """The description of a network for ``game`` at ``players`` (sizes from a new game)."""
    from stonework.core.registry import get_game

    spec = get_game(game)
    state = spec.new_state(players, spec.options.resolve(game, {}))
    size = 1
    for dim in state.observation_shape():
        size *= dim
    return NetworkInfo(game, players, size, state.num_distinct_actions(), hidden)


SHIPPED: dict[tuple[str, int], str] = {
    # Distilled from 3,000 games of mcts:300: at 0.1 s of CPU a move it beats hard in 74% of
    # 200 games; at hard's 1.5 s alone it does not (41% of 68), with playouts mixed into its
    # leaves (az rollout=0.5, the expert level) it does (60% of 200); docs/models.md.
    ("aztec", 2): "aztec-2p-mcts300x3000.npz",
}
"""Networks shipped in the package, by (game, players): file names under ``learn/weights/``.
A network is listed here only once it is measured stronger than ``hard`` at an equal time a move."""


def shipped_network(game: str, players: int) -> Network | None:
    """The network shipped for ``game`` at ``players``, if one is (measured stronger) shipped."""
    name = SHIPPED.get((game, players))
    if name is None:
        return None
    from importlib.resources import files

    return Network.load(str(files("stonework.learn") / "weights" / name))
