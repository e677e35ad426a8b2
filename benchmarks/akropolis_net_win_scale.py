"""The two-player leaf network's margin squashed by a scale that grows with the tiles left.

    python benchmarks/akropolis_net_win_scale.py measure --journal TEACHER.jsonl --from 800
    python benchmarks/akropolis_net_win_scale.py match --law 9,1.5,36 -- akropolis \\
        --a "hard:leafnet=WINSCALE:netrank=root" --b expert --seconds 0.5 --games 100 ...

``expert`` squashes the shipped network's predicted margin by ``tanh(margin / 25)`` at every
stage of the game. Near the end a margin is much surer than early on, so a value meant as twice
a win chance less one would squash by less there. ``measure`` replays teacher games (a journal
of ``stonework leafnet``) from the ``K``-th on and prints, by tiles left, the network's margin
error and the scale whose ``tanh`` best predicts the winner (least squares). ``match`` runs
``benchmarks/cpu_time_match.py`` with one more leaf network: ``leafnet=WINSCALE`` is the shipped
two-player network squashed by ``min(most, end + per_tile * tiles_left)`` (``--law
end,per_tile,most``); ``--law 25,0,25`` plays exactly as ``expert``.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "src", ROOT / "benchmarks"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from stonework.agents.shipped_leaf import shipped_leaf_path  # noqa: E402
from stonework.games.akropolis.evaluation import tiles_left  # noqa: E402
from stonework.games.akropolis.leaf_net import LeafNet  # noqa: E402

SENTINEL = "WINSCALE"


class ScaledLeafNet:
    """The network's two-player margin, squashed by a scale that follows the tiles left."""

    def __init__(self, net: LeafNet, law: tuple[float, float, float]) -> None:
        self.net = net
        self.end, self.per_tile, self.most = law

    def check(self, state: Any) -> None:
        self.net.check(state)

    def __call__(self, state: Any) -> list[float]:
        scale = min(self.most, self.end + self.per_tile * tiles_left(state))
        value = math.tanh(self.net.margin(state) / scale)
        return [value, -value]


def law_of(text: str) -> tuple[float, float, float]:
    try:
        end, per_tile, most = (float(v) for v in text.split(","))
    except ValueError:
        raise SystemExit(f"--law takes end,per_tile,most (three numbers), not {text!r}") from None
    if not (end > 0 and per_tile >= 0 and most >= end):
        raise SystemExit("--law: end must be above 0, per_tile 0 or more, most at least end")
    return end, per_tile, most


def match(law: tuple[float, float, float], rest: list[str]) -> int:
    import cpu_time_match

    import stonework.agents.catalog as catalog

    real = catalog._leaf_net

    def leaf_net(path: object) -> Any:
        if path == SENTINEL:
            return ScaledLeafNet(LeafNet.load(shipped_leaf_path("akropolis", 2) or ""), law)
        return real(path)

    catalog._leaf_net = leaf_net  # type: ignore[assignment]
    return int(cpu_time_match.main(rest))


def measure(journal: Path, first: int) -> int:
    import numpy as np

    from stonework.learn.leaf_games import read_journal, replay

    net = LeafNet.load(shipped_leaf_path("akropolis", 2) or "")
    try:
        games = read_journal(journal)[0][first:]
    except (OSError, ValueError) as exc:
        raise SystemExit(str(exc)) from None
    seen: dict[float, list[tuple[float, float]]] = {}
    for line in games:
        positions, totals = replay(line)
        final = totals[0] - totals[1]
        for state in positions:
            seen.setdefault(tiles_left(state), []).append((net.margin(state), final))
    print(f"{len(games)} games; by tiles left: positions, margin RMSE, best tanh scale")
    scales = np.arange(3.0, 60.0, 0.5)
    for left in sorted(seen):
        rows = np.array(seen[left])
        guess, final = rows[:, 0], rows[:, 1]
        won = np.sign(final)
        errors = [float(((np.tanh(guess / s) - won) ** 2).mean()) for s in scales]
        best = int(np.argmin(errors))
        rmse = float(np.sqrt(((guess - final) ** 2).mean()))
        fixed = float(((np.tanh(guess / 25.0) - won) ** 2).mean())
        print(
            f"  {left:4.1f}: {len(rows):5d}  {rmse:5.2f}  {scales[best]:4.1f} "
            f"(squared error {errors[best]:.3f}; at 25: {fixed:.3f})"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    rest: list[str] = []
    if "--" in args:
        cut = args.index("--")
        args, rest = args[:cut], args[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure", help="the best scale by tiles left on teacher games")
    m.add_argument("--journal", type=Path, required=True)
    m.add_argument("--from", dest="first", type=int, default=0)
    p = sub.add_parser("match", help="cpu_time_match.py with leafnet=WINSCALE (after --)")
    p.add_argument("--law", default="9,1.5,36", help="end,per_tile,most")
    parsed = parser.parse_args(args)
    if parsed.command == "measure":
        return measure(parsed.journal, parsed.first)
    return match(law_of(parsed.law), rest)


if __name__ == "__main__":
    raise SystemExit(main())
