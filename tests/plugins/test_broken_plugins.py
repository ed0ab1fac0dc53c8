"""The invariant checks catch broken rules: each plugin here breaks one invariant on purpose."""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from typing import Any

import attrs
import pytest

import kinglib
from kinglib.engine.dealing import Deal, deal_evenly
from kinglib.engine.state import State
from kinglib.plugins.invariants import Invariants, shown_in_extras
from kinglib.testing import check_deal, check_invariants, check_state
from kinglib.values.cards import Card, CardSet
from kinglib.values.contracts import Contract
from kinglib.values.moves import Move
from kinglib.values.schedule import Schedule
from tests.conftest import KINGLIB_PLUGIN_ARGS


class GirlsPriceFive:
    """A queen costs 5 in the positive game 'girls' (20 a deal): the match is no longer zero-sum."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_contracts(
        self, rules: kinglib.Rules
    ) -> Generator[Any, Any, Mapping[str, Contract]]:
        contracts = dict((yield))
        girls = contracts["girls"]
        groups = tuple((mask, 5) for mask, _ in girls.card_values)
        total = sum(value * mask.bit_count() for mask, value in groups)
        contracts["girls"] = attrs.evolve(girls, card_values=groups, total=total)
        return contracts


class GirlsTotalWrong:
    """Queens score 5 in 'girls' but the contract still claims a total of 16."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_contracts(
        self, rules: kinglib.Rules
    ) -> Generator[Any, Any, Mapping[str, Contract]]:
        contracts = dict((yield))
        girls = contracts["girls"]
        contracts["girls"] = attrs.evolve(
            girls, card_values=tuple((mask, 5) for mask, _ in girls.card_values)
        )
        return contracts


class GirlsScoreWithoutTotal:
    """The score of 'girls' counts each queen 5 while the contract still hands out 16."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_score_deal(
        self, rules: kinglib.Rules, state: State
    ) -> Generator[Any, Any, tuple[int, ...]]:
        points = yield
        if state.contract != "girls":
            return tuple(points)
        queens = [
            (taken & rules.contracts["girls"].scoring_mask).bit_count()
            for taken in state.taken_mask
        ]
        return tuple(5 * q for q in queens)


class NoMoves:
    """A house rule that forbids every move: the player to move is stranded."""

    @kinglib.hookimpl
    def kinglib_legal_moves(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        return ()


class LosesACard:
    """Deals the pack but drops the first card of seat 0's hand."""

    @kinglib.hookimpl
    def kinglib_deal(self, rules: kinglib.Rules, dealer: int, rng: random.Random) -> Deal:
        dealt = deal_evenly(rules.deck, rules.players, rng)
        first = next(iter(dealt.hands[0]))
        return Deal(hands=(dealt.hands[0] - CardSet([first]), *dealt.hands[1:]), piles={})


class PeeksLeft:
    """Shows each seat the hand of the seat on its left."""

    @kinglib.hookimpl
    def kinglib_view_extra(
        self, rules: kinglib.Rules, state: State, seat: int
    ) -> Mapping[str, Any]:
        return {"left_hand": state.hand((seat + 1) % rules.players)}


class WhispersACard:
    """Tells each seat, deep inside a public record, one card of the next seat's hand."""

    @kinglib.hookimpl
    def kinglib_view_extra(
        self, rules: kinglib.Rules, state: State, seat: int
    ) -> Mapping[str, Any]:
        hand = state.hand((seat + 1) % rules.players)
        return {"rumours": ({"about": seat + 1, "card": next(iter(hand))},)} if len(hand) else {}


class NamesABonusCard:
    """Names a card as text, as a rule in force: that is no leak."""

    @kinglib.hookimpl
    def kinglib_view_extra(
        self, rules: kinglib.Rules, state: State, seat: int
    ) -> Mapping[str, Any]:
        return {"bonus_card": "TD", "rule": "QS costs 13"}


class NeverEnds:
    """The match never ends: deals repeat for ever."""

    @kinglib.hookimpl
    def kinglib_schedule(self, rules: kinglib.Rules) -> Schedule:
        return Schedule(repeat="no_tricks")

    @kinglib.hookimpl
    def kinglib_match_over(self, rules: kinglib.Rules, totals: Any, results: Any) -> bool:
        return False

    @kinglib.hookimpl(wrapper=True)
    def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[None, Invariants, Invariants]:
        declared = yield
        return attrs.evolve(declared, deals=None, max_deals=5)


class ThresholdIgnored:
    """Declares a threshold of -20 that the match never looks at."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[None, Invariants, Invariants]:
        declared = yield
        return attrs.evolve(declared, threshold=-20, deals=None)


class ShortMatch:
    """Ends the match after three deals while simple declares fourteen."""

    @kinglib.hookimpl
    def kinglib_match_over(self, rules: kinglib.Rules, totals: Any, results: Any) -> bool:
        return len(results) >= 3


class GlobalRandomDeal:
    """Deals with a generator of its own, not the deal's: a seed no longer replays."""

    def __init__(self) -> None:
        self.rng = random.Random(12345)

    @kinglib.hookimpl
    def kinglib_deal(self, rules: kinglib.Rules, dealer: int, rng: random.Random) -> Deal:
        return deal_evenly(rules.deck, rules.players, self.rng)


def broken(*plugins: object, **options: Any) -> kinglib.Rules:
    return kinglib.load_rules("simple", plugins=list(plugins), **options)


def test_a_price_that_breaks_zero_sum() -> None:
    rules = broken(GirlsPriceFive())
    assert rules.contracts["girls"].total == 20
    with pytest.raises(
        AssertionError, match=r"invariant 'zero-sum' broken: match totals sum to 4\b"
    ):
        check_invariants(rules, 0)


def test_a_contract_total_that_disagrees_with_its_prices_is_refused() -> None:
    with pytest.raises(
        kinglib.RulesError,
        match=r"contract 'girls': total 16 disagrees with its prices, which hand out 20; "
        r"leave total out \(or pass total=None\) to have it computed",
    ):
        broken(GirlsTotalWrong())


def test_a_contract_total_left_out_is_computed_from_the_prices() -> None:
    girls = kinglib.load_rules("simple").contracts["girls"]
    repriced = attrs.evolve(
        girls, card_values=tuple((mask, 5) for mask, _ in girls.card_values), total=None
    )
    assert repriced.total == 5 * 4
    bare = Contract(id="x", name="x", title="x", trick_values=(1, 2), card_values=((0b111, -3),))
    assert (bare.total, bare.sign) == (1 + 2 - 9, -1)


def test_a_score_that_misses_the_contract_total() -> None:
    with pytest.raises(
        AssertionError,
        match=r"invariant 'deal total' broken: the deal \(girls\) hands out 20, not 16: .*"
        r"\(load_rules\('simple', players=4, plugins=\['tests\.plugins\.test_broken_plugins\."
        r"GirlsScoreWithoutTotal'\]\), seed 0, deal 10; reproduce: check_invariants\(load_rules"
        r"\('simple', players=4, plugins=\['tests\.plugins\.test_broken_plugins\."
        r"GirlsScoreWithoutTotal'\]\), seed=0\)\)$",
    ):
        check_invariants(broken(GirlsScoreWithoutTotal()), 0)


def test_a_legal_move_hook_that_strands_a_player() -> None:
    with pytest.raises(
        AssertionError, match=r"invariant 'a legal move' broken: seat 1 is to move .* has none"
    ):
        check_invariants(broken(NoMoves()), 0)


def test_a_deal_that_loses_a_card() -> None:
    with pytest.raises(
        AssertionError, match=r"invariant 'cards conserved' broken: \S+ missing from the table"
    ):
        check_invariants(broken(LosesACard()), 0)


def test_a_view_that_leaks_a_hand() -> None:
    with pytest.raises(
        AssertionError,
        match=r"invariant 'hidden cards' broken: seat 0's view shows \S+, held by seat 1",
    ):
        check_invariants(broken(PeeksLeft()), 0)


def test_a_view_that_hides_a_card_in_a_record() -> None:
    with pytest.raises(AssertionError, match=r"invariant 'hidden cards' broken: seat 0's view"):
        check_invariants(broken(WhispersACard()), 0)


def test_a_card_named_as_a_rule_is_no_leak() -> None:
    assert check_invariants(broken(NamesABonusCard()), 0).is_over


def test_a_match_that_never_ends() -> None:
    with pytest.raises(
        AssertionError, match=r"invariant 'match ends' broken: the match is still going after 5"
    ):
        check_invariants(broken(NeverEnds()), 0)


def test_a_threshold_the_match_ignores() -> None:
    with pytest.raises(AssertionError, match=r"invariant 'threshold' broken"):
        check_invariants(broken(ThresholdIgnored()), 0)


def test_a_match_shorter_than_declared() -> None:
    with pytest.raises(
        AssertionError, match=r"invariant 'deals' broken: the match had 3 deals, not 14"
    ):
        check_invariants(broken(ShortMatch()), 0)


def test_a_deal_that_does_not_replay() -> None:
    with pytest.raises(AssertionError, match=r"invariant 'replay' broken"):
        check_invariants(broken(GlobalRandomDeal()), 0)


def test_the_sound_rules_pass() -> None:
    final = check_invariants(kinglib.load_rules("simple"), 0)
    assert final.is_over and len(final.results) == 14 and sum(final.totals) == 0


def test_check_state_and_check_deal_catch_a_lost_card() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_deal("no_king", ["AS KS QS JS TS 9S 8S 7S"] + [""] * 0 + _rest())
    check_state(state)
    lost = state.evolve(
        hands_mask=(state.hands_mask[0] & ~Card.parse("AS").mask, *state.hands_mask[1:])
    )
    with pytest.raises(AssertionError, match=r"invariant 'cards conserved' broken: AS missing"):
        check_state(lost)
    twice = state.evolve(taken_mask=(Card.parse("AS").mask, 0, 0, 0))
    with pytest.raises(
        AssertionError,
        match=r"'cards conserved' broken: AS is both in seat 0's hand and seat 0's taken",
    ):
        check_state(twice)
    final = check_deal(state, random.Random(3))
    assert final.is_over and final.results[0].total == -16


def test_check_state_catches_a_seat_with_no_move() -> None:
    state = kinglib.load_rules("simple").new_match(seed=1)
    with pytest.raises(AssertionError, match=r"'one seat to move' broken: the seat to move is 7"):
        check_state(state.evolve(to_move=7))


def _rest() -> list[str]:
    return ["AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]


def test_the_pytest_suite_fails_for_broken_rules(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_house="""
        import kinglib
        from kinglib.testing.conformance import RulesConformance

        class Leaky:
            @kinglib.hookimpl
            def kinglib_view_extra(self, rules, state, seat):
                return {"peek": state.hand((seat + 1) % rules.players)}

        class TestSound(RulesConformance):
            rules = kinglib.load_rules("simple")
            examples = 3

        class TestLeaky(RulesConformance):
            rules = kinglib.load_rules("simple", plugins=[Leaky()])
            examples = 3
            shrink = False
        """
    )
    result = pytester.runpytest_inprocess(
        *KINGLIB_PLUGIN_ARGS, "--kinglib-seeds", "2", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=4, failed=4)
    result.stdout.fnmatch_lines(["*invariant 'hidden cards' broken*"])
    assert "TestSound" not in "".join(line for line in result.outlines if "FAILED" in line)


class TurnsUpACard:
    """Shows everybody the first card of the dealer's left-hand neighbour, as a rule might."""

    @kinglib.hookimpl
    def kinglib_view_extra(self, rules: kinglib.Rules, state: State, seat: int) -> dict[str, Any]:
        hand = state.hand(state.eldest)
        return {"turned_up": next(iter(hand))} if len(hand) else {}


class DeclaresTheTurnedUpCard:
    """Declares the turned-up card shown to every seat."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[None, Invariants, Invariants]:
        declared = yield
        return attrs.evolve(declared, shown_cards=shown_in_extras("turned_up"))


def test_a_card_shown_to_all_must_be_declared() -> None:
    with pytest.raises(AssertionError, match=r"'hidden cards' broken: seat 0's view shows \S+"):
        check_invariants(broken(TurnsUpACard()), 0)
    assert check_invariants(broken(TurnsUpACard(), DeclaresTheTurnedUpCard()), 0).is_over
    # The declaration covers that key only: a card leaked under another key is still caught.
    with pytest.raises(AssertionError, match=r"'hidden cards' broken"):
        check_invariants(broken(TurnsUpACard(), DeclaresTheTurnedUpCard(), PeeksLeft()), 0)
