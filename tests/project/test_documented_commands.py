"""The commands the docs and the README show with their output print that output.

A ``console`` block (``.. code-block:: console`` in the docs, a ```` ```console ```` fence in
the README) holds commands after ``$ `` with what they print under them; ``...`` stands for
any text (the time a run took, the rest of a long output). The commands of a page run in
order, in one empty folder (where ``examples/`` is the repository's), as a user types them,
80 columns wide. A command shown without output (an install, a server) is not run.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kinglib.apps.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@dataclass
class Shown:
    """A command of a page and what the page says it prints."""

    command: str
    output: list[str] = field(default_factory=list)


def _rst_blocks(text: str) -> list[list[str]]:
    blocks = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != ".. code-block:: console":
            continue
        body: list[str] = []
        for follow in lines[i + 1 :]:
            if follow.strip() and not follow.startswith(" "):
                break
            body.append(follow)
        indent = min(len(b) - len(b.lstrip()) for b in body if b.strip())
        block = [b[indent:] for b in body]
        while block and not block[0].strip():
            block.pop(0)
        while block and not block[-1].strip():
            block.pop()
        blocks.append(block)
    return blocks


def _readme_blocks(text: str) -> list[list[str]]:
    return [b.splitlines() for b in re.findall(r"^```console\n(.*?)^```", text, flags=re.M | re.S)]


def shown_commands(path: Path) -> list[Shown]:
    """The commands of a page, in order, each with the lines shown under it."""
    text = path.read_text(encoding="utf-8")
    blocks = _readme_blocks(text) if path.suffix == ".md" else _rst_blocks(text)
    found: list[Shown] = []
    for block in blocks:
        for line in block:
            if line.startswith("$ "):
                found.append(Shown(line[2:].split("  #")[0].strip()))
            elif found and (line.strip() or found[-1].output):
                found[-1].output.append(line)
    return found


PAGES = sorted(p for p in [*DOCS.rglob("*.rst"), ROOT / "README.md"] if "_build" not in p.parts)
CASES = [
    pytest.param(page, id=str(page.relative_to(ROOT)))
    for page in PAGES
    if any(s.output for s in shown_commands(page))
]


def _argv(command: str) -> list[str]:
    words = shlex.split(command)
    if words[0] == "kinglib":
        return [sys.executable, "-m", "kinglib", *words[1:]]
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    raise AssertionError(f"the docs show {command!r}: only kinglib and python commands run")


def _needs(command: str) -> str | None:
    """The optional module a command needs, when it is one of the extras."""
    return "pyspiel" if "openspiel" in command else None


def test_the_pages_show_commands_with_their_output() -> None:
    pages = {str(case.values[0].relative_to(ROOT)) for case in CASES}  # type: ignore[union-attr]
    assert {"docs/cli.rst", "docs/terminal.rst", "docs/adapters/openspiel.rst"} <= pages


@pytest.mark.parametrize("page", CASES)
def test_each_command_prints_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    env["COLUMNS"] = "80"
    env["PYTHONIOENCODING"] = "utf-8"
    checker = doctest.OutputChecker()
    for shown in shown_commands(page):
        module = _needs(shown.command)
        if module is not None:
            pytest.importorskip(module)
        done = subprocess.run(
            _argv(shown.command),
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        if not shown.output:
            continue
        got = "\n".join(line.rstrip() for line in done.stdout.splitlines()) + "\n"
        want = "\n".join(line.rstrip() for line in shown.output) + "\n"
        assert checker.check_output(want, got, doctest.ELLIPSIS), (
            f"{page.name}: $ {shown.command}\n--- the page shows:\n{want}--- it prints:\n{got}"
        )


def test_every_command_of_the_program_is_documented() -> None:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    commands = sorted(sub.choices or {})
    assert len(commands) >= 7
    cli = (DOCS / "cli.rst").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The command line") :].split("\n## ")[0]
    for command in commands:
        assert f"``kinglib {command}" in cli, f"docs/cli.rst does not describe {command}"
        assert f"kinglib {command}" in section, f"README's command line misses {command}"
    # No page counts the commands (a count goes stale when one is added).
    for text in (cli, section):
        assert not re.search(r"\b(six|seven|eight|nine) commands\b", text)


def test_the_help_shows_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kinglib", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        check=True,
    )
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for command in sub.choices or {}:
        assert re.search(rf"^\s+{command}\b", done.stdout, flags=re.M), command
