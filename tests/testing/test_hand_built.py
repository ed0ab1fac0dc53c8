"""Hand-built deals from text: the header, the hands and piles, the overrides, playing out."""

from __future__ import annotations

import random

import pytest

import kinglib
from kinglib import Bid, CardSet, NotationError, Pass, Phase, RulesError, State
from kinglib.testing import HandBuilt, deal_from_text, deal_points, play_moves, play_out
from tests.support import MIXED, MIXED_DEAL, SUITED_DEAL

SIMPLE = kinglib.load_rules("simple")

# Each seat holds one whole suit of the 32-card pack: seat 0 spades, 1 hearts, 2 diamonds.
SUITED32 = """
    no_tricks dealer=3   # seat 0 leads
    0: AS KS QS JS TS 9S 8S 7S
    1: AH KH QH JH TH 9H 8H 7H
    2: AD KD QD JD TD 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""


def test_the_text_gives_the_contract_the_dealer_and_every_hand() -> None:
    state = deal_from_text(SIMPLE, MIXED_DEAL)
    assert (state.contract, state.dealer, state.to_move) == ("no_tricks", 3, 0)
    assert [state.hand(seat) for seat in range(4)] == [CardSet.parse(h) for h in MIXED]
    assert state == SIMPLE.new_deal("no_tricks", MIXED, dealer=3)


def test_the_parsed_deal_keeps_what_was_written() -> None:
    deal = HandBuilt.parse(
        """
        trumps dealer=2 trump=S
        1: AH KH
        0: AS KS   # the seats may come in any order
        widow: TC 7C
        """
    )
    assert deal == HandBuilt("trumps", 2, "S", ("AS KS", "AH KH"), (("widow", "TC 7C"),))
    assert HandBuilt.parse("0: AS\n1: AH").contract == ""


def test_the_keywords_replace_the_header() -> None:
    state = deal_from_text(SIMPLE, MIXED_DEAL, contract="no_hearts", dealer=0)
    assert state == SIMPLE.new_deal("no_hearts", MIXED, dealer=0)
    otygrysh = kinglib.load_rules("simple", scheme="otygrysh")
    trumps = deal_from_text(otygrysh, MIXED_DEAL, contract="trumps", trump="D")
    assert trumps.trump == kinglib.Suit.DIAMONDS and trumps.dealer == 3
    headless = "\n".join(line for line in MIXED_DEAL.splitlines() if ":" in line)
    assert deal_from_text(SIMPLE, headless, contract="no_tricks", dealer=3) == deal_from_text(
        SIMPLE, MIXED_DEAL
    )


def test_piles_are_dealt_in_the_order_written() -> None:
    atomic = kinglib.load_rules("atomic")
    state = deal_from_text(
        atomic,
        """
        no_hearts
        0: AH KH QH JH TH 9H 8H 7H TC 9C
        1: AS KS QS JS TS 9S 8S 7S AC KC
        2: AD KD QD JD TD 9D 8D 7D QC JC
        widow: 8C 7C
        """,
    )
    assert state.phase is Phase.DISCARD and state.to_move == 1
    assert state.hand(1) == CardSet.parse("AS KS QS JS TS 9S 8S 7S AC KC 8C 7C")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "gives no hands"),
        ("no_tricks dealer=x\n0: AS", "'dealer=x' in the header of a deal"),
        ("no_tricks seat=1\n0: AS", "only dealer=SEAT and trump=SUIT"),
        ("no_tricks\n0 AS KS", "a line of a deal is SEAT: CARDS"),
        ("no_tricks\n0: AS\n0: KS", "seat 0 is given two hands"),
        ("no_tricks\n0: AS\nwidow: KS\nwidow: QS", "the widow is given twice"),
        ("no_tricks\n0: AS\nboard: KS", "'board' is neither a seat nor a pile"),
        ("no_tricks\n0: AS\n2: KS", "seat 1 has no hand in the deal"),
    ],
)
def test_text_that_is_no_deal_is_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        HandBuilt.parse(text)


def test_a_deal_without_a_contract_or_with_bad_cards_is_refused() -> None:
    with pytest.raises(NotationError, match="names no contract"):
        deal_from_text(SIMPLE, "0: AS\n1: AH\n2: AD\n3: AC")
    with pytest.raises(RulesError, match="4 hands, not 3"):
        deal_from_text(SIMPLE, "no_tricks\n0: AS\n1: AH\n2: AD")
    with pytest.raises(NotationError):
        deal_from_text(SIMPLE, 7)  # type: ignore[arg-type]


def test_play_moves_reads_moves_by_spaces_or_commas() -> None:
    state = deal_from_text(SIMPLE, SUITED32)
    by_spaces = play_moves(state, "7S AH AD AC")
    assert play_moves(state, "7S, AH, AD, AC") == by_spaces
    assert by_spaces.tricks[0].winner == 0
    bidding = kinglib.load_rules("bidding")
    deal = deal_from_text(bidding, SUITED_DEAL, contract="bidding")
    after = play_moves(deal, "bid 2 bid 3 pass pass")
    assert after.moves == (Bid(2), Bid(3), Pass(), Pass())


def test_play_out_plays_the_first_legal_move_or_random_ones() -> None:
    state = deal_from_text(SIMPLE, SUITED32)
    final = play_out(state)
    assert final.is_over and [t.winner for t in final.tricks] == [0] * 8
    assert final.results[0].points == (-16, 0, 0, 0)
    assert deal_points(SIMPLE, SUITED32) == (-16, 0, 0, 0)
    assert play_out(state, "7S AH AD AC").tricks[0].cards == CardSet.parse("7S AH AD AC")
    seen: list[State] = []
    drawn = play_out(state, rng=random.Random(3), check=seen.append)
    assert drawn.is_over and len(seen) == len(drawn.moves) == 32
    assert seen[0] == state


def test_play_out_stops_at_the_end_of_the_deal_when_asked() -> None:
    turkish = kinglib.load_rules("turkish")
    match = turkish.new_match(seed=2)
    after = play_out(match, deal_only=True)
    assert after.deal_number == match.deal_number + 1 and not after.is_over
    assert len(after.results) == 1
    given = deal_from_text(turkish, SUITED_DEAL, contract="no_tricks")
    assert play_out(given, deal_only=True).is_over
