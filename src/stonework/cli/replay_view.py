"""``stonework replay``: step through a game record, drawing the position after each entry.

A record holds every action and chance outcome, hidden ones included, so it is checked in full
before the first drawing (an error names the first bad entry). The drawing uses the perspective
asked for (a spectator's by default), so a record can be shown without spoiling hands.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from stonework.analysis import read_analysis
from stonework.cli import game_views
from stonework.cli.analyse_text import annotation_lines
from stonework.cli.numbers import whole_number
from stonework.cli.play import score_table
from stonework.cli.redact import entry_words
from stonework.core import Record, RecordError, State, replay
from stonework.core.record import parse_record_json, read_record_file

ReadLine = Callable[[str], str]

HELP = """\
[bold]Commands:[/bold]
  next, n, Enter    the next entry
  back, b           the previous entry
  jump N, j N       the position after entry N (0 is the start)
  first, last       the start or the end of the record
  board             the whole drawing of this position, with every detail
  quit, q           leave
  help              this text"""


class RecordViewer:
    """The positions of a record, one per entry, and where the viewer stands."""

    def __init__(self, record: Record, perspective: int | None = None) -> None:
        self.record = record
        self.perspective = perspective
        final = replay(record)  # refuses a bad record up front, naming its first bad entry
        # Annotations of `stonework analyse`, checked like the rest of the record.
        self.annotations = read_analysis(record)
        self.hidden = final.spec.hidden_information
        state = replay(record, upto=0)
        self.positions: list[State] = [state.clone()]
        for _, text in record.entries:
            state.apply(state.parse_action(text))
            self.positions.append(state.clone())
        self.at = 0

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def move_to(self, index: int) -> str | None:
        """Go to the position after entry ``index``; a message when it is out of range."""
        if not 0 <= index <= self.last:
            return f"There is no entry {index}: choose 0 (the start) to {self.last}."
        self.at = index
        return None

    def heading(self) -> str:
        """The entry's number and what it was, as far as the perspective may read it."""
        if self.at == 0:
            return f"start of the game (0/{self.last})"
        before = self.positions[self.at - 1]
        # The action as the game parsed it, from the position after the entry.
        seat, action = self.positions[self.at].history[-1]
        return f"entry {self.at}/{self.last}: {entry_words(before, seat, action, self.perspective)}"

    def show(self, console: Console) -> None:
        """The entry's title and the position after it, compact (``board``: all of it)."""
        state = self.positions[self.at]
        console.rule(escape(self.heading()))
        text = state.to_text(self.perspective) if state.is_terminal else None
        if text is None:
            text = game_views.compact_text(state, self.perspective)
        console.print(text, markup=False, highlight=False, soft_wrap=True)
        decision = None if self.annotations is None else self.annotations.decisions.get(self.at - 1)
        if decision is not None:
            # Another seat's candidate moves could name its hidden cards: only the verdict then.
            private = self.hidden and self.perspective not in (None, decision.seat)
            for line in annotation_lines(decision, moves=not private):
                console.print(line, markup=False, highlight=False, soft_wrap=True)
        if state.is_terminal:
            console.print(score_table(state))

    def show_detail(self, console: Console, word: str, argument: str) -> bool:
        """``board`` or one of the game's details for this position; False if not one."""
        state = self.positions[self.at]
        if word == "board":
            text = state.to_text(self.perspective)
        else:
            views = game_views.text_views(state)
            if word not in views:
                return False
            try:
                text = views[word][1](state, self.perspective, argument)
            except ValueError as exc:
                text = str(exc)
        console.print(text, markup=False, highlight=False, soft_wrap=True)
        return True

    def run(self, console: Console, read_line: ReadLine) -> None:
        """Read commands until ``quit`` or the end of input."""
        record = self.record
        console.print(
            f"Record of {escape(record.game)}, {record.players} players, "
            f"{len(record.entries)} entries. Type [bold]help[/bold] for the commands."
        )
        if self.annotations is not None:
            console.print(
                f"Annotated by {escape(self.annotations.description)}: each entry shows its "
                "verdict and the search's best moves."
            )
        self.show(console)
        while True:
            try:
                line = read_line("replay> ")
            except EOFError:
                return
            word, _, rest = line.strip().partition(" ")
            word = word.lower()
            message: str | None = None
            if word in ("quit", "q", "exit"):
                return
            if word in ("help", "h", "?"):
                console.print(HELP)
                for name, (words, _) in game_views.text_views(self.positions[self.at]).items():
                    console.print(f"  {name:17} {words}", markup=False, highlight=False)
                continue
            if self.show_detail(console, word, rest.strip()):
                continue
            if word in ("", "next", "n"):
                message = (
                    "That was the last entry."
                    if self.at == self.last
                    else self.move_to(self.at + 1)
                )
            elif word in ("back", "b", "p", "prev"):
                message = "This is the start." if self.at == 0 else self.move_to(self.at - 1)
            elif word == "first":
                message = self.move_to(0)
            elif word == "last":
                message = self.move_to(self.last)
            elif word in ("jump", "j", "goto"):
                number = whole_number(rest.strip())
                if number is None:
                    message = f"Write the entry number: jump N, with N from 0 to {self.last}."
                else:
                    message = self.move_to(number)
            elif (entry := whole_number(word)) is not None:
                message = self.move_to(entry)
            else:
                message = f"Unknown command {line.strip()!r}; type help for the commands."
            if message is not None:
                console.print(message, markup=False, highlight=False, soft_wrap=True)
            else:
                self.show(console)


def _is_arena_results(data: object) -> bool:
    return (
        isinstance(data, dict)
        and isinstance(data.get("config"), dict)
        and isinstance(data.get("games"), list)
    )


def load_replay(path: str | Path, game: int | None = None) -> Record:
    """The record in a file: a saved game or record, or game ``game`` of an arena's results."""
    text = read_record_file(path)
    data = parse_record_json(text)
    if not _is_arena_results(data):
        if game is not None:
            raise RecordError(f"--game picks a game of an arena's results.json; {path} is not one")
        return Record.from_json(data)
    games = [g for g in data["games"] if isinstance(g, dict)]
    indices = sorted(g["index"] for g in games if type(g.get("index")) is int)
    if not indices:
        raise RecordError(f"{path} holds arena results without any game")
    choices = f"from {indices[0]} to {indices[-1]}" if len(indices) > 1 else f"{indices[0]}"
    if game is None:
        raise RecordError(
            f"{path} holds the results of an arena match ({len(indices)} games): "
            f"choose one with --game N, N {choices}"
        )
    chosen = next((g for g in games if g.get("index") == game and type(game) is int), None)
    if chosen is None:
        raise RecordError(f"{path} has no game {game}: choose --game {choices}")
    return Record.from_json(chosen.get("record"))
