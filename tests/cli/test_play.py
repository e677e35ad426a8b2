"""`stonework play`: the terminal game loop, its commands, bad input, hidden information, undo."""

from __future__ import annotations

import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.core import CHANCE, Action, Record, Rng, State
from toys import PileState, Take

TAKE_ONES = "1\n" * 8  # "take 1" until the pile of 7 is gone


def play(runner: CliRunner, *args: str, keys: str = "") -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=keys)
    return result.exit_code, result.output


def test_a_person_plays_a_whole_game_from_the_numbered_list(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seed", "3", keys=TAKE_ONES)
    assert code == 0, out
    assert "1 take 1   2 take 2" in out
    assert "seat 0: take 1" in out
    assert "game over" in out
    assert "wins." in out or "Shared first place" in out


def test_notation_is_accepted_as_well_as_numbers(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seed", "3", keys="take 2\nquit\n")
    assert code == 0
    assert "seat 0: take 2" in out
    assert "Game left unfinished." in out


def test_mistyped_input_is_explained_and_changes_nothing(runner: CliRunner) -> None:
    keys = "\n7\n0\ntake 3\nfly away\nsave\nhelp\nquit\n"
    code, out = play(runner, "pile", "--seed", "3", keys=keys)
    assert code == 0
    assert "Type a number 1-2, an action, or help." in out  # empty line
    assert "There is no action 7: choose a number from 1 to 2." in out
    assert "There is no action 0" in out
    assert "'take 3' is not 'take 1', 'take 2' or 'deal N'" in out  # the game's own message
    assert "'fly away' is not" in out
    assert "Write the file name: save FILE" in out
    assert "undo" in out and "save FILE" in out  # the help text
    assert "seat 0: " not in out  # nothing was played


def test_an_action_that_is_well_formed_but_illegal_is_refused(runner: CliRunner) -> None:
    # On a pile of one stone only "take 1" is legal: the game's IllegalAction message is shown.
    code, out = play(runner, "pile", "--seed", "3", "-o", "pile=1", keys="take 2\nquit\n")
    assert code == 0
    assert "not legal now" in out
    assert "seat 0: take 2" not in out


def test_list_shows_every_action_or_those_containing_some_text(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seed", "3", keys="list 2\nlist deal\nlist\nquit\n")
    assert code == 0, out
    assert "seat 0> 2 take 2\n" in out  # only "take 2", still numbered 2
    assert "No legal action contains 'deal'." in out
    assert "seat 0> 1 take 1   2 take 2" in out


def test_end_of_input_leaves_the_game_cleanly(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seed", "3", keys="")
    assert code == 0
    assert "Input ended" in out


def test_two_random_seats_play_to_the_end_and_spell_out_every_move(runner: CliRunner) -> None:
    # Nobody at the keyboard: nothing to hide, so chance and moves are written out.
    code, out = play(runner, "pile", "--seats", "random,random,random", "--seed", "8")
    assert code == 0, out
    assert out.count("chance: deal") == 3
    assert "seat 2 (random): take" in out
    assert "game over" in out


def test_the_same_seed_plays_the_same_game(runner: CliRunner) -> None:
    first = play(runner, "pile", "--seats", "random,random", "--seed", "21")
    again = play(runner, "pile", "--seats", "random,random", "--seed", "21")
    assert first == again


def test_only_what_a_person_may_see_of_chance_and_ai_moves_is_spelled_out(
    runner: CliRunner, autosave_folder: Path
) -> None:
    # The toy deals secret cards by chance: seat 0 reads its own card's deal, never seat 1's.
    code, out = play(runner, "pile", "--seed", "3", keys=TAKE_ONES)
    assert code == 0
    [saved] = autosave_folder.iterdir()  # the finished game, saved for replay
    entries = Record.load(saved).entries
    assert entries[0][0] == CHANCE and entries[1][0] == CHANCE  # seat 0's card, then seat 1's
    assert re.findall(r"chance: (deal \d)", out) == [entries[0][1]]
    assert "seat 1 (random): take" in out  # a take is public


def test_perfect_information_games_spell_out_chance_and_ai_moves(
    runner: CliRunner, open_toy_game: None
) -> None:
    code, out = play(runner, "open-pile", "--seed", "3", keys=TAKE_ONES)
    assert code == 0, out
    assert out.count("chance: deal") == 2
    assert "seat 1 (random): take" in out


def test_two_people_hand_over_the_terminal_between_turns(runner: CliRunner) -> None:
    keys = "1\n\n1\n\nquit\n"
    code, out = play(runner, "pile", "--seats", "human,human", "--seed", "3", keys=keys)
    assert code == 0, out
    assert "2 people share this terminal" in out
    assert "Seat 0, look away" in out
    assert "Seat 1, look away" in out
    assert "seat 1 to play: seat 1's view" in out


def test_undo_takes_back_your_move_and_the_ai_reply(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seed", "3", "-o", "pile=9", keys="2\nundo\nquit\n")
    assert code == 0, out
    assert "Took back your move take 2 and the 1 move after it." in out
    # The start is drawn again: the position before the move.
    assert out.count("pile 9, taken [0, 0]") == 2


def test_undo_goes_back_move_by_move_then_says_there_is_nothing_left(runner: CliRunner) -> None:
    keys = "1\n1\nundo\nundo\nundo\nquit\n"
    code, out = play(runner, "pile", "--seed", "3", "-o", "pile=9", keys=keys)
    assert code == 0, out
    assert out.count("Took back your move take 1") == 2
    assert "Nothing to undo: seat 0 has not moved yet in this game." in out


def test_undo_never_takes_back_another_persons_move(runner: CliRunner) -> None:
    # Seat 0 and seat 1 are both people; seat 1 moved after seat 0, so seat 0 cannot undo.
    keys = "1\n\nundo\n1\n\nundo\nquit\n"
    code, out = play(runner, "pile", "--seats", "human,human", "--seed", "3", keys=keys)
    assert code == 0, out
    assert "Nothing to undo: seat 1 has not moved yet" in out
    assert "Cannot undo: seat 1 (a person) has moved since." in out


def test_unknown_game_seat_option_and_player_count_are_refused(runner: CliRunner) -> None:
    cases = [
        (["chess"], "no game named 'chess'"),
        (["pile", "--seats", "human,wizard"], "unknown seat type 'wizard'"),
        (["pile", "--seats", "human,,random"], "no blanks"),
        (["pile", "--seats", "human,random", "-p", "3"], "2 seat(s) given"),
        (["pile", "-p", "5"], "played by 2, 3 players, not 5"),
        (["pile", "-o", "pile=lots"], "'lots' is not an integer"),
        (["pile", "-o", "colour=red"], "pile has no option 'colour'"),
        ([], "name the game to play"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["play", *args], input="quit\n")
        assert result.exit_code == 2, args
        assert message in result.stderr, (args, result.stderr)


def test_seat_count_sets_the_player_count(runner: CliRunner) -> None:
    code, out = play(runner, "pile", "--seats", "random,random,random", "--seed", "1")
    assert code == 0 and "3 players" in out


@dataclass
class FirstActionAgent:
    """A stand-in for an agent of stonework.agents: always the first legal action."""

    def act(self, state: State, rng: Rng) -> Action:
        return state.legal_actions()[0]


@dataclass
class CheatingAgent:
    """An agent whose action is not legal: the game must refuse it, not play it."""

    def act(self, state: State, rng: Rng) -> Action:
        return "take 5"


@pytest.fixture
def fake_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    """Install a stand-in ``stonework.agents`` module (the real one is written separately)."""
    module = types.ModuleType("stonework.agents")
    known = {"first": FirstActionAgent, "cheat": CheatingAgent}

    def make_agent(name: str, **kw: object) -> object:
        if name not in known:
            raise ValueError(f"no agent named {name!r}")
        return known[name]()

    def agent_from_spec(text: str) -> object:
        name, _, setting = text.partition(":")
        if setting != "fast":
            raise ValueError(f"bad agent setting {setting!r}")
        return make_agent(name)

    module.make_agent = make_agent  # type: ignore[attr-defined]
    module.agent_from_spec = agent_from_spec  # type: ignore[attr-defined]
    module.list_agents = lambda: [  # type: ignore[attr-defined]
        ("first", "the first legal action"),
        ("cheat", "an illegal action"),
    ]
    monkeypatch.setitem(sys.modules, "stonework.agents", module)


def test_ai_seats_from_the_agents_package(runner: CliRunner, fake_agents: None) -> None:
    listed = runner.invoke(app, ["seats"])
    assert "the first legal action" in listed.output
    assert "e.g. mcts:0.5s" in listed.output
    code, out = play(runner, "pile", "--seats", "first,first:fast", "--seed", "2")
    assert code == 0, out
    assert "seat 0 (first): take 1" in out and "seat 1 (first:fast): take 1" in out
    bad = runner.invoke(app, ["play", "pile", "--seats", "human,wizard"])
    assert bad.exit_code == 2
    assert "unknown seat type 'wizard'" in bad.stderr
    assert "human, random, first, cheat" in bad.stderr
    setting = runner.invoke(app, ["play", "pile", "--seats", "human,first:slow"])
    assert setting.exit_code == 2 and "bad agent setting 'slow'" in setting.stderr


def test_an_ai_that_chooses_an_illegal_action_stops_the_game(
    runner: CliRunner, fake_agents: None
) -> None:
    result = runner.invoke(app, ["play", "pile", "--seats", "random,cheat", "--seed", "2"])
    assert result.exit_code == 2
    assert "seat 1 (cheat) chose a bad action" in result.stderr


def test_people_sharing_a_screen_with_secrets_do_not_see_each_others_moves(
    runner: CliRunner,
) -> None:
    code, out = play(runner, "pile", "--seats", "human,human", "--seed", "3", keys="2\n\nquit\n")
    assert code == 0, out
    assert "deal" not in out  # each card is a secret from the other person
    assert "seat 0: take 2" in out  # a take is public


def test_a_one_letter_action_wins_over_the_command_shortcut(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game whose notation has one-letter actions: "b" must play, not redraw the board.
    original = PileState.parse_action

    def parse_with_letters(self: PileState, text: str) -> Action:
        return Take(2) if text == "b" else original(self, text)

    monkeypatch.setattr(PileState, "parse_action", parse_with_letters)
    code, out = play(runner, "pile", "--seed", "3", keys="b\nq\n")
    assert code == 0, out
    assert "seat 0: take 2" in out
    assert "Game left unfinished." in out  # "q" is not an action here: it still quits
