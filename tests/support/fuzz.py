"""Shared pieces of the fuzz tests: real records of every variant, and junk values."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

import kinglib
from kinglib.engine.random_match import random_match
from kinglib.plugins import variant_names


@cache
def real_records() -> tuple[str, ...]:
    """One record of a whole match per variant, and a record of a single given deal."""
    records = [kinglib.to_json(random_match(kinglib.load_rules(v), 7)) for v in variant_names()]
    rules = kinglib.load_rules("simple")
    deal = rules.new_match(seed=3)
    contract = deal.contract
    assert contract is not None
    records.append(kinglib.to_json(rules.new_deal(contract, deal.hands, deal.dealer)))
    return tuple(records)


#: Any JSON value, nested a little.
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)

#: Text that looks a little like notation: cards, move words, digits, junk characters.
notation_text: st.SearchStrategy[str] = (
    st.lists(
        st.sampled_from(
            [
                "QS",
                "10h",
                "th",
                "JK",
                "JK2",
                "♠",
                "Q♥",
                "bid",
                "pass",
                "draw",
                "sell",
                "keep",
                "choose",
                "declare",
                "discard",
                "notrump",
                "no_king",
                "H",
                " ",
                ",",
                "0",
                "7",
                "99999999",
                "٣",
                "\x00",
                "\t",
                "-1",
                "²",
            ]
        )
        | st.text(max_size=4),
        max_size=8,
    ).map("".join)
    | st.text()
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*prefix, index))
    return out


def replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``document`` with the value at ``path`` replaced (or the whole, for ())."""
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    target = copy
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return copy
