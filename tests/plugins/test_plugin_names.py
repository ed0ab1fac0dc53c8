"""One name per plugin: the same in plugin_names, repr, test ids, records and invariant messages."""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from typing import Any

import attrs
import pytest

import kinglib
from kinglib.engine.state import State
from kinglib.plugins import plugin_id, plugin_ids
from kinglib.plugins.invariants import Invariants
from kinglib.testing import check_invariants
from kinglib.testing.conformance import rules_id


class Windfall:
    """3 points to seat 0 at the end of the match, while the zero-sum promise stands."""

    @kinglib.hookimpl
    def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        return (3, 0, 0, 0)


class WindfallClass:
    """The same rule, registered as the class itself."""

    @staticmethod
    @kinglib.hookimpl
    def kinglib_match_end(rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        return (3, 0, 0, 0)


def places(rules: kinglib.Rules) -> dict[str, str]:
    """Where a plugin's name shows: the five places, as text."""
    final = rules.new_match(0)
    record = json.loads(kinglib.to_json(final))
    with pytest.raises(AssertionError) as failure:
        check_invariants(rules, 0, views=False)
    return {
        "plugin_names": ",".join(rules.plugin_names),
        "repr": repr(rules),
        "rules_id": rules_id(rules),
        "record": ",".join(record["plugins"]),
        "invariant": str(failure.value),
    }


@pytest.mark.parametrize(
    ("plugin", "name"),
    [
        (Windfall(), "tests.plugins.test_plugin_names.Windfall"),
        (WindfallClass, "tests.plugins.test_plugin_names.WindfallClass"),
    ],
    ids=["object", "class"],
)
def test_a_plugin_has_one_name_in_all_five_places(plugin: Any, name: str) -> None:
    rules = kinglib.load_rules("simple", plugins=[plugin])
    assert rules.plugin_names == (name,)
    found = places(rules)
    assert found["plugin_names"] == found["record"] == name
    assert f"plugins=[{name!r}]" in found["repr"]
    assert found["rules_id"] == f"simple,players=4,{name}"
    message = found["invariant"]
    assert message.startswith("invariant 'zero-sum' broken: match totals sum to 3")
    assert message.count(name) == 2  # where it happened, and the reproduction
    assert re.search(r"[^0-9]\d{9,}[^0-9]", message) is None  # no object ids


def test_two_objects_of_one_class_are_told_apart() -> None:
    rules = kinglib.load_rules("simple", plugins=[Windfall(), Windfall()])
    names = (
        "tests.plugins.test_plugin_names.Windfall",
        "tests.plugins.test_plugin_names.Windfall#2",
    )
    assert rules.plugin_names == names
    final = rules.new_match(1)
    record = kinglib.to_json(final)
    assert json.loads(record)["plugins"] == list(names)
    again = kinglib.from_json(record, plugins=[Windfall(), Windfall()])
    assert again.rules.plugin_names == names


def test_a_module_and_a_function_are_named_by_their_qualified_names() -> None:
    assert plugin_id(json) == "json"
    assert plugin_id(places) == "tests.plugins.test_plugin_names.places"
    assert plugin_ids(["no-such-rule", Windfall()]) == [
        "no-such-rule",
        "tests.plugins.test_plugin_names.Windfall",
    ]


def test_an_invariant_message_names_one_deal_and_says_how_to_reproduce() -> None:
    class NoZeroSum:
        @kinglib.hookimpl(wrapper=True)
        def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[Any, Any, Invariants]:
            declared: Invariants = yield
            return attrs.evolve(declared, deals=13)

    rules = kinglib.load_rules("simple", plugins=[NoZeroSum()])
    with pytest.raises(AssertionError) as failure:
        check_invariants(rules, 2, views=False)
    message = str(failure.value)
    assert "invariant 'match ends' broken" in message or "invariant 'deals' broken" in message
    assert len(re.findall(r"\bdeal \d+", message)) <= 1
    assert message.endswith(f"; reproduce: check_invariants({rules!r}, seed=2))")
