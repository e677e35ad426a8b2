"""Snapshots: a table rebuilt from its newest usable snapshot is the table a full replay gives.

Random games of every game are played through the table service with a snapshot every few
events (and undos, which may cut the log back behind a snapshot); the table is then rebuilt
from the database with and without its snapshots and every part of it compared. A database
written before the snapshots existed (Alembic revision 0001) still loads after the migration.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, MetaData, insert, select

from stonework.core.registry import list_games
from stonework.server import runtime as runtime_module
from stonework.server.migrate import MIGRATIONS, upgrade
from stonework.server.runtime import Runtime
from stonework.server.storage import Store, make_engine
from stonework.server.tables import SeatRequest, TableService
from stonework.server.views import build_view


def portrait(runtime: Runtime) -> dict[str, Any]:
    """Everything a table shows or continues from, for every viewer."""
    state = runtime.state
    viewers: list[int | None] = [*range(runtime.row.players), None]
    return {
        "position": state.position(),
        "record": state.record().to_json(),
        "entries": runtime.entries,
        "seq": runtime.seq,
        "legal": [state.action_id(a) for a in state.legal_actions()]
        if state.current_player >= 0
        else [],
        "views": [build_view(runtime, v, set()) for v in viewers],
    }


def play(
    service: TableService,
    game: str,
    players: int,
    seed: int,
    moves: int,
    table: tuple[str, dict[int, str]] | None = None,
) -> tuple[str, dict[int, str]]:
    """Random moves (and a few undos) at a new table, or at ``table`` (id and seat tokens)."""
    if table is None:
        answer, _ = service.create(game, players, {}, [SeatRequest("human")] * players, seed)
        table = answer["table"], {s["seat"]: s["token"] for s in answer["seats"]}
    table_id, tokens = table
    rng = random.Random(seed)
    for _ in range(moves):
        runtime = service.runtime(table_id)
        seat = runtime.seat_to_move()
        if seat is None:
            break
        view = service.view(table_id, tokens[seat])
        if view["undo"]["allowed"] and rng.random() < 0.15:
            service.undo(table_id, tokens[seat], runtime.seq)
            continue
        choice = rng.choice(view["legal"])
        service.submit(table_id, tokens[seat], runtime.seq, None, choice["id"])
    return table


@pytest.mark.parametrize("game", [spec.name for spec in list_games()])
def test_a_rebuild_from_snapshots_equals_a_full_replay(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'snap.db'}")
    upgrade(engine)
    store = Store(engine)
    service = TableService(store, snapshot_every=5)
    spec = next(s for s in list_games() if s.name == game)
    players = max(spec.player_counts)
    restored = 0
    real_from_position = runtime_module.from_position

    def counting(name: str, text: str) -> Any:
        nonlocal restored
        restored += 1
        return real_from_position(name, text)

    monkeypatch.setattr(runtime_module, "from_position", counting)
    for seed, moves in ((1, 40), (2, 90)):
        table, _ = play(service, game, players, seed, moves)
        live = service.runtime(table)
        loaded = store.load(table)
        assert loaded is not None
        row, seats, events, snapshots = loaded
        assert len(snapshots) >= 3
        before = restored
        from_snapshot = Runtime.rebuild(row, seats, events, snapshots)
        replayed = Runtime.rebuild(row, seats, events, [])
        assert portrait(from_snapshot) == portrait(replayed) == portrait(live)
        # the rebuild (or the undos before it) did start from a snapshot
        assert restored > before or len(live.entries) < snapshots[-1].entries
        # after a restart the table goes on as the uninterrupted one would
        fresh = TableService(store, snapshot_every=5)
        seat = fresh.runtime(table).seat_to_move()
        if seat is not None:
            first = fresh.runtime(table).state.legal_actions()[0]
            live.state.apply(first)
            fresh.runtime(table).state.apply(first)
            assert fresh.runtime(table).state.position() == live.state.position()
    assert restored > 0


def copy_rows_into_old_schema(source: Engine, target: Engine) -> None:
    """Copy every table's rows from ``source`` (today's schema) into ``target`` (an older one),
    keeping the columns the older schema has: what that older server would have written."""
    old = MetaData()
    old.reflect(target)
    new = MetaData()
    new.reflect(source)
    with source.connect() as read, target.begin() as write:
        for name in ("tables", "seats", "events"):
            columns = [c.name for c in old.tables[name].columns]
            rows = [
                {c: row._mapping[c] for c in columns}
                for row in read.execute(select(new.tables[name]))
            ]
            if rows:
                write.execute(insert(old.tables[name]), rows)


def test_a_database_from_before_snapshots_migrates_and_loads(tmp_path: Path) -> None:
    # a table played by today's code, without snapshots, copied into a database at revision
    # 0001 (before snapshots and later columns): what a server of that time left behind
    today = make_engine(f"sqlite:///{tmp_path / 'today.db'}")
    upgrade(today)
    writer = TableService(Store(today), snapshot_every=10**9)
    played = play(writer, "aztec", 2, 3, 8)
    table = played[0]
    expected = portrait(writer.runtime(table))
    engine = make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    copy_rows_into_old_schema(today, engine)
    upgrade(engine)  # what the next start does
    store = Store(engine)
    service = TableService(store, snapshot_every=5)
    assert portrait(service.runtime(table)) == expected
    loaded = store.load(table)
    assert loaded is not None and loaded[3] == []
    # the game goes on, with snapshots from then on, and still rebuilds to the same table
    play(service, "aztec", 2, 4, 20, played)
    loaded = store.load(table)
    assert loaded is not None and loaded[3]
    assert portrait(Runtime.rebuild(*loaded)) == portrait(service.runtime(table))
