"""The web server as ``kinglib serve`` runs it: silent connections dropped, and a server
killed mid-match and started again resumes it, its players reconnecting by their tokens."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
ws_client = pytest.importorskip("websockets.sync.client")

from kinglib.web import Limits, Lobby, create_app  # noqa: E402
from kinglib.web.server import make_server  # noqa: E402


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def _get(base: str, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


@pytest.fixture
def guarded() -> Iterator[tuple[str, int]]:
    """The served server in a thread, with short timeouts and a low ceiling per client."""
    limits = Limits(header_seconds=0.5, http_connections_per_client=6)
    port = _free_port()
    server = make_server(
        create_app(lobby=Lobby(bot_delay=0, limits=limits)), "127.0.0.1", port, limits, "warning"
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", port
    server.should_exit = True
    thread.join(10)


def _closed_by_server(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_silent_connections_are_dropped_and_counted_per_client(guarded: tuple[str, int]) -> None:
    base, port = guarded
    silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(6)]
    extra = socket.create_connection(("127.0.0.1", port))
    assert _closed_by_server(extra, 2.0)  # past the ceiling: closed at once
    started = time.monotonic()
    assert all(_closed_by_server(s, 3.0) for s in silent)  # no request: closed after 0.5 s
    assert time.monotonic() - started < 3.0
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")  # headers never finished
    assert _closed_by_server(slow, 3.0)
    for s in [*silent, extra, slow]:
        s.close()
    status, body = _get(base, "/api/tables")
    assert status == 200 and json.loads(body) == {"tables": []}


def _serve(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "kinglib", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(
        [*command, "--bot-delay", "0"], stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            if _get(f"http://127.0.0.1:{port}", "/api/tables")[0] == 200:
                return process
        except OSError:
            pass
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)


class _Seat:
    """A seat's WebSocket: says hello with the token, reads states."""

    def __init__(self, port: int, table: str, token: str) -> None:
        opening = ws_client.connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10)
        self.ws = opening.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last: dict[str, Any] = {}

    def _done(self, message: dict[str, Any], version: int) -> bool:
        to_move = message["view"]["to_move"]
        bot = to_move is not None and message["table"]["seats"][to_move]["kind"] == "bot"
        return bool(message["version"] >= version and not (bot and message["pause"] is None))

    def state(self, version: int = 0) -> dict[str, Any]:
        """The first state of at least ``version`` where no bot is to move."""
        last: dict[str, Any] = self.last
        if last and self._done(last, version):
            return last
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.last = message
                if self._done(message, version):
                    return message

    def close(self) -> None:
        self.ws.close()


def test_a_server_killed_mid_match_resumes_it_with_the_same_tokens(tmp_path: Path) -> None:
    db, log = tmp_path / "tables.sqlite", tmp_path / "server.log"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    process = _serve(db, port, log)
    try:
        made = _post(
            base, "/api/tables", {"variant": "simple", "seats": ["you", "open"] + ["random"] * 2}
        )
        table = made["table"]
        friend = _post(base, f"/api/tables/{table}/join", {"seat": 1, "name": "Bob"})["token"]
        bots = _post(
            base, "/api/tables", {"variant": "simple", "players": 3, "seats": ["random"] * 3}
        )
        seats = {0: _Seat(port, table, made["token"]), 1: _Seat(port, table, friend)}
        message = seats[0].state()
        for _ in range(10):
            to_move = message["view"]["to_move"]
            assert to_move in (0, 1)
            mine = seats[to_move].state(message["version"])
            seats[to_move].ws.send(json.dumps({"type": "move", "move": mine["moves"][0]["text"]}))
            message = seats[0].state(message["version"] + 1)
        seen = {seat: s.state(message["version"]) for seat, s in seats.items()}
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        for s in seats.values():
            s.close()
        process = _serve(db, port, log)
        again = {0: _Seat(port, table, made["token"]), 1: _Seat(port, table, friend)}
        for seat, s in again.items():
            resumed = s.state()
            assert resumed["version"] == seen[seat]["version"]
            assert resumed["view"] == seen[seat]["view"]
            assert resumed["table"]["seats"][1]["name"] == "Bob"
        to_move = again[0].last["view"]["to_move"]
        move = again[to_move].last["moves"][0]["text"]
        again[to_move].ws.send(json.dumps({"type": "move", "move": move}))
        assert again[0].state(seen[0]["version"] + 1)["version"] > seen[0]["version"]
        for s in again.values():
            s.close()
        deadline = time.monotonic() + 60
        while _get(base, f"/api/tables/{bots['table']}/record")[0] != 200:
            assert time.monotonic() < deadline, "the table of bots did not finish"
            time.sleep(0.2)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        process = _serve(db, port, log)
        status, record = _get(base, f"/api/tables/{bots['table']}/record")
        assert status == 200 and json.loads(record)["variant"] == "simple"
    finally:
        process.kill()
        process.wait(10)
