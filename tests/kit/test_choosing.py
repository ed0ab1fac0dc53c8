"""A choice of contract drawn at random as data: ``ChooseContract.open_at_random``."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib.engine.kernel import Draws
from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import ChoicePlan, ChooseContract, DeclareTrump
from kinglib.values.cards import Suit
from kinglib.values.deals import Phase
from kinglib.values.moves import Bid, Choose, Declare, Move, Pass
from kinglib_variants import brazilian
from kinglib_variants.brazilian import BrazilianChoice

SUITS = tuple(Suit)


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
def test_brazilian_choice_opens_the_play_after_the_auction_of_trumps(seed: int) -> None:
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
    assert opening is not None and opening.contract is not None
    # The moves drawn at once are those drawn move by move, the auction's included.
    after = state
    for drawn in opening.moves:
        seat = after.to_move
        assert seat is not None
        now = rules.phase_for(after)
        moves = now.legal_moves(after)
        assert moves[by_move[seat].below(len(moves))] == drawn
        after = now.apply(after, drawn)
    assert after.phase is Phase.PLAY
    assert (after.contract_info, after.maker, after.trump) == (
        opening.contract,
        opening.maker,
        opening.trump,
    )
    if opening.contract.id == "trumps":
        assert isinstance(opening.moves[1], (Bid, Pass)) and opening.settle is not None
        assert opening.details == brazilian.kinglib_deal_details(after)
    else:
        assert len(opening.moves) == 1 and opening.settle is None
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_a_brazilian_choice_with_its_own_apply_draws_nothing() -> None:
    """A house rule's choice that applies its own way is left to be played move by move."""

    class OwnChoice(BrazilianChoice):
        def apply(self, state: State, move: Move) -> State:
            return super().apply(state, move)

    rules = kinglib.load_rules("brazilian")
    state = rules.new_match(seed=4)
    assert state.phase is Phase.CHOOSE
    phase = rules.phase_for(state)
    assert isinstance(phase, BrazilianChoice)
    own = OwnChoice(rules, phase.plan, start_play)
    draws = draws_for(4)
    assert own.open_at_random(state, draws) is None
    assert [d.below(2**32) for d in draws] == [d.below(2**32) for d in draws_for(4)]
    assert phase.open_at_random(state, draws_for(4)) is not None


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


class OwnDeclaration(DeclareTrump):
    """A house rule's declaration: its own ``apply`` (here the kit's, called through)."""

    def apply(self, state: State, move: Move) -> State:
        return super().apply(state, move)


class OwnDeclarations(DeclareTrump):
    """A house rule's declaration: its own legal moves (spades only)."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        return (Declare(Suit.SPADES),)


def go_on(state: State) -> State:
    return start_play(state)


def test_a_declaration_opens_the_play_only_by_the_kits_own_rules() -> None:
    assert DeclareTrump(SUITS, start_play).opens_to_play()
    assert not DeclareTrump(SUITS, go_on).opens_to_play()
    assert not OwnDeclaration(SUITS, start_play).opens_to_play()
    assert not OwnDeclarations(SUITS, start_play).opens_to_play()
    rules = kinglib.load_rules("turkish")
    state = rules.new_deal("trumps", rules.deal(0, random.Random(5)).hands, dealer=0)
    assert OwnDeclaration(SUITS, start_play).open_at_random(state, draws_for(5)) is None


class HouseDeclaration:
    """A house rule whose DECLARE phase has an ``apply`` of its own."""

    @kinglib.hookimpl
    def kinglib_phases(self, rules: kinglib.Rules) -> dict[Phase, PhaseRules]:
        return {Phase.DECLARE: OwnDeclaration(SUITS, start_play)}


def test_a_trump_round_chosen_before_a_declaration_of_its_own_opens_only_the_choice() -> None:
    """The choice is drawn; the trump is left to the house rule's phase, on states."""
    rules = kinglib.load_rules("turkish", plugins=[HouseDeclaration()])
    for seed in range(200):
        state = rules.new_match(seed=seed)
        phase = rules.phase_for(state)
        assert isinstance(phase, ChooseContract)
        draws = draws_for(seed)
        opening = phase.open_at_random(state, draws)
        assert opening is not None
        choice = opening.moves[0]
        assert isinstance(choice, Choose)
        if rules.contracts[choice.contract].trump_round:
            break
    else:
        pytest.fail("no trumps chosen first in 200 matches")
    assert opening.moves == (choice,)
    assert (opening.contract, opening.trump, opening.maker) == (None, None, None)
    after = state.apply(opening.moves[0])
    assert after.phase is Phase.DECLARE and after.contract == "trumps"


@attrs.frozen
class FirstDealAnything(ChoicePlan):
    """A house plan whose first deal may be any contract, beyond the plan's own."""

    def choices(
        self, state: State, seat: int, choosers: tuple[int, ...] | None = None
    ) -> tuple[str, ...]:
        offered = super().choices(state, seat, choosers)
        if state.deal_number > 1:
            return offered
        return (*offered, *(c for c in state.rules.contracts if c not in offered))


def test_a_plan_may_offer_a_contract_beyond_its_order() -> None:
    rules = kinglib.load_rules("turkish")
    plan = FirstDealAnything(deals=4, shared=(("no_tricks", 4),))
    phase = ChooseContract(rules, plan, start_play)
    state = rules.new_match(seed=2)
    moves = phase.legal_moves(state)
    assert moves == tuple(
        Choose(c) for c in ("no_tricks", *(c for c in rules.contracts if c != "no_tricks"))
    )
