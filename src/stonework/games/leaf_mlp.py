"""The small numpy MLP behind the games' learned leaf values, and its ``.npz`` file.

Each game's ``leaf_net`` module describes a seat's position as named features and lays them out
as rows of seat blocks (the seat's own block first, the rival's next); this module holds what
they share: the network (standardised inputs, ReLU hidden layers, one linear output in points,
optionally a *residual* on the hand estimate's margin read from the first two blocks), its file
(the arrays and a JSON description with a format tag naming the game) and the reading of that
tag, so that ``leafnet=PATH`` finds the game a file is for. Playing needs numpy only.
"""

from __future__ import annotations

import json
import math
import zipfile
from pathlib import Path
from typing import Any, ClassVar, Self

try:
    import numpy as np
except ImportError:  # numpy is optional: loading a network says how to install it
    np = None  # type: ignore[assignment]

NEEDS_NUMPY = "the learned leaf value needs numpy: `pip install numpy`"
_READ_ERRORS = (OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile)


def require_numpy() -> None:
    """RuntimeError saying how to install numpy, if it is missing."""
    if np is None:
        raise RuntimeError(NEEDS_NUMPY)


def _info(data: Any) -> dict[str, Any]:
    info = json.loads(str(data["info"]))
    if not isinstance(info, dict):
        raise ValueError("its description is not a JSON object")
    return info


def format_of(path: str | Path) -> str:
    """The format tag of the leaf network file ``path``; ValueError saying why if it has none."""
    require_numpy()
    try:
        with np.load(path, allow_pickle=False) as data:
            tag = _info(data).get("format")
            if not isinstance(tag, str):
                raise ValueError("it has no format tag")
            return tag
    except _READ_ERRORS as exc:
        raise ValueError(f"cannot read the leaf network {str(path)!r}: {exc}") from None


def field_rows(features: list[list[float]], hand: int) -> list[list[float]]:
    """Each seat's input row from every seat's features: its own, the strongest other seat's by
    the hand estimate (column ``hand``; ties to the earlier seat), and the mean of the rest
    (zeros when there is no rest, at two players)."""
    n = len(features)
    width = len(features[0])
    rows = []
    for seat in range(n):
        others = sorted((s for s in range(n) if s != seat), key=lambda s: -features[s][hand])
        rest = [0.0] * width
        for other in others[1:]:
            for k, value in enumerate(features[other]):
                rest[k] += value / (n - 2)
        rows.append(features[seat] + features[others[0]] + rest)
    return rows


class LeafMLP:
    """A fitted network: inputs are :attr:`BLOCKS` seat blocks of :attr:`FEATURE_NAMES`.

    A game's subclass names its format, features and blocks, checks the player count and turns
    margins into the search's values.
    """

    FORMAT: ClassVar[str]
    FEATURE_NAMES: ClassVar[tuple[str, ...]]
    BLOCKS: ClassVar[int] = 2
    """Seat blocks in an input row: the seat's own, its rival's, and for some games more."""

    def __init__(
        self,
        players: int,
        names: tuple[str, ...],
        mean: Any,
        std: Any,
        layers: list[tuple[Any, Any]],
        scale: float,
        residual: bool = False,
    ) -> None:
        require_numpy()
        self.check_players(players)
        if tuple(names) != self.FEATURE_NAMES:
            raise ValueError("its features are not this version's (fit it again)")
        width = self.blocks(players) * len(self.FEATURE_NAMES)
        self.mean = np.asarray(mean, dtype=np.float64).reshape(-1)
        self.std = np.asarray(std, dtype=np.float64).reshape(-1)
        if self.mean.shape != (width,) or self.std.shape != (width,):
            raise ValueError(f"its input statistics are not of {width} entries")
        self.layers = [
            (np.asarray(w, dtype=np.float64), np.asarray(b, dtype=np.float64)) for w, b in layers
        ]
        size = width
        for k, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[0] != size or b.shape != (w.shape[1],):
                raise ValueError(f"layer {k} has weights {w.shape} after {size} inputs")
            size = w.shape[1]
        if size != 1:
            raise ValueError(f"its output has {size} entries, not 1")
        if not math.isfinite(scale) or scale <= 0:
            raise ValueError(f"its scale {scale!r} is not a positive number")
        self.players = players
        self.scale = float(scale)
        self.residual = residual
        """The output is a correction to the hand estimate's margin (own less rival's)."""
        self._hand = self.FEATURE_NAMES.index("hand estimate")
        # Standardising folded into the first layer: one matrix product less per leaf.
        w0, b0 = self.layers[0]
        self._first = (w0 / self.std[:, None], b0 - (self.mean / self.std) @ w0)

    def check_players(self, players: int) -> None:
        """ValueError unless the game's network can be fitted for ``players`` players."""

    @classmethod
    def blocks(cls, players: int) -> int:
        """Seat blocks in an input row at ``players`` players (:attr:`BLOCKS` unless a game's
        layout differs by player count)."""
        return cls.BLOCKS

    @classmethod
    def hand_margins(cls, rows: Any) -> Any:
        """The hand estimate's margin of input rows: own block's estimate less the rival's."""
        hand = cls.FEATURE_NAMES.index("hand estimate")
        x = np.asarray(rows, dtype=np.float64)
        return x[:, hand] - x[:, len(cls.FEATURE_NAMES) + hand]

    def margins_batch(self, x: Any) -> Any:
        """The predicted margins (points) of input rows (one per seat, blocks side by side)."""
        w, b = self._first
        rows = np.asarray(x, dtype=np.float64)
        h = rows @ w + b
        for w, b in self.layers[1:]:
            h = np.maximum(h, 0.0) @ w + b
        out = h[:, 0] * self.scale
        if self.residual:
            out += rows[:, self._hand] - rows[:, len(self.FEATURE_NAMES) + self._hand]
        return out

    def save(self, path: str | Path) -> None:
        """Write the network to an ``.npz`` file (its description as JSON beside the arrays)."""
        info = {
            "format": self.FORMAT,
            "players": self.players,
            "features": list(self.FEATURE_NAMES),
            "scale": self.scale,
            "residual": self.residual,
        }
        arrays: dict[str, Any] = {
            "info": np.array(json.dumps(info)),
            "mean": self.mean,
            "std": self.std,
        }
        for k, (w, b) in enumerate(self.layers):
            arrays[f"w{k}"] = w.astype(np.float32)
            arrays[f"b{k}"] = b.astype(np.float32)
        with open(path, "wb") as handle:
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """Read a file written by :meth:`save`; ValueError saying why if it is not one."""
        if np is None:
            raise RuntimeError(NEEDS_NUMPY)
        try:
            with np.load(path, allow_pickle=False) as data:
                info = _info(data)
                if info.get("format") != cls.FORMAT:
                    raise ValueError(f"not an {cls.FORMAT} file")
                count = sum(1 for key in data.files if key.startswith("w"))
                layers = [(data[f"w{k}"], data[f"b{k}"]) for k in range(count)]
                return cls(
                    int(info["players"]),
                    tuple(str(n) for n in info["features"]),
                    data["mean"],
                    data["std"],
                    layers,
                    float(info["scale"]),
                    bool(info.get("residual", False)),
                )
        except _READ_ERRORS as exc:
            raise ValueError(f"cannot read the leaf network {str(path)!r}: {exc}") from None
