"""A choice of contract drawn at random as data: ``ChooseContract.open_at_random``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib.engine.kernel import Draws
from kinglib.engine.state import State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import ChooseContract, DeclareTrump
from kinglib.values.deals import Phase
from kinglib.values.moves import Choose


def draws_for(seed: int) -> list[Draws]:
    return [Draws(random.Random(seed * 4 + seat).getrandbits) for seat in range(4)]


def chosen_deal(seed: int, deals: int) -> State:
    """A turkish match from ``seed`` with ``deals`` deals played at random, the next one dealt."""
    rules = kinglib.load_rules("turkish")
    state = rules.new_match(seed=seed)
    rng = random.Random(seed)
    while len(state.results) < deals:
        state = state.apply(rng.choice(state.legal_moves()))
    while state.phase is not Phase.CHOOSE:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 19))
def test_the_opening_drawn_is_the_choice_made_move_by_move(seed: int, deals: int) -> None:
    state = chosen_deal(seed, deals)
    rules = state.rules
    phase = rules.phase_for(state)
    assert isinstance(phase, ChooseContract)
    one, by_move = draws_for(seed), draws_for(seed)
    opening = phase.open_at_random(state, one)
    assert opening is not None
    after = state
    while after.phase is not Phase.PLAY:
        seat = after.to_move
        assert seat is not None
        moves = rules.phase_for(after).legal_moves(after)
        after = rules.phase_for(after).apply(after, moves[by_move[seat].below(len(moves))])
    assert after.deal_moves == opening.moves
    assert isinstance(opening.moves[0], Choose)
    assert (after.contract_info, after.trump, after.maker) == (
        opening.contract,
        opening.trump,
        opening.maker,
    )
    # Nothing else changes: the card play opens on the dealt hands.
    assert after.hands_mask == state.hands_mask
    assert opening.contract is not None
    assert len(opening.moves) == (2 if opening.contract.trump_round else 1)
    # Both drew the same numbers: the generators stand at the same place.
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_a_trump_round_chosen_names_its_trump_in_the_same_opening() -> None:
    # Seat 2 has chosen trumps twice... until the forcing rule leaves trumps the only move.
    for seed in range(200):
        state = chosen_deal(seed, 19)
        phase = state.rules.phase_for(state)
        assert isinstance(phase, ChooseContract)
        if phase.legal_moves(state) == (Choose("trumps"),):
            break
    else:
        pytest.fail("no last deal forced to trumps in 200 matches")
    opening = phase.open_at_random(state, draws_for(7))
    assert opening is not None and opening.contract is not None
    assert opening.contract.id == "trumps"
    assert opening.trump is not None and str(opening.moves[1]) == f"declare {opening.trump}"


def test_a_choice_that_leads_elsewhere_draws_nothing() -> None:
    # Barbu's choice opens a doubling round: its own ``proceed``.
    rules = kinglib.load_rules("barbu")
    state = rules.new_match(seed=3)
    phase = rules.phase_for(state)
    assert isinstance(phase, ChooseContract)
    draws = draws_for(3)
    assert phase.open_at_random(state, draws) is None
    assert [d.below(2**32) for d in draws] == [d.below(2**32) for d in draws_for(3)]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_brazilian_trumps_chosen_opens_its_auction_not_the_play(seed: int) -> None:
    rules = kinglib.load_rules("brazilian")
    state = rules.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(10)):  # a few deals played first
        number = state.deal_number
        while state.deal_number == number and not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
    assert state.phase is Phase.CHOOSE
    phase = rules.phase_for(state)
    one, by_move = draws_for(seed), draws_for(seed)
    opening = phase.open_at_random(state, one)
    assert opening is not None and len(opening.moves) == 1
    seat = state.to_move
    assert seat is not None
    moves = phase.legal_moves(state)
    after = phase.apply(state, moves[by_move[seat].below(len(moves))])
    assert after.deal_moves == opening.moves
    if opening.contract is None:
        assert after.phase is Phase.BID  # trumps: auctioned
    else:
        assert after.phase is Phase.PLAY
        assert (after.contract_info, after.maker) == (opening.contract, opening.maker)
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_a_declaration_that_goes_to_the_play_is_drawn_too() -> None:
    rules = kinglib.load_rules("turkish")
    state = rules.new_deal("trumps", rules.deal(0, random.Random(5)).hands, dealer=0)
    phase = rules.phase_for(state)
    assert isinstance(phase, DeclareTrump) and phase.opens_to_play()
    opening = phase.open_at_random(state, draws_for(5))
    assert opening is not None
    after = state.apply(opening.moves[0])
    assert after == start_play(state.after(opening.moves[0], trump=opening.trump))
    assert (opening.contract, opening.maker) == (after.contract_info, after.maker)


def test_other_phases_open_nothing() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=1)
    assert rules.phase_for(state).open_at_random(state, draws_for(1)) is None
