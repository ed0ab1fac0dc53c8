"""domino: hand-built deals with exact scores, and properties of random play."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import (
    Card,
    CardSet,
    Draw,
    IllegalMoveError,
    Phase,
    Play,
    RulesError,
    State,
    Suit,
)
from kinglib.engine.flow import start_deal
from kinglib.engine.kernel import Chooser
from kinglib.engine.random_match import play_rest_of_deal
from kinglib.engine.state import MatchSetup
from kinglib.testing import HandBuilt, deal_from_text
from kinglib.values.cards import iter_indices
from kinglib.values.schedule import Schedule
from kinglib_variants import domino as domino_plugin
from kinglib_variants.domino import DominoAux, DominoPlay, domino_stock_order, stock_order


def rules(**options: Any) -> kinglib.Rules:
    return kinglib.load_rules("domino", **options)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.apply(kinglib.parse_move(text, state))
    return state


def order_text(state: State) -> str:
    return " ".join(str(c) for c in stock_order(state))


def legal(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# The two-suit deal: four one-suit hands but for hearts, and a stock of the low cards.
SUITED_DEAL = """
    domino dealer=3
    0: AS KS QS JS TS 9S
    1: AD KD QD JD TD 9D
    2: AC KC QC JC TC 9C
    3: AH KH QH JH TH 9H
"""
#: The hands of ``SUITED_DEAL``, seat 0 first.
SUITED = list(HandBuilt.parse(SUITED_DEAL).hands)
#: The stock of most deals of ``SUITED_DEAL``, drawn first card first.
STOCK = "stock: 8S 7S 8D 7D 8C 7C 8H 7H"


def suited_deal(**options: Any) -> State:
    return deal_from_text(rules(**options), SUITED_DEAL + STOCK)


# ------------------------------------------------------------------ drawing


def test_a_player_who_cannot_follow_must_draw_and_then_play_the_card_drawn() -> None:
    state = play(suited_deal(), "AS")
    assert state.to_move == 1
    assert state.legal_moves() == (Draw(),)
    assert state.view(1).to_dict()["legal_moves"] == ["draw"]
    after = state.apply(Draw())
    assert after.to_move == 1
    assert after.view(1).extra["drawn"] == CardSet.parse("8S")
    seen_by_2 = after.view(2).to_dict()
    assert seen_by_2["extra"] == {"draws": [[1, 1]], "drawn": ""}
    assert seen_by_2["hand_sizes"] == [5, 7, 6, 6]
    assert seen_by_2["pile_sizes"] == {"stock": 7}
    assert after.hand(1) == CardSet.parse("AD KD QD JD TD 9D 8S")
    assert legal(after) == ["8S"]
    assert after.pile("stock") == CardSet.parse("7S 8D 7D 8C 7C 8H 7H")
    assert order_text(after) == "7S 8D 7D 8C 7C 8H 7H"


def test_draws_take_cards_until_the_led_suit_comes_and_keep_the_rest_in_hand() -> None:
    state = deal_from_text(rules(), SUITED_DEAL + "stock: 8D 7D 8H 8S 7S 8C 7C 7H")
    state = play(state, "AS", "draw")
    assert state.hand(1) == CardSet.parse("AD KD QD JD TD 9D 8D 7D 8H 8S")
    assert legal(state) == ["8S"]
    assert state.aux.draws == ((1, 4),)
    assert len(state.pile("stock")) == 4


def test_a_draw_that_empties_the_stock_frees_the_player() -> None:
    state = play(suited_deal(), "AS", "draw", "8S", "draw", "7S")
    assert state.to_move == 3
    assert state.legal_moves() == (Draw(),)
    state = state.apply(Draw())
    assert state.pile("stock") == CardSet()
    assert state.hand(3) == CardSet.parse("AH KH QH JH TH 9H 8D 7D 8C 7C 8H 7H")
    assert set(legal(state)) == {str(c) for c in state.hand(3)}


def test_an_empty_stock_lets_a_void_player_play_any_card() -> None:
    state = play(suited_deal(), "AS", "draw", "8S", "draw", "7S", "draw", "AH")
    assert state.tricks[-1].winner == 0
    state = play(state, "KS")
    assert set(legal(state)) == {str(c) for c in state.hand(1)}


def test_refused_moves_say_why_and_change_nothing() -> None:
    state = play(suited_deal(), "AS")
    with pytest.raises(IllegalMoveError, match="must draw"):
        state.apply(Play(Card.parse("AD")))
    with pytest.raises(IllegalMoveError, match="does not hold"):
        state.apply(Play(Card.parse("KS")))
    assert state.legal_moves() == (Draw(),)
    drawn = state.apply(Draw())
    with pytest.raises(IllegalMoveError, match="must follow"):
        drawn.apply(Play(Card.parse("AD")))
    with pytest.raises(IllegalMoveError, match="can follow"):
        drawn.apply(Draw())
    with pytest.raises(IllegalMoveError, match="leader"):
        suited_deal().apply(Draw())
    emptied = play(state, "draw", "8S", "draw", "7S", "draw", "AH", "KS")
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        emptied.apply(Draw())
    assert state.to_move == 1
    assert state.hand(1) == CardSet.parse("AD KD QD JD TD 9D")


def test_hearts_may_be_led_at_once() -> None:
    state = deal_from_text(rules(), SUITED_DEAL + STOCK, dealer=2)
    assert state.to_move == 3
    assert set(legal(state)) == {"AH", "KH", "QH", "JH", "TH", "9H"}


# ------------------------------------------------------------------ whole deals


def test_whole_deal_with_draws_a_smaller_trick_and_the_lead_passed_on() -> None:
    state = play(suited_deal(), "AS", "draw", "8S", "draw", "7S", "draw", "AH")
    # Seat 0 wins every spade trick; each takes one heart from seat 3.
    for spade, diamond, club, heart in [
        ("KS", "AD", "AC", "KH"),
        ("QS", "KD", "KC", "QH"),
        ("JS", "QD", "QC", "JH"),
        ("TS", "JD", "JC", "TH"),
        ("9S", "TD", "TC", "9H"),
    ]:
        state = play(state, spade, diamond, club, heart)
    # Seat 0 is out; he won the trick, so the next seat left with cards (1) leads.
    assert state.hand(0) == CardSet()
    assert state.to_move == 1
    state = play(state, "9D")  # seat 1 plays his last card: out in mid-trick
    assert state.to_move == 2
    state = play(state, "9C")  # seat 2 too
    assert state.to_move == 3
    assert legal(state) == ["8D", "7D"]
    state = play(state, "8D")
    # Only seat 3 still holds cards: 7D 8C 7C 8H 7H join his taken cards.
    assert state.is_over
    assert state.results[0].points == (-6, 0, 0, -2)
    assert state.results[0].ended_early is False
    assert state.taken(3) == CardSet.parse("7D 8C 7C 8H 7H")
    assert len(state.tricks[-1].plays) == 3
    assert state.tricks[-1].winner == 1


# Everyone holds two spades, two diamonds and two clubs but seat 3, who holds a heart.
SURVIVOR = """
    domino dealer=3
    0: AS KS AD KD AC KC
    1: QS JS QD JD QC JC
    2: TS 9S TD 9D TC 9C
    3: 8S 8D 7D 8C 7C AH
    stock: KH 7S QH JH TH 9H 8H 7H
"""


def test_the_last_player_with_cards_takes_his_hand_and_the_stock() -> None:
    state = deal_from_text(rules(), SURVIVOR)
    state = play(state, "AS", "QS", "TS", "8S", "KS", "JS", "9S")
    assert state.legal_moves() == (Draw(),)
    state = play(state, "draw")
    assert state.hand(3) == CardSet.parse("AH KH 7S 8D 7D 8C 7C")
    state = play(state, "7S")
    for cards in ("AD QD TD 8D", "KD JD 9D 7D", "AC QC TC 8C", "KC JC 9C 7C"):
        assert not state.is_over
        state = play(state, *cards.split())
    assert state.is_over
    result = state.results[0]
    assert result.points == (0, 0, 0, -8)
    assert result.ended_early is False
    assert state.taken(3) == CardSet.parse("AH KH QH JH TH 9H 8H 7H")
    assert state.pile("stock") == CardSet()
    assert result.detail("draws") == ((3, 2),)


def test_a_stock_left_when_everyone_is_out_goes_to_the_last_trick_winner() -> None:
    deal = """
        domino dealer=3
        0: AS KS AD KD AC 7C
        1: QS JS QD JD QC JC
        2: TS 9S TD 9D TC 9C
        3: 8S 7S 8D 7D KC 8C
        stock: AH KH QH JH TH 9H 8H 7H
    """
    state = deal_from_text(rules(), deal)
    for cards in ("AS QS TS 8S", "KS JS 9S 7S", "AD QD TD 8D", "KD JD 9D 7D", "AC QC TC 8C"):
        state = play(state, *cards.split())
        # every heart is still in the stock: the deal must not end early
        assert not state.is_over
    state = play(state, "7C", "JC", "9C", "KC")
    assert state.is_over
    assert state.tricks[-1].winner == 3
    assert state.results[0].points == (0, 0, 0, -8)


@pytest.mark.parametrize("early_end", [True, False])
def test_early_end_only_when_no_heart_is_left_anywhere(early_end: bool) -> None:
    deal = """
        domino dealer=3
        0: AH KH QH JH AS KS
        1: TH 9H 8H 7H QS JS
        2: TS 9S 8S 7S AD KD
        3: QD JD TD 9D 8D 7D
        stock: AC KC QC JC TC 9C 8C 7C
    """
    state = deal_from_text(rules(early_end=early_end), deal)
    state = play(state, "AH", "TH", "draw", "AD", "QD")
    assert state.pile("stock") == CardSet()
    state = play(state, "KH", "9H", "KD", "JD", "QH", "8H", "TS", "TD", "JH", "7H", "9S")
    assert not state.is_over
    state = play(state, "9D")
    assert state.is_over is early_end
    if early_end:
        result = state.results[0]
        assert result.points == (-8, 0, 0, 0)
        assert result.ended_early
        assert result.unplayed == CardSet.parse("AS KS QS JS 8S 7S 8D 7D AC KC QC JC TC 9C 8C 7C")
    else:
        while not state.is_over:
            state = state.apply(state.legal_moves()[0])
        assert state.results[0].points == (-8, 0, 0, 0)
        assert not state.results[0].ended_early


def test_a_52_card_deal_and_three_players() -> None:
    r = rules(deck=52, players=3)
    state = r.new_match(seed=3)
    assert len(state.pile("stock")) == 52 - 18
    assert r.contracts["domino"].total == -13
    assert rules(players=3).contracts["domino"].total == -8
    contract = r.contracts["domino"]
    assert (contract.id, contract.name, contract.title) == ("domino", "Кинг домино", "domino")
    assert contract.description == "1 a heart, hearts in the stock included"


# ------------------------------------------------------------------ the kernel's whole deals


def recording_rules(**options: Any) -> tuple[kinglib.Rules, list[State]]:
    """Domino rules, and the list of the states their deals are scored on (each deal's end)."""
    ended: list[State] = []

    class Recorder:
        @staticmethod
        @kinglib.hookimpl
        def kinglib_deal_details(rules: kinglib.Rules, state: State) -> Sequence[tuple[str, Any]]:
            ended.append(state)
            return ()

    return kinglib.load_rules("domino", plugins=[Recorder], **options), ended


def trick_play(state: State) -> DominoPlay:
    phase = state.rules.phase_for(state)
    assert isinstance(phase, DominoPlay)
    return phase


def scripted(cards: str) -> Chooser:
    """A chooser for the kernel that plays ``cards`` in turn (the draws are the kernel's)."""
    order = iter(cards.split())

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        bit = Card.parse(next(order)).mask
        assert bit & legal, (seat, CardSet.from_mask(legal))
        return bit

    return choose


#: The cards of ``SURVIVOR`` as they are played; seat 3 draws KH 7S to follow the second trick.
SURVIVOR_CARDS = "AS QS TS 8S KS JS 9S 7S AD QD TD 8D KD JD 9D 7D AC QC TC 8C KC JC 9C 7C"


def test_the_kernel_ends_a_deal_as_card_by_card_play_does_nobody_to_move_and_no_stock() -> None:
    """A deal played whole by the kernel ends in the very state that card by card play scores.

    Nobody is to move, the stock the last player took is gone from the deal's record too, and
    the draw is kept.
    """
    r, ended = recording_rules()
    start = deal_from_text(r, SURVIVOR)
    cards = SURVIVOR_CARDS.split()
    final = play(start, *cards[:7], "draw", *cards[7:])
    assert final.is_over
    assert len(ended) == 1
    by_card = ended[0]
    end, early = play_rest_of_deal(start, trick_play(start), [], scripted(SURVIVOR_CARDS))
    assert early is False
    assert end == by_card
    drawn = CardSet.parse("KH 7S").mask
    for state in (end, by_card):
        assert state.to_move is None
        assert state.trick == ()
        assert state.pile("stock") == CardSet()
        assert state.aux == DominoAux(stock=(), draws=((3, 2),), drawn=(0, 0, 0, drawn))
    assert stock_order(final) == ()
    assert final.taken(3) == CardSet.parse("AH KH QH JH TH 9H 8H 7H")


# Seat 1 wins the spade trick and the first heart trick, seat 2 the second heart trick: no
# heart is left anywhere after three tricks.
EARLY_END = """
    domino dealer=3
    0: 7S KS QS JS JH 8H
    1: AS TS AH 7H AD KD
    2: 8S KH TH QD JD TD
    3: 9S QH 9H 9D 8D 7D
    stock: AC KC QC JC TC 9C 8C 7C
"""
EARLY_CARDS = "7S AS 8S 9S AH KH QH JH 7H TH 9H 8H"


def test_a_deal_ended_early_by_the_kernel_leaves_the_lead_with_the_last_tricks_winner() -> None:
    """An early end keeps the seat that would lead next: the last trick's winner, seat 2.

    The kernel's end is the state card by card play scores, the unplayed stock kept in it.
    """
    r, ended = recording_rules(early_end=True)
    start = deal_from_text(r, EARLY_END)
    final = play(start, *EARLY_CARDS.split())
    assert final.is_over
    result = final.results[0]
    assert (result.points, result.ended_early) == ((0, -4, -4, 0), True)
    end, early = play_rest_of_deal(start, trick_play(start), [], scripted(EARLY_CARDS))
    assert early is True
    assert [trick.winner for trick in end.tricks] == [1, 1, 2]
    assert end.to_move == 2
    assert ended[0].to_move == 2
    assert end == ended[0]
    assert stock_order(end) == stock_order(start)


def test_a_kernel_taking_over_mid_deal_keeps_the_draws_made_before() -> None:
    """The kernel plays the rest of a deal after a trick of draws; those draws stay recorded."""
    r, ended = recording_rules()
    first_trick = ["AS", "draw", "8S", "draw", "7S", "draw", "AH"]
    rest = "KS AD AC KH QS KD KC QH JS QD QC JH TS JD JC TH 9S TD TC 9H 9D 9C 8D"
    start = play(deal_from_text(r, SUITED_DEAL + STOCK), *first_trick)
    assert start.trick == () and start.to_move == 0
    drawn = (
        0,
        CardSet.parse("8S").mask,
        CardSet.parse("7S").mask,
        CardSet.parse("8D 7D 8C 7C 8H 7H").mask,
    )
    assert start.aux == DominoAux(stock=(), draws=((1, 1), (2, 1), (3, 6)), drawn=drawn)
    end, early = play_rest_of_deal(start, trick_play(start), [], scripted(rest))
    assert early is False
    assert end.aux == DominoAux(stock=(), draws=((1, 1), (2, 1), (3, 6)), drawn=drawn)
    final = play(start, *rest.split())
    assert end == ended[0]
    assert final.results[0].points == (-6, 0, 0, -2)


def test_a_kernel_deal_from_an_aux_without_drawn_masks_records_each_seats_draws() -> None:
    """An aux whose ``drawn`` is left out (no seat has drawn) gets one mask per seat."""
    r, ended = recording_rules()
    dealt = deal_from_text(r, SUITED_DEAL + STOCK)
    assert isinstance(dealt.aux, DominoAux)
    bare = dealt.evolve(aux=DominoAux(stock=dealt.aux.stock))
    cards = "AS 8S 7S AH KS AD AC KH QS KD KC QH JS QD QC JH TS JD JC TH 9S TD TC 9H 9D 9C 8D"
    end, early = play_rest_of_deal(bare, trick_play(bare), [], scripted(cards))
    assert early is False
    drawn = (
        0,
        CardSet.parse("8S").mask,
        CardSet.parse("7S").mask,
        CardSet.parse("8D 7D 8C 7C 8H 7H").mask,
    )
    assert end.aux == DominoAux(stock=(), draws=((1, 1), (2, 1), (3, 6)), drawn=drawn)
    play(bare, "AS", "draw", "8S", "draw", "7S", "draw", *cards.split()[3:])
    assert end == ended[0]


def test_the_kernel_is_handed_the_stock_in_draw_order_and_no_kitty() -> None:
    """Domino gives the kernel its stock, next card first, and never a kitty."""
    state = suited_deal()
    stock = [Card.parse(t).index for t in STOCK.split()[1:]]
    assert trick_play(state).kernel_start(state) == (stock, 0)
    drawn = play(state, "AS", "draw")
    assert trick_play(drawn).kernel_start(drawn) == (stock[1:], 0)


def test_a_draw_changes_the_stock_and_no_other_pile() -> None:
    """Drawing empties the stock by the cards drawn; a pile beside it keeps its cards."""
    state = play(suited_deal(), "AS")
    aside = CardSet.parse("2C")  # not in the 32-card pack: a pile of its own
    widened = state.evolve(piles_mask=(("aside", aside.mask), *state.piles_mask))
    after = widened.apply(Draw())
    assert after.pile("aside") == aside
    assert after.pile("stock") == CardSet.parse("7S 8D 7D 8C 7C 8H 7H")


# ------------------------------------------------------------------ options and inputs


def test_options_and_bad_inputs() -> None:
    assert rules().options["deck"] == 32
    assert rules(players=6).options["deck"] == 52
    assert rules(players=5, deck="52").options["deck"] == 52
    with pytest.raises(RulesError, match="deck=52"):
        rules(players=6, deck=32)
    with pytest.raises(RulesError, match="32 or 52"):
        rules(deck=36)
    with pytest.raises(RulesError, match="3, 4, 5, 6 players"):
        rules(players=2)
    with pytest.raises(RulesError, match="stock has 7 cards"):
        deal_from_text(rules(), SUITED_DEAL + "stock: 8S 7S 8D 7D 8C 7C 8H")
    with pytest.raises(RulesError, match="needs the stock"):
        deal_from_text(rules(), SUITED_DEAL)
    with pytest.raises(RulesError, match="no kitty"):
        deal_from_text(rules(), SUITED_DEAL + STOCK + "\nkitty:")


def test_six_players_on_32_cards_are_refused_with_the_reason_and_the_pack_to_use() -> None:
    with pytest.raises(RulesError) as refused:
        rules(players=6, deck=32)
    message = str(refused.value)
    assert message == (
        "domino: 6 players need 36 cards (6 hands of 6), more than the 32-card pack holds; "
        "use deck=52, the 52-card pack"
    )
    # Five players fit in 32 cards (30 dealt, a stock of 2); six play the 52-card pack.
    five = rules(players=5, deck=32)
    assert len(five.new_match(seed=1).pile("stock")) == 2
    six = rules(players=6)
    assert len(six.deck) == 52 and len(six.new_match(seed=1).pile("stock")) == 16


def test_the_stock_is_drawn_in_the_written_order_and_a_cardset_in_display_order() -> None:
    written = suited_deal()
    assert written.setup.deal is not None
    assert order_text(written) == "8S 7S 8D 7D 8C 7C 8H 7H"
    as_set = rules().new_deal(
        "domino", SUITED, dealer=3, stock=CardSet.parse("7H 8H 7S 8S 7C 8C 7D 8D")
    )
    assert order_text(as_set) == "8S 7S 8H 7H 8D 7D 8C 7C"


def test_a_seeded_stock_order_is_fixed_by_the_seed() -> None:
    first = rules().new_match(seed=11)
    again = rules().new_match(seed=11)
    assert stock_order(first) == stock_order(again)
    assert {c.index for c in stock_order(first)} == set(iter_indices(first.pile("stock").mask))
    orders = {stock_order(rules().new_match(seed=s)) for s in range(6)}
    assert len(orders) == 6


def test_a_deal_given_without_a_stock_order_draws_the_stock_by_card_index() -> None:
    # A deal built from a DealSpec that records no order (no "stock" in its orders).
    r = rules()
    written = suited_deal()
    assert written.setup.deal is not None
    spec = attrs.evolve(written.setup.deal, orders=())
    assert spec.order_of("stock") is None
    state = start_deal(r, MatchSetup(deal=spec), 1)
    assert order_text(state) == "8S 7S 8H 7H 8D 7D 8C 7C"
    # Seat 1 cannot follow spades: the draw stops at the first spade in index order.
    drawn = play(state, "AS", "draw")
    assert drawn.view(1).extra["drawn"] == CardSet.parse("8S")
    assert order_text(drawn) == "7S 8H 7H 8D 7D 8C 7C"
    # Seat 2 leads a club (dealer 1): seat 3 draws by index up to the first club, 8C.
    by_two = start_deal(r, MatchSetup(deal=attrs.evolve(spec, dealer=1)), 1)
    clubs = play(by_two, "AC", "draw")
    assert clubs.view(3).extra["drawn"] == CardSet.parse("8S 7S 8H 7H 8D 7D 8C")
    assert order_text(clubs) == "7C"


def test_stock_cards_the_seeded_shuffle_misses_follow_it_by_index() -> None:
    r = rules()
    state = r.new_match(seed=5)
    shuffled = tuple(c.index for c in stock_order(state))
    assert len(shuffled) == 8
    # 2S and 2C are not in the 32-card pack, so the deal's shuffle never places them.
    extra = CardSet.parse("2C 2S")
    piles = tuple(
        (name, mask | extra.mask if name == "stock" else mask) for name, mask in state.piles_mask
    )
    widened = state.evolve(piles_mask=piles)
    assert domino_stock_order(r, widened) == (
        *shuffled,
        Card.parse("2S").index,
        Card.parse("2C").index,
    )
    assert domino_stock_order(r, state) == shuffled


def test_the_domino_schedule_repeats_domino_until_a_total_reaches_minus_31() -> None:
    schedule = rules().schedule
    assert schedule == Schedule(repeat="domino", until=-31)
    assert schedule.length is None
    assert [schedule.contract_for(n) for n in (1, 2, 40)] == ["domino"] * 3


def test_a_deal_opens_with_its_stock_order_and_no_draws_for_any_seat() -> None:
    state = suited_deal()
    stock = tuple(Card.parse(t).index for t in ["8S", "7S", "8D", "7D", "8C", "7C", "8H", "7H"])
    assert state.aux == DominoAux(stock=stock, draws=(), drawn=(0, 0, 0, 0))
    three = rules(players=3).new_match(seed=2)
    assert isinstance(three.aux, DominoAux)
    assert (three.aux.draws, three.aux.drawn) == ((), (0, 0, 0))


def test_domino_opening_opens_trick_play_without_trump_whatever_the_state_held() -> None:
    r = rules()
    dealt = suited_deal()
    odd = dealt.evolve(phase=Phase.DECLARE, trump=Suit.HEARTS, to_move=None, aux=None)
    opened = domino_plugin.kinglib_begin_deal(r, odd)
    assert (opened.phase, opened.trump, opened.to_move) == (Phase.PLAY, None, 0)
    assert opened.contract_info == r.contracts["domino"]
    assert opened == dealt


def test_an_aux_without_drawn_masks_shows_nothing_drawn() -> None:
    # DominoAux's drawn defaults to (): no seat has drawn a card yet.
    state = play(suited_deal(), "AS")
    bare = state.evolve(aux=DominoAux(stock=state.aux.stock))
    for seat in range(4):
        assert bare.view(seat).extra == {"draws": (), "drawn": CardSet()}
    after = bare.apply(Draw())
    assert after.view(1).extra["drawn"] == CardSet.parse("8S")
    assert after.view(2).extra["drawn"] == CardSet()


# ------------------------------------------------------------------ properties


def _deck_ok(state: State) -> None:
    deck = state.rules.deck.mask
    places = list(state.hands_mask) + list(state.taken_mask) + [m for _, m in state.piles_mask]
    places += [card.mask for _, card in state.trick]
    union = 0
    for m in places:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == deck
    aux = state.aux
    assert isinstance(aux, DominoAux)
    assert sorted(aux.stock) == sorted(iter_indices(state.pile("stock").mask))


def _view_strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            out.extend(_view_strings(k))
            out.extend(_view_strings(v))
        return out
    if isinstance(value, list):
        return [s for v in value for s in _view_strings(v)]
    return [str(value)]


def _cards_named(view: dict[str, Any]) -> int:
    mask = 0
    live = {k: v for k, v in view.items() if k != "results"}
    for text in _view_strings(live):
        for word in text.replace(",", " ").split():
            with contextlib.suppress(kinglib.NotationError):
                mask |= Card.parse(word).mask
    return mask


def _check_views(state: State) -> None:
    aux = state.aux
    assert isinstance(aux, DominoAux)
    shuffled = list(aux.stock)
    random.Random(len(shuffled)).shuffle(shuffled)
    twin = state.evolve(aux=DominoAux(tuple(reversed(shuffled)), aux.draws, aux.drawn))
    stock = state.pile("stock").mask
    for seat in range(state.players):
        view = state.view(seat)
        data = view.to_dict()
        assert data == twin.view(seat).to_dict()
        assert not _cards_named(data) & stock
        assert not view.seen_cards.mask & stock
        for other in range(state.players):
            if other != seat:
                assert not view.seen_cards.mask & state.hands_mask[other]
        assert data["pile_sizes"]["stock"] == stock.bit_count()
        json.dumps(data)
    assert state.legal_moves() == twin.legal_moves()


def random_match(r: kinglib.Rules, seed: int, move_seed: int, *, check: bool) -> State:
    state = r.new_match(seed)
    rng = random.Random(move_seed)
    looks = random.Random(seed)
    deal_number = 1
    while not state.is_over:
        if check:
            assert state.to_move is not None
            _deck_ok(state)
            if looks.random() < 0.1:
                _check_views(state)
        moves = state.legal_moves()
        assert moves
        if Draw() in moves:
            assert moves == (Draw(),)
        state = state.apply(rng.choice(moves))
        if state.deal_number != deal_number and not state.is_over:
            deal_number = state.deal_number
            assert state.deal_moves == ()
    return state


CONFIGS = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 4, "deck": 52},
    {"players": 3, "deck": 52, "early_end": False},
    {"players": 5, "early_end": False},
]


@settings(max_examples=25)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10**6),
    move_seed=st.integers(0, 10**6),
)
def test_random_matches_keep_every_invariant(
    config: dict[str, Any], seed: int, move_seed: int
) -> None:
    r = rules(**config)
    state = random_match(r, seed, move_seed, check=True)
    total = -8 if r.options["deck"] == 32 else -13
    assert all(result.total == total for result in state.results)
    running = [0] * r.players
    for k, result in enumerate(state.results):
        running = [a + b for a, b in zip(running, result.points)]
        last = k == len(state.results) - 1
        assert (min(running) <= -31) is last
    assert tuple(running) == state.totals
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == max(state.totals))
    again = random_match(r, seed, move_seed, check=False)
    assert again == state
    replay = r.new_match(seed)
    for move in state.moves:
        replay = replay.apply(move)
    assert replay == state


@given(seed=st.integers(0, 10**6), move_seed=st.integers(0, 10**6))
def test_draw_is_forced_exactly_when_a_void_player_faces_a_stock(seed: int, move_seed: int) -> None:
    state = rules().new_match(seed)
    rng = random.Random(move_seed)
    for _ in range(120):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        moves = state.legal_moves()
        if state.trick:
            led = state.trick[0][1].suit
            assert led is not None
            void = not state.hand(seat).of_suit(led)
            forced = void and bool(state.pile("stock"))
            assert (moves == (Draw(),)) is forced
        else:
            assert moves == tuple(Play(c) for c in state.hand(seat))
        state = state.apply(rng.choice(moves))
    assert state.phase in (Phase.PLAY, Phase.OVER)
