"""benchmarks/cpu_time_match.py: a short match played and journalled, and its journals tallied."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_scripts import load_script

match = load_script("cpu_time_match")


def _row(game: int, a_seat: int, scores: list[int], seed: int = 7) -> dict[str, object]:
    a_won = scores[a_seat] > scores[1 - a_seat]
    returns = [1.0, -1.0] if (a_won == (a_seat == 0)) else [-1.0, 1.0]
    if scores[0] == scores[1]:
        returns = [0.0, 0.0]
    return {
        "game": game,
        "a": "hard",
        "b": "greedy",
        "seconds": 0.5,
        "seed": seed,
        "a_seat": a_seat,
        "scores": scores,
        "returns": returns,
        "iterations": [100.0, 50.0] if a_seat == 0 else [50.0, 100.0],
    }


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_tally_takes_the_parts_together_and_counts_a_game_once(tmp_path: Path) -> None:
    # Worked by hand: a wins games 0 (by 10) and 2 (by 4), loses game 1 (by 6), draws game 3;
    # margins +10, -6, +4, 0: mean +2.0. Game 1 is in both parts; the first met counts.
    first = _write(tmp_path / "from0.jsonl", [_row(0, 0, [110, 100]), _row(1, 1, [106, 100])])
    second = _write(
        tmp_path / "from1.jsonl",
        [_row(1, 1, [0, 200]), _row(2, 0, [104, 100]), _row(3, 1, [90, 90])],
    )
    (line,) = match.tally([first, second])
    assert "seed 7: hard against greedy: won 2 of 4, drew 1 (62.5%," in line
    assert "mean score 101.0 against 99.0, margin +2.0 ± " in line
    assert "iterations a move 100 against 50" in line


def test_tally_keeps_matches_apart(tmp_path: Path) -> None:
    journal = _write(tmp_path / "two.jsonl", [_row(0, 0, [110, 100]), _row(0, 0, [90, 100], 8)])
    lines = match.tally([journal])
    assert [("seed 7" in line, "won 1 of 1" in line) for line in lines] == [
        (True, True),
        (False, False),
    ]
    assert "seed 8" in lines[1] and "won 0 of 1" in lines[1]


def test_tally_beyond_two_players_counts_first_places_and_seats_beaten(tmp_path: Path) -> None:
    # Worked by hand, four players: game 0 first (ahead of 3 of 3), game 1 third (1 of 3),
    # game 2 first shared with seat 0 (half a first; ahead of 2 and level with 1: 2.5 of 3).
    # First places 1.5 of 3, places 2 / 0 / 1 / 0, ahead (1 + 1/3 + 5/6) / 3 = 72.2%.
    third = 1 / 3
    rows = []
    for game, seat, returns in (
        (0, 0, [1.0, third, -third, -1.0]),
        (1, 1, [1.0, -third, third, -1.0]),
        (2, 2, [2 * third, -1.0, 2 * third, -third]),
    ):
        row = _row(game, 0, [0, 0])
        row.update(a_seat=seat, returns=returns, scores=[10, 20, 30, 40])
        row["iterations"] = [1.0, 1.0, 1.0, 1.0]
        rows.append(row)
    (line,) = match.tally([_write(tmp_path / "four.jsonl", rows)])
    assert "4p, 0.5 CPU s a move, seed 7: hard against greedy: first in 1.5 of 3 (50.0%" in line
    assert "fair 25%), places 2 / 0 / 1 / 0, ahead of a given greedy seat in 72.2% ± " in line
    assert "won" not in line


@pytest.mark.parametrize("text", ["{not json\n", '{"game": 0}\n', "[1, 2]\n"])
def test_tally_refuses_a_line_of_another_kind_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(SystemExit, match=r"bad.jsonl:1: not a line of a cpu_time_match journal"):
        match.tally([path])


def test_tally_of_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="cannot read"):
        match.tally([tmp_path / "none.jsonl"])


def test_a_match_played_is_journalled_and_tallied_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "m.jsonl"
    argv = ["aztec", "--a", "mcts", "--b", "flatmc", "--seconds", "0.01", "--games", "2"]
    assert match.main([*argv, "--seed", "3", "--journal", str(journal)]) == 0
    played = capsys.readouterr().out.strip()
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    assert [row["a_seat"] for row in rows] == [0, 1]
    assert played == "aztec " + match.tally([journal])[0]


def test_records_replay_to_the_journalled_scores(tmp_path: Path) -> None:
    from stonework.core.record import Record, replay

    journal = tmp_path / "r.jsonl"
    argv = ["aztec", "--a", "mcts", "--b", "flatmc", "--seconds", "0.01", "--games", "2"]
    assert match.main([*argv, "--records", "--journal", str(journal)]) == 0
    for row in (json.loads(line) for line in journal.read_text().splitlines()):
        state = replay(Record.from_json(row["record"]))
        assert state.is_terminal
        assert [score.total for score in state.scores()] == row["scores"]


def test_playing_needs_the_agents(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        match.main(["aztec", "--a", "greedy"])
    assert "to play a match give --b, --seconds" in capsys.readouterr().err
