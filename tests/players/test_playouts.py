"""Playouts of the search bot: the chooser-driven kernel loop, the greedy players, the scores."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import State
from kinglib.apps.tournament import make_bot
from kinglib.engine.kernel import Chooser, DealRules, Draws, deal_rules_of, drawn_bit, play_deal
from kinglib.engine.random_match import kernel_trick_play
from kinglib.engine.state import Phase
from kinglib.players.playouts import Playout, greedy_chooser
from kinglib.players.search import SearchBot
from kinglib.values.cards import SUIT_MASKS, Card
from tests.support import given_deal, play_randomly, rules_for

KERNEL_VARIANTS = [
    v for v in kinglib.variant_names() if kernel_trick_play(kinglib.load_rules(v)) is not None
]


def bits(text: str) -> int:
    """The mask of the cards written in ``text``."""
    mask = 0
    for word in text.split():
        mask |= Card.parse(word).mask
    return mask


def deal_start(variant: str, seed: int) -> State:
    """A single deal of ``variant`` at the start of its card play (a contract played by tricks)."""
    rules = rules_for(variant)
    ids = sorted(rules.contracts)
    index = seed % 7
    while not rules.contracts[ids[index % len(ids)]].trick_rules.trick_play:
        index += 1
    state = given_deal(rules, seed, index, seed % rules.players)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def kernel_inputs(state: State) -> tuple[list[int], list[int], int, int, DealRules]:
    trick_play = kernel_trick_play(state.rules, state)
    assert trick_play is not None
    deal_rules = trick_play.deal_rules(state)
    assert state.to_move is not None
    return (
        list(state.hands_mask),
        list(state.taken_mask),
        state.to_move,
        len(state.tricks),
        deal_rules,
    )


def play_deal_by(
    hands: list[int],
    taken: list[int],
    leader: int,
    done: int,
    choose: Chooser,
    rules: DealRules,
) -> tuple[list[list[int]], list[int], bool]:
    """The kernel's one loop with a chooser and no stock: tricks, winners, early end."""
    tricks, winners, early, _, _ = play_deal(
        hands, taken, leader, done, 0, [], choose, rules, [], 0
    )
    return tricks, winners, early


def play_deal_drawn(
    hands: list[int],
    taken: list[int],
    leader: int,
    done: int,
    draws: list[Any],
    rules: DealRules,
) -> tuple[list[list[int]], list[int], bool]:
    """The kernel's one loop drawing at random, no stock: tricks, winners, early end."""
    drawn = [Draws(bits) for bits in draws]
    tricks, winners, early, _, _ = play_deal(
        hands, taken, leader, done, 0, drawn, None, rules, [], 0
    )
    return tricks, winners, early


# ----------------------------------------------------------------------------- the kernel loop


@pytest.mark.parametrize("variant", KERNEL_VARIANTS)
def test_play_deal_by_with_random_choices_plays_as_play_deal(variant: str) -> None:
    for seed in range(12):
        state = deal_start(variant, seed)
        hands, taken, leader, done, deal_rules = kernel_inputs(state)
        draws = [random.Random(seed * 10 + s).getrandbits for s in range(len(hands))]
        expected = play_deal_drawn(hands, taken, leader, done, draws, deal_rules)

        hands2, taken2, _, _, _ = kernel_inputs(state)
        draws2 = [random.Random(seed * 10 + s).getrandbits for s in range(len(hands))]

        def drawn(
            seat: int, legal: int, trick_mask: int, led: int, last: bool, draws: Any = draws2
        ) -> int:
            return drawn_bit(legal, draws[seat])

        assert play_deal_by(hands2, taken2, leader, done, drawn, deal_rules) == expected
        assert (hands2, taken2) == (hands, taken)


def test_play_deal_by_refuses_a_card_the_rules_do_not_allow() -> None:
    state = deal_start("simple", 3)
    hands, taken, leader, done, deal_rules = kernel_inputs(state)
    held = hands[leader]

    def wrong(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        return ~held & (1 << 52) - 1 & -(~held & (1 << 52) - 1)  # a card the leader lacks

    with pytest.raises(ValueError, match="not one card of"):
        play_deal_by(hands, taken, leader, done, wrong, deal_rules)

    def two(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        return legal  # every legal card at once

    with pytest.raises(ValueError, match="not one card of"):
        play_deal_by(list(state.hands_mask), taken, leader, done, two, deal_rules)


def test_the_chooser_is_told_who_plays_last() -> None:
    state = deal_start("simple", 5)
    hands, taken, leader, done, deal_rules = kernel_inputs(state)
    seen: list[tuple[int, bool]] = []

    def first(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        seen.append((seat, last))
        return legal & -legal

    tricks, _, _ = play_deal_by(hands, taken, leader, done, first, deal_rules)
    plays = [code >> 6 for trick in tricks for code in trick]
    assert [seat for seat, _ in seen] == plays
    flags = [last for _, last in seen]
    assert flags == [k % 4 == 3 for k in range(len(flags))]


def random_hands(rng: random.Random, players: int) -> list[int]:
    """Equal hands of 13 cards (four players) or 12 (two or three) from a shuffled pack."""
    pack = list(range(52))
    rng.shuffle(pack)
    size = 13 if players == 4 else 12
    return [sum(1 << i for i in pack[k * size : (k + 1) * size]) for k in range(players)]


def every_kind_of_deal_rules() -> list[DealRules]:
    """Deal rules with every flag on and off, trumps barred or not, misère and early ends."""
    hearts = bits("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")
    king = bits("KH")
    found: list[DealRules] = []
    for players, no_heart_lead, king_on_heart_lead, king_on_void in itertools.product(
        (2, 3, 4), (False, True), (False, True), (False, True)
    ):
        for trumps, barred, maker in ((0, 0, -1), (SPADES, 0, -1), (SPADES, SPADES, 1)):
            for misere, (early_end, last_scoring, scoring) in itertools.product(
                (False, True), ((False, 0, 0), (True, 3, hearts), (True, 0, hearts))
            ):
                found.append(
                    deal_rules_of(
                        players,
                        never=hearts if no_heart_lead else 0,
                        follow_duty=king if king_on_heart_lead else 0,
                        void_duty=king if king_on_void else 0,
                        trumps=trumps,
                        maker_only=barred,
                        maker=maker,
                        misere=misere,
                        early_end=early_end,
                        last_scoring=last_scoring,
                        scoring=scoring,
                    )
                )
    return found


def test_play_deal_by_plays_as_play_deal_under_every_kind_of_deal_rules() -> None:
    """The chooser-driven deal, drawing as ``play_deal`` draws, plays the same cards."""
    ended_early = 0
    for number, deal_rules in enumerate(every_kind_of_deal_rules()):
        rng = random.Random(number)
        players = deal_rules[0]
        hands = random_hands(rng, players)
        leader = number % players
        hands2, taken, taken2 = list(hands), [0] * players, [0] * players
        draws = [random.Random(number * 10 + s).getrandbits for s in range(players)]
        expected = play_deal_drawn(hands, taken, leader, 0, draws, deal_rules)
        draws2 = [random.Random(number * 10 + s).getrandbits for s in range(players)]

        def drawn(
            seat: int, legal: int, trick_mask: int, led: int, last: bool, draws: Any = draws2
        ) -> int:
            return drawn_bit(legal, draws[seat])

        assert play_deal_by(hands2, taken2, leader, 0, drawn, deal_rules) == expected
        assert (hands2, taken2) == (hands, taken)
        ended_early += expected[2]
    assert ended_early  # the early end is among the cases


def test_the_chooser_sees_the_trick_so_far_and_the_led_suit() -> None:
    for number, deal_rules in enumerate(every_kind_of_deal_rules()[::7]):
        rng = random.Random(number)
        hands = random_hands(rng, deal_rules[0])
        calls: list[tuple[int, int, int]] = []

        def highest(
            seat: int, legal: int, trick_mask: int, led: int, last: bool, calls: Any = calls
        ) -> int:
            calls.append((legal, trick_mask, led))
            return 1 << (legal.bit_length() - 1)

        tricks, _, _ = play_deal_by(hands, [0] * deal_rules[0], 0, 0, highest, deal_rules)
        seen = iter(calls)
        for trick in tricks:
            so_far = 0
            led_suit = SUIT_MASKS[(trick[0] & 63) // 13]
            for k, code in enumerate(trick):
                legal, trick_mask, led = next(seen)
                assert (trick_mask, led) == ((0, 0) if k == 0 else (so_far, led_suit))
                assert 1 << (code & 63) == 1 << (legal.bit_length() - 1)
                so_far |= 1 << (code & 63)
        assert next(seen, None) is None


def test_play_deal_by_names_the_card_it_refuses_and_what_was_allowed() -> None:
    rules: DealRules = deal_rules_of(2)
    leads = bits("2S 3S")

    def lead_with(card: int) -> Chooser:
        given: list[int] = []

        def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
            given.append(card)  # the wrong card once, then the lowest allowed
            return card if len(given) == 1 else legal & -legal

        return choose

    for wrong in (bits("4S"), bits("2S 3S")):  # a card not held, two cards at once
        hands = [leads, bits("4S 5H")]
        with pytest.raises(ValueError) as info:
            play_deal_by(hands, [0, 0], 0, 0, lead_with(wrong), rules)
        assert str(info.value) == f"the chooser gave {wrong:#x}, not one card of {leads:#x}"

    def follow_with_the_heart(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        return legal & -legal if seat == 0 else bits("5H")

    with pytest.raises(ValueError) as info:
        play_deal_by([leads, bits("4S 5H")], [0, 0], 0, 0, follow_with_the_heart, rules)
    message = f"the chooser gave {bits('5H'):#x}, not one card of {bits('4S'):#x}"
    assert str(info.value) == message


# ----------------------------------------------------------------------------- greedy players


def chooser(contract: str, trump: str | None = None) -> Chooser:
    rules = rules_for("simple")
    info = rules.contracts[contract]
    trumps = bits(" ".join(f"{r}{trump}" for r in "AKQJT98765432")) if trump else 0
    deal_rules: DealRules = deal_rules_of(4, trumps=trumps, early_end=True, last_scoring=13)
    return greedy_chooser(info, deal_rules)


SPADES = bits("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")


def test_in_a_penalty_deal_it_ducks_with_its_highest_losing_card() -> None:
    choose = chooser("no_tricks")
    got = choose(0, bits("AS QS 9S 2S"), bits("KS"), SPADES, False)
    assert got == bits("QS")


def test_in_a_penalty_deal_it_sheds_a_costly_card_when_void() -> None:
    choose = chooser("no_hearts")
    got = choose(0, bits("AD 8H 7C"), bits("KS"), SPADES, False)
    assert got == bits("8H")  # the heart costs; the ace of diamonds does not
    choose = chooser("no_tricks")
    assert choose(0, bits("AD 8H 7C"), bits("KS"), SPADES, False) == bits("AD")


def test_in_a_penalty_deal_it_takes_with_its_highest_card_when_it_must() -> None:
    choose = chooser("no_tricks")
    assert choose(0, bits("AS QS"), bits("JS"), SPADES, True) == bits("AS")


def test_in_a_penalty_deal_it_leads_its_lowest_card_that_scores_nothing() -> None:
    choose = chooser("no_hearts")
    assert choose(0, bits("AS 7H 8C"), 0, 0, False) == bits("8C")
    assert choose(0, bits("AH 7H"), 0, 0, False) == bits("7H")


def test_in_a_positive_deal_it_wins_cheaply_when_last_and_high_otherwise() -> None:
    choose = chooser("tricks")
    assert choose(0, bits("AS QS 7S"), bits("JS"), SPADES, True) == bits("QS")
    assert choose(0, bits("AS QS 7S"), bits("JS"), SPADES, False) == bits("AS")
    assert choose(0, bits("QS 7S"), bits("KS"), SPADES, False) == bits("7S")
    assert choose(0, bits("KD 7S 9C"), 0, 0, False) == bits("KD")


def test_in_a_trump_round_it_trumps_a_trick_it_cannot_win_by_following() -> None:
    choose = chooser("trumps", trump="H")
    # void in spades, holding trumps: the rules allow only trumps, the cheapest wins when last
    assert choose(0, bits("AH 7H"), bits("KS AS"), SPADES, True) == bits("7H")


# ----------------------------------------------------------------------------- scores


def card_by_card(playout: Playout, state: State, seat: int) -> int:
    """The greedy playout a move at a time through ``State.apply``, scored by the engine.

    ``Playout.move`` picks every card with the phase's own trick winner, never the kernel.
    """
    deal = state.deal_number
    rng = random.Random(0)
    while not state.is_over and state.deal_number == deal:
        state = state.apply(playout.move(state, rng))
    results = state.results
    return results[deal - 1].points[seat] if len(results) >= deal else 0


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(KERNEL_VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 60),
    st.integers(0, 2**32),
)
def test_a_kernel_playout_scores_what_the_engine_scores(
    variant: str, seed: int, steps: int, move_seed: int
) -> None:
    rules = rules_for(variant)
    state = play_randomly(rules.new_match(seed=seed), steps, move_seed)
    if state.is_over:
        return
    playout = Playout(rules)
    for seat in range(rules.players):
        assert playout.points(state, seat, random.Random(1)) == card_by_card(playout, state, seat)


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_playouts_reach_the_end_of_the_deal_in_every_variant(variant: str) -> None:
    rules = rules_for(variant)
    for kind in ("greedy", "random"):
        playout = Playout(rules, kind)
        state = play_randomly(rules.new_match(seed=11), 9, 2)
        points = [playout.points(state, seat, random.Random(3)) for seat in range(rules.players)]
        again = [playout.points(state, seat, random.Random(3)) for seat in range(rules.players)]
        assert points == again
        final = state
        rng = random.Random(5)
        while final.deal_number == state.deal_number and not final.is_over:
            final = final.apply(rng.choice(final.legal_moves()))
        assert len(points) == rules.players


def test_an_unknown_playout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown playout 'smart'"):
        Playout(rules_for("simple"), "smart")
    with pytest.raises(ValueError, match="unknown playout 'smart'"):
        SearchBot(playout="smart")
    with pytest.raises(kinglib.RulesError, match="playout is one of greedy, random"):
        make_bot("search:playout=smart", 0)


def test_the_search_bot_plays_with_either_playout() -> None:
    rules = rules_for("simple")
    for kind in ("greedy", "random"):
        bot = make_bot(f"search:worlds=2,playout={kind}", 0)
        assert isinstance(bot, SearchBot) and bot.playout == kind
        final = kinglib.play(rules, [bot, *(make_bot("heuristic", 0) for _ in range(3))], seed=2)
        assert final.is_over
