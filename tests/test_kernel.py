"""The integer kernel of the trick rules, against the card types and the generator it mirrors."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinglib import kernel
from kinglib.cards import JOKERS_MASK, SUIT_MASKS, Card, Rank, Suit

MASKS = st.integers(min_value=0, max_value=(1 << 54) - 1)


def test_the_kernel_constants_are_the_cards_constants() -> None:
    assert kernel.SUIT_MASKS == SUIT_MASKS
    assert SUIT_MASKS[Suit.HEARTS] == kernel.HEARTS
    assert Card(Suit.HEARTS, Rank.KING).mask == kernel.KING_OF_HEARTS
    assert kernel.JOKERS == JOKERS_MASK
    for index in range(54):
        card = Card.from_index(index)
        expected = 0 if card.suit is None else SUIT_MASKS[card.suit]
        assert kernel.SUIT_OF[index] == expected


def test_the_generator_draws_as_the_kernel_assumes() -> None:
    # Fails on an interpreter whose random.Random draws its indices another way: the kernel's
    # draws would then differ from random.choice, and DRAWS_LIKE_CHOICE must say so.
    assert kernel.DRAWS_LIKE_CHOICE


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 13, 33, 54])
def test_draw_below_is_the_index_choice_draws(n: int) -> None:
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        items = list(range(n))
        for _ in range(5):
            assert kernel.draw_below(mine.getrandbits, n) == theirs.choice(items)
        assert mine.random() == theirs.random()


@pytest.mark.parametrize("size", [0, 1, 2, 24, 36, 54])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(30):
        mine, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        kernel.shuffle(mine, a.getrandbits)
        b.shuffle(theirs)
        assert mine == theirs
        assert a.random() == b.random()


@given(MASKS, st.booleans(), st.sampled_from([0, *SUIT_MASKS]))
def test_a_lead_keeps_to_the_allowed_cards_when_it_can(
    hand: int, no_heart_lead: bool, barred: int
) -> None:
    legal = kernel.lead_mask(hand, no_heart_lead, barred)
    assert legal & ~hand == 0
    assert bool(legal) == bool(hand)
    if no_heart_lead and hand & ~kernel.HEARTS:
        assert not legal & kernel.HEARTS
    if barred and hand & ~barred & ~(kernel.HEARTS if no_heart_lead else 0):
        assert not legal & barred


@given(MASKS.filter(bool), st.sampled_from(SUIT_MASKS), st.booleans(), st.booleans())
def test_following_suit_and_the_forced_king(
    hand: int, led: int, king_on_heart_lead: bool, king_on_void: bool
) -> None:
    trumps = SUIT_MASKS[Suit.CLUBS]
    legal = kernel.follow_mask(hand, led, king_on_heart_lead, king_on_void, trumps)
    king = kernel.KING_OF_HEARTS
    assert legal and legal & ~hand == 0
    if hand & led:
        forced = king_on_heart_lead and led == kernel.HEARTS and hand & king
        assert legal == (king if forced else hand & led)
    elif king_on_void and hand & king:
        assert legal == king
    else:
        assert legal == (hand & trumps or hand)


def test_a_free_card_may_join_the_followers() -> None:
    hand = Card.parse("AS").mask | Card.parse("JK1").mask
    spades = SUIT_MASKS[Suit.SPADES]
    assert kernel.follow_mask(hand, spades, False, False, 0) == Card.parse("AS").mask
    assert kernel.follow_mask(hand, spades, False, False, 0, kernel.JOKERS) == hand


def test_the_trick_winner_in_trumps_notrump_and_misere() -> None:
    def bits(text: str) -> int:
        return sum(Card.parse(word).mask for word in text.split())

    spades, clubs = SUIT_MASKS[Suit.SPADES], SUIT_MASKS[Suit.CLUBS]
    trick = bits("9S KS 2C 4S")
    assert kernel.winning_bit(trick, spades, 0, False) == bits("KS")
    assert kernel.winning_bit(trick, spades, clubs, False) == bits("2C")
    assert kernel.winning_bit(trick, spades, 0, True) == bits("4S")
    codes = [kernel.play_code(seat, Card.parse(t).index) for seat, t in ((2, "9S"), (3, "KS"))]
    assert kernel.winner_of(codes, bits("KS")) == 3


def test_the_next_seat_passes_over_empty_hands() -> None:
    hands = [1, 0, 4, 0]
    assert kernel.next_to_play(hands, 0, 0, 4) == 2
    assert kernel.next_to_play(hands, 2, 0, 4) == 0
    assert kernel.next_to_play(hands, 2, 2, 4) == 0


def test_a_deal_is_decided_only_after_the_last_scoring_trick() -> None:
    assert kernel.is_decided(5, 5, 0b1100, 0b0011)
    assert not kernel.is_decided(4, 5, 0b1100, 0b0011)
    assert not kernel.is_decided(5, 5, 0b1110, 0b0011)


def test_a_random_deal_plays_every_card_once() -> None:
    rng = random.Random(3)
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [sum(1 << i for i in pack[k : k + 13]) for k in range(0, 52, 13)]
    before = list(hands)
    draws = [random.Random(seat).getrandbits for seat in range(4)]
    rules: kernel.DealRules = (4, False, False, False, 0, 0, -1, False, False, 0, 0)
    taken = [0, 0, 0, 0]
    tricks, winners, ended_early = kernel.play_deal(hands, taken, 1, 0, draws, rules)
    assert not ended_early and hands == [0, 0, 0, 0] and len(tricks) == len(winners) == 13
    played = [code for codes in tricks for code in codes]
    assert sorted(code & 63 for code in played) == list(range(52))
    for code in played:
        assert before[code >> 6] >> (code & 63) & 1  # each card from its holder's hand
    assert tricks[0][0] >> 6 == 1
    for codes, winner in zip(tricks[1:], winners):
        assert codes[0] >> 6 == winner  # the winner leads the next trick
    won = [0, 0, 0, 0]
    for codes, winner in zip(tricks, winners):
        for code in codes:
            won[winner] |= 1 << (code & 63)
    assert taken == won


@given(MASKS.filter(bool), st.integers(min_value=0, max_value=2**32))
def test_drawn_bit_is_the_card_choice_draws(legal: int, seed: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    bits = [1 << i for i in range(54) if legal >> i & 1]
    for _ in range(3):
        assert kernel.drawn_bit(legal, mine.getrandbits) == theirs.choice(bits)
    assert mine.random() == theirs.random()


def test_drawn_bit_of_a_single_card_and_of_the_last_of_several() -> None:
    def draws_of(*values: int) -> Callable[[int], int]:
        queue = list(values)
        return lambda _width: queue.pop(0)

    assert kernel.drawn_bit(1 << 53, draws_of(0)) == 1 << 53
    legal = (1 << 3) | (1 << 17) | (1 << 40)
    assert kernel.drawn_bit(legal, draws_of(0)) == 1 << 3
    assert kernel.drawn_bit(legal, draws_of(1)) == 1 << 17
    assert kernel.drawn_bit(legal, draws_of(3, 2)) == 1 << 40  # 3 is redrawn: only 3 cards


def test_a_random_deal_forces_the_king_on_a_heart_lead_only_under_that_rule() -> None:
    def bit(text: str) -> int:
        return Card.parse(text).mask

    def first_trick(king_on_heart_lead: bool, seed: int) -> list[int]:
        # Seat 0 can only lead 2H; seat 1 holds KH and 3H.
        hands = [bit("2H"), bit("KH") | bit("3H")]
        draws = [random.Random(seed * 2 + seat).getrandbits for seat in range(2)]
        rules: kernel.DealRules = (
            2,
            False,
            king_on_heart_lead,
            False,
            0,
            0,
            -1,
            False,
            False,
            0,
            0,
        )
        tricks, winners, ended_early = kernel.play_deal(hands, [0, 0], 0, 0, draws, rules)
        assert hands == [0, 0] and winners == [1, 1] and not ended_early
        return tricks[0]

    two, king, three = (Card.parse(t).index for t in ("2H", "KH", "3H"))
    for seed in range(20):
        assert first_trick(True, seed) == [kernel.play_code(0, two), kernel.play_code(1, king)]
    free = {first_trick(False, seed)[1] for seed in range(20)}
    assert free == {kernel.play_code(1, king), kernel.play_code(1, three)}


def test_a_trick_without_the_winning_card_is_refused() -> None:
    codes = [kernel.play_code(0, 5), kernel.play_code(1, 7)]
    assert kernel.winner_of(codes, 1 << 7) == 1
    with pytest.raises(AssertionError) as info:
        kernel.winner_of(codes, 1 << 6)
    assert str(info.value) == "a trick without a winner"
