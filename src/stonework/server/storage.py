"""Event-sourced storage: tables, seats and each table's log, through SQLAlchemy 2 (SQLite or PostgreSQL).

A table is its log: every accepted action, chance outcome, undo and resignation is a row of
``events`` with its table, sequence number, seat and time, committed before anyone is told. The
primary key (table, seq) makes a double apply impossible even with several server processes, and
every change also moves the table's ``revision`` forward with a compare-and-set, so a process
that acted on a stale copy learns it and changes nothing.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError

from stonework.server.settings import normalize_db_url

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(40), nullable=False),
    Column("status", String(16), nullable=False),
    Column("revision", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("ai_to_move", Boolean, nullable=False),
    Column("result", Text, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("hints", Boolean, nullable=False, default=False),
    Index("ix_tables_status", "status", "updated_at"),
    Index("ix_tables_ai", "ai_to_move", "status"),
)

seats_t = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=False),
    Column("agent", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("invite_hash", String(64), nullable=True),
    Column("joined", Boolean, nullable=False),
    Index("ix_seats_token", "token_hash"),
)

events_t = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=True),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

snapshots_t = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("entries", Integer, nullable=False),
    Column("last_entry", Integer, nullable=False),
    Column("position", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

ai_claims_t = Table(
    "ai_claims",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("owner", String(40), nullable=False),
    Column("expires_at", Float, nullable=False),
)

reviews_t = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(8), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("result", Text, nullable=True),
    Column("owner", String(40), nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)


@dataclass
class TableRow:
    """A table's configuration and status (its state is rebuilt from the events)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    revision: int
    to_move: int | None
    ai_to_move: bool
    result: dict[str, Any] | None
    rematch: str | None
    created_at: float
    updated_at: float
    hints: bool = False
    """Every seat may ask for hints (chosen at creation; joining the table agrees to it)."""


@dataclass
class SeatRow:
    """One seat: who plays it and the hashes of its token and invite."""

    seat: int
    kind: str
    name: str
    agent: str | None
    token_hash: str | None
    invite_hash: str | None
    joined: bool


@dataclass
class EventRow:
    """One log entry: ``kind`` is action, chance, undo or resign; ``data`` holds what replay needs."""

    seq: int
    kind: str
    seat: int
    action: str | None
    data: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0


@dataclass(frozen=True)
class Snapshot:
    """The game after the events up to ``seq``: its position string, and which effective log it
    is the state of (its first ``entries`` entries, the last of them numbered ``last_entry``,
    0 for none), so a rebuild can start from it instead of replaying the whole log."""

    seq: int
    entries: int
    last_entry: int
    position: str


@dataclass
class ReviewRow:
    """A review of one seat of a finished table: its progress, and its result once done."""

    table_id: str
    seat: int
    status: str
    """``running``, ``done`` or ``failed``."""
    done: int
    total: int
    result: dict[str, Any] | None
    owner: str
    expires_at: float


@dataclass
class Change:
    """What one accepted change writes: new events, the table's new status and seat updates,
    and perhaps a snapshot of the game after it."""

    events: list[EventRow] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)
    snapshot: Snapshot | None = None


def _table_row(row: Any) -> TableRow:
    return TableRow(
        id=row.id,
        game=row.game,
        players=row.players,
        options=json.loads(row.options),
        seed=int(row.seed),
        status=row.status,
        revision=row.revision,
        to_move=row.to_move,
        ai_to_move=bool(row.ai_to_move),
        result=None if row.result is None else json.loads(row.result),
        rematch=row.rematch,
        created_at=row.created_at,
        updated_at=row.updated_at,
        hints=bool(row.hints),
    )


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(
        seat=row.seat,
        kind=row.kind,
        name=row.name,
        agent=row.agent,
        token_hash=row.token_hash,
        invite_hash=row.invite_hash,
        joined=bool(row.joined),
    )


def _event_values(table_id: str, ev: EventRow) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": ev.seq,
        "kind": ev.kind,
        "seat": ev.seat,
        "action": ev.action,
        "data": json.dumps(ev.data, separators=(",", ":")),
        "created_at": ev.created_at or time.time(),
    }


def _table_values(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key in ("options", "result"):
        if key in out and out[key] is not None:
            out[key] = json.dumps(out[key], separators=(",", ":"))
    if "seed" in out:
        out["seed"] = str(out["seed"])
    return out


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, full sync and a busy timeout for several writers."""
    url = normalize_db_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


class Store:
    """The database behind the server; every method is one short transaction (call from a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite lets one writer in at a time and makes the others sleep in its busy handler
        # (up to 100 ms a nap): queueing this process's writers on a lock instead keeps the
        # latency of a move to the time of its own commit.
        self.writing: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    # --- tables ------------------------------------------------------------------------------

    def create_table(
        self, row: TableRow, seats: Sequence[SeatRow], events: Iterable[EventRow]
    ) -> None:
        """Write a new table with its seats and first events (setup chance) in one transaction."""
        with self.writing, self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    _table_values(
                        {
                            "id": row.id,
                            "game": row.game,
                            "players": row.players,
                            "options": row.options,
                            "seed": row.seed,
                            "status": row.status,
                            "revision": row.revision,
                            "to_move": row.to_move,
                            "ai_to_move": row.ai_to_move,
                            "result": row.result,
                            "rematch": row.rematch,
                            "created_at": row.created_at,
                            "updated_at": row.updated_at,
                            "hints": row.hints,
                        }
                    )
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "agent": s.agent,
                        "token_hash": s.token_hash,
                        "invite_hash": s.invite_hash,
                        "joined": s.joined,
                    }
                    for s in seats
                ],
            )
            rows = [_event_values(row.id, ev) for ev in events]
            if rows:
                conn.execute(insert(events_t), rows)

    def load(
        self, table_id: str
    ) -> tuple[TableRow, list[SeatRow], list[EventRow], list[Snapshot]] | None:
        """A table, its seats, its whole log and its snapshots (oldest first), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            events = conn.execute(
                select(events_t).where(events_t.c.table_id == table_id).order_by(events_t.c.seq)
            ).all()
            snapshots = conn.execute(
                select(snapshots_t)
                .where(snapshots_t.c.table_id == table_id)
                .order_by(snapshots_t.c.seq)
            ).all()
        return (
            _table_row(row),
            [_seat_row(s) for s in seats],
            [
                EventRow(e.seq, e.kind, e.seat, e.action, json.loads(e.data), e.created_at)
                for e in events
            ],
            [Snapshot(n.seq, n.entries, n.last_entry, n.position) for n in snapshots],
        )

    def catch_up(
        self, table_id: str, revision: int, after_seq: int
    ) -> tuple[TableRow, list[SeatRow], list[EventRow]] | None:
        """None if the table is still at ``revision``; else its row, seats and events after ``after_seq``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None or row.revision == revision:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            events = conn.execute(
                select(events_t)
                .where(and_(events_t.c.table_id == table_id, events_t.c.seq > after_seq))
                .order_by(events_t.c.seq)
            ).all()
        return (
            _table_row(row),
            [_seat_row(s) for s in seats],
            [
                EventRow(e.seq, e.kind, e.seat, e.action, json.loads(e.data), e.created_at)
                for e in events
            ],
        )

    def commit_change(self, table_id: str, revision: int, change: Change) -> bool:
        """Write a change if the table is still at ``revision``; False (nothing written) if not."""
        values = _table_values(change.table)
        values["revision"] = revision + 1
        values["updated_at"] = time.time()
        try:
            with self.writing, self.engine.begin() as conn:
                done = conn.execute(
                    update(tables_t)
                    .where(and_(tables_t.c.id == table_id, tables_t.c.revision == revision))
                    .values(values)
                )
                if done.rowcount != 1:
                    raise _Stale
                if change.events:
                    conn.execute(
                        insert(events_t), [_event_values(table_id, ev) for ev in change.events]
                    )
                if change.snapshot is not None:
                    snap = change.snapshot
                    conn.execute(
                        insert(snapshots_t).values(
                            table_id=table_id,
                            seq=snap.seq,
                            entries=snap.entries,
                            last_entry=snap.last_entry,
                            position=snap.position,
                            created_at=time.time(),
                        )
                    )
                for seat, seat_values in change.seats.items():
                    conn.execute(
                        update(seats_t)
                        .where(and_(seats_t.c.table_id == table_id, seats_t.c.seat == seat))
                        .values(seat_values)
                    )
        except (_Stale, IntegrityError):
            return False
        except OperationalError as exc:
            # SQLite under several writers: a lock timeout is a lost race, not a crash.
            if "locked" in str(exc) or "busy" in str(exc):
                return False
            raise
        return True

    # --- look-ups ----------------------------------------------------------------------------

    def tables_with_token(self, token_hash: str) -> list[tuple[str, int]]:
        """(table, seat) pairs held by a token hash (a token may hold a seat at each rematch)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats_t.c.table_id, seats_t.c.seat).where(seats_t.c.token_hash == token_hash)
            ).all()
        return [(r.table_id, r.seat) for r in rows]

    def list_tables(self, status: str | None, limit: int) -> list[tuple[TableRow, list[SeatRow]]]:
        """The most recently changed tables, with their seats, optionally of one status."""
        query = select(tables_t).order_by(tables_t.c.updated_at.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows]
            seats = (
                conn.execute(
                    select(seats_t).where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
                ).all()
                if ids
                else []
            )
        by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
        for s in seats:
            by_table[s.table_id].append(_seat_row(s))
        return [(_table_row(r), by_table[r.id]) for r in rows]

    def idle_tables(self, before: float) -> list[str]:
        """Waiting or running tables with no change since ``before`` (a Unix time)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.id).where(
                    and_(
                        tables_t.c.status.in_(("waiting", "running")),
                        tables_t.c.updated_at < before,
                    )
                )
            ).all()
        return [r.id for r in rows]

    def ai_tables(self) -> list[str]:
        """Running tables where an AI seat is to move (to resume after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.id).where(
                    and_(tables_t.c.ai_to_move.is_(True), tables_t.c.status == "running")
                )
            ).all()
        return [r.id for r in rows]

    def claim_ai_turn(self, table_id: str, seq: int, owner: str, seconds: float) -> bool:
        """Take the AI turn at (table, seq) for ``seconds``; False while another process holds it."""
        now = time.time()
        try:
            with self.writing, self.engine.begin() as conn:
                taken = conn.execute(
                    update(ai_claims_t)
                    .where(
                        and_(
                            ai_claims_t.c.table_id == table_id,
                            ai_claims_t.c.seq == seq,
                            or_(ai_claims_t.c.expires_at < now, ai_claims_t.c.owner == owner),
                        )
                    )
                    .values(owner=owner, expires_at=now + seconds)
                )
                if taken.rowcount == 1:
                    return True
                exists = conn.execute(
                    select(ai_claims_t.c.owner).where(
                        and_(ai_claims_t.c.table_id == table_id, ai_claims_t.c.seq == seq)
                    )
                ).first()
                if exists is not None:
                    return False
                conn.execute(
                    insert(ai_claims_t).values(
                        table_id=table_id, seq=seq, owner=owner, expires_at=now + seconds
                    )
                )
        except IntegrityError:
            return False
        except OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                return False
            raise
        return True

    # --- reviews -----------------------------------------------------------------------------

    def review(self, table_id: str, seat: int) -> ReviewRow | None:
        """The review of ``seat`` at ``table_id``, or None if nobody asked for one."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(reviews_t).where(
                    and_(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat)
                )
            ).first()
        if row is None:
            return None
        return ReviewRow(
            row.table_id,
            row.seat,
            row.status,
            row.done,
            row.total,
            None if row.result is None else json.loads(row.result),
            row.owner,
            row.expires_at,
        )

    def claim_review(
        self, table_id: str, seat: int, owner: str, total: int, seconds: float
    ) -> bool:
        """Start the review of (table, seat) for ``seconds``; False if it is done or held."""
        now = time.time()
        values = {
            "status": "running",
            "done": 0,
            "total": total,
            "result": None,
            "owner": owner,
            "expires_at": now + seconds,
            "updated_at": now,
        }
        key = and_(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat)
        try:
            with self.writing, self.engine.begin() as conn:
                # A failed review, or one whose process stopped renewing it, is taken over.
                taken = conn.execute(
                    update(reviews_t)
                    .where(
                        and_(
                            key,
                            or_(
                                reviews_t.c.status == "failed",
                                and_(
                                    reviews_t.c.status == "running",
                                    reviews_t.c.expires_at < now,
                                ),
                            ),
                        )
                    )
                    .values(values)
                )
                if taken.rowcount == 1:
                    return True
                if conn.execute(select(reviews_t.c.status).where(key)).first() is not None:
                    return False
                conn.execute(insert(reviews_t).values(table_id=table_id, seat=seat, **values))
        except IntegrityError:
            return False
        except OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                return False
            raise
        return True

    def update_review(
        self,
        table_id: str,
        seat: int,
        owner: str,
        *,
        done: int,
        seconds: float,
        status: str = "running",
        result: dict[str, Any] | None = None,
    ) -> bool:
        """Record progress (and renew the lease) or the end of a review this owner holds."""
        now = time.time()
        values: dict[str, Any] = {
            "status": status,
            "done": done,
            "expires_at": now + seconds,
            "updated_at": now,
        }
        if result is not None:
            values["result"] = json.dumps(result, separators=(",", ":"))
        with self.writing, self.engine.begin() as conn:
            changed = conn.execute(
                update(reviews_t)
                .where(
                    and_(
                        reviews_t.c.table_id == table_id,
                        reviews_t.c.seat == seat,
                        reviews_t.c.owner == owner,
                        reviews_t.c.status == "running",
                    )
                )
                .values(values)
            )
        return changed.rowcount == 1


class _Stale(Exception):
    """The table moved on since it was read (another request or process changed it)."""
