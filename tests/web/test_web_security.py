"""The web table against a hostile client: limits, hosts and origins, bodies, secrets."""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from kinglib.web import Limits, Lobby, create_app
from kinglib.web.guard import SECURITY_HEADERS
from kinglib.web.server import QueryFreeLog
from tests.support.web import BASE, Seats, connect, create, server

JSON = {"Content-Type": "application/json"}
BOTS = ["random", "random", "random", "random"]


def _limits(**changes: Any) -> Limits:
    base: dict[str, Any] = {
        "tables_per_minute": 10_000.0,
        "requests_per_second": 10_000.0,
        "connects_per_minute": 10_000.0,
        "message_rate": 10_000.0,
    }
    base.update(changes)
    return Limits(**base)


# --------------------------------------------------------------------------- tables


def test_a_flood_of_new_tables_never_drops_a_table_with_a_person_at_it() -> None:
    with server(limits=_limits(max_tables=5)) as (client, lobby):
        mine = create(client, variant="simple", seats=["you", "random", "random", "random"])
        for _ in range(30):  # bot-only tables make room for each other
            create(client, variant="simple", seats=BOTS)
        assert mine["table"] in lobby.tables and len(lobby.tables) <= 5
        seats = Seats(client, lobby.tables[mine["table"]], {0: mine["token"]})
        assert seats.latest(0)["you"] == 0
        seats.close()
        for _ in range(4):
            create(client, variant="simple", seats=["you", "random", "random", "random"])
        full = client.post("/api/tables", json={"variant": "simple"})
        assert full.status_code == 503 and "most tables" in full.json()["error"]
        assert mine["table"] in lobby.tables


def test_one_client_may_make_only_so_many_tables() -> None:
    with server(limits=_limits(tables_per_minute=3)) as (client, _):
        for _ in range(3):
            create(client, variant="simple", seats=BOTS)
        answer = client.post("/api/tables", json={"variant": "simple", "seats": BOTS})
        assert answer.status_code == 429 and "too fast" in answer.json()["error"]
    with server(limits=_limits(tables_per_client=2)) as (client, _):
        for _ in range(2):
            create(client, variant="simple")
        answer = client.post("/api/tables", json={"variant": "simple"})
        assert answer.status_code == 429 and "unfinished tables" in answer.json()["error"]
        create(client, variant="simple", seats=BOTS)  # tables of bots alone do not count


def test_a_dropped_table_stops_its_bots() -> None:
    limits = _limits(max_tables=2)
    with server(limits=limits) as (client, lobby):
        lobby.bot_delay = 0.01
        first = create(client, variant="simple", seats=BOTS)
        table = lobby.tables[first["table"]]
        for _ in range(2):
            create(client, variant="simple", seats=BOTS)
        assert first["table"] not in lobby.tables and table.closed
        assert client.portal is not None
        client.portal.call(asyncio.sleep, 0.1)
        version = table.version
        client.portal.call(asyncio.sleep, 0.2)
        assert table.version == version
        assert table._bots is None or table._bots.done()


def test_lobby_requests_are_limited_per_client() -> None:
    with server(limits=_limits(requests_per_second=2.0)) as (client, _):
        codes = [client.get("/api/tables").status_code for _ in range(20)]
        assert codes[0] == 200 and codes[-1] == 429


# --------------------------------------------------------------------------- hosts, origins


def test_only_json_from_this_site_is_accepted() -> None:
    with server() as (client, _):
        body = json.dumps({"variant": "simple", "seats": BOTS})
        plain = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
        assert plain.status_code == 415 and "JSON" in plain.json()["error"]
        other = {**JSON, "Origin": "https://evil.example"}
        answer = client.post("/api/tables", content=body, headers=other)
        assert answer.status_code == 403 and "evil.example" in answer.json()["error"]
        cross = {**JSON, "Sec-Fetch-Site": "cross-site"}
        assert client.post("/api/tables", content=body, headers=cross).status_code == 403
        same = {**JSON, "Origin": BASE}
        assert client.post("/api/tables", content=body, headers=same).status_code == 201


def test_an_unknown_host_is_refused_and_allowed_hosts_and_origins_are_configurable() -> None:
    from starlette.testclient import TestClient

    with server() as (client, _):
        answer = client.get("/api/tables", headers={"Host": "attacker.example"})
        assert answer.status_code == 400 and "attacker.example" in answer.json()["error"]
    app = create_app(
        lobby=Lobby(bot_delay=0, limits=_limits()),
        allowed_hosts=["cards.example"],
        allowed_origins=["https://friends.example"],
    )
    with TestClient(app, base_url="http://cards.example") as client:
        assert client.get("/api/tables").status_code == 200
        assert client.get("/api/tables", headers={"Host": "localhost"}).status_code == 400
        body = json.dumps({"variant": "simple", "seats": BOTS})
        friends = {**JSON, "Origin": "https://friends.example"}
        assert client.post("/api/tables", content=body, headers=friends).status_code == 201


def test_a_websocket_from_another_site_is_refused() -> None:
    from starlette.websockets import WebSocketDisconnect

    with server() as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        url = f"ws://localhost/ws/{made['table']}"
        evil = {"Origin": "https://evil.example"}
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(url, headers=evil) as ws,
        ):
            ws.receive_json()
        assert refused.value.code == 4403
        with client.websocket_connect(url, headers={"Origin": BASE}) as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["type"] == "state"


def test_every_answer_carries_the_security_headers() -> None:
    with server() as (client, _):
        for path in ("/", "/static/table.js", "/api/tables", "/nowhere"):
            answer = client.get(path)
            for name, value in SECURITY_HEADERS:
                assert answer.headers[name.decode()] == value.decode(), (path, name)
        csp = client.get("/").headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp


def test_unknown_routes_and_methods_are_answered_in_json() -> None:
    with server() as (client, _):
        missing = client.get("/api/nothing-here")
        assert missing.status_code == 404 and "nothing-here" in missing.json()["error"]
        wrong = client.delete("/api/tables")
        assert wrong.status_code == 405 and wrong.json()["error"]
        assert client.get("/api/tables/nope").status_code == 404
        assert client.get("/api/tables/nope/record").status_code == 404


# --------------------------------------------------------------------------- bodies


def _asgi_post(app: Any, path: str, chunks: int, chunk: bytes) -> tuple[int, int, bytes]:
    """POST a body of ``chunks`` chunks straight to the ASGI app; (status, chunks read, body)."""
    pulled = 0
    status = 0
    body = b""

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": pulled < chunks}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, body
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            body += message.get("body", b"")

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    return status, pulled, body


def test_a_huge_streamed_body_is_refused_while_it_streams() -> None:
    app = create_app(lobby=Lobby(bot_delay=0, limits=_limits()))
    megabyte = b" " * 1_000_000
    for path, limit in (("/api/replay", 4_000_000), ("/api/tables", 16_384)):
        status, pulled, body = _asgi_post(app, path, 200, megabyte)  # 200 MB, chunked
        assert status == 413 and b"larger than" in body
        assert pulled <= limit // len(megabyte) + 1, (path, pulled)


def test_deep_json_in_a_request_is_refused_with_a_message() -> None:
    with server() as (client, _):
        deep = '{"variant": ' + "[" * 5000 + "]" * 5000 + "}"
        answer = client.post("/api/tables", content=deep, headers=JSON)
        assert answer.status_code == 400 and "deeper" in answer.json()["error"]
        replay = client.post("/api/replay", content="[" * 100_000, headers=JSON)
        assert replay.status_code == 400 and replay.json()["error"]


def test_a_replay_runs_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    import kinglib.web.app as web_app

    seen: list[bool] = []

    def replaying(text: str) -> dict[str, Any]:
        try:
            asyncio.get_running_loop()
            seen.append(True)  # on the event loop: every other table would wait
        except RuntimeError:
            seen.append(False)
        return {"steps": []}

    monkeypatch.setattr(web_app, "replay_steps", replaying)
    with server() as (client, _):
        assert client.post("/api/replay", content="{}", headers=JSON).status_code == 200
    assert seen == [False]


def test_the_catalogue_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from kinglib.web.catalogue import catalogue as real

    built: list[int] = []

    def counting() -> dict[str, Any]:
        built.append(1)
        return real()

    monkeypatch.setattr("kinglib.web.lobby.catalogue", counting)
    with server() as (client, _):
        answers = [client.get("/api/catalogue").json() for _ in range(5)]
    assert built == [1] and all(a == answers[0] for a in answers)
    simple = next(v for v in answers[0]["variants"] if v["name"] == "simple")
    assert simple["title"] == "Simple King" and simple["summary"].endswith(".")
    kinds = {o["name"]: o["kind"] for o in simple["options"]}
    assert kinds["order"] == "tuple" and kinds["first_dealer"] == "int"
    assert simple["contracts"]["no_tricks"] == "no tricks"


# --------------------------------------------------------------------------- seeds, names


def test_the_server_draws_every_seed_with_128_bits() -> None:
    with server() as (client, _):
        answer = client.post("/api/tables", json={"variant": "simple", "seed": 5})
        assert answer.status_code == 400 and "seed cannot be chosen" in answer.json()["error"]
    lobby = Lobby(bot_delay=0)
    seeds = [lobby.seeds() for _ in range(40)]
    assert len(set(seeds)) == 40
    assert max(s.bit_length() for s in seeds) > 120 and all(s < 2**128 for s in seeds)


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("A" * 40, True),
        ("A" * 41, False),
        ("Ann\n", True),
        ("An\x00n", False),
        ("Ann\u202e", False),
    ],
)
def test_names_are_short_printable_text(name: str, ok: bool) -> None:
    with server() as (client, _):
        answer = client.post("/api/tables", json={"variant": "simple", "name": name})
        assert (answer.status_code == 201) == ok, answer.text
        if not ok:
            assert "name" in answer.json()["error"]
        made = create(client, variant="simple", seats=["open", "random", "random", "random"])
        joined = client.post(f"/api/tables/{made['table']}/join", json={"seat": 0, "name": name})
        assert (joined.status_code == 200) == ok
        listing = client.get("/api/tables").text
        assert len(listing) < 5_000


# --------------------------------------------------------------------------- sockets


def test_connections_and_reconnects_are_limited_per_client() -> None:
    with server(limits=_limits(connections_per_client=2)) as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        with ExitStack() as stack:
            opened = [connect(client, made["table"]) for _ in range(3)]
            sockets = [stack.enter_context(socket) for socket, _ in opened]
            for socket, (_, hello) in zip(sockets[:2], opened):
                socket.send_json(hello)
                assert socket.receive_json()["type"] == "state"
            answer = sockets[2].receive_json()
            assert answer["code"] == "busy"
    with server(limits=_limits(connects_per_minute=3)) as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        codes = []
        for _ in range(5):
            socket, hello = connect(client, made["table"], made["token"])
            with socket:
                socket.send_json(hello)
                message = socket.receive_json()
                codes.append(message.get("code", message["type"]))
        assert codes[:3] == ["state"] * 3 and codes[3:] == ["busy", "busy"]


def test_a_silent_socket_is_closed_for_want_of_a_hello_or_of_any_message() -> None:
    from starlette.websockets import WebSocketDisconnect

    with server(limits=_limits(hello_seconds=0.2, idle_seconds=0.3)) as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        socket, hello = connect(client, made["table"], made["token"])
        with socket:
            assert socket.receive_json()["code"] == "idle"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4408
        socket, hello = connect(client, made["table"], made["token"])
        with socket:
            socket.send_json(hello)
            assert socket.receive_json()["type"] == "state"
            while (message := socket.receive_json())["type"] == "state":
                pass
            assert message["code"] == "idle"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4408


def test_the_first_message_must_be_a_hello() -> None:
    from starlette.websockets import WebSocketDisconnect

    with server() as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        socket, _ = connect(client, made["table"], made["token"])
        with socket:
            socket.send_json({"type": "move", "move": "AS"})
            assert socket.receive_json()["code"] == "malformed"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4400


class _Stuck:
    """A WebSocket whose client never reads: every send waits forever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


class _Reader:
    """A WebSocket whose client reads everything at once."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send_text(self, text: str) -> None:
        self.texts.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_a_seat_that_never_reads_is_closed_and_holds_nobody_up() -> None:
    from kinglib.web.connection import SocketConnection

    async def play() -> tuple[_Stuck, _Reader, int]:
        lobby = Lobby(bot_delay=0, limits=_limits(), seeds=lambda: 3)
        made = lobby.create({"variant": "simple", "seats": ["you", "open", "random", "random"]})
        table = lobby.tables[made["table"]]
        other = join_direct(table)
        stuck, reader = _Stuck(), _Reader()
        slow = SocketConnection(stuck, queue=8, send_seconds=60)  # type: ignore[arg-type]
        fast = SocketConnection(reader, queue=64, send_seconds=60)  # type: ignore[arg-type]
        table.attach(0, slow)
        table.attach(other, fast)
        for _ in range(40):  # the players move; the stuck socket fills its queue
            await asyncio.sleep(0.001)
            seat = table.state.to_move
            if seat in (0, other):
                table.submit(seat, str(table.state.legal_moves()[0]))
            elif table.paused:
                table.go_on(other)
        await asyncio.wait_for(slow.closed.wait(), 2)
        await asyncio.sleep(0.01)
        await fast.stop()
        return stuck, reader, table.version

    def join_direct(table: Any) -> int:
        table.take_seat(1, "friend")
        return 1

    stuck, reader, version = asyncio.run(play())
    assert stuck.closed_with == 4500
    assert json.loads(reader.texts[-1])["version"] == version and version >= 20


def test_spectators_per_table_are_limited() -> None:
    with server(limits=_limits(spectators_per_table=2)) as (client, _):
        made = create(client, variant="simple", seats=BOTS)
        with ExitStack() as stack:
            opened = [connect(client, made["table"]) for _ in range(3)]
            sockets = [stack.enter_context(socket) for socket, _ in opened]
            for socket, (_, hello) in zip(sockets, opened):
                socket.send_json(hello)
            first = [sockets[0].receive_json(), sockets[1].receive_json()]
            assert all(m["type"] == "state" and m["you"] is None for m in first)
            assert sockets[2].receive_json()["code"] == "busy"


# --------------------------------------------------------------------------- logs, records


def test_no_token_reaches_the_access_log() -> None:
    with server() as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        socket, hello = connect(client, made["table"], made["token"])
        with socket:
            socket.send_json(hello)
            assert socket.receive_json()["type"] == "state"
    # the page never puts a token in a URL, and the access log drops query strings anyway
    from kinglib.web.app import STATIC

    page = (STATIC / "table.js").read_text(encoding="utf-8")
    assert "token=" not in page and '{ type: "hello", token }' in page
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d', None, None
    )
    record.args = ("127.0.0.1:5", "GET", "/ws/abc?token=SECRET", "1.1", 101)
    assert QueryFreeLog().filter(record) and "SECRET" not in record.getMessage()


def test_an_unwritable_records_folder_stops_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    with caplog.at_level(logging.ERROR, "kinglib.web"), server(records=blocked) as (client, lobby):
        made = create(client, variant="simple", players=3, seats=["random"] * 3, seed=2)
        table = lobby.tables[made["table"]]
        assert client.portal is not None
        for _ in range(400):
            if table.state.is_over:
                break
            client.portal.call(asyncio.sleep, 0.02)
        assert table.state.is_over and table.saved is None
        assert client.get(f"/api/tables/{table.id}/record").status_code == 200
    assert any("cannot save the record" in r.getMessage() for r in caplog.records)
    from kinglib.apps.cli import main

    assert main(["serve", "--records", str(blocked / "sub"), "--db", ":memory:"]) != 0
