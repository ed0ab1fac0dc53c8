"""The plugin manager: hooks written with or without ``@kinglib.hookimpl``, and misspelt hooks."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import kinglib
from kinglib.engine.random_match import random_match
from kinglib.plugins.manager import HOOK_NAMES, KinglibPluginManager, make_plugin_manager
from kinglib.values.contracts import Contract


class CheapGirls:
    """An undecorated hook of a class plugin: a queen costs 2 in the negative game."""

    def kinglib_contracts(self, rules: kinglib.Rules) -> Mapping[str, Contract] | None:
        return None

    @kinglib.hookimpl(wrapper=True)
    def kinglib_schedule(self, rules: kinglib.Rules) -> Any:
        schedule = yield
        return attrs.evolve(schedule, deals=("no_girls",))


def _module(name: str, **functions: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for attr, function in functions.items():
        setattr(module, attr, function)
    return module


def test_manager_knows_every_hook_of_the_specifications() -> None:
    pm = make_plugin_manager()
    assert isinstance(pm, KinglibPluginManager)
    assert {name for name in dir(pm.hook) if name.startswith("kinglib_")} == HOOK_NAMES
    assert "kinglib_score_deal" in HOOK_NAMES


def test_undecorated_function_implements_its_hook() -> None:
    def kinglib_deal_details(rules: kinglib.Rules, state: kinglib.State) -> Any:
        return (("house", "yes"),)

    rules = kinglib.load_rules(
        "simple", plugins=[_module("house", kinglib_deal_details=kinglib_deal_details)]
    )
    state = random_match(rules, seed=3)
    assert state.results[0].details == (("house", "yes"),)


def test_undecorated_and_decorated_give_the_same_answers() -> None:
    def prices(rules: kinglib.Rules) -> Mapping[str, Contract]:
        contracts = dict(kinglib.load_rules("simple").contracts)
        girls = contracts["no_girls"]
        groups = tuple((mask, value // 2) for mask, value in girls.card_values)
        total = sum(value * mask.bit_count() for mask, value in groups)
        contracts["no_girls"] = attrs.evolve(girls, card_values=groups, total=total)
        return contracts

    def kinglib_contracts(rules: kinglib.Rules) -> Mapping[str, Contract]:
        return prices(rules)

    @kinglib.hookimpl
    def marked_contracts(rules: kinglib.Rules) -> Mapping[str, Contract]:
        return prices(rules)

    plain = _module("plain", kinglib_contracts=kinglib_contracts)
    marked = _module("marked", kinglib_contracts=marked_contracts)
    a = kinglib.load_rules("simple", plugins=[plain])
    b = kinglib.load_rules("simple", plugins=[marked])
    assert a.contracts["no_girls"].total == b.contracts["no_girls"].total == -8
    assert random_match(a, seed=5).totals == random_match(b, seed=5).totals


def test_class_plugin_mixes_both_forms() -> None:
    rules = kinglib.load_rules("simple", plugins=[CheapGirls()])
    assert rules.schedule.deals == ("no_girls",)
    hooks = {hook.name for hook in rules.plugin_manager.get_hookcallers(rules.plugins[0]) or ()}
    assert hooks == {"kinglib_contracts", "kinglib_schedule"}


def test_non_functions_and_other_names_are_not_hooks() -> None:
    plugin = _module("odd", kinglib_contracts=42, helper=lambda rules: None)
    rules = kinglib.load_rules("simple", plugins=[plugin])
    assert not rules.plugin_manager.get_hookcallers(plugin)


@pytest.mark.parametrize(
    ("attr", "hint"),
    [("kinglib_contract", "kinglib_contracts"), ("kinglib_scores_deal", "kinglib_score_deal")],
)
def test_misspelt_hook_is_refused_with_the_name_it_resembles(attr: str, hint: str) -> None:
    plugin = _module("typo", **{attr: lambda rules: None})
    with pytest.raises(
        kinglib.RulesError,
        match=f"plugin 'typo': {attr} is not one of kinglib's hooks; did you mean {hint}",
    ):
        kinglib.load_rules("simple", plugins=[plugin])


def test_misspelt_decorated_hook_is_refused_too() -> None:
    plugin = _module("typo", kinglib_nothing_like_it=kinglib.hookimpl(lambda rules: None))
    with pytest.raises(
        kinglib.RulesError,
        match=r"^plugin 'typo': kinglib_nothing_like_it is not one of kinglib's hooks$",
    ):
        kinglib.load_rules("simple", plugins=[plugin])


def test_refused_plugin_leaves_the_manager_as_it_was() -> None:
    pm = make_plugin_manager()
    plugin = _module("typo", kinglib_deck=lambda rules: None, kinglib_dek=lambda rules: None)
    with pytest.raises(kinglib.RulesError):
        pm.register(plugin)
    assert pm.get_plugins() == set()


def test_trampoline_keeps_the_argument_names_pluggy_reads() -> None:
    """A hook wrapped as mutmut wraps a function (``*args, **kwargs``) still gets its arguments."""
    trampoline = pytest.importorskip("mutmut.mutation.trampoline")

    def x_kinglib_deal_details__mutmut_orig(rules: kinglib.Rules, state: kinglib.State) -> Any:
        return (("seat", state.dealer),)

    mutants = {"_mutmut_orig": x_kinglib_deal_details__mutmut_orig}
    wrapped = trampoline.wrap_in_trampoline(mutants)(x_kinglib_deal_details__mutmut_orig)
    plugin = _module("mutated", kinglib_deal_details=wrapped)
    rules = kinglib.load_rules("simple", plugins=[plugin])
    (impl,) = [
        i
        for i in rules.plugin_manager.hook.kinglib_deal_details.get_hookimpls()
        if i.plugin is plugin
    ]
    assert impl.argnames == ("rules", "state")
    state = random_match(rules, seed=1)
    assert state.results[0].details == (("seat", state.results[0].dealer),)
