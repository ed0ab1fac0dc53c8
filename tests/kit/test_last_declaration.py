"""The blind ``last`` declaration of praise mode, and the order the cards are dealt in.

``Declare("last")`` makes trump the suit of the last card dealt to the declarer when the rest
of the cards are dealt: a card he has not seen when he declares, shown to everyone. The three
cards he sees are the first three dealt to him; a hand given as text is dealt in the order
written. These tests use the public API and :mod:`kinglib.testing` only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import kinglib
from kinglib import Bid, Card, CardSet, Declare, Keep, Pass, Phase, Sell, State, Suit
from kinglib.apps.rule_tables import deal_label, score_sheet
from kinglib.plugins.invariants import shown_in_extras
from kinglib.testing import HandBuilt, check_deal, check_state, deal_from_text, invariants_of

OTYGRYSH = kinglib.load_rules("simple", scheme="otygrysh")
THREE_HAND = kinglib.load_rules("three-hand", scheme="otygrysh")

# Dealer 3, so seat 0 is the eldest and declares on AS KS QS. His last card is 7D: declared
# "last", diamonds are trump, though spades are his long suit. Seat 3 holds every other
# diamond and 7S; seat 1 only hearts, seat 2 only clubs.
SPADES_THEN_7D = [
    "AS KS QS JS TS 9S 8S 7D",
    "AH KH QH JH TH 9H 8H 7H",
    "AC KC QC JC TC 9C 8C 7C",
    "AD KD QD JD TD 9D 8D 7S",
]


def _praise(rules: kinglib.Rules, hands: list[str], dealer: int) -> State:
    state = rules.new_deal("trumps", hands, dealer=dealer)
    assert state.phase is Phase.DECLARE
    return state


def _named_in_views(state: State, card: Card) -> list[int]:
    """The seats whose view shows ``card`` or names it anywhere in its public form."""
    found = []
    for seat in range(state.players):
        view = state.view(seat)
        text = json.dumps(view.to_dict())
        if card in view.seen_cards or f'"{card}"' in text:
            found.append(seat)
    return found


def _play_out(state: State, seed: int) -> State:
    """Play to the end at random, every state checked by ``kinglib.testing``."""
    final = check_deal(state, random.Random(seed))
    assert final.is_over
    return final


def test_last_is_the_suit_of_the_last_card_dealt_to_the_declarer() -> None:
    state = _praise(OTYGRYSH, SPADES_THEN_7D, dealer=3)
    assert state.to_move == 0
    assert state.hand(0) == CardSet.parse("AS KS QS")
    seven = Card.parse("7D")
    # Nobody has seen 7D: it is not dealt yet.
    assert _named_in_views(state, seven) == []
    assert all("last_card" not in state.view(seat).extra for seat in range(4))

    state = state.apply(Declare("last"))
    assert state.trump is Suit.DIAMONDS
    assert seven in state.hand(0)
    for seat in range(4):
        extra = state.view(seat).extra
        assert extra["last_card"] == seven
        assert extra["trump_card"] == seven
        assert extra["declaration"] == "last"
        assert state.view(seat).trump is Suit.DIAMONDS
    assert _named_in_views(state, seven) == [0, 1, 2, 3]
    check_state(state)  # no other card of another hand is shown to anyone


def test_last_played_out_scores_by_the_last_cards_suit() -> None:
    # Diamonds trump: seat 0 wins at most the one trick his spades can take before seat 3,
    # void in spades, must trump them; seat 3 then leads spades or only trumps. Every line of
    # play ends 1 trick to 7. (Spades trump, as the third card QS would give, wins all 8.)
    state = _praise(OTYGRYSH, SPADES_THEN_7D, dealer=3).apply(Declare("last"))
    state = state.apply(Pass()).apply(Pass()).apply(Pass())
    assert state.phase is Phase.ANSWER and state.to_move == 0
    state = state.apply(Keep())
    assert (state.phase, state.maker, state.to_move, state.trump) == (
        Phase.PLAY,
        0,
        0,
        Suit.DIAMONDS,
    )
    for seed in range(8):
        final = _play_out(state, seed)
        result = final.results[0]
        assert final.tricks_taken == (1, 0, 0, 7)
        assert result.points == (3, 0, 0, 21)
        assert result.trump is Suit.DIAMONDS
        assert result.detail("declaration") == "last"
        assert result.detail("last_card") == Card.parse("7D")
        assert result.detail("trump_card") == Card.parse("7D")
        assert result.chooser == 0


def test_a_buyer_still_names_his_own_trump_after_last() -> None:
    state = _praise(OTYGRYSH, SPADES_THEN_7D, dealer=3).apply(Declare("last"))
    state = state.apply(Bid(1)).apply(Pass()).apply(Pass())
    state = state.apply(Sell())
    assert state.phase is Phase.DECLARE and state.to_move == 1
    assert Declare("last") not in state.legal_moves()
    state = state.apply(Declare(Suit.HEARTS))
    assert state.trump is Suit.HEARTS
    for seat in range(4):
        extra = state.view(seat).extra
        assert extra["last_card"] == Card.parse("7D")  # it was shown; it set no trump now
        assert "trump_card" not in extra
    # Seat 1 holds all eight hearts, now trumps, and leads: he takes every trick and hands
    # the one trick he bought with to the seller.
    for seed in range(3):
        result = _play_out(state, seed).results[0]
        assert result.points == (3, 21, 0, 0)
        assert result.trump is Suit.HEARTS
        assert result.detail("last_card") == Card.parse("7D")
        assert result.detail("trump_card") is None
        assert result.detail("buyer") == 1


# Three-hand (30 cards, no AS AC). Dealer 2, so seat 0 declares on AH KH AD. His last card
# is 7C, and he holds every club: declared "last", clubs are trump and he takes all ten
# tricks, whatever anyone plays.
THREE_HAND_CLUBS = [
    "AH KH AD KC QC JC TC 9C 8C 7C",
    "QH JH TH 9H 8H 7H KD QD JD TD",
    "9D 8D 7D KS QS JS TS 9S 8S 7S",
]


def test_last_in_three_hand() -> None:
    state = _praise(THREE_HAND, THREE_HAND_CLUBS, dealer=2)
    assert state.hand(0) == CardSet.parse("AH KH AD")
    assert _named_in_views(state, Card.parse("7C")) == []
    state = state.apply(Declare("last"))
    assert state.trump is Suit.CLUBS
    assert [state.view(s).extra["trump_card"] for s in range(3)] == [Card.parse("7C")] * 3
    check_state(state)
    # Nobody offers; three players have no raspis, so play begins at once.
    state = state.apply(Pass()).apply(Pass())
    assert (state.phase, state.maker, state.to_move) == (Phase.PLAY, 0, 0)
    for seed in range(5):
        result = _play_out(state, seed).results[0]
        assert result.points == (30, 0, 0)
        assert result.detail("trump_card") == Card.parse("7C")


@pytest.mark.parametrize(
    ("variant", "scheme"),
    [
        ("simple", "otygrysh"),
        ("simple", "plus_eralash"),
        ("simple", "short"),
        ("three-hand", "otygrysh"),
    ],
)
def test_every_praise_scheme_offers_last(variant: str, scheme: str) -> None:
    rules = kinglib.load_rules(variant, scheme=scheme)
    state = rules.new_match(seed=3)
    while state.contract != "trumps":
        state = state.apply(state.legal_moves()[0])
    assert state.phase is Phase.DECLARE and Declare("last") in state.legal_moves()
    _check_last_from(state)


def _check_last_from(state: State) -> None:
    """Declare ``last`` at a three-card stage and check the card that sets the trump.

    The card is one of the declarer's cards dealt after the declaration, no view named it
    before, every view shows it after, and nothing else of another hand is shown.
    """
    declarer = state.to_move
    assert declarer is not None
    first = state.hand(declarer)
    assert len(first) == 3
    after = state.apply(Declare("last"))
    card = after.view((declarer + 1) % state.players).extra["last_card"]
    assert isinstance(card, Card)
    assert card in after.hand(declarer) - first
    assert card not in state.hand(declarer)
    assert after.trump == card.suit
    assert _named_in_views(state, card) == []
    assert _named_in_views(after, card) == list(range(state.players))
    assert all(after.view(s).extra["trump_card"] == card for s in range(state.players))
    check_state(after)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), three=st.booleans())
def test_seeded_deals_set_the_trump_by_a_card_dealt_after_the_declaration(
    seed: int, three: bool
) -> None:
    rules = THREE_HAND if three else OTYGRYSH
    state = rules.new_match(seed=seed)
    while state.contract != "trumps":
        state = state.apply(state.legal_moves()[0])
    _check_last_from(state)
    # The same seed deals the same last card again.
    again = rules.new_match(seed=seed)
    while again.contract != "trumps":
        again = again.apply(again.legal_moves()[0])
    assert again.apply(Declare("last")) == state.apply(Declare("last"))


@settings(max_examples=25, deadline=None)
@given(
    order=st.permutations([str(c) for c in OTYGRYSH.deck]),
    dealer=st.integers(0, 3),
    as_cards=st.booleans(),
)
def test_a_written_hand_is_dealt_in_the_order_written(
    order: list[str], dealer: int, as_cards: bool
) -> None:
    texts = [order[8 * seat : 8 * seat + 8] for seat in range(4)]
    hands: list[str] | list[list[Card]] = (
        [[Card.parse(c) for c in hand] for hand in texts]
        if as_cards
        else [" ".join(hand) for hand in texts]
    )
    state = OTYGRYSH.new_deal("trumps", hands, dealer=dealer)
    eldest = (dealer + 1) % 4
    for seat in range(4):
        assert state.hand(seat) == CardSet.parse(" ".join(texts[seat][:3]))
    last = Card.parse(texts[eldest][-1])
    assert _named_in_views(state, last) == []
    after = state.apply(Declare("last"))
    assert after.trump == last.suit
    assert after.view(dealer).extra["last_card"] == last
    check_state(after)
    # The record keeps the written order, so a reloaded deal has the same last card.
    loaded = kinglib.from_json(kinglib.to_json(after))
    assert loaded == after


# Seat 0 written as "7C AS 7H KS ...": as text the first three are 7C AS 7H and 7D the last;
# as a card set, display order makes AS KS QS the first three and 7C the last.
WRITTEN_ORDER_DEAL = """
    trumps dealer=3
    0: 7C AS 7H KS QS JS TS 7D
    1: AH KH QH JH TH 9H 8H 9S
    2: AC KC QC JC TC 9C 8C 8S
    3: AD KD QD JD TD 9D 8D 7S
"""
#: The hands of ``WRITTEN_ORDER_DEAL``, seat 0 first.
WRITTEN_ORDER = list(HandBuilt.parse(WRITTEN_ORDER_DEAL).hands)


def test_a_card_set_has_no_order_and_is_dealt_in_display_order() -> None:
    hands = [CardSet.parse(h) for h in SPADES_THEN_7D]
    state = OTYGRYSH.new_deal("trumps", hands, dealer=3)
    # Display order: spades first, then hearts, diamonds, clubs: 7D comes last.
    assert state.hand(0) == CardSet.parse("AS KS QS")
    assert state.apply(Declare("last")).view(2).extra["last_card"] == Card.parse("7D")
    state = OTYGRYSH.new_deal("trumps", [CardSet.parse(h) for h in WRITTEN_ORDER], dealer=3)
    assert state.hand(0) == CardSet.parse("AS KS QS")
    assert state.apply(Declare("last")).trump is Suit.CLUBS


def test_text_order_and_display_order_differ() -> None:
    state = deal_from_text(OTYGRYSH, WRITTEN_ORDER_DEAL)
    assert state.hand(0) == CardSet.parse("7C AS 7H")
    assert state.apply(Declare("last")).trump is Suit.DIAMONDS


def _finished_last_deal() -> State:
    state = _praise(OTYGRYSH, SPADES_THEN_7D, dealer=3).apply(Declare("last"))
    state = state.apply(Pass()).apply(Pass()).apply(Pass()).apply(Keep())
    return _play_out(state, 0)


def test_the_record_and_the_score_sheet_name_the_card_that_set_the_trump() -> None:
    final = _finished_last_deal()
    result = final.results[0]
    assert deal_label(OTYGRYSH, result) == "trump round (D, set by 7D)"
    console = Console(width=120, record=True)
    console.print(score_sheet(OTYGRYSH, final.results, final.winners))
    sheet = console.export_text()
    row = next(line for line in sheet.splitlines() if "trump round" in line)
    assert "trump round (D, set by 7D)" in row and "+21" in row
    # The saved record replays to the same deal result, card included.
    loaded = kinglib.from_json(kinglib.to_json(final))
    assert loaded.results[0].detail("trump_card") == Card.parse("7D")
    assert loaded.results[0] == result
    # A seat's view of the finished deal carries it as text.
    details = final.view(2).to_dict()["results"][0]["details"]
    assert (details["last_card"], details["trump_card"]) == ("7D", "7D")


def test_a_named_trump_names_no_card() -> None:
    state = _praise(OTYGRYSH, SPADES_THEN_7D, dealer=3).apply(Declare(Suit.SPADES))
    state = state.apply(Pass()).apply(Pass()).apply(Pass()).apply(Keep())
    result = _play_out(state, 0).results[0]
    assert result.trump is Suit.SPADES
    assert result.detail("last_card") is None and result.detail("trump_card") is None
    assert deal_label(OTYGRYSH, result) == "trump round (S)"


class HideLastCard:
    """A house rule that drops ``last_card`` from the views: the trump card alone shows it."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_view_extra(
        self, rules: kinglib.Rules, state: State, seat: int
    ) -> Generator[None, list[Mapping[str, Any]], list[Mapping[str, Any]]]:
        answers = yield
        return [{k: v for k, v in extra.items() if k != "last_card"} for extra in answers]


def test_the_trump_card_alone_counts_as_shown() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh", plugins=[HideLastCard()])
    state = _praise(rules, SPADES_THEN_7D, dealer=3).apply(Declare("last"))
    seven = Card.parse("7D")
    for seat in range(4):
        extra = state.view(seat).extra
        assert "last_card" not in extra and extra["trump_card"] == seven
    assert _named_in_views(state, seven) == [0, 1, 2, 3]
    check_state(state)  # 7D, in seat 0's hand, is shown to the others by "trump_card"
    # Declared shown under "last_card" only, the same views break the hidden-cards check.
    only_last = attrs.evolve(invariants_of(rules), shown_cards=shown_in_extras("last_card"))
    with pytest.raises(
        AssertionError,
        match=r"^invariant 'hidden cards' broken: seat 1's view shows 7D, held by seat 0",
    ):
        check_state(state, only_last)
