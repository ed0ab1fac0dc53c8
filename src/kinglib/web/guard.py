"""The web server's front door: allowed hosts and origins, security headers, capped bodies.

:class:`Guard` is plain ASGI middleware around the whole application. It refuses a request
whose ``Host`` is not one of the allowed hosts (a web page cannot then reach a server on
this machine under a name of its own), a state-changing request or a WebSocket whose
``Origin`` is another site's, and adds to every answer a content security policy,
``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy:
no-referrer``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request

__all__ = ["LOCAL_HOSTS", "SECURITY_HEADERS", "BodyError", "Guard", "read_body"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The host names of this machine, allowed by default.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
#: The headers added to every HTTP answer.
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _host_name(host: str) -> str:
    """The name of a ``Host`` header without its port (``[::1]:8000`` gives ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: allowed hosts and origins, and the security headers.

    Args:
        app: the application inside.
        allowed_hosts: the host names served (``"*"`` for any); ports are not compared.
        allowed_origins: other origins (``"https://example.org"``) whose pages may post to
            the server and open its WebSockets; the server's own origin always may.

    """

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Iterable[str] = LOCAL_HOSTS,
        allowed_origins: Iterable[str] = (),
    ) -> None:
        """Wrap ``app``."""
        self.app = app
        self.allowed_hosts = {h.strip("[]").lower() for h in allowed_hosts}
        self.allowed_origins = {o.rstrip("/").lower() for o in allowed_origins}

    def _refusal(self, scope: Scope) -> str | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if "*" not in self.allowed_hosts and _host_name(host) not in self.allowed_hosts:
            return f"this server does not answer for the host {host[:60]!r}"
        origin = headers.get("origin")
        checks = scope["type"] == "websocket" or scope.get("method", "GET") not in _SAFE_METHODS
        if checks and origin is not None:
            origin = origin.rstrip("/").lower()
            parts = urlsplit(origin)
            if parts.netloc != host.lower() and origin not in self.allowed_origins:
                return f"requests from the page at {origin[:60]!r} are not accepted"
        if checks and origin is None and headers.get("sec-fetch-site") == "cross-site":
            return "requests from another site's page are not accepted"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request or connection."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4403, "reason": ""})
                return
            body = json.dumps({"error": refusal}).encode("utf-8")
            await _with_headers(send)(
                {
                    "type": "http.response.start",
                    "status": 403 if "page" in refusal else 400,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        if scope["type"] == "http":
            send = _with_headers(send)
        await self.app(scope, receive, send)


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {k.lower() for k, _ in headers}
            headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
            message["headers"] = headers
        await send(message)

    return sending


class BodyError(ValueError):
    """A request body that is refused; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int) -> None:
        """Keep the message and the status."""
        super().__init__(message)
        self.status = status


async def read_body(request: Request, limit: int) -> str:
    """The body of a JSON request as text, read with a cap of ``limit`` bytes as it streams.

    Raises :class:`BodyError`: 413 past the cap, 415 for another type than JSON, 400 for a
    body that is not UTF-8.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise BodyError("send the request as JSON (Content-Type: application/json)", 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise BodyError(f"the request is larger than {limit} bytes", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(f"the request is larger than {limit} bytes", 413)
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise BodyError("the request is not UTF-8 text", 400) from None
