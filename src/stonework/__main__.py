"""``python -m stonework``: the ``stonework`` command, for a Python whose scripts are not on PATH."""

from stonework.cli.main import app

# Typer would name the program after this file otherwise.
app(prog_name="stonework")
