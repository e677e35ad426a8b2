"""The terminal game loop behind ``stonework play``: people type, AI players and chance answer.

What each person sees is drawn with the game's ``to_text(perspective)`` for their own seat, so a
hand or a secret choice of another seat never reaches the screen. When several people share the
terminal, only the view of the seat to move is drawn, after a hand-over pause in games with
hidden information. In such games the moves of AI players and the chance outcomes are not
spelled out either (their notation can name a hidden card); the board shows what is public.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from stonework.cli.game_setup import describe_config
from stonework.cli.seats import Seat, seat_types_text
from stonework.core import CHANCE, Action, State, StoneworkError, derive_rng, replay

ReadLine = Callable[[str], str]

SHOWN_ACTIONS = 60
"""How many numbered actions are listed before the rest is left to ``list``."""

HELP = """\
[bold]At your turn type:[/bold]
  a number       play that action from the numbered list
  an action      its notation, exactly as the list writes it
  list           every legal action, numbered (list TEXT: those containing TEXT)
  board          draw the board again
  undo           take back your last move (and the AI and chance moves after it)
  hint           the three best moves by the strongest AI player, with their values
  save FILE      save the game; continue it with: stonework play --load FILE
  quit           leave the game (unsaved moves are lost)
  help           this text"""


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
        # Separate streams, so that an AI player thinking more or less never shifts the tiles or
        # cards chance deals (core.rng.derive_rng).
        self.chance_rng = derive_rng(seed, "chance")
        self.agent_rngs = [derive_rng(seed, "agent", seat) for seat in range(len(seats))]
        self.humans = [seat for seat, kind in enumerate(seats) if kind.is_human]
        hidden = state.spec.hidden_information
        # Move notation may name a hidden card; with nobody at the keyboard there is no one to hide
        # it from.
        self.spell_out_moves = not hidden or not self.humans
        # With secrets and several people at one screen, even your own move is not echoed (a
        # secret choice would show to the next player) and the screen is cleared between them.
        self.shared_secrets = hidden and len(self.humans) > 1
        self.last_viewer: int | None = None
        self.hint_agent: str | None = None
        """The agent spec of ``hint`` (``None``: the game's strongest, stonework.analysis)."""

    # --- the loop ---------------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the end (True) or until the person quits or input ends (False)."""
        self.announce()
        while not self.state.is_terminal:
            player = self.state.current_player
            if player == CHANCE:
                self.play_chance()
            elif self.seats[player].is_human:
                if not self.human_turn(player):
                    return False
            else:
                self.ai_turn(player)
        self.show_result()
        return True

    def announce(self) -> None:
        state = self.state
        seats = ", ".join(f"seat {i} {seat.kind}" for i, seat in enumerate(self.seats))
        config = describe_config(state.spec, state.num_players, state.options)
        self.console.print(
            f"[bold]{escape(state.spec.title)}[/bold] ({escape(config)}): "
            f"{escape(seats)}; seed {self.seed}",
            soft_wrap=True,
        )
        if len(self.humans) > 1:
            self.console.print(
                f"{len(self.humans)} people share this terminal: at each turn only the view of "
                "the seat to move is drawn."
            )
        elif self.humans:
            self.console.print("Type [bold]help[/bold] at your turn for the commands.")

    def say(self, text: str) -> None:
        """Print text that comes from the game (notation, drawings) without markup parsing."""
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def play_chance(self) -> None:
        outcome = self.state.sample_chance(self.chance_rng)
        self.state.apply(outcome)
        if self.spell_out_moves:
            self.say(f"chance: {outcome}")

    def ai_turn(self, player: int) -> None:
        seat = self.seats[player]
        assert seat.agent is not None
        # The agent gets a copy: whatever it does while searching cannot touch the real game.
        action = seat.agent.act(self.state.clone(), self.agent_rngs[player])
        try:
            self.state.apply(action)
        except StoneworkError as exc:
            raise StoneworkError(f"seat {player} ({seat.kind}) chose a bad action: {exc}") from None
        if self.spell_out_moves:
            self.say(f"seat {player} ({seat.kind}): {action}")
        else:
            self.say(f"seat {player} ({seat.kind}) has played.")

    # --- a person's turn ----------------------------------------------------------------------

    def human_turn(self, player: int) -> bool:
        """Read commands until an action is played (True) or the person quits (False)."""
        if not self.hand_over(player):
            return False
        self.show_board(player)
        actions = self.state.legal_actions()
        self.show_actions(actions, limit=SHOWN_ACTIONS)
        while True:
            try:
                line = self.read_line(f"seat {player}> ")
            except EOFError:
                self.console.print("\nInput ended: the game is left unfinished.")
                return False
            text = line.strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            if not text:
                self.console.print(
                    f"Type a number 1-{len(actions)}, an action, or [bold]help[/bold]."
                )
            elif len(text) == 1 and self.is_notation(text):
                # A one-letter action of the game wins over the one-letter command shortcuts.
                if self.try_notation(player, text):
                    return True
            elif word in ("help", "?", "h"):
                self.console.print(HELP)
                self.console.print(f"Seat types for --seats: {escape(seat_types_text())}")
            elif word in ("quit", "exit", "q"):
                self.console.print("Game left unfinished.")
                return False
            elif word in ("board", "b"):
                self.show_board(player)
            elif word in ("list", "l"):
                self.show_actions(actions, limit=None, containing=rest.strip())
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
            elif text.isdigit():
                index = int(text)
                if 1 <= index <= len(actions):
                    self.play_human(player, actions[index - 1])
                    return True
                self.console.print(
                    f"There is no action {index}: choose a number from 1 to {len(actions)}."
                )
            elif self.try_notation(player, text):
                return True

    def is_notation(self, text: str) -> bool:
        try:
            self.state.parse_action(text)
        except StoneworkError:
            return False
        return True

    def try_notation(self, player: int, text: str) -> bool:
        try:
            action = self.state.parse_action(text)
        except StoneworkError as exc:
            self.explain(exc)
            return False
        try:
            self.play_human(player, action)
        except StoneworkError as exc:
            self.explain(exc)
            return False
        return True

    def explain(self, exc: StoneworkError) -> None:
        """The game's own reason for refusing what was typed, and what to type instead."""
        self.console.print(
            f"[red]{escape(str(exc))}[/red]\n"
            "Type a number from the list, [bold]list[/bold] to see every action, "
            "or [bold]help[/bold]."
        )

    def play_human(self, player: int, action: Action) -> None:
        self.state.apply(action)
        if self.shared_secrets:
            self.say(f"seat {player} has played.")
        else:
            self.say(f"seat {player}: {action}")

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
        try:
            self.read_line(f"Press Enter when seat {player} is at the keyboard. ")
        except EOFError:
            self.console.print("\nInput ended: the game is left unfinished.")
            return False
        return True

    def show_board(self, player: int) -> None:
        self.console.rule(f"{escape(self.state.describe_turn())}: seat {player}'s view")
        self.say(self.state.to_text(player))

    def show_actions(self, actions: list[Action], limit: int | None, containing: str = "") -> None:
        """The legal actions with their numbers; only those whose notation holds ``containing``."""
        numbered = [
            (number, str(action))
            for number, action in enumerate(actions, start=1)
            if containing in str(action)
        ]
        if not numbered:
            self.say(f"No legal action contains {containing!r}.")
            return
        shown = numbered if limit is None else numbered[:limit]
        cells = [f"[bold]{number:>3}[/bold] {escape(text)}" for number, text in shown]
        self.console.print(Columns(cells, padding=(0, 3)))
        if len(shown) < len(numbered):
            self.console.print(
                f"... and {len(numbered) - len(shown)} more: type [bold]list[/bold] to see all, "
                "or [bold]list TEXT[/bold] for those containing TEXT."
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
        return True, f"Took back your move {taken_back}" + (
            f" and the {later} move(s) after it." if later else "."
        )

    def save(self, path: str) -> str:
        """Save the game as a record with its final position (``core.record.save_state``)."""
        if not path:
            return "Write the file name: save FILE"
        record = self.state.record()
        record.final_position = self.state.position()
        # The seat types travel with the save so ``--load`` puts the same players back.
        record.meta = {"seats": [seat.kind for seat in self.seats]}
        try:
            record.save(path)
        except OSError as exc:
            return f"Cannot save to {path}: {exc.strerror}"
        return f"Saved to {Path(path)}; continue with: stonework play --load {path}"

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


def score_table(state: State, seats: list[Seat] | None = None) -> Table:
    """Each seat's score, place and score-sheet breakdown."""
    table = Table(title="scores")
    table.add_column("seat")
    if seats is not None:
        table.add_column("player")
    table.add_column("total", justify="right")
    table.add_column("place", justify="right")
    table.add_column("breakdown")
    ranks = state.ranking() if state.is_terminal else [0] * state.num_players
    for seat, score in enumerate(state.scores()):
        breakdown = ", ".join(f"{key} {value}" for key, value in score.breakdown.items())
        row = [str(seat)]
        if seats is not None:
            row.append(seats[seat].kind)
        row += [str(score.total), str(ranks[seat]) if ranks[seat] else "-", escape(breakdown)]
        table.add_row(*row)
    return table
