"""The web server's limits: on every input and resource a client can use, and who uses what.

Every number is a field of :class:`Limits`; a :class:`~kinglib.web.Lobby` takes one. A
*client* is the address a request or a connection comes from (behind a reverse proxy every
client has the proxy's address: give the proxy's own limits, or raise these).
"""

from __future__ import annotations

import time
from collections import OrderedDict

import attrs

__all__ = ["ClientCounter", "Limits", "RateLimit", "RateLimits"]


@attrs.frozen
class Limits:
    """What the server allows, per client and in all.

    Attributes:
        max_tables: tables kept in memory; finished and bot-only tables make room first, and an
            unfinished table with a person at it is never dropped (a new one is refused).
        tables_per_client: unfinished tables with a person at them that one client may have
            made.
        tables_per_minute: tables one client may make a minute (bursts of this many).
        requests_per_second: lobby requests (``/api/...``) one client may make a second, with
            bursts of five seconds' worth; more are answered 429.
        max_connections: WebSockets open at once, in all.
        connections_per_client: WebSockets one client may hold open at once.
        connects_per_minute: WebSockets one client may open a minute (bursts of this many):
            reconnect loops are refused past it.
        message_rate: messages a second a connection may send (bursts of three seconds'
            worth); more are dropped, and a client that goes on is disconnected.
        spectators_per_table: view-only connections of one table.
        send_queue: messages waiting to be sent on one connection; a client that reads so
            slowly that more pile up is disconnected.
        send_seconds: the longest one message may take to be sent before the connection is
            closed.
        hello_seconds: the time a new WebSocket has to say which seat (or that it watches).
        idle_seconds: a WebSocket that sends nothing (not even a ping) for this long is closed.
        header_seconds: an HTTP connection that has not sent a whole request within this time
            is closed (the served server only).
        http_connections_per_client: TCP connections one client may hold open at once (the
            served server only).
        request_bytes: the largest lobby request body.
        record_bytes: the largest record the replay page reads.
        json_depth: the deepest nesting of arrays and objects read in any JSON a client sends.
        max_name: the longest player name, in characters (printable ones only).
        absent_seconds: how long a player must have been gone before the others may give the
            seat to a bot (and how long an open seat must have stayed empty).
        abandon_seconds: an unfinished table where nobody has moved or been connected for this
            long may be dropped when the server needs room.
        replay_workers: records replayed at once (in worker threads).

    """

    max_tables: int = 500
    tables_per_client: int = 10
    tables_per_minute: float = 10.0
    requests_per_second: float = 20.0
    max_connections: int = 4000
    connections_per_client: int = 64
    connects_per_minute: float = 120.0
    message_rate: float = 10.0
    spectators_per_table: int = 50
    send_queue: int = 64
    send_seconds: float = 10.0
    hello_seconds: float = 10.0
    idle_seconds: float = 90.0
    header_seconds: float = 10.0
    http_connections_per_client: int = 256
    request_bytes: int = 16_384
    record_bytes: int = 4_000_000
    json_depth: int = 32
    max_name: int = 40
    absent_seconds: float = 60.0
    abandon_seconds: float = 86_400.0
    replay_workers: int = 2


class RateLimit:
    """A token bucket: ``burst`` actions at once, refilled at ``rate`` actions a second."""

    def __init__(self, rate: float = 10.0, burst: float = 30.0) -> None:
        """A full bucket."""
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """Whether one more action may happen now (and take its token if so)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class RateLimits:
    """One :class:`RateLimit` per client, the least recently used forgotten past ``size``."""

    def __init__(self, rate: float, burst: float, size: int = 10_000) -> None:
        """No client seen yet."""
        self.rate = rate
        self.burst = burst
        self.size = size
        self._buckets: OrderedDict[str, RateLimit] = OrderedDict()

    def allow(self, client: str) -> bool:
        """Whether ``client`` may act once more now."""
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = self._buckets[client] = RateLimit(self.rate, self.burst)
            while len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket.allow()


class ClientCounter:
    """Things held open at once, per client and in all, each count with its ceiling."""

    def __init__(self, per_client: int, total: int) -> None:
        """Nothing held yet."""
        self.per_client = per_client
        self.total = total
        self.count = 0
        self.by_client: dict[str, int] = {}

    def acquire(self, client: str) -> bool:
        """Hold one more for ``client`` if both ceilings allow it; whether it was held."""
        held = self.by_client.get(client, 0)
        if held >= self.per_client or self.count >= self.total:
            return False
        self.by_client[client] = held + 1
        self.count += 1
        return True

    def release(self, client: str) -> None:
        """Let one go."""
        held = self.by_client.get(client, 0)
        if held <= 1:
            self.by_client.pop(client, None)
        else:
            self.by_client[client] = held - 1
        self.count = max(0, self.count - 1)
