"""The example house rules: exact scores, the shorter match, and kinglib's conformance suite."""

from __future__ import annotations

import attrs
import pytest
from kinglib_house_rules_example import BOYS_JACKS_KINGS, NO_ERALASH, boys_jacks_kings

import kinglib
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import check_invariants
from kinglib.testing.conformance import RulesConformance

BOYS = kinglib.load_rules("simple", plugins=[BOYS_JACKS_KINGS])
SHORT = kinglib.load_rules("simple", plugins=[NO_ERALASH])
BOTH = kinglib.load_rules("simple", plugins=[NO_ERALASH, BOYS_JACKS_KINGS])


def mask(text: str) -> int:
    return kinglib.CardSet.parse(text).mask


def scored(rules: kinglib.Rules, contract: str, taken: tuple[str, ...]) -> tuple[int, ...]:
    """The score of a deal of ``contract`` whose seats took the given cards (no tricks)."""
    state = rules.new_deal(contract, ["AS KS QS JS TS 9S 8S 7S", *_OTHERS], dealer=3)
    finished = state.evolve(taken_mask=tuple(mask(t) for t in taken))
    return rules.score_deal(finished)


_OTHERS = ["AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]


def test_the_rules_are_installed_under_their_names() -> None:
    assert {BOYS_JACKS_KINGS, NO_ERALASH} <= set(kinglib.house_rules_names())
    assert BOYS.plugins == (boys_jacks_kings,)


def test_kings_are_boys_at_two_each() -> None:
    taken = ("KS KH 7C", "JS", "AS QS", "")
    assert scored(BOYS, "no_boys", taken) == (-4, -2, 0, 0)
    assert scored(BOYS, "boys", taken) == (4, 2, 0, 0)
    # Without the rule the kings count nothing and a jack costs 4.
    assert scored(kinglib.load_rules("simple"), "no_boys", taken) == (0, -4, 0, 0)


def test_eralash_counts_a_king_as_boy_and_as_king() -> None:
    # KH: a heart (-2), a boy (-2), the king (-16); JS: a boy (-2). No tricks in the sums.
    taken = ("KH", "JS", "", "")
    rules = BOYS
    contract = rules.contracts["eralash"]
    points = scored(rules, "eralash", taken)
    assert points == (-20, -2, 0, 0)
    assert contract.total == -96


def test_every_boys_game_still_totals_sixteen() -> None:
    for cid in ("no_boys", "boys"):
        contract = BOYS.contracts[cid]
        assert abs(contract.total) == 16
        assert contract.scoring_cards == kinglib.CardSet.parse("KS JS KH JH KD JD KC JC")
        assert contract.description == "2 a boy (jacks and kings)"
    assert BOYS.contracts["no_girls"] == kinglib.load_rules("simple").contracts["no_girls"]


def test_the_match_has_twelve_deals_without_eralash() -> None:
    assert SHORT.schedule.length == 12
    assert "eralash" not in SHORT.schedule.deals
    assert "plus_eralash" not in SHORT.schedule.deals
    final = check_invariants(SHORT, 4)
    assert len(final.results) == 12
    assert [r.contract for r in final.results[:6]] == [
        "no_tricks",
        "no_boys",
        "no_girls",
        "no_hearts",
        "no_king",
        "no_last_two",
    ]
    assert sum(final.totals) == 0


def test_the_rule_declares_the_shorter_match_and_its_balance() -> None:
    declared = invariants_of(SHORT)
    assert declared.deals == 12 and declared.zero_sum
    # A schedule whose penalties no longer meet their bonuses is declared not zero-sum.
    lopsided = kinglib.load_rules("simple", plugins=[NO_ERALASH, OnlyPenalties()])
    assert lopsided.schedule.deals == ("no_tricks", "no_boys")
    assert invariants_of(lopsided) == attrs.evolve(declared, deals=2, zero_sum=False)


class OnlyPenalties:
    """A schedule of two negative games (registered after no-eralash, so it answers first)."""

    @kinglib.hookimpl
    def kinglib_schedule(self, rules: kinglib.Rules) -> kinglib.Schedule:
        return kinglib.Schedule(deals=("no_tricks", "eralash", "no_boys"))


def test_unknown_house_rules_are_refused() -> None:
    with pytest.raises(kinglib.RulesError, match="unknown house rules 'no-eralsh'"):
        kinglib.load_rules("simple", plugins=["no-eralsh"])


class TestConformance(RulesConformance):
    rules = (BOYS, SHORT, BOTH, kinglib.load_rules("simple", players=3, plugins=[BOYS_JACKS_KINGS]))
    seeds = 2
    examples = 10
