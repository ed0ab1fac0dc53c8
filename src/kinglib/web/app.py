"""The web application: the lobby's HTTP API, the pages, and each seat's WebSocket.

=====================================  =====================================================
route                                  what it does
=====================================  =====================================================
``GET /``                              the lobby page
``GET /table/{id}``                    the table page (join a free seat, or play your own)
``GET /replay``                        the replay page (a record file, or ``?table=ID``)
``GET /api/catalogue``                 variants with options, house rules, bots
``GET /api/tables``                    the tables in memory
``POST /api/tables``                   make a table (see :meth:`Lobby.create`)
``GET /api/tables/{id}``               one table's public summary
``POST /api/tables/{id}/join``         take a free seat: ``{"seat": 2, "name": "Ann"}``
``GET /api/tables/{id}/record``        the record (:func:`kinglib.to_json`), once it is over
``POST /api/replay``                   the steps of a record sent as the body
``WS /ws/{id}?token=...``              the seat's channel (see :mod:`kinglib.web.protocol`)
=====================================  =====================================================
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kinglib import RecordError
from kinglib.web.lobby import Lobby, RequestError
from kinglib.web.protocol import ProtocolError, RateLimit, read_client_message
from kinglib.web.replay import MAX_RECORD_CHARS, replay_steps

__all__ = ["STATIC", "SocketConnection", "create_app"]

#: The folder of the pages, scripts and style sheet (package data).
STATIC = Path(__file__).parent / "static"
#: The largest JSON body of a lobby request.
MAX_REQUEST_BYTES = 16_384
#: Dropped messages in a row after which a flooding client is disconnected.
MAX_DROPPED = 200


class SocketConnection:
    """A seat's WebSocket; sends are serialised so messages never interleave."""

    def __init__(self, socket: WebSocket) -> None:
        """Wrap an accepted socket."""
        self.socket = socket
        self.lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one JSON message."""
        async with self.lock:
            await self.socket.send_text(json.dumps(message, ensure_ascii=False))

    async def close(self, code: int) -> None:
        """Close the socket, ignoring one that is already gone."""
        try:
            await self.socket.close(code=code)
        except Exception:  # already closed by the other side
            return


def _lobby(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int) -> str:
    body = await request.body()
    if len(body) > limit:
        raise RequestError(f"the request is larger than {limit} bytes")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError("the request is not UTF-8 text") from None


async def _json_body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await _body(request, MAX_REQUEST_BYTES))
    except ValueError as exc:
        raise RequestError(f"the request is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError("the request is a JSON object")
    return data


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return page


async def catalogue(request: Request) -> Response:
    """The variants, house rules and bots a table can be made of."""
    return JSONResponse(_lobby(request).catalogue())


async def list_tables(request: Request) -> Response:
    """The tables in memory."""
    return JSONResponse({"tables": _lobby(request).listing()})


async def create_table(request: Request) -> Response:
    """Make a table; its bots start at once."""
    lobby = _lobby(request)
    try:
        answer = lobby.create(await _json_body(request))
    except RequestError as exc:
        return _error(str(exc))
    lobby.tables[answer["table"]].start_bots()
    return JSONResponse(answer, status_code=201)


async def show_table(request: Request) -> Response:
    """One table's public summary."""
    try:
        table = _lobby(request).table(request.path_params["table_id"])
    except ProtocolError as exc:
        return _error(exc.message, 404)
    return JSONResponse(table.summary())


async def join_table(request: Request) -> Response:
    """Take a free seat."""
    try:
        data = await _json_body(request)
        answer = _lobby(request).join(
            request.path_params["table_id"], data.get("seat"), data.get("name")
        )
    except RequestError as exc:
        return _error(str(exc))
    except ProtocolError as exc:
        return _error(exc.message, 404 if "no table" in exc.message else 409)
    return JSONResponse(answer)


async def table_record(request: Request) -> Response:
    """The record of a finished match, as a file to download."""
    try:
        table = _lobby(request).table(request.path_params["table_id"])
    except ProtocolError as exc:
        return _error(exc.message, 404)
    if not table.state.is_over:
        return _error("the record is given once the match is over (it shows every hand)", 409)
    name = f"kinglib-{table.rules.variant}-{table.id}.json"
    return Response(
        table.record(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def replay(request: Request) -> Response:
    """The steps of a record sent as the body."""
    try:
        text = await _body(request, MAX_RECORD_CHARS)
        return JSONResponse(replay_steps(text))
    except (RequestError, RecordError) as exc:
        return _error(str(exc))


async def _refuse(connection: SocketConnection, error: ProtocolError, code: int) -> None:
    await connection.send(error.to_message())
    await connection.close(code)


async def table_socket(socket: WebSocket) -> None:
    """A seat's channel: the token in the query holds the seat; every message is checked."""
    await socket.accept()
    connection = SocketConnection(socket)
    lobby = _lobby(socket)
    table = lobby.tables.get(socket.path_params["table_id"])
    seat = table.seat_of(socket.query_params.get("token")) if table is not None else None
    if table is None or seat is None:
        what = "no such table" if table is None else "this token holds no seat at this table"
        await _refuse(connection, ProtocolError("bad_seat", what), 4403)
        return
    old = table.seats[seat].connection
    await table.attach(seat, connection)
    if isinstance(old, SocketConnection):
        replaced = ProtocolError("bad_seat", "this seat was opened in another window")
        await _refuse(old, replaced, 4409)
    limit = RateLimit(lobby.message_rate, 3 * lobby.message_rate)
    dropped = 0
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow():
                dropped += 1
                if dropped > MAX_DROPPED:
                    await _refuse(connection, ProtocolError("flooding", "disconnected"), 1008)
                    break
                if dropped == 1 or dropped % 50 == 0:
                    await connection.send(
                        ProtocolError("flooding", "too many messages: slow down").to_message()
                    )
                continue
            dropped = 0
            try:
                read = read_client_message(message.get("text", message.get("bytes")))
                if read.type == "ping":
                    await connection.send({"type": "pong"})
                else:
                    assert read.move is not None
                    await table.submit(seat, read.move)
            except ProtocolError as exc:
                await connection.send(exc.to_message())
    except WebSocketDisconnect:
        pass
    finally:
        await table.detach(seat, connection)


def create_app(
    bot_delay: float = 0.5, records: Path | None = None, lobby: Lobby | None = None
) -> Starlette:
    """The web application, with a new lobby unless one is given.

    Args:
        bot_delay: seconds a bot waits before each move (0 for tests and load tests).
        records: a folder where each finished match's record is saved, or ``None``.
        lobby: an existing lobby (its own delay and folder are used).

    """
    routes = [
        Route("/", _page("lobby.html")),
        Route("/table/{table_id}", _page("table.html")),
        Route("/replay", _page("replay.html")),
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
    app = Starlette(routes=routes)
    app.state.lobby = lobby if lobby is not None else Lobby(bot_delay=bot_delay, records=records)
    return app
