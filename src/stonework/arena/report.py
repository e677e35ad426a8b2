"""Match reports: a rich table for the terminal, and the ratings plot (PNG and SVG)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.table import Table as RichTable

from stonework.arena.runner import MatchResult


def summary_table(result: MatchResult) -> RichTable:
    """The per-agent summary as a rich table."""
    config = result.config
    table = RichTable(
        title=f"{config.game}, {config.table_size()} players, {len(result.games)} games, "
        f"seed {config.seed}"
    )
    table.add_column("agent", no_wrap=True)
    for column in (
        "seats",
        "win",
        "95% CI",
        "fair",
        "score",
        "margin",
        "rating",
        "95% CI",
        "s/move",
    ):
        table.add_column(column, justify="right", no_wrap=True)
    for entry in sorted(result.summary, key=lambda e: -e.rating):
        table.add_row(
            entry.label,
            str(entry.seats),
            f"{entry.win_rate:.1%}",
            f"{entry.win_ci[0]:.0%}-{entry.win_ci[1]:.0%}",
            f"{entry.fair_share:.1%}",
            f"{entry.mean_score:.2f}",
            f"{entry.mean_margin:+.2f}",
            f"{entry.rating:.0f}",
            f"{entry.rating_ci[0]:.0f}-{entry.rating_ci[1]:.0f}",
            f"{entry.mean_move_seconds:.2f}",
        )
    return table


def plot(result: MatchResult, out_dir: Path, stem: str = "ratings") -> list[Path]:
    """Ratings and win rates with their 95% intervals, as PNG and SVG; returns the paths."""
    import matplotlib.pyplot as plt

    figure = ratings_figure(result)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / f"{stem}.png", out_dir / f"{stem}.svg"]
    for path in paths:
        # A fixed date keeps the SVG byte-identical between runs of the same match.
        figure.savefig(path, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(figure)
    return paths


def ratings_figure(result: MatchResult) -> Any:
    """The matplotlib figure of :func:`plot`: ratings left, win rates right."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    entries = sorted(result.summary, key=lambda e: e.rating)
    labels = [e.label for e in entries]
    rows = range(len(entries))
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 1.2 + 0.6 * len(entries)), sharey=True)
    ratings = [e.rating for e in entries]
    left.errorbar(
        ratings,
        rows,
        xerr=_error_bars(ratings, [e.rating_ci for e in entries]),
        fmt="o",
        capsize=4,
    )
    left.set_yticks(list(rows), labels)
    left.set_xlabel("Bradley-Terry rating (Elo scale), 95% bootstrap CI")
    rates = [e.win_rate for e in entries]
    right.errorbar(
        rates,
        rows,
        xerr=_error_bars(rates, [e.win_ci for e in entries]),
        fmt="s",
        capsize=4,
        color="tab:green",
    )
    for row, e in zip(rows, entries, strict=True):
        right.plot([e.fair_share], [row], "|", color="grey", markersize=14)
    # Room around 0 and 1, and around the outermost rating, so that no point (a clean sweep's
    # win rate of 1, an interval's end) sits on the frame where it cannot be seen.
    right.set_xlim(-0.05, 1.05)
    low = min(e.rating_ci[0] for e in entries)
    high = max(e.rating_ci[1] for e in entries)
    pad = max(10.0, 0.08 * (high - low))
    left.set_xlim(low - pad, high + pad)
    left.set_ylim(-0.6, len(entries) - 0.4)
    right.set_xlabel("win rate, 95% Wilson CI (| = fair share)")
    config = result.config
    figure.suptitle(
        f"{config.game}: {len(result.games)} games, {config.table_size()} players, "
        f"seed {config.seed}"
    )
    figure.tight_layout()
    return figure


def _error_bars(values: list[float], intervals: list[tuple[float, float]]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars (below, above) for values and their intervals."""
    return [
        [max(0.0, v - lo) for v, (lo, _) in zip(values, intervals, strict=True)],
        [max(0.0, hi - v) for v, (_, hi) in zip(values, intervals, strict=True)],
    ]
