"""The lobby: the tables of one server, what can be played, and the requests that make them.

Tables are kept in memory and in the lobby's :class:`~kinglib.web.Storage`: a server started
again on the same store resumes every unfinished table (:meth:`Lobby.resume`), and finished
matches' records stay downloadable.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from kinglib import KinglibError, house_rules_names, load_rules
from kinglib.web.catalogue import catalogue
from kinglib.web.limits import ClientCounter, Limits, RateLimits
from kinglib.web.protocol import ProtocolError
from kinglib.web.seats import Seat, bot_kinds, clean_name, hash_secret, new_secret
from kinglib.web.storage import MemoryStorage, Storage
from kinglib.web.table import Table

__all__ = ["MAX_TABLES", "Lobby", "RequestError"]

log = logging.getLogger("kinglib.web")

#: The most tables kept at once by default (see :class:`~kinglib.web.limits.Limits`).
MAX_TABLES = Limits().max_tables
#: The most tables listed by ``GET /api/tables``.
MAX_LISTED = 200


class RequestError(ValueError):
    """A request that cannot be granted; ``status`` is its HTTP status (400 unless said)."""

    def __init__(self, message: str, status: int = 400) -> None:
        """Keep the message and the status."""
        super().__init__(message)
        self.status = status


def _random_seed() -> int:
    return secrets.randbits(128)


class Lobby:
    """The tables of one server.

    Args:
        bot_delay: seconds a bot waits before each move.
        records: a folder where finished matches are saved as JSON files, or ``None``.
        max_tables: the most tables kept in memory (``limits.max_tables`` when not given).
        message_rate: messages a second each connection may send (``limits.message_rate``
            when not given).
        storage: where tables are stored (in memory only when not given).
        limits: the limits on what clients may do (:class:`~kinglib.web.limits.Limits`).
        seeds: draws the seed of each new match (128 random bits by default; the seed
            decides every hand, so it never comes from a client).

    """

    def __init__(
        self,
        bot_delay: float = 0.5,
        records: Path | None = None,
        max_tables: int | None = None,
        message_rate: float | None = None,
        storage: Storage | None = None,
        limits: Limits | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        """An empty lobby (call :meth:`resume` to take up the stored tables)."""
        limits = limits if limits is not None else Limits()
        if max_tables is not None or message_rate is not None:
            limits = attrs.evolve(
                limits,
                max_tables=limits.max_tables if max_tables is None else max_tables,
                message_rate=limits.message_rate if message_rate is None else message_rate,
            )
        self.limits = limits
        self.bot_delay = bot_delay
        self.records = records
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.seeds = seeds if seeds is not None else _random_seed
        self.tables: dict[str, Table] = {}
        self.connections = ClientCounter(limits.connections_per_client, limits.max_connections)
        self.connects = RateLimits(limits.connects_per_minute / 60, limits.connects_per_minute)
        self.creations = RateLimits(limits.tables_per_minute / 60, limits.tables_per_minute)
        self.requests = RateLimits(limits.requests_per_second, 5 * limits.requests_per_second)
        self._catalogue: bytes | None = None
        self._listing: tuple[float, bytes] | None = None

    @property
    def max_tables(self) -> int:
        """The most tables kept in memory."""
        return self.limits.max_tables

    @property
    def message_rate(self) -> float:
        """Messages a second each connection may send."""
        return self.limits.message_rate

    # ------------------------------------------------------------------ reading

    def catalogue(self) -> dict[str, Any]:
        """What a table can be made of: variants, house rules and bots."""
        data: dict[str, Any] = json.loads(self.catalogue_json())
        return data

    def catalogue_json(self) -> bytes:
        """:meth:`catalogue` as JSON, built once."""
        if self._catalogue is None:
            self._catalogue = json.dumps(catalogue(), ensure_ascii=False).encode("utf-8")
        return self._catalogue

    def listing(self) -> list[dict[str, Any]]:
        """The tables, open ones first (at most :data:`MAX_LISTED`)."""
        tables = [t.summary() for t in self.tables.values()]
        tables.sort(key=lambda t: (t["over"], not t["open"]))
        return tables[:MAX_LISTED]

    def listing_json(self) -> bytes:
        """:meth:`listing` as JSON, built at most once a second."""
        now = time.monotonic()
        if self._listing is None or now - self._listing[0] > 1.0:
            text = json.dumps({"tables": self.listing()}, ensure_ascii=False)
            self._listing = (now, text.encode("utf-8"))
        return self._listing[1]

    def table(self, table_id: str) -> Table:
        """The table with that id; raise :class:`ProtocolError` (``bad_seat``) if none."""
        found = self.tables.get(table_id) if isinstance(table_id, str) else None
        if found is None:
            raise ProtocolError("bad_seat", f"no table {str(table_id)[:40]!r}")
        return found

    def finished_record(self, table_id: str) -> str | None:
        """The record of a finished match, from memory or from the store; else ``None``."""
        table = self.tables.get(table_id)
        if table is not None:
            return table.record() if table.state.is_over else None
        stored = self.storage.load(table_id)
        if stored is None or stored.status != "over":
            return None
        return json.dumps(json.loads(stored.record), indent=1, ensure_ascii=False)

    # ------------------------------------------------------------------ making

    def create(self, request: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """Make a table from a request; return its id (and the creator's seat and token).

        The request holds ``variant``, ``players`` (optional), ``options`` (name to value,
        as text or JSON values), ``plugins`` (installed house rules), ``seats`` (per seat
        ``"you"`` for the creator, at most one, ``"open"`` for anyone, ``"invite"`` for the
        holders of the invitation link, or a bot name) and ``name`` (the creator's). The
        server draws the seed. Raises :class:`RequestError` saying what is wrong.
        """
        if "seed" in request:
            raise RequestError("the server deals every table: a seed cannot be chosen")
        variant = request.get("variant")
        players = request.get("players")
        options = request.get("options") or {}
        plugins = request.get("plugins") or []
        if not isinstance(variant, str):
            raise RequestError("choose a variant")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise RequestError("players is a whole number")
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise RequestError("options are a JSON object of name to value")
        if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
            raise RequestError("plugins are a list of installed house rules")
        unknown = sorted(set(plugins) - set(house_rules_names()))
        if unknown:
            raise RequestError(f"no installed house rules named {', '.join(unknown)[:200]}")
        name = self._name(request.get("name"), "")
        values = {k: v for k, v in options.items() if v is not None and v != ""}
        try:
            rules = load_rules(variant, players=players, plugins=plugins, **values)
        except (KinglibError, ValueError, TypeError) as exc:
            raise RequestError(str(exc)[:400]) from None
        seats, creator = self._seats(request, rules.players)
        self._check_client(client, seats)
        self._make_room()
        invite = new_secret() if any(s.invited for s in seats) else None
        table_id = secrets.token_urlsafe(9)
        table = Table(
            table_id,
            rules,
            self.seeds(),
            seats,
            self.bot_delay,
            self.records,
            storage=self.storage,
            absent_seconds=self.limits.absent_seconds,
            spectators=self.limits.spectators_per_table,
            invite_hash=hash_secret(invite) if invite else None,
            creator=client,
        )
        self.tables[table_id] = table
        self._listing = None
        answer: dict[str, Any] = {"table": table_id, "url": f"/table/{table_id}"}
        answer["watch_url"] = f"/watch/{table_id}"
        if invite is not None:
            answer["invite"] = invite
            answer["invite_url"] = f"/table/{table_id}#invite={invite}"
        if creator is not None:
            answer["seat"] = creator
            answer["token"] = table.take_seat(creator, name)
        else:
            table.changed()
        return answer

    def _name(self, name: object, fallback: str) -> str:
        try:
            return clean_name(name, fallback, self.limits.max_name)
        except ValueError as exc:
            raise RequestError(str(exc)) from None

    def _seats(self, request: Mapping[str, Any], players: int) -> tuple[list[Seat], int | None]:
        kinds = request.get("seats")
        if kinds is None:
            kinds = ["you"] + ["heuristic"] * (players - 1)
        if not isinstance(kinds, list) or len(kinds) != players:
            raise RequestError(f"give one entry per seat in seats: {players} of them")
        bots = bot_kinds()
        seats: list[Seat] = []
        creator: int | None = None
        for number, kind in enumerate(kinds):
            if kind == "you":
                if creator is not None:
                    raise RequestError('only one seat can be "you"')
                creator = number
                seats.append(Seat("open", f"seat {number}"))
            elif kind in ("open", "invite"):
                seats.append(Seat("open", f"seat {number}", invited=kind == "invite"))
            elif isinstance(kind, str) and kind in bots:
                seats.append(Seat.of_bot(kind, name=f"{kind} bot {number}"))
            else:
                raise RequestError(
                    f"seat {number}: {str(kind)[:40]!r} is not you, open, invite or a bot "
                    f"({', '.join(bots)})"
                )
        return seats, creator

    def _check_client(self, client: str, seats: list[Seat]) -> None:
        people = any(s.kind == "open" for s in seats)
        if people:
            held = sum(
                1
                for t in self.tables.values()
                if t.creator == client and not t.state.is_over and _has_people(t)
            )
            if held >= self.limits.tables_per_client:
                raise RequestError(
                    f"you have {held} unfinished tables: finish or leave one first", 429
                )
        if not self.creations.allow(client):
            raise RequestError("too many tables made too fast: wait a minute", 429)

    def _make_room(self) -> None:
        """Drop tables from memory until one more fits.

        Finished ones go first (their records stay in the store), then tables of bots only,
        then tables long abandoned; an unfinished table with a person at it is never dropped
        otherwise (:class:`RequestError` 503).
        """
        while len(self.tables) >= self.limits.max_tables:
            now = time.monotonic()
            finished = [t for t in self.tables.values() if t.state.is_over]
            bots_only = [t for t in self.tables.values() if not _has_people(t)]
            abandoned = [
                t
                for t in self.tables.values()
                if not _connected(t) and now - t.touched > self.limits.abandon_seconds
            ]
            if finished:
                self._drop(finished[0], "over")
            elif bots_only:
                self._drop(bots_only[0], "closed")
            elif abandoned:
                self._drop(abandoned[0], "closed")
            else:
                raise RequestError(
                    f"the server holds its most tables ({self.limits.max_tables}), every one "
                    "with people playing: try again later",
                    503,
                )

    def _drop(self, table: Table, status: str) -> None:
        del self.tables[table.id]
        if status == "closed":
            try:
                self.storage.save(table.stored("closed"))
            except Exception as exc:
                log.error("table %s: cannot be stored: %s", table.id, exc)
        try:
            asyncio.get_running_loop().create_task(table.close())
        except RuntimeError:  # no event loop (a lobby used from plain code)
            table.closed = True

    def join(
        self, table_id: str, seat: Any, name: Any, invite: Any = None, client: str = ""
    ) -> dict[str, Any]:
        """Take a free seat of a table; return the seat and its token."""
        table = self.table(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RequestError("seat is a seat number")
        token = table.take_seat(seat, self._name(name, f"player {seat}"), invite)
        return {"table": table_id, "seat": seat, "token": token, "url": f"/table/{table_id}"}

    # ------------------------------------------------------------------ life

    def resume(self) -> int:
        """Take up every live table of the store (once, when the server starts); how many.

        A table whose record no longer replays (a variant uninstalled, say) is logged and
        left in the store.
        """
        count = 0
        for stored in self.storage.live():
            if stored.id in self.tables:
                continue
            try:
                table = Table.restore(
                    stored,
                    bot_delay=self.bot_delay,
                    records=self.records,
                    storage=self.storage,
                    absent_seconds=self.limits.absent_seconds,
                    spectators=self.limits.spectators_per_table,
                )
            except Exception as exc:
                log.error("table %s cannot be resumed: %s", stored.id, exc)
                continue
            self.tables[stored.id] = table
            count += 1
        return count

    def start(self) -> None:
        """Let the bots of every table move (call from the running event loop)."""
        for table in self.tables.values():
            table.start_bots()

    async def close(self) -> None:
        """Stop every table's bots and close the store."""
        for table in list(self.tables.values()):
            await table.close()
        self.storage.close()


def _has_people(table: Table) -> bool:
    return any(s.kind != "bot" for s in table.seats)


def _connected(table: Table) -> bool:
    return bool(table.spectators) or any(s.connection is not None for s in table.seats)
