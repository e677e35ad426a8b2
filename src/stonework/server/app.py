"""The ASGI application: routes, error handling, limits, and the services started with it.

``create_app(settings)`` opens the database (running the Alembic migrations), connects Redis if
asked, starts the AI seats' workers and the sweeper that resumes their turns after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from stonework.server import api, live
from stonework.server.ai import AiPlayer
from stonework.server.analysis import Analyst
from stonework.server.errors import STATUS_CODES, ApiError, error_body
from stonework.server.fanout import Hub
from stonework.server.limits import BodyLimit, RateLimit
from stonework.server.migrate import upgrade
from stonework.server.settings import Settings
from stonework.server.static import static_response
from stonework.server.storage import Store, make_engine
from stonework.server.tables import TableService
from stonework.server.threads import run_in_thread

log = logging.getLogger("stonework.server")


def _validation_message(exc: RequestValidationError) -> str:
    problems = []
    for error in exc.errors()[:3]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        what = str(error.get("msg", "is not valid"))
        problems.append(f"{where}: {what}" if where else what)
    return "; ".join(problems) or "the request is not valid"


async def _abandon_idle_tables(service: TableService, settings: Settings) -> None:
    """Every so often, mark abandoned the tables idle for ``settings.abandon_seconds`` that
    nobody is connected to (docs/server.md, "Table states")."""
    while True:
        await asyncio.sleep(settings.abandon_sweep_seconds)
        try:
            before = time.time() - settings.abandon_seconds
            for table_id in await run_in_thread(service.store.idle_tables, before):
                await run_in_thread(service.abandon_if_idle, table_id, before)
        except Exception:
            log.exception("looking for abandoned tables failed; trying again later")


def _freeze_what_lives_forever() -> None:
    """Move what is loaded at start (modules, the games' data, the app) out of the cyclic
    collector's reach: it lives as long as the process, and a full collection walking it took
    about 100 ms under load, the largest part of the p99 latency (BENCHMARKS.md, server load).
    Collections also come rarer: a move allocates thousands of short-lived objects, and at the
    default thresholds every few moves set off a collection of the older generations."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)


def create_app(settings: Settings) -> FastAPI:
    """The server application for ``settings`` (nothing is opened until it starts)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db_url)
        upgrade(engine)
        store = Store(engine)
        instance = uuid.uuid4().hex
        hub = Hub(instance, settings.redis_url)
        service = TableService(
            store, presence=hub.connected, snapshot_every=settings.snapshot_every
        )
        ai = AiPlayer(service, store, instance, settings.ai_workers, settings.sweep_seconds)
        analyst = Analyst(service, store, instance, settings)

        def changed(table_id: str) -> None:
            hub.changed(table_id)
            ai.schedule(table_id)

        service.on_change = changed
        hub.on_remote = service.changed_elsewhere
        app.state.services = api.Services(service, hub, ai, analyst)
        await hub.start()
        await ai.start()
        await analyst.start()
        abandoner = asyncio.create_task(_abandon_idle_tables(service, settings))
        if settings.tune_collector:
            _freeze_what_lives_forever()
        try:
            yield
        finally:
            abandoner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await abandoner
            await analyst.stop()
            await ai.stop()
            await hub.stop()
            engine.dispose()

    app = FastAPI(
        title="stonework",
        summary="Tables of Akropolis, Zapotec and Aztec for people and AI seats (docs/server.md).",
        version="1",
        lifespan=lifespan,
    )

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return JSONResponse(error_body("bad_request", _validation_message(exc)), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        status = exc.status_code if 400 <= exc.status_code < 500 else 400
        code = STATUS_CODES.get(status, "bad_request")
        message = "no such path" if status == 404 else str(exc.detail)
        return JSONResponse(error_body(code, message), status_code=status)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> Response:
        log.exception("request failed: %s %s", request.method, request.url.path)
        return JSONResponse(
            error_body("internal", "the server failed on this request; try again"),
            status_code=500,
        )

    app.include_router(api.router)
    app.include_router(live.router)

    @app.get("/api/{rest:path}", include_in_schema=False)
    async def api_missing(rest: str) -> Response:
        return JSONResponse(error_body("not_found", "no such path"), status_code=404)

    @app.get("/{path:path}", include_in_schema=False)
    async def client(path: str) -> Response:
        return static_response(settings.static_dir, path)

    app.add_middleware(RateLimit, per_second=settings.rate_per_second, burst=settings.rate_burst)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    return app


def app_from_environment() -> Any:
    """An app configured by ``STONEWORK_*`` variables (``stonework serve`` sets them; uvicorn --factory)."""
    import os

    from stonework.server.settings import default_data_dir, sqlite_url

    data_dir = default_data_dir()
    settings = Settings(
        db_url=os.environ.get("STONEWORK_DB") or sqlite_url(data_dir),
        redis_url=os.environ.get("STONEWORK_REDIS") or None,
        data_dir=data_dir,
        ai_workers=int(os.environ.get("STONEWORK_AI_WORKERS", "1")),
        rate_per_second=float(os.environ.get("STONEWORK_RATE_PER_SECOND", "20")),
        rate_burst=int(os.environ.get("STONEWORK_RATE_BURST", "100")),
        snapshot_every=int(os.environ.get("STONEWORK_SNAPSHOT_EVERY", "50")),
        abandon_seconds=float(os.environ.get("STONEWORK_ABANDON_SECONDS", str(7 * 24 * 3600))),
        analysis_workers=int(os.environ.get("STONEWORK_ANALYSIS_WORKERS", "1")),
        analysis_agent=os.environ.get("STONEWORK_ANALYSIS_AGENT") or None,
        hint_seconds=float(os.environ.get("STONEWORK_HINT_SECONDS", "1.0")),
        review_seconds=float(os.environ.get("STONEWORK_REVIEW_SECONDS", "0.5")),
        hint_per_minute=float(os.environ.get("STONEWORK_HINTS_PER_MINUTE", "6")),
        hint_burst=int(os.environ.get("STONEWORK_HINT_BURST", "4")),
        tune_collector=True,
    )
    return create_app(settings)
