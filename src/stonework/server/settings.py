"""Server settings: where data lives, which database and Redis, limits (one frozen value)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted (docs/server.md: 413 above it)."""


def default_data_dir() -> Path:
    """``$STONEWORK_DATA_DIR``, else ``$XDG_DATA_HOME/stonework``, else ``~/.local/share/stonework``."""
    explicit = os.environ.get("STONEWORK_DATA_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "stonework"


def sqlite_url(data_dir: Path) -> str:
    """The URL of the embedded SQLite database in ``data_dir``."""
    return f"sqlite:///{data_dir / 'stonework.db'}"


def normalize_db_url(url: str) -> str:
    """Pick the psycopg 3 driver for plain ``postgresql://`` URLs (SQLAlchemy's default is psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to start; ``stonework serve`` fills it from its flags."""

    db_url: str
    redis_url: str | None = None
    data_dir: Path = field(default_factory=default_data_dir)
    ai_workers: int = 1
    """Worker processes for AI seats (0: play AI moves in a thread of this process, for tests)."""
    max_body: int = MAX_BODY_BYTES
    rate_per_second: float = 20.0
    """Sustained requests per second allowed for one seat token (and for one anonymous address)."""
    rate_burst: int = 100
    ai_lease_seconds: float = 10.0
    """How long a process owns an AI turn beyond the agent's own budget before another may take it."""
    sweep_seconds: float = 1.0
    """How often a process looks for AI turns that nobody plays (after a restart or a crash)."""
    snapshot_every: int = 50
    """A snapshot of a table's game is stored every this many events (rebuilds replay less)."""
    abandon_seconds: float = 7 * 24 * 3600.0
    """A waiting or running table is abandoned after this long with no change and nobody connected."""
    abandon_sweep_seconds: float = 60.0
    """How often a process looks for tables to mark abandoned."""
    static_dir: Path = field(default_factory=lambda: Path(__file__).parent / "static")
    analysis_workers: int = 1
    """Worker processes for hints and reviews (0: threads of this process, for tests)."""
    analysis_agent: str | None = None
    """The agent spec of hints and reviews; None: the game's strongest, on the budgets below."""
    hint_seconds: float = 1.0
    """The search time of one hint (with the default agent)."""
    review_seconds: float = 0.5
    """The search time of each decision of a review (with the default agent)."""
    hint_per_minute: float = 6.0
    """Hints and review requests one seat token (or address) may ask for a minute, sustained."""
    hint_burst: int = 4
    tune_collector: bool = False
    """Freeze what is loaded at start out of the cyclic collector's reach and make collections
    rarer (``stonework serve``: a server process of its own; off where the app shares a process,
    as in the tests)."""

    @classmethod
    def embedded(cls, data_dir: Path | None = None, **kw: object) -> Settings:
        """Settings for the SQLite file in ``data_dir`` (the default data folder if None)."""
        folder = data_dir if data_dir is not None else default_data_dir()
        return cls(db_url=sqlite_url(folder), data_dir=folder, **kw)  # type: ignore[arg-type]
