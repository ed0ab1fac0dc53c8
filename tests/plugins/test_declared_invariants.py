"""Each variant declares what its matches promise; a match that breaks a promise is caught."""

from __future__ import annotations

from typing import Any

import pytest

import kinglib
from kinglib import State
from kinglib.plugins.invariants import (
    ShownInExtras,
    contract_total,
    no_shown_cards,
    shown_in_extras,
)
from kinglib.testing import check_invariants, invariants_of
from kinglib_variants import atomic, bidding, omnibus


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_domino_declares_its_threshold(players: int) -> None:
    rules = kinglib.load_rules("domino", players=players)
    declared = invariants_of(rules)
    assert (declared.threshold, declared.zero_sum, declared.deals) == (-31, False, None)
    final = check_invariants(rules, seed=players)
    assert min(final.totals) <= -31
    assert all(
        min(sum(r.points[s] for r in final.results[:k]) for s in range(players)) > -31
        for k in range(1, len(final.results))
    )


@pytest.mark.parametrize("players", [3, 4])
def test_jokers_declares_one_deal_per_player(players: int) -> None:
    rules = kinglib.load_rules("jokers", players=players)
    declared = invariants_of(rules)
    assert (declared.deals, declared.zero_sum, declared.threshold) == (players, False, None)
    final = check_invariants(rules, seed=7)
    assert len(final.results) == players
    assert all(r.total == (-144 if players == 3 else -124) for r in final.results)


# Every built-in variant's declaration, field by field: (zero_sum, deal_total, threshold, deals,
# shown_cards). ``deals`` is the schedule's fixed length, which the test also checks.
DECLARED: dict[str, tuple[bool, Any, int | None, int | None, Any]] = {
    "atomic": (True, contract_total, None, 27, atomic._widow_shown),
    "ordered": (True, contract_total, None, 56, no_shown_cards),
    "simple": (True, contract_total, None, 14, shown_in_extras("last_card", "trump_card")),
    "three-hand": (True, contract_total, None, 14, shown_in_extras("trump_card", "last_card")),
    "bidding": (False, bidding.deal_total, -77, None, no_shown_cards),
    "omnibus": (False, omnibus.deal_total, -100, None, no_shown_cards),
    "domino": (False, contract_total, -31, None, no_shown_cards),
    "jokers": (False, contract_total, None, 4, no_shown_cards),
}


@pytest.mark.parametrize("variant", sorted(DECLARED))
def test_each_variant_declares_exactly_its_invariants(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    declared = invariants_of(rules)
    got = (
        declared.zero_sum,
        declared.deal_total,
        declared.threshold,
        declared.deals,
        declared.shown_cards,
    )
    assert got == DECLARED[variant]
    assert declared.deals == rules.schedule.length
    assert declared.max_deals == 1000


def test_the_trump_round_declaration_names_both_view_extras_of_the_shown_card() -> None:
    declared = invariants_of(kinglib.load_rules("simple", scheme="otygrysh")).shown_cards
    assert isinstance(declared, ShownInExtras)
    assert declared.keys == frozenset({"last_card", "trump_card"})


class EndAfterOneDeal:
    """Ends every match after its first deal."""

    @kinglib.hookimpl
    def kinglib_match_over(self, rules: kinglib.Rules, totals: Any, results: Any) -> bool:
        return True


class OnePointToSeatZero:
    """One point more for seat 0 once the match is over: the totals no longer sum to 0."""

    @kinglib.hookimpl
    def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        return (1,) + (0,) * (rules.players - 1)


@pytest.mark.parametrize(
    ("variant", "deals"), [("atomic", 27), ("ordered", 56), ("simple", 14), ("three-hand", 14)]
)
def test_a_fixed_length_match_that_ends_early_breaks_the_declared_deals(
    variant: str, deals: int
) -> None:
    rules = kinglib.load_rules(variant, plugins=[EndAfterOneDeal()])
    with pytest.raises(
        AssertionError,
        match=rf"^invariant 'deals' broken: the match had 1 deals, not {deals} \(",
    ):
        check_invariants(rules, seed=3)


@pytest.mark.parametrize(("variant", "threshold"), [("bidding", -77), ("omnibus", -100)])
def test_a_match_that_ends_above_the_threshold_breaks_it(variant: str, threshold: int) -> None:
    rules = kinglib.load_rules(variant, plugins=[EndAfterOneDeal()])
    with pytest.raises(
        AssertionError,
        match=rf"^invariant 'threshold' broken: the match ended with totals \(.*\), none at or "
        rf"below {threshold} \(",
    ):
        check_invariants(rules, seed=3)


@pytest.mark.parametrize("variant", ["atomic", "simple"])
def test_a_bonus_that_is_not_zero_sum_breaks_a_zero_sum_variant(variant: str) -> None:
    rules = kinglib.load_rules(variant, plugins=[OnePointToSeatZero()])
    with pytest.raises(
        AssertionError, match=r"^invariant 'zero-sum' broken: match totals sum to 1: \("
    ):
        check_invariants(rules, seed=3)
