"""The fan-tan layout of the variant kit played at random in one step agrees with its moves."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib.engine.flow import deal_result
from kinglib.engine.kernel import Draws
from kinglib.engine.state import State
from kinglib.kit.fan_tan import FanTan, FanTanPlay, fan_tan_points, fan_tan_record, playable_mask
from kinglib.testing import play_out
from kinglib.values.cards import Rank
from kinglib.values.deals import Phase

#: Variants with a fan-tan deal, with the options that change how it is laid out.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("kierki", {}),
    ("kierki", {"fan_tan_start": "any"}),
    ("kierki", {"fan_tan_start": "A"}),
    ("barbu", {"fan_tan_start": "J"}),
]


def fan_tan_deal(variant: str, options: dict[str, Any], seed: int) -> State:
    """A fan-tan deal of ``variant`` from hands shuffled with ``seed``, its layout begun."""
    rules = kinglib.load_rules(variant, **options)
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    hands = [kinglib.CardSet(cards[seat::4]) for seat in range(4)]
    state = rules.new_deal("fan_tan", hands, dealer=seed % 4)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:  # barbu's doubling round
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def draws_for(seed: int) -> list[Draws]:
    return [Draws(random.Random(seed * 4 + seat).getrandbits) for seat in range(4)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.integers(0, 30))
def test_the_rest_played_in_one_step_is_the_deal_played_move_by_move(
    case: tuple[str, dict[str, Any]], seed: int, first: int
) -> None:
    variant, options = case
    state = fan_tan_deal(variant, options, seed)
    play = state.rules.phase_for(state)
    assert isinstance(play, FanTanPlay)
    rng = random.Random(seed)
    for _ in range(first):  # some moves made first, on states
        state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over:
            return
    one, by_move = draws_for(seed), draws_for(seed)
    end = play.play_rest_at_random(state, one)
    assert end is not None and end.to_move is None
    while True:
        seat = state.to_move
        assert seat is not None
        moves = play.legal_moves(state)
        after = play.apply(state, moves[by_move[seat].below(len(moves))])
        if after.is_over:
            break
        state = after
    # The deal is scored as it ends: the state before scoring is the one-step end.
    assert after.results[-1] == deal_result(end, ended_early=False)
    assert after.past_moves[-1] == end.deal_moves
    assert sum(1 for hand in end.hands_mask if hand) <= 1  # all out but one
    # Both drew the same numbers: the generators stand at the same place.
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_other_phases_play_a_move_at_a_time() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=1)
    assert rules.phase_for(state).play_rest_at_random(state, draws_for(1)) is None


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(CASES), st.integers(0, 2**32))
def test_a_sample_keeps_every_card_laid_out_with_the_seat_that_laid_it(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    # Late in the layout, when seats have gone out and are passed over, as well as early.
    variant, options = case
    state = fan_tan_deal(variant, options, seed)
    rng = random.Random(seed)
    checked_after_out = 0
    while not state.is_over:
        if fan_tan_record(state).out or not state.pile("layout"):
            checked_after_out += bool(fan_tan_record(state).out)
            for seat in range(state.players):
                view = state.view(seat)
                world = view.sample(random.Random(seed + seat))
                assert world.view(seat).to_dict() == view.to_dict()
                assert world.hands_mask[seat] == state.hands_mask[seat]
        state = state.apply(rng.choice(state.legal_moves()))
    assert checked_after_out >= 1


def test_a_row_opens_with_any_card_only_while_nothing_is_laid_out() -> None:
    deck = kinglib.load_rules("kierki").deck.mask
    assert playable_mask(0, None, deck) == deck
    seven = kinglib.Card.parse("7S").mask
    assert playable_mask(seven, None, deck) == 0
    # From the sevens: each row's seven, then the cards next to the seven laid.
    opening = playable_mask(seven, Rank.SEVEN, deck)
    assert kinglib.CardSet.from_mask(opening) == kinglib.CardSet.parse("8S 6S 7H 7D 7C")


def test_places_past_the_prices_score_nothing() -> None:
    # A contract priced for the first two places only: the others score 0.
    state = play_out(fan_tan_deal("kierki", {}, 3), rng=random.Random(3))
    end = state.results[-1]
    order = end.detail("places")
    laid = fan_tan_deal("kierki", {}, 3)
    assert laid.contract_info is not None
    priced = attrs.evolve(laid.contract_info, trick_values=(40, 20), total=None)
    finished = laid.evolve(
        contract_info=priced, hands_mask=(0,) * 4, aux=FanTan(start=Rank.SEVEN, out=order[:-1])
    )
    points = fan_tan_points(finished)
    assert points[order[0]] == 40 and points[order[1]] == 20
    assert points[order[2]] == 0 and points[order[3]] == 0


@pytest.mark.parametrize(("start", "rank"), [("7", Rank.SEVEN), ("A", Rank.ACE), ("any", None)])
def test_a_deal_without_its_record_yet_starts_from_the_rank_the_option_fixes(
    start: str, rank: Rank | None
) -> None:
    state = fan_tan_deal("kierki", {"fan_tan_start": start}, 1).evolve(aux=None)
    assert fan_tan_record(state) == FanTan(start=rank)
