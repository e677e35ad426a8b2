"""Storage: migrations, the compare-and-set on a table's revision, the (table, seq) key, settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from stonework.cli.main import app
from stonework.server.migrate import upgrade
from stonework.server.settings import default_data_dir, normalize_db_url
from stonework.server.storage import Change, EventRow, SeatRow, Store, TableRow, make_engine


def new_store(url: str) -> Store:
    engine = make_engine(url)
    upgrade(engine)
    upgrade(engine)  # a second start finds the schema current
    return Store(engine)


def a_table(store: Store, table_id: str = "t_test") -> None:
    row = TableRow(table_id, "aztec", 2, {}, 7, "running", 1, 0, False, None, None, 0.0, 0.0)
    seats = [SeatRow(i, "human", f"p{i}", None, f"hash{i}", None, True) for i in range(2)]
    store.create_table(row, seats, [])


def check_store(store: Store) -> None:
    a_table(store)
    first = Change(events=[EventRow(1, "action", 0, "EN-d4-1", {"readers": [0, 1, 2]})])
    assert store.commit_change("t_test", 1, first)
    # a process that read revision 1 is too late now: nothing is written
    late = Change(events=[EventRow(2, "action", 1, "x", {})])
    assert not store.commit_change("t_test", 1, late)
    # even at the right revision, a seq already taken is refused by the (table, seq) key
    again = Change(events=[EventRow(1, "action", 0, "EN-d4-1", {})])
    assert not store.commit_change("t_test", 2, again)
    loaded = store.load("t_test")
    assert loaded is not None
    row, seats, events, snapshots = loaded
    assert [s.name for s in seats] == ["p0", "p1"]
    assert row.revision == 2 and [e.seq for e in events] == [1] and events[0].action == "EN-d4-1"
    assert snapshots == []
    assert store.catch_up("t_test", 2, 1) is None
    assert store.tables_with_token("hash1") == [("t_test", 1)]
    # AI turns: one holder at a time until the lease runs out
    assert store.claim_ai_turn("t_test", 1, "a", 60)
    assert not store.claim_ai_turn("t_test", 1, "b", 60)
    assert store.claim_ai_turn("t_test", 2, "b", -1)
    assert store.claim_ai_turn("t_test", 2, "a", 60)  # b's lease had already run out
    # Reviews: one holder; progress only from it; done stays done; a stale lease is taken over.
    assert store.review("t_test", 0) is None
    assert store.claim_review("t_test", 0, "a", 5, 60)
    assert not store.claim_review("t_test", 0, "b", 5, 60)
    assert store.update_review("t_test", 0, "a", done=2, seconds=60)
    assert not store.update_review("t_test", 0, "b", done=3, seconds=60)
    assert store.update_review(
        "t_test", 0, "a", done=5, seconds=60, status="done", result={"x": [1]}
    )
    row = store.review("t_test", 0)
    assert row is not None and (row.status, row.done, row.total, row.result) == (
        "done",
        5,
        5,
        {"x": [1]},
    )
    assert not store.claim_review("t_test", 0, "b", 5, 60)
    assert store.claim_review("t_test", 1, "a", 4, -1)
    assert store.claim_review("t_test", 1, "b", 4, 60)  # a's lease had run out
    assert not store.update_review("t_test", 1, "a", done=1, seconds=60)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0003"


def test_sqlite_store(tmp_path: Path) -> None:
    check_store(new_store(f"sqlite:///{tmp_path / 'a.db'}"))


def test_postgresql_store(pg_url: str) -> None:
    check_store(new_store(pg_url))


def test_settings_and_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STONEWORK_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "stonework"
    monkeypatch.setenv("STONEWORK_DATA_DIR", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
    assert normalize_db_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_db_url("sqlite:///x.db") == "sqlite:///x.db"
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "--db" in result.output and "--redis" in result.output and "--workers" in result.output
    assert "XDG_DATA_HOME" in result.output
