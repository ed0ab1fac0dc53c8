"""The wheel's build hook: with ``KINGLIB_COMPILE=1`` the trick kernel is compiled with mypyc.

Without the variable (or with ``0``) nothing happens and ``kinglib.engine.kernel`` installs as the
pure-Python module it is, so that no C compiler is needed. With it, a non-editable wheel build
compiles ``src/kinglib/engine/kernel.py`` into an extension module placed beside it in the wheel
(Python imports the extension before the ``.py`` file), and the wheel is tagged for this
interpreter and platform. An editable install always stays pure Python.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled, as paths from the project's root.
COMPILED = ["src/kinglib/engine/kernel.py"]

#: What the compilation needs in the build environment.
COMPILE_REQUIRES = ["mypy>=1.10", "setuptools>=68", "mypy_extensions>=1.0"]

_BUILD = """
import sys
from mypyc.build import mypycify
from setuptools import setup

build_lib, build_temp = sys.argv[1], sys.argv[2]
setup(
    name="kinglib-compiled-kernel",
    ext_modules=mypycify(sys.argv[3:], opt_level="3"),
    script_args=["build_ext", "--build-lib", build_lib, "--build-temp", build_temp],
)
"""


def compile_wanted() -> bool:
    """Whether ``KINGLIB_COMPILE`` asks for the compiled kernel."""
    return os.environ.get("KINGLIB_COMPILE", "").strip() not in ("", "0")


class CompiledKernelHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the trick kernel with mypyc into the wheel when ``KINGLIB_COMPILE`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The packages the compilation needs, when it is asked for."""
        return list(COMPILE_REQUIRES) if compile_wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the kernel and add the extension to the wheel (a standard wheel only)."""
        if self.target_name != "wheel" or version != "standard" or not compile_wanted():
            return
        out = Path(tempfile.mkdtemp(prefix="kinglib-mypyc-"))
        build_lib, build_temp, sources = out / "lib", out / "temp", out / "src"
        # The compiled modules are copied alone into an empty package, so that mypyc checks
        # them without the rest of kinglib (and its dependencies) in the build environment.
        for module in COMPILED:
            target = sources / Path(module).relative_to("src")
            target.parent.mkdir(parents=True, exist_ok=True)
            for package in target.relative_to(sources).parents[:-1]:
                (sources / package / "__init__.py").touch()
            shutil.copyfile(Path(self.root) / module, target)
        relative = [Path(module).relative_to("src").as_posix() for module in COMPILED]
        subprocess.run(
            [sys.executable, "-c", _BUILD, str(build_lib), str(build_temp), *relative],
            cwd=sources,
            check=True,
        )
        built = sorted(p for p in build_lib.rglob("*") if p.suffix in (".so", ".pyd"))
        if not built:
            raise RuntimeError("mypyc built no extension module for the kernel")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(build_lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
