"""Domino and jokers declare what their matches promise, and keep it on random play."""

from __future__ import annotations

import pytest

import kinglib
from kinglib.testing import check_invariants, invariants_of


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
