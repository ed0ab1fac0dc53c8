"""Which build of the trick kernel runs: the mypyc-compiled extension or the Python module.

kinglib installs its trick kernel (:mod:`kinglib.kernel`) as pure Python by default; a build
with ``KINGLIB_COMPILE=1`` in the environment (``KINGLIB_COMPILE=1 pip install kinglib``)
compiles it with mypyc into an extension module, which Python then imports in its place.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from types import ModuleType

__all__ = ["is_compiled", "kernel_info", "kernel_path"]


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a compiled extension module (not a ``.py`` file)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def kernel_info() -> str:
    """A short text saying which trick kernel runs: it contains ``compiled`` or ``python``.

    >>> kernel_info() in ("trick kernel: compiled (mypyc)", "trick kernel: python")
    True
    """
    from kinglib import kernel

    if is_compiled(kernel):
        return "trick kernel: compiled (mypyc)"
    return "trick kernel: python"


def kernel_path() -> Path:
    """The file the trick kernel was imported from."""
    from kinglib import kernel

    return Path(kernel.__file__ or "")
