"""A client's WebSocket as the tables use it: a bounded queue drained by a task of its own.

A table never waits for a client: :meth:`SocketConnection.push` queues the message and
returns. A client that reads so slowly that the queue fills, or that takes longer than the
limit to take one message, is disconnected; the others are never held up by it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket

__all__ = ["CLOSE_CODES", "SocketConnection"]

#: The close codes the server uses, and why.
CLOSE_CODES = {
    1008: "flooding: the client kept sending faster than allowed",
    4400: "the first message was not a hello",
    4403: "no such table, or the token holds no seat there",
    4408: "nothing heard from the client for too long (idle), or no hello in time",
    4409: "the seat was opened in another window",
    4429: "too many connections or reconnects from this client, or on the server",
    4500: "the client does not read what it is sent (slow)",
}


class SocketConnection:
    """One accepted WebSocket with its send queue and the task that empties it.

    Args:
        socket: the accepted socket.
        queue: the most messages waiting to be sent before the client is disconnected.
        send_seconds: the longest one message may take to be sent.

    """

    def __init__(self, socket: WebSocket, queue: int = 64, send_seconds: float = 10.0) -> None:
        """Start sending."""
        self.socket = socket
        self.send_seconds = send_seconds
        self.queue: asyncio.Queue[tuple[str, int | None, str]] = asyncio.Queue(queue)
        self.closed = asyncio.Event()
        self._closing = False
        self._closer: asyncio.Task[None] | None = None
        self._task = asyncio.get_running_loop().create_task(self._send_all())

    def push(self, text: str) -> None:
        """Queue a message; a full queue disconnects the client (it does not read)."""
        if self._closing:
            return
        try:
            self.queue.put_nowait((text, None, ""))
        except asyncio.QueueFull:
            self._closing = True
            self._task.cancel()
            self._closer = asyncio.get_running_loop().create_task(self._close(4500, "slow"))

    def send_json(self, message: dict[str, Any]) -> None:
        """Queue a JSON-ready message."""
        self.push(json.dumps(message, ensure_ascii=False))

    def close_soon(self, code: int, reason: str = "") -> None:
        """Close the socket once what is queued is sent."""
        if self._closing:
            return
        self._closing = True
        try:
            self.queue.put_nowait(("", code, reason))
        except asyncio.QueueFull:
            self._task.cancel()
            self._closer = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _send_all(self) -> None:
        try:
            while True:
                text, code, reason = await self.queue.get()
                if code is not None:
                    await self._close(code, reason)
                    return
                await asyncio.wait_for(self.socket.send_text(text), self.send_seconds)
        except asyncio.CancelledError:
            raise
        except asyncio.TimeoutError:
            await self._close(4500, "slow")
        except Exception:  # the client has gone
            self.closed.set()

    async def _close(self, code: int, reason: str) -> None:
        try:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(code=code, reason=reason), 2.0)
        finally:
            self.closed.set()

    async def stop(self) -> None:
        """Stop sending (the socket is done with); a close under way is let finish."""
        closing = self._closing
        self._closing = True
        if closing and not self._task.done():
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._task, 3.0)
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task
        if self._closer is not None:
            with contextlib.suppress(BaseException):
                await self._closer
        self.closed.set()
