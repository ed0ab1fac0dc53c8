"""Dealing the unseen cards again: worlds that look the same to the seat, with other hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, Suit
from kinglib.adapters.worlds import deal_again, voids


@pytest.mark.parametrize("variant", ["simple", "jokers", "three-hand"])
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 24), world_seed=st.integers())
def test_a_world_dealt_again_gives_the_seat_the_same_view(
    variant: str, seed: int, count: int, world_seed: int
) -> None:
    rules = kinglib.load_rules(variant)
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    for _ in range(count):
        state = state.apply(rng.choice(state.legal_moves()))
    seat = state.to_move
    assert seat is not None and state.deal_number == 1
    view = state.view(seat)
    world = deal_again(view, random.Random(world_seed))
    assert world.view(seat) == view
    assert world.hand(seat) == state.hand(seat)
    for other, suits in voids(view).items():
        assert not any(card.suit in suits for card in world.hand(other))


def test_worlds_differ_in_the_hands_the_seat_has_not_seen() -> None:
    state = kinglib.load_rules("simple").new_match(seed=3)
    view = state.view(1)
    worlds = [deal_again(view, random.Random(n)) for n in range(6)]
    assert len({w.hand(2) for w in worlds}) > 1


def test_a_seat_that_did_not_follow_is_never_dealt_the_suit() -> None:
    rules = kinglib.load_rules("simple")
    hands = [CardSet.deck(32).of_suit(suit) for suit in Suit]  # one suit a seat
    state = rules.new_deal("no_tricks", hands=hands, dealer=3)
    state = state.apply(kinglib.Play(Card.parse("7S")))
    state = state.apply(kinglib.Play(Card.parse("7H")))
    view = state.view(2)
    assert voids(view)[1] == {Suit.SPADES}
    for n in range(10):
        world = deal_again(view, random.Random(n))
        assert not any(c.suit is Suit.SPADES for c in world.hand(1))
        assert world.view(2) == view


def test_a_deal_with_an_auction_cannot_be_dealt_again() -> None:
    state = kinglib.load_rules("bidding").new_match(seed=1)
    seat = state.to_move
    assert seat is not None
    with pytest.raises(NotImplementedError, match=r"needs View\.sample"):
        deal_again(state.view(seat), random.Random(0))
