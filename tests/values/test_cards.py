"""Cards and card sets: the notation of API.md, set operations, order and notation errors."""

from __future__ import annotations

import itertools
import operator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinglib import Card, CardSet, NotationError, Rank, Suit
from kinglib.values.cards import ALL_CARDS_MASK, JOKERS_MASK, RANK_MASKS, SUIT_MASKS, deck_mask

ALL_CARDS = [Card.from_index(i) for i in range(54)]
SUIT_CARDS = [c for c in ALL_CARDS if not c.is_joker]

card_sets = st.integers(min_value=0, max_value=ALL_CARDS_MASK).map(CardSet.from_mask)


def test_there_are_52_cards_and_two_jokers() -> None:
    assert len(ALL_CARDS) == 54
    assert len(set(ALL_CARDS)) == 54
    assert len(SUIT_CARDS) == 52
    assert {(c.suit, c.rank) for c in SUIT_CARDS} == {(s, r) for s in Suit for r in Rank}
    assert [str(c) for c in ALL_CARDS if c.is_joker] == ["JK1", "JK2"]
    with pytest.raises(NotationError, match="54"):
        Card.from_index(54)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    text = str(card)
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert Card.parse(f"  {text.lower()} ") is card
    assert Card.from_index(card.index) is card
    assert card.mask == 1 << card.index
    assert CardSet.parse(text) == CardSet([card])
    if not card.is_joker:
        assert card.suit is not None and card.rank is not None
        assert Card(card.suit, card.rank) is card
        assert text == card.rank.letter + card.suit.letter
        assert Card.parse(card.symbol) is card


def test_notation_examples_of_the_api() -> None:
    queen = Card.parse("QS")
    assert str(queen) == "QS"
    assert queen.suit is Suit.SPADES
    assert queen.rank is Rank.QUEEN
    assert Card.parse("TH") == Card.parse("10H")
    assert Card.parse("TH") is Card.parse("10h")
    assert str(Card.parse("10H")) == "TH"
    assert Card.parse("th") is Card(Suit.HEARTS, Rank.TEN)
    assert Card.parse(" qs ") is queen


def test_jokers() -> None:
    assert Card.parse("JK") is Card.parse("JK1") is Card.joker(1)
    assert Card.parse("jk2") is Card.joker(2)
    assert Card.parse("JK1") is not Card.parse("JK2")
    joker = Card.parse("JK2")
    assert joker.is_joker and joker.suit is None and joker.rank is None
    assert joker.index == 53 and Card.parse("JK1").index == 52
    assert str(joker) == "JK2"
    assert CardSet.parse("JK1 JK2").mask == JOKERS_MASK
    with pytest.raises(NotationError, match="3"):
        Card.joker(3)


def test_symbols() -> None:
    assert Card.parse("QS").symbol == "Q♠"
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("7D").symbol == "7♦"
    assert Card.parse("AC").symbol == "A♣"
    assert Card.parse("Q♠") is Card.parse("QS")
    assert Card.parse("10♥") is Card.parse("TH")
    assert Card.parse("t♥") is Card.parse("TH")
    assert CardSet.parse("AS KS 7H").symbols == "A♠ K♠ 7♥"
    assert CardSet.parse("K♥ q♦") == CardSet.parse("KH QD")
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.parse("spades") is Suit.SPADES
    assert Suit.parse(" d ") is Suit.DIAMONDS


@given(card_sets)
def test_card_sets_round_trip(cards: CardSet) -> None:
    text = str(cards)
    assert CardSet.parse(text) == cards
    assert CardSet.parse(text.lower()) == cards
    assert CardSet.parse(", ".join(text.split())) == cards
    assert CardSet.parse(cards.symbols.replace("🃏", "JK")) == cards
    assert len(cards) == len(text.split()) == bin(cards.mask).count("1")
    assert CardSet(list(cards)) == cards
    assert eval(repr(cards)) == cards


@given(card_sets, st.randoms(use_true_random=False))
def test_card_sets_parse_in_any_order_and_case(cards: CardSet, rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    words = [str(c) for c in cards]
    rng.shuffle(words)
    words = [w.lower() if rng.random() < 0.5 else w for w in words]
    words = [w.replace("T", "10").replace("t", "10") if rng.random() < 0.5 else w for w in words]
    assert CardSet.parse("  " + "  ".join(words) + " ") == cards


@given(card_sets)
def test_iteration_is_in_display_order(cards: CardSet) -> None:
    listed = list(cards)
    assert listed == sorted(listed)
    assert [c.index for c in listed] == sorted(c.index for c in listed)
    for a, b in itertools.pairwise(listed):
        if a.suit is not None and a.suit == b.suit:
            assert a.rank is not None and b.rank is not None
            assert a.rank > b.rank  # ace high first


def test_iteration_order_example() -> None:
    hand = CardSet.parse("7C JK1 2H AS KS 10D QH JK2 AD")
    assert str(hand) == "AS KS QH 2H AD TD 7C JK1 JK2"
    assert [str(c) for c in hand] == ["AS", "KS", "QH", "2H", "AD", "TD", "7C", "JK1", "JK2"]


@given(card_sets, card_sets)
def test_set_operations_agree_with_python_sets(a: CardSet, b: CardSet) -> None:
    sa, sb = set(a), set(b)
    assert set(a | b) == sa | sb
    assert set(a & b) == sa & sb
    assert set(a - b) == sa - sb
    assert set(a ^ b) == sa ^ sb
    assert (a <= b) == (sa <= sb)
    assert (a >= b) == (sa >= sb)
    assert a.isdisjoint(b) == sa.isdisjoint(sb)
    assert (a == b) == (sa == sb)
    if a == b:
        assert hash(a) == hash(b)
    assert bool(a) == bool(sa)
    for card in ALL_CARDS[::7]:
        assert (card in a) == (card in sa)
    for suit in Suit:
        assert set(a.of_suit(suit)) == {c for c in sa if c.suit is suit}


def test_set_operations_examples() -> None:
    hand = CardSet.parse("AS KS 7H JK1")
    other = CardSet.parse("KS QD")
    assert len(hand) == 4
    assert Card.parse("AS") in hand
    assert Card.parse("QS") not in hand
    assert "AS" not in hand  # only cards are members
    assert hand | other == CardSet.parse("AS KS QD 7H JK1")
    assert hand & other == CardSet.parse("KS")
    assert hand - other == CardSet.parse("AS 7H JK1")
    assert hand ^ other == CardSet.parse("AS 7H QD JK1")
    assert CardSet.parse("KS") <= hand
    assert not other <= hand
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("7H")
    assert not CardSet()
    assert str(CardSet()) == ""
    assert CardSet.parse("") == CardSet() == CardSet.parse("   ")
    assert {hand, CardSet.parse("JK1 7H KS AS")} == {hand}


def test_card_sets_are_immutable() -> None:
    hand = CardSet.parse("AS")
    with pytest.raises(AttributeError):
        hand.mask = 3
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.index = 3


def test_packs_and_masks() -> None:
    assert len(CardSet.deck(32)) == 32
    assert len(CardSet.deck(36)) == 36
    assert len(CardSet.deck(52)) == 52
    assert str(CardSet.deck(32).of_suit(Suit.SPADES)) == "AS KS QS JS TS 9S 8S 7S"
    assert CardSet.from_mask(deck_mask(Rank.SEVEN)) == CardSet.deck(32)
    assert len(CardSet.from_mask(deck_mask(2, jokers=2))) == 54
    assert len(CardSet.from_mask(deck_mask(2, jokers=1))) == 53
    for suit in Suit:
        assert all(c.suit is suit for c in CardSet.from_mask(SUIT_MASKS[suit]))
    for rank in Rank:
        assert {c.rank for c in CardSet.from_mask(RANK_MASKS[rank])} == {rank}
    with pytest.raises(NotationError, match="33"):
        CardSet.deck(33)


@pytest.mark.parametrize(
    "text",
    ["", "X", "QX", "1H", "0H", "11H", "AS KS", "Q S", "JK3", "JK0", "QSS", "10", "H", "♥Q"],
)
def test_malformed_cards_name_the_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", ["ZZ", "1H", "JK3", "Q♤", "10"])
def test_malformed_card_in_a_set_names_it(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        CardSet.parse(f"AS {bad} 7H")
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize(
    ("text", "card"),
    [("AS KS AS", "AS"), ("TH 10H", "TH"), ("jk JK1", "JK1"), ("qs Q♠", "QS"), ("7c,7C", "7C")],
)
def test_duplicates_are_refused_and_named(text: str, card: str) -> None:
    with pytest.raises(NotationError, match="twice") as info:
        CardSet.parse(text)
    assert card in str(info.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError, match="text"):
        Card.parse(7)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="text"):
        CardSet.parse(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="not a card"):
        CardSet(["AS"])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="mask"):
        CardSet.from_mask(-1)
    with pytest.raises(NotationError, match="mask"):
        CardSet.from_mask(ALL_CARDS_MASK + 1)
    with pytest.raises(NotationError):
        Card(Suit.SPADES, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("other", [{Card.parse("AS")}, 3, "AS", None, [Card.parse("AS")]])
def test_operators_with_other_types_raise_type_error(other: Any) -> None:
    hand = CardSet.parse("AS KS")
    for op in (
        operator.or_,
        operator.and_,
        operator.sub,
        operator.xor,
        operator.le,
        operator.ge,
    ):
        with pytest.raises(TypeError):
            op(hand, other)
    for op in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            op(Card.parse("AS"), other)
    assert hand != other
    assert Card.parse("AS") != other
