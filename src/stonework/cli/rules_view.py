"""``stonework games`` and ``stonework rules``: what the registry knows, as tables."""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from stonework.core import GameSpec


def games_table(specs: list[GameSpec]) -> Table:
    """One row per registered game."""
    table = Table(title="stonework games")
    table.add_column("game")
    table.add_column("title")
    table.add_column("players")
    table.add_column("chance")
    table.add_column("hidden info")
    table.add_column("options")
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
            escape(", ".join(f"{o.name}={o.default}" for o in spec.options.specs)) or "-",
        )
    return table


def options_table(spec: GameSpec) -> Table:
    """Each option with its default, allowed values and whether the default is ASSUMED."""
    table = Table(title=f"{spec.name} options (set with --option KEY=VALUE)")
    table.add_column("option")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("ASSUMED")
    table.add_column("what it does")
    for option in spec.options.specs:
        table.add_row(
            option.name,
            escape(str(option.default).lower() if option.kind == "bool" else str(option.default)),
            escape(option.allowed()),
            "yes" if option.assumed else "",
            escape(option.description),
        )
    return table


def rules_summary(spec: GameSpec) -> Group:
    """The game's short summary and metadata, then its options."""
    players = ", ".join(str(n) for n in spec.player_counts)
    facts = Text()
    facts.append(f"{spec.title}", style="bold")
    facts.append(f" ({spec.name})\n")
    facts.append(f"players: {players} (default {spec.default_players})\n")
    facts.append(f"chance: {'yes' if spec.has_chance else 'no'}; ")
    facts.append(f"hidden information: {'yes' if spec.hidden_information else 'no'}\n\n")
    facts.append(spec.summary)
    parts: list[Text | Table] = [facts]
    if spec.options.specs:
        parts.append(options_table(spec))
        if any(option.assumed for option in spec.options.specs):
            parts.append(
                Text(
                    "ASSUMED: the default is a reading of an unclear rule; "
                    "the option gives the alternative (see the game's rules file)."
                )
            )
    else:
        parts.append(Text("This game has no options."))
    return Group(*parts)
