"""The HTTP routes under ``/api`` (docs/server.md): thin wrappers that run the table service in threads."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Path, Query, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from stonework.server import errors
from stonework.server.ai import AiPlayer
from stonework.server.analysis import Analyst
from stonework.server.catalog import games_json
from stonework.server.fanout import Hub
from stonework.server.jsonout import FastJSONResponse
from stonework.server.language import check_lang
from stonework.server.models import (
    ActionIn,
    CreateTableIn,
    HintIn,
    JoinIn,
    RematchIn,
    ResignIn,
    ReviewIn,
    StatusFilter,
    UndoIn,
)
from stonework.server.tables import SeatRequest, TableService
from stonework.server.threads import run_in_thread
from stonework.server.tokens import bearer_token, digest

router = APIRouter(prefix="/api")

TableId = Annotated[str, Path(min_length=1, max_length=40, description="the table id")]
Lang = Annotated[
    str | None,
    Query(max_length=5, description="the language of the engine's texts: en (default) or fr"),
]
Authorization = Annotated[
    str | None, Header(description="Bearer <seat token>; without it, a spectator")
]
View = Annotated[
    int | None, Query(ge=0, le=3, description="the turn of the drawing (Aztec's 3D corner)")
]


@dataclass
class Services:
    """What the routes use, kept on ``app.state.services``."""

    service: TableService
    hub: Hub
    ai: AiPlayer
    analyst: Analyst


def services(connection: HTTPConnection) -> Services:
    """The app's services (for an HTTP request or a WebSocket)."""
    found: Services = connection.app.state.services
    return found


def _token(header: str | None) -> str | None:
    token = bearer_token(header)
    if token == "":
        raise errors.unauthorized("the Authorization header must be 'Bearer <seat token>'")
    return token


@router.get("/games", summary="the games, their player counts and options")
async def list_games_route() -> list[dict[str, Any]]:
    """Every game with its options (descriptions, choices, ASSUMED readings)."""
    return await run_in_thread(games_json)


@router.post("/tables", status_code=201, summary="create a table")
async def create_table(
    request: Request, body: CreateTableIn, authorization: Authorization = None
) -> dict[str, Any]:
    """Create a table; the answer holds a token per human seat and an invite per open seat."""
    s = services(request)
    seats = [SeatRequest(seat.kind, seat.name, seat.agent) for seat in body.seats]
    answer, turn = await run_in_thread(
        lambda: s.service.create(
            body.game, body.players, dict(body.options), seats, body.seed, hints=body.hints
        )
    )
    if turn is not None:
        s.ai.schedule(answer["table"])
    return answer


@router.get("/tables", summary="tables to join, watch or replay")
async def list_tables(
    request: Request,
    status: Annotated[StatusFilter | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """The most recently changed tables, optionally of one status."""
    s = services(request)
    return await run_in_thread(s.service.list_tables, status, limit)


@router.get("/tables/{table_id}", summary="the table as the token's seat sees it")
async def get_table(
    request: Request, table_id: TableId, lang: Lang = None, authorization: Authorization = None
) -> FastJSONResponse:
    """The view for the token's seat, or a spectator's without a token."""
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    return FastJSONResponse(await run_in_thread(s.service.view, table_id, token, language))


@router.get(
    "/tables/{table_id}/board/{seq}",
    summary="the board at seq as the token's seat sees it (SVG)",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def get_board_at(
    request: Request,
    table_id: TableId,
    seq: Annotated[int, Path(ge=0, le=1_000_000_000)],
    view: View = None,
    lang: Lang = None,
    authorization: Authorization = None,
) -> Response:
    """The drawing named by a view's ``board``; the same bytes for good once drawn, so a
    client caches it (the ETag and ``immutable``; ``Vary: Authorization`` keeps seats apart)."""
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    svg = await run_in_thread(s.service.board, table_id, token, seq, view, language)
    tag = '"' + hashlib.blake2b(svg.encode(), digest_size=16).hexdigest() + '"'
    headers = {
        "ETag": tag,
        "Cache-Control": "private, max-age=31536000, immutable",
        "Vary": "Authorization",
    }
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(svg, media_type="image/svg+xml", headers=headers)


@router.post("/tables/{table_id}/join", summary="take an open seat by its invite")
async def join_table(
    request: Request, table_id: TableId, body: JoinIn, authorization: Authorization = None
) -> dict[str, Any]:
    """Answers ``{"seat": K, "token": "..."}``."""
    s = services(request)
    answer = await run_in_thread(s.service.join, table_id, body.invite, body.name)
    s.ai.schedule(table_id)
    return answer


@router.post("/tables/{table_id}/actions", summary="play an action for the token's seat")
async def post_action(
    request: Request,
    table_id: TableId,
    body: ActionIn,
    lang: Lang = None,
    authorization: Authorization = None,
) -> FastJSONResponse:
    """``{"seq": N, "action": "..."}`` or ``{"seq": N, "action_id": I}``; the new view."""
    if (body.action is None) == (body.action_id is None):
        raise errors.bad_request("give exactly one of 'action' (notation) and 'action_id'")
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    view = await run_in_thread(
        s.service.submit, table_id, token, body.seq, body.action, body.action_id, language
    )
    s.ai.schedule(table_id)
    return FastJSONResponse(view)


@router.post("/tables/{table_id}/undo", summary="take back your last move if the policy allows")
async def post_undo(
    request: Request,
    table_id: TableId,
    body: UndoIn,
    lang: Lang = None,
    authorization: Authorization = None,
) -> FastJSONResponse:
    """The new view; 409 when the server does not allow it."""
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    return FastJSONResponse(
        await run_in_thread(s.service.undo, table_id, token, body.seq, language)
    )


@router.post("/tables/{table_id}/resign", summary="resign the token's seat")
async def post_resign(
    request: Request,
    table_id: TableId,
    body: ResignIn,
    lang: Lang = None,
    authorization: Authorization = None,
) -> FastJSONResponse:
    """The new view (the table is finished)."""
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    return FastJSONResponse(await run_in_thread(s.service.resign, table_id, token, language))


@router.post("/tables/{table_id}/rematch", summary="same game and seats, next seed")
async def post_rematch(
    request: Request,
    table_id: TableId,
    body: Annotated[RematchIn | None, Body()] = None,
    authorization: Authorization = None,
) -> FastJSONResponse:
    """A new table (or the one a seat already asked for), answered like ``POST /api/tables``."""
    s = services(request)
    token = _token(authorization)
    answer, turn = await run_in_thread(s.service.rematch, table_id, token)
    if turn is not None:
        s.ai.schedule(answer["table"])
    return FastJSONResponse(answer, status_code=201)


@router.get("/tables/{table_id}/record", summary="a finished table's record")
async def get_record(request: Request, table_id: TableId) -> FastJSONResponse:
    """The JSON that ``stonework replay`` reads."""
    s = services(request)
    return FastJSONResponse(await run_in_thread(s.service.record, table_id))


@router.get("/tables/{table_id}/replay/{n}", summary="a finished table after n log entries")
async def get_replay(
    request: Request,
    table_id: TableId,
    n: Annotated[int, Path(ge=0, le=1_000_000)],
    perspective: Annotated[int | None, Query(ge=0, le=8)] = None,
    view: View = None,
    lang: Lang = None,
) -> FastJSONResponse:
    """The view after ``n`` entries, as seat ``perspective`` (or a spectator) saw it."""
    s = services(request)
    language = check_lang(lang)
    return FastJSONResponse(
        await run_in_thread(s.service.replay, table_id, n, perspective, view, language)
    )


@router.get("/tables/{table_id}/board", summary="the drawing alone, turned and in a language")
async def get_board(
    request: Request,
    table_id: TableId,
    view: View = None,
    lang: Lang = None,
    authorization: Authorization = None,
) -> FastJSONResponse:
    """``{"table", "seq", "view", "views", "lang", "svg"}`` for the token's seat."""
    s = services(request)
    token = _token(authorization)
    language = check_lang(lang)
    return FastJSONResponse(
        await run_in_thread(s.service.board_view, table_id, token, view, language)
    )


def _asker(request: Request, token: str | None) -> str:
    """Whose hint allowance a request uses: its seat token, or its address without one."""
    if token:
        return "token:" + digest(token)
    return "addr:" + (request.client.host if request.client else "?")


@router.post("/tables/{table_id}/hint", summary="the best moves for the token's seat now")
async def post_hint(
    request: Request, table_id: TableId, body: HintIn, authorization: Authorization = None
) -> FastJSONResponse:
    """Three best moves with values, for the token's seat at its turn where hints are allowed.

    Searched in a worker on a world sampled from that seat's information only; 403 where hints
    are not allowed, 409 when it is not the seat's turn or ``seq`` is stale, 429 when asked too
    often.
    """
    s = services(request)
    token = _token(authorization)
    answer = await s.analyst.hint(table_id, token, body.seq, _asker(request, token))
    return FastJSONResponse(answer)


@router.get(
    "/tables/{table_id}/replay/{n}/hint",
    summary="the best moves for the seat to move in a finished table after n log entries",
)
async def get_replay_hint(
    request: Request,
    table_id: TableId,
    n: Annotated[int, Path(ge=0, le=1_000_000)],
    authorization: Authorization = None,
) -> FastJSONResponse:
    """As ``POST .../hint``, for any position of a finished game's replay (anyone may ask)."""
    s = services(request)
    token = _token(authorization)
    return FastJSONResponse(await s.analyst.replay_hint(table_id, n, _asker(request, token)))


@router.post("/tables/{table_id}/review", summary="review a finished game for one seat")
async def post_review(
    request: Request, table_id: TableId, body: ReviewIn, authorization: Authorization = None
) -> FastJSONResponse:
    """Start the review of ``seat`` (computed once per table and seat, then stored).

    202 while it runs (``done`` of ``total`` decisions), 200 once it is done.
    """
    s = services(request)
    token = _token(authorization)
    answer = await s.analyst.start_review(table_id, body.seat, _asker(request, token))
    return FastJSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


@router.get("/tables/{table_id}/review/{seat}", summary="a seat's review: progress or result")
async def get_review(
    request: Request,
    table_id: TableId,
    seat: Annotated[int, Path(ge=0, le=8)],
) -> FastJSONResponse:
    """``status`` none, running, done or failed; ``review`` once done."""
    s = services(request)
    return FastJSONResponse(await s.analyst.review(table_id, seat))
