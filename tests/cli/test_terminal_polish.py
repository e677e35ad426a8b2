"""The terminal game as a player sees it (issue 13): what the others did, one score, a screen of
80 x 24, saves on Ctrl-D and at the end, the same chance after load and undo, a sign of life
while an AI thinks, notation errors that say what is wrong, the 3-player auction's listing."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.cli.play import TerminalGame
from stonework.cli.seats import Seat, make_seats
from stonework.core import CHANCE, Record, derive_rng, new_game, play_random, replay

GAMES = ["akropolis", "aztec", "zapotec"]


def play(runner: CliRunner, *args: str, keys: str = "") -> str:
    result = runner.invoke(app, ["play", *args], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


# --- 9: the public effects of the others' moves --------------------------------------------------


def test_zapotec_shows_what_the_others_did_and_hides_their_secret_choice(
    runner: CliRunner,
) -> None:
    out = play(runner, "zapotec", "-p", "3", "--seed", "4", keys="1\n" * 12 + "quit\n")
    others = re.findall(r"^seat [12] \(random\): (\S+)", out, re.MULTILINE)
    # Drafts, income, purchases, building: each public step of another seat in its own words.
    assert {"income", "done"} <= set(others), others
    # The words for what a move did: the card drafted, the house and its tile.
    assert re.search(r"^seat [12] \(random\): draft (\d+) \(#\d\d \w+/\w+\)$", out, re.M)
    built = re.search(r"^seat \d.*: build \S+ slot \d \(a house on a \w+ space, tile", out, re.M)
    assert built or "build" not in others
    # A commit is secret until the last seat's commit reveals them all.
    secrets = re.findall(r"^seat [12] \(random\) made a secret choice\.", out, re.MULTILINE)
    assert len(secrets) >= 2
    assert "has played." not in out


# --- 10, 11: one final score, a readable sheet ---------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_final_sheet_is_a_table_with_one_score_per_seat(runner: CliRunner, game: str) -> None:
    seats = "random,random,random" if game == "zapotec" else "random,random"
    out = play(runner, game, "--seats", seats, "--seed", "6")
    sheet = out[out.index("final scores") :]
    # No Python dicts, lists or flags leak into the sheet.
    assert not re.search(r"[{}\[\]]|True|False|_detail|builders_below", sheet), sheet
    state = play_random(new_game(game, players=len(seats.split(",")), seed=0), derive_rng(0, "t"))
    totals = re.search(r"total\s*│(.*)│", sheet)
    assert totals is not None
    assert len(totals.group(1).split("│")) == state.num_players
    if game == "zapotec":
        # The board headers say the same totals as the sheet.
        numbers = [int(cell) for cell in totals.group(1).replace("│", " ").split()]
        for seat, total in enumerate(numbers):
            assert re.search(rf"^seat {seat}: {total} VP;", out, re.MULTILINE), (seat, total)
        assert "rounds" in sheet and "sacrifice track" in sheet and "place" in sheet


def test_zapotec_svg_shows_one_final_score() -> None:
    state = play_random(new_game("zapotec", players=3, seed=2), derive_rng(2, "t"))
    svg = state.to_svg(0)
    totals = [score.total for score in state.scores()]
    heads = [int(v) for v in re.findall(r">Seat \d(?: \(you\))?: (\d+) VP", svg)]
    assert heads == totals
    sheet = svg[svg.index('class="score-sheet"') :]
    assert all(f">{total}<" in sheet for total in totals)
    assert "{" not in sheet and "True" not in sheet


def test_akropolis_and_aztec_sheets_in_words() -> None:
    from stonework.cli.game_views import score_sheet

    akropolis = play_random(new_game("akropolis", players=2, seed=1), derive_rng(1, "t"))
    rows = dict(score_sheet(akropolis))
    line = akropolis.scores()[0].breakdown["house"]
    assert isinstance(line, dict)
    assert rows["house"][0] == (
        f"{line['districts']}: {line['value']} x {line['stars']} = {line['points']}"
    )
    aztec = play_random(new_game("aztec", players=3, seed=1), derive_rng(1, "t"))
    rows = dict(score_sheet(aztec))
    assert sorted(rows["role"]) == ["Ah Puch", "E/W", "N/S"]
    assert any(cell in ("yes", "no") for cell in rows["each builder below the bid"])


# --- 12: a screen of 80 x 24 ---------------------------------------------------------------------


def terminal(
    game: str, keys: list[str], players: int = 2, seed: int = 3
) -> tuple[str, TerminalGame]:
    """Play at an 80 x 24 terminal with the given keys; the whole output."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, color_system=None)
    lines = iter(keys)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        line = next(lines, None)
        if line is None:
            raise EOFError
        console.print(line)
        return line

    state = new_game(game, players=players)
    seats = make_seats(["human"] + ["random"] * (players - 1), players)
    session = TerminalGame(state, seats, seed, console, read_line)
    session.run()
    return buffer.getvalue(), session


@pytest.mark.parametrize(("game", "players"), [("akropolis", 4), ("aztec", 2), ("zapotec", 4)])
def test_every_turn_fits_an_80_by_24_screen(game: str, players: int) -> None:
    out, _ = terminal(game, ["1"] * 8, players)
    # Only a file name may be longer than a line (the autosave's, at the end).
    assert max(len(line) for line in out.splitlines() if "stonework/" not in line) <= 80
    # A turn's screen: from the rule over the board to the prompt.
    screens = re.findall(r"─+ [^\n]*'s view ─+\n.*?seat \d> ", out, re.DOTALL)
    assert len(screens) >= 8
    for screen in screens:
        assert screen.count("\n") + 1 <= 24, screen


@pytest.mark.parametrize(
    ("game", "commands", "expected"),
    [
        (
            "akropolis",
            ["site", "city 1", "city 9", "scores", "legend"],
            [
                "construction site",
                "seat 1:",
                "city K, K from 0 to 1",
                "districts: value x stars",
                "legend:",
            ],
        ),
        (
            "zapotec",
            ["spaces", "market", "seat 1", "scores", "legend"],
            ["etla-hills", "trade row I", "seat 1:", "as if the game ended now", "legend:"],
        ),
        ("aztec", ["scores", "legend", "board"], ["seat 0 N/S", "legend:", "north (N/S)"]),
    ],
)
def test_details_on_request(game: str, commands: list[str], expected: list[str]) -> None:
    out, _ = terminal(game, [*commands, "quit"])
    for text in expected:
        assert text in out, (text, out[-3000:])


def test_the_move_list_is_paged_and_filtered() -> None:
    out, session = terminal("akropolis", ["more", "more", "list 2@", "quit"])
    actions = session.state.legal_actions()
    assert len(actions) > 60
    first_page = re.search(r"seat 0's view.*?\.\.\. (\d+) more", out, re.DOTALL)
    assert first_page is not None
    shown = len(actions) - int(first_page.group(1))
    second = out.split("seat 0> more\n")[1]
    assert re.match(rf"\s*{shown + 1} ", second)  # the next page goes on where the first ended
    filtered = out.split("seat 0> list 2@\n")[1].split("seat 0>")[0]
    listed = re.findall(r"\d+ (\S+@\S+)", filtered)
    assert listed and all(text.startswith("2@") for text in listed)


# --- 13: Ctrl-D saves, a finished game is kept, arena results replay -----------------------------


def test_ctrl_d_saves_the_game_and_says_where(runner: CliRunner, autosave_folder: Path) -> None:
    out = play(runner, "aztec", "--seed", "4", keys="1\n")
    [saved] = autosave_folder.iterdir()
    assert f"the game is saved to\n  {saved}\n" in out
    assert f"stonework play --load {saved}" in out
    record = Record.load(saved)
    assert record.meta["seed"] == 4 and [seat for seat, _ in record.entries][:1] == [0]
    again = play(runner, "--load", str(saved), keys="quit\n")
    assert "seed 4" in again


def test_a_finished_game_is_saved_and_can_be_saved_again(
    runner: CliRunner, tmp_path: Path, autosave_folder: Path
) -> None:
    copy = tmp_path / "kept.json"
    out = play(runner, "pile", "--seed", "3", keys="1\n" * 8 + f"save {copy}\n\n")
    [automatic] = autosave_folder.iterdir()
    assert f"The game is saved to {automatic}" in out
    assert f"Saved to {copy}; replay it with: stonework replay {copy}" in out
    assert replay(Record.load(copy)).is_terminal
    assert Record.load(copy).entries == Record.load(automatic).entries
    shown = runner.invoke(app, ["replay", str(copy)], input="last\nq\n")
    assert shown.exit_code == 0 and "final scores" in shown.output


def test_replay_reads_a_game_of_the_arena_results(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "match"
    match = runner.invoke(
        app, ["arena", "aztec", "-a", "random,random", "-n", "3", "--out", str(out)]
    )
    assert match.exit_code == 0, match.output
    results = out / "results.json"
    game = json.loads(results.read_text())["games"][1]
    shown = runner.invoke(app, ["replay", str(results), "--game", "1"], input="last\nq\n")
    assert shown.exit_code == 0, shown.output
    assert f"{len(game['record']['actions'])} entries" in shown.output
    assert "final scores" in shown.output
    missing = runner.invoke(app, ["replay", str(results)])
    assert missing.exit_code == 2
    assert "arena match (3 games): choose one with --game N, N from 0 to 2" in missing.stderr
    wrong = runner.invoke(app, ["replay", str(results), "--game", "7"])
    assert wrong.exit_code == 2 and "has no game 7" in wrong.stderr
    record = tmp_path / "one.json"
    Record.from_json(game["record"]).save(record)
    single = runner.invoke(app, ["replay", str(record), "--game", "1"])
    assert single.exit_code == 2 and "is not one" in single.stderr


# --- 14: the same chance after load and undo -----------------------------------------------------


def chance_of(path: Path) -> list[str]:
    return [text for seat, text in Record.load(path).entries if seat == CHANCE]


def test_load_and_undo_meet_the_same_chance(runner: CliRunner, tmp_path: Path) -> None:
    # Akropolis reveals tiles between rounds: chance comes after the person's moves.
    straight, half, resumed, undone = (tmp_path / f"{n}.json" for n in "abcd")
    play(runner, "akropolis", "--seed", "8", keys="1\n" * 6 + f"save {straight}\nquit\n")
    play(runner, "akropolis", "--seed", "8", keys="1\n" * 3 + f"save {half}\nquit\n")
    play(runner, "--load", str(half), keys="1\n" * 3 + f"save {resumed}\nquit\n")
    keys = "1\n" * 4 + "undo\nundo\n" + "1\n" * 4 + f"save {undone}\nquit\n"
    play(runner, "akropolis", "--seed", "8", keys=keys)
    assert len(chance_of(straight)) > len(chance_of(half))  # chance came after the save
    assert Record.load(resumed).entries == Record.load(straight).entries
    assert Record.load(undone).entries == Record.load(straight).entries


# --- 15: a sign of life while an AI thinks -------------------------------------------------------


def test_a_spinner_says_which_seat_is_thinking() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, force_terminal=True, color_system=None)
    state = new_game("aztec")
    game = TerminalGame(state, make_seats(["random", "random"], 2), 1, console, input)
    game.ai_turn(state.current_player)
    assert "seat 0 (random) is thinking" in buffer.getvalue()
    quiet = io.StringIO()
    plain = Console(file=quiet, width=80, color_system=None)  # not a terminal: no spinner
    game = TerminalGame(new_game("aztec"), make_seats(["random", "random"], 2), 1, plain, input)
    game.ai_turn(0)
    assert "thinking" not in quiet.getvalue()


# --- 16: Zapotec notation errors say what is wrong -----------------------------------------------


def test_zapotec_notation_errors_name_the_wrong_part(runner: CliRunner) -> None:
    keys = "play 99\npyramid 9\nbuild etla-hills.9 slot 5\nbuy IV.1\nquit\n"
    out = play(runner, "zapotec", "--seed", "2", keys=keys)
    assert "play 99: there is no card 99; cards are numbered 1 to 27" in out
    assert "pyramid 9: there is no pyramid 9; pyramids are numbered 1 to 5" in out
    assert "build etla-hills.9 slot 5: etla-hills has spaces 1 to 5, not 9" in out
    assert "the trade rows are I, II and III, not 'IV'" in out
    assert "is not zapotec notation" not in out


# --- 17: the 3-player auction as a person reads it ------------------------------------------------


def test_the_auction_lists_pass_first(runner: CliRunner) -> None:
    out = play(runner, "aztec", "-p", "3", "--seed", "1", keys="1\nquit\n")
    first = re.search(r"^\s*1 (\S+(?: \d+)?)", out, re.MULTILINE)
    assert first is not None and first.group(1) == "pass"
    assert "seat 0: pass" in out


class Interrupted:
    """An AI player stopped by Ctrl-C while it thinks."""

    def act(self, state: object, rng: object) -> object:
        raise KeyboardInterrupt


def test_ctrl_c_while_an_ai_thinks_saves_the_game_too(autosave_folder: Path) -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, color_system=None)
    seats = [*make_seats(["random"], 1), Seat("stubborn", Interrupted())]
    game = TerminalGame(new_game("aztec"), seats, 2, console, input)
    assert game.run() is False
    [saved] = autosave_folder.iterdir()
    assert f"the game is saved to\n  {saved}\n" in buffer.getvalue()
    assert [seat for seat, _ in Record.load(saved).entries] == [0]  # seat 0's opening move


@pytest.mark.parametrize(("game", "players"), [("akropolis", 4), ("aztec", 3), ("zapotec", 4)])
def test_the_compact_view_fits_at_every_decision_of_a_game(game: str, players: int) -> None:
    from stonework.cli.game_views import compact_text

    state = new_game(game, players=players, seed=5)
    rng = derive_rng(5, "fit")
    while not state.is_terminal:
        if state.current_player >= 0:
            lines = compact_text(state, state.current_player).splitlines()
            # 17 lines leave the rule, 4 rows of moves, the "more" line and the prompt.
            assert len(lines) <= 17 and max(map(len, lines)) <= 80, "\n".join(lines)
        state.apply(state.random_action(rng))


def test_replay_draws_the_compact_view_and_the_details_on_request(
    runner: CliRunner, tmp_path: Path
) -> None:
    state = play_random(new_game("akropolis", players=2, seed=4), derive_rng(4, "t"))
    path = tmp_path / "game.json"
    state.record().save(path)
    keys = "jump 8\ncity 1\nsite\nboard\nhelp\nq\n"
    result = runner.invoke(app, ["replay", str(path)], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "more: city K, site, board, legend, scores" in out  # the compact view
    assert "construction site (take position k" in out  # site
    assert "legend: q quarry" in out  # board: the whole drawing
    assert "city K: seat K's city" in out  # the game's details in the help


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_number_at_the_prompt_is_only_a_wrong_number(runner: CliRunner, game: str) -> None:
    out = play(runner, game, "--seed", "1", keys="9" * 5000 + "\n²\nquit\n")
    assert "There is no action 999999999999...: choose a number from 1 to" in out
    assert "Game left unfinished." in out
