"""jokers: hand-built deals with exact scores, and properties of random play."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, IllegalMoveError, Play, RulesError, State
from kinglib.testing import HandBuilt, deal_from_text
from kinglib.values.cards import JOKERS_MASK, SUIT_MASKS, Suit
from kinglib_variants import jokers

JK1 = Card.joker(1)
JK2 = Card.joker(2)


def rules(**options: Any) -> kinglib.Rules:
    return kinglib.load_rules("jokers", **options)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.apply(kinglib.parse_move(text, state))
    return state


def legal(state: State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# ------------------------------------------------------------------ notation


def test_jokers_as_cards_everywhere() -> None:
    assert str(JK1) == "JK1" and Card.parse("jk") is JK1 and Card.parse(" JK2 ") is JK2
    assert JK1.is_joker and JK1.suit is None and JK1.symbol == "🃏1"
    hand = CardSet.parse("AH JK2 JK1 2C")
    assert str(hand) == "AH 2C JK1 JK2"
    assert CardSet.parse(str(hand)) == hand
    assert hand.symbols == "A♥ 2♣ 🃏1 🃏2"
    assert hand - CardSet([JK1]) == CardSet.parse("AH 2C JK2")
    assert hand & CardSet.from_mask(JOKERS_MASK) == CardSet([JK1, JK2])
    assert kinglib.parse_move("JK1") == Play(JK1)
    assert kinglib.parse_move("play jk2") == Play(JK2)
    assert str(Play(JK2)) == "JK2"


def test_the_packs() -> None:
    four = rules()
    assert len(four.deck) == 52
    assert JK1 in four.deck and JK2 not in four.deck and Card.parse("2C") not in four.deck
    three = rules(players=3)
    assert len(three.deck) == 52
    assert {JK1, JK2} <= set(three.deck)
    assert not {Card.parse("2C"), Card.parse("3C")} & set(three.deck)
    assert four.contracts["jokers"].total == -124
    assert four.contracts["jokers"].name == "Кинг с джокерами"
    assert four.contracts["jokers"].title == "jokers"
    assert four.contracts["jokers"].description == "each heart its rank (A 14 … 2), each joker 20"
    assert three.contracts["jokers"].total == -144
    contract = four.contracts["jokers"]
    assert [contract.price_of(Card.parse(t)) for t in ("AH", "KH", "QH", "JH", "TH", "2H")] == [
        -14,
        -13,
        -12,
        -11,
        -10,
        -2,
    ]
    assert contract.price_of(JK1) == -20
    assert contract.price_of(Card.parse("QS")) == 0
    with pytest.raises(RulesError, match="3, 4 players"):
        rules(players=5)
    with pytest.raises(RulesError, match="no stock"):
        rules().new_deal("jokers", [""] * 4, stock="AS")


# ------------------------------------------------------------------ four players


def test_a_joker_follows_a_heart_lead_and_beats_the_low_hearts() -> None:
    deal = """
        jokers dealer=3
        0: AH 9H 5H 2H AS KS QS JS TS 9S 8S 7S 6S
        1: KH TH 6H 3H AD KD QD JD TD 9D 8D 7D 6D
        2: QH 8H 4H JK1 AC KC QC JC TC 9C 8C 7C 6C
        3: JH 7H 5S 4S 3S 2S 5D 4D 3D 2D 5C 4C 3C
    """
    state = deal_from_text(rules(), deal)
    state = play(state, "2H", "3H")
    assert legal(state) == {"QH", "8H", "4H", "JK1"}
    data = state.view(2).to_dict()
    assert data["hand"].endswith("6C JK1")
    assert "JK1" in data["legal_moves"]
    assert "JK1" not in json.dumps(state.view(1).to_dict())
    assert state.view(2).hand.symbols.endswith("6♣ 🃏1")
    state = play(state, "JK1", "7H")
    assert state.tricks[0].winner == 2
    assert state.view(0).to_dict()["tricks"][0]["plays"][2] == [2, "JK1"]
    state = play(state, "QH", "JH", "AH", "KH")
    assert state.tricks[1].winner == 0
    state = play(state, "5H", "6H", "8H")
    assert legal(state) == {str(c) for c in state.hand(3)}  # void in hearts: any card
    state = play(state, "5S", "4H", "5D", "9H", "TH")
    assert state.is_over
    result = state.results[0]
    assert result.points == (-50, -23, -51, 0)
    assert result.ended_early
    assert result.total == -124


def test_a_joker_led_is_a_heart_lead_and_loses_to_the_jack() -> None:
    deal = """
        jokers dealer=3
        0: JK1 AH KH QH AS KS QS JS TS 9S 8S 7S 6S
        1: JH TH 9H 8H AD KD QD JD TD 9D 8D 7D 6D
        2: 7H 6H 5H 4H AC KC QC JC TC 9C 8C 7C 6C
        3: 3H 2H 5S 4S 3S 2S 5D 4D 3D 2D 5C 4C 3C
    """
    state = deal_from_text(rules(), deal)
    assert "JK1" in legal(state)
    state = play(state, "JK1")
    assert legal(state) == {"JH", "TH", "9H", "8H"}
    with pytest.raises(IllegalMoveError, match="heart lead"):
        state.apply(Play(Card.parse("AD")))
    state = play(state, "JH", "7H")
    assert legal(state) == {"3H", "2H"}
    state = play(state, "3H")
    assert state.tricks[0].winner == 1
    state = play(state, "8H", "6H", "2H", "AH", "KH", "9H", "5H", "2S", "QH", "TH", "4H", "3S")
    assert state.is_over
    assert state.results[0].points == (-83, -41, 0, 0)


THIRD_DEAL = """
    jokers dealer=3
    0: AS AH KH QH AD KD QD JD TD 9D 8D 7D 6D
    1: KS JK1 JH TH 9H AC KC QC JC TC 9C 8C 7C
    2: QS 8H 7H 6H 5H TS 9S 8S 7S 6S 5S 4S 3S
    3: JS 4H 3H 2H 2S 5D 4D 3D 2D 6C 5C 4C 3C
"""
#: The hands of ``THIRD_DEAL``, seat 0 first.
THIRD = list(HandBuilt.parse(THIRD_DEAL).hands)


def test_joker_free_lets_a_joker_beat_a_suit_its_holder_could_follow() -> None:
    state = deal_from_text(rules(joker_free=True), THIRD_DEAL)
    state = play(state, "AS")
    assert legal(state) == {"KS", "JK1"}
    state = play(state, "JK1", "QS", "JS")
    assert state.tricks[0].winner == 1
    state = play(state, "JH", "8H", "4H", "AH", "KH", "TH", "7H", "3H", "QH", "9H", "6H", "2H")
    state = play(state, "AD", "AC", "5H", "5D")
    assert state.is_over
    assert state.results[0].points == (-104, -20, 0, 0)


def test_without_joker_free_a_joker_may_not_be_played_while_following_is_possible() -> None:
    state = play(deal_from_text(rules(), THIRD_DEAL), "AS")
    assert legal(state) == {"KS"}
    with pytest.raises(IllegalMoveError, match="joker_free"):
        state.apply(Play(JK1))
    assert state.hand(1) == CardSet.parse(THIRD[1])
    state = play(state, "KS", "QS", "JS")
    assert state.tricks[0].winner == 0
    # Void in the led suit: the joker may be played, and it wins a non-heart trick.
    state = play(state, "AD")
    assert "JK1" in legal(state)
    state = play(state, "JK1", "8H", "5D")
    assert state.tricks[1].winner == 1
    # The contract built without the option is the same strict one.
    assert jokers.jokers_contract(rules().deck.mask) == rules().contracts["jokers"]
    assert not jokers.jokers_contract(rules().deck.mask).trick_rules.joker_free


@pytest.mark.parametrize("joker_free", [False, True])
def test_joker_free_changes_nothing_on_a_heart_lead_or_a_lead(joker_free: bool) -> None:
    state = deal_from_text(rules(joker_free=joker_free), THIRD_DEAL)
    state = play(state, "AS", "KS", "QS", "JS", "AH")
    assert legal(state) == {"JK1", "JH", "TH", "9H"}
    state = play(state, "TH", "8H", "4H")
    assert legal(state) == {str(c) for c in state.hand(0)}


def refusal(state: State, move: kinglib.Move) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(move)
    return str(refused.value)


def test_refusals_say_why_word_for_word() -> None:
    state = deal_from_text(rules(), THIRD_DEAL)
    assert refusal(state, Play(Card.parse("KS"))) == (
        "seat 0 may not play KS: seat 0 does not hold KS"
    )
    assert refusal(state, kinglib.Pass()) == (
        "seat 0 may not play pass: cards are being played: play a card, not pass"
    )
    state = play(state, "AS")
    assert refusal(state, Play(JK1)) == (
        "seat 1 may not play JK1: AS was led and seat 1 holds spades: a joker may only follow "
        "a heart lead or be played when void in the led suit (option joker_free allows it)"
    )
    assert refusal(state, Play(Card.parse("AC"))) == (
        "seat 1 may not play AC: AS was led and seat 1 must follow with a card of spades"
    )
    assert refusal(state, Play(Card.parse("QH"))) == (
        "seat 1 may not play QH: seat 1 does not hold QH"
    )
    hearts = play(state, "KS", "QS", "JS", "AH")
    assert refusal(hearts, Play(Card.parse("AC"))) == (
        "seat 1 may not play AC: AH was led (a heart lead) and seat 1 must follow with a heart "
        "or a joker"
    )


# ------------------------------------------------------------------ three players

THREE_DEAL = """
    jokers dealer=2
    0: JK1 AH KH AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD
    1: JK2 QH JH TH KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC
    2: 9H 8H 7H 6H 5H 4H 3H KC QC JC TC 9C 8C 7C 6C 5C 4C
    kitty: 2H
"""
#: The hands of ``THREE_DEAL``, seat 0 first.
THREE = list(HandBuilt.parse(THREE_DEAL).hands)


def test_the_kitty_goes_unseen_to_the_winner_of_the_first_trick() -> None:
    state = deal_from_text(rules(players=3), THREE_DEAL)
    assert state.to_move == 0
    for seat in range(3):
        view = state.view(seat)
        assert view.pile_sizes == {"kitty": 1}
        assert view.piles == {}
        assert Card.parse("2H") not in view.seen_cards
    state = play(state, "AS", "JK2", "9H")
    assert state.tricks[0].winner == 1
    assert state.pile("kitty") == CardSet()
    assert state.taken(1) == CardSet.parse("AS 9H 2H JK2")
    for seat in range(3):
        assert "2H" not in json.dumps(state.view(seat).to_dict())
    # QH beats a joker on a heart lead.
    state = play(state, "QH", "8H")
    assert legal(state) == {"AH", "KH", "JK1"}
    state = play(state, "JK1")
    assert state.tricks[1].winner == 1
    state = play(state, "JH", "7H", "AH", "KH", "TH", "6H", "AD", "KD", "5H")
    state = play(state, "KS", "AC", "4H", "QS", "QD", "3H")
    assert state.is_over
    result = state.results[0]
    assert result.points == (-73, -71, 0)
    assert result.total == -144
    assert result.detail("kitty") == CardSet.parse("2H")
    assert result.detail("kitty_to") == 1


def test_the_ace_of_spades_as_the_kitty() -> None:
    """The kitty is revealed whatever card it is, the first card of the pack included."""
    hands = [THREE[0].replace("AS", "2H"), THREE[1], THREE[2]]
    state = rules(players=3).new_deal("jokers", hands, dealer=2, kitty="AS")
    assert jokers._kitty_of(state) is None, "the kitty still lies face down in its pile"
    state = play(state, "KS", "QH", "9H")
    assert state.tricks[0].winner == 0
    assert state.taken(0) == CardSet.parse("AS KS QH 9H")
    assert jokers._kitty_of(state) == CardSet.parse("AS")
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    result = state.results[0]
    assert result.detail("kitty") == CardSet.parse("AS")
    assert result.detail("kitty_to") == 0
    assert result.total == -144


KITTY4C = """
    jokers dealer=2
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD JD
    1: JK2 AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D
    2: JK1 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C
    kitty: 4C
"""


def test_two_jokers_on_a_plain_lead_the_first_wins() -> None:
    state = deal_from_text(rules(players=3), KITTY4C)
    state = play(state, "AS", "JK2", "JK1")
    assert state.tricks[0].winner == 1
    assert state.taken(1) == CardSet.parse("AS 4C JK1 JK2")


def test_a_holder_of_a_joker_and_no_heart_must_play_it_to_a_heart_lead() -> None:
    state = deal_from_text(rules(players=3), KITTY4C)
    state = play(state, "AS", "JK2", "5C", "2H")
    assert legal(state) == {"JK1"}
    with pytest.raises(IllegalMoveError, match="heart or a joker"):
        state.apply(Play(Card.parse("AC")))
    state = play(state, "JK1", "AD")
    assert state.tricks[1].winner == 2


def test_the_deal_details_name_the_kitty_and_the_first_trick_winner() -> None:
    """kitty_to is the winner of the first trick, not of a later one; nothing before it."""
    r = rules(players=3)
    state = deal_from_text(r, KITTY4C)
    assert r.deal_details(state) == ()
    state = play(state, "AS")
    assert r.deal_details(state) == ()  # one card played, the first trick not yet won
    state = play(state, "JK2", "5C", "2H", "JK1", "AD")
    assert [t.winner for t in state.tricks] == [1, 2]
    assert r.deal_details(state) == (("kitty", CardSet.parse("4C")), ("kitty_to", 1))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.results[0].details == (("kitty", CardSet.parse("4C")), ("kitty_to", 1))


def test_four_players_have_no_deal_details() -> None:
    """No kitty with four players: no details, at any point of the deal or at its end."""
    deal = """
        jokers dealer=3
        0: AH 9H 5H 2H AS KS QS JS TS 9S 8S 7S 6S
        1: KH TH 6H 3H AD KD QD JD TD 9D 8D 7D 6D
        2: QH 8H 4H JK1 AC KC QC JC TC 9C 8C 7C 6C
        3: JH 7H 5S 4S 3S 2S 5D 4D 3D 2D 5C 4C 3C
    """
    r = rules()
    state = play(deal_from_text(r, deal), "2H", "3H", "JK1", "7H")
    assert len(state.tricks) == 1
    assert r.deal_details(state) == ()
    state = play(state, "QH")  # one card of the second trick played
    assert r.deal_details(state) == ()
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.results[0].details == ()


@pytest.mark.parametrize(
    ("answer", "winner"),
    [("JK2", 0), ("2H", 0), ("TH", 0), ("JH", 1), ("AH", 1)],
)
def test_a_joker_on_a_heart_lead_ranks_between_jack_and_ten(answer: str, winner: int) -> None:
    deal = """
        jokers dealer=2
        0: JK1 AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD
        1: JK2 AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H JD TD 9D
        2: 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C
        kitty: 4C
    """
    state = deal_from_text(rules(players=3), deal)
    state = play(state, "JK1")
    assert len(legal(state)) == 14
    state = play(state, answer, "8D")
    assert state.tricks[0].winner == winner
    assert Card.parse("4C") in state.taken(winner)


# ------------------------------------------------------------------ properties


def _deck_ok(state: State) -> None:
    places = list(state.hands_mask) + list(state.taken_mask) + [m for _, m in state.piles_mask]
    places += [card.mask for _, card in state.trick]
    union = 0
    for m in places:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == state.rules.deck.mask


def _named(data: dict[str, Any]) -> int:
    text = json.dumps({k: v for k, v in data.items() if k != "results"})
    mask = 0
    for word in text.replace('"', " ").replace(",", " ").replace("]", " ").split():
        with contextlib.suppress(kinglib.NotationError):
            mask |= Card.parse(word).mask
    return mask


def _expected_legal(state: State, joker_free: bool) -> int:
    seat = state.to_move
    assert seat is not None
    hand = state.hands_mask[seat]
    if not state.trick:
        return hand
    lead = state.trick[0][1]
    if lead.is_joker or lead.suit is Suit.HEARTS:
        return (hand & (SUIT_MASKS[Suit.HEARTS] | JOKERS_MASK)) or hand
    assert lead.suit is not None
    follow = hand & SUIT_MASKS[lead.suit]
    if not follow:
        return hand
    return follow | (hand & JOKERS_MASK if joker_free else 0)


def random_match(r: kinglib.Rules, seed: int, move_seed: int, *, check: bool) -> State:
    state = r.new_match(seed)
    rng = random.Random(move_seed)
    joker_free = r.options["joker_free"]
    while not state.is_over:
        moves = state.legal_moves()
        assert moves
        if check:
            assert state.to_move is not None
            _deck_ok(state)
            mask = 0
            for m in moves:
                assert isinstance(m, Play)
                mask |= m.card.mask
            assert mask == _expected_legal(state, joker_free)
            if len(state.trick) == 1:
                kitty = state.pile("kitty").mask
                for seat in range(r.players):
                    data = state.view(seat).to_dict()
                    hidden = kitty
                    for other in range(r.players):
                        if other != seat:
                            hidden |= state.hands_mask[other]
                    assert not _named(data) & hidden
        state = state.apply(rng.choice(moves))
    return state


@settings(max_examples=30)
@given(
    players=st.sampled_from([3, 4]),
    joker_free=st.booleans(),
    early_end=st.booleans(),
    seed=st.integers(0, 10**6),
    move_seed=st.integers(0, 10**6),
)
def test_random_matches_keep_every_invariant(
    players: int, joker_free: bool, early_end: bool, seed: int, move_seed: int
) -> None:
    r = rules(players=players, joker_free=joker_free, early_end=early_end)
    state = random_match(r, seed, move_seed, check=True)
    assert len(state.results) == players
    total = -124 if players == 4 else -144
    assert [result.total for result in state.results] == [total] * players
    assert [result.dealer for result in state.results] == list(range(players))
    assert state.totals == tuple(
        sum(result.points[s] for result in state.results) for s in range(players)
    )
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == max(state.totals))
    if players == 3:
        for result in state.results:
            assert len(result.detail("kitty")) == 1
    assert random_match(r, seed, move_seed, check=False) == state
    replay = r.new_match(seed)
    for move in state.moves:
        replay = replay.apply(move)
    assert replay == state
