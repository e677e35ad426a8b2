"""Issue 13 items 2 and 4 at the command line: bad files and text are ``error: ...`` with exit
status 2 (never a traceback), and component data sets come from ``--components FILE`` only."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.core import Record, new_game


def refused(runner: CliRunner, args: list[str], reason: str) -> None:
    """The command exits with status 2 and a one-line ``error:`` giving ``reason``."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "error:" in result.stderr and reason in result.stderr, result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_replay_and_load_refuse_unreadable_records(runner: CliRunner, tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)) * 4)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000)
    data = new_game("aztec", seed=1).record().to_json()
    data["actions"] = [{"seat": "²", "action": "NU-d4-1"}]
    data["count"] = 1
    seat = tmp_path / "seat.json"
    seat.write_text(json.dumps(data))
    for command in (["replay"], ["play", "--load"]):
        refused(runner, [*command, str(binary)], "not a stonework record")
        refused(runner, [*command, str(nested)], "nested too deeply")
        refused(runner, [*command, str(seat)], "is not a seat")
        refused(runner, [*command, str(tmp_path)], str(tmp_path))


def test_records_naming_a_file_as_components_are_refused(runner: CliRunner, tmp_path: Path) -> None:
    data = new_game("zapotec", players=2, seed=1).record().to_json()
    data["options"]["components"] = "/dev/zero"
    path = tmp_path / "zero.json"
    path.write_text(json.dumps(data))
    refused(runner, ["replay", str(path)], "no data set named '/dev/zero'")
    refused(runner, ["play", "--load", str(path)], "no data set named '/dev/zero'")
    refused(runner, ["play", "zapotec", "-o", f"components={path}"], "no data set named")


def test_components_file_given_by_the_user_is_played_and_named_by_hash(
    runner: CliRunner, tmp_path: Path
) -> None:
    data_set = tmp_path / "cheap.json"
    data_set.write_text(json.dumps({"trade_costs": [0, 1, 1]}))
    saved = tmp_path / "saved.json"
    result = runner.invoke(
        app,
        ["play", "zapotec", "-p", "2", "--seed", "3", "--components", str(data_set)],
        input=f"save {saved}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    record = Record.load(saved)
    assert str(record.options["components"]).startswith("sha256:")
    assert str(tmp_path) not in saved.read_text()
    again = runner.invoke(app, ["replay", str(saved), "--components", str(data_set)], input="q\n")
    assert again.exit_code == 0, again.output
    big = tmp_path / "big.json"
    big.write_text(" " * (2 << 20))
    refused(runner, ["play", "zapotec", "--components", str(big)], "larger than")


def test_a_huge_number_typed_at_the_prompt_is_answered(runner: CliRunner) -> None:
    typed = "9" * 5000 + "@0,0/0"
    result = runner.invoke(
        app, ["play", "akropolis", "--seed", "1"], input=f"{typed}\n{'1' * 5000}\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "not an Akropolis action" in result.output
    assert "Traceback" not in result.output


def test_numbers_typed_in_the_menu_and_the_viewer_never_crash(
    runner: CliRunner, tmp_path: Path
) -> None:
    odd = ["²", "٣", "9" * 5000, "-" + "9" * 5000]
    menu = runner.invoke(app, ["menu"], input="\n".join([*odd, "q"]) + "\n")
    assert menu.exit_code == 0, menu.output
    assert "Traceback" not in menu.output and menu.output.count("No game") == len(odd)
    saved = tmp_path / "game.json"
    Record.save(new_game("aztec", seed=1).record(), saved)
    lines = [*odd, *(f"jump {text}" for text in odd), "q"]
    viewer = runner.invoke(app, ["replay", str(saved)], input="\n".join(lines) + "\n")
    assert viewer.exit_code == 0, viewer.output
    assert "Traceback" not in viewer.output
    assert viewer.output.count("Write the entry number") == len(odd)


PROMPT_LINES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["²", "٣", "9" * 5000, "0", "-1", "list ²", "jump", "undo", "board", "help"]),
    st.from_regex(r"[0-9@,/ a-z.:>+-]{1,25}", fullmatch=True),
).filter(lambda line: not line.strip().lower().startswith(("save", "quit", "exit", "q")))


@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(st.sampled_from(["akropolis", "aztec", "zapotec"]), st.lists(PROMPT_LINES, max_size=4))
def test_any_line_typed_at_the_play_prompt_is_answered(game: str, lines: list[str]) -> None:
    """Whatever is typed (``save`` aside, which writes files), the game answers and goes on."""
    typed = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines)
    result = CliRunner().invoke(app, ["play", game, "--seed", "2"], input=typed + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
