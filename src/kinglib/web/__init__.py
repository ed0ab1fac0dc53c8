"""A web table for kinglib: play any variant in the browser, with friends and bots.

Install the extra (``pip install 'kinglib[web]'``) and run ``kinglib serve``. The server
holds every table's :class:`kinglib.State`; each browser receives only its own seat's
:meth:`~kinglib.State.view` over a WebSocket and answers with moves as text. Tables are
stored (in SQLite by ``kinglib serve``) after every move, so a restarted server resumes them.
See :mod:`kinglib.web.protocol` for the messages, :func:`create_app` for the routes and
:class:`Storage` for the store.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from kinglib.web.app import create_app
from kinglib.web.guard import LOCAL_HOSTS
from kinglib.web.limits import Limits
from kinglib.web.lobby import Lobby, RequestError
from kinglib.web.storage import (
    MemoryStorage,
    SQLiteStorage,
    Storage,
    StorageError,
    StoredSeat,
    StoredTable,
)
from kinglib.web.table import Table

__all__ = [
    "MAX_FRAME_BYTES",
    "Limits",
    "Lobby",
    "MemoryStorage",
    "RequestError",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "StoredSeat",
    "StoredTable",
    "Table",
    "create_app",
    "default_db",
    "serve",
]

#: The largest WebSocket frame the server accepts; larger ones close the connection.
MAX_FRAME_BYTES = 65_536


def default_db() -> Path:
    """The file ``kinglib serve`` stores its tables in when ``--db`` is not given.

    ``$KINGLIB_DB`` when set, else ``kinglib/tables.sqlite`` in the user's data folder
    (``$XDG_DATA_HOME``, or ``~/.local/share``; ``%LOCALAPPDATA%`` on Windows).
    """
    given = os.environ.get("KINGLIB_DB")
    if given:
        return Path(given)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kinglib" / "tables.sqlite"


def _check_records(records: Path) -> None:
    try:
        records.mkdir(parents=True, exist_ok=True)
        probe = records / ".kinglib-write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise StorageError(f"--records {records}: cannot write there: {exc}") from None


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    records: Path | None = None,
    bot_delay: float = 0.5,
    db: str | Path | None = None,
    allowed_hosts: Sequence[str] = (),
    allowed_origins: Sequence[str] = (),
    limits: Limits | None = None,
) -> None:
    """Run the web server until it is stopped (Ctrl-C).

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port.
        records: a folder where each finished match's record is saved.
        bot_delay: seconds a bot waits before each move.
        db: the SQLite file the tables are stored in (:func:`default_db` when ``None``;
            ``":memory:"`` keeps nothing after the server stops).
        allowed_hosts: the host names the server answers for besides this machine's own
            (``"*"``: any); needed when it is reached under a name, such as behind a proxy.
        allowed_origins: other sites whose pages may use the server.
        limits: the limits on what clients may do.

    Raises :class:`StorageError` when the store or the records folder cannot be written.

    """
    from kinglib.web.server import make_server

    limits = limits if limits is not None else Limits()
    if records is not None:
        _check_records(records)
    path = default_db() if db is None else db
    storage = SQLiteStorage(path)
    lobby = Lobby(bot_delay=bot_delay, records=records, storage=storage, limits=limits)
    hosts = [*LOCAL_HOSTS, *allowed_hosts]
    if host not in ("127.0.0.1", "localhost", "::1"):
        hosts.append(host)
    app = create_app(lobby=lobby, allowed_hosts=hosts, allowed_origins=allowed_origins)
    print(f"kinglib serve: tables stored in {path}; http://{host}:{port}/", flush=True)
    make_server(app, host, port, limits).run()
