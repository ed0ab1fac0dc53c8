"""The conformance suite of kinglib.testing over every variant and a spread of options.

Variants are found with ``kinglib.variant_names()``, so a variant added later runs the same
suite without a change here. Besides each variant's default rules, every player count and every
single non-default option value (each choice of a choice option, the other value of a switch)
is checked on one seeded match and a few hypothesis examples.
"""

from __future__ import annotations

from typing import Any

import kinglib
from kinglib.testing.conformance import RulesConformance
from kinglib.values.errors import RulesError


def option_sets(variant: str) -> list[dict[str, Any]]:
    """The player counts and single option changes of a variant, valid for its defaults."""
    rules = kinglib.load_rules(variant)
    sets: list[dict[str, Any]] = [
        {"players": n} for n in rules.info.players if n != rules.info.default_players
    ]
    for name, spec in rules.option_specs.items():
        if spec.choices is not None:
            sets += [{name: c} for c in spec.choices if c != spec.default]
        elif spec.kind is bool:
            sets.append({name: not spec.default})
    return sets


def _load_all() -> list[kinglib.Rules]:
    out = []
    for variant in kinglib.variant_names():
        for options in option_sets(variant):
            try:
                out.append(kinglib.load_rules(variant, **options))
            except RulesError:  # a value that needs another option or player count too
                continue
    return out


DEFAULT_RULES = [kinglib.load_rules(v) for v in kinglib.variant_names()]
OPTION_RULES = _load_all()


class TestVariantDefaults(RulesConformance):
    rules = DEFAULT_RULES
    seeds = 2
    examples = 10


class TestVariantOptions(RulesConformance):
    rules = OPTION_RULES
    seeds = 1
    examples = 3


def test_every_variant_and_option_is_covered() -> None:
    assert {r.variant for r in DEFAULT_RULES} == set(kinglib.variant_names())
    simple = [r for r in OPTION_RULES if r.variant == "simple"]
    assert {r.players for r in simple} >= {2, 3, 5, 6}
    assert any(r.options["boys"] == "jacks+kings" for r in simple)
    assert any(r.options["king_forced"] is False for r in simple)
