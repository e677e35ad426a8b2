"""Arena edge cases: damaged journals, orphaned workers, one-sided matches, small texts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import agent_toys
from stonework.agents import AGENTS
from stonework.arena import MatchConfig, run_match
from stonework.arena.journal import read_journal
from stonework.arena.report import ratings_figure
from stonework.cli.main import app
from stonework.cli.progress import duration_words
from stonework.core import registry

PLUGIN = "agent_toys:install"
TESTS = Path(__file__).parent


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "nim", agent_toys.NIM)
    monkeypatch.setitem(registry._GAMES, "highcard", agent_toys.HIGHCARD)
    for kind in agent_toys.TOY_AGENTS:
        monkeypatch.setitem(AGENTS, kind.name, kind)
    yield


def journaled_match(tmp_path: Path, games: int = 4) -> tuple[Path, list[str], list[str]]:
    """A finished match with --out; its journal path, its lines and the command's arguments."""
    out = tmp_path / "match"
    args = ["arena", "highcard", "-a", "always9,always0", "-n", str(games), "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    journal = out / "games.jsonl"
    return journal, journal.read_text().splitlines(), [*args, "--plugin", PLUGIN, "--resume"]


def edited(lines: list[str], line: int, **changes: object) -> str:
    data = json.loads(lines[line])
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"index": "2"}, "line 3: the game index must be a whole number from 0, not '2'"),
        ({"index": -1}, "line 3: the game index must be a whole number from 0, not -1"),
        ({"index": True}, "not True"),
        ({"index": 2.0}, "not 2.0"),
        ({"seat_entries": [0, 7]}, "seat_entries must list 2 agent numbers from 0 to 1"),
        ({"scores": [1, "9"]}, "scores must list 2 numbers"),
        ({"ranking": [1]}, "ranking must list 2 places from 1 to 2"),
        ({"decisions": None}, "decisions must be a whole number"),
        ({"colour": "red"}, "unknown field(s) 'colour'"),
    ],
)
def test_a_bad_journal_line_is_refused_with_its_line_and_field(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    journal, lines, resume = journaled_match(tmp_path)
    lines[2] = edited(lines, 2, **change)
    journal.write_text("\n".join(lines) + "\n")
    before = journal.read_text()
    result = CliRunner().invoke(app, resume)
    assert result.exit_code == 2, result.output
    assert "error:" in result.output and message in result.output
    assert "Traceback" not in result.output
    assert journal.read_text() == before  # nothing was rewritten


def test_a_game_journaled_twice_is_refused_not_replaced(tmp_path: Path) -> None:
    journal, lines, resume = journaled_match(tmp_path)
    # Line 4 holds game 2; a later line claims game 2 again with other scores.
    lines.append(edited(lines, 3, scores=[0.0, 9.0], ranking=[2, 1]))
    journal.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(app, resume)
    assert result.exit_code == 2, result.output
    assert "line 6 repeats game 2 (already on line 4)" in result.output


def test_a_negative_index_is_not_counted_as_a_game(tmp_path: Path) -> None:
    journal, lines, _ = journaled_match(tmp_path, games=2)
    config = MatchConfig("highcard", ["always9", "always0"], games=2, seed=0, plugins=(PLUGIN,))
    extra = edited(lines, 1, index=-1)
    journal.write_text("\n".join([*lines, extra]) + "\n")
    with pytest.raises(ValueError, match="not -1"):
        read_journal(journal, config)
    # Handed over directly, a game outside the match is left out and a repeated one refused.
    games = read_journal(journal.with_name("none.jsonl"), config)
    assert games == []
    whole = run_match(config)
    rogue = type(whole.games[0])(**{**whole.games[0].to_json(), "index": -1})
    assert len(run_match(config, done=[rogue]).games) == 2
    with pytest.raises(ValueError, match="game 0 is given twice"):
        run_match(config, done=[whole.games[0], whole.games[0]])


def test_blank_lines_keep_the_line_numbers_an_editor_shows(tmp_path: Path) -> None:
    journal, lines, resume = journaled_match(tmp_path)
    lines[3] = edited(lines, 3, index="x")
    journal.write_text("\n".join([lines[0], "", *lines[1:]]) + "\n")
    result = CliRunner().invoke(app, resume)
    assert "line 5: the game index" in result.output


WORKER_PLUGIN = textwrap.dedent(
    """
    import os, time
    from pathlib import Path

    import agent_toys
    from stonework.agents.catalog import AGENTS, AgentKind


    class Sleepy:
        name = "sleepy"

        def act(self, state, rng):
            time.sleep(120)
            return state.legal_actions()[0]


    def install():
        agent_toys.install()
        AGENTS.setdefault("sleepy", AgentKind("sleepy", "sleeps", lambda **kw: Sleepy()))
        folder = Path(os.environ["PID_FOLDER"])
        (folder / str(os.getpid())).write_text("")
    """
)


def is_gone(pid: int) -> bool:
    """True once the process has ended (an unreaped zombie counts as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_exit_when_the_match_process_is_killed(tmp_path: Path) -> None:
    (tmp_path / "sleepy_plugin.py").write_text(WORKER_PLUGIN)
    pids = tmp_path / "pids"
    pids.mkdir()
    env = {
        **os.environ,
        "PID_FOLDER": str(pids),
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(TESTS)]),
    }
    command = [
        sys.executable,
        "-c",
        "from stonework.cli.main import app; app()",
        "arena",
        "highcard",
        "-a",
        "sleepy,always0",
        "-n",
        "4",
        "--workers",
        "2",
        "--plugin",
        "sleepy_plugin:install",
    ]
    main = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        # The plugin runs in the main process too (it checks the agents) and in each worker.
        while len(list(pids.iterdir())) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = [int(path.name) for path in pids.iterdir() if int(path.name) != main.pid]
        assert len(workers) == 2, "the workers did not start"
        main.send_signal(signal.SIGKILL)
        main.wait()
        deadline = time.monotonic() + 30
        while not all(is_gone(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(is_gone(pid) for pid in workers), "workers outlived the killed match"
    finally:
        main.kill()
        for path in pids.iterdir():
            if not is_gone(int(path.name)):
                os.kill(int(path.name), signal.SIGKILL)


def test_a_clean_sweep_has_a_rating_interval_of_some_width() -> None:
    result = run_match(MatchConfig("highcard", ["always9", "always0"], games=20, seed=1))
    for entry in result.summary:
        low, high = entry.rating_ci
        assert low < entry.rating < high
        assert high - low > 100
    nine = next(e for e in result.summary if e.label == "always9")
    zero = next(e for e in result.summary if e.label == "always0")
    assert nine.rating_ci[0] > 1500 > zero.rating_ci[1]  # still clearly apart


def test_no_point_of_the_plot_sits_on_its_frame() -> None:
    pytest.importorskip("matplotlib")
    result = run_match(MatchConfig("highcard", ["always9", "always0"], games=6, seed=1))
    figure = ratings_figure(result)
    left, right = figure.axes
    lo, hi = left.get_xlim()
    for entry in result.summary:
        assert lo < entry.rating_ci[0] and entry.rating_ci[1] < hi
    lo, hi = right.get_xlim()
    assert lo < 0.0 and hi > 1.0  # win rates of 0 and 1, and their intervals, inside the frame
    import matplotlib.pyplot as plt

    plt.close(figure)


def test_durations_read_as_a_person_says_them() -> None:
    assert duration_words(0.0) == "0 s"
    assert duration_words(59.4) == "59 s"
    assert duration_words(90) == "1.5 min"
    assert duration_words(3600 * 5 + 60 * 7) == "5 h 7 min"


def test_the_progress_line_gives_seconds_for_a_quick_match(tmp_path: Path) -> None:
    args = ["arena", "highcard", "-a", "always9,always0", "-n", "3"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "highcard: always9 vs always0: 3/3 games in " in result.output
    assert " min, about 0 min left" not in result.output and "0.0 min" not in result.output


def test_version() -> None:
    import stonework

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"stonework {stonework.__version__}\n"
