"""kinglib.testing itself: the strategies, the declared invariants and the pytest plugin."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib.engine.dealing import Deal
from kinglib.plugins.invariants import Invariants, contract_total, invariants_of
from kinglib.testing import HandBuilt, deal_from_text, strategies
from tests.conftest import KINGLIB_PLUGIN_ARGS

SIMPLE = kinglib.load_rules("simple")


def test_simple_declares_zero_sum_and_its_length() -> None:
    inv = invariants_of(SIMPLE)
    assert inv.zero_sum and inv.deals == 14 and inv.threshold is None
    assert inv.deal_total is contract_total


def test_the_default_declares_contract_totals_only() -> None:
    from kinglib.plugins import defaults

    assert defaults.kinglib_invariants(rules=SIMPLE) == Invariants()
    assert not Invariants().zero_sum and Invariants().deals is None
    plain = kinglib.load_rules("ordered")
    assert invariants_of(plain).zero_sum  # ordered declares its own


@given(strategies.seeds())
def test_seeds_are_32_bit(seed: int) -> None:
    assert 0 <= seed < 2**32


@given(strategies.states(SIMPLE, max_moves=40), st.data())
def test_states_are_reachable_and_moves_legal(state: kinglib.State, data: st.DataObject) -> None:
    assert len(state.moves) <= 40
    replayed = SIMPLE.new_match(seed=state.seed or 0)
    for move in state.moves:
        replayed = replayed.apply(move)
    assert replayed == state
    move = data.draw(strategies.moves(state))
    assert move in state.legal_moves()


@given(strategies.deals(SIMPLE, ["no_king", "trumps"]))
def test_deals_use_the_given_contracts_and_every_card(state: kinglib.State) -> None:
    assert state.contract in ("no_king", "trumps")
    assert state.deal_number == 1 and state.seed is None
    every = kinglib.CardSet()
    for hand in state.hands:
        assert len(hand) == 8
        every |= hand
    assert every == SIMPLE.deck
    if state.contract == "trumps":
        assert state.trump is not None


HANDS_DEAL = """
    no_king dealer=3
    0: AS KS QS JS TS 9S 8S 7S
    1: KH AH QH JH TH 9H 8H 7H
    2: AD KD QD JD TD 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""
#: The hands of ``HANDS_DEAL``, seat 0 first.
HANDS = list(HandBuilt.parse(HANDS_DEAL).hands)


def test_moves_of_a_finished_state_are_refused() -> None:
    state = deal_from_text(SIMPLE, HANDS_DEAL)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(ValueError, match="is over: it has no moves"):
        strategies.moves(state)
    with pytest.raises(ValueError, match="at least one contract"):
        strategies.deals(SIMPLE, [])


def test_the_plugin_gives_seeds_and_a_checker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_kit="""
        import kinglib

        def test_seeds(kinglib_seeds):
            assert kinglib_seeds == (0, 1)

        def test_check(kinglib_check):
            kinglib_check(kinglib.load_rules("simple", players=3))
        """
    )
    result = pytester.runpytest_inprocess(*KINGLIB_PLUGIN_ARGS, "--kinglib-seeds=2")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["kinglib *: variants *simple*"])
    refused = pytester.runpytest_inprocess(*KINGLIB_PLUGIN_ARGS, "--kinglib-seeds=0")
    refused.stderr.fnmatch_lines(["*--kinglib-seeds must be at least 1, not 0*"])
    pytester.makeini("[pytest]\nkinglib_seeds = many\n")
    bad_ini = pytester.runpytest_inprocess(*KINGLIB_PLUGIN_ARGS)
    bad_ini.stderr.fnmatch_lines(["*kinglib_seeds is a whole number, not 'many'*"])


def test_the_suite_refuses_a_class_without_rules(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_empty="""
        from kinglib.testing.conformance import RulesConformance

        class TestNothing(RulesConformance):
            pass
        """
    )
    result = pytester.runpytest_inprocess(*KINGLIB_PLUGIN_ARGS)
    result.stdout.fnmatch_lines(["*set the class attribute 'rules' to a Rules object*"])
    assert result.ret != 0


def test_a_deal_without_piles_needs_no_piles_argument() -> None:
    hands = tuple(kinglib.CardSet.parse(h) for h in HANDS)
    assert Deal(hands=hands).piles == ()
    widow = kinglib.CardSet.parse("AS")
    assert Deal(hands=hands, piles=(("widow", widow),)).piles == (("widow", widow),)
    assert Deal(hands=hands, piles={"b": widow, "a": widow}).piles == (("a", widow), ("b", widow))
