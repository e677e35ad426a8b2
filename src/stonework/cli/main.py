"""Entry point of the ``stonework`` command (typer application)."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

import stonework
from stonework.cli import arena_cmd

app = typer.Typer(
    help="Play, analyse and research Akropolis, Zapotec and Aztec.", no_args_is_help=True
)
console = Console()


@app.command()
def games() -> None:
    """List the registered games with their players and options."""
    table = Table(title="stonework games")
    table.add_column("game")
    table.add_column("players")
    table.add_column("chance")
    table.add_column("hidden info")
    table.add_column("options")
    for spec in stonework.list_games():
        table.add_row(
            spec.name,
            ", ".join(map(str, spec.player_counts)),
            "yes" if spec.has_chance else "no",
            "yes" if spec.hidden_information else "no",
            ", ".join(f"{o.name}={o.default}" for o in spec.options.specs),
        )
    console.print(table)


@app.command()
def menu() -> None:
    """The interactive terminal menu (what `make run` starts)."""
    games()


app.command("arena")(arena_cmd.arena)
