"""``stonework menu`` (what ``make run`` starts): choose a game, its players and options, play.

Every question has a default shown in brackets, taken by pressing Enter; a wrong answer is
explained and asked again, so a person never needs the command-line flags.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from stonework.cli import game_setup
from stonework.cli.numbers import whole_number
from stonework.cli.play import TerminalGame
from stonework.cli.replay_view import RecordViewer
from stonework.cli.rules_view import games_table, rules_summary
from stonework.cli.seats import (
    Seat,
    default_seat_kinds,
    make_seats,
    parse_seat_kinds,
    seat_types,
)
from stonework.core import GameSpec, OptionValue, Record, StoneworkError, list_games, make_rng

ReadLine = Callable[[str], str]


class Quit(Exception):
    """The person left the menu (``quit`` or end of input)."""


class Menu:
    """The questions of the interactive menu, reading answers with ``read_line``."""

    def __init__(self, console: Console, read_line: ReadLine) -> None:
        self.console = console
        self.read_line = read_line
        self.table_due = True  # the games table is drawn at the start and after each game

    def ask(self, question: str, default: str = "") -> str:
        suffix = " " + escape(f"[{default}]") if default else ""
        try:
            answer = self.read_line(f"{question}{suffix}: ").strip()
        except EOFError:
            raise Quit from None
        if answer.lower() in ("quit", "q"):
            raise Quit
        return answer or default

    def run(self) -> None:
        """The main loop: pick a game, or replay a file, until quit."""
        try:
            while True:
                self.main_choice()
        except Quit:
            self.console.print("Goodbye.")

    def main_choice(self) -> None:
        specs = list_games()
        if self.table_due:
            self.console.print(games_table(specs))
            if not specs:
                self.console.print("No games are registered yet.")
            self.table_due = False
        choices = ", ".join(f"{i} {spec.name}" for i, spec in enumerate(specs, start=1))
        answer = self.ask(
            f"Game ({choices}), [bold]r[/bold] to replay a file, [bold]q[/bold] to quit"
            if specs
            else "[bold]r[/bold] to replay a file, [bold]q[/bold] to quit"
        )
        if answer.lower() in ("r", "replay"):
            self.replay_file()
            self.table_due = True
            return
        spec = self.pick_game(specs, answer)
        if spec is not None:
            self.game_choice(spec)
            self.table_due = True

    def pick_game(self, specs: list[GameSpec], answer: str) -> GameSpec | None:
        by_name = {spec.name: spec for spec in specs}
        number = whole_number(answer)
        if number is not None and 1 <= number <= len(specs):
            return specs[number - 1]
        if answer.lower() in by_name:
            return by_name[answer.lower()]
        self.console.print(
            f"No game {escape(answer)!r}: type its number or name, r or q.", highlight=False
        )
        return None

    def game_choice(self, spec: GameSpec) -> None:
        while True:
            answer = self.ask(
                f"{escape(spec.name)}: [bold]p[/bold]lay, [bold]r[/bold]ules or [bold]b[/bold]ack",
                "p",
            ).lower()
            if answer in ("p", "play"):
                self.play(spec)
                return
            if answer in ("r", "rules"):
                self.console.print(rules_summary(spec))
            elif answer in ("b", "back"):
                return
            else:
                self.console.print("Answer p, r or b.")

    def play(self, spec: GameSpec) -> None:
        players = self.ask_players(spec)
        seats = self.ask_seats(players)
        options = self.ask_options(spec)
        seed_text = self.ask("Seed (Enter: a random one)")
        while seed_text and whole_number(seed_text) is None:
            self.console.print("A seed is a whole number.")
            seed_text = self.ask("Seed (Enter: a random one)")
        seed = whole_number(seed_text) if seed_text else None
        if seed is None:
            seed = make_rng(None).randrange(1 << 31)
        state = game_setup.start_state(spec, players, options)
        game = TerminalGame(state, seats, seed, self.console, self.read_line)
        try:
            game.run()
        except StoneworkError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]")

    def ask_players(self, spec: GameSpec) -> int:
        if len(spec.player_counts) == 1:
            return spec.player_counts[0]
        counts = ", ".join(str(n) for n in spec.player_counts)
        while True:
            answer = self.ask(f"Players ({counts})", str(spec.default_players))
            try:
                return game_setup.player_count(spec, whole_number(answer) or -1)
            except StoneworkError:
                self.console.print(f"{escape(spec.name)} is played by {counts} players.")

    def ask_seats(self, players: int) -> list[Seat]:
        default = ",".join(default_seat_kinds(players))
        while True:
            answer = self.ask(f"Seats, one per player ({escape(', '.join(seat_types()))})", default)
            try:
                kinds = parse_seat_kinds(answer)
                assert kinds is not None
                return make_seats(kinds, players)
            except StoneworkError as exc:
                self.console.print(escape(str(exc)), highlight=False)

    def ask_options(self, spec: GameSpec) -> dict[str, OptionValue]:
        if not spec.options.specs:
            return {}
        names = ", ".join(spec.options.names())
        while True:
            answer = self.ask(
                f"Options as KEY=VALUE separated by spaces ({names}; Enter: defaults)"
            )
            try:
                return game_setup.read_options(spec, answer.split())
            except StoneworkError as exc:
                self.console.print(escape(str(exc)), highlight=False)

    def replay_file(self) -> None:
        path = self.ask("Record file to replay")
        if not path:
            return
        try:
            viewer = RecordViewer(Record.load(path))
        except StoneworkError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]")
            return
        viewer.run(self.console, self.read_line)
