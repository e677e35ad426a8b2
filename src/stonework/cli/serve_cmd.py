"""``stonework serve``: the game server (HTTP API, WebSocket, browser client) under uvicorn."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from stonework.server.settings import default_data_dir

DATA_HELP = (
    f"Folder of the embedded SQLite database (now {default_data_dir()}: $STONEWORK_DATA_DIR, "
    "else $XDG_DATA_HOME/stonework, else ~/.local/share/stonework)."
)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL, e.g. postgresql://user@host/db (default: "
            "sqlite:///DATA_DIR/stonework.db).",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option("--redis", help="Redis URL linking several server processes (pub/sub)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Server processes (uvicorn workers; add --redis so live updates cross them).",
        ),
    ] = 1,
    ai_workers: Annotated[
        int, typer.Option("--ai-workers", min=0, help="Processes per server for AI seats.")
    ] = 1,
    data_dir: Annotated[Path | None, typer.Option("--data-dir", help=DATA_HELP)] = None,
    abandon_after: Annotated[
        float,
        typer.Option(
            "--abandon-after",
            min=1.0,
            help="Seconds without a change and with nobody connected after which a waiting or "
            "running table is marked abandoned (default 7 days).",
        ),
    ] = 7 * 24 * 3600.0,
) -> None:
    """Run the game server; the browser client and the API share one address."""
    try:
        import uvicorn

        from stonework.server.settings import sqlite_url
    except ImportError:
        typer.echo("error: the server needs the web extra: pip install 'stonework[web]'", err=True)
        raise typer.Exit(2) from None
    folder = data_dir if data_dir is not None else default_data_dir()
    url = db or sqlite_url(folder)
    if workers > 1 and url.startswith("sqlite") and redis is None:
        typer.echo(
            "note: several processes on SQLite: live updates cross processes only with --redis"
        )
    os.environ["STONEWORK_DATA_DIR"] = str(folder)
    os.environ["STONEWORK_DB"] = url
    os.environ["STONEWORK_AI_WORKERS"] = str(ai_workers)
    os.environ["STONEWORK_ABANDON_SECONDS"] = str(abandon_after)
    if redis:
        os.environ["STONEWORK_REDIS"] = redis
    else:
        os.environ.pop("STONEWORK_REDIS", None)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    where = url if not url.startswith("sqlite") else f"SQLite {url.split('///', 1)[-1]}"
    from stonework.core.compiled import build_state

    typer.echo(
        f"stonework server on http://{shown}:{port}/  (data: {where}; {build_state()} engines)",
        err=False,
    )
    uvicorn.run(
        "stonework.server.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        ws_max_size=64 * 1024,
        # Frames are mostly SVG; compressing each one costs more CPU than the whole move.
        ws_per_message_deflate=False,
        # Players pause between moves: keep their connections longer than uvicorn's 5 s, which
        # races with clients reusing a connection just as the server closes it.
        timeout_keep_alive=75,
    )
