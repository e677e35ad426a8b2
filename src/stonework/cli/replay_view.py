"""``stonework replay``: step through a game record, drawing the position after each entry.

A record holds every action and chance outcome, hidden ones included, so it is checked in full
before the first drawing (an error names the first bad entry). The drawing uses the perspective
asked for (a spectator's by default), so a record can be shown without spoiling hands.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from stonework.analysis import read_analysis
from stonework.cli.analyse_text import annotation_lines
from stonework.cli.play import score_table
from stonework.core import Record, State, replay
from stonework.core.state import seat_name

ReadLine = Callable[[str], str]

HELP = """\
[bold]Commands:[/bold]
  next, n, Enter    the next entry
  back, b           the previous entry
  jump N, j N       the position after entry N (0 is the start)
  first, last       the start or the end of the record
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
        if self.at == 0:
            return f"start of the game (0/{self.last})"
        seat, text = self.record.entries[self.at - 1]
        who = "chance" if seat_name(seat) == "chance" else f"seat {seat}"
        return f"entry {self.at}/{self.last}: {who} {text}"

    def show(self, console: Console) -> None:
        state = self.positions[self.at]
        console.rule(escape(self.heading()))
        console.print(
            state.to_text(self.perspective), markup=False, highlight=False, soft_wrap=True
        )
        decision = None if self.annotations is None else self.annotations.decisions.get(self.at - 1)
        if decision is not None:
            # Another seat's candidate moves could name its hidden cards: only the verdict then.
            private = self.hidden and self.perspective not in (None, decision.seat)
            for line in annotation_lines(decision, moves=not private):
                console.print(line, markup=False, highlight=False, soft_wrap=True)
        if state.is_terminal:
            console.print(score_table(state))

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
                number = rest.strip()
                if not number.lstrip("-").isdigit():
                    message = f"Write the entry number: jump N, with N from 0 to {self.last}."
                else:
                    message = self.move_to(int(number))
            elif word.isdigit():
                message = self.move_to(int(word))
            else:
                message = f"Unknown command {line.strip()!r}; type help for the commands."
            if message is not None:
                console.print(message, markup=False, highlight=False, soft_wrap=True)
            else:
                self.show(console)
