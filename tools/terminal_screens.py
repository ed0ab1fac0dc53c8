"""Capture the terminal screens of docs/terminal.rst as a person sees them, in tmux.

Each screen is a session: a ``kinglib`` command started in a fresh tmux window of
``WIDTH`` × its height, in an empty folder, lines typed one by one (each once the program
waits for input), then the visible screen captured as text into ``docs/screens/NAME.txt``,
under a first line with the command as typed. ``tests/project/test_terminal_screens.py`` plays the
same sessions in a pseudo-terminal and checks that each saved screen is still what the program
shows. Needs tmux (``apt-get install tmux``)::

    python tools/terminal_screens.py                 # every screen
    python tools/terminal_screens.py first-turn      # one screen
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "docs" / "screens"
#: The width of every screen, in columns.
WIDTH = 88


@dataclass(frozen=True)
class Session:
    """One screen: the command's arguments, the lines typed, the height of the window."""

    name: str
    args: tuple[str, ...]
    typed: tuple[str, ...] = ()
    height: int = 30
    before: tuple[tuple[str, ...], ...] = field(default=())

    @property
    def command(self) -> str:
        """The command as a person types it."""
        return "kinglib " + " ".join(shlex.quote(a) for a in self.args)


#: The screens of docs/terminal.rst.
SESSIONS = (
    Session("first-turn", ("play", "simple", "--human", "0", "--seed", "1"), height=24),
    Session(
        "deal-over",
        ("play", "simple", "--human", "0", "--seed", "1"),
        typed=("1",) * 8,
        height=26,
    ),
    Session("help", ("play", "simple", "--human", "0", "--seed", "1"), typed=("help",), height=20),
    Session("choose", ("play", "ordered", "--human", "1", "--seed", "0"), height=28),
    Session(
        "quit",
        ("play", "simple", "--human", "0", "--seed", "1", "--save", "match.json"),
        typed=("2", "quit"),
        height=22,
    ),
    Session(
        "resume",
        ("play", "--resume", "match.json", "--human", "0"),
        height=20,
        before=(
            ("play", "simple", "--human", "0", "--seed", "1", "--save", "match.json"),
            ("quit",),
        ),
    ),
)


def _tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, check=True)
    return done.stdout


def _screen(target: str) -> list[str]:
    return _tmux("capture-pane", "-p", "-t", target).rstrip("\n").split("\n")


def _waiting(lines: list[str]) -> bool:
    """Whether the program waits for a line: the last line written ends with a prompt."""
    shown = [line for line in lines if line.strip()]
    return bool(shown) and shown[-1].rstrip().endswith(":") and not shown[-1].endswith("$")


def _settle(target: str, seconds: float = 20.0) -> list[str]:
    """The screen once it stops changing."""
    last: list[str] = []
    stable = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = _screen(target)
        stable = stable + 1 if now == last else 0
        if stable >= 3:
            return now
        last = now
        time.sleep(0.2)
    return last


def _run(session: Session, folder: Path, args: Sequence[str], typed: Sequence[str]) -> list[str]:
    name = f"kinglib-screen-{session.name}"
    kinglib = shlex.quote(str(Path(sys.executable).parent / "kinglib"))
    line = "kinglib " + " ".join(shlex.quote(a) for a in args)
    script = (
        f"cd {shlex.quote(str(folder))} && printf '%s\\n' {shlex.quote('$ ' + line)} && "
        f"{kinglib} {' '.join(shlex.quote(a) for a in args)}; sleep 600"
    )
    _tmux(
        "new-session",
        "-d",
        "-s",
        name,
        "-x",
        str(WIDTH),
        "-y",
        str(session.height),
        "env -u COLUMNS -u LINES bash -c " + shlex.quote(script),
    )
    try:
        for text in typed:
            deadline = time.monotonic() + 30
            while not _waiting(_settle(name)) and time.monotonic() < deadline:
                time.sleep(0.2)
            _tmux("send-keys", "-t", name, "-l", text)
            _tmux("send-keys", "-t", name, "Enter")
        return _settle(name)
    finally:
        _tmux("kill-session", "-t", name)


def capture(session: Session) -> str:
    """The screen of ``session`` as text, its first line the command."""
    with tempfile.TemporaryDirectory() as folder:
        for args, typed in zip(session.before[::2], session.before[1::2]):
            _run(session, Path(folder), args, typed)
        lines = _run(session, Path(folder), session.args, session.typed)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(line.rstrip() for line in lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Capture the screens named (all by default) into docs/screens/."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="screens to capture (default: all)")
    args = parser.parse_args(argv)
    if shutil.which("tmux") is None:
        parser.error("tmux is not installed (apt-get install tmux)")
    known = {s.name: s for s in SESSIONS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"unknown screen {unknown[0]!r}; the screens are {', '.join(known)}")
    SCREENS.mkdir(parents=True, exist_ok=True)
    for session in SESSIONS:
        if args.names and session.name not in args.names:
            continue
        path = SCREENS / f"{session.name}.txt"
        path.write_text(capture(session), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {session.command}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
