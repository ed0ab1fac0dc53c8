"""The progress bar of the long commands (``simulate``, ``tournament``) and their note on load.

Both go to stderr, and only when it is a terminal, so that what a script reads never changes.
"""

from __future__ import annotations

import os

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

__all__ = ["busy_note", "progress_bar"]


def progress_bar() -> Progress:
    """A bar with the count done, the time spent and the time left, gone once finished."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def busy_note(workers: int) -> str | None:
    """A note when fewer cores are free than ``workers`` asks for, else ``None``.

    The cores free are the cores of this machine less the load average of the last minute;
    worker processes beyond them compete with the other work instead of adding speed.
    """
    if workers < 2 or not hasattr(os, "getloadavg"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0]
    free = (cores or 1) - load
    if free >= workers - 0.5:
        return None
    return (
        f"kinglib: note: the load average is {load:.1f} on {cores} cores, so {workers} workers "
        "may be no faster than one (see 'Two workers or one' in the command line docs)"
    )
