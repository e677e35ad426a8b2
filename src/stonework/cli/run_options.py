"""Options shared by the commands that play many games for learning (train, distill, leafnet).

One declaration each, so the three commands spell ``--workers`` and ``--ray`` the same way
and their help stays alike.
"""

from __future__ import annotations

from typing import Annotated

import typer

Workers = Annotated[int, typer.Option(help="local worker processes for the games")]
"""``--workers N``: games spread over N local processes."""

Ray = Annotated[
    str | None, typer.Option("--ray", help="play the games on a Ray cluster at this address")
]
"""``--ray ADDRESS``: games played on a Ray cluster instead."""

ResumeGames = Annotated[
    bool, typer.Option(help="keep the games already in --out and play the rest")
]
"""``--resume`` for a run whose folder is a journal of finished games."""
