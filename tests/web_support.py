"""Helpers of the web table's tests: a server in a test client, and seats driven by socket."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
try:  # the test client needs httpx2 (or httpx)
    from starlette.testclient import TestClient
except (ImportError, RuntimeError):  # pragma: no cover - the web extra's test tools are absent
    pytest.skip("starlette's test client needs httpx2", allow_module_level=True)

from kinglib.web import Lobby, create_app
from kinglib.web.table import Table


@contextmanager
def server(
    message_rate: float = 10_000.0, records: Path | None = None
) -> Iterator[tuple[TestClient, Lobby]]:
    """A web app in a test client, with its lobby; bots move at once."""
    lobby = Lobby(bot_delay=0.0, message_rate=message_rate, records=records)
    with TestClient(create_app(lobby=lobby)) as client:
        try:
            yield client, lobby
        finally:  # an open socket would keep the test client from closing
            while _OPEN:
                _OPEN.pop().close()


def create(client: TestClient, **request: Any) -> dict[str, Any]:
    """Make a table; fail the test if the server refuses."""
    answer = client.post("/api/tables", json=request)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(client: TestClient, table: str, seat: int) -> str:
    """Take a free seat; its token."""
    answer = client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": f"p{seat}"})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


_OPEN: list[Seats] = []


def _bot_to_move(message: dict[str, Any]) -> bool:
    """Whether a bot is to move in a state message (so another state will follow)."""
    to_move = message["view"]["to_move"]
    return to_move is not None and message["table"]["seats"][to_move]["kind"] == "bot"


class Seats:
    """One open socket per seat of a table, each read up to the table's latest state."""

    def __init__(self, client: TestClient, table: Table, tokens: dict[int, str]) -> None:
        self.table = table
        self.stack = ExitStack()
        self.sockets = {
            seat: self.stack.enter_context(
                client.websocket_connect(f"/ws/{table.id}?token={token}")
            )
            for seat, token in tokens.items()
        }
        self.last: dict[int, dict[str, Any]] = {}
        _OPEN.append(self)

    def latest(self, seat: int) -> dict[str, Any]:
        """The state message of the table's current version on that seat's socket, once no bot
        is to move.
        """
        message = self.last.get(seat)
        while message is None or message["version"] < self.table.version or _bot_to_move(message):
            message = self.sockets[seat].receive_json()
            if message["type"] == "state":
                self.last[seat] = message
            else:
                message = None
        return message

    def move(self, seat: int, text: str) -> dict[str, Any]:
        """Send a move; the error it got, or the first state after it where no bot is to move."""
        before = self.table.version
        self.sockets[seat].send_json({"type": "move", "move": text})
        while True:
            message: dict[str, Any] = self.sockets[seat].receive_json()
            if message["type"] == "error":
                return message
            if message["type"] == "state":
                self.last[seat] = message
            if (
                message["type"] == "state"
                and message["version"] > before
                and not _bot_to_move(message)
            ):
                return message

    def close(self) -> None:
        """Close every socket."""
        self.stack.close()
        if self in _OPEN:
            _OPEN.remove(self)
