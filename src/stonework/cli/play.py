"""The terminal game loop behind ``stonework play``: people type, AI players and chance answer.

What each person sees is drawn for their own seat (the game's compact view, ``cli.game_views``,
or ``to_text(perspective)``), so a hand or a secret choice of another seat never reaches the
screen. When several people share the
terminal, only the view of the seat to move is drawn, after a hand-over pause in games with
hidden information. The moves of the others and the chance outcomes are written out only as far
as the viewer's observation shows them (``cli.redact``): a secret choice reads "a secret choice".

Chance is drawn from a stream of its own per chance node (``derive_rng(seed, "chance", k)`` for
the k-th one), and each AI decision from one per decision: a loaded game, or one taken back with
``undo``, meets the same chance outcomes it would have met.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from stonework.cli import game_views
from stonework.cli.game_setup import describe_config
from stonework.cli.numbers import whole_number
from stonework.cli.redact import described, visible_text
from stonework.cli.seats import Seat, seat_types_text
from stonework.core import (
    CHANCE,
    Action,
    Record,
    Rng,
    State,
    StoneworkError,
    derive_rng,
    replay,
)

ReadLine = Callable[[str], str]

MIN_ACTION_ROWS = 3
"""Rows of numbered actions shown at a turn even when the board leaves less room."""

HELP = """\
[bold]At your turn type:[/bold]
  a number       play that action from the numbered list
  an action      its notation, exactly as the list writes it
  more           the next page of the numbered list
  list           the numbered list from its start (list TEXT: the actions containing TEXT)
  view           the compact board again; board: the whole board with every detail
  undo           take back your last move (and the AI and chance moves after it)
  hint           the three best moves by the strongest AI player, with their values
  save FILE      save the game; continue it with: stonework play --load FILE
  quit           leave the game (Ctrl-D leaves too, saving it first)
  help           this text"""


def autosave_folder() -> Path:
    """Where games left with Ctrl-D and finished games are saved (``$XDG_STATE_HOME``)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "stonework"


def action_page(
    numbered: list[tuple[int, str]], start: int, width: int, rows: int
) -> tuple[list[str], int]:
    """The lines of one page of numbered actions, in columns read downwards, and its length.

    >>> action_page([(1, "take 1"), (2, "take 2"), (3, "deal 4")], 0, 20, 2)
    (['1 take 1   3 deal 4', '2 take 2'], 3)
    """
    digits = len(str(numbered[-1][0]))
    cells = [f"{number:>{digits}} {text}" for number, text in numbered]
    column = max(len(cell) for cell in cells) + 3
    columns = max(1, (width + 3) // column)
    page = cells[start : start + columns * rows]
    used_rows = max(1, math.ceil(len(page) / columns))
    lines = []
    for row in range(used_rows):
        line = [page[k] for k in range(row, len(page), used_rows)]
        lines.append("".join(cell.ljust(column) for cell in line).rstrip())
    return lines, len(page)


class TerminalGame:
    """One game at the terminal: the state, who sits where, and the random streams."""

    def __init__(
        self,
        state: State,
        seats: list[Seat],
        seed: int,
        console: Console,
        read_line: ReadLine | None = None,
    ) -> None:
        self.state = state
        self.seats = seats
        self.seed = seed
        self.console = console
        self.read_line: ReadLine = read_line if read_line is not None else console.input
        self.humans = [seat for seat, kind in enumerate(seats) if kind.is_human]
        hidden = state.spec.hidden_information
        # Move notation may name a hidden card; with nobody at the keyboard there is no one to hide
        # it from.
        self.spell_out_moves = not hidden or not self.humans
        # With secrets and several people at one screen, moves are written out only as far as a
        # spectator sees them (a secret choice would show to the next player) and the screen is
        # cleared between them.
        self.shared_secrets = hidden and len(self.humans) > 1
        # Whose eyes the moves of the others are written for: the one person at the keyboard,
        # a spectator's when several share it.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.last_viewer: int | None = None
        self.hint_agent: str | None = None
        """The agent spec of ``hint`` (``None``: the game's strongest, stonework.analysis)."""
        # The listing ``more`` goes on with: its actions, the filter, the next index.
        self.listing: tuple[list[Action], str, int] | None = None

    # --- the random streams -------------------------------------------------------------------

    def chance_stream(self) -> Rng:
        """The stream of the next chance node: one per node, so undo and load draw the same."""
        count = sum(1 for seat, _ in self.state.history if seat == CHANCE)
        return derive_rng(self.seed, "chance", count)

    def agent_stream(self, player: int) -> Rng:
        """The stream of an AI decision, fixed by the seat and the moment of the game."""
        return derive_rng(self.seed, "agent", player, len(self.state.history))

    # --- the loop ---------------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the end (True) or until the person quits or input ends (False)."""
        self.announce()
        try:
            while not self.state.is_terminal:
                player = self.state.current_player
                if player == CHANCE:
                    self.play_chance()
                elif self.seats[player].is_human:
                    if not self.human_turn(player):
                        return False
                else:
                    self.ai_turn(player)
        except KeyboardInterrupt:
            # Ctrl-C while an AI thinks: the game so far is kept, as on Ctrl-D at the prompt.
            self.left_early()
            return False
        self.show_result()
        if self.humans:
            self.after_the_end()
        return True

    def announce(self) -> None:
        state = self.state
        seats = ", ".join(f"seat {i} {seat.kind}" for i, seat in enumerate(self.seats))
        config = describe_config(state.spec, state.num_players, state.options)
        self.console.print(
            f"[bold]{escape(state.spec.title)}[/bold] ({escape(config)}): "
            f"{escape(seats)}; seed {self.seed}",
        )
        if len(self.humans) > 1:
            self.console.print(
                f"{len(self.humans)} people share this terminal: at each turn only the view of "
                "the seat to move is drawn."
            )
        elif self.humans:
            self.console.print("Type [bold]help[/bold] at your turn for the commands.")

    def tell(self, text: str) -> None:
        """Print a sentence from the game (a move and its words), wrapped at the screen's width."""
        self.console.print(text, markup=False, highlight=False)

    def say(self, text: str) -> None:
        """Print text that comes from the game (notation, drawings) without markup parsing."""
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def play_chance(self) -> None:
        outcome = self.state.sample_chance(self.chance_stream())
        before = self.before_move()
        self.state.apply(outcome)
        text = self.public_text(before, CHANCE, outcome)
        if text is not None:
            self.tell(f"chance: {text}")

    def before_move(self) -> State | None:
        """A copy of the position to judge the next move from (None: every move is shown)."""
        return None if self.spell_out_moves else self.state.clone()

    def public_text(self, before: State | None, seat: int, action: Action) -> str | None:
        """A move as far as the person watching may read it, with the game's words for what it
        did (None: secret)."""
        if before is None:
            return str(action)
        text = visible_text(before, seat, action, self.viewer)
        return None if text is None else described(before, action, text)

    @contextmanager
    def thinking(self, player: int) -> Iterator[None]:
        """A spinner with "seat 2 (mcts) is thinking" on a terminal while an AI player thinks."""
        if not self.console.is_terminal:
            yield
            return
        kind = self.seats[player].kind
        with self.console.status(f"seat {player} ({escape(kind)}) is thinking..."):
            yield

    def ai_turn(self, player: int) -> None:
        seat = self.seats[player]
        assert seat.agent is not None
        # The agent gets a copy: whatever it does while searching cannot touch the real game.
        with self.thinking(player):
            action = seat.agent.act(self.state.clone(), self.agent_stream(player))
        before = self.before_move()
        try:
            self.state.apply(action)
        except StoneworkError as exc:
            raise StoneworkError(f"seat {player} ({seat.kind}) chose a bad action: {exc}") from None
        text = self.public_text(before, player, action)
        if text is not None:
            self.tell(f"seat {player} ({seat.kind}): {text}")
        else:
            self.say(f"seat {player} ({seat.kind}) made a secret choice.")

    # --- a person's turn ----------------------------------------------------------------------

    def human_turn(self, player: int) -> bool:
        """Read commands until an action is played (True) or the person leaves (False)."""
        if not self.hand_over(player):
            return False
        self.show_board(player)
        actions = game_views.action_order(self.state, self.state.legal_actions())
        self.listing = (actions, "", 0)
        self.show_more(room=self.room_for_actions(player))
        while True:
            line = self.read(f"seat {player}> ")
            if line is None:
                return False
            text = line.strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            views = game_views.text_views(self.state)
            if not text:
                self.console.print(
                    f"Type a number 1-{len(actions)}, an action, or [bold]help[/bold]."
                )
            elif self.is_notation(text):
                # The game's own notation wins over the commands ("b" may be a move).
                if self.try_notation(player, text):
                    return True
            elif word in ("help", "?", "h"):
                self.console.print(HELP)
                for name, (words, _) in views.items():
                    self.say(f"  {name:14} {words}")
                self.console.print(f"Seat types for --seats: {escape(seat_types_text())}")
            elif word in ("quit", "exit", "q"):
                self.console.print("Game left unfinished.")
                return False
            elif word in ("board", "b"):
                self.console.rule(f"{escape(self.state.describe_turn())}: seat {player}'s view")
                self.say(self.state.to_text(player))
            elif word in ("view", "v"):
                self.show_board(player)
            elif word in views:
                self.show_view(views[word][1], player, rest.strip())
            elif word in ("more", "m"):
                self.show_more(room=None)
            elif word in ("list", "l"):
                self.listing = (actions, rest.strip(), 0)
                self.show_more(room=None)
            elif word in ("undo", "u"):
                undone, message = self.undo(player)
                self.say(message)
                if undone:
                    # Back to the loop, which draws the rebuilt position for whoever is to move.
                    return True
            elif word == "save":
                self.say(self.save(rest.strip()))
            elif word == "hint":
                self.hint()
            elif text.isascii() and text.isdigit():
                index = whole_number(text) or 0
                if 1 <= index <= len(actions):
                    self.play_human(player, actions[index - 1])
                    return True
                shown = text if len(text) <= 12 else text[:12] + "..."
                self.console.print(
                    f"There is no action {shown}: choose a number from 1 to {len(actions)}."
                )
            else:
                self.try_notation(player, text)

    def read(self, prompt: str) -> str | None:
        """A line typed at the prompt; None when input ends (Ctrl-D, Ctrl-C): saved first."""
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            self.left_early()
            return None

    def left_early(self) -> None:
        """Save the unfinished game in the autosave folder and say where."""
        path = self.autosave()
        if path is None:
            self.console.print(
                "\nInput ended: the game is left unfinished (it could not be saved)."
            )
        else:
            self.say(
                f"\nInput ended: the game is saved to\n  {path}\n"
                f"continue it with: stonework play --load {path}"
            )

    def is_notation(self, text: str) -> bool:
        try:
            self.state.parse_action(text)
        except (StoneworkError, ValueError):
            return False
        return True

    def try_notation(self, player: int, text: str) -> bool:
        try:
            action = self.state.parse_action(text)
            self.play_human(player, action)
        except (StoneworkError, ValueError) as exc:
            self.explain(exc)
            return False
        return True

    def explain(self, exc: Exception) -> None:
        """The game's own reason for refusing what was typed, and what to type instead."""
        self.console.print(
            f"[red]{escape(str(exc))}[/red]\n"
            "Type a number from the list, [bold]list[/bold] to see every action, "
            "or [bold]help[/bold]."
        )

    def play_human(self, player: int, action: Action) -> None:
        before = self.state.clone()
        self.state.apply(action)
        if not self.shared_secrets:
            self.tell(f"seat {player}: {described(before, action, str(action))}")
            return
        text = visible_text(before, player, action, None)
        if text is None:
            self.say(f"seat {player} made a secret choice.")
        else:
            self.tell(f"seat {player}: {described(before, action, text)}")

    def hand_over(self, player: int) -> bool:
        """Between two people in a game with secrets, wait until the next one sits down."""
        previous = self.last_viewer
        self.last_viewer = player
        if previous is None or previous == player or not self.shared_secrets:
            return True
        # Clear first: the previous player's board (their hand) must be gone before the next
        # player sits down.
        self.console.clear()
        self.console.print(
            f"\n[bold]Seat {player}'s turn.[/bold] Seat {previous}, look away: the board shows "
            f"seat {player}'s view only."
        )
        return self.read(f"Press Enter when seat {player} is at the keyboard. ") is not None

    # --- drawing ------------------------------------------------------------------------------

    def board_text(self, player: int) -> str:
        return game_views.compact_text(self.state, player)

    def show_board(self, player: int) -> None:
        self.console.rule(f"{escape(self.state.describe_turn())}: seat {player}'s view")
        self.say(self.board_text(player))

    def show_view(self, view: game_views.View, player: int, argument: str) -> None:
        try:
            text = view(self.state, player, argument)
        except (StoneworkError, ValueError) as exc:
            text = str(exc)
        self.say(text)

    def room_for_actions(self, player: int) -> int:
        """Rows left for the numbered actions under the board on this screen."""
        used = self.board_text(player).count("\n") + 1
        # The rule above the board, the "more" line and the prompt.
        return max(MIN_ACTION_ROWS, self.console.size.height - used - 3)

    def show_more(self, room: int | None) -> None:
        """The next page of the current listing (``room``: rows it may take; None: a screen)."""
        if self.listing is None:
            return
        actions, containing, start = self.listing
        numbered = [
            (number, str(action))
            for number, action in enumerate(actions, start=1)
            if containing.lower() in str(action).lower()
        ]
        if not numbered:
            self.say(f"No legal action contains {containing!r}.")
            return
        if start >= len(numbered):
            self.say("That was the whole list; type list to start it again.")
            return
        rows = room if room is not None else max(MIN_ACTION_ROWS, self.console.size.height - 3)
        lines, shown = action_page(numbered, start, self.console.size.width, rows)
        self.say("\n".join(lines))
        self.listing = (actions, containing, start + shown)
        left = len(numbered) - start - shown
        if left > 0:
            self.console.print(
                f"... {left} more: [bold]more[/bold] for the next page, "
                "[bold]list TEXT[/bold] for those containing TEXT."
            )

    def hint(self) -> None:
        """The strongest search's three best moves for the seat to move (its information only)."""
        from stonework.cli.hints import hint_lines

        self.say("Thinking...")
        for line in hint_lines(self.state, self.hint_agent, self.seed):
            self.say(line)

    # --- undo and save ----------------------------------------------------------------------

    def undo(self, player: int) -> tuple[bool, str]:
        """Take back ``player``'s last decision and what AI players and chance did after it.

        The game is rebuilt by replaying its record without those entries, so nothing is
        guessed: the state is exactly the one ``player`` faced, and it is drawn from their view.
        """
        history = self.state.history
        mine = [index for index, (seat, _) in enumerate(history) if seat == player]
        if not mine:
            return False, f"Nothing to undo: seat {player} has not moved yet in this game."
        last = mine[-1]
        people_since = sorted(
            {
                seat
                for seat, _ in history[last + 1 :]
                if seat != CHANCE and seat != player and self.seats[seat].is_human
            }
        )
        if people_since:
            names = ", ".join(str(seat) for seat in people_since)
            return False, (
                f"Cannot undo: seat {names} (a person) has moved since. Undo takes back only "
                "your own move in games against AI players."
            )
        taken_back = history[last][1]
        later = len(history) - last - 1
        self.state = replay(self.state.record(), upto=last)
        after = "" if not later else f" and the {later} move{'' if later == 1 else 's'} after it"
        return True, f"Took back your move {taken_back}{after}."

    def saved_record(self) -> Record:
        """The save: the record, its final position, the seat types and the seed."""
        record = self.state.record()
        record.final_position = self.state.position()
        # The seat types travel with the save so that ``--load`` puts the same players back,
        # and the seed so that chance deals on as it would have.
        record.meta = {"seats": [seat.kind for seat in self.seats], "seed": self.seed}
        return record

    def save(self, path: str) -> str:
        """Save the game as a record with its final position (``core.record.save_state``)."""
        if not path:
            return "Write the file name: save FILE"
        try:
            self.saved_record().save(path)
        except OSError as exc:
            return f"Cannot save to {path}: {exc.strerror}"
        if self.state.is_terminal:
            return f"Saved to {Path(path)}; replay it with: stonework replay {path}"
        return f"Saved to {Path(path)}; continue with: stonework play --load {path}"

    def autosave(self) -> Path | None:
        """Save the game in the autosave folder under a new name; None if that fails."""
        folder = autosave_folder()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{self.state.spec.name}-{stamp}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{name}.json"
            number = 1
            while path.exists():
                number += 1
                path = folder / f"{name}-{number}.json"
            self.saved_record().save(path)
        except OSError:
            return None
        return path

    # --- the end ----------------------------------------------------------------------------

    def result_perspective(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def show_result(self) -> None:
        state = self.state
        self.console.rule("game over")
        self.say(state.to_text(self.result_perspective()))
        self.console.print(score_table(state, self.seats))
        ranks = state.ranking()
        winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
        if len(winners) == 1:
            self.console.print(
                f"[bold]Seat {winners[0]} ({self.seats[winners[0]].kind}) wins.[/bold]"
            )
        else:
            self.console.print(
                "[bold]Shared first place: seats "
                + ", ".join(str(seat) for seat in winners)
                + ".[/bold]"
            )

    def after_the_end(self) -> None:
        """Keep the finished game: saved at once, and ``save FILE`` for a copy elsewhere."""
        path = self.autosave()
        if path is not None:
            self.say(f"The game is saved to {path}; replay it with: stonework replay {path}")
        while True:
            try:
                line = self.read_line("game over> ")
            except (EOFError, KeyboardInterrupt):
                return
            word, _, rest = line.strip().partition(" ")
            if word.lower() in ("", "quit", "q", "exit"):
                return
            if word.lower() == "save":
                self.say(self.save(rest.strip()))
            elif word.lower() in ("board", "b"):
                self.say(self.state.to_text(self.result_perspective()))
            else:
                self.console.print(
                    "The game is over: [bold]save FILE[/bold] to keep it, "
                    "[bold]board[/bold] to see it, Enter to leave."
                )


def score_table(state: State, seats: list[Seat] | None = None) -> Table:
    """The score sheet: a column per seat, a row per line of the game's sheet, then the places."""
    rows = game_views.score_sheet(state)
    scores = state.scores()
    table = Table(title="final scores" if state.is_terminal else "scores now")
    table.add_column("")
    for seat in range(state.num_players):
        name = f"seat {seat}" + (f"\n{seats[seat].kind}" if seats is not None else "")
        table.add_column(escape(name), justify="right")
    for label, cells in rows:
        table.add_row(escape(label), *(escape(cell) for cell in cells))
    table.add_row("[bold]total[/bold]", *(f"[bold]{score.total}[/bold]" for score in scores))
    if state.is_terminal:
        table.add_row("place", *(str(rank) for rank in state.ranking()))
    return table
