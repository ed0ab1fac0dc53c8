"""The web application: the lobby's HTTP API, the pages, and each seat's WebSocket.

=====================================  =====================================================
route                                  what it does
=====================================  =====================================================
``GET /``                              the lobby page
``GET /table/{id}``                    the table page (join a free seat, or play your own)
``GET /watch/{id}``                    the spectator's page of a table
``GET /replay``                        the replay page (a record file, or ``?table=ID``)
``GET /api/catalogue``                 variants with options, house rules, bots
``GET /api/tables``                    the tables in memory
``POST /api/tables``                   make a table (see :meth:`Lobby.create`)
``GET /api/tables/{id}``               one table's public summary
``POST /api/tables/{id}/join``         take a free seat: ``{"seat": 2, "name": "Ann"}``
``GET /api/tables/{id}/record``        the record (:func:`kinglib.to_json`), once it is over
``POST /api/replay``                   the steps of a record sent as the body
``WS /ws/{id}``                        a seat's (or a spectator's) channel
=====================================  =====================================================

Every answer of the API is JSON; an error is ``{"error": "..."}`` with its status (400 a bad
request, 403 another site's page, 404 nothing there, 405 a wrong method, 409 a seat taken or
a record not yet given, 413 too large, 415 not JSON, 429 too many, 503 the server full).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from kinglib import RecordError
from kinglib.web.connection import SocketConnection
from kinglib.web.guard import LOCAL_HOSTS, BodyError, Guard, read_body
from kinglib.web.limits import RateLimit
from kinglib.web.lobby import Lobby, RequestError
from kinglib.web.protocol import ProtocolError, check_depth, read_client_message
from kinglib.web.replay import replay_steps
from kinglib.web.storage import Storage

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("kinglib.web")

#: The folder of the pages, scripts and style sheet (package data).
STATIC = Path(__file__).parent / "static"
#: Dropped messages in a row after which a flooding client is disconnected.
MAX_DROPPED = 200


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client is not None else ""


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _json(data: bytes, status: int = 200) -> Response:
    return Response(data, status_code=status, media_type="application/json")


async def _json_body(request: Request) -> dict[str, Any]:
    limits = _lobby(request).limits
    text = await read_body(request, limits.request_bytes)
    try:
        check_depth(text, limits.json_depth)
        data = json.loads(text)
    except ValueError as exc:
        raise RequestError(f"the request is not JSON: {str(exc)[:200]}") from None
    if not isinstance(data, dict):
        raise RequestError("the request is a JSON object")
    return data


def _root(request: Request | WebSocket) -> str:
    """The path the application is mounted at (``""`` when it is the whole server)."""
    return str(request.scope.get("root_path", "")).rstrip("/")


def _page(name: str) -> Any:
    text = (STATIC / name).read_text(encoding="utf-8")

    async def page(request: Request) -> Response:
        # The pages' links are relative to <base>: the app works mounted under any path.
        base = html.escape(_root(request) + "/", quote=True)
        body = text.replace("<head>", f'<head>\n<base href="{base}">', 1)
        return HTMLResponse(body)

    return page


async def no_icon(request: Request) -> Response:
    """No icon: an empty answer rather than an error in the browser's console."""
    return Response(status_code=204)


async def catalogue(request: Request) -> Response:
    """The variants, house rules and bots a table can be made of."""
    return _json(_lobby(request).catalogue_json())


async def list_tables(request: Request) -> Response:
    """The tables in memory."""
    return _json(_lobby(request).listing_json())


async def create_table(request: Request) -> Response:
    """Make a table; its bots start at once."""
    lobby = _lobby(request)
    answer = lobby.create(await _json_body(request), client=_client(request))
    lobby.tables[answer["table"]].start_bots()
    return JSONResponse(_rooted(request, answer), status_code=201)


def _rooted(request: Request, answer: dict[str, Any]) -> dict[str, Any]:
    """An answer whose links start with the path the application is mounted at."""
    root = _root(request)
    return {k: root + v if k.endswith("url") else v for k, v in answer.items()}


async def show_table(request: Request) -> Response:
    """One table's public summary."""
    try:
        table = _lobby(request).table(request.path_params["table_id"])
    except ProtocolError as exc:
        return _error(exc.message, 404)
    return JSONResponse(table.summary())


async def join_table(request: Request) -> Response:
    """Take a free seat."""
    data = await _json_body(request)
    try:
        answer = _lobby(request).join(
            request.path_params["table_id"],
            data.get("seat"),
            data.get("name"),
            data.get("invite"),
            client=_client(request),
        )
    except ProtocolError as exc:
        return _error(exc.message, 404 if exc.message.startswith("no table") else 409)
    return JSONResponse(_rooted(request, answer))


async def table_record(request: Request) -> Response:
    """The record of a finished match, as a file to download."""
    lobby = _lobby(request)
    table_id = request.path_params["table_id"]
    record = lobby.finished_record(table_id)
    if record is None:
        if table_id in lobby.tables:
            return _error("the record is given once the match is over (it shows every hand)", 409)
        return _error(f"no finished table {table_id[:40]!r}", 404)
    variant = json.loads(record).get("variant", "match")
    name = f"kinglib-{variant}-{table_id}.json"
    return Response(
        record,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def replay(request: Request) -> Response:
    """The steps of a record sent as the body (replayed in a worker thread)."""
    lobby = _lobby(request)
    text = await read_body(request, lobby.limits.record_bytes)
    gate: asyncio.Semaphore = request.app.state.replays
    if gate.locked():
        return _error("the server is replaying other records: try again in a moment", 429)
    async with gate:
        try:
            steps = await asyncio.to_thread(replay_steps, text)
        except RecordError as exc:
            return _error(str(exc)[:1000])
    return JSONResponse(steps)


async def _refuse(socket: WebSocket, code: str, message: str, close: int) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(json.dumps(ProtocolError(code, message).to_message()))
        await socket.close(code=close)


async def _receive(socket: WebSocket, seconds: float) -> dict[str, Any] | None:
    """The next message, or ``None`` when none came within ``seconds``."""
    try:
        message: dict[str, Any] = dict(await asyncio.wait_for(socket.receive(), seconds))
    except asyncio.TimeoutError:
        return None
    return message


async def table_socket(socket: WebSocket) -> None:
    """A seat's or a spectator's channel: the first message says which, then each is checked."""
    lobby = _lobby(socket)
    client = _client(socket)
    await socket.accept()
    if not lobby.connects.allow(client):
        await _refuse(socket, "busy", "too many connections opened: wait a minute", 4429)
        return
    if not lobby.connections.acquire(client):
        await _refuse(socket, "busy", "too many connections open at once", 4429)
        return
    connection = SocketConnection(socket, lobby.limits.send_queue, lobby.limits.send_seconds)
    try:
        await _serve_socket(socket, connection, lobby)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await connection.stop()
        lobby.connections.release(client)
        if socket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await socket.close()


async def _serve_socket(socket: WebSocket, connection: SocketConnection, lobby: Lobby) -> None:
    limits = lobby.limits
    first = await _receive(socket, limits.hello_seconds)
    if first is None:
        await _refuse(socket, "idle", "no hello in time", 4408)
        return
    if first["type"] == "websocket.disconnect":
        return
    try:
        hello = read_client_message(first.get("text", first.get("bytes")))
    except ProtocolError as exc:
        await _refuse(socket, exc.code, exc.message, 4400)
        return
    if hello.type != "hello":
        await _refuse(socket, "malformed", "the first message is a hello", 4400)
        return
    table = lobby.tables.get(socket.path_params["table_id"])
    if table is None:
        await _refuse(socket, "bad_seat", "no such table", 4403)
        return
    seat = None if hello.watch else table.seat_of(hello.token)
    if seat is None and not hello.watch:
        await _refuse(socket, "bad_seat", "this token holds no seat at this table", 4403)
        return
    try:
        table.attach(seat, connection)
    except ProtocolError as exc:
        await _refuse(socket, exc.code, exc.message, 4429)
        return
    try:
        await _read_messages(socket, connection, lobby, table, seat)
    finally:
        table.detach(seat, connection)


async def _read_messages(
    socket: WebSocket, connection: SocketConnection, lobby: Lobby, table: Any, seat: int | None
) -> None:
    limits = lobby.limits
    limit = RateLimit(limits.message_rate, 3 * limits.message_rate)
    dropped = 0
    while not connection.closed.is_set():
        message = await _receive(socket, limits.idle_seconds)
        if message is None:
            connection.send_json(ProtocolError("idle", "nothing heard: closed").to_message())
            connection.close_soon(4408, "idle")
            await connection.closed.wait()
            return
        if message["type"] == "websocket.disconnect":
            return
        if not limit.allow():
            dropped += 1
            if dropped > MAX_DROPPED:
                connection.send_json(ProtocolError("flooding", "disconnected").to_message())
                connection.close_soon(1008, "flooding")
                return
            if dropped == 1 or dropped % 50 == 0:
                error = ProtocolError("flooding", "too many messages: slow down")
                connection.send_json(error.to_message())
            continue
        dropped = 0
        try:
            read = read_client_message(message.get("text", message.get("bytes")))
            if read.type == "ping":
                connection.send_json({"type": "pong"})
            elif read.type == "hello":
                raise ProtocolError("malformed", "hello is said once, first")
            elif seat is None:
                raise ProtocolError("not_your_turn", "a spectator only watches")
            elif read.type == "move":
                assert read.move is not None
                table.submit(seat, read.move)
            elif read.type == "continue":
                table.go_on(seat)
            elif read.type == "replace":
                assert read.seat is not None
                table.replace(seat, read.seat)
        except ProtocolError as exc:
            connection.send_json(exc.to_message())


async def _request_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _error(str(exc), exc.status)


async def _body_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BodyError)
    return _error(str(exc), exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: f"nothing at {request.url.path[:80]!r}", 405: "method not allowed here"}
    return _error(messages.get(exc.status_code, str(exc.detail)), exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("error answering %s %s", request.method, request.url.path[:80])
    return _error("the server failed to answer this request", 500)


class _RateLimited:
    """Lobby requests (``/api/...``) limited per client."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            lobby: Lobby = scope["app"].state.lobby
            client = scope["client"][0] if scope.get("client") else ""
            if not lobby.requests.allow(client):
                response = _error("too many requests: slow down", 429)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    bot_delay: float = 0.5,
    records: Path | None = None,
    lobby: Lobby | None = None,
    storage: Storage | None = None,
    allowed_hosts: Iterable[str] = LOCAL_HOSTS,
    allowed_origins: Iterable[str] = (),
) -> Starlette:
    """The web application, with a new lobby unless one is given.

    The lobby's stored tables are resumed, and their bots started, when the application
    starts (its ASGI lifespan); its store is closed when it stops.

    Args:
        bot_delay: seconds a bot waits before each move (0 for tests and load tests).
        records: a folder where each finished match's record is saved, or ``None``.
        lobby: an existing lobby (its own delay, folder, store and limits are used).
        storage: where a new lobby stores its tables (in memory when not given).
        allowed_hosts: the host names the server answers for (``"*"`` for any): by default
            this machine's own names only.
        allowed_origins: the origins of other sites' pages that may use the server.

    """
    routes = [
        Route("/", _page("lobby.html")),
        Route("/table/{table_id}", _page("table.html")),
        Route("/watch/{table_id}", _page("table.html")),
        Route("/replay", _page("replay.html")),
        Route("/favicon.ico", no_icon),
        Route("/api/catalogue", catalogue),
        Route("/api/tables", list_tables),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/record", table_record),
        Route("/api/replay", replay, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if lobby is None:
        lobby = Lobby(bot_delay=bot_delay, records=records, storage=storage)
    the_lobby = lobby

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        the_lobby.resume()
        the_lobby.start()
        yield
        await the_lobby.close()

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            RequestError: _request_error,
            BodyError: _body_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
    )
    app.state.lobby = lobby
    app.state.replays = asyncio.Semaphore(lobby.limits.replay_workers)
    app.add_middleware(_RateLimited)
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, allowed_origins=allowed_origins)
    return app
