"""Every public name has a docstring and appears in the documentation's source."""

from __future__ import annotations

import importlib
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from sphinx.pycode import ModuleAnalyzer

DOCS = Path(__file__).resolve().parents[2] / "docs"

#: The modules whose ``__all__`` is public API.
PUBLIC_MODULES = (
    "kinglib",
    "kinglib.players.bots",
    "kinglib.testing",
    "kinglib.testing.checks",
    "kinglib.testing.conformance",
    "kinglib.testing.deals",
    "kinglib.testing.pytest_plugin",
    "kinglib.testing.strategies",
    "kinglib.plugins.invariants",
    "kinglib.engine.view",
    "kinglib.io.record",
    "kinglib.plugins.hookspecs",
    "kinglib.engine.match_end",
    "kinglib.kit.choosing",
    "kinglib.kit.trump_rounds",
    "kinglib.kit.widow",
    "kinglib.kit.full_pack",
)


def public_names() -> list[tuple[str, str]]:
    names: list[tuple[str, str]] = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        names.extend((module_name, name) for name in module.__all__)
    return names


def docs_source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(DOCS.rglob("*.rst")))


def attribute_doc(module: ModuleType, name: str) -> str:
    """The ``#:`` comment of a module-level value, in the module or where it was defined."""
    value = getattr(module, name)
    package = module.__name__.split(".")[0]
    defined_in = sorted(
        other
        for other, loaded in sys.modules.items()
        if other.startswith(package + ".") and getattr(loaded, name, None) is value
    )
    candidates = [module.__name__, *defined_in]
    for candidate in candidates:
        docs = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        if ("", name) in docs:
            return " ".join(docs["", name]).strip()
    return ""


def test_the_public_modules_export_names() -> None:
    names = public_names()
    assert len(names) > 60
    assert ("kinglib", "load_rules") in names and ("kinglib.players.bots", "HeuristicBot") in names


@pytest.mark.parametrize(("module_name", "name"), public_names())
def test_public_name_has_a_docstring(module_name: str, name: str) -> None:
    module = importlib.import_module(module_name)
    value = getattr(module, name)
    if inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value):
        doc = inspect.getdoc(value) or ""
        # A class must have its own docstring, not only its base's.
        if inspect.isclass(value):
            doc = value.__dict__.get("__doc__") or ""
    elif callable(value) and not isinstance(value, type):
        doc = attribute_doc(module, name) or getattr(value, "__doc__", "") or ""
    else:
        doc = attribute_doc(module, name)
    assert doc.strip(), f"{module_name}.{name} has no docstring"


@pytest.mark.parametrize(("module_name", "name"), public_names())
def test_public_name_is_in_the_docs(module_name: str, name: str) -> None:
    pattern = re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])")
    assert pattern.search(docs_source()), f"{module_name}.{name} is not mentioned in docs/"


def test_every_public_name_is_in_an_api_directive() -> None:
    # Mentioned in prose is not enough for the reference: each public name is in a directive
    # of the reference pages (autodoc, data) or in the member list of one.
    reference = "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((DOCS / "reference").glob("*.rst"))
    )
    reference += (DOCS / "records.rst").read_text(encoding="utf-8")
    directives = re.findall(
        r"^\.\. \w[\w:-]*:: (\S+)((?:\n[ ]+:members:.*(?:\n[ ]{6}.*)*)?)", reference, flags=re.M
    )
    documented: set[str] = set()
    for target, members in directives:
        documented.add(target.rsplit(".", 1)[-1])
        documented.add(target)
        documented.update(re.findall(r"\w+", members.replace(":members:", "")))
    missing = [f"{m}.{n}" for m, n in public_names() if n not in documented]
    assert not missing, f"not in the API reference: {missing}"


def test_the_readme_python_code_runs(tmp_path: Path) -> None:
    # The README's Python blocks, in order, as one script: each builds on the ones before.
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", readme, flags=re.M | re.S)
    assert len(blocks) >= 4
    script = tmp_path / "readme.py"
    # As written, but 20 simulated games instead of 200, to keep the suite quick.
    code = "\n".join(blocks).replace("kinglib.simulate(rules, 200,", "kinglib.simulate(rules, 20,")
    assert code != "\n".join(blocks)
    script.write_text(code, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(DOCS.parent / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2  # the totals and winners, then the simulation summary


def test_every_hook_says_when_it_is_called_and_how_answers_combine() -> None:
    from kinglib.plugins import hookspecs

    hooks = [name for name in hookspecs.__all__ if name.startswith("kinglib_")]
    assert len(hooks) >= 17
    # Every hook specification of the module is listed, so that none is left out of the docs.
    specs = {name for name, value in vars(hookspecs).items() if name.startswith("kinglib_")}
    assert specs == set(hooks)
    reference = (DOCS / "reference" / "hooks.rst").read_text(encoding="utf-8")
    for name in hooks:
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        assert "*Called:*" in doc and "*Results:*" in doc, name
        assert f".. autofunction:: kinglib.plugins.hookspecs.{name}\n" in reference, name


def test_the_docs_stand_alone() -> None:
    # No page or docstring sends the reader to a rule book the package does not ship.
    sources = [*DOCS.rglob("*.rst"), *(DOCS.parent / "src").rglob("*.py")]
    citing = [str(p) for p in sources if "RULES.md" in p.read_text(encoding="utf-8")]
    assert not citing
