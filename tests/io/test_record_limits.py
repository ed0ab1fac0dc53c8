"""Record limits: a record over any limit is refused first, cheaply, naming the limit."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import kinglib
from kinglib import RecordError, from_json, to_json
from kinglib.engine.random_match import random_match
from kinglib.io import record as record_module
from kinglib.io.record import DEFAULT_LIMITS, RecordLimits

RULES = kinglib.load_rules("ordered")
MATCH = random_match(RULES, 1)
RECORD = to_json(MATCH)


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORD)
    return data


class _CountingValidator:
    """The schema validator, counting the errors it is asked for."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.calls = 0
        self.errors = 0

    def iter_errors(self, data: Any) -> Iterator[Any]:
        self.calls += 1
        for error in self.real.iter_errors(data):
            self.errors += 1
            yield error


@pytest.fixture
def schema(monkeypatch: pytest.MonkeyPatch) -> _CountingValidator:
    counting = _CountingValidator(record_module._validator())
    monkeypatch.setattr(record_module, "_validator", lambda: counting)
    return counting


def _refused(text: str | bytes, limits: RecordLimits = DEFAULT_LIMITS) -> str:
    with pytest.raises(RecordError) as info:
        from_json(text, limits=limits)
    return str(info.value)


def test_real_records_are_well_within_the_default_limits() -> None:
    # The longest match of the built-in variants (ordered) has about 1,700 moves in 11 KB.
    assert len(MATCH.moves) * 10 < DEFAULT_LIMITS.moves
    assert len(RECORD) * 50 < DEFAULT_LIMITS.size
    assert len(RULES.options) * 5 < DEFAULT_LIMITS.options
    assert from_json(RECORD) == MATCH


#: (name of the limit, a change of the record that goes over it, the start of the message).
OVER: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    (
        "moves",
        lambda d: d.update(moves=d["moves"] * 12),
        "moves: 20,256 moves, over the limit of 20,000 (moves)",
    ),
    (
        "moves of another type",
        lambda d: d.update(moves=[1] * 20_001),
        "moves: 20,001 moves, over the limit of 20,000 (moves)",
    ),
    (
        "options",
        lambda d: d["options"].update({f"x{k}": k for k in range(100)}),
        "options: 109 options, over the limit of 100 (options)",
    ),
    (
        "items",
        lambda d: d.update(plugins=["p"] * 101),
        "plugins: 101 entries, over the limit of 100 (items)",
    ),
    (
        "items of an option",
        lambda d: d["options"].update(boys=[[0] * 101]),
        "options.boys[0]: 101 entries, over the limit of 100 (items)",
    ),
    (
        "text",
        lambda d: d["moves"].__setitem__(7, "Q" * 1_001),
        "moves[7]: 1,001 characters of text, over the limit of 1,000 (text)",
    ),
    (
        "text of a key",
        lambda d: d["options"].update({"k" * 1_001: 1}),
        "options: 1,001 characters in a key, over the limit of 1,000 (text)",
    ),
    (
        "depth",
        lambda d: d["options"].update(boys=json.loads("[" * 9 + "]" * 9)),
        "options.boys[0][0][0][0][0][0][0]: nested too deeply, over the limit of 8 (depth)",
    ),
]


@pytest.mark.parametrize(("change", "message"), [pytest.param(c, m, id=n) for n, c, m in OVER])
def test_a_record_over_a_limit_is_refused_naming_it(
    change: Callable[[dict[str, Any]], Any], message: str, schema: _CountingValidator
) -> None:
    data = _data()
    change(data)
    assert _refused(json.dumps(data)) == message
    # Refused before the schema (or the rules) ran.
    assert schema.calls == 0


def test_the_size_is_checked_before_the_text_is_read() -> None:
    text = " " * DEFAULT_LIMITS.size + RECORD
    message = _refused(text)
    assert message == f"record: {len(text):,} characters, over the limit of 1,000,000 (size)"
    message = _refused(text.encode())
    assert message.startswith("record: ") and message.endswith("(size)")
    # At the limit, the same record loads: white space is JSON.
    assert from_json(RECORD.rjust(DEFAULT_LIMITS.size)) == MATCH


def test_each_limit_is_adjustable_by_keyword() -> None:
    small = RecordLimits(size=len(RECORD), moves=len(MATCH.moves), options=len(RULES.options))
    assert from_json(RECORD, limits=small) == MATCH
    for name, value in [
        ("size", len(RECORD) - 1),
        ("moves", len(MATCH.moves) - 1),
        ("options", len(RULES.options) - 1),
        ("items", 7),
        ("depth", 1),
        ("text", 5),
    ]:
        message = _refused(RECORD, attrs.evolve(small, **{name: value}))
        assert message.endswith(f"({name})"), (name, message)
    # Raising a limit lets a bigger record through to the next check.
    data = _data()
    data["moves"] = data["moves"] * 12
    message = _refused(json.dumps(data), attrs.evolve(DEFAULT_LIMITS, moves=30_000))
    assert "comes after the end of the match" in message


def test_limits_must_be_record_limits() -> None:
    with pytest.raises(TypeError):
        from_json(RECORD, limits={"size": 5})  # type: ignore[arg-type]


def test_a_record_full_of_errors_is_as_cheap_to_refuse_as_one_with_one(
    schema: _CountingValidator,
) -> None:
    # Within the limits, 20,000 moves that are not text: the schema stops after a few errors.
    data = _data()
    data["moves"] = [1] * DEFAULT_LIMITS.moves
    message = _refused(json.dumps(data))
    assert message.startswith("moves[") and message.endswith("1 is not text")
    assert schema.calls == 1 and schema.errors == record_module._SCHEMA_ERRORS
