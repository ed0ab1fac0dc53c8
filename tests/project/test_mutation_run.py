"""The mutation run mutates hooks written with kinglib's markers, and runs their mutants."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import kinglib
from kinglib.testing import deal_from_text

pytest.importorskip("mutmut")
from mutmut.mutation import trampoline
from mutmut.mutation.file_mutation import mutate_file_contents

HANDS = """
    trumps dealer=0
    0: AS KS QS JS TS 9S 8S 7S
    1: AH KH QH JH TH 9H 8H 7H
    2: AD KD QD JD TD 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""

SOURCE = """
import kinglib
from kinglib import for_contracts, hookimpl


@for_contracts("trumps")
def kinglib_score_deal(rules, state):
    return (1 + 2,)


@kinglib.hookimpl(tryfirst=True)
def kinglib_deal_details(state):
    return (("seats", 4 - 1),)


def plain(x):
    return x + 1


@property
def not_a_hook(self):
    return 5 - 1
"""


def _load_tool() -> types.ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "mutation_run.py"
    spec = importlib.util.spec_from_file_location("mutation_run", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mutated() -> Any:
    _load_tool()
    return mutate_file_contents("plugin.py", SOURCE)


def test_hooks_with_markers_are_mutated_and_other_decorated_functions_are_not(
    mutated: Any,
) -> None:
    functions = {name.split("__mutmut_")[0] for name in mutated.mutant_names}
    assert functions == {"x_kinglib_score_deal", "x_kinglib_deal_details", "x_plain"}


def test_marker_arguments_are_never_mutated(mutated: Any) -> None:
    assert mutated.code.count('@for_contracts("trumps")') >= 2
    assert '@for_contracts("XXtrumpsXX")' not in mutated.code
    assert "tryfirst=False" not in mutated.code


def test_a_mutant_of_a_scoped_hook_runs_in_place_of_the_rule(
    mutated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = types.ModuleType("plugin")
    monkeypatch.setitem(sys.modules, "plugin", module)
    exec(compile(mutated.code, "plugin.py", "exec"), module.__dict__)
    trumps = deal_from_text(kinglib.load_rules("simple", scheme="otygrysh"), HANDS, trump="S")
    other = deal_from_text(kinglib.load_rules("simple"), HANDS, contract="no_tricks")
    monkeypatch.setattr(trampoline, "_mutant_under_test", None)
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    assert module.kinglib_score_deal(None, trumps) == (3,)
    assert module.kinglib_score_deal(None, other) is None
    results = set()
    for name in mutated.mutant_names:
        if name.startswith("x_kinglib_score_deal"):
            monkeypatch.setenv("MUTANT_UNDER_TEST", f"plugin.{name}")
            results.add(module.kinglib_score_deal(None, trumps))
            assert module.kinglib_score_deal(None, other) is None
    assert (3,) not in results and results


def test_the_plugin_manager_reads_the_argument_names_through_the_trampolines(
    mutated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = types.ModuleType("plugin")
    monkeypatch.setitem(sys.modules, "plugin", module)
    exec(compile(mutated.code, "plugin.py", "exec"), module.__dict__)
    pm = kinglib.plugins.make_plugin_manager()
    pm.register(module, name="plugin")
    score = pm.hook.kinglib_score_deal.get_hookimpls()[0]
    details = pm.hook.kinglib_deal_details.get_hookimpls()[0]
    assert (score.argnames, details.argnames, details.tryfirst) == (
        ("rules", "state"),
        ("state",),
        True,
    )
