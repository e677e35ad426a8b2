"""Swap tests for every text the terminal prints for a perspective: swap what is hidden from a
seat, and what the terminal prints for that seat must not change by a single byte.

Two records that differ only in cards another seat holds (the same swap the observation tests
make) are replayed with ``stonework replay --perspective K`` and played through ``play`` with
scripted players; the outputs are compared byte for byte. A control check makes sure the swap
is real: the full positions differ.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.cli.play import TerminalGame
from stonework.cli.seats import Seat
from stonework.core import CHANCE, Action, Record, Rng, State, derive_rng, new_game, replay
from stonework.core.state import observation_json


def pile_record(cards: tuple[int, int]) -> Record:
    """The toy: seat 0 and seat 1 are dealt ``cards``, then take stones in turn.

    It stops one stone before the end: the toy's final scores add the secret cards.
    """
    takes = [(0, "take 1"), (1, "take 2"), (0, "take 2"), (1, "take 1")]
    entries = [(CHANCE, f"deal {cards[0]}"), (CHANCE, f"deal {cards[1]}"), *takes]
    return Record("pile", 2, {"pile": 7}, entries)


def replay_output(runner: CliRunner, tmp_path: Path, record: Record, seat: int | None) -> str:
    path = tmp_path / f"record-{id(record)}.json"
    record.save(path)
    perspective = [] if seat is None else ["--perspective", str(seat)]
    keys = "\n" * len(record.entries) + "b\n" * 3 + "last\nfirst\nq\n"
    result = runner.invoke(app, ["replay", str(path), *perspective], input=keys)
    assert result.exit_code == 0, result.output
    # The file name differs between the two records; nothing else may.
    return result.output


@pytest.mark.parametrize(
    ("seat", "world", "swapped"),
    [(0, (3, 1), (3, 2)), (1, (3, 1), (4, 1)), (None, (3, 1), (2, 4))],
)
def test_replay_prints_the_same_for_a_seat_whatever_it_cannot_see(
    runner: CliRunner,
    tmp_path: Path,
    seat: int | None,
    world: tuple[int, int],
    swapped: tuple[int, int],
) -> None:
    first, second = pile_record(world), pile_record(swapped)
    assert replay(first).position() != replay(second).position()
    assert replay_output(runner, tmp_path, first, seat) == replay_output(
        runner, tmp_path, second, seat
    )


def test_replay_titles_show_what_the_seat_may_see(runner: CliRunner, tmp_path: Path) -> None:
    out = replay_output(runner, tmp_path, pile_record((3, 1)), 0)
    assert "entry 1/6: chance deal 3" in out  # seat 0's own card
    assert "entry 2/6: chance: a hidden outcome" in out  # seat 1's card
    assert "deal 1" not in out
    assert "entry 4/6: seat 1 take 2" in out  # a public move of another seat


# --- Zapotec: a real game with hands and secret commits -----------------------------------------


def zapotec_worlds(seat: int) -> tuple[Record, Record]:
    """A Zapotec record and the same record with two cards of other seats' hands swapped.

    The record stops while both cards are still in their hands, unseen by ``seat``, so both
    records replay and ``seat`` observes the very same things all along.
    """
    state = new_game("zapotec", players=3)
    rng = derive_rng(11, "swap")
    holder: dict[int, int] = {}  # a dealt card -> the seat whose hand it went to
    others = [s for s in range(3) if s != seat]
    while not state.is_terminal and len(state.history) < 400:
        before = [set(hand) for hand in state.hands]
        action = state.random_action(rng)
        state.apply(action)
        for s in range(3):
            for card in set(state.hands[s]) - before[s]:
                holder[card] = s
        hidden = state.hidden_tokens(seat)
        cards = [
            [c for c in state.hands[s] if f"#{c:02d}" in hidden and holder.get(c) == s]
            for s in others
        ]
        # Deep enough into the game (commits, builds, more deals) before the swap is made.
        if len(state.history) > 60 and cards[0] and cards[1]:
            break
    assert not state.is_terminal, "no two hidden cards to swap in this game"
    record = state.record()
    x, y = cards[0][0], cards[1][0]
    swap = {f"deal {x}": f"deal {y}", f"deal {y}": f"deal {x}"}
    entries = [(s, swap.get(text, text) if s == CHANCE else text) for s, text in record.entries]
    other = Record(record.game, record.players, record.options, entries)
    return record, other


@pytest.fixture(scope="module")
def zapotec_pair() -> tuple[Record, Record]:
    return zapotec_worlds(0)


def test_the_zapotec_swap_is_real_and_invisible_to_seat_0(
    zapotec_pair: tuple[Record, Record],
) -> None:
    first, second = zapotec_pair
    a, b = replay(first, upto=0), replay(second, upto=0)
    for (_, text_a), (_, text_b) in zip(first.entries, second.entries, strict=True):
        a.apply_text(text_a)
        b.apply_text(text_b)
        assert observation_json(a, 0) == observation_json(b, 0)
    assert a.position() != b.position()


def test_zapotec_replay_for_seat_0_does_not_change_with_the_swap(
    runner: CliRunner, tmp_path: Path, zapotec_pair: tuple[Record, Record]
) -> None:
    first, second = zapotec_pair
    out = replay_output(runner, tmp_path, first, 0)
    assert out == replay_output(runner, tmp_path, second, 0)
    assert ": a secret choice" in out and ": a hidden outcome" in out
    assert "seat 0 play " in out  # seat 0 reads its own commits


class Scripted:
    """An AI seat that plays the moves of a record (so both worlds see the same moves)."""

    def __init__(self, moves: Iterator[str]) -> None:
        self.moves = moves

    def act(self, state: State, rng: Rng) -> Action:
        return state.parse_action(next(self.moves))


class ScriptedGame(TerminalGame):
    """The terminal game with chance drawn from a record instead of the seed."""

    def __init__(self, record: Record, console: Console, keys: list[str]) -> None:
        state = replay(record, upto=0)
        per_seat: dict[int, list[str]] = {}
        for seat, text in record.entries:
            per_seat.setdefault(seat, []).append(text)
        self.chance = iter(per_seat.get(CHANCE, []))
        seats = [Seat("human")] + [
            Seat("scripted", Scripted(iter(per_seat.get(s, [])))) for s in (1, 2)
        ]
        lines = iter(keys)

        def read_line(prompt: str) -> str:
            console.print(prompt, end="")
            return next(lines, "quit")

        super().__init__(state, seats, 5, console, read_line)
        self.stop_at = len(record.entries)

    def play_chance(self) -> None:
        outcome = self.state.parse_action(next(self.chance))
        before = self.before_move()
        self.state.apply(outcome)
        text = self.public_text(before, CHANCE, outcome)
        if text is not None:
            self.tell(f"chance: {text}")


def terminal_output(record: Record) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, color_system=None, force_terminal=False)
    keys = [text for seat, text in record.entries if seat == 0]
    game = ScriptedGame(record, console, keys)
    with contextlib.suppress(StopIteration):  # the script ran out: the record stops mid-game
        game.run()
    return buffer.getvalue()


def test_zapotec_play_prints_the_same_to_seat_0_in_both_worlds(
    zapotec_pair: tuple[Record, Record],
) -> None:
    first, second = zapotec_pair
    out = terminal_output(first)
    assert out == terminal_output(second)
    assert "(scripted) made a secret choice." in out
    assert "(scripted): " in out  # the public moves of the others are written out
