"""The balance lab: how a game's points and parts are used over many seeded games.

The games are played by the arena (:func:`stonework.arena.run_match`: the same seeding,
seat rotation and worker processes); each recorded game is then replayed here and read. For every
game it reports the mean points of each scoring source of the score breakdown (its numeric
entries) and their share of all points, and the game length; a game package with a ``balance``
module (a ``Tally`` that sees every state and a ``summarize`` of the per-game counts, as
:mod:`stonework.games.zapotec.balance`) adds its own counts.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stonework.arena.match import GameResult
from stonework.arena.runner import MatchConfig, MatchResult, Progress, run_match
from stonework.core import Record
from stonework.core.record import replay

# Breakdown entries that are totals or flags rather than a source of points.
_NOT_SOURCES = frozenset({"total", "projected", "final"})


@dataclass
class BalanceReport:
    """What the lab found: the match it played and the counts it read from the games."""

    config: MatchConfig
    games: int
    sources: dict[str, dict[str, float]]  # source -> mean points per seat, share of all points
    by_agent: dict[str, dict[str, float]]  # agent label -> source -> mean points per seat
    mean_winning_score: float
    mean_decisions: float
    game_counts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form."""
        return {
            "config": self.config.to_json(),
            "games": self.games,
            "sources": self.sources,
            "by_agent": self.by_agent,
            "mean_winning_score": self.mean_winning_score,
            "mean_decisions": self.mean_decisions,
            "game_counts": self.game_counts,
        }

    def write_json(self, path: Path) -> Path:
        """Write the report as JSON; returns the path."""
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        return path


def _sources(breakdown: dict[str, Any]) -> dict[str, float]:
    return {
        key: float(value)
        for key, value in breakdown.items()
        if key not in _NOT_SOURCES
        and isinstance(value, int | float)
        and not isinstance(value, bool)
    }


def _game_module(game: str) -> Any:
    try:
        return importlib.import_module(f"stonework.games.{game}.balance")
    except ModuleNotFoundError:
        return None


def run_balance(
    config: MatchConfig,
    progress: Progress | None = None,
    done: Sequence[GameResult] = (),
    on_result: Callable[[GameResult], None] | None = None,
) -> BalanceReport:
    """Play the match and read every game; ValueError for a bad configuration.

    ``done`` and ``on_result`` are the arena's: games already played (from a journal) and a
    call for each new one (to journal it), so a long run can be resumed.
    """
    result = run_match(config, progress=progress, done=done, on_result=on_result)
    return read_games(result)


def read_games(result: MatchResult) -> BalanceReport:
    """Replay the match's recorded games and count what the lab reports."""
    config = result.config
    module = _game_module(config.game)
    totals: dict[str, float] = {}
    agent_totals: dict[str, dict[str, float]] = {label: {} for label in result.labels}
    agent_seats = dict.fromkeys(result.labels, 0)
    seats = 0
    winning = 0.0
    decisions = 0
    counts: list[dict[str, Any]] = []
    for game in result.games:
        record = Record.from_json(game.record)
        tally = module.Tally() if module is not None else None
        if tally is not None:
            state = replay(record, upto=0)
            for seat, text in record.entries:
                del seat  # the replay checks turns; here only the states matter
                state.apply(state.parse_action(text))
                tally.see(state)
            counts.append(tally.finish(state))
        else:
            state = replay(record)
        scores = state.scores()
        winning += max(score.total for score in scores)
        decisions += game.decisions
        for seat, score in enumerate(scores):
            label = result.labels[game.seat_entries[seat]]
            agent_seats[label] += 1
            seats += 1
            for source, points in _sources(score.breakdown).items():
                totals[source] = totals.get(source, 0.0) + points
                per_agent = agent_totals[label]
                per_agent[source] = per_agent.get(source, 0.0) + points
    all_points = sum(totals.values()) or 1.0
    played = max(1, len(result.games))
    sources = {
        source: {"mean": round(points / max(1, seats), 3), "share": round(points / all_points, 3)}
        for source, points in totals.items()
    }
    by_agent = {
        label: {s: round(p / max(1, agent_seats[label]), 3) for s, p in per.items()}
        for label, per in agent_totals.items()
    }
    return BalanceReport(
        config=config,
        games=len(result.games),
        sources=sources,
        by_agent=by_agent,
        mean_winning_score=round(winning / played, 3),
        mean_decisions=round(decisions / played, 1),
        game_counts=module.summarize(counts) if module is not None else {},
    )


def plot_sources(report: BalanceReport, out_dir: Path, stem: str = "balance") -> list[Path]:
    """Stacked bars of the mean points per seat by scoring source, one bar per agent and one
    for the whole table, as PNG and SVG; returns the paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bars = {**report.by_agent, "all seats": {s: v["mean"] for s, v in report.sources.items()}}
    labels = list(bars)
    figure, axes = plt.subplots(figsize=(2.0 + 1.4 * len(labels), 4.5))
    bottoms = [0.0] * len(labels)
    for source in report.sources:
        heights = [bars[label].get(source, 0.0) for label in labels]
        axes.bar(labels, heights, bottom=bottoms, label=source)
        bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    axes.set_ylabel("mean points per seat")
    config = report.config
    axes.set_title(
        f"{config.game}: points by source, {report.games} games, {config.table_size()} players"
    )
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    figure.tight_layout()
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / f"{stem}.png", out_dir / f"{stem}.svg"]
    for path in paths:
        figure.savefig(path)
    plt.close(figure)
    return paths
