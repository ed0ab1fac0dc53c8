"""Which build of the trick kernel runs: the mypyc-compiled extension or the Python module.

kinglib installs its trick kernel (:mod:`kinglib.engine.kernel`) as pure Python by default; a build
with ``KINGLIB_COMPILE=1`` in the environment (``KINGLIB_COMPILE=1 pip install kinglib``)
compiles it with mypyc into an extension module, which Python then imports in its place.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from kinglib.engine import kernel

__all__ = [
    "draws_ahead",
    "is_compiled",
    "kernel_info",
    "kernel_path",
    "kernel_replaced",
    "kernel_users",
    "python_kernel",
]

#: The packages whose modules may call the kernel.
_PACKAGES = ("kinglib", "kinglib_variants")


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a compiled extension module (not a ``.py`` file)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def kernel_info() -> str:
    """A short text saying which trick kernel runs: it contains ``compiled`` or ``python``.

    >>> from kinglib import kernel_info
    >>> kernel_info() in ("trick kernel: compiled (mypyc)", "trick kernel: python")
    True
    """
    if is_compiled(kernel):
        return "trick kernel: compiled (mypyc)"
    return "trick kernel: python"


def draws_ahead(draws: type) -> bool:
    """Whether random draws made with the kernel's class ``draws`` take outputs in blocks.

    They do with the compiled kernel's class (a call to the generator costs more there than the
    draw itself), where the generator's outputs arrive in order
    (:data:`kinglib.engine.kernel.WORDS_IN_ORDER`); a class of the kernel's Python source draws one
    output at a time.
    """
    compiled = not isinstance(getattr(draws, "below", None), types.FunctionType)
    return compiled and kernel.WORDS_IN_ORDER


def kernel_path() -> Path:
    """The file the trick kernel was imported from."""
    return Path(kernel.__file__ or "")


def python_kernel() -> ModuleType:
    """The trick kernel's Python source loaded as a module of its own, even when compiled.

    The module is named ``kinglib_python_kernel``; it shares nothing with
    :mod:`kinglib.engine.kernel`
    but the source, so that the two builds can run side by side (to compare or time them).
    """
    source = kernel_path().with_name("kernel.py")
    spec = importlib.util.spec_from_file_location("kinglib_python_kernel", source)
    if spec is None or spec.loader is None:  # pragma: no cover - kernel.py always ships
        raise ImportError(f"cannot load the kernel's source {source}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kernel_users() -> dict[str, ModuleType]:
    """The loaded modules of kinglib that hold functions of the kernel by name.

    Found by looking, not listed: a module that imports a kernel function is one of them as
    soon as it is loaded.
    """
    functions = {
        id(value)
        for value in vars(kernel).values()
        if callable(value) and getattr(value, "__module__", None) == kernel.__name__
    }
    found: dict[str, ModuleType] = {}
    for name, module in list(sys.modules.items()):
        if module is None or module is kernel or name.split(".")[0] not in _PACKAGES:
            continue
        if name != module.__name__:  # an old import path of a module, found under its own
            continue
        if any(callable(v) and id(v) in functions for v in vars(module).values()):
            found[name] = module
    return found


@contextmanager
def kernel_replaced(make: Callable[[str], Callable[..., Any]]) -> Iterator[None]:
    """Within the block, every kernel function that kinglib calls is ``make(name)``.

    ``make`` receives the name of each function of :mod:`kinglib.engine.kernel` held by the modules
    that use it (:func:`kernel_users`); ``kernel_replaced(python_kernel().__dict__.__getitem__)``
    runs the engine on the Python kernel. The original functions are restored on leaving.
    """
    saved: list[tuple[ModuleType, str, Any]] = []
    try:
        for module in kernel_users().values():
            for name, value in list(vars(module).items()):
                if (
                    callable(value)
                    and getattr(kernel, name, None) is value
                    and getattr(value, "__module__", None) == kernel.__name__
                ):
                    saved.append((module, name, value))
                    setattr(module, name, make(name))
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)
