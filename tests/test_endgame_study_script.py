"""benchmarks/endgame_study.py: recorded games studied with the exact solver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_scripts import load_script

study = load_script("endgame_study")
match = load_script("cpu_time_match")


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("study") / "m.jsonl"
    argv = ["aztec", "--a", "mcts", "--b", "flatmc", "--seconds", "0.01", "--games", "2"]
    assert match.main([*argv, "--seed", "4", "--records", "--journal", str(path)]) == 0
    return path


def test_errors_follow_each_game_to_its_result(journal: Path) -> None:
    lines = study.errors([journal], 4)
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    for line, row in zip(lines, rows, strict=False):
        cells = line.split(": ", 1)[1].split()
        assert [cell.split(":")[0] for cell in cells] == ["4", "3", "2", "1"]
        # The last mover's value is what the game gave them unless that move lost value.
        assert f"a's return {row['returns'][row['a_seat']]:+g}" in line
    assert lines[-2].startswith("a: ") and lines[-1].startswith("b: ")
    assert "in 2 games" in lines[-1]


def test_times_name_each_count_of_decisions_left(journal: Path) -> None:
    lines = study.times([journal], [3, 2])
    assert lines[0].startswith("3 left: 2 positions, median ")
    assert lines[1].startswith("2 left: 2 positions, ")


def test_a_journal_without_records_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps({"game": 0, "a_seat": 0, "returns": [0, 0]}) + "\n")
    with pytest.raises(SystemExit, match="no record"):
        study.main(["errors", str(plain)])
    with pytest.raises(SystemExit, match="whole numbers"):
        study.main(["times", str(plain), "--left", "x"])
