"""Helpers of the web table's tests: a server in a test client, and seats driven by socket."""

from __future__ import annotations

import itertools
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

from kinglib.web import Limits, Lobby, Storage, create_app

__all__ = ["BASE", "Seats", "TestClient", "connect", "create", "join", "server"]
from kinglib.web.table import Table

#: The address the test client speaks from and to (a host the server answers for).
BASE = "http://localhost"


@contextmanager
def server(
    message_rate: float = 10_000.0,
    records: Path | None = None,
    storage: Storage | None = None,
    limits: Limits | None = None,
) -> Iterator[tuple[TestClient, Lobby]]:
    """A web app in a test client, with its lobby; bots move at once, seeds count from 0."""
    if limits is None:
        limits = Limits(
            message_rate=message_rate,
            tables_per_minute=10_000,
            requests_per_second=10_000,
            connects_per_minute=10_000,
        )
    counter = itertools.count()
    lobby = Lobby(
        bot_delay=0.0, records=records, storage=storage, limits=limits, seeds=counter.__next__
    )
    with TestClient(create_app(lobby=lobby), base_url=BASE) as client:
        try:
            yield client, lobby
        finally:  # an open socket would keep the test client from closing
            while _OPEN:
                _OPEN.pop().close()


def create(client: TestClient, seed: int | None = None, **request: Any) -> dict[str, Any]:
    """Make a table (dealt from ``seed`` when given); fail the test if the server refuses."""
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    if seed is not None:
        given = seed
        lobby.seeds = lambda: given
    answer = client.post("/api/tables", json=request)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(client: TestClient, table: str, seat: int, invite: str | None = None) -> str:
    """Take a free seat; its token."""
    body: dict[str, Any] = {"seat": seat, "name": f"p{seat}"}
    if invite is not None:
        body["invite"] = invite
    answer = client.post(f"/api/tables/{table}/join", json=body)
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def connect(client: TestClient, table: str, token: str | None = None) -> Any:
    """A socket to a table that has said hello: with a seat's token, or as a spectator."""
    socket = client.websocket_connect(f"ws://localhost/ws/{table}")
    hello = {"type": "hello", "watch": True} if token is None else {"type": "hello", "token": token}
    return socket, hello


_OPEN: list[Seats] = []


def _bot_to_move(message: dict[str, Any]) -> bool:
    """Whether a bot is to move in a state message (so another state will follow)."""
    to_move = message["view"]["to_move"]
    if to_move is None or message["pause"] is not None:
        return False
    seat = message["table"]["seats"][to_move]
    return bool(seat["kind"] == "bot" or seat["stand_in"])


class Seats:
    """One open socket per seat of a table, each read up to the table's latest state.

    With ``go_on`` (the default), a seat that is shown the end-of-deal pause says continue.
    """

    def __init__(
        self, client: TestClient, table: Table, tokens: dict[int, str], go_on: bool = True
    ) -> None:
        self.table = table
        self.go_on = go_on
        self.stack = ExitStack()
        self.sockets: dict[int, Any] = {}
        for seat, token in tokens.items():
            socket, hello = connect(client, table.id, token)
            self.sockets[seat] = self.stack.enter_context(socket)
            self.sockets[seat].send_json(hello)
        self.last: dict[int, dict[str, Any]] = {}
        self.answered: dict[int, int] = {}
        _OPEN.append(self)

    def _settled(self, seat: int, message: dict[str, Any]) -> bool:
        """Whether a state message is final for now; says continue at a pause."""
        pause = message["pause"]
        if pause is not None and self.go_on:
            waiting = [s for s in pause["waiting"] if s in self.sockets]
            for other in waiting:  # every seat here goes on
                if self.answered.get(other, -1) < message["version"]:
                    self.answered[other] = message["version"]
                    self.sockets[other].send_json({"type": "continue"})
            if waiting:
                return False
        return message["version"] >= self.table.version and not _bot_to_move(message)

    def latest(self, seat: int) -> dict[str, Any]:
        """The state message of the table's current version on that seat's socket, once no bot
        is to move.
        """
        message = self.last.get(seat)
        while message is None or not self._settled(seat, message):
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
            if message["type"] != "state":
                continue
            self.last[seat] = message
            if message["version"] > before and self._settled(seat, message):
                return message

    def close(self) -> None:
        """Close every socket."""
        self.stack.close()
        if self in _OPEN:
            _OPEN.remove(self)
