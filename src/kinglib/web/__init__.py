"""A web table for kinglib: play any variant in the browser, with friends and bots.

Install the extra (``pip install 'kinglib[web]'``) and run ``kinglib serve``. The server
holds every table's :class:`kinglib.State`; each browser receives only its own seat's
:meth:`~kinglib.State.view` over a WebSocket and answers with moves as text. See
:mod:`kinglib.web.protocol` for the messages and :func:`create_app` for the routes.
"""

from __future__ import annotations

from pathlib import Path

from kinglib.web.app import create_app
from kinglib.web.lobby import Lobby

__all__ = ["Lobby", "create_app", "serve"]

#: The largest WebSocket frame the server accepts; larger ones close the connection.
MAX_FRAME_BYTES = 65_536


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    records: Path | None = None,
    bot_delay: float = 0.5,
) -> None:
    """Run the web server until it is stopped (Ctrl-C).

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port.
        records: a folder where each finished match's record is saved.
        bot_delay: seconds a bot waits before each move.

    """
    import uvicorn

    app = create_app(bot_delay=bot_delay, records=records)
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_FRAME_BYTES, log_level="info")
