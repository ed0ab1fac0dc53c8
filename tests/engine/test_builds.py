"""Which trick kernel runs: ``kernel_info``, ``kinglib --version`` and the compiled build."""

from __future__ import annotations

import importlib.machinery
import subprocess
import sys
from types import ModuleType

import pytest

import kinglib
from kinglib.engine.builds import is_compiled, kernel_path


def test_kernel_info_says_which_file_the_kernel_came_from() -> None:
    info = kinglib.kernel_info()
    from_source = kernel_path().suffix == ".py"
    assert ("python" in info) == from_source
    assert ("compiled" in info) == (not from_source)


@pytest.mark.parametrize(
    ("filename", "compiled"),
    [
        ("kernel.py", False),
        ("kernel.pyc", False),
        *[(f"kernel{suffix}", True) for suffix in importlib.machinery.EXTENSION_SUFFIXES],
        (None, False),
    ],
)
def test_a_module_is_compiled_when_it_comes_from_an_extension(
    filename: str | None, compiled: bool
) -> None:
    module = ModuleType("kernel")
    module.__file__ = filename
    assert is_compiled(module) is compiled


def test_version_shows_the_version_and_the_kernel() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kinglib", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"kinglib {kinglib.__version__}, {kinglib.kernel_info()}"
