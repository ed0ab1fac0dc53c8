"""The exact messages refusing a card in trick play, one for each rule a card can break."""

from __future__ import annotations

import pytest

import kinglib
from kinglib import Card, IllegalMoveError, Move, Pass, Play, State, Suit
from kinglib.tricks import TrickPlay
from tests.support import play
from tests.test_simple_rules import HEART_LEAD, MIXED
from tests.test_trump_rounds import VOID_CLUBS

RULES = kinglib.load_rules("simple")
FORCED = kinglib.load_rules("simple", king_on_heart_lead="forced")


def refusal(state: State, move: Move) -> str:
    """The message of the error that refuses ``move`` in ``state``."""
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    return str(info.value)


def test_a_move_that_is_no_card_and_a_card_not_held() -> None:
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    assert refusal(state, Pass()) == (
        "seat 0 may not play pass: cards are being played: play a card, not pass"
    )
    assert (
        refusal(state, Play(Card.parse("KH"))) == "seat 0 may not play KH: seat 0 does not hold KH"
    )


def test_leading_a_heart_while_holding_another_suit() -> None:
    state = RULES.new_deal("no_hearts", hands=MIXED, dealer=3)
    assert refusal(state, Play(Card.parse("AH"))) == (
        "seat 0 may not play AH: a heart may not be led in no_hearts while holding another suit"
    )


def test_not_following_suit() -> None:
    state = play(RULES.new_deal("no_tricks", hands=MIXED, dealer=3), "AS")
    assert refusal(state, Play(Card.parse("KH"))) == (
        "seat 1 may not play KH: AS was led and seat 1 must follow with a card of spades"
    )


def test_keeping_the_king_of_hearts_when_void_in_the_led_suit() -> None:
    state = play(RULES.new_deal("no_king", hands=MIXED, dealer=3), "AD")
    assert refusal(state, Play(Card.parse("QH"))) == (
        "seat 1 may not play QH: AD was led, seat 1 has none of its suit and must play KH"
    )


def test_keeping_the_king_of_hearts_on_a_heart_lead() -> None:
    state = play(FORCED.new_deal("no_king", hands=HEART_LEAD, dealer=3), "AS KS JS AC AD KD 9D KC")
    state = play(state, "AH")
    assert refusal(state, Play(Card.parse("7H"))) == (
        "seat 1 may not play 7H: hearts were led and the holder of KH must play it"
    )


def test_not_trumping_when_void_and_leading_a_trump_when_not_the_maker() -> None:
    state = RULES.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    assert refusal(play(state, "AC"), Play(Card.parse("7D"))) == (
        "seat 1 may not play 7D: seat 1 cannot follow AC and must play a trump (H)"
    )
    assert refusal(play(state, "AC JH 7C 7H"), Play(Card.parse("AH"))) == (
        "seat 1 may not play AH: only the maker may lead a trump (H) while holding another suit"
    )


def test_the_winner_of_a_trick_and_of_a_trick_that_no_card_wins() -> None:
    phase = TrickPlay(RULES)
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    trick = tuple((seat, Card.parse(text)) for seat, text in enumerate(("9S", "KS", "AH", "7S")))
    assert phase.trick_winner(state, trick) == 1
    # A trick led by a joker has no led suit: without trumps no card of it wins.
    with pytest.raises(AssertionError) as info:
        phase.trick_winner(state, ((0, Card.parse("JK1")), (1, Card.parse("AS"))))
    assert str(info.value) == "a trick without a winner"
