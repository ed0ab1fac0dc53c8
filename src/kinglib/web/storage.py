"""Where tables are kept between restarts: the :class:`Storage` interface and two stores.

A table is stored as a :class:`StoredTable`: its record so far (:func:`kinglib.to_json`, which
holds the rules, the seed and every move), its seats (with each person's token hashed, never
the token itself) and its settings. The table saves itself after every change, each save one
transaction, so a server killed at any moment and started again resumes every unfinished table
where its last move left it.

:class:`SQLiteStorage` keeps them in one SQLite file (the standard library's :mod:`sqlite3`),
:class:`MemoryStorage` in a dictionary (nothing survives the process). Another database fits
behind the same four methods.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

__all__ = [
    "STATUSES",
    "MemoryStorage",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "StoredSeat",
    "StoredTable",
]

#: What a stored table can be: ``live`` (resumed on start), ``over`` (its record is served)
#: or ``closed`` (dropped unfinished: never resumed, its record never served).
STATUSES = ("live", "over", "closed")


class StorageError(RuntimeError):
    """A store that cannot be opened or read (the message says which file and why)."""


@attrs.frozen
class StoredSeat:
    """One seat as stored.

    Attributes:
        kind: ``open``, ``human`` or ``bot``.
        name: the name shown.
        token_hash: for a person's seat, the SHA-256 of its token (hex); else ``None``.
        bot: the bot kind of a bot seat, or of the bot standing in for an absent person.
        bot_seed: that bot's seed.
        invited: an open seat that only the invitation's secret can take.
        stand_in: a bot plays for the absent person who holds the seat.

    """

    kind: str
    name: str
    token_hash: str | None = None
    bot: str | None = None
    bot_seed: int = 0
    invited: bool = False
    stand_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoredSeat:
        """Read :meth:`to_dict`'s form back."""
        return cls(**{f.name: data[f.name] for f in attrs.fields(cls) if f.name in data})


@attrs.frozen
class StoredTable:
    """A table as stored.

    Attributes:
        id: the table's id.
        status: one of :data:`STATUSES`.
        record: the record of the match so far (:func:`kinglib.to_json`).
        seats: one :class:`StoredSeat` per seat.
        settings: everything else, JSON-ready (the invitation's hash, the end-of-deal pause,
            who made the table and when).
        updated: when it was last saved (seconds since the epoch).

    """

    id: str
    status: str
    record: str
    seats: tuple[StoredSeat, ...]
    settings: Mapping[str, Any] = attrs.field(factory=dict)
    updated: float = 0.0


@runtime_checkable
class Storage(Protocol):
    """What a table store does; the server calls it from its event loop, so keep it quick.

    ``save`` is called after every change of a table and must store the whole
    :class:`StoredTable` at once (a reader never sees half of a save). ``live`` is read once
    when the server starts, ``load`` when a finished table's record is asked for.
    """

    def save(self, table: StoredTable) -> None:
        """Store ``table``, replacing what was stored under its id, in one transaction."""
        ...

    def load(self, table_id: str) -> StoredTable | None:
        """The table stored under ``table_id``, or ``None``."""
        ...

    def live(self) -> list[StoredTable]:
        """Every table whose status is ``live``, oldest first."""
        ...

    def close(self) -> None:
        """Finish writing and let the store go."""
        ...


class MemoryStorage:
    """A :class:`Storage` in a dictionary: what a server keeps when asked to keep nothing."""

    def __init__(self) -> None:
        """An empty store."""
        self.tables: dict[str, StoredTable] = {}

    def save(self, table: StoredTable) -> None:
        """Store ``table``."""
        self.tables[table.id] = table

    def load(self, table_id: str) -> StoredTable | None:
        """The table stored under ``table_id``, or ``None``."""
        return self.tables.get(table_id)

    def live(self) -> list[StoredTable]:
        """The live tables, oldest first."""
        found = [t for t in self.tables.values() if t.status == "live"]
        return sorted(found, key=lambda t: t.updated)

    def close(self) -> None:
        """Nothing to finish."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS kinglib_tables (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    updated REAL NOT NULL,
    record TEXT NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS kinglib_tables_status ON kinglib_tables (status, updated);
CREATE TABLE IF NOT EXISTS kinglib_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
#: The layout of the file; a file of another layout is refused.
SCHEMA_VERSION = "1"


class SQLiteStorage:
    """A :class:`Storage` in one SQLite file (made, with its folder, when missing).

    The file is in write-ahead-log mode with ``synchronous=NORMAL``: every save is one
    transaction and survives the server process being killed at any moment (a power cut may
    lose the last saves, never corrupt the file). ``":memory:"`` keeps a store in memory.
    Raises :class:`StorageError` for a file that cannot be opened or is not such a store.
    """

    def __init__(self, path: str | Path) -> None:
        """Open (or make) the store at ``path``."""
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(_SCHEMA)
            row = self._db.execute("SELECT value FROM kinglib_meta WHERE key = 'schema'").fetchone()
            if row is None:
                self._db.execute(
                    "INSERT INTO kinglib_meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,)
                )
            elif row[0] != SCHEMA_VERSION:
                raise StorageError(
                    f"{self.path}: a table store of layout {row[0]!r}, not {SCHEMA_VERSION!r}"
                )
        except (sqlite3.Error, OSError) as exc:
            raise StorageError(f"{self.path}: cannot open the table store: {exc}") from None
        self._lock = threading.Lock()

    def save(self, table: StoredTable) -> None:
        """Store ``table`` in one transaction."""
        row = (
            table.id,
            table.status,
            table.updated,
            table.record,
            json.dumps([s.to_dict() for s in table.seats]),
            json.dumps(dict(table.settings)),
        )
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO kinglib_tables"
                " (id, status, updated, record, seats, settings) VALUES (?, ?, ?, ?, ?, ?)",
                row,
            )

    def _read(self, rows: Iterator[tuple[Any, ...]]) -> list[StoredTable]:
        out = []
        for table_id, status, updated, record, seats, settings in rows:
            out.append(
                StoredTable(
                    id=table_id,
                    status=status,
                    record=record,
                    seats=tuple(StoredSeat.from_dict(s) for s in json.loads(seats)),
                    settings=json.loads(settings),
                    updated=updated,
                )
            )
        return out

    def load(self, table_id: str) -> StoredTable | None:
        """The table stored under ``table_id``, or ``None``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, status, updated, record, seats, settings FROM kinglib_tables"
                " WHERE id = ?",
                (table_id,),
            ).fetchall()
        found = self._read(iter(rows))
        return found[0] if found else None

    def live(self) -> list[StoredTable]:
        """The live tables, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, status, updated, record, seats, settings FROM kinglib_tables"
                " WHERE status = 'live' ORDER BY updated"
            ).fetchall()
        return self._read(iter(rows))

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
