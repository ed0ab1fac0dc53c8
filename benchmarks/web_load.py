"""Load test of the web table: tables of bots, playing clients and idle connections.

The server runs in a process of its own on 127.0.0.1 (this script started again with
``--serve``), with its tables stored in SQLite as ``kinglib serve`` stores them. The run
makes ``--tables`` tables of four bots, then ``--clients`` WebSocket clients each take the
one person's seat of a table of its own (three bots beside it) and answer every state where
they are to move with a random legal move (and go on at each end-of-deal pause), as a browser
would; ``--idle`` more connections watch tables that wait for players and say nothing but a
ping. Every loop is bounded by ``--seconds``. It prints one line of JSON: the moves played a
second at all the tables, the clients' move latency (from sending a move to receiving the state
it made) at the median and the 99th percentile, how late the server's event loop runs (a task
sleeping 50 ms, woken late by that much), the server's resident memory, and the errors::

    python benchmarks/web_load.py                          # 200 tables, 50 clients, 60 s
    python benchmarks/web_load.py --idle 1000              # the same, 1,000 idle connections
    python benchmarks/web_load.py --tables 10 --seconds 5  # a quick run (2 clients)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

#: The limits of the benchmark's server: every client comes from 127.0.0.1.
BENCH_LIMITS = {
    "max_tables": 5000,
    "tables_per_client": 5000,
    "tables_per_minute": 1e9,
    "requests_per_second": 1e9,
    "max_connections": 20_000,
    "connections_per_client": 20_000,
    "connects_per_minute": 1e9,
    "spectators_per_table": 1000,
    "http_connections_per_client": 20_000,
    "idle_seconds": 600.0,
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 20_000) if hard != resource.RLIM_INFINITY else 20_000
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _rss_kb(pid: int) -> dict[str, int]:
    found = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
    return found


def serve(port: int, db: Path, bot_delay: float) -> None:
    """The benchmark's server: the web app on SQLite, with a statistics route."""
    import attrs
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from kinglib.web import Limits, Lobby, SQLiteStorage, create_app
    from kinglib.web.server import make_server

    _raise_file_limit()
    limits = attrs.evolve(Limits(), **BENCH_LIMITS)
    lobby = Lobby(bot_delay=bot_delay, storage=SQLiteStorage(db), limits=limits)
    app = create_app(lobby=lobby)

    lags: list[float] = []

    async def watch_the_loop() -> None:
        """How late the server's event loop wakes a task that sleeps 50 ms."""
        while True:
            started = time.monotonic()
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - started - 0.05)

    async def stats(request: Request) -> JSONResponse:
        if request.query_params.get("reset"):
            lags.clear()
            if not watchers:
                watchers.append(asyncio.get_running_loop().create_task(watch_the_loop()))
        moves = sum(t.version for t in lobby.tables.values())
        late = sorted(lags) or [0.0]
        return JSONResponse(
            {
                "moves": moves,
                "tables": len(lobby.tables),
                "loop_lag_p50_ms": round(1000 * late[len(late) // 2], 2),
                "loop_lag_p99_ms": round(1000 * late[int(0.99 * (len(late) - 1))], 2),
                **_rss_kb(os.getpid()),
            }
        )

    watchers: list[asyncio.Task[None]] = []
    app.router.routes.append(Route("/bench/stats", stats))
    with contextlib.suppress(KeyboardInterrupt):  # the run's end
        make_server(app, "127.0.0.1", port, limits, log_level="warning").run()


def _call(base: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(base + path, data, headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


class Counts:
    """What the clients saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.client_moves = 0
        self.idle_open = 0
        self.idle_stop = float("inf")  # when the idle connections close


async def _player(url: str, token: str, counts: Counts, stop: float, seed: int) -> None:
    import websockets

    rng = random.Random(seed)
    answered = -1  # answer each version once
    continued = -1
    sent_at: float | None = None
    sent_version = -1
    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic()))
                except asyncio.TimeoutError:
                    return
                message = json.loads(raw)
                if message["type"] == "error":
                    counts.errors.append(message["message"])
                    continue
                if message["type"] != "state":
                    continue
                version = message["version"]
                if sent_at is not None and version > sent_version:
                    counts.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                if message["over"]:
                    return
                pause = message["pause"]
                if pause is not None:
                    if message["you"] in pause["waiting"] and continued < version:
                        continued = version
                        await ws.send(json.dumps({"type": "continue"}))
                    continue
                moves = message["moves"]
                if moves and version > answered:
                    answered = version
                    sent_at, sent_version = time.monotonic(), version
                    await ws.send(json.dumps({"type": "move", "move": rng.choice(moves)["text"]}))
                    counts.client_moves += 1
    except Exception as exc:  # a dropped connection is an error of the run
        counts.errors.append(f"player: {type(exc).__name__}: {exc}")


async def _idle(url: str, counts: Counts, opened: asyncio.Event, seed: int) -> None:
    import websockets

    # Each page pings every 30 s from when it was opened: the connections' pings are spread
    # over those 30 s, not all sent at the same moment.
    phase = random.Random(seed).uniform(0, 30)
    try:
        async with websockets.connect(url, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "watch": True}))
            first = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if first["type"] != "state":
                counts.errors.append(f"idle: {first}")
                return
            counts.idle_open += 1
            opened.set()
            next_ping = time.monotonic() + phase
            while time.monotonic() < counts.idle_stop:  # looked at every second at least
                now = time.monotonic()
                left = max(0.01, min(next_ping, counts.idle_stop, now + 1.0) - now)
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), left))
                    if message["type"] == "error":  # a pong needs no answer; an error counts
                        counts.errors.append(f"idle: {message['message']}")
                    continue
                except asyncio.TimeoutError:
                    pass
                if time.monotonic() >= next_ping:
                    await ws.send(json.dumps({"type": "ping"}))
                    next_ping += 30.0
    except Exception as exc:
        counts.errors.append(f"idle: {type(exc).__name__}: {exc}")


def _progress(text: str) -> None:
    print(f"web_load: {text}", file=sys.stderr, flush=True)


async def _run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    counts = Counts()
    ws_base = base.replace("http", "ws")
    for _ in range(args.tables):
        _call(base, "/api/tables", {"variant": args.variant, "seats": ["heuristic"] * 4})
    players = []
    for _ in range(args.clients):
        made = _call(
            base, "/api/tables", {"variant": args.variant, "seats": ["you"] + ["heuristic"] * 3}
        )
        players.append((made["table"], made["token"]))
    _progress(f"{args.tables} tables of bots and {args.clients} tables for the clients made")
    waiting = [
        _call(base, "/api/tables", {"variant": args.variant, "seats": ["open"] * 4})["table"]
        for _ in range(max(1, args.idle // 50))
        if args.idle
    ]
    opened = asyncio.Event()
    idle_tasks = [
        asyncio.create_task(_idle(f"{ws_base}/ws/{waiting[n % len(waiting)]}", counts, opened, n))
        for n in range(args.idle)
    ]
    deadline = time.monotonic() + 120
    shown = 0.0
    while counts.idle_open + len([e for e in counts.errors if e.startswith("idle")]) < args.idle:
        if time.monotonic() > deadline:
            counts.errors.append("the idle connections did not all open in time")
            break
        if time.monotonic() - shown > 5:
            shown = time.monotonic()
            _progress(f"{counts.idle_open} of {args.idle} idle connections open")
        await asyncio.sleep(0.1)
    _progress(f"playing for {args.seconds:g} s")
    before = _call(base, "/bench/stats?reset=1")
    started = time.monotonic()
    stop = started + args.seconds
    await asyncio.gather(
        *(
            _player(f"{ws_base}/ws/{table}", token, counts, stop, n)
            for n, (table, token) in enumerate(players)
        )
    )
    elapsed = time.monotonic() - started
    after = _call(base, "/bench/stats")
    counts.idle_stop = time.monotonic()  # each idle connection closes within a second
    if idle_tasks:
        await asyncio.wait(idle_tasks, timeout=60)
    latencies = sorted(counts.latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0.0
    return {
        "tables_of_bots": args.tables,
        "clients": args.clients,
        "idle_connections": counts.idle_open,
        "bot_delay": args.bot_delay,
        "seconds": round(elapsed, 1),
        "moves": after["moves"] - before["moves"],
        "moves_per_second": round((after["moves"] - before["moves"]) / elapsed, 1),
        "client_moves": counts.client_moves,
        "latency_p50_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "latency_p99_ms": round(1000 * p99, 2),
        "server_loop_lag_p50_ms": after["loop_lag_p50_ms"],
        "server_loop_lag_p99_ms": after["loop_lag_p99_ms"],
        "server_rss_mb": round(after["VmRSS"] / 1024, 1),
        "server_peak_rss_mb": round(after["VmHWM"] / 1024, 1),
        "errors": len(counts.errors),
        "first_errors": counts.errors[:3],
    }


def main() -> None:
    """Run the load test and print its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables of four bots (200)")
    parser.add_argument(
        "--clients", type=int, default=None, help="playing clients (a quarter of --tables)"
    )
    parser.add_argument("--idle", type=int, default=0, help="idle connections held open (0)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play (60)")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="a bot's wait (0.5 s)")
    parser.add_argument("--variant", default="simple")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, Path(args.db), args.bot_delay)
        return
    if args.clients is None:
        args.clients = max(1, args.tables // 4)
    _raise_file_limit()
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.sqlite"
        command = [sys.executable, __file__, "--serve", str(port), "--db", str(db)]
        server = subprocess.Popen([*command, "--bot-delay", str(args.bot_delay)])
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    _call(base, "/bench/stats")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            # Bounded whatever happens: the tables are made, the connections opened and the
            # play done within the run's time and five minutes more.
            figures = asyncio.run(asyncio.wait_for(_run(base, args), args.seconds + 300))
            files = [db, db.with_name(db.name + "-wal")]
            size = sum(f.stat().st_size for f in files if f.exists())
            figures["db_mb"] = round(size / 2**20, 1)
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
    print(json.dumps(figures))
    if figures["errors"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
