"""bidding — Кинг с торговлей: hand-built deals and random matches."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import Phase as HPhase
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Bid, CardSet, Declare, IllegalMoveError, Pass, Phase, Play, Suit
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import deal_from_text, play_out
from kinglib.values.cards import SUIT_MASKS
from kinglib.values.schedule import Schedule
from kinglib_variants import bidding
from tests.support import (
    card,
    check_auction_match,
    check_early_end,
    check_live_state,
    check_threshold,
    check_view,
    play,
    play_match,
    random_policy,
    replay,
)

# Seat 0 holds the top diamonds and spades below the ace, seat 3 the ace of spades and the
# lowest cards of every suit; the diamonds are spread so that they all fall in five tricks.
SPREAD = """
    bidding dealer=3
    0: AD KD QD JD KS QS JS TS 9S 8S 7S 6S 5S
    1: TD 9D 8D 7D AH KH QH JH TH 9H 8H 7H 6H
    2: 6D 5D 4D 3D AC KC QC JC TC 9C 8C 7C 6C
    3: 2D AS 4S 3S 2S 5H 4H 3H 2H 5C 4C 3C 2C
"""
# Every seat holds one whole suit: whoever leads first wins every trick.
SUITED = """
    bidding dealer=3
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""


def rules(players: int = 4, **options: Any) -> kinglib.Rules:
    return kinglib.load_rules("bidding", players=players, **options)


# ----------------------------------------------------------------------------- the rules


def test_variant_is_registered_with_its_pack_and_options() -> None:
    assert "bidding" in kinglib.variant_names()
    four = rules()
    three = rules(3)
    assert len(four.deck) == 52
    assert len(three.deck) == 51 and card("2C") not in three.deck
    assert four.options["all_pass"] == "hearts"
    assert tuple(four.contracts) == ("bidding",)
    with pytest.raises(kinglib.RulesError, match="all_pass"):
        rules(all_pass="again")
    with pytest.raises(kinglib.RulesError, match="3, 4"):
        rules(5)


def test_a_given_deal_opens_with_the_auction_from_the_eldest() -> None:
    state = deal_from_text(rules(), SPREAD)
    assert state.phase is Phase.BID
    assert state.contract == "bidding"
    assert state.to_move == 0
    assert state.legal_moves() == (Pass(), *(Bid(n) for n in range(1, 14)))
    assert state.view(2).extra == {
        "auction": (),
        "bidder": None,
        "bid": 0,
        "penalty_suit": None,
    }


def test_raising_auction_winner_names_the_suit_and_leads() -> None:
    state = deal_from_text(rules(), SPREAD)
    state = play(state, "bid 2 bid 3 pass")
    assert state.to_move == 3
    assert state.legal_moves()[:2] == (Pass(), Bid(4))
    assert state.view(1).extra["auction"] == ((0, 2), (1, 3), (2, None))
    assert state.view(1).extra["bidder"] == 1
    state = play(state, "bid 5")
    assert state.phase is Phase.DECLARE
    assert state.to_move == 3
    assert state.maker == 3
    assert state.legal_moves() == tuple(Declare(s) for s in Suit)
    state = play(state, "declare D")
    assert state.phase is Phase.PLAY
    assert state.to_move == 3, "the winner of the auction leads"
    extra = state.view(0).extra
    assert extra["penalty_suit"] is Suit.DIAMONDS and extra["bid"] == 5 and extra["bidder"] == 3
    assert state.view(0).to_dict()["extra"]["penalty_suit"] == "D"
    assert state.contract == "bidding"
    assert state.contract_info is not None
    assert state.contract_info.scoring_mask == SUIT_MASKS[Suit.DIAMONDS]
    assert state.contract_info.total == -13
    # any card may be led: a low diamond as well as the ace of spades.
    assert Play(card("2D")) in state.legal_moves()
    assert Play(card("AS")) in state.legal_moves()


def test_auction_refusals_name_the_problem_and_change_nothing() -> None:
    state = deal_from_text(rules(), SPREAD)
    with pytest.raises(IllegalMoveError, match="at most 13"):
        state.apply(Bid(14))
    with pytest.raises(IllegalMoveError, match="at least 1"):
        state.apply(Bid(0))
    with pytest.raises(IllegalMoveError, match="auction is on"):
        state.apply(Play(card("AD")))
    with pytest.raises(IllegalMoveError, match="auction is on"):
        state.apply(Declare(Suit.HEARTS))
    bid = state.apply(Bid(4))
    before = bid
    with pytest.raises(IllegalMoveError, match=r"higher than the best bid so far \(4 by seat 0\)"):
        bid.apply(Bid(4))
    with pytest.raises(IllegalMoveError, match="higher"):
        bid.apply(Bid(3))
    assert bid == before and bid.to_move == 1
    top = play(bid, "bid 13")
    assert top.legal_moves() == (Pass(),)
    with pytest.raises(IllegalMoveError, match="at most 13"):
        top.apply(Bid(14))
    declare = play(top, "pass pass")
    assert declare.phase is Phase.DECLARE and declare.to_move == 1
    with pytest.raises(IllegalMoveError, match="one of S, H, D or C, not notrump"):
        declare.apply(Declare("notrump"))
    with pytest.raises(IllegalMoveError, match="name the penalty suit"):
        declare.apply(Pass())
    playing = declare.apply(Declare(Suit.CLUBS))
    with pytest.raises(IllegalMoveError, match="play a card"):
        playing.apply(Bid(1))


def test_scores_of_a_spread_deal_and_early_end() -> None:
    """Seat 3 bids 5 and names diamonds; the 13 diamonds fall in the first five tricks."""
    state = deal_from_text(rules(), SPREAD)
    state = play(state, "bid 2 bid 3 pass bid 5 declare D")
    state = play(state, "2D AD TD 6D")  # seat 0 wins with AD: 4 diamonds
    state = play(state, "5S 9D 5D AS")  # seat 3 wins with AS: 2 diamonds
    assert state.tricks[-1].winner == 3
    state = play(state, "5H KD 6H 4D")  # seat 1 wins with 6H: 2 diamonds
    assert state.tricks[-1].winner == 1
    state = play(state, "8D 3D 4S QD")  # seat 0 wins with QD: 3 diamonds
    assert state.tricks[-1].winner == 0
    assert not state.is_over
    state = play(state, "JD 7D AC 3S")  # seat 0 wins with JD: 2 diamonds
    assert state.is_over, "no diamond is left: the deal ends early"
    result = state.results[0]
    assert result.ended_early
    assert len(result.unplayed) == 52 - 20
    assert not result.unplayed.mask & SUIT_MASKS[Suit.DIAMONDS]
    # diamonds: seat 0 took 4 + 3 + 2 = 9, seat 1 took 2, seat 3 took 2 and pays the bid of 5.
    assert result.points == (-9, -2, 0, -7)
    assert result.total == -13 - 5
    assert result.chooser == 3
    assert result.detail("penalty_suit") is Suit.DIAMONDS
    assert result.detail("bid") == 5 and result.detail("bidder") == 3
    assert result.detail("auction") == ((0, 2), (1, 3), (2, None), (3, 5))
    assert result.detail("redeal") is False


def test_the_named_suit_brings_its_own_contract() -> None:
    """The catalogue shows the generic contract; the deal plays the named suit's contract."""
    r = rules()
    generic = r.contracts["bidding"]
    assert (generic.name, generic.title) == ("Кинг с торговлей", "bidding")
    assert generic.description == (
        "1 a card of the penalty suit named by the highest bidder, who also pays his bid "
        "(hearts, and no bid, when everyone passes)"
    )
    state = deal_from_text(r, SUITED)
    assert state.contract_info == generic
    declared = play(state, "bid 2 pass pass pass declare D").contract_info
    assert declared is not None
    assert declared.name == "Кинг с торговлей: не брать бубны"
    assert declared.title == "bidding: no diamonds"
    assert declared.description == "1 a card of the penalty suit (diamonds), plus the winning bid"
    assert declared.total == -13
    assert declared.card_values == ((SUIT_MASKS[Suit.DIAMONDS], -1),)
    # everyone passed: the deal plays the hearts contract, not the generic one
    passed = play(state, "pass pass pass pass").contract_info
    assert passed is not None
    assert passed == bidding.penalty_contracts(r.deck.mask)[Suit.HEARTS]
    assert (passed.name, passed.title) == ("Кинг с торговлей: не брать червы", "bidding: no hearts")
    assert passed.description == "1 a card of the penalty suit (hearts), plus the winning bid"
    clubs = bidding.penalty_contracts(rules(3).deck.mask)[Suit.CLUBS]
    assert (clubs.title, clubs.total) == ("bidding: no clubs", -12)


@pytest.mark.parametrize("players", [3, 4])
def test_the_schedule_is_open_ended_with_the_bidding_contract(players: int) -> None:
    """Deal after deal plays the one contract "bidding"; the match end decides the length."""
    schedule = rules(players).schedule
    assert schedule == Schedule(repeat="bidding", until=-77)
    assert schedule.length is None and schedule.deals == ()
    assert [schedule.contract_for(n) for n in (1, 2, 7, 40)] == ["bidding"] * 4


def test_all_pass_hearts_nobody_pays_and_the_eldest_leads() -> None:
    state = deal_from_text(rules(), SUITED, dealer=0)
    state = play(state, "pass pass pass pass")
    assert state.phase is Phase.PLAY
    assert state.to_move == 1, "the eldest leads"
    assert state.view(3).extra["penalty_suit"] is Suit.HEARTS
    state = play_out(state)
    # seat 1 leads its hearts and wins every trick: all 13 hearts, and no bid to pay.
    result = state.results[0]
    assert result.points == (0, -13, 0, 0)
    assert result.detail("penalty_suit") is Suit.HEARTS
    assert result.detail("bid") == 0 and result.detail("bidder") is None
    assert result.chooser is None


def test_all_pass_hearts_with_dealer_three() -> None:
    state = play(deal_from_text(rules(), SUITED), "pass pass pass pass")
    assert state.to_move == 0
    assert play_out(state).results[0].points == (-13, 0, 0, 0)


def test_all_pass_redeal_ends_the_given_deal_with_nothing_scored() -> None:
    state = deal_from_text(rules(all_pass="redeal"), SUITED, dealer=0)
    state = play(state, "pass pass pass pass")
    assert state.is_over
    result = state.results[0]
    assert result.points == (0, 0, 0, 0)
    assert result.ended_early
    assert result.unplayed == CardSet.from_mask(rules().deck.mask)
    assert result.detail("redeal") is True
    assert result.detail("penalty_suit") is None
    assert result.detail("auction") == ((1, None), (2, None), (3, None), (0, None))


def test_all_pass_redeal_in_a_match_deals_again() -> None:
    r = rules(all_pass="redeal")
    state = play(r.new_match(seed=5), "pass pass pass pass")
    assert state.deal_number == 2
    assert state.dealer == 1
    assert state.phase is Phase.BID and state.to_move == 2
    assert state.totals == (0, 0, 0, 0)
    assert state.results[0].detail("redeal") is True
    check_live_state(state)


def test_the_bidder_pays_his_bid_and_his_penalty_cards() -> None:
    """Seat 0 bids 7, names clubs and leads spades: it takes every trick, clubs included."""
    state = deal_from_text(rules(), SUITED)
    state = play(state, "bid 7 pass pass pass declare C")
    assert state.to_move == 0
    state = play_out(state)
    assert state.results[0].points == (-13 - 7, 0, 0, 0)
    # dealt by seat 2, the eldest is seat 3: it bids 1, names spades and leads its clubs.
    state = deal_from_text(rules(), SUITED, dealer=2)
    state = play(state, "bid 1 pass pass pass declare S")
    assert state.to_move == 3
    state = play_out(state)
    assert state.results[0].points == (0, 0, 0, -13 - 1)


def test_three_players_clubs_are_twelve() -> None:
    deal = """
        bidding dealer=2
        0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD JD
        1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D 7D
        2: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 6D 5D 4D 3D 2D
    """
    r = rules(3)
    state = deal_from_text(r, deal)
    state = play(state, "pass bid 1 bid 4 declare C")
    assert state.to_move == 2
    for _ in range(12):
        clubs = state.hand(2).of_suit(Suit.CLUBS)
        state = state.apply(Play(next(iter(clubs))))
        state = state.apply(state.legal_moves()[0])
        state = state.apply(state.legal_moves()[0])
    assert state.is_over, "the twelfth club is taken: the deal ends early"
    result = state.results[0]
    assert result.points == (0, 0, -12 - 4)
    assert result.ended_early and len(result.unplayed) == 51 - 36


def test_parse_move_reads_bids_and_suits_in_context() -> None:
    state = deal_from_text(rules(), SUITED)
    assert kinglib.parse_move("3", state) == Bid(3)
    state = play(state, "bid 3 pass pass pass")
    assert kinglib.parse_move("H", state) == Declare(Suit.HEARTS)


def test_deal_total_is_the_penalty_suit_and_the_bid() -> None:
    """The declared deal total: −1 a card of the penalty suit and the bid; a throw-in 0."""
    four = rules()
    assert invariants_of(four).deal_total is bidding.deal_total
    # not zero-sum and open-ended: the match ends once a total is at -77 or lower
    for players in (3, 4):
        declared = invariants_of(rules(players))
        assert declared.threshold == bidding.THRESHOLD == -77
        assert declared.zero_sum is False and declared.deals is None
    # seat 3 bid 5 and named diamonds: 13 diamonds and the bid.
    state = play(deal_from_text(four, SPREAD), "bid 2 bid 3 pass bid 5 declare D")
    state = play(state, "2D AD TD 6D  5S 9D 5D AS  5H KD 6H 4D  8D 3D 4S QD  JD 7D AC 3S")
    assert state.is_over
    assert bidding.deal_total(state.results[0], four) == -18 == state.results[0].total
    # everyone passed: hearts, and no bid to pay.
    state = play_out(play(deal_from_text(four, SUITED, dealer=0), "pass pass pass pass"))
    assert bidding.deal_total(state.results[0], four) == -13 == state.results[0].total
    # a throw-in hands out nothing.
    redeal = rules(all_pass="redeal")
    state = play(deal_from_text(redeal, SUITED, dealer=0), "pass pass pass pass")
    assert bidding.deal_total(state.results[0], redeal) == 0
    # three players: twelve clubs (no 2C) and a bid of 3; hearts stay thirteen.
    three = rules(3)
    for suit, expected in ((Suit.CLUBS, -15), (Suit.HEARTS, -16)):
        result = kinglib.DealResult(
            contract="bidding",
            points=(expected, 0, 0),
            details=(("bid", 3), ("bidder", 0), ("penalty_suit", suit)),
        )
        assert bidding.deal_total(result, three) == expected


# ----------------------------------------------------------------------------- properties

# A match seed is opaque: shrinking it teaches nothing and replays whole matches for minutes.
NO_SHRINK = (HPhase.explicit, HPhase.reuse, HPhase.generate)

OPTIONS = [
    (3, {}),
    (4, {}),
    (3, {"all_pass": "redeal"}),
    (4, {"all_pass": "redeal"}),
    (4, {"early_end": False}),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS)
@settings(max_examples=8, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1), pass_rate=st.sampled_from([0.0, 0.5, 0.8]))
def test_random_matches_keep_every_invariant(
    players: int, options: dict[str, object], seed: int, pass_rate: float
) -> None:
    r = rules(players, **options)
    state = play_match(
        r, seed, random_policy(random.Random(seed), pass_rate), check=check_auction_match
    )
    check_threshold(state, -77)
    redeal = options.get("all_pass") == "redeal"
    for k, result in enumerate(state.results):
        assert result.contract == "bidding"
        assert result.dealer == (k % players)
        suit = result.detail("penalty_suit")
        if suit is None:
            assert redeal
            assert result.points == (0,) * players
            continue
        cards = (SUIT_MASKS[suit] & r.deck.mask).bit_count()
        assert cards == (12 if players == 3 and suit is Suit.CLUBS else 13)
        assert result.total == -cards - result.detail("bid")
        if result.ended_early:
            assert not result.unplayed.mask & SUIT_MASKS[suit]
        if result.detail("bidder") is None:
            assert suit is Suit.HEARTS and result.detail("bid") == 0
    assert replay(state, r) == state


@settings(max_examples=10, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_show_the_public_auction(seed: int) -> None:
    r = rules(4)
    rng = random.Random(seed)
    state = r.new_match(seed=seed)
    while state.phase is Phase.BID:
        check_view(state)
        state = state.apply(rng.choice(state.legal_moves()))
    calls = state.view(0).extra["auction"]
    assert [seat for seat, _ in calls] == [1, 2, 3, 0]
    for seat in range(4):
        assert state.view(seat).extra["auction"] == calls
    check_view(state)


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=30, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_early_end_never_changes_a_score(players: int, seed: int) -> None:
    check_early_end(rules(players), rules(players, early_end=False), seed)
