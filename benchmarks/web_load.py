"""Load test of the web table: many tables of socket-driven bots on 127.0.0.1.

The server runs in this process (uvicorn in a thread) on 127.0.0.1 only. Each table's seats
are all people as far as the server knows: every seat is a WebSocket client that answers each
state where it is to move with a random legal move from its own view, as a browser would.
The run lasts a bounded time and reports the moves played per second and any error::

    python benchmarks/web_load.py                 # 50 tables for 20 seconds
    python benchmarks/web_load.py --tables 10 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import threading
import time
import urllib.request
from typing import Any

import uvicorn
import websockets

from kinglib.web import Lobby, create_app


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


class Counts:
    """What the clients saw."""

    def __init__(self) -> None:
        self.moves = 0
        self.errors: list[str] = []
        self.finished = 0


async def _seat(url: str, seat: int, counts: Counts, stop: float, seed: int) -> None:
    rng = random.Random(seed)
    answered = -1  # a state is sent again when a seat connects: answer each version once
    async with websockets.connect(url, max_size=2**22) as ws:
        while time.monotonic() < stop:
            try:
                left = max(0.01, stop - time.monotonic())
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except asyncio.TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] == "error":
                counts.errors.append(message["message"])
                continue
            if message["over"]:
                counts.finished += seat == 0
                return
            moves = message["moves"]
            if moves and message["version"] > answered:
                answered = message["version"]
                await ws.send(json.dumps({"type": "move", "move": rng.choice(moves)["text"]}))
                counts.moves += 1


async def _run(base: str, tables: int, seconds: float, variant: str) -> Counts:
    counts = Counts()
    seats = []
    with urllib.request.urlopen(f"{base}/api/catalogue", timeout=10) as answer:
        catalogue = json.loads(answer.read())
    players = next(v for v in catalogue["variants"] if v["name"] == variant)["default_players"]
    for number in range(tables):
        request = {"variant": variant, "seats": ["you"] + ["open"] * (players - 1), "seed": number}
        made = _post(f"{base}/api/tables", request)
        table = made["table"]
        tokens = {0: made["token"]}
        for seat in range(1, players):
            tokens[seat] = _post(f"{base}/api/tables/{table}/join", {"seat": seat})["token"]
        seats += [(table, seat, token) for seat, token in tokens.items()]
    ws_base = base.replace("http", "ws")
    stop = time.monotonic() + seconds
    await asyncio.gather(
        *(
            _seat(f"{ws_base}/ws/{table}?token={token}", seat, counts, stop, hash((table, seat)))
            for table, seat, token in seats
        )
    )
    return counts


def main() -> None:
    """Run the load test and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--variant", default="simple")
    args = parser.parse_args()
    lobby = Lobby(bot_delay=0.0, message_rate=10_000.0)
    port = _free_port()
    app = create_app(lobby=lobby)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    counts = asyncio.run(_run(base, args.tables, args.seconds, args.variant))
    elapsed = time.monotonic() - started
    server.should_exit = True
    thread.join(10)
    played = sum(t.version for t in lobby.tables.values())
    print(
        json.dumps(
            {
                "tables": args.tables,
                "seconds": round(elapsed, 2),
                "moves": played,
                "moves_per_second": round(played / elapsed, 1),
                "matches_finished": sum(t.state.is_over for t in lobby.tables.values()),
                "errors": len(counts.errors),
                "first_errors": counts.errors[:3],
            }
        )
    )
    if counts.errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
