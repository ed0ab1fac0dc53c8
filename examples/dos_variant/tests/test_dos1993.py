"""dos1993: prices, the choosing of the 56 deals, the free K♥, early end, conformance."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kinglib_dos1993 import NAME
from kinglib_dos1993.variant import GAMES

import kinglib
from kinglib import Card, CardSet, Choose, IllegalMoveError, Phase, Play
from kinglib.testing import check_invariants
from kinglib.testing.conformance import RulesConformance

RULES = kinglib.load_rules(NAME)

#: Seat 0 holds the spades, 1 the hearts, 2 the diamonds, 3 the clubs: with dealer 3, seat 0
#: leads every trick, the others cannot follow, and seat 0 takes every trick.
SUITED = ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D"]
SUITED.append("AC KC QC JC TC 9C 8C 7C")


def play_high(state: kinglib.State) -> kinglib.State:
    """Play the deal out, every seat playing its first legal card (the highest, in order)."""
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


def test_the_variant_is_installed() -> None:
    assert NAME in kinglib.variant_names()
    assert RULES.players == 4 and len(RULES.deck) == 32


def test_prices_are_ten_times_simple() -> None:
    totals = {cid: c.total for cid, c in RULES.contracts.items()}
    assert set(totals) == set(GAMES)
    for negative, positive in zip(GAMES[:6], GAMES[7:13]):
        assert totals[negative] == -160 and totals[positive] == 160
    assert totals["eralash"] == -960 and totals["plus_eralash"] == 960
    no_boys = RULES.contracts["no_boys"]
    assert no_boys.scoring_cards == CardSet.parse("KS JS KH JH KD JD KC JC")
    assert no_boys.price_of(Card.parse("KS")) == -20
    assert RULES.contracts["girls"].price_of(Card.parse("QD")) == 40
    assert RULES.contracts["no_king"].price_of(Card.parse("KH")) == -160


def test_the_leader_takes_every_trick_of_eralash() -> None:
    final = play_high(RULES.new_deal("eralash", SUITED, dealer=3))
    (result,) = final.results
    assert result.points == (-960, 0, 0, 0)
    assert not result.ended_early


def test_the_last_two_tricks_cost_eighty_each() -> None:
    final = play_high(RULES.new_deal("no_last_two", SUITED, dealer=3))
    assert final.results[0].points == (-160, 0, 0, 0)


def test_a_deal_ends_when_the_boys_run_out() -> None:
    # Seat 0 leads AS, KS, QS, JS; the others throw their A, K, Q, J: after four tricks all
    # eight boys (jacks and kings) are taken and nothing left can score.
    final = play_high(RULES.new_deal("no_boys", SUITED, dealer=3))
    (result,) = final.results
    assert result.points == (-160, 0, 0, 0)
    assert result.ended_early
    assert len(result.unplayed) == 16
    assert CardSet.parse("TS 9S 8S 7S") <= result.unplayed


def test_the_king_of_hearts_is_never_forced() -> None:
    hands = ["AS KS QS JS TS 9S 8S 7S", "KH AH QH JH AD KD QD JD"]
    hands += ["TH 9H 8H 7H TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]
    state = RULES.new_deal("no_king", hands, dealer=3).apply(Play(Card.parse("AS")))
    assert len(state.legal_moves()) == 8
    simple = kinglib.load_rules("simple").new_deal("no_king", hands, dealer=3)
    assert simple.apply(Play(Card.parse("AS"))).legal_moves() == (Play(Card.parse("KH")),)
    # Seat 1 gives the king to seat 0's trick: 160 to pay, and the deal is over at once.
    for card in ("KH", "TD", "AC"):
        state = state.apply(Play(Card.parse(card)))
    (result,) = state.results
    assert result.points == (-160, 0, 0, 0)
    assert result.ended_early


def test_the_eldest_chooses_each_game_once() -> None:
    state = RULES.new_match(seed=3)
    assert state.phase is Phase.CHOOSE and state.to_move == 1
    assert state.legal_moves() == tuple(Choose(g) for g in GAMES)
    state = state.apply(Choose("no_king"))
    assert state.phase is Phase.PLAY and state.contract == "no_king" and state.to_move == 1
    rng = random.Random(3)
    while state.deal_number < 5:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.results[0].chooser == 1 and state.results[0].contract == "no_king"
    # Deal 5 is seat 1's again: no_king is spent.
    assert state.to_move == 1 and state.phase is Phase.CHOOSE
    assert Choose("no_king") not in state.legal_moves()
    assert len(state.legal_moves()) == 13
    with pytest.raises(IllegalMoveError, match="already chosen no_king once"):
        state.apply(Choose("no_king"))
    with pytest.raises(IllegalMoveError, match="not one of the contracts"):
        state.apply(Choose("trumps"))


def test_a_whole_match_has_every_game_once_per_player() -> None:
    final = check_invariants(RULES, 11, views=False)
    assert len(final.results) == 56
    chosen = Counter((r.chooser, r.contract) for r in final.results)
    assert set(chosen.values()) == {1}
    assert {seat for seat, _ in chosen} == {0, 1, 2, 3}
    assert sum(final.totals) == 0


class TestConformance(RulesConformance):
    rules = (RULES, kinglib.load_rules(NAME, early_end=False))
    seeds = 1
    examples = 10
