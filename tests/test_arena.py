"""The arena: seat rotation, statistics on rigged matches, determinism, Ray, the command."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import agent_toys
from stonework.agents import AGENTS
from stonework.arena import (
    MatchConfig,
    bradley_terry,
    run_match,
    seating,
    wilson,
)
from stonework.arena.report import plot
from stonework.cli.main import app
from stonework.core import registry, replay

PLUGIN = ("agent_toys:install",)


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "nim", agent_toys.NIM)
    monkeypatch.setitem(registry._GAMES, "highcard", agent_toys.HIGHCARD)
    for kind in agent_toys.TOY_AGENTS:
        monkeypatch.setitem(AGENTS, kind.name, kind)
    yield


def by_label(result: object) -> dict[str, object]:
    return {entry.label: entry for entry in result.summary}  # type: ignore[attr-defined]


def test_seating_is_fair() -> None:
    for players, entries in [(2, 2), (3, 3), (4, 4), (3, 2), (4, 2), (4, 3)]:
        tables = seating(players, entries, players * 5)
        for seat in range(players):
            counts = [sum(1 for t in tables if t[seat] == e) for e in range(entries)]
            # Over whole rotations every entry holds every seat equally often per seat it owns.
            owned = [sum(1 for s in range(players) if s % entries == e) for e in range(entries)]
            assert counts == [5 * o for o in owned]
    with pytest.raises(ValueError, match="cannot sit"):
        seating(2, 3, 1)


def test_rigged_two_player_match_has_the_known_outcome() -> None:
    """always9 beats always0 in every game: the statistics must say exactly that."""
    result = run_match(MatchConfig("highcard", ["always9", "always0"], games=10, seed=4))
    nine, zero = by_label(result)["always9"], by_label(result)["always0"]
    assert nine.win_rate == 1.0 and zero.win_rate == 0.0  # type: ignore[attr-defined]
    assert nine.win_ci == pytest.approx((0.7225, 1.0), abs=1e-4)  # type: ignore[attr-defined]
    assert zero.win_ci == pytest.approx((0.0, 0.2775), abs=1e-4)  # type: ignore[attr-defined]
    assert (nine.mean_score, zero.mean_score) == (9.0, 0.0)  # type: ignore[attr-defined]
    assert (nine.mean_margin, zero.mean_margin) == (9.0, -9.0)  # type: ignore[attr-defined]
    # 10 wins plus one virtual draw: strengths 10.5 : 0.5, so 400 log10(21) Elo apart.
    gap = nine.rating - zero.rating  # type: ignore[attr-defined]
    assert gap == pytest.approx(400 * math.log10(21), abs=1e-6)
    # Each agent sat first in half the games.
    assert [g.seat_entries[0] for g in result.games] == [0, 1] * 5
    # Every game's record replays to its final scores.
    for game in result.games:
        final = replay(game.record)
        assert [s.total for s in final.scores()] == game.scores


def test_mirror_match_is_even() -> None:
    result = run_match(MatchConfig("highcard", ["always9", "always9"], games=6, seed=1))
    assert result.labels == ["always9", "always9#2"]
    for entry in result.summary:
        assert entry.win_rate == 0.5 and entry.mean_margin == 0.0
        assert entry.rating == pytest.approx(1500.0)


def test_mixed_four_player_table() -> None:
    """Two agents at four seats: each holds two seats; always9's two seats share every win."""
    result = run_match(MatchConfig("highcard", ["always9", "always0"], games=8, seed=2, players=4))
    nine, zero = by_label(result)["always9"], by_label(result)["always0"]
    assert nine.fair_share == zero.fair_share == 0.5  # type: ignore[attr-defined]
    assert nine.seats == zero.seats == 16  # type: ignore[attr-defined]
    assert nine.win_rate == 1.0 and zero.win_rate == 0.0  # type: ignore[attr-defined]
    # A seat's margin is over the mean of the three others: 9 - (9 + 0 + 0) / 3 = 6.
    assert nine.mean_margin == pytest.approx(6.0)  # type: ignore[attr-defined]


def test_statistics_helpers() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    # Three players in a cycle of equal wins are equally strong.
    even = bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]])
    assert even == pytest.approx([1.0, 1.0, 1.0])
    # Strengths reproduce the observed win rate between two players: 30 of 40 is 3:1.
    strength = bradley_terry([[0, 30], [10, 0]], prior=0.0)
    assert strength[0] / strength[1] == pytest.approx(3.0)


def test_results_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    config = MatchConfig("nim", ["mcts:25", "flatmc:25"], games=4, seed=9, plugins=PLUGIN)
    alone = run_match(config)
    config.workers = 2
    pooled = run_match(config)
    assert strip_timing(alone.to_json()) == strip_timing(pooled.to_json())


def strip_timing(data: dict[str, object]) -> dict[str, object]:
    """Results without wall-clock fields (the only part that may differ between runs)."""
    data = json.loads(json.dumps(data))
    data["config"].pop("workers")  # type: ignore[attr-defined]
    for game in data["games"]:  # type: ignore[attr-defined]
        game.pop("think_seconds")
        game.pop("max_think_seconds")
    for entry in data["summary"]:  # type: ignore[attr-defined]
        entry.pop("mean_move_seconds")
        entry.pop("max_move_seconds")
    return data


def test_ray_gives_the_same_results() -> None:
    ray = pytest.importorskip("ray")
    tests = str(Path(__file__).parent)
    path = os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")])
    ray.init(
        num_cpus=1,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )
    try:
        config = MatchConfig(
            "highcard", ["always9", "random"], games=4, seed=3, plugins=PLUGIN, ray_address="auto"
        )
        on_ray = run_match(config)
    finally:
        ray.shutdown()
    config.ray_address = None
    local = run_match(config)
    assert strip_timing(on_ray.to_json()) | {"config": None} == strip_timing(local.to_json()) | {
        "config": None
    }


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot sit"):
        run_match(MatchConfig("nim", ["random", "random", "random"], games=1, seed=0, players=2))
    with pytest.raises(ValueError, match="played by 2, 3 players"):
        run_match(MatchConfig("nim", ["random"], games=1, seed=0, players=4))
    with pytest.raises(ValueError, match="no agent named"):
        run_match(MatchConfig("nim", ["random", "deep_blue"], games=1, seed=0))
    with pytest.raises(ValueError, match="at least one game"):
        run_match(MatchConfig("nim", ["random", "random"], games=0, seed=0))


def test_an_illegal_agent_is_named() -> None:
    # always9 names a highcard number; in nim that is not a move at all.
    with pytest.raises(RuntimeError, match="agent 'always9' at seat"):
        run_match(MatchConfig("nim", ["always9", "random"], games=1, seed=0))


def test_plot_writes_png_and_svg(tmp_path: Path) -> None:
    result = run_match(MatchConfig("highcard", ["always9", "random"], games=4, seed=0))
    paths = plot(result, tmp_path)
    assert [p.name for p in paths] == ["ratings.png", "ratings.svg"]
    assert paths[0].read_bytes().startswith(b"\x89PNG")
    assert "<svg" in paths[1].read_text()


def test_arena_command(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "match"
    args = ["arena", "highcard", "--agents", "always9,always0", "--games", "4", "--seed", "5"]
    result = runner.invoke(app, [*args, "--out", str(out), "--plugin", PLUGIN[0]])
    assert result.exit_code == 0, result.output
    assert "always9" in result.output and "100.0%" in result.output
    data = json.loads((out / "results.json").read_text())
    assert data["config"]["seed"] == 5 and len(data["games"]) == 4
    assert {e["label"]: e["win_rate"] for e in data["summary"]} == {"always9": 1.0, "always0": 0.0}
    assert (out / "ratings.png").exists() and (out / "ratings.svg").exists()
    bad = runner.invoke(app, ["arena", "highcard", "--agents", "always9,nobody"])
    assert bad.exit_code == 2 and "no agent named 'nobody'" in bad.output
    option = runner.invoke(
        app, ["arena", "nim", "--agents", "random,random", "-o", "heaps=2,2", "-n", "2"]
    )
    assert option.exit_code == 0, option.output


def test_the_journal_keeps_games_and_resume_plays_only_the_rest(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "match"
    args = ["arena", "nim", "--agents", "mcts:20,random", "--seed", "7", "--out", str(out)]
    plugin = ["--plugin", PLUGIN[0]]
    whole = run_match(MatchConfig("nim", ["mcts:20", "random"], games=6, seed=7, plugins=PLUGIN))

    first = runner.invoke(app, [*args, "--games", "4", *plugin])
    assert first.exit_code == 0, first.output
    journal = out / "games.jsonl"
    lines = journal.read_text().splitlines()
    assert json.loads(lines[0])["match"]["agents"] == ["mcts:20", "random"]
    assert len(lines) == 5
    # Progress shows as plain lines when the output is not a terminal.
    assert "nim: mcts:20 vs random: 4/4 games" in first.output

    # A crash: the journal lost its last game and the one before was cut mid-line.
    journal.write_text("\n".join([*lines[:3], lines[3][:20]]) + "\n")
    again = runner.invoke(app, [*args, "--games", "4", *plugin])
    assert again.exit_code == 2 and "add --resume" in again.output
    resumed = runner.invoke(app, [*args, "--games", "6", "--resume", *plugin])
    assert resumed.exit_code == 0, resumed.output
    assert "resuming: 2 of 6 games already played" in resumed.output
    data = json.loads((out / "results.json").read_text())
    # Resumed and extended, the match is the one a single run of 6 games plays.
    assert strip_timing(data) | {"config": None} == strip_timing(whole.to_json()) | {"config": None}
    assert len(journal.read_text().splitlines()) == 7
    # Resuming with fewer games reports those, and keeps the later ones in the journal.
    shorter = runner.invoke(app, [*args, "--games", "3", "--resume", *plugin])
    assert shorter.exit_code == 0, shorter.output
    assert len(json.loads((out / "results.json").read_text())["games"]) == 3
    assert len(journal.read_text().splitlines()) == 7
    assert not (out / "games.jsonl.new").exists()


def test_resume_refuses_another_match(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "match"
    base = ["arena", "nim", "--agents", "random,random", "-n", "2", "--out", str(out)]
    assert runner.invoke(app, [*base, "--seed", "1"]).exit_code == 0
    before = (out / "games.jsonl").read_text()
    other = runner.invoke(app, [*base, "--seed", "2", "--resume"])
    assert other.exit_code == 2 and "another match (its seed differs)" in other.output
    assert (out / "games.jsonl").read_text() == before
    alone = runner.invoke(app, ["arena", "nim", "--agents", "random,random", "--resume"])
    assert alone.exit_code == 2 and "--resume needs --out" in alone.output
    (out / "games.jsonl").write_text("not json\n")
    garbage = runner.invoke(app, [*base, "--seed", "1", "--resume"])
    assert garbage.exit_code == 2 and "not an arena journal" in garbage.output


def test_run_match_plays_only_missing_games() -> None:
    config = MatchConfig("nim", ["mcts:20", "random"], games=4, seed=3, plugins=PLUGIN)
    whole = run_match(config)
    seen: list[int] = []
    rest = run_match(config, done=whole.games[:3], on_result=lambda g: seen.append(g.index))
    assert seen == [3]
    assert strip_timing(rest.to_json()) == strip_timing(whole.to_json())
