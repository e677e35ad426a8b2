"""The balance lab (``stonework balance``): points by source and a game's own counts (tiny runs)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stonework.arena import MatchConfig
from stonework.arena.balance import run_balance
from stonework.cli.main import app


def test_zapotec_balance_counts_sources_and_parts() -> None:
    config = MatchConfig(game="zapotec", agents=["random"], games=2, seed=3, players=2)
    report = run_balance(config)
    assert report.games == 2
    assert set(report.sources) == {"rounds", "pyramids", "sacrifice", "rituals"}
    assert abs(sum(row["share"] for row in report.sources.values()) - 1.0) < 0.01
    counts = report.game_counts
    for key in ("pyramids_started", "pyramids_completed", "ritual_discs", "rituals_met"):
        assert counts[key] >= 0
    assert sum(counts["track_final_spaces"].values()) == 2 * 2  # every seat of every game
    for row in counts["trade_tiles"].values():
        assert 0 <= row["bought_games"] <= row["offered_games"] <= 2
        assert row["purchase_rate"] == round(row["bought_games"] / row["offered_games"], 3)
    assert report.mean_decisions > 0 and report.mean_winning_score > 0
    again = run_balance(config)
    assert again.to_json() == report.to_json()  # seeded: the same games, the same report


def test_balance_of_a_game_without_its_own_counts() -> None:
    config = MatchConfig(game="akropolis", agents=["random"], games=1, seed=1, players=2)
    report = run_balance(config)
    assert report.sources and report.game_counts == {}


def test_balance_command_writes_json_and_plot(tmp_path: Path) -> None:
    args = ["balance", "zapotec", "--players", "2", "--agents", "random", "--games", "2"]
    result = CliRunner().invoke(app, [*args, "--option", "components=v1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "balance.json").read_text())
    assert data["config"]["options"] == {"components": "v1"}
    assert data["games"] == 2 and "rounds" in data["sources"]
    assert (tmp_path / "balance.png").stat().st_size > 0
    assert (tmp_path / "balance.svg").exists()


def test_balance_command_refuses_a_bad_option() -> None:
    result = CliRunner().invoke(
        app, ["balance", "zapotec", "--games", "1", "--option", "components=/etc/passwd"]
    )
    assert result.exit_code == 2
    assert "no data set named" in result.output
