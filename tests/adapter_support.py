"""Shared pieces of the adapter tests: the variants they run on and a short house rule."""

from __future__ import annotations

import kinglib
from kinglib import Rules

#: Every built-in variant.
VARIANTS = (
    "atomic",
    "barbu",
    "bidding",
    "domino",
    "jokers",
    "omnibus",
    "ordered",
    "simple",
    "three-hand",
)
#: The house rule the adapters are checked with, by its module name.
HOUSE_RULES = "tests.house_rules_sample"


def house_rules() -> Rules:
    """simple with the house rule that nobody leads an ace while holding another card."""
    from tests import house_rules_sample

    return kinglib.load_rules("simple", plugins=[house_rules_sample])
