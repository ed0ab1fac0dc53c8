"""Fuzzing records: whatever the text, ``from_json`` loads a state or raises RecordError."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import RecordError, State, from_json
from tests.support.fuzz import json_values, paths, real_records, replaced


def _load(text: str | bytes) -> State | None:
    """The state ``text`` loads to, or None when it is refused (only with a RecordError)."""
    try:
        state = from_json(text)
    except RecordError as exc:
        assert str(exc)
        return None
    # A record that loads is a real one: saving the state gives a record of the same game.
    assert from_json(kinglib.to_json(state)) == state
    return state


@given(st.text() | st.binary())
def test_any_text_is_a_state_or_a_record_error(text: str | bytes) -> None:
    _load(text)


@given(st.data())
def test_a_real_record_with_one_value_replaced(data: st.DataObject) -> None:
    record = json.loads(data.draw(st.sampled_from(real_records())))
    path = data.draw(st.sampled_from(paths(record)))
    _load(json.dumps(replaced(record, path, data.draw(json_values))))


@given(st.data())
def test_a_real_record_with_a_key_removed_or_added(data: st.DataObject) -> None:
    record: dict[str, Any] = json.loads(data.draw(st.sampled_from(real_records())))
    key = data.draw(st.sampled_from(sorted(record)) | st.text(max_size=10))
    if key in record and data.draw(st.booleans()):
        del record[key]
    else:
        record[key] = data.draw(json_values)
    _load(json.dumps(record))


@given(st.data())
def test_a_real_record_with_its_moves_shuffled_cut_or_repeated(data: st.DataObject) -> None:
    record = json.loads(data.draw(st.sampled_from(real_records())))
    moves = record["moves"]
    start = data.draw(st.integers(0, len(moves)))
    stop = data.draw(st.integers(start, len(moves)))
    changed = data.draw(
        st.sampled_from(
            [
                moves[:start] + moves[stop:],
                moves[:stop] + moves[start:stop] + moves[stop:],
                moves[:start] + moves[start:stop][::-1] + moves[stop:],
                [m.upper() for m in moves[:stop]],
            ]
        )
    )
    record["moves"] = changed
    state = _load(json.dumps(record))
    if changed == moves[: len(changed)] and state is not None:
        assert len(state.moves) == len(changed)


@settings(max_examples=40)
@given(st.data())
def test_a_real_record_with_bytes_flipped(data: st.DataObject) -> None:
    text = bytearray(data.draw(st.sampled_from(real_records())).encode())
    for _ in range(data.draw(st.integers(1, 8))):
        where = data.draw(st.integers(0, len(text) - 1))
        text[where] = data.draw(st.integers(0, 255))
    _load(bytes(text))
