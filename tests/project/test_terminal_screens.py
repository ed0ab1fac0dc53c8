"""The screens of docs/terminal.rst are what the program shows a person at a terminal.

Each screen was captured in tmux by tools/terminal_screens.py; here the same session is played
in a pseudo-terminal of the same size (the bots without a pace, which changes only the timing),
and the saved screen must be a run of lines of what the terminal received.
"""

from __future__ import annotations

import errno
import fcntl
import importlib.util
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def _tool() -> ModuleType:
    path = ROOT / "tools" / "terminal_screens.py"
    spec = importlib.util.spec_from_file_location("kinglib_tool_terminal_screens", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SCREENS = _tool()


def _read(fd: int, quiet: float) -> tuple[str, bool]:
    """What the terminal receives until it is quiet for ``quiet`` seconds; and whether it ended."""
    chunks: list[bytes] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return b"".join(chunks).decode("utf-8", "replace"), False
        try:
            data = os.read(fd, 65536)
        except OSError as exc:
            if exc.errno == errno.EIO:
                return b"".join(chunks).decode("utf-8", "replace"), True
            raise
        if not data:
            return b"".join(chunks).decode("utf-8", "replace"), True
        chunks.append(data)
    raise AssertionError("the program never stopped writing")


def play(args: tuple[str, ...], typed: tuple[str, ...], folder: Path, height: int) -> list[str]:
    """The lines a terminal of the screens' width shows for ``args`` and the lines typed."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, in the folder
        os.chdir(folder)
        os.execve(sys.executable, [sys.executable, "-m", "kinglib", *args, "--pace", "0"], env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, SCREENS.WIDTH, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        received = ""
        for text in (*typed, None):
            out, ended = _read(fd, 1.0)
            received += out
            if ended or text is None:
                break
            assert received.rstrip().endswith(":"), f"no prompt before {text!r}: {received[-200:]}"
            os.write(fd, text.encode() + b"\r")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    plain = _ANSI.sub("", received).replace("\r\n", "\n").replace("\r", "\n")
    return [line.rstrip() for line in plain.split("\n")]


def contains_run(lines: list[str], run: list[str]) -> bool:
    return any(lines[i : i + len(run)] == run for i in range(len(lines) - len(run) + 1))


@pytest.mark.parametrize("session", SCREENS.SESSIONS, ids=lambda s: s.name)
def test_the_saved_screen_is_what_the_terminal_shows(session: Any, tmp_path: Path) -> None:
    saved = (ROOT / "docs" / "screens" / f"{session.name}.txt").read_text(encoding="utf-8")
    lines = saved.rstrip("\n").split("\n")
    if lines[0].startswith("$ "):
        assert lines[0] == "$ " + session.command
        lines = lines[1:]
    for args, typed in zip(session.before[::2], session.before[1::2]):
        play(args, typed, tmp_path, session.height)
    shown = play(session.args, session.typed, tmp_path, session.height)
    assert contains_run(shown, lines), "\n".join(shown[-len(lines) - 5 :])


def test_every_screen_is_in_the_docs() -> None:
    page = (ROOT / "docs" / "terminal.rst").read_text(encoding="utf-8")
    for session in SCREENS.SESSIONS:
        assert f".. literalinclude:: screens/{session.name}.txt" in page
