"""The web table mounted in another ASGI application, behind that application's own login."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount

from kinglib.web import Lobby, MemoryStorage, create_app
from tests.support.web import BASE, TestClient  # skips the module without the test client


class RequireTicket:
    """The host's authentication: every request and socket carries a ticket cookie."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            cookies = dict(scope["headers"]).get(b"cookie", b"")
            if b"ticket=ok" not in cookies:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 4401})
                    return
                await JSONResponse({"error": "log in first"}, 401)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _host() -> tuple[Starlette, Lobby]:
    lobby = Lobby(bot_delay=0, storage=MemoryStorage())
    cards = create_app(lobby=lobby)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with cards.router.lifespan_context(cards):  # resumes tables, starts bots
            yield

    host = Starlette(routes=[Mount("/cards", app=cards)], lifespan=lifespan)
    host.add_middleware(RequireTicket)
    return host, lobby


def test_the_table_mounted_under_a_path_behind_a_login() -> None:
    host, lobby = _host()
    with TestClient(host, base_url=BASE) as client:
        assert client.get("/cards/").status_code == 401
        client.cookies.set("ticket", "ok")
        page = client.get("/cards/table/x")
        assert page.status_code == 200 and '<base href="/cards/">' in page.text
        assert 'src="static/table.js"' in page.text
        assert client.get("/cards/static/table.js").status_code == 200
        made = client.post("/cards/api/tables", json={"variant": "simple"}).json()
        assert made["url"] == f"/cards/table/{made['table']}"
        with client.websocket_connect(f"ws://localhost/cards/ws/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["you"] == 0
        assert made["table"] in lobby.tables
