"""The package tree as the architecture page draws it: layers, imports pointing down, no cycles.

Every import of a kinglib module by a kinglib module is read from the source (type-checking
imports included) and checked against the layers of ``docs/architecture.rst``; the old import
paths of the modules are checked to be the very modules of the new ones.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import kinglib
from kinglib import _aliases

SOURCE = Path(kinglib.__file__).parent
VARIANTS = SOURCE.parent / "kinglib_variants"

#: The layers from the bottom up; a package may import from its own layer and those below.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"values"}),
    frozenset({"engine"}),
    frozenset({"plugins"}),
    frozenset({"kit", "io"}),
    frozenset({"players"}),
    frozenset({"apps", "web", "adapters", "testing"}),
)
#: The modules of kinglib itself, beside its packages.
TOP_MODULES = {"__init__", "__main__", "_version", "_aliases"}

#: Imports inside a function, each for an optional dependency that the module's users may
#: not have installed (the web server needs uvicorn); nothing else may import late.
LATE_IMPORTS_ALLOWED = {("kinglib.web", "kinglib.web.server")}


@attrs.frozen
class Import:
    """One ``import`` or ``from ... import`` of a kinglib module, where it stands."""

    importer: str
    module: str
    names: tuple[str, ...]
    type_checking: bool
    in_function: bool
    line: int


def module_name(path: Path) -> str:
    """The dotted name of a source file of kinglib."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> Iterator[Import]:
    """Every import of a kinglib module in one source file."""
    importer = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(nodes: list[ast.stmt], type_checking: bool, in_function: bool) -> Iterator[Import]:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.body, True, in_function)
                yield from walk(node.orelse, type_checking, in_function)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.split(".")[0] == "kinglib":
                    names = tuple(alias.name for alias in node.names)
                    yield Import(
                        importer, node.module, names, type_checking, in_function, node.lineno
                    )
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "kinglib":
                        yield Import(
                            importer, alias.name, (), type_checking, in_function, node.lineno
                        )
            else:
                function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        stmts = [
                            s
                            for item in inner
                            for s in (item.body if isinstance(item, ast.ExceptHandler) else [item])
                        ]
                        yield from walk(stmts, type_checking, in_function or function)

    yield from walk(tree.body, False, False)


def every_import() -> list[Import]:
    """The imports of every module of kinglib."""
    return [found for path in sorted(SOURCE.rglob("*.py")) for found in imports_of(path)]


def package_of(module: str) -> str:
    """The package of a kinglib module (``engine`` for ``kinglib.engine.state``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_of(package: str) -> int:
    """The index of a package's layer.

    ``kinglib._version`` (the version string) is below every layer; ``kinglib`` itself, the
    public names as users import them, is in the top layer with the applications, which may
    import it as their users do.
    """
    if package == "_version":
        return -1
    for index, layer in enumerate(LAYERS):
        if package in layer:
            return index
    return len(LAYERS) - 1


def target_of(found: Import, name: str) -> str:
    """The module an imported name comes from (a submodule when it names one)."""
    candidate = f"{found.module}.{name}"
    return candidate if candidate in sys.modules or _is_module(candidate) else found.module


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[1:])
    return (SOURCE / relative).with_suffix(".py").exists() or (SOURCE / relative).is_dir()


def test_kinglib_keeps_a_dozen_modules_at_most_beside_its_packages() -> None:
    top = {path.stem for path in SOURCE.glob("*.py")}
    assert top == TOP_MODULES
    assert len(top) <= 12
    packages = {path.name for path in SOURCE.iterdir() if (path / "__init__.py").exists()}
    assert packages == set().union(*LAYERS)
    for package in packages:  # each says what it holds
        assert importlib.import_module(f"kinglib.{package}").__doc__


def test_imports_point_down_the_layers() -> None:
    upward = [
        f"{found.importer}:{found.line} imports {found.module}"
        for found in every_import()
        if package_of(found.importer)
        and layer_of(package_of(found.module)) > layer_of(package_of(found.importer))
    ]
    assert not upward, upward


def test_the_engine_knows_nothing_of_the_plugin_manager_and_the_kernel_nothing_at_all() -> None:
    found = every_import()
    assert not [i for i in found if i.importer == "kinglib.engine.kernel"]
    assert not [
        i
        for i in found
        if i.importer.startswith("kinglib.values.") and package_of(i.module) != "values"
    ]


def test_no_module_imports_a_private_name_of_another_package() -> None:
    private = [
        f"{found.importer}:{found.line} imports {name} from {found.module}"
        for found in every_import()
        for name in found.names
        if name.startswith("_")
        and not name.endswith("__")
        and package_of(target_of(found, name)) != package_of(found.importer)
        and package_of(found.importer)
    ]
    assert not private, private


def test_no_import_hides_inside_a_function() -> None:
    late = {(found.importer, found.module) for found in every_import() if found.in_function}
    assert late <= LATE_IMPORTS_ALLOWED, sorted(late - LATE_IMPORTS_ALLOWED)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in list(edges):
        if node not in index:
            visit(node)
    return found


def test_the_package_graph_has_no_cycle_even_for_the_type_checker() -> None:
    edges: dict[str, set[str]] = {}
    for found in every_import():
        source, target = package_of(found.importer), package_of(found.module)
        if source and target and source != target:
            edges.setdefault(source, set()).add(target)
    assert not _cycles(edges)


def test_the_module_graph_has_no_cycle_at_run_time() -> None:
    edges: dict[str, set[str]] = {}
    for found in every_import():
        if found.type_checking:
            continue
        targets = {target_of(found, name) for name in found.names} or {found.module}
        edges.setdefault(found.importer, set()).update(targets - {found.importer})
    # A package imports its submodules to re-export names; a submodule importing its own
    # package's __init__ is the only way round, and none does.
    assert not _cycles(edges)


@pytest.mark.parametrize("old", sorted(_aliases.OLD_PATHS))
def test_every_old_import_path_is_the_module_of_its_new_path(old: str) -> None:
    new = _aliases.OLD_PATHS[old]
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new
    assert module.__spec__ is not None and module.__spec__.name == new


def test_the_old_paths_keep_their_names_and_the_play_function_stays_a_function() -> None:
    # As old code imports them (through importlib, since type checkers see the new paths).
    assert importlib.import_module("kinglib.bots").HeuristicBot is kinglib.bots.HeuristicBot
    assert importlib.import_module("kinglib.state").State is kinglib.State
    importlib.import_module("kinglib.play")
    assert callable(kinglib.play) and not isinstance(kinglib.play, type(sys))


def _hook_forwards(path: Path) -> Iterator[str]:
    """The hooks of a module that only call a function of the same module with their arguments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    local = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("kinglib_"):
            continue
        body = [
            s
            for s in node.body
            if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        ]
        if len(body) != 1 or not isinstance(body[0], ast.Return):
            continue
        call = body[0].value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in local:
            arguments = [a.arg for a in node.args.args]
            passed = [a.id if isinstance(a, ast.Name) else None for a in call.args]
            if passed == arguments and not call.keywords:
                yield f"{path.name}:{node.lineno} {node.name} -> {call.func.id}"


def test_no_hook_implementation_is_a_bare_forward_to_a_function_beside_it() -> None:
    modules = [*VARIANTS.glob("*.py"), *SOURCE.rglob("*.py")]
    forwards = [line for path in sorted(modules) for line in _hook_forwards(path)]
    assert not forwards, forwards
