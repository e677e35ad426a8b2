"""``stonework games`` and ``stonework rules``: what the registry knows, as tables."""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from stonework.core import GameSpec


def games_table(specs: list[GameSpec]) -> Table:
    """One row per registered game (the options themselves are listed by ``rules GAME``)."""
    table = Table(title="stonework games", caption="stonework rules GAME: the rules and options")
    table.add_column("game", no_wrap=True)
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("chance")
    table.add_column("hidden info")
    table.add_column("options", justify="right")
    for spec in specs:
        players = ", ".join(
            f"{n} (default)"
            if n == spec.default_players and len(spec.player_counts) > 1
            else str(n)
            for n in spec.player_counts
        )
        table.add_row(
            spec.name,
            escape(spec.title),
            players,
            "yes" if spec.has_chance else "no",
            "yes" if spec.hidden_information else "no",
            str(len(spec.options.specs)),
        )
    return table


def option_lines(spec: GameSpec) -> Group:
    """Each option: name = default, allowed values, ASSUMED or not, then what it does.

    A list rather than a table: descriptions run to a few lines and a table squeezes them into a
    narrow column on an 80-column terminal.
    """
    lines: list[Text | Padding] = []
    for option in spec.options.specs:
        default = str(option.default).lower() if option.kind == "bool" else str(option.default)
        head = Text()
        head.append(f"{option.name}", style="bold")
        head.append(f" = {default}")
        head.append(f"   allowed: {option.allowed()}", style="dim")
        if option.assumed:
            head.append("   ASSUMED", style="yellow")
        lines.append(head)
        lines.append(Padding(Text(option.description), (0, 0, 0, 4)))
    return Group(*lines)


def reflow(summary: str) -> str:
    """Join the lines of each paragraph, so the terminal wraps them at its own width."""
    paragraphs = [" ".join(part.split()) for part in summary.split("\n\n")]
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)


def rules_summary(spec: GameSpec) -> Group:
    """The game's short summary and metadata, then its options."""
    players = ", ".join(str(n) for n in spec.player_counts)
    facts = Text()
    facts.append(f"{spec.title}", style="bold")
    facts.append(f" ({spec.name})\n")
    facts.append(f"players: {players} (default {spec.default_players})\n")
    facts.append(f"chance: {'yes' if spec.has_chance else 'no'}; ")
    facts.append(f"hidden information: {'yes' if spec.hidden_information else 'no'}\n\n")
    facts.append(reflow(spec.summary))
    facts.append("\n")
    parts: list[Text | Group] = [facts]
    if spec.options.specs:
        parts.append(Text("Options (set with --option KEY=VALUE):", style="bold"))
        parts.append(option_lines(spec))
        if any(option.assumed for option in spec.options.specs):
            parts.append(
                Text(
                    "ASSUMED: the default is a reading of an unclear rule; the option gives "
                    "the alternative (see the game's rules file)."
                )
            )
    else:
        parts.append(Text("This game has no options."))
    return Group(*parts)
