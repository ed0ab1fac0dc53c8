"""Fuzzing notation: every parser reads a value that round-trips, or raises NotationError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, NotationError, State, Suit, parse_move
from kinglib.engine.random_match import random_match
from tests.support.fuzz import notation_text

#: States of every phase, to read short forms in (a bid, a declaration, a contract...).
STATES: list[State] = []
for _variant in ("simple", "bidding", "atomic", "domino", "ordered", "three-hand"):
    _final = random_match(kinglib.load_rules(_variant), 2)
    _state = kinglib.load_rules(_variant).new_match(seed=2)
    for _move in _final.moves[:40]:
        STATES.append(_state)
        _state = _state.apply(_move)

PARSERS: dict[str, Callable[[str], Any]] = {
    "Suit.parse": Suit.parse,
    "Card.parse": Card.parse,
    "CardSet.parse": CardSet.parse,
    "parse_move": parse_move,
}


@pytest.mark.parametrize("name", list(PARSERS))
@given(text=notation_text)
def test_a_parser_reads_text_back_or_raises_notation_error(name: str, text: str) -> None:
    parse = PARSERS[name]
    try:
        value = parse(text)
    except NotationError as exc:
        assert str(exc)
        return
    # What is read writes back to text that reads as the same value.
    assert parse(str(value)) == value


@given(text=notation_text, index=st.integers(0, len(STATES) - 1))
def test_a_move_read_in_a_state_is_refused_or_applied_cleanly(text: str, index: int) -> None:
    state = STATES[index]
    try:
        move = parse_move(text, state)
    except NotationError:
        return
    assert parse_move(str(move)) == move
    try:
        after = state.apply(move)
    except kinglib.IllegalMoveError:
        return
    assert move in state.legal_moves()
    assert after != state


@given(st.integers() | st.floats() | st.booleans() | st.none() | st.text(max_size=3))
def test_indexes_and_masks_are_cards_or_notation_errors(value: Any) -> None:
    for build in (Card.from_index, CardSet.from_mask, Card.joker, CardSet.deck):
        try:
            built = build(value)
        except NotationError:
            continue
        assert isinstance(built, (Card, CardSet))
        assert type(value) is int
