"""Serving the application with uvicorn, as ``kinglib serve`` does.

HTTP connections are timed out and counted per client; the access log has no query strings.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import uvicorn
from starlette.applications import Starlette

from kinglib.web.limits import ClientCounter, Limits

__all__ = ["MAX_FRAME_BYTES", "QueryFreeLog", "guarded_protocol", "make_server"]

#: The largest WebSocket frame the server accepts; larger ones close the connection.
MAX_FRAME_BYTES = 65_536


class QueryFreeLog(logging.Filter):
    """Drops the query string from uvicorn's access-log lines (nothing secret is logged)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the path argument of an access-log record."""
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], args[2].split("?", 1)[0], *args[3:])
        return True


def guarded_protocol(base: type[asyncio.Protocol], limits: Limits) -> type[asyncio.Protocol]:
    """A uvicorn HTTP protocol class that drops silent connections and counts them per client.

    A connection which has not sent a whole request within ``limits.header_seconds`` (a
    silent or half-open socket) is closed, and a client's connections past
    ``limits.http_connections_per_client`` are refused.
    """
    counter = ClientCounter(limits.http_connections_per_client, 1 << 30)

    class Guarded(base):  # type: ignore[valid-type,misc]
        def connection_made(self, transport: Any) -> None:
            peer = transport.get_extra_info("peername")
            self._kinglib_client: str | None = str(peer[0]) if peer else ""
            self._kinglib_timer: asyncio.TimerHandle | None = None
            self._kinglib_refused = not counter.acquire(self._kinglib_client)
            if self._kinglib_refused:
                self._kinglib_client = None
                transport.close()
                return
            super().connection_made(transport)
            loop = asyncio.get_running_loop()
            self._kinglib_timer = loop.call_later(limits.header_seconds, self._kinglib_silent)

        def _kinglib_silent(self) -> None:
            self._kinglib_timer = None
            upgraded = self.transport.get_protocol() is not self
            if not upgraded and self.cycle is None and not self.transport.is_closing():
                self.transport.close()

        def _kinglib_done(self) -> None:
            """The request arrived (or the connection became a WebSocket): stop the timer."""
            timer = self._kinglib_timer
            if timer is not None:
                timer.cancel()
                self._kinglib_timer = None

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.transport.get_protocol() is not self:  # upgraded to a WebSocket
                self._kinglib_done()
                if self._kinglib_client is not None:  # its own protocol ends it, uncounted
                    counter.release(self._kinglib_client)
                    self._kinglib_client = None
            elif self.cycle is not None:
                self._kinglib_done()

        def connection_lost(self, exc: Exception | None) -> None:
            self._kinglib_done()
            client = self._kinglib_client
            if client is None and self._kinglib_refused:
                return
            if client is not None:
                counter.release(client)
                self._kinglib_client = None
            super().connection_lost(exc)

    Guarded.__name__ = f"Guarded{base.__name__}"
    return Guarded


def _http_protocol() -> type[asyncio.Protocol]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    except ImportError:  # httptools absent: uvicorn's pure-Python h11
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol


def make_server(
    app: Starlette, host: str, port: int, limits: Limits | None = None, log_level: str = "info"
) -> uvicorn.Server:
    """A uvicorn server of ``app`` on ``host:port``, guarded as :func:`guarded_protocol` says.

    WebSocket frames are capped at :data:`MAX_FRAME_BYTES` and pinged every 20 seconds (a
    half-open connection is closed after 20 more).
    """
    limits = limits if limits is not None else Limits()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(_http_protocol(), limits),
        ws_max_size=MAX_FRAME_BYTES,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_keep_alive=5,
        log_level=log_level,
    )
    server = uvicorn.Server(config)
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, QueryFreeLog) for f in access.filters):
        access.addFilter(QueryFreeLog())
    return server
