"""Views: what one seat may know, checked over random legal play in every variant."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib import CardSet, Phase, State
from kinglib.engine.view import View
from kinglib.testing import HandBuilt
from tests.support import TO_THE_END, VARIANTS, any_states, per_variant, play_randomly

CARD_WORD = re.compile(r"[A-Za-z0-9]+")


def others_cards(state: State, seat: int) -> CardSet:
    mask = 0
    for other, hand in enumerate(state.hands_mask):
        if other != seat:
            mask |= hand
    return CardSet.from_mask(mask)


def words_of_current_deal(view: View) -> set[str]:
    """The words of the view's JSON form, without the results of earlier deals and the extras.

    Earlier deals' results may name cards (those left unplayed when a deal ended early, which
    the table sees); the same cards are dealt again, so they are left out of this check. The
    variant's extras may name cards as rules (a bonus card, say): they are checked by
    :func:`check_hidden_cards_change_nothing` instead.
    """
    data = view.to_dict()
    data.pop("results")
    data.pop("extra")
    return set(CARD_WORD.findall(json.dumps(data)))


def public_cards(state: State) -> CardSet:
    """The cards every seat sees: played cards, and cards shown to the table (a shown widow)."""
    mask = (1 << 54) - 1
    for seat in range(state.players):
        mask &= state.view(seat).seen_cards.mask
    return CardSet.from_mask(mask)


def check_hidden_cards_change_nothing(
    state: State, seat: int, public: CardSet, rng: random.Random
) -> None:
    """Exchanging hidden cards between two other seats' hands leaves ``seat``'s view as it was."""
    hidden = [s for s in range(state.players) if s != seat and state.hand(s) - public]
    if len(hidden) < 2:
        return
    a, b = rng.sample(hidden, 2)
    card_a = rng.choice(list(state.hand(a) - public))
    card_b = rng.choice(list(state.hand(b) - public))
    hands = list(state.hands_mask)
    hands[a] ^= card_a.mask | card_b.mask
    hands[b] ^= card_a.mask | card_b.mask
    swapped = state.evolve(hands_mask=tuple(hands))
    before, after = state.view(seat).to_dict(), swapped.view(seat).to_dict()
    assert before == after, f"seat {seat}'s view changes when {card_a} and {card_b} move"


def check_views(state: State) -> None:
    """Every seat's view of ``state`` shows no hidden card and agrees with the state."""
    public = public_cards(state)
    for seat in range(state.players):
        check_view(state, seat, public)


def check_view(state: State, seat: int, public: CardSet) -> None:
    rng = random.Random(len(state.moves) * 31 + seat)
    check_hidden_cards_change_nothing(state, seat, public, rng)
    view = state.view(seat)
    hidden = others_cards(state, seat) - public
    assert not view.seen_cards & hidden, f"seat {seat} sees {view.seen_cards & hidden}"
    words = words_of_current_deal(view)
    leaked = [str(card) for card in hidden if str(card) in words]
    assert not leaked, f"seat {seat}'s view names {leaked}"
    text = json.dumps(view.to_dict(), allow_nan=False)
    assert json.loads(text) == view.to_dict()
    assert view.hand == state.hand(seat)
    assert view.hand <= view.seen_cards
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    if state.to_move == seat:
        assert view.legal_moves == state.legal_moves()
        assert view.legal_moves
    else:
        assert view.legal_moves == ()
    assert view.to_move == state.to_move
    assert view.phase is state.phase
    assert view.totals == state.totals
    assert view.contract == state.contract
    assert view.trick == state.trick


@pytest.mark.parametrize("variant", VARIANTS)
@per_variant
@given(data=st.data())
def test_no_view_shows_another_seats_cards(variant: str, data: st.DataObject) -> None:
    check_views(data.draw(any_states(variant)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_along_a_whole_match(variant: str) -> None:
    state = kinglib.load_rules(variant).new_match(seed=5)
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            check_views(state)
        state = play_randomly(state, 1, step)
        step += 1
    for seat in range(state.players):
        view = state.view(seat)
        assert view.is_over and view.phase is Phase.OVER
        assert view.legal_moves == ()
        assert len(view.results) == len(state.results)
        json.dumps(view.to_dict(), allow_nan=False)


def test_the_view_of_a_hand_built_deal() -> None:
    rules = kinglib.load_rules("simple")
    deal = HandBuilt.parse(
        """
        no_tricks dealer=3
        0: AS KS QS JS TS 9S 8S 7S
        1: AH KH QH JH TH 9H 8H 7H
        2: AD KD QD JD TD 9D 8D 7D
        3: AC KC QC JC TC 9C 8C 7C
        """
    )
    hands = deal.hands
    state = deal.start(rules)
    assert state.to_move == 0
    state = state.apply(kinglib.parse_move("AS", state))
    view = state.view(2)
    assert view.hand == CardSet.parse(hands[2])
    assert view.seen_cards == CardSet.parse(hands[2] + " AS")
    assert view.to_dict()["trick"] == [[0, "AS"]]
    assert view.to_dict()["hand_sizes"] == [7, 8, 8, 8]
    assert view.legal_moves == ()
    assert [str(m) for m in state.view(1).legal_moves] == hands[1].split()


def test_a_finished_deal_has_a_plain_view() -> None:
    rules = kinglib.load_rules("simple")
    state = play_randomly(rules.new_match(seed=2), TO_THE_END, 2)
    data = state.view(0).to_dict()
    assert data["phase"] == "over"
    assert data["to_move"] is None
    assert [r["contract"] for r in data["results"]] == [r.contract for r in state.results]
    assert [r["points"] for r in data["results"]] == [list(r.points) for r in state.results]
    assert data["totals"] == list(state.totals)
