"""``stonework balance --out DIR --resume``: a long run journals its games and goes on later."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stonework.cli.main import app

ARGS = ["balance", "zapotec", "--players", "2", "--agents", "random", "--seed", "5"]


def _lines(path: Path) -> int:
    return len((path / "games.jsonl").read_text().splitlines())


def test_a_resumed_run_reports_what_one_run_would(tmp_path: Path) -> None:
    part, whole = tmp_path / "part", tmp_path / "whole"
    first = CliRunner().invoke(app, [*ARGS, "--games", "1", "--out", str(part)])
    assert first.exit_code == 0, first.output
    before = _lines(part)
    again = CliRunner().invoke(app, [*ARGS, "--games", "3", "--out", str(part), "--resume"])
    assert again.exit_code == 0, again.output
    assert _lines(part) == before + 2  # only the two new games were played and journaled
    one = CliRunner().invoke(app, [*ARGS, "--games", "3", "--out", str(whole)])
    assert one.exit_code == 0, one.output
    resumed = json.loads((part / "balance.json").read_text())
    single = json.loads((whole / "balance.json").read_text())
    assert resumed["games"] == single["games"] == 3
    assert resumed["sources"] == single["sources"]
    assert resumed["game_counts"] == single["game_counts"]


def test_an_existing_journal_is_not_overwritten_and_resume_needs_out(tmp_path: Path) -> None:
    assert CliRunner().invoke(app, [*ARGS, "--games", "1", "--out", str(tmp_path)]).exit_code == 0
    kept = (tmp_path / "games.jsonl").read_text()
    refused = CliRunner().invoke(app, [*ARGS, "--games", "1", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "--resume" in refused.output
    assert (tmp_path / "games.jsonl").read_text() == kept
    alone = CliRunner().invoke(app, [*ARGS, "--games", "1", "--resume"])
    assert alone.exit_code == 2 and "needs --out" in alone.output
    other = CliRunner().invoke(
        app, [*ARGS, "--games", "1", "--seed", "6", "--out", str(tmp_path), "--resume"]
    )
    assert other.exit_code == 2  # another match's journal
    assert (tmp_path / "games.jsonl").read_text() == kept
