"""The invariants domino and jokers declare, and a random match that keeps them."""

from __future__ import annotations

import pytest

import kinglib
from kinglib.invariants import contract_total, invariants_of
from kinglib.testing import check_invariants


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_domino_declares_its_threshold(players: int) -> None:
    declared = invariants_of(kinglib.load_rules("domino", players=players))
    assert declared.threshold == -31
    assert declared.deals is None
    assert not declared.zero_sum
    assert declared.deal_total is contract_total


@pytest.mark.parametrize("players", [3, 4])
def test_jokers_declares_one_deal_per_player(players: int) -> None:
    declared = invariants_of(kinglib.load_rules("jokers", players=players))
    assert declared.deals == players
    assert declared.threshold is None
    assert not declared.zero_sum


@pytest.mark.parametrize(
    ("variant", "players"), [("domino", 3), ("domino", 6), ("jokers", 3), ("jokers", 4)]
)
def test_random_matches_keep_the_declared_invariants(variant: str, players: int) -> None:
    rules = kinglib.load_rules(variant, players=players)
    for seed in range(2):
        check_invariants(rules, seed)
