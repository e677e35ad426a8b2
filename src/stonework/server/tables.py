"""The table service: create, join, act, undo, resign, rematch, and rebuild tables by replaying logs.

Every method is synchronous and thread-safe (the web layer calls it from worker threads). A change
is checked against the table as it is in the database (other processes may have moved it on),
written with its events in one transaction, and only then acknowledged and announced.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from stonework.core.errors import StoneworkError, UnknownGame, UnknownOption
from stonework.core.registry import get_game
from stonework.server import errors, language
from stonework.server.catalog import DEFAULT_AGENT, agent_seconds, check_agent
from stonework.server.moves import make_event, settle_chance, status_fields
from stonework.server.runtime import ACTION, RESIGN, SNAPSHOT_EVERY, UNDO, Runtime, fresh_state
from stonework.server.storage import Change, EventRow, SeatRow, Store, TableRow
from stonework.server.tokens import digest, new_invite, new_seed, new_table_id, new_token
from stonework.server.undo import undo_point, undo_reason
from stonework.server.views import board_svg, build_view, events_after, replay_view

log = logging.getLogger("stonework.server.tables")
STATUSES = ("waiting", "running", "finished", "abandoned")
CACHE_SIZE = 4096
T = TypeVar("T")


@dataclass(frozen=True)
class SeatRequest:
    """One seat of a new table as the client asked for it."""

    kind: str
    name: str | None = None
    agent: str | None = None


@dataclass(frozen=True)
class AiTurn:
    """What an AI worker needs to choose a move: the record so far, the agent and its seed."""

    table: str
    seq: int
    seat: int
    agent: str
    record: dict[str, Any]
    seed: int
    lease: float


class TableService:
    """Tables held in memory, backed by the store; every change goes through :meth:`_commit`."""

    def __init__(
        self,
        store: Store,
        on_change: Callable[[str], None] = lambda table: None,
        presence: Callable[[str], set[int]] = lambda table: set(),
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.store = store
        self.snapshot_every = max(1, snapshot_every)
        self.on_change = on_change
        self.presence = presence
        self._cache: OrderedDict[str, Runtime] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._dirty: set[str] = set()

    # --- loading -----------------------------------------------------------------------------

    def runtime(self, table_id: str, fresh: bool = True) -> Runtime:
        """The table; 404 if there is none. ``fresh``: caught up with the database first; else
        caught up only if another process announced a change (a change is committed only at
        the revision it was checked against, so a stale copy can refuse but never corrupt)."""
        with self._cache_lock:
            runtime = self._cache.get(table_id)
            if runtime is not None:
                self._cache.move_to_end(table_id)
        if runtime is None:
            loaded = self.store.load(table_id) if _plausible_id(table_id) else None
            if loaded is None:
                raise errors.not_found(f"there is no table {table_id!r}")
            runtime = Runtime.rebuild(*loaded)
            with self._cache_lock:
                self._dirty.discard(table_id)
                runtime = self._cache.setdefault(table_id, runtime)
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
            return runtime
        if fresh or table_id in self._dirty:
            with runtime.lock:
                self._catch_up(runtime)
        return runtime

    def changed_elsewhere(self, table_id: str) -> None:
        """Another process changed the table: catch up before the next frame or change."""
        with self._cache_lock:
            if table_id in self._cache:
                self._dirty.add(table_id)

    def _catch_up(self, runtime: Runtime) -> bool:
        """Bring the table up to the database; True if it had changed."""
        with self._cache_lock:
            self._dirty.discard(runtime.row.id)
        delta = self.store.catch_up(runtime.row.id, runtime.row.revision, runtime.seq)
        if delta is None:
            return False
        row, seats, events = delta
        runtime.row = row
        runtime.seats = seats
        runtime.absorb(events)
        return True

    def _on_table(self, table_id: str, work: Callable[[Runtime], T]) -> T:
        """``work(runtime)`` under the table's lock, on the copy held here; if it is refused
        and the database had moved on meanwhile, once more on the caught-up table."""
        runtime = self.runtime(table_id, fresh=False)
        with runtime.lock:
            revision = runtime.row.revision
            try:
                return work(runtime)
            except errors.ApiError:
                if runtime.row.revision == revision and not self._catch_up(runtime):
                    raise
            return work(runtime)

    def seat_of(self, runtime: Runtime, token: str | None) -> int | None:
        """The seat a token holds at this table; None for no token; 401/403 for a bad one."""
        if token is None:
            return None
        if not token or len(token) > 200:
            raise errors.unauthorized("the Authorization header must be 'Bearer <seat token>'")
        hashed = digest(token)
        for seat in runtime.seats:
            if seat.token_hash == hashed:
                return seat.seat
        if self.store.tables_with_token(hashed):
            raise errors.forbidden("this token holds a seat at another table, not this one")
        raise errors.unauthorized("unknown seat token")

    def _require_seat(self, runtime: Runtime, token: str | None) -> int:
        seat = self.seat_of(runtime, token)
        if seat is None:
            raise errors.unauthorized("this needs a seat token (Authorization: Bearer <token>)")
        return seat

    # --- reading -----------------------------------------------------------------------------

    def view(self, table_id: str, token: str | None, lang: str = "en") -> dict[str, Any]:
        """The view of a table for the token's seat (a spectator without token)."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            seat = self.seat_of(runtime, token)
            return build_view(runtime, seat, self.presence(table_id), lang)

    def board_view(
        self, table_id: str, token: str | None, view: int | None, lang: str
    ) -> dict[str, Any]:
        """The drawing alone for the token's seat, turned to ``view``, labels in ``lang``."""

        def draw(runtime: Runtime) -> dict[str, Any]:
            seat = self.seat_of(runtime, token)
            turn = language.check_view(runtime.state, view)
            return {
                "table": runtime.row.id,
                "seq": runtime.seq,
                "view": turn,
                "views": runtime.state.svg_views,
                "lang": lang,
                "svg": board_svg(runtime, seat, turn, lang),
            }

        return self._on_table(table_id, draw)

    def frame(
        self,
        table_id: str,
        viewer: int | None,
        since: int,
        seen: tuple[int, frozenset[int]],
        lang: str = "en",
    ) -> tuple[dict[str, Any], int, tuple[int, frozenset[int]]] | None:
        """A WebSocket update for ``viewer`` after ``since``; None if the table and who is
        connected are as ``seen`` (the revision and connected seats of the last frame sent)."""
        runtime = self.runtime(table_id, fresh=False)
        with runtime.lock:
            connected = self.presence(table_id)
            now = (runtime.row.revision, frozenset(connected))
            if now == seen:
                return None
            view = build_view(runtime, viewer, connected, lang)
            frame = {
                "type": "update",
                "seq": runtime.seq,
                "view": view,
                "events": events_after(runtime, since, viewer),
            }
            return frame, runtime.seq, now

    def list_tables(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """Tables to join, watch or replay, most recently changed first."""
        if status is not None and status not in STATUSES:
            raise errors.bad_request(f"status must be one of {', '.join(STATUSES)}")
        out = []
        for row, seats in self.store.list_tables(status, limit):
            out.append(
                {
                    "table": row.id,
                    "game": row.game,
                    "players": row.players,
                    "status": row.status,
                    "seats": [
                        {
                            "seat": s.seat,
                            "kind": s.kind,
                            "name": s.name,
                            "open": s.kind == "open" and not s.joined,
                            **({"agent": s.agent} if s.kind == "ai" else {}),
                        }
                        for s in seats
                    ],
                    "created": row.created_at,
                    "updated": row.updated_at,
                    "hints": row.hints,
                }
            )
        return out

    def record(self, table_id: str) -> dict[str, Any]:
        """A finished table's record (the JSON ``stonework replay`` reads)."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            if runtime.row.status != "finished":
                raise errors.conflict("the record is available once the game is finished")
            record = runtime.state.record()
            record.meta = {
                "table": runtime.row.id,
                "seats": [s.agent if s.kind == "ai" else "human" for s in runtime.seats],
            }
            resigned = (runtime.row.result or {}).get("resigned")
            if resigned is not None:
                record.meta["resigned"] = resigned
            return record.to_json()

    def replay(
        self,
        table_id: str,
        count: int,
        perspective: int | None,
        view: int | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        """A finished table after ``count`` log entries as ``perspective`` saw it."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            if runtime.row.status != "finished":
                raise errors.conflict("replays are available once the game is finished")
            runtime.check_entry_count(count)
            if perspective is not None and not 0 <= perspective < runtime.row.players:
                raise errors.bad_request(
                    f"perspective must be a seat from 0 to {runtime.row.players - 1}"
                )
            turn = language.check_view(runtime.state, view)
            return replay_view(runtime, count, perspective, turn, lang)

    # --- creating and joining ------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[SeatRequest],
        seed: int | None,
        rematch_of: Runtime | None = None,
        token_hashes: dict[int, str] | None = None,
        hints: bool = False,
    ) -> tuple[dict[str, Any], AiTurn | None]:
        """Create a table; the answer holds a token per human seat and an invite per open seat."""
        try:
            spec = get_game(game)
        except UnknownGame as exc:
            raise errors.not_found(str(exc)) from None
        count = players if players is not None else len(seats)
        if count not in spec.player_counts:
            allowed = ", ".join(str(n) for n in spec.player_counts)
            raise errors.invalid_option(f"{game} is played by {allowed} players, not {count}")
        if len(seats) != count:
            raise errors.invalid_option(
                f"give one seat per player: {count} seats, not {len(seats)}"
            )
        try:
            resolved = spec.options.resolve(game, options)
        except UnknownOption as exc:
            raise errors.invalid_option(str(exc)) from None
        now = time.time()
        row = TableRow(
            id=new_table_id(),
            game=game,
            players=count,
            options=dict(resolved),
            seed=new_seed() if seed is None else seed,
            status="running",
            revision=1,
            to_move=None,
            ai_to_move=False,
            result=None,
            rematch=None,
            created_at=now,
            updated_at=now,
            hints=hints,
        )
        seat_rows: list[SeatRow] = []
        answer_seats: list[dict[str, Any]] = []
        invites: list[dict[str, Any]] = []
        for index, request in enumerate(seats):
            name = (request.name or "").strip()[:40]
            if request.kind == "ai":
                agent = check_agent(request.agent or DEFAULT_AGENT, game, count)
                seat_rows.append(SeatRow(index, "ai", name or agent, agent, None, None, True))
                answer_seats.append({"seat": index, "kind": "ai", "agent": agent})
            elif request.kind == "human":
                if token_hashes is not None and index in token_hashes:
                    hashed, token = token_hashes[index], None
                else:
                    token = new_token()
                    hashed = digest(token)
                seat_rows.append(
                    SeatRow(index, "human", name or f"player {index + 1}", None, hashed, None, True)
                )
                item: dict[str, Any] = {"seat": index, "kind": "human"}
                if token is not None:
                    item["token"] = token
                answer_seats.append(item)
            elif request.kind == "open":
                invite = new_invite()
                seat_rows.append(SeatRow(index, "open", name, None, None, digest(invite), False))
                answer_seats.append({"seat": index, "kind": "open"})
                invites.append(
                    {"seat": index, "invite": invite, "url": f"/t/{row.id}?invite={invite}"}
                )
            else:
                raise errors.bad_request(
                    f"seat kind must be human, open or ai, not {request.kind!r}"
                )
        if any(s.kind == "open" for s in seat_rows):
            row.status = "waiting"
        state = fresh_state(row)
        played = settle_chance(state, row.seed, 1)
        fields = status_fields(row, seat_rows, state, row.status)
        row.status, row.to_move, row.ai_to_move = (
            fields["status"],
            fields["to_move"],
            fields["ai_to_move"],
        )
        self.store.create_table(row, seat_rows, [event for event, _ in played])
        runtime = Runtime(row, seat_rows, state)
        runtime.events = [event for event, _ in played]
        runtime.entries = [entry for _, entry in played]
        with self._cache_lock:
            self._cache[row.id] = runtime
        answer = {"table": row.id, "seats": answer_seats, "invites": invites, "hints": hints}
        return answer, self._ai_turn(runtime)

    def join(self, table_id: str, invite: str, name: str | None) -> dict[str, Any]:
        """Take an open seat by its invite; answers the seat and its new token."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            if runtime.row.status not in ("waiting", "running"):
                raise errors.conflict(f"the table is {runtime.row.status}")
            hashed = digest(invite)
            seat = next((s for s in runtime.seats if s.invite_hash == hashed), None)
            if seat is None:
                raise errors.not_found("no such invite at this table")
            if seat.joined:
                raise errors.conflict(f"seat {seat.seat} is already taken")
            token = new_token()
            seats = list(runtime.seats)
            taken = SeatRow(
                seat.seat,
                "human",
                (name or "").strip()[:40] or seat.name or f"player {seat.seat + 1}",
                None,
                digest(token),
                seat.invite_hash,
                True,
            )
            seats[seat.seat] = taken
            status = runtime.row.status
            if status == "waiting" and all(s.joined for s in seats):
                status = "running"
            fields = status_fields(runtime.row, seats, runtime.state, status)
            change = Change(
                table=fields,
                seats={
                    seat.seat: {
                        "kind": "human",
                        "name": taken.name,
                        "token_hash": taken.token_hash,
                        "joined": True,
                    }
                },
            )
            self._commit(runtime, change)
            runtime.seats = seats
            self._update_row(runtime, fields)
        self.on_change(table_id)
        return {"seat": seat.seat, "token": token}

    # --- changes ----------------------------------------------------------------------------

    def submit(
        self,
        table_id: str,
        token: str | None,
        seq: int,
        action_text: str | None,
        action_id: int | None,
        lang: str = "en",
    ) -> dict[str, Any]:
        """A person's action for the token's seat, answering ``seq``; the new view (its board
        is fetched from the view's ``board`` URL too). A refusal's reason and the view are in
        ``lang``."""

        def act(runtime: Runtime) -> dict[str, Any]:
            seat = self._require_seat(runtime, token)
            try:
                self._act(runtime, seat, seq, action_text, action_id, "human")
            except errors.ApiError as exc:
                if lang != "en" and exc.code in ("illegal_action", "forbidden", "conflict"):
                    exc.message = language.words(runtime.row.game, exc.message, lang)
                raise
            return build_view(runtime, seat, self.presence(table_id), lang)

        view = self._on_table(table_id, act)
        self.on_change(table_id)
        return view

    def board(
        self,
        table_id: str,
        token: str | None,
        seq: int,
        view: int | None = None,
        lang: str = "en",
    ) -> str:
        """The SVG of the table at ``seq`` (its current one) as the token's seat sees it,
        turned to ``view``, its labels in ``lang``."""
        if seq < 0:
            raise errors.not_found("there is no board before seq 0")

        def draw(runtime: Runtime) -> str:
            viewer = self.seat_of(runtime, token)
            if seq > runtime.seq:
                raise errors.not_found(f"the table is at seq {runtime.seq}, not yet {seq}")
            if seq < runtime.seq:
                raise errors.conflict(
                    f"the table is at seq {runtime.seq}: ask for its board at {runtime.seq}"
                )
            return board_svg(runtime, viewer, language.check_view(runtime.state, view), lang)

        return self._on_table(table_id, draw)

    def submit_ai(
        self, table_id: str, seat: int, seq: int, action_text: str, process: str = ""
    ) -> bool:
        """An AI seat's move, through the same checks and log as people's; False if it came late."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            if runtime.seats[seat].kind != "ai":
                return False
            try:
                self._act(runtime, seat, seq, action_text, None, "ai", process)
            except errors.ApiError:
                return False
        self.on_change(table_id)
        return True

    def _act(
        self,
        runtime: Runtime,
        seat: int,
        seq: int,
        action_text: str | None,
        action_id: int | None,
        by: str,
        process: str = "",
    ) -> None:
        self._check_running(runtime)
        if seq != runtime.seq:
            raise errors.conflict(
                f"the table is at seq {runtime.seq}, not {seq}: reload it (stale or repeated move)"
            )
        state = runtime.state
        if state.current_player != seat:
            raise errors.forbidden(
                f"it is not seat {seat}'s turn ({runtime.state.describe_turn()})"
            )
        try:
            if action_text is not None:
                action = state.parse_action(action_text)
            elif action_id is not None:
                action = state.action_from_id(action_id)
            else:
                raise errors.bad_request("give the action as 'action' (notation) or 'action_id'")
            after = state.clone()
            after.apply(action)
        except StoneworkError as exc:
            raise errors.illegal_action(str(exc)) from None
        except (ValueError, LookupError, TypeError, ArithmeticError):
            # An engine that trips over odd input instead of raising InvalidAction: the input
            # is still refused the documented way, and the log keeps the engine's trace.
            log.exception(
                "%s: unexpected error on %r / %r", state.spec.name, action_text, action_id
            )
            raise errors.illegal_action(
                f"cannot read {action_text!r} as a {state.spec.name} action"
                if action_text is not None
                else f"no {state.spec.name} action has id {action_id}"
            ) from None
        before = state if state.spec.hidden_information else None
        played = [make_event(before, action, after, seat, seq + 1, ACTION, by)]
        if process:
            played[0][0].data["process"] = process
        played += settle_chance(after, runtime.row.seed, seq + 2)
        fields = status_fields(runtime.row, runtime.seats, after, runtime.row.status)
        change = Change(events=[e for e, _ in played], table=fields)
        entries = runtime.entries + [entry for _, entry in played]
        last_seq = played[-1][0].seq
        since_snapshot = last_seq - (runtime.snapshots[-1].seq if runtime.snapshots else 0)
        if since_snapshot >= self.snapshot_every:
            change.snapshot = runtime.take_snapshot(last_seq, entries, after)
        self._commit(runtime, change)
        runtime.state = after
        runtime.events.extend(e for e, _ in played)
        runtime.entries = entries
        if change.snapshot is not None:
            runtime.snapshots.append(change.snapshot)
        self._update_row(runtime, fields)

    def undo(self, table_id: str, token: str | None, seq: int, lang: str = "en") -> dict[str, Any]:
        """Take back the token's seat's last move (and AI replies) if the policy allows it."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            seat = self._require_seat(runtime, token)
            self._check_running(runtime)
            try:
                if seq != runtime.seq:
                    raise errors.conflict(
                        f"the table is at seq {runtime.seq}, not {seq}: reload it"
                    )
                back_to = undo_point(runtime.entries, seat, runtime.ai_seats)
                if back_to is None:
                    reason = undo_reason(runtime.entries, seat, runtime.ai_seats)
                    raise errors.conflict(f"cannot undo: {reason}")
            except errors.ApiError as exc:
                if lang != "en":
                    exc.message = language.words(runtime.row.game, exc.message, lang)
                raise
            event = EventRow(seq + 1, UNDO, seat, None, {"back_to": back_to}, time.time())
            trial = Runtime(runtime.row, runtime.seats, runtime.state, list(runtime.events))
            trial.entries = list(runtime.entries)
            trial.snapshots = runtime.snapshots
            trial.rewind(back_to)
            fields = status_fields(runtime.row, runtime.seats, trial.state, "running")
            self._commit(runtime, Change(events=[event], table=fields))
            runtime.events.append(event)
            runtime.state = trial.state
            runtime.entries = trial.entries
            self._update_row(runtime, fields)
            view = build_view(runtime, seat, self.presence(table_id), lang)
        self.on_change(table_id)
        return view

    def resign(self, table_id: str, token: str | None, lang: str = "en") -> dict[str, Any]:
        """The token's seat resigns: the table is finished and that seat placed last."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            seat = self._require_seat(runtime, token)
            self._check_running(runtime)
            totals = [score.total for score in runtime.state.scores()]
            others = [s for s in range(runtime.row.players) if s != seat]
            ranking = [0] * runtime.row.players
            for s in others:
                ranking[s] = 1 + sum(1 for o in others if totals[o] > totals[s])
            ranking[seat] = runtime.row.players
            result = {"ranking": ranking, "scores": totals, "resigned": seat}
            event = EventRow(runtime.seq + 1, RESIGN, seat, None, {}, time.time())
            fields = {"status": "finished", "to_move": None, "ai_to_move": False, "result": result}
            self._commit(runtime, Change(events=[event], table=fields))
            runtime.events.append(event)
            self._update_row(runtime, fields)
            view = build_view(runtime, seat, self.presence(table_id), lang)
        self.on_change(table_id)
        return view

    def rematch(self, table_id: str, token: str | None) -> tuple[dict[str, Any], AiTurn | None]:
        """Same game, options and seats, next seed: a new table (or the one already made)."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            seat = self._require_seat(runtime, token)
            if runtime.row.status != "finished":
                raise errors.conflict("a rematch can be offered once the game is finished")
            hashes = {s.seat: s.token_hash for s in runtime.seats if s.token_hash is not None}
            if runtime.row.rematch is None:
                seats = [
                    SeatRequest("ai", s.name, s.agent)
                    if s.kind == "ai"
                    else SeatRequest("human", s.name)
                    for s in runtime.seats
                ]
                answer, turn = self.create(
                    runtime.row.game,
                    runtime.row.players,
                    runtime.row.options,
                    seats,
                    (runtime.row.seed + 1) % (1 << 62),
                    token_hashes=hashes,
                    hints=runtime.row.hints,
                )
                self._commit(runtime, Change(table={"rematch": answer["table"]}))
                runtime.row.rematch = answer["table"]
                runtime.row.revision += 1
            else:
                answer = {
                    "table": runtime.row.rematch,
                    "seats": [
                        {"seat": s.seat, "kind": s.kind, **({"agent": s.agent} if s.agent else {})}
                        for s in runtime.seats
                    ],
                    "invites": [],
                }
                turn = None
            for item in answer["seats"]:
                if item["seat"] == seat:
                    item["token"] = token
        self.on_change(table_id)
        return answer, turn

    def abandon_if_idle(self, table_id: str, before: float) -> bool:
        """Mark a waiting or running table abandoned if nothing changed it since ``before`` and
        no seat is connected to it (in any process); True if it was."""
        runtime = self.runtime(table_id)
        with runtime.lock:
            row = runtime.row
            if row.status not in ("waiting", "running") or row.updated_at >= before:
                return False
            if self.presence(table_id):
                return False
            fields = {"status": "abandoned", "to_move": None, "ai_to_move": False}
            try:
                self._commit(runtime, Change(table=fields))
            except errors.ApiError:
                return False  # it changed meanwhile: not idle after all
            self._update_row(runtime, fields)
        log.info("table %s abandoned (idle since %.0f)", table_id, row.updated_at)
        self.on_change(table_id)
        return True

    # --- internals ---------------------------------------------------------------------------

    def _check_running(self, runtime: Runtime) -> None:
        status = runtime.row.status
        if status == "waiting":
            raise errors.conflict("the table is waiting for players to join")
        if status != "running":
            raise errors.conflict(f"the table is {status}")

    def _commit(self, runtime: Runtime, change: Change) -> None:
        if not self.store.commit_change(runtime.row.id, runtime.row.revision, change):
            self._catch_up(runtime)
            raise errors.conflict(
                "the table changed meanwhile (another move came first): reload it"
            )

    def _update_row(self, runtime: Runtime, fields: dict[str, Any]) -> None:
        row = runtime.row
        for key, value in fields.items():
            setattr(row, key, value)
        row.revision += 1
        row.updated_at = time.time()
        if row.status == "finished" and row.result is None:
            state = runtime.state
            row.result = {
                "ranking": state.ranking(),
                "scores": [score.total for score in state.scores()],
                "resigned": None,
            }

    # --- AI seats ----------------------------------------------------------------------------

    def ai_turn(self, table_id: str) -> AiTurn | None:
        """What an AI worker needs if an AI seat is to move at this table now."""
        try:
            runtime = self.runtime(table_id)
        except errors.ApiError:
            return None
        with runtime.lock:
            return self._ai_turn(runtime)

    def _ai_turn(self, runtime: Runtime) -> AiTurn | None:
        seat = runtime.seat_to_move()
        if seat is None or runtime.seats[seat].kind != "ai":
            return None
        agent = runtime.seats[seat].agent or DEFAULT_AGENT
        return AiTurn(
            table=runtime.row.id,
            seq=runtime.seq,
            seat=seat,
            agent=agent,
            record=runtime.state.record().to_json(),
            seed=runtime.row.seed,
            lease=agent_seconds(agent) * 3 + 5.0,
        )


def _plausible_id(table_id: str) -> bool:
    return (
        table_id.startswith("t_")
        and len(table_id) <= 32
        and all(c.isalnum() or c in "-_" for c in table_id)
    )
