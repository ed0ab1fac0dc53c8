"""States and rules are immutable values: equality, hashing, and refusal to be changed."""

from __future__ import annotations

import pickle

import pytest

import kinglib
from kinglib import Card, CardSet, Phase, Play
from tests.support import play, replay
from tests.test_simple_rules import MIXED


def test_rules_are_equal_values() -> None:
    a = kinglib.load_rules("simple", boys="jacks+kings")
    b = kinglib.load_rules("simple", players=4, boys="jacks+kings", early_end=True)
    assert a == b and hash(a) == hash(b)
    assert a != kinglib.load_rules("simple")
    assert a != kinglib.load_rules("simple", players=5, boys="jacks+kings")
    assert a.variant == "simple" and a.players == 4
    assert "boys='jacks+kings'" in repr(a)
    with pytest.raises(AttributeError):
        a.players = 5
    with pytest.raises(TypeError):
        a.options["boys"] = "jacks"  # type: ignore[index]
    with pytest.raises(TypeError, match="load_rules"):
        kinglib.Rules()
    with pytest.raises(TypeError):
        pickle.dumps(a)


def test_states_are_equal_values() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=4)
    assert state == kinglib.load_rules("simple").new_match(seed=4)
    assert state != rules.new_match(seed=5)
    moved = state.apply(state.legal_moves()[0])
    assert moved != state
    assert replay(moved) == moved and hash(replay(moved)) == hash(moved)
    assert {state, rules.new_match(seed=4), moved} == {state, moved}
    with pytest.raises(AttributeError, match="immutable"):
        state.to_move = 2
    with pytest.raises(AttributeError):
        del state.phase
    with pytest.raises(TypeError, match="record"):
        pickle.dumps(state)


def test_a_given_deal_reads_back() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_deal("no_girls", hands=MIXED, dealer=3)
    assert state.seed is None
    assert state.phase is Phase.PLAY
    assert state.contract == "no_girls"
    assert state.contract_info is rules.contracts["no_girls"]
    assert state.hands == tuple(CardSet.parse(h) for h in MIXED)
    assert state.hand(2) == CardSet.parse(MIXED[2])
    assert all(state.taken(s) == CardSet() for s in range(4))
    assert state.totals == (0, 0, 0, 0)
    assert state.results == ()
    assert state == rules.new_deal("no_girls", hands=MIXED, dealer=3)
    assert state != rules.new_deal("no_girls", hands=MIXED, dealer=2)
    assert state != rules.new_deal("no_boys", hands=MIXED, dealer=3)
    after = play(state, "AS 7S KD AC")
    assert after.taken(0) == CardSet.parse("AS 7S KD AC")
    assert after.tricks_taken == (1, 0, 0, 0)
    assert after.moves == tuple(Play(Card.parse(c)) for c in ["AS", "7S", "KD", "AC"])
    assert after.deal_moves == after.moves
    assert state.moves == ()
    with pytest.raises(ValueError, match="seat"):
        state.hand(4)
