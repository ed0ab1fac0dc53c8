"""Fuzzing rules options: ``load_rules`` builds rules or raises RulesError, for any value."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib import RulesError
from kinglib.plugins import variant_names
from tests.support.fuzz import json_values

VARIANTS = sorted(variant_names())
OPTIONS = {v: sorted(kinglib.load_rules(v).options) for v in VARIANTS}

option_values: st.SearchStrategy[Any] = (
    json_values
    | st.integers().map(str)
    | st.sampled_from(["9" * 5000, "-" + "9" * 5000, "٣", "²", " 52 ", "true", "", "\x00"])
    | st.sampled_from([10**5000, -(10**5000), float("nan"), float("inf"), (), ((),)])
    | st.tuples(st.text(max_size=10), st.integers())
)


@given(st.data())
def test_any_option_value_gives_rules_or_a_rules_error(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS))
    name = data.draw(st.sampled_from(OPTIONS[variant]) | st.text(max_size=10))
    value = data.draw(option_values)
    players: Any = data.draw(st.none() | st.integers(-2, 9) | st.sampled_from(["4", 4.0, 10**5000]))
    try:
        rules = kinglib.load_rules(variant, players=players, **{name: value})
    except RulesError as exc:
        assert str(exc)
        return
    # Rules that are built play: the first state of a match has a legal move.
    assert rules.new_match(seed=1).legal_moves()


@given(st.sampled_from(VARIANTS), st.dictionaries(st.text(max_size=8), option_values, max_size=4))
def test_several_options_at_once(variant: str, options: dict[str, Any]) -> None:
    try:
        kinglib.load_rules(variant, **options)
    except RulesError as exc:
        assert str(exc)


def test_an_option_named_like_the_variant_argument_is_an_unknown_option() -> None:
    with pytest.raises(kinglib.RulesError, match="unknown option 'variant' for atomic"):
        kinglib.load_rules("atomic", variant=2)
