"""The import paths of kinglib's modules before they moved into packages.

Every module once sat beside ``kinglib/__init__.py``: ``kinglib.cards``,
``kinglib.state``, ``kinglib.bots``... They now live in the package of their layer
(:mod:`kinglib.values`, :mod:`kinglib.engine`, :mod:`kinglib.plugins`, :mod:`kinglib.players`,
:mod:`kinglib.io`, :mod:`kinglib.apps`). Each old path still imports, and is the same module
object as the new one, so ``from kinglib.state import State`` and pickles that name an old
path keep working. Type checkers see only the new paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["OLD_PATHS", "install"]

#: Each old module path and the module it names now.
OLD_PATHS: dict[str, str] = {
    "kinglib.cards": "kinglib.values.cards",
    "kinglib.errors": "kinglib.values.errors",
    "kinglib.deals": "kinglib.values.deals",
    "kinglib.moves": "kinglib.values.moves",
    "kinglib.contracts": "kinglib.values.contracts",
    "kinglib.trick_rules": "kinglib.values.trick_rules",
    "kinglib.options": "kinglib.values.options",
    "kinglib.schedule": "kinglib.values.schedule",
    "kinglib.seeding": "kinglib.values.seeding",
    "kinglib.kernel": "kinglib.engine.kernel",
    "kinglib.dealing": "kinglib.engine.dealing",
    "kinglib.state": "kinglib.engine.state",
    "kinglib.phases": "kinglib.engine.phases",
    "kinglib.tricks": "kinglib.engine.tricks",
    "kinglib.flow": "kinglib.engine.flow",
    "kinglib.match_end": "kinglib.engine.match_end",
    "kinglib.given_deals": "kinglib.engine.given_deals",
    "kinglib.hook_calls": "kinglib.engine.hook_calls",
    "kinglib.view": "kinglib.engine.view",
    "kinglib.sampling": "kinglib.engine.sampling",
    "kinglib.random_match": "kinglib.engine.random_match",
    "kinglib.builds": "kinglib.engine.builds",
    "kinglib.rules": "kinglib.engine.rules",
    "kinglib.hookspecs": "kinglib.plugins.hookspecs",
    "kinglib.defaults": "kinglib.plugins.defaults",
    "kinglib.load_checks": "kinglib.plugins.checks",
    "kinglib.loading": "kinglib.plugins.loading",
    "kinglib.invariants": "kinglib.plugins.invariants",
    "kinglib.bots": "kinglib.players.bots",
    "kinglib.search": "kinglib.players.search",
    "kinglib.playouts": "kinglib.players.playouts",
    "kinglib.play": "kinglib.players.matches",
    "kinglib.record": "kinglib.io.record",
    "kinglib.cli": "kinglib.apps.cli",
    "kinglib.play_cli": "kinglib.apps.play_cli",
    "kinglib.tournament": "kinglib.apps.tournament",
    "kinglib.tournament_cli": "kinglib.apps.tournament_cli",
    "kinglib.terminal": "kinglib.apps.terminal",
    "kinglib.human": "kinglib.apps.human",
    "kinglib.progress_bar": "kinglib.apps.progress_bar",
    "kinglib.command_errors": "kinglib.apps.command_errors",
    "kinglib.tables": "kinglib.apps.rule_tables",
    "kinglib.play_text": "kinglib.apps.play_text",
}


class _OldPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path on first import and hands out the module of its new path."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old path (loaded by this finder), ``None`` for any other name."""
        if fullname not in OLD_PATHS:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """The module of the new path, imported if it was not yet."""
        module = importlib.import_module(OLD_PATHS[spec.name])
        self._specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run; the module gets back the spec of its own path."""
        module.__spec__ = self._specs.pop(module.__name__)


def install(package: ModuleType) -> None:
    """Make every old path import: at once where its module is loaded, on first use otherwise.

    A loaded module is also set as an attribute of ``package`` under its old name, as the
    import system did before, except where the package already has that name (``kinglib.play``
    is the function that plays a match).
    """
    for old, new in OLD_PATHS.items():
        module = sys.modules.get(new)
        if module is None:
            continue
        sys.modules.setdefault(old, module)
        name = old.rpartition(".")[2]
        if not hasattr(package, name):
            setattr(package, name, module)
    if not any(isinstance(finder, _OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPathFinder())
