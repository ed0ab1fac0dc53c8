"""The integer kernel of the trick rules, against the card types and the generator it mirrors."""

from __future__ import annotations

import itertools
import random
import types
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kinglib.engine import kernel
from kinglib.engine.kernel import DealRules, deal_rules_of
from kinglib.values.cards import JOKERS_MASK, SUIT_MASKS, Card, Rank, Suit
from tests.support.kernel import MASKS, SUITED, SUITS, bits, deal_rules

HEARTS = SUIT_MASKS[Suit.HEARTS]
SPADES = SUIT_MASKS[Suit.SPADES]


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


def test_the_kernel_knows_whether_its_functions_are_python_functions() -> None:
    """The kernel runs compiled exactly when its functions are no Python functions."""
    compiled = not isinstance(kernel.play_code, types.FunctionType)
    assert kernel._compiled() is compiled
    assert kernel.COMPILED is compiled
    assert kernel._one() == kernel.ONE == 1


def test_the_native_counts_are_the_counts_of_int(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled, cards are counted and indexed without int's methods: to the same numbers."""
    monkeypatch.setattr(kernel, "COMPILED", True)
    rng = random.Random(5)
    masks = [0, 0b11, 1, 0b10, 0b1100, 1 << 53, (1 << 54) - 1, bits("AS KH QD JC JK1")]
    masks += [rng.getrandbits(54) for _ in range(20)]
    for mask in masks:
        assert kernel.bit_count(mask) == mask.bit_count()
        if mask:
            assert kernel.bit_index(mask) == mask.bit_length() - 1
    assert [kernel.bit_index(1 << index) for index in range(54)] == list(range(54))


def test_the_generators_outputs_come_in_order_in_a_wide_draw() -> None:
    """Whether a draw of 64 bits is the next two 32-bit outputs, the first lowest."""
    in_order = True
    for seed in range(1, 9):
        wide, narrow = random.Random(seed), random.Random(seed)
        low, high = narrow.getrandbits(32), narrow.getrandbits(32)
        in_order = in_order and wide.getrandbits(64) == low | high << 32
    assert kernel._words_in_order() is in_order
    assert kernel.WORDS_IN_ORDER is in_order


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


# ------------------------------------------------------------------------------ leading


@given(MASKS, st.integers(min_value=0, max_value=5), MASKS, deal_rules())
def test_a_lead_keeps_to_the_allowed_cards_when_it_can(
    hand: int, seat: int, broken: int, rules: DealRules
) -> None:
    legal = kernel.lead_mask(hand, seat, broken, rules)
    assert legal & ~hand == 0
    assert bool(legal) == bool(hand)
    barred = rules[kernel.R_NEVER] | rules[kernel.R_BROKEN] & ~broken
    if seat != rules[kernel.R_MAKER]:
        barred |= rules[kernel.R_MAKER_ONLY]
    if hand & ~barred:
        assert legal == hand & ~barred  # every card not barred, and none that is
    else:
        assert legal == hand  # nothing else to lead: any card


def test_the_rules_by_name_are_the_plain_rules_by_default() -> None:
    """A rule not named is off: no lead or follow restriction, no trump, nothing scored."""
    plain = deal_rules_of(4)
    named = {
        kernel.R_PLAYERS: 4,
        kernel.R_STEP: 1,
        kernel.R_MAKER: -1,
        kernel.R_VOID: kernel.VOID_TRUMP,
        kernel.R_OVERTRUMP: kernel.OVER_NEVER,
    }
    assert len(plain) == kernel.R_KITTY + 1
    assert [value == named.get(field, 0) for field, value in enumerate(plain)] == [True] * len(
        plain
    )
    assert deal_rules_of(4, kitty=True, under_duty=HEARTS)[kernel.R_UNDER_DUTY] == HEARTS


def test_a_suit_that_may_never_be_led_is_led_by_a_hand_of_it_alone() -> None:
    rules = deal_rules_of(4, never=HEARTS)
    assert kernel.lead_mask(bits("AH KH 7S"), 0, 0, rules) == bits("7S")
    assert kernel.lead_mask(bits("AH KH"), 0, 0, rules) == bits("AH KH")


def test_a_suit_not_yet_broken_is_led_once_broken_or_by_a_hand_of_it_alone() -> None:
    rules = deal_rules_of(4, broken=HEARTS)
    assert kernel.lead_mask(bits("AH 7S"), 0, 0, rules) == bits("7S")
    assert kernel.lead_mask(bits("AH 7S"), 0, HEARTS, rules) == bits("AH 7S")
    assert kernel.lead_mask(bits("AH KH"), 0, 0, rules) == bits("AH KH")
    # A heart played to a trick led in another suit breaks hearts; a heart lead does not.
    assert kernel.broken_after(0, bits("AS KH 7S 8S"), SPADES) == HEARTS
    assert kernel.broken_after(0, bits("AH KH 7H 8H"), HEARTS) == 0
    assert kernel.broken_after(HEARTS, bits("AD 9C 7D 8D"), SUIT_MASKS[Suit.DIAMONDS]) == (
        HEARTS | SUIT_MASKS[Suit.CLUBS]
    )


def test_only_the_maker_leads_a_trump_while_holding_another_suit() -> None:
    rules = deal_rules_of(4, trumps=SPADES, maker_only=SPADES, maker=1)
    assert kernel.lead_mask(bits("AS 7H"), 0, 0, rules) == bits("7H")
    assert kernel.lead_mask(bits("AS 7H"), 1, 0, rules) == bits("AS 7H")
    assert kernel.lead_mask(bits("AS KS"), 0, 0, rules) == bits("AS KS")


# ------------------------------------------------------------------------------ following


@given(MASKS, SUITS, MASKS, deal_rules(), st.booleans())
def test_a_follower_plays_from_his_hand_and_always_has_a_move(
    hand: int, led: int, trick: int, rules: DealRules, stock_left: bool
) -> None:
    decided = kernel.follow_rule(hand, led, trick | (led & -led), rules, stock_left)
    legal = decided & kernel.MASK_BITS
    assert legal == kernel.follow_mask(hand, led, trick | (led & -led), rules, stock_left)
    assert legal & ~hand == 0
    reason = decided >> kernel.REASON_SHIFT
    if not legal:
        # Only a draw from the stock leaves no card to play.
        assert hand == 0 or (reason == kernel.FOLLOW_DRAW and not hand & led and stock_left)
    if hand & led:
        # A player who can follow suit follows it (a free joker aside).
        assert legal & ~led & ~rules[kernel.R_FREE] == 0


def test_following_suit_and_the_forced_king() -> None:
    king = bits("KH")
    on_lead = deal_rules_of(4, follow_duty=king)
    on_void = deal_rules_of(4, void_duty=king)
    assert kernel.follow_mask(bits("KH 7H 7S"), HEARTS, bits("AH"), on_lead, False) == king
    assert kernel.follow_mask(bits("KH 7H 7S"), HEARTS, bits("AH"), on_void, False) == bits("KH 7H")
    assert kernel.follow_mask(bits("KH 7D"), SPADES, bits("AS"), on_void, False) == king
    assert kernel.follow_mask(bits("KH 7D"), SPADES, bits("AS"), on_lead, False) == bits("KH 7D")


def test_a_card_that_scores_is_not_withheld_below_the_best_card() -> None:
    queens = bits("QS QH QD QC")
    rules = deal_rules_of(4, under_duty=queens)
    assert kernel.follow_mask(bits("QS 9S AS"), SPADES, bits("KS"), rules, False) == bits("QS")
    assert kernel.follow_mask(bits("QS 7S"), SPADES, bits("9S"), rules, False) == bits("QS 7S")
    # Below the ace (the first card of its suit) every other card ranks.
    assert kernel.follow_mask(bits("QS 7S"), SPADES, bits("AS"), rules, False) == bits("QS")
    # A card of the duty above the best card is not forced: here the ace.
    aces = deal_rules_of(4, under_duty=bits("AS QS"))
    assert kernel.follow_mask(bits("AS QS 7S"), SPADES, bits("KS"), aces, False) == bits("QS")
    # Void, it is the discard duty that says what goes.
    both = deal_rules_of(4, under_duty=queens, void_duty=queens)
    assert kernel.follow_mask(bits("QD 7D"), SPADES, bits("KS"), both, False) == bits("QD")


def test_the_trump_duties() -> None:
    clubs = SUIT_MASKS[Suit.CLUBS]
    must = deal_rules_of(4, trumps=clubs)
    free = deal_rules_of(4, trumps=clubs, void=kernel.VOID_DISCARD)
    assert kernel.follow_mask(bits("7C 7D"), HEARTS, bits("AH"), must, False) == bits("7C")
    assert kernel.follow_mask(bits("7C 7D"), HEARTS, bits("AH"), free, False) == bits("7C 7D")
    # On a trump lead, beat the highest trump if you can.
    on_lead = deal_rules_of(4, trumps=clubs, overtrump=kernel.OVER_TRUMP_LEAD)
    assert kernel.follow_mask(bits("KC 7C 7H"), clubs, bits("QC"), on_lead, False) == bits("KC")
    assert kernel.follow_mask(bits("JC 7C"), clubs, bits("QC"), on_lead, False) == bits("JC 7C")
    # Whoever trumps must beat the highest trump; a discard stays allowed where it is.
    always = deal_rules_of(4, trumps=clubs, void=kernel.VOID_DISCARD, overtrump=kernel.OVER_ALWAYS)
    trick = bits("AH 9C")
    assert kernel.follow_mask(bits("TC 7C 7D"), HEARTS, trick, always, False) == bits("TC 7D")
    assert kernel.follow_mask(bits("8C 7C 7D"), HEARTS, trick, always, False) == bits("8C 7C 7D")
    must_beat = deal_rules_of(4, trumps=clubs, overtrump=kernel.OVER_ALWAYS)
    assert kernel.follow_mask(bits("TC 7C 7D"), HEARTS, trick, must_beat, False) == bits("TC")


def test_a_void_player_draws_while_the_stock_lasts() -> None:
    rules = deal_rules_of(4, void=kernel.VOID_DRAW)
    assert kernel.follow_mask(bits("7D 8D"), SPADES, bits("AS"), rules, True) == 0
    assert kernel.follow_mask(bits("7D 8D"), SPADES, bits("AS"), rules, False) == bits("7D 8D")
    assert kernel.follow_mask(bits("7S 8D"), SPADES, bits("AS"), rules, True) == bits("7S")


def test_jokers_count_as_their_suit_and_may_be_free() -> None:
    plain = deal_rules_of(
        4, jokers=kernel.JOKERS, joker_suit=HEARTS, joker_high=bits("AH KH QH JH")
    )
    free = deal_rules_of(4, jokers=kernel.JOKERS, joker_suit=HEARTS, free=kernel.JOKERS)
    joker = Card.parse("JK1")
    assert kernel.led_mask(joker.index, plain) == HEARTS | kernel.JOKERS
    assert kernel.led_mask(Card.parse("AH").index, plain) == HEARTS | kernel.JOKERS
    assert kernel.led_mask(Card.parse("AS").index, plain) == SPADES
    assert kernel.led_mask(joker.index, deal_rules_of(4)) == 0
    hand = bits("AS JK1")
    assert kernel.follow_mask(hand, SPADES, bits("KS"), plain, False) == bits("AS")
    assert kernel.follow_mask(hand, SPADES, bits("KS"), free, False) == hand
    assert kernel.follow_mask(bits("JK1 7S"), HEARTS | kernel.JOKERS, bits("AH"), plain, False) == (
        bits("JK1")
    )
    # Overtrumping concerns a trump lead only: a heart led and trumped, the joker still follows.
    clubs = SUIT_MASKS[Suit.CLUBS]
    over = deal_rules_of(
        4,
        trumps=clubs,
        overtrump=kernel.OVER_TRUMP_LEAD,
        jokers=kernel.JOKERS,
        joker_suit=HEARTS,
    )
    hearts = HEARTS | kernel.JOKERS
    assert kernel.follow_mask(bits("7H JK1"), hearts, bits("AH 9C"), over, False) == bits("7H JK1")


# ------------------------------------------------------------------------------ the trick


def test_the_trick_winner_in_trumps_notrump_and_misere() -> None:
    def winner(text: str, rules: DealRules) -> int:
        cards = [Card.parse(word) for word in text.split()]
        codes = [kernel.play_code(seat, card.index) for seat, card in enumerate(cards)]
        mask = sum(card.mask for card in cards)
        return kernel.trick_winner(codes, mask, kernel.led_mask(cards[0].index, rules), rules)

    clubs = SUIT_MASKS[Suit.CLUBS]
    assert winner("9S KS 2C 4S", deal_rules_of(4)) == 1
    assert winner("9S KS 2C 4S", deal_rules_of(4, trumps=clubs)) == 2
    assert winner("9S KS 2C 4S", deal_rules_of(4, misere=True)) == 3
    jokers = deal_rules_of(
        4, jokers=kernel.JOKERS, joker_suit=HEARTS, joker_high=bits("AH KH QH JH")
    )
    assert winner("JK1 JH 7H 3H", jokers) == 1  # the jack of hearts beats a joker
    assert winner("JK1 TH 7H 3H", jokers) == 0  # a joker beats the ten
    assert winner("AS JK2 KS JK1", jokers) == 1  # off hearts the first joker wins
    assert winner("7H JK2 JK1 TH", jokers) == 1
    assert winner("KH JK1 AH 3H", jokers) == 2  # the best of the cards above a joker
    codes = [kernel.play_code(seat, Card.parse(t).index) for seat, t in ((2, "9S"), (3, "KS"))]
    assert kernel.winner_of(codes, bits("KS")) == 3


@given(SUITED.filter(bool), SUITS, deal_rules(jokers=False))
def test_would_win_names_the_winner_of_the_trick_so_far(
    trick: int, led: int, rules: DealRules
) -> None:
    cards = [1 << i for i in range(52) if trick >> i & 1]
    if not (trick & (led | rules[kernel.R_TRUMPS])):
        led = kernel.SUIT_OF[cards[0].bit_length() - 1]
    codes = [kernel.play_code(seat % 6, bit.bit_length() - 1) for seat, bit in enumerate(cards)]
    best = kernel.best_bit(trick, led, rules, 0)
    assert kernel.winner_of(codes, best) == kernel.trick_winner(codes, trick, led, rules)
    last = cards[-1]
    assert kernel.would_win(trick & ~last, led, last, rules) == (best == last)


@given(SUITED.filter(bool), SUITS, st.integers(0, (1 << 54) - 1), deal_rules())
def test_winning_cards_are_the_cards_that_would_win(
    trick: int, led: int, cards: int, rules: DealRules
) -> None:
    if not (trick & (led | rules[kernel.R_TRUMPS] | rules[kernel.R_JOKERS])):
        led = kernel.SUIT_OF[(trick & -trick).bit_length() - 1]
    cards &= ~trick
    one_by_one = sum(
        1 << i for i in range(54) if cards >> i & 1 and kernel.would_win(trick, led, 1 << i, rules)
    )
    assert kernel.winning_cards(trick, led, cards, rules) == one_by_one


def test_winning_cards_of_a_hand_built_trick() -> None:
    hearts = kernel.SUIT_OF[Card.parse("AH").index]
    spades_led = kernel.SUIT_OF[Card.parse("AS").index]
    hand = bits("AS TS 7S 2H 9H")
    plain = deal_rules_of(4)
    assert kernel.winning_cards(bits("JS 9S"), spades_led, hand, plain) == bits("AS")
    trumps = deal_rules_of(4, trumps=hearts)
    assert kernel.winning_cards(bits("JS 9S"), spades_led, hand, trumps) == bits("AS 2H 9H")
    assert kernel.winning_cards(bits("JS 5H"), spades_led, hand, trumps) == bits("9H")
    misere = deal_rules_of(4, misere=True)
    assert kernel.winning_cards(bits("JS 9S"), spades_led, hand, misere) == bits("7S")


def test_winning_cards_next_to_the_best_card() -> None:
    """The ace of spades beats the king as trump; in misère the next card down beats the best."""
    spades = deal_rules_of(4, trumps=SPADES)
    assert kernel.winning_cards(bits("7H KS"), HEARTS, bits("AS QS 2S AH"), spades) == bits("AS")
    assert kernel.winning_cards(bits("7H AS"), HEARTS, bits("KS 2S AH"), spades) == 0
    misere = deal_rules_of(4, misere=True)
    assert kernel.winning_cards(bits("JS 9S"), SPADES, bits("AS TS 8S 7S"), misere) == (
        bits("8S 7S")
    )


def test_a_joker_played_now_wins_as_the_first_joker_of_the_trick() -> None:
    """Off the jokers' suit the first joker played wins; on it, its best cards beat a joker."""
    rules = deal_rules_of(
        4, jokers=kernel.JOKERS, joker_suit=HEARTS, joker_high=bits("AH KH QH JH")
    )
    first, second = bits("JK1"), bits("JK2")
    assert kernel.would_win(bits("AS KS"), SPADES, first, rules)
    assert kernel.would_win(bits("AS"), SPADES, second, rules)
    assert not kernel.would_win(bits("AS JK1"), SPADES, second, rules)
    assert not kernel.would_win(bits("AS JK2"), SPADES, first, rules)
    assert not kernel.would_win(bits("JK1 AS"), SPADES, bits("KS"), rules)
    hearts = HEARTS | kernel.JOKERS
    assert kernel.would_win(bits("TH"), hearts, first, rules)
    assert not kernel.would_win(bits("JH"), hearts, first, rules)
    assert kernel.would_win(bits("TH JK1"), hearts, bits("JH"), rules)
    assert not kernel.would_win(bits("TH JK1"), hearts, bits("9H"), rules)
    hand = bits("KS JH JK2 2S")
    assert kernel.winning_cards(bits("AS"), SPADES, hand, rules) == bits("JK2")
    assert kernel.winning_cards(bits("AS JK1"), SPADES, hand, rules) == 0
    assert kernel.winning_cards(bits("TH JK1"), hearts, hand, rules) == bits("JH")


def test_the_next_seat_passes_over_empty_hands_in_either_direction() -> None:
    hands = [1, 0, 4, 0]
    assert kernel.next_to_play(hands, 0, 0, 4, 1) == 2
    assert kernel.next_to_play(hands, 2, 0, 4, 1) == 0
    assert kernel.next_to_play(hands, 2, 2, 4, 1) == 0
    full = [1, 2, 4, 8]
    assert [kernel.next_to_play(full, s, 0, 4, 3) for s in (0, 3, 2, 1)] == [3, 2, 1, 0]
    assert kernel.next_to_play([1, 2, 0, 8], 0, 0, 4, 3) == 3


def test_a_deal_is_decided_only_after_the_last_scoring_trick() -> None:
    assert kernel.is_decided(5, 5, 0b1100, 0b0011)
    assert not kernel.is_decided(4, 5, 0b1100, 0b0011)
    assert not kernel.is_decided(5, 5, 0b1110, 0b0011)


def test_a_deals_points_count_its_cards_and_its_tricks() -> None:
    taken = [bits("AH KH"), bits("QS"), 0, bits("7H")]
    groups = [(HEARTS, -2), (bits("QS"), -5)]
    values = [0, 0, -8, -8]
    assert kernel.deal_points(taken, [3, 1, 0, 0], values, groups) == [-20, -5, 0, -2]


# ------------------------------------------------------------------------------ whole deals


def _dealt(seed: int, players: int = 4, size: int = 13) -> list[int]:
    rng = random.Random(seed)
    pack = list(range(52))
    rng.shuffle(pack)
    return [sum(1 << i for i in pack[k * size : (k + 1) * size]) for k in range(players)]


def test_a_random_deal_plays_every_card_once() -> None:
    hands = _dealt(3)
    before = list(hands)
    draws = [kernel.Draws(random.Random(seat).getrandbits) for seat in range(4)]
    taken = [0, 0, 0, 0]
    tricks, winners, ended_early, drawn, _ = kernel.play_deal(
        hands, taken, 1, 0, 0, draws, None, deal_rules_of(4), [], 0
    )
    assert not ended_early and not drawn and hands == [0, 0, 0, 0]
    assert len(tricks) == len(winners) == 13
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


@given(st.integers(min_value=0, max_value=2**32), deal_rules(jokers=False))
def test_a_whole_deal_keeps_every_card_and_every_rule(seed: int, rules: DealRules) -> None:
    players = rules[kernel.R_PLAYERS]
    with_stock = rules[kernel.R_VOID] == kernel.VOID_DRAW
    size = 4 if with_stock else 52 // players
    hands = _dealt(seed, players, size)
    dealt = 0
    for hand in hands:
        dealt |= hand
    stock = [i for i in range(52) if not dealt >> i & 1] if with_stock else []
    held = dealt | sum(1 << i for i in stock)
    draws = [kernel.Draws(random.Random(seed + seat).getrandbits) for seat in range(players)]
    taken = [0] * players
    tricks, winners, early, drawn, _ = kernel.play_deal(
        hands, taken, 0, 0, 0, draws, None, rules, stock, 0
    )
    # Every card is in exactly one place: a hand, the stock, or a pile of taken cards.
    places = [*hands, *taken, sum(1 << i for i in stock)]
    assert sum(p.bit_count() for p in places) == held.bit_count()
    together = 0
    for place in places:
        together |= place
    assert together == held
    assert len(drawn) == sum(code & 63 == kernel.DRAW_INDEX for codes in tricks for code in codes)
    assert not drawn or with_stock
    assert early is False or rules[kernel.R_EARLY_END]
    # Each trick goes round in the direction of play (no seat goes out without a stock), and
    # its winner is one of its players.
    for codes, winner in zip(tricks, winners):
        seats = [code >> 6 for code in codes if code & 63 != kernel.DRAW_INDEX]
        if not with_stock:
            assert all(
                (b - a) % players == rules[kernel.R_STEP] for a, b in itertools.pairwise(seats)
            )
        assert winner in seats


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


#: Sizes of a draw: one, powers of two, odd sizes, and up to the largest, 2**32 - 1.
DRAW_SIZES = [2**32 - 1, 2**31 - 1, 1, 2, 3, 4, 5, 8, 13, 54, 64, 100, 255, 256, 257, 2**16 + 1]
DRAW_SIZES += [2**30 + 1, 2**31, 2**31 + 1]


@pytest.mark.parametrize("n", DRAW_SIZES)
def test_draws_taken_ahead_are_the_generators_own_draws(n: int) -> None:
    """Served from blocks of outputs taken ahead, each number below n is the generator's own."""
    for seed in range(8):
        draws = kernel.Draws(random.Random(seed).getrandbits, ahead=True)
        reference = random.Random(seed)
        assert [draws.below(n) for _ in range(150)] == [reference.randrange(n) for _ in range(150)]


def test_draws_of_mixed_sizes_taken_ahead_are_the_generators_own_draws() -> None:
    """Numbers of every size drawn one after another are those the generator draws in turn."""
    sizes = [1, 2**31, 7, 2**32 - 1, 1, 54, 2, 2**31 + 1, 13] * 20
    for seed in range(5):
        draws = kernel.Draws(random.Random(seed).getrandbits, ahead=True)
        reference = random.Random(seed)
        assert [draws.below(n) for n in sizes] == [reference.randrange(n) for n in sizes]


def test_draws_take_outputs_ahead_only_when_asked() -> None:
    """Drawing ahead takes the generator's outputs 64 at a time; else one draw at a time."""
    assert kernel.Draws(random.Random(1).getrandbits).ahead is False
    assert kernel.Draws(random.Random(1).getrandbits, ahead=True).ahead is kernel.WORDS_IN_ORDER
    rng, reference = random.Random(4), random.Random(4)
    assert kernel.Draws(rng.getrandbits, ahead=True).below(3) == reference.randrange(3)
    if kernel.WORDS_IN_ORDER:
        reference.seed(4)
        reference.getrandbits(32 * 64)
    assert rng.random() == reference.random()


def test_a_random_deal_forces_the_king_on_a_heart_lead_only_under_that_rule() -> None:
    def bit(text: str) -> int:
        return Card.parse(text).mask

    def first_trick(king_on_heart_lead: bool, seed: int) -> list[int]:
        # Seat 0 can only lead 2H; seat 1 holds KH and 3H.
        hands = [bit("2H"), bit("KH") | bit("3H")]
        draws = [kernel.Draws(random.Random(seed * 2 + seat).getrandbits) for seat in range(2)]
        rules = deal_rules_of(2, follow_duty=bit("KH") if king_on_heart_lead else 0)
        tricks, winners, ended_early, _, _ = kernel.play_deal(
            hands, [0, 0], 0, 0, 0, draws, None, rules, [], 0
        )
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


# A pack without spades: the ace to the nine of the three other suits.
NO_SPADES = [
    Card(suit, rank).mask
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)
]


def _player_draws(seed: int, players: int) -> list[kernel.Draws]:
    return [kernel.Draws(random.Random(seed * 10 + seat).getrandbits) for seat in range(players)]


def test_a_whole_deal_is_its_pack_shuffled_cut_played_and_scored() -> None:
    """Piles first, the stock among them, then hands; the first trick's winner takes the kitty."""
    pack = [*NO_SPADES, bits("8C")]
    sizes = [2, 1, 4, 4, 4, 4]  # a kitty, a card laid aside, the stock, three hands
    rules = deal_rules_of(3, void=kernel.VOID_DRAW, broken=HEARTS, kitty=True)
    values = [1, 2, 4, 8, 16, 32, 64, 128, 256]
    groups = [(HEARTS, -1), (bits("QD"), -5)]
    for seed in range(6):
        got = kernel.whole_deal(
            pack,
            sizes,
            kernel.Draws(random.Random(seed).getrandbits),
            1,
            _player_draws(seed, 3),
            rules,
            values,
            groups,
            3,
            2,
        )
        cards = list(pack)
        random.Random(seed).shuffle(cards)
        kitty = cards[0] | cards[1]
        stock = [bit.bit_length() - 1 for bit in cards[3:7]]
        dealt = [sum(cards[7 + 4 * k : 11 + 4 * k]) for k in range(3)]
        hands, taken = list(dealt), [0, 0, 0]
        play = kernel.play_deal(
            hands, taken, 1, 0, 0, _player_draws(seed, 3), None, rules, stock, kitty
        )
        moves = sum(len(codes) for codes in play[0])
        points = kernel.deal_points(taken, play[1], values, groups)
        assert got == (points, moves, dealt, hands, taken, play)
        assert taken[play[1][0]] & kitty == kitty
        assert not play[4] & ~(HEARTS | SUIT_MASKS[Suit.DIAMONDS] | SUIT_MASKS[Suit.CLUBS])


def test_a_kitty_rule_gives_nothing_when_no_pile_is_laid_aside() -> None:
    """Without a pile laid aside, the first trick's winner takes the cards of the tricks alone."""
    rules = deal_rules_of(2, kitty=True)
    for seed in range(4):
        got = kernel.whole_deal(
            NO_SPADES,
            [9, 9],
            kernel.Draws(random.Random(seed).getrandbits),
            0,
            _player_draws(seed, 2),
            rules,
            [],
            [(kernel.SUITED, 1)],
            0,
            -1,
        )
        points, moves, dealt, hands, taken, _ = got
        assert (sum(points), moves, hands) == (18, 18, [0, 0])
        assert taken[0] | taken[1] == dealt[0] | dealt[1] == sum(NO_SPADES)
        assert taken[0] & taken[1] == 0


def test_a_match_to_a_total_ends_with_the_deal_that_reaches_it_exactly() -> None:
    """With no fixed length, the match ends after the deal that brings a total to ``until``."""
    rules = deal_rules_of(2)
    groups = [(kernel.SUITED, -1)]
    deals: list[kernel.MatchDeal] = [(0, rules, [], groups)]

    def deal_bits(number: int) -> Callable[[int], int]:
        return random.Random(number).getrandbits

    first = kernel.whole_deal(
        NO_SPADES,
        [9, 9],
        kernel.Draws(deal_bits(1)),
        0,
        _player_draws(3, 2),
        rules,
        [],
        groups,
        0,
        -1,
    )[0]
    until = min(first)
    assert kernel.whole_match(
        deals, 0, until, NO_SPADES, [9, 9], 0, -1, deal_bits, _player_draws(3, 2), False
    ) == (first, 1, 18)
    totals, number, moves = kernel.whole_match(
        deals, 0, until - 1, NO_SPADES, [9, 9], 0, -1, deal_bits, _player_draws(3, 2), False
    )
    assert number > 1 and moves == 18 * number and min(totals) < until


def test_a_match_may_shuffle_each_deal_from_outputs_taken_ahead() -> None:
    """Each deal's generator is read 64 outputs at a time when drawing ahead: the same match."""
    deals: list[kernel.MatchDeal] = [(0, deal_rules_of(2), [], [(HEARTS, -1)])]

    def run(ahead: bool) -> tuple[tuple[list[int], int, int], list[int]]:
        widths: list[int] = []

        def deal_bits(number: int) -> Callable[[int], int]:
            rng = random.Random(number)

            def getrandbits(width: int) -> int:
                widths.append(width)
                return rng.getrandbits(width)

            return getrandbits

        outcome = kernel.whole_match(
            deals, 3, 0, NO_SPADES, [9, 9], 0, -1, deal_bits, _player_draws(7, 2), ahead
        )
        return outcome, widths

    direct, narrow = run(False)
    ahead, wide = run(True)
    assert ahead == direct
    assert direct[1:] == (3, 54)
    assert narrow and all(width <= 5 for width in narrow)
    assert wide == ([32 * 64] * 3 if kernel.WORDS_IN_ORDER else narrow)


def _first_legal(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
    return legal & -legal


def test_the_kitty_goes_to_the_first_tricks_winner_under_its_rule_alone() -> None:
    """The first trick's winner takes the kitty, be it the ace of spades alone; not without the
    rule, and not in a deal played on from after its first trick."""

    def taken_after(kitty_rule: bool, tricks_done: int, kitty: int) -> list[int]:
        # 7S is led, 8S wins; then KH is led and AH wins.
        hands = [bits("AH 7S"), bits("KH 8S")]
        taken = [0, 0]
        rules = deal_rules_of(2, kitty=kitty_rule)
        _, winners, _, _, _ = kernel.play_deal(
            hands, taken, 0, tricks_done, 0, [], _first_legal, rules, [], kitty
        )
        assert winners == [1, 0] and hands == [0, 0]
        return taken

    assert taken_after(True, 0, bits("AS")) == [bits("AH KH"), bits("7S 8S AS")]
    assert taken_after(True, 0, bits("QD JC")) == [bits("AH KH"), bits("7S 8S QD JC")]
    assert taken_after(True, 1, bits("AS")) == [bits("AH KH"), bits("7S 8S")]
    assert taken_after(False, 0, bits("AS")) == [bits("AH KH"), bits("7S 8S")]


def test_a_card_barred_until_broken_may_lead_once_its_suit_is_broken() -> None:
    """A spade played to a heart lead breaks spades: the ace of spades, barred until then, may
    lead the next trick (where a diamond played to it breaks diamonds)."""
    rules = deal_rules_of(2, broken=bits("AS"))
    picks = [bits(text) for text in ("AH", "KS", "AS", "3D", "2D", "4D")]
    offered: list[int] = []

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        offered.append(legal)
        return picks[len(offered) - 1]

    hands = [bits("AH AS 2D"), bits("KS 3D 4D")]
    tricks, winners, early, drawn, broken = kernel.play_deal(
        hands, [0, 0], 0, 0, 0, [], choose, rules, [], 0
    )
    assert offered == [bits(t) for t in ("AH 2D", "KS 3D 4D", "AS 2D", "3D 4D", "2D", "4D")]
    assert (winners, early, drawn, broken) == (
        [0, 0, 1],
        False,
        [],
        SPADES | SUIT_MASKS[Suit.DIAMONDS],
    )
    assert tricks[1][0] == kernel.play_code(0, Card.parse("AS").index)


def test_a_chooser_asked_to_lead_from_empty_hands_is_refused() -> None:
    """With no card in any hand, the leader is asked to lead as the trick's last player, from
    no legal card, and whatever he gives is refused."""
    asked: list[tuple[int, int, int, int, bool]] = []

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        asked.append((seat, legal, trick_mask, led, last))
        return 1

    with pytest.raises(ValueError) as info:
        kernel.play_deal([0, 0, 0], [0, 0, 0], 1, 0, 0, [], choose, deal_rules_of(3), [], 0)
    assert str(info.value) == "the chooser gave 0x1, not one card of 0x0"
    assert asked == [(1, 0, 0, 0, True)]


class _Noted(random.Random):
    """A generator that notes how many bits each of its draws asks for."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.widths: list[int] = []

    def getrandbits(self, k: int, /) -> int:
        self.widths.append(k)
        return super().getrandbits(k)


# Seat 0 leads the ace of spades; seat 1, void, draws the king of hearts and the nine of spades
# and follows with the nine; the deal stops with seat 0 out of cards, seat 1 taking the rest.
_DRAW_HANDS = ("AS", "7H")
_DRAW_STOCK = ("KH", "9S", "2C")


def test_a_forced_draw_is_drawn_from_its_one_move_as_choice_draws() -> None:
    """The draw from the stock is the follower's one move: his generator is asked for it as
    ``choice`` asks for a pick among one, and then for the card he follows with."""
    rules = deal_rules_of(2, void=kernel.VOID_DRAW)
    nine = Card.parse("9S").index
    for seed in range(6):
        generators = [_Noted(seed * 2 + seat) for seat in range(2)]
        hands = [bits(text) for text in _DRAW_HANDS]
        taken = [0, 0]
        stock = [Card.parse(text).index for text in _DRAW_STOCK]
        draws = [kernel.Draws(rng.getrandbits) for rng in generators]
        play = kernel.play_deal(hands, taken, 0, 0, 0, draws, None, rules, stock, 0)
        assert play == (
            [
                [
                    kernel.play_code(0, 0),
                    kernel.play_code(1, kernel.DRAW_INDEX),
                    kernel.play_code(1, nine),
                ]
            ],
            [0],
            False,
            [bits("KH 9S")],
            0,
        )
        assert (hands, taken, stock) == ([0, 0], [bits("AS 9S"), bits("7H KH 2C")], [])
        leader, follower = _Noted(seed * 2), _Noted(seed * 2 + 1)
        leader.choice(["AS"])
        follower.choice(["draw"])
        follower.choice(["9S"])
        assert generators[0].widths == leader.widths
        assert generators[1].widths == follower.widths
        assert generators[1].getstate() == follower.getstate()


def test_a_chooser_sees_the_cards_a_forced_draw_brought_into_the_hand() -> None:
    """After a draw from the stock, the follower's hand holds the cards drawn when he is asked
    for his card."""
    rules = deal_rules_of(2, void=kernel.VOID_DRAW)
    hands = [bits(text) for text in _DRAW_HANDS]
    seen: list[tuple[int, int]] = []

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        seen.append((legal, hands[seat]))
        return legal & -legal

    stock = [Card.parse(text).index for text in _DRAW_STOCK]
    _, winners, _, drawn, _ = kernel.play_deal(hands, [0, 0], 0, 0, 0, [], choose, rules, stock, 0)
    assert (winners, drawn) == ([0], [bits("KH 9S")])
    assert seen == [(bits("AS"), bits("AS")), (bits("9S"), bits("7H KH 9S"))]


@pytest.mark.parametrize(
    ("given", "why"),
    [("3D", "a card that does not follow"), ("KH 3D", "two cards, one of them legal")],
)
def test_a_chooser_that_follows_with_an_illegal_card_is_refused(given: str, why: str) -> None:
    """Seat 1 holds a heart to follow the ace of hearts: a diamond, or the heart with a
    diamond besides, is refused by name."""
    gave = bits(given)

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        return bits("AH") if seat == 0 else gave

    hands = [bits("AH 2S"), bits("KH 3D")]
    with pytest.raises(ValueError) as info:
        kernel.play_deal(hands, [0, 0], 0, 0, 0, [], choose, deal_rules_of(2), [], 0)
    assert str(info.value) == f"the chooser gave {gave:#x}, not one card of {bits('KH'):#x}", why
