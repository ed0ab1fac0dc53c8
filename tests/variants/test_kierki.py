"""kierki: the fixed series, the price table on both scales, the play rules, the declaration
on the first five cards, the fan-tan, and whole matches through every part of kinglib."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import ClassVar

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import kinglib
from kinglib import (
    Choose,
    Declare,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    RulesError,
    State,
    Suit,
)
from kinglib.adapters import gymnasium as king_gym
from kinglib.adapters import openspiel as king_spiel
from kinglib.adapters import pettingzoo as king_zoo
from kinglib.apps.human import phase_hint
from kinglib.apps.play_text import extra_lines
from kinglib.engine.kernel import Draws
from kinglib.io.sheet import ScoreSheet, columns_of, parse_entry
from kinglib.players.bots import Bot, HeuristicBot, RandomBot, SearchBot
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import HandBuilt, check_invariants, deal_from_text, play_out
from kinglib.testing.conformance import RulesConformance
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank
from kinglib.values.errors import SheetError
from kinglib.values.moves import Move
from kinglib_variants.kierki import DeclareOnFirstCards, TrumpCall, kinglib_sample_hidden
from tests.support import (
    SUITED,
    SUITED_DEAL,
    legal_cards,
    play,
    random_policy,
    shuffled_hands,
    snapshot,
)
from tests.support import run_kinglib as run

NEGATIVES = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_kings_jacks",
    "no_king_of_hearts",
    "no_seventh_and_last",
    "robber",
)

# SUITED with 2S and 2H swapped. Dealer 3: seat 0 leads spades twelve times and wins them;
# seat 1, void in spades after the first trick, wins the last trick with its last heart.
SWAPPED = """
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H
    1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""

# Dealer 3: seat 0 leads AS and KS, then holds only hearts and leads them; seat 1 holds KH 2H.
HEART_LEAD = """
    0: AS KS AH QH JH TH 9H 8H 7H 6H 5H 4H 3H
    1: KH 2H QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""

# Dealer 2, trump hearts: seat 3 leads AS; seats 0 and 1 are void in spades.
TRUMPS_LAYOUT = """
    0: AH 9H 5H 4H AD KD QD JD TD 9D 8D 7D 6D
    1: KH QH 2H 5D 4D 3D 2D 9C 8C 7C 6C 5C 4C
    2: 6S 5S 4S 3S 2S JH TH 8H 7H 6H 3H 3C 2C
    3: AS KS QS JS TS 9S 8S 7S AC KC QC JC TC
"""
#: The hands of ``TRUMPS_LAYOUT``, seat 0 first.
TRUMPS_HANDS = HandBuilt.parse(TRUMPS_LAYOUT).hands

SHORT = {
    "no_tricks": -2,
    "no_hearts": -2,
    "no_queens": -5,
    "no_kings_jacks": -3,
    "no_king_of_hearts": -16,
    "no_seventh_and_last": -9,
    "trumps": 5,
}
LONG = {
    "no_tricks": -20,
    "no_hearts": -20,
    "no_queens": -60,
    "no_kings_jacks": -30,
    "no_king_of_hearts": -150,
    "no_seventh_and_last": -75,
    "trumps": 25,
}
CARDS = {
    "no_hearts": SUIT_MASKS[Suit.HEARTS],
    "no_queens": RANK_MASKS[Rank.QUEEN],
    "no_kings_jacks": RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK],
    "no_king_of_hearts": Card.parse("KH").mask,
}


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("kierki", **options)  # type: ignore[arg-type]


def expected_points(state: State, prices: dict[str, int], early: int = 7) -> tuple[int, ...]:
    """The points of a finished trick deal by the price table, counted from its tricks alone."""
    contract = state.contract
    assert contract is not None
    parts = NEGATIVES[:-1] if contract == "robber" else (contract,)
    points = [0] * 4
    for number, trick in enumerate(state.tricks, start=1):
        for part in parts:
            price = prices[part]
            if part in ("no_tricks", "trumps"):
                points[trick.winner] += price
            elif part == "no_seventh_and_last":
                points[trick.winner] += price * ((number == early) + (number == 13))
            else:
                points[trick.winner] += price * (trick.cards.mask & CARDS[part]).bit_count()
    return tuple(points)


# ------------------------------------------------------------------ the variant


def test_the_variant_its_pack_contracts_and_options() -> None:
    r = rules()
    assert r.players == 4 and len(r.deck) == 52 and r.direction == "clockwise"
    assert {cid: c.total for cid, c in r.contracts.items()} == {
        "no_tricks": -26,
        "no_hearts": -26,
        "no_queens": -20,
        "no_kings_jacks": -24,
        "no_king_of_hearts": -16,
        "no_seventh_and_last": -18,
        "robber": -130,
        "trumps": 65,
        "fan_tan": 0,
    }
    assert r.contracts["fan_tan"].trick_values == (10, 5, -5, -10)
    assert r.contracts["robber"].name == "Rozbójnik"
    assert dict(r.options) == {
        "first_dealer": 0,
        "early_end": True,
        "series": 1,
        "order": NEGATIVES,
        "scale": "short",
        "early_trick": 7,
        "trump_chooser": "dealer",
        "trump_cards": 5,
        "notrump": False,
        "must_trump": False,
        "must_overtrump": False,
        "fan_tan_start": "7",
    }
    declared = invariants_of(r)
    assert declared.zero_sum and declared.deals == 12
    with pytest.raises(RulesError, match="not 3"):
        kinglib.load_rules("kierki", players=3)


def test_the_long_scale() -> None:
    r = rules(scale="long")
    assert {cid: c.total for cid, c in r.contracts.items()} == {
        "no_tricks": -260,
        "no_hearts": -260,
        "no_queens": -240,
        "no_kings_jacks": -240,
        "no_king_of_hearts": -150,
        "no_seventh_and_last": -150,
        "robber": -1300,
        "trumps": 325,
        "fan_tan": 0,
    }
    assert r.contracts["fan_tan"].trick_values == (100, 50, -50, -100)
    assert not invariants_of(r).zero_sum
    series = sum(r.contracts[c].total for c in r.schedule.deals)
    assert series == -1300


def test_a_series_is_zero_sum_on_the_short_scale() -> None:
    r = rules()
    negatives = sum(r.contracts[c].total for c in NEGATIVES)
    assert negatives == -260 and 4 * r.contracts["trumps"].total == 260


def test_the_robber_counts_a_card_in_every_category() -> None:
    robber = rules().contracts["robber"]
    assert robber.price_of(Card.parse("KH")) == -2 - 3 - 16
    assert robber.price_of(Card.parse("QH")) == -2 - 5
    assert robber.price_of(Card.parse("JS")) == -3
    assert robber.price_of(Card.parse("2C")) == 0
    values = robber.trick_values
    assert values[6] == values[12] == -2 - 9 and set(values[:6] + values[7:12]) == {-2}
    assert rules(scale="long").contracts["robber"].price_of(Card.parse("KH")) == -20 - 30 - 150


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"series": 0}, "series"),
        ({"series": 5}, "series"),
        ({"order": "no_tricks,no_hearts"}, "order"),
        ({"order": (*NEGATIVES[:-1], "no_tricks")}, "order"),
        ({"order": (*NEGATIVES[:-1], "no_last_two")}, "order"),
        ({"scale": "medium"}, "scale"),
        ({"early_trick": 0}, "early_trick"),
        ({"early_trick": 13}, "early_trick"),
        ({"trump_chooser": "left"}, "trump_chooser"),
        ({"trump_cards": 6}, "trump_cards"),
        ({"notrump": "maybe"}, "notrump"),
        ({"must_trump": 1}, "must_trump"),
        ({"fan_tan_start": "declare"}, "nobody declares"),
        ({"fan_tan_start": "X"}, "fan_tan_start"),
        ({"fan_tan_start": 7}, "fan_tan_start"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        rules(**options)


def test_options_given_as_text() -> None:
    order = (
        "robber, no_tricks no_hearts,no_queens,no_kings_jacks,no_king_of_hearts,no_seventh_and_last"
    )
    r = rules(series="2", order=order, trump_cards="7", notrump="yes", fan_tan_start="t")
    assert r.options["series"] == 2 and r.options["trump_cards"] == 7
    assert r.options["order"][:2] == ("robber", "no_tricks") and r.options["notrump"] is True
    assert r.options["fan_tan_start"] == "T"
    assert rules(fan_tan_start="10").options["fan_tan_start"] == "T"
    assert rules(fan_tan_start="ANY").options["fan_tan_start"] == "any"


# ------------------------------------------------------------------ the schedule


def test_the_schedule_of_a_series_and_of_several() -> None:
    one = rules().schedule.deals
    assert one == (*NEGATIVES, "trumps", "trumps", "trumps", "trumps", "fan_tan")
    order = ("robber", *NEGATIVES[:-1])
    two = rules(series=2, order=order).schedule.deals
    assert len(two) == 24 and two[:12] == two[12:] == (*order, *one[7:])
    assert invariants_of(rules(series=3)).deals == 36


def test_nobody_chooses_the_dealer_passes_left_and_the_eldest_leads() -> None:
    r = rules(first_dealer=2)
    state = r.new_match(seed=4)
    dealers: list[int] = []
    while not state.is_over:
        assert state.phase is not Phase.CHOOSE
        assert not any(isinstance(m, Choose) for m in state.legal_moves())
        if state.phase is Phase.PLAY and state.deal_number > len(dealers):
            # The first card of the deal (a trumps deal's once its trump is named).
            assert state.to_move == (state.dealer + 1) % 4
            dealers.append(state.dealer)
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(IllegalMoveError):
        r.new_match(seed=4).apply(Choose("no_tricks"))
    assert dealers == [(2 + k) % 4 for k in range(12)]
    trump_dealers = [x.dealer for x in state.results if x.contract == "trumps"]
    assert sorted(trump_dealers) == [0, 1, 2, 3]
    assert [x.contract for x in state.results] == list(r.schedule.deals)


# ------------------------------------------------------------------ exact points


@pytest.mark.parametrize(
    ("contract", "points", "early"),
    [
        ("no_tricks", (-24, -2, 0, 0), False),
        ("no_hearts", (-22, -4, 0, 0), False),
        ("no_queens", (-20, 0, 0, 0), True),
        ("no_kings_jacks", (-24, 0, 0, 0), True),
        ("no_king_of_hearts", (-16, 0, 0, 0), True),
        ("no_seventh_and_last", (-9, -9, 0, 0), False),
        ("robber", (-115, -15, 0, 0), False),
    ],
)
def test_the_negatives_score_by_the_table(
    contract: str, points: tuple[int, ...], early: bool
) -> None:
    """Seat 0 leads spades and takes twelve tricks; seat 1 takes the last with 3H on 2H."""
    end = play_out(deal_from_text(rules(), SWAPPED, contract=contract, dealer=3))
    result = end.results[-1]
    assert result.points == points and result.ended_early is early
    assert result.points == expected_points(end, SHORT)
    assert result.dealer == 3 and end.tricks[0].plays[0][0] == 0


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        ("no_tricks", (-240, -20, 0, 0)),
        ("no_hearts", (-220, -40, 0, 0)),
        ("no_queens", (-240, 0, 0, 0)),
        ("no_kings_jacks", (-240, 0, 0, 0)),
        ("no_king_of_hearts", (-150, 0, 0, 0)),
        ("no_seventh_and_last", (-75, -75, 0, 0)),
        ("robber", (-1165, -135, 0, 0)),
    ],
)
def test_the_negatives_on_the_long_scale(contract: str, points: tuple[int, ...]) -> None:
    end = play_out(deal_from_text(rules(scale="long"), SWAPPED, contract=contract, dealer=3))
    assert end.results[-1].points == points == expected_points(end, LONG)


def test_the_robber_takes_the_king_of_hearts_in_three_categories() -> None:
    state = play(deal_from_text(rules(), SWAPPED, contract="robber", dealer=3), "AS 2S AD AC KS")
    assert legal_cards(state) == "KH"  # void in spades, holding K♥
    state = play(state, "KH KD KC")
    assert state.tricks[-1].winner == 0
    end = play_out(state)
    # Trick 2 alone: -2 for the trick, -12 for four kings, -2 for a heart, -16 for K♥.
    second = sum(rules().contracts["robber"].price_of(c) for c in end.tricks[1].cards) - 2
    assert second == -32
    assert end.results[-1].points == (-115, -15, 0, 0)


@pytest.mark.parametrize("early_trick", [6, 7, 12])
def test_the_early_trick_of_no_seventh_and_last(early_trick: int) -> None:
    r = rules(early_trick=early_trick)
    values = r.contracts["no_seventh_and_last"].trick_values
    assert [k + 1 for k, v in enumerate(values) if v] == [early_trick, 13]
    assert sum(r.contracts["robber"].trick_values) == -26 - 18
    end = play_out(deal_from_text(r, SWAPPED, contract="no_seventh_and_last", dealer=3))
    assert end.results[-1].points == (-9, -9, 0, 0)
    assert end.results[-1].points == expected_points(end, SHORT, early_trick)


def test_the_early_end_and_its_option() -> None:
    early = play_out(deal_from_text(rules(), SWAPPED, contract="no_queens", dealer=3))
    assert early.results[-1].ended_early and len(early.tricks) == 4
    full = play_out(deal_from_text(rules(early_end=False), SWAPPED, contract="no_queens", dealer=3))
    assert not full.results[-1].ended_early and len(full.tricks) == 13
    assert full.results[-1].points == early.results[-1].points == (-20, 0, 0, 0)
    # Deals that score tricks are always played out.
    for cid in ("no_tricks", "no_seventh_and_last", "robber"):
        assert len(play_out(deal_from_text(rules(), SWAPPED, contract=cid, dealer=3)).tricks) == 13


# ------------------------------------------------------------------ play rules


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_of_hearts", "robber"])
def test_no_heart_lead_while_holding_another_suit(contract: str) -> None:
    state = deal_from_text(rules(), SWAPPED, contract=contract, dealer=3)
    assert "2H" not in legal_cards(state)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="while holding another suit"):
        state.apply(Play(Card.parse("2H")))
    assert snapshot(state) == before
    # A hand of hearts alone leads them: dealer 0 makes seat 1 the eldest.
    assert (
        len(deal_from_text(rules(), SUITED_DEAL, contract=contract, dealer=0).legal_moves()) == 13
    )


@pytest.mark.parametrize("contract", ["no_tricks", "no_queens", "no_kings_jacks"])
def test_hearts_may_be_led_in_the_other_negatives(contract: str) -> None:
    assert "2H" in legal_cards(deal_from_text(rules(), SWAPPED, contract=contract, dealer=3))


@pytest.mark.parametrize("contract", ["no_king_of_hearts", "robber"])
def test_the_king_of_hearts_goes_on_a_void_but_never_on_a_heart_lead(contract: str) -> None:
    state = play(deal_from_text(rules(), SWAPPED, contract=contract, dealer=3), "AS 2S AD AC KS")
    assert legal_cards(state) == "KH"
    with pytest.raises(IllegalMoveError, match="must play KH"):
        state.apply(Play(Card.parse("AH")))
    # Seat 0 leads AS and KS, then only hearts are left to him: AH is led.
    state = play(
        deal_from_text(rules(), HEART_LEAD, contract=contract, dealer=3),
        "AS QS AD AC KS JS KD KC AH",
    )
    assert state.to_move == 1 and legal_cards(state) == "KH 2H"


@pytest.mark.parametrize("contract", ["no_tricks", "no_hearts", "no_queens", "no_kings_jacks"])
def test_the_king_of_hearts_is_free_in_the_other_negatives(contract: str) -> None:
    state = play(deal_from_text(rules(), SWAPPED, contract=contract, dealer=3), "AS 2S AD AC KS")
    assert len(state.legal_moves()) == 12


def test_trumps_no_duty_to_trump_and_the_options() -> None:
    free = deal_from_text(rules(), TRUMPS_LAYOUT, contract="trumps", dealer=2, trump=Suit.HEARTS)
    assert free.to_move == 3 and free.maker == 2
    state = play(free, "AS")
    assert len(state.legal_moves()) == 13  # void in spades: any card, trump or not
    state = play(state, "AD")
    assert len(state.legal_moves()) == 13

    must = deal_from_text(
        rules(must_trump=True), TRUMPS_LAYOUT, contract="trumps", dealer=2, trump="H"
    )
    state = play(must, "AS")
    assert legal_cards(state) == "AH 9H 5H 4H"
    with pytest.raises(IllegalMoveError, match=r"must play a trump \(H\)"):
        state.apply(Play(Card.parse("AD")))
    state = play(state, "4H")
    assert legal_cards(state) == "KH QH 2H"  # no duty to beat the 4H

    over = deal_from_text(
        rules(must_overtrump=True), TRUMPS_LAYOUT, contract="trumps", dealer=2, trump="H"
    )
    state = play(over, "AS 4H")
    # Not bound to trump, but a trump played must beat the 4H.
    assert "2H" not in legal_cards(state) and {"KH", "QH", "9C"} <= set(legal_cards(state).split())
    with pytest.raises(IllegalMoveError):
        state.apply(Play(Card.parse("2H")))
    both = rules(must_trump=True, must_overtrump=True)
    state = play(
        deal_from_text(both, TRUMPS_LAYOUT, contract="trumps", dealer=2, trump="H"), "AS 4H"
    )
    assert legal_cards(state) == "KH QH"
    state = play(state, "KH 2S")
    assert state.tricks[-1].winner == 1 and state.to_move == 1
    # On a trump lead each follower must beat the highest trump if he can.
    state = play(state, "2H")
    assert legal_cards(state) == "JH TH 8H 7H 6H 3H"
    state = play(state, "8H 7S")
    assert legal_cards(state) == "AH 9H"
    end = play_out(state)
    assert sum(end.results[-1].points) == 65
    assert end.results[-1].points == expected_points(end, SHORT)


def test_trumps_led_at_any_time() -> None:
    state = deal_from_text(rules(), TRUMPS_LAYOUT, contract="trumps", dealer=2, trump="C")
    assert {"AC", "AS"} <= set(legal_cards(state).split())


@pytest.mark.parametrize(
    ("trump", "points"),
    [(Suit.SPADES, (65, 0, 0, 0)), (Suit.HEARTS, (0, 65, 0, 0)), ("notrump", (65, 0, 0, 0))],
)
def test_trumps_score_five_a_trick(trump: Suit | str, points: tuple[int, ...]) -> None:
    """Seat 0 leads spades; with hearts trump seat 1 trumps the first trick and keeps the lead."""
    state = deal_from_text(
        rules(notrump=True), SUITED_DEAL, contract="trumps", dealer=3, trump=trump
    )
    assert state.phase is Phase.PLAY and state.to_move == 0
    if trump == Suit.HEARTS:
        state = play(state, "AS 2H")
    end = play_out(state)
    assert end.results[-1].points == points and end.results[-1].trump == trump


# ------------------------------------------------------------------ the declaration


def test_the_dealer_names_the_trump_on_his_first_five_cards() -> None:
    r = rules()
    state = deal_from_text(r, TRUMPS_LAYOUT, contract="trumps", dealer=2)
    assert state.phase is Phase.DECLARE and state.to_move == 2 and state.trump is None
    for seat in range(4):
        first = CardSet.parse(" ".join(TRUMPS_HANDS[seat].split()[:5]))
        assert state.hand(seat) == first
        view = state.view(seat)
        assert view.hand == first and view.hand_sizes == (5, 5, 5, 5)
        assert view.pile_sizes == {"undealt": 32} and view.piles == {}
        assert view.extra["declarer"] == 2
    assert [str(m) for m in state.legal_moves()] == [
        "declare S",
        "declare H",
        "declare D",
        "declare C",
    ]
    with pytest.raises(IllegalMoveError, match="notrump may not be named"):
        state.apply(Declare("notrump"))
    with pytest.raises(IllegalMoveError, match="declare it"):
        state.apply(Play(Card.parse("6S")))
    state = state.apply(Declare(Suit.DIAMONDS))
    assert state.phase is Phase.PLAY and state.trump is Suit.DIAMONDS
    assert state.to_move == 3 and state.maker == 2  # the eldest leads
    assert [len(state.hand(s)) for s in range(4)] == [13] * 4 and "undealt" not in state.view(
        0
    ).pile_sizes
    end = play_out(state)
    assert end.results[-1].chooser == 2 and sum(end.results[-1].points) == 65


def test_the_eldest_names_it_on_seven_cards_and_notrump_with_the_option() -> None:
    r = rules(trump_chooser="eldest", trump_cards=7, notrump=True)
    state = deal_from_text(r, TRUMPS_LAYOUT, contract="trumps", dealer=2)
    assert state.to_move == 3 and state.view(0).hand_sizes == (7, 7, 7, 7)
    assert state.view(1).pile_sizes == {"undealt": 24}
    assert Declare("notrump") in state.legal_moves()
    state = state.apply(Declare("notrump"))
    assert state.trump == "notrump" and state.to_move == 3 and state.maker == 3
    assert play_out(state).results[-1].points == expected_points(play_out(state), SHORT)


def test_a_given_trump_plays_at_once_and_a_bad_one_is_refused() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="trumps", dealer=1, trump=Suit.DIAMONDS)
    assert state.phase is Phase.PLAY and state.to_move == 2 and state.maker == 1
    with pytest.raises(RulesError, match="notrump"):
        rules().new_deal("trumps", SUITED, dealer=1, trump="notrump")
    with pytest.raises(RulesError):
        rules(notrump=True).new_deal("trumps", SUITED, dealer=1, trump="misere")
    with pytest.raises(RulesError, match="not a trump round"):
        rules().new_deal("robber", SUITED, dealer=1, trump=Suit.SPADES)


def test_hands_given_as_card_sets_are_named_on_their_first_five_in_display_order() -> None:
    hands = [CardSet.parse(hand) for hand in TRUMPS_HANDS]
    state = rules().new_deal("trumps", hands, dealer=2)
    for seat in range(4):
        first = list(hands[seat])[:5]  # no order written: the display order
        assert state.hand(seat) == CardSet(first)


def test_while_the_trump_is_named_each_seats_rest_is_hidden_even_from_itself() -> None:
    r = rules()
    state = deal_from_text(r, TRUMPS_LAYOUT, contract="trumps", dealer=2)
    layout = kinglib_sample_hidden(r, state.view(0))
    assert layout.slots == (
        ("hand:1", 5),
        ("hand:2", 5),
        ("hand:3", 5),
        ("rest:0", 8),
        ("rest:1", 8),
        ("rest:2", 8),
        ("rest:3", 8),
    )
    declared = state.apply(Declare(Suit.SPADES))
    assert kinglib_sample_hidden(r, declared.view(0)).slots == (
        ("hand:1", 13),
        ("hand:2", 13),
        ("hand:3", 13),
    )
    # A trump given with the hands: no first cards, trick play's layout of dealt hands.
    given = deal_from_text(r, TRUMPS_LAYOUT, contract="trumps", dealer=2, trump=Suit.SPADES)
    plain = kinglib_sample_hidden(r, given.view(0))
    assert plain.slots == (("hand:1", 13), ("hand:2", 13), ("hand:3", 13))
    assert plain.excluded == ()
    # Any other contract: trick play's layout too.
    negative = kinglib_sample_hidden(
        r, deal_from_text(r, TRUMPS_LAYOUT, contract="no_tricks").view(0)
    )
    assert negative.slots == plain.slots and negative.excluded == ()


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32), st.integers(0, 3), st.booleans(), st.sampled_from(["dealer", "eldest"])
)
def test_the_declaration_drawn_in_one_step_is_the_one_made_move_by_move(
    seed: int, dealer: int, notrump: bool, chooser: str
) -> None:
    """``open_at_random`` names the trump and deals the rest as the move would."""
    r = rules(notrump=notrump, trump_chooser=chooser)
    state = r.new_deal("trumps", r.deal(dealer, random.Random(seed)).hands, dealer=dealer)
    assert state.phase is Phase.DECLARE
    phase = r.phase_for(state)
    one = [Draws(random.Random(seed + seat).getrandbits) for seat in range(4)]
    by_move = [Draws(random.Random(seed + seat).getrandbits) for seat in range(4)]
    opening = phase.open_at_random(state, one)
    assert opening is not None
    seat = state.to_move
    assert seat is not None
    moves = phase.legal_moves(state)
    after = phase.apply(state, moves[by_move[seat].below(len(moves))])
    assert after.phase is Phase.PLAY and after.deal_moves == opening.moves
    assert (after.contract_info, after.trump, after.maker) == (
        opening.contract,
        opening.trump,
        opening.maker,
    )
    assert after.hands_mask == opening.hands != state.hands_mask
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_a_declaration_of_a_house_rule_draws_nothing() -> None:
    """A subclass with its own legal moves keeps the declaration move by move."""

    class OnlySpades(DeclareOnFirstCards):
        def legal_moves(self, state: State) -> tuple[Move, ...]:
            return (Declare(Suit.SPADES),)

    r = rules()
    state = r.new_deal("trumps", r.deal(0, random.Random(1)).hands, dealer=0)
    assert OnlySpades(r).open_at_random(state, [Draws(random.Random(1).getrandbits)] * 4) is None
    assert DeclareOnFirstCards(r).open_at_random(state, [Draws(random.Random(1).getrandbits)] * 4)


def test_a_seeded_trumps_deal_shows_each_seat_its_first_five_cards() -> None:
    state = rules().new_match(seed=11)
    while state.phase is not Phase.DECLARE:
        state = state.apply(state.legal_moves()[0])
    assert state.deal_number == 8 and state.dealer == 3 and state.to_move == 3
    firsts = [state.hand(s) for s in range(4)]
    assert [len(h) for h in firsts] == [5] * 4
    sample = state.view(0).sample(random.Random(3))
    assert sample.view(0).to_dict() == state.view(0).to_dict()
    move = HeuristicBot().choose_move(state.view(3))
    state = state.apply(move)
    for seat in range(4):
        assert firsts[seat].mask & ~state.hand(seat).mask == 0 and len(state.hand(seat)) == 13
    # The same seed deals the same first five cards again.
    again = rules().new_match(seed=11)
    while again.phase is not Phase.DECLARE:
        again = again.apply(again.legal_moves()[0])
    assert [again.hand(s) for s in range(4)] == firsts


# ------------------------------------------------------------------ the fan-tan

# Dealer 3: seat 0 plays first and holds no seven.
NO_SEVEN = """
    0: AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 2H
    1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 7S
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""


def test_the_fan_tan_scores_the_order_of_going_out() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="fan_tan", dealer=3)
    assert state.phase is Phase.PLAY and state.to_move == 0 and legal_cards(state) == "7S"
    end = play_out(state)
    result = end.results[-1]
    assert result.points == (10, 5, -5, -10) and result.detail("places") == (0, 1, 2, 3)
    # The deal ends when three are out: seat 3 still holds its last card.
    assert len(end.hand(3)) == 1 and all(not end.hand(s) for s in range(3))
    long = play_out(deal_from_text(rules(scale="long"), SUITED_DEAL, contract="fan_tan", dealer=3))
    assert long.results[-1].points == (100, 50, -50, -100)


def test_the_fan_tan_pass_only_without_a_card_to_lay() -> None:
    state = deal_from_text(rules(), NO_SEVEN, contract="fan_tan", dealer=3)
    assert state.legal_moves() == (Pass(),)
    with pytest.raises(IllegalMoveError, match="row of spades is not open"):
        state.apply(Play(Card.parse("8S")))
    state = state.apply(Pass())
    assert state.to_move == 1 and legal_cards(state) == "7S 7H"
    with pytest.raises(IllegalMoveError, match="pass only when none fits"):
        state.apply(Pass())
    state = play(state, "7S 7D 7C")
    assert legal_cards(state) == "8S 6S"
    with pytest.raises(IllegalMoveError, match="does not fit the row of spades"):
        state.apply(Play(Card.parse("5S")))
    assert state.view(2).extra["fan_tan"] == {"start_rank": "7", "out": ()}
    assert state.view(2).piles["layout"] == CardSet.parse("7S 7D 7C")


@pytest.mark.parametrize(
    ("start", "first"),
    [("8", "8S"), ("A", "AS"), ("2", "2S"), ("T", "TS")],
)
def test_the_fan_tan_start_rank(start: str, first: str) -> None:
    state = deal_from_text(rules(fan_tan_start=start), SUITED_DEAL, contract="fan_tan", dealer=3)
    assert legal_cards(state) == first
    end = play_out(state)
    assert end.results[-1].points == (10, 5, -5, -10)
    assert end.results[-1].detail("start_rank") == Card.parse(first).rank


def test_an_ace_start_grows_downwards_only() -> None:
    state = play(
        deal_from_text(rules(fan_tan_start="A"), SUITED_DEAL, contract="fan_tan", dealer=3),
        "AS AH AD AC",
    )
    assert legal_cards(state) == "KS"


def test_the_fan_tan_from_any_first_card() -> None:
    state = deal_from_text(rules(fan_tan_start="any"), SUITED_DEAL, contract="fan_tan", dealer=3)
    assert len(state.legal_moves()) == 13
    assert state.view(0).extra["fan_tan"]["start_rank"] is None
    state = play(state, "5S")
    assert legal_cards(state) == "5H" and state.view(1).extra["fan_tan"]["start_rank"] == "5"
    state = play(state, "5H 5D 5C")
    assert legal_cards(state) == "6S 4S"


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"series": 2, "first_dealer": 3},
        {"trump_chooser": "eldest", "trump_cards": 7, "notrump": True},
        {"must_trump": True, "must_overtrump": True, "early_end": False},
        {"fan_tan_start": "any", "early_trick": 6, "order": ("robber", *NEGATIVES[:-1])},
        {"fan_tan_start": "A"},
    ],
)
def test_matches_keep_the_invariants_and_are_zero_sum_by_series(
    options: dict[str, object],
) -> None:
    r = rules(**options)
    series = int(r.options["series"])
    for seed in range(2):
        final = check_invariants(r, seed)
        assert [x.contract for x in final.results] == list(r.schedule.deals)
        assert len(final.results) == 12 * series
        for k in range(series):
            block = final.results[12 * k : 12 * (k + 1)]
            assert sum(sum(x.points) for x in block) == 0
        assert sum(final.totals) == 0


@pytest.mark.parametrize("series", [1, 2])
def test_the_long_scale_hands_out_minus_1300_a_series(series: int) -> None:
    r = rules(scale="long", series=series)
    for seed in range(2):
        final = check_invariants(r, seed, views=False)
        assert sum(final.totals) == -1300 * series
        for k in range(series):
            block = final.results[12 * k : 12 * (k + 1)]
            assert sum(sum(x.points) for x in block) == -1300


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_any_seeded_match_keeps_the_family_invariants(seed: int) -> None:
    final = check_invariants(rules(), seed, views=False)
    assert len(final.results) == 12 and sum(final.totals) == 0


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from((*NEGATIVES, "trumps")),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(("short", "long")),
)
def test_random_deals_score_by_the_price_table(
    contract: str, dealer: int, seed: int, scale: str
) -> None:
    rng = random.Random(seed)
    r = rules(scale=scale)
    hands = shuffled_hands(rng, r.deck)
    trump = rng.choice(list(Suit)) if contract == "trumps" else None
    state = r.new_deal(contract, hands, dealer=dealer, trump=trump)
    pick = random_policy(rng)
    while not state.is_over:
        state = state.apply(pick(state, state.legal_moves()))
    result = state.results[-1]
    assert result.points == expected_points(state, SHORT if scale == "short" else LONG)
    assert sum(result.points) == r.contracts[contract].total


class TestKierkiConformance(RulesConformance):
    """The conformance suite of kinglib.testing, on kierki with several options."""

    rules: ClassVar[list[kinglib.Rules]] = [
        kinglib.load_rules("kierki"),
        kinglib.load_rules(
            "kierki", trump_cards=7, notrump=True, must_overtrump=True, fan_tan_start="any"
        ),
    ]
    seeds = 2
    examples = 10
    max_moves = 700


def test_records_round_trip_and_replay() -> None:
    r = rules(series=2, fan_tan_start="any", trump_chooser="eldest")
    final = kinglib.play(r, [RandomBot(seed=s) for s in range(4)], seed=6)
    again = kinglib.from_json(kinglib.to_json(final))
    assert again == final and again.totals == final.totals
    replayed = r.new_match(seed=6)
    for move in final.moves:
        replayed = replayed.apply(move)
    assert replayed == final


def test_a_match_from_given_deals_replays_from_its_record() -> None:
    deals = [SUITED[k % 4 :] + SUITED[: k % 4] for k in range(12)]
    state = rules().new_match(deals=deals)
    while state.phase is not Phase.DECLARE:
        state = state.apply(state.legal_moves()[0])
    # Deal 8, dealer 3: each seat holds the first five cards written of its hand.
    written = deals[7]
    assert [state.hand(s) for s in range(4)] == [
        CardSet.parse(" ".join(written[s].split()[:5])) for s in range(4)
    ]
    final = play_out(state)
    assert len(final.results) == 12 and sum(final.totals) == 0
    assert kinglib.from_json(kinglib.to_json(final)) == final


def test_the_bots_play_whole_matches() -> None:
    r = rules()
    heuristic = kinglib.play(r, [HeuristicBot() for _ in range(4)], seed=5)
    assert heuristic.is_over and sum(heuristic.totals) == 0
    search = kinglib.play(
        r, [SearchBot(seed=1, worlds=2), *(RandomBot(seed=s) for s in range(3))], seed=5
    )
    assert search.is_over and sum(search.totals) == 0


def test_the_search_bot_decides_the_declaration_and_the_fan_tan_from_its_view() -> None:
    state = rules().new_match(seed=9)
    bot = SearchBot(seed=1, worlds=4)
    seen: Counter[str] = Counter()
    rng = random.Random(4)
    while not state.is_over:
        if state.phase is Phase.DECLARE or (state.contract == "fan_tan" and rng.random() < 0.3):
            view = state.view(state.to_move or 0)
            move = bot.choose_move(view)
            assert move in state.legal_moves()
            world = view.sample(random.Random(2))
            assert world.view(view.seat).to_dict() == view.to_dict()
            seen[state.contract or ""] += 1
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
    assert seen["trumps"] == 4 and seen["fan_tan"] > 0


def test_the_ai_adapters_play_whole_matches() -> None:
    game = pyspiel.load_game("python_kinglib(variant=kierki,fan_tan_start=any)")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    eights = king_spiel.game(rules(fan_tan_start="8", scale="long"))
    assert eights.rules == rules(fan_tan_start="8", scale="long")
    again = pyspiel.load_game(str(eights))
    assert again.rules == eights.rules
    api_test(king_zoo.env("kierki", trump_cards=7), num_cycles=800)
    check_env(king_gym.env("kierki"), skip_render_check=True)
    env = king_gym.env("kierki", opponents="greedy")
    _, info = env.reset(seed=3)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, term, trunc, info = env.step(action)
        done = term or trunc
    assert env.unwrapped.state.is_over  # type: ignore[attr-defined]


def test_the_command_line(tmp_path: Path) -> None:
    described = run("rules", "kierki", "-o", "scale=long")
    assert described.returncode == 0, described.stderr
    assert "Rozbójnik" in described.stdout and "-1300" in described.stdout
    order = ",".join(("robber", *NEGATIVES[:-1]))
    simulated = run("simulate", "kierki", "--games", "4", "-o", f"order={order}")
    assert simulated.returncode == 0, simulated.stderr
    refused = run("simulate", "kierki", "--games", "1", "-o", "series=9")
    assert refused.returncode == 2 and "option 'series'" in refused.stderr
    matches = run(
        "tournament", "kierki", "--bots", "heuristic,random,random,random", "--games", "1"
    )
    assert matches.returncode == 0, matches.stderr
    path = tmp_path / "m.json"
    played = run("play", "kierki", "--seed", "5", "--show-play", "--save", str(path))
    assert played.returncode == 0, played.stderr
    fan_tan = played.stdout[played.stdout.index("Deal 12 of 12: fan-tan") :]
    # The cards laid out in the fan-tan are shown one by one, the sevens first.
    laid = re.findall(r"^seat \d plays (\S+)$", fan_tan, flags=re.M)
    assert laid and laid[0].startswith("7")
    assert re.search(r"^seat \d: declare ", played.stdout, flags=re.M)
    replayed = run("replay", str(path), "--show-play")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.count(" plays ") == played.stdout.count(" plays ")


def test_the_heuristic_bot_lays_out_the_card_that_frees_its_own() -> None:
    mine = CardSet.parse("AS KS QS JS TS 9S 8S 7S 7H 5D 4D 3D 2D")
    rest = list(rules().deck - mine)
    hands = [mine, CardSet(rest[:13]), CardSet(rest[13:26]), CardSet(rest[26:])]
    state = rules().new_deal("fan_tan", hands, dealer=3)
    assert legal_cards(state) == "7S 7H"
    # 7S frees seven spades of its own (five of others'), 7H twelve hearts of others'.
    assert HeuristicBot().choose_move(state.view(0)) == Play(Card.parse("7S"))


def test_the_heuristic_bot_beats_random_bots_at_the_fan_tan() -> None:
    r = rules()
    total = 0
    for seed in range(60):
        hands = shuffled_hands(random.Random(seed), r.deck)
        state = r.new_deal("fan_tan", hands, dealer=seed % 4)
        bots: list[Bot] = [RandomBot(seed=seed * 4 + k) for k in range(4)]
        bots[seed % 4] = HeuristicBot()
        while not state.is_over:
            seat = state.to_move or 0
            state = state.apply(bots[seat].choose_move(state.view(seat)))
        total += state.results[-1].points[seed % 4]
    assert total / 60 > 1.5  # the four places average 0


def test_the_terminal_shows_the_layout_and_asks_for_a_card_to_lay_out() -> None:
    state = play(
        deal_from_text(rules(), SUITED_DEAL, contract="fan_tan", dealer=3), "7S 7H 7D 7C 8S"
    )
    assert "layout: 8♠ 7♠ 7♥ 7♦ 7♣" in extra_lines(state, 1)
    assert phase_hint(state.view(1)).startswith("Lay out a card that opens a row")
    passing = deal_from_text(rules(), NO_SEVEN, contract="fan_tan", dealer=3)
    assert not phase_hint(passing.view(0)).startswith("Lay out")
    assert not any(line.startswith("layout") for line in extra_lines(play_out(state), 1))


def test_the_score_sheet_enters_every_kierki_deal() -> None:
    sheet = ScoreSheet(rules())
    lines = [
        ("no_tricks 4 3 3 3", (-8, -6, -6, -6)),
        ("no_hearts 13 0 0 0", (-26, 0, 0, 0)),
        ("no_queens 1 1 1 1", (-5, -5, -5, -5)),
        ("no_kings_jacks 2 2 2 2", (-6, -6, -6, -6)),
        ("no_king_of_hearts 3", (0, 0, 0, -16)),
        ("no_seventh_and_last 1 0 0 1", (-9, 0, 0, -9)),
        # tricks, tricks 7 and 13, hearts, queens, kings and jacks, the seat that took K♥
        ("robber 13 0 0 0 2 0 0 0 13 0 0 0 4 0 0 0 8 0 0 0 0", (-130, 0, 0, 0)),
    ]
    for line, points in lines:
        sheet = sheet.add(parse_entry(sheet, line))
        assert sheet.results[-1].points == points, line
    assert [c.name for c in columns_of(rules(early_trick=6).contracts["robber"], 2**52 - 1)][
        :2
    ] == ["tricks", "tricks_6_13"]
    for declared in ("S", "H", "D", "C"):
        sheet = sheet.add(parse_entry(sheet, f"trumps {declared} 4 3 3 3"))
    assert sheet.results[-1].points == (20, 15, 15, 15)
    assert [r.chooser for r in sheet.results[-4:]] == [3, 0, 1, 2]  # each dealer declares
    # The fan-tan by each seat's place: seat 1 out first (+10), seat 0 second (+5), seat 3
    # third (-5), seat 2 left with cards (-10); the last deal of the match.
    with pytest.raises(SheetError, match="fan_tan needs each seat's place going out"):
        sheet.add(parse_entry(sheet, "fan_tan"))
    sheet = sheet.add(parse_entry(sheet, "fan_tan 2 1 4 3"))
    assert sheet.results[-1].points == (5, 10, -10, -5)
    assert sheet.is_over and len(sheet.results) == 12
    # The K♥ is a heart and a king: seat 1 counts it in both, and in its own column.
    first = ScoreSheet(rules(order=("robber", *NEGATIVES[:-1])))
    line = (
        "robber tricks=1,4,4,4 tricks_7_13=0,1,1,0 hearts=0,13,0,0 queens=0,1,3,0 boys=0,2,0,6 KH=1"
    )
    first = first.add(parse_entry(first, line))
    assert first.results[-1].points == (-2, -8 - 9 - 26 - 5 - 6 - 16, -8 - 9 - 15, -8 - 18)
    with pytest.raises(SheetError):
        first.add(parse_entry(first, "no_tricks 4 3 3 4"))


# ------------------------------------------------------------------ options at their bounds


def test_four_series_are_the_most_a_match_may_have() -> None:
    r = rules(series=4)
    assert len(r.schedule.deals) == 48 and invariants_of(r).deals == 48
    assert r.schedule.deals[36:] == rules().schedule.deals
    with pytest.raises(RulesError) as exc:
        rules(series=5)
    assert str(exc.value) == "kierki: option 'series' is a number of series from 1 to 4, not 5"


@pytest.mark.parametrize(
    ("order", "given"),
    [
        (("no_tricks", "no_hearts"), "no_tricks, no_hearts"),
        ((), "nothing"),
        ("", "nothing"),
    ],
)
def test_a_bad_order_is_refused_naming_the_seven_negatives_and_what_was_given(
    order: object, given: str
) -> None:
    with pytest.raises(RulesError) as exc:
        rules(order=order)
    assert str(exc.value) == (
        "kierki: option 'order' lists each of the seven negatives exactly once: no_tricks, "
        "no_hearts, no_queens, no_kings_jacks, no_king_of_hearts, no_seventh_and_last, robber; "
        f"got {given}"
    )


def test_the_first_trick_may_be_the_early_trick_of_no_seventh_and_last() -> None:
    r = rules(early_trick=1)
    values = r.contracts["no_seventh_and_last"].trick_values
    assert values == (-9, *(0,) * 11, -9)
    assert r.contracts["no_seventh_and_last"].description == "9 for trick 1 and for trick 13"
    # Seat 0 takes the first trick, seat 1 the last.
    end = play_out(deal_from_text(r, SWAPPED, contract="no_seventh_and_last", dealer=3))
    assert end.results[-1].points == (-9, -9, 0, 0)
    assert end.results[-1].points == expected_points(end, SHORT, 1)


@pytest.mark.parametrize("early_trick", [0, 13])
def test_the_early_trick_is_refused_outside_the_first_twelve(early_trick: int) -> None:
    with pytest.raises(RulesError) as exc:
        rules(early_trick=early_trick)
    assert str(exc.value) == (
        "kierki: option 'early_trick' is a trick from 1 to 12 (the last, 13, counts anyway), "
        f"not {early_trick}"
    )


def test_nobody_declares_the_fan_tan_start_rank() -> None:
    with pytest.raises(RulesError) as exc:
        rules(fan_tan_start="declare")
    assert str(exc.value) == (
        "kierki: option 'fan_tan_start' is a rank (2 to 9, T, J, Q, K, A) or 'any' in kierki; "
        "nobody declares the start rank, not 'declare'"
    )


# ------------------------------------------------------------------ the contracts described


def test_each_contract_is_described_by_its_price_on_the_short_scale() -> None:
    contracts = rules().contracts
    assert {cid: (c.name, c.title, c.description) for cid, c in contracts.items()} == {
        "no_tricks": ("Bez lew", "no tricks", "2 a trick"),
        "no_hearts": ("Bez kierów", "no hearts", "2 a heart"),
        "no_queens": ("Bez dam", "no queens", "5 a queen"),
        "no_kings_jacks": ("Bez panów", "no kings or jacks", "3 a king or jack"),
        "no_king_of_hearts": ("Bez króla kier", "no king of hearts", "16 for KH"),
        "no_seventh_and_last": (
            "Bez siódmej i ostatniej",
            "no seventh and last trick",
            "9 for trick 7 and for trick 13",
        ),
        "robber": ("Rozbójnik", "robber", "all six penalties at once"),
        "trumps": ("Atu", "trumps", "5 a trick, with trumps"),
        "fan_tan": ("Układanka", "fan-tan", "+10 first out, +5 second, -5 third, -10 last"),
    }


def test_each_contract_is_described_by_its_price_on_the_long_scale() -> None:
    contracts = rules(scale="long", early_trick=6).contracts
    assert {cid: c.description for cid, c in contracts.items()} == {
        "no_tricks": "20 a trick",
        "no_hearts": "20 a heart",
        "no_queens": "60 a queen",
        "no_kings_jacks": "30 a king or jack",
        "no_king_of_hearts": "150 for KH",
        "no_seventh_and_last": "75 for trick 6 and for trick 13",
        "robber": "all six penalties at once",
        "trumps": "25 a trick, with trumps",
        "fan_tan": "+100 first out, +50 second, -50 third, -100 last",
    }


# ------------------------------------------------------------------ the declaration's record


def test_a_declaration_the_option_refuses_lists_the_trumps_allowed() -> None:
    state = deal_from_text(rules(), TRUMPS_LAYOUT, contract="trumps", dealer=2)
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(Declare("notrump"))
    assert str(exc.value) == (
        "seat 2 may not play declare notrump: "
        "notrump may not be named as the trump here (allowed: S, H, D, C)"
    )


@pytest.mark.parametrize(("chooser", "declarer"), [("dealer", 2), ("eldest", 3)])
def test_the_declarer_is_the_maker_from_the_declaration_on_and_his_call_is_recorded(
    chooser: str, declarer: int
) -> None:
    state = deal_from_text(rules(trump_chooser=chooser), TRUMPS_LAYOUT, contract="trumps", dealer=2)
    assert state.maker == declarer and state.to_move == declarer
    assert all(state.view(seat).maker == declarer for seat in range(4))
    rest = tuple(CardSet.parse(" ".join(TRUMPS_HANDS[seat].split()[5:])).mask for seat in range(4))
    assert state.aux == TrumpCall(declarer=declarer, rest=rest)
    declared = state.apply(Declare(Suit.CLUBS))
    # Once named, every card is dealt: nothing is left to deal to anyone.
    assert declared.aux == TrumpCall(declarer=declarer, rest=(0, 0, 0, 0))
    assert declared.maker == declarer and declared.to_move == 3
    assert all(declared.view(seat).extra["declarer"] == declarer for seat in range(4))
    end = play_out(declared)
    assert end.results[-1].chooser == declarer and end.results[-1].trump is Suit.CLUBS
