"""Every rule of simple King (classic scheme) on hand-built deals with exact scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kinglib
from kinglib import CardSet, IllegalMoveError, Phase, Play, State
from kinglib.testing import HandBuilt, deal_from_text, play_out
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES
from tests.support import HEART_LEAD_DEAL, MIXED, MIXED_DEAL, MIXED_PLAY, legal_cards, play

# Each seat holds one suit.
SUITS_DEAL = """
    0: AS KS QS JS TS 9S 8S 7S
    1: AH KH QH JH TH 9H 8H 7H
    2: AD KD QD JD TD 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""
SUITS = HandBuilt.parse(SUITS_DEAL).hands


# Seat 2 leads (dealer 1), wins seven tricks, then leads K♥ into A♥ and Q♥.
ERALASH_DEAL = """
    0: QH JH TH 9H 8H 7H 8D 7D
    1: 7C AS KS QS JS TS 9S 8S
    2: AC KC QC JC TC 9C 8C KH
    3: AH 7S AD KD QD JD TD 9D
"""
ERALASH_PLAY = [
    "AC 7S 8D 7C",
    "KC AD 7D AS",
    "QC KD JH KS",
    "JC QD TH QS",
    "TC JD 9H JS",
    "9C TD 8H TS",
    "8C 9D 7H 9S",
    "KH AH QH 8S",  # seat 3 wins the last trick with A♥
]


def deal(contract: str, layout: str, dealer: int, **options: Any) -> State:
    """The deal of the cards written in ``layout`` (seat lines only), in ``contract``."""
    rules = kinglib.load_rules("simple", **options)
    return deal_from_text(rules, layout, contract=contract, dealer=dealer)


def play_tricks(state: State, tricks: list[str]) -> State:
    for trick in tricks:
        state = play(state, trick)
    return state


# ---------------------------------------------------------------------- following suit


def test_following_suit() -> None:
    state = deal("no_tricks", MIXED_DEAL, dealer=3)
    assert state.to_move == 0
    assert state.eldest == 0
    assert legal_cards(state) == "AS KS QS JS AH 7H AD 7C"
    state = play(state, "AS")
    assert state.to_move == 1
    assert legal_cards(state) == "TS 9S 8S 7S"
    with pytest.raises(IllegalMoveError, match="follow"):
        play(state, "KH")
    state = play(state, "7S")
    assert state.to_move == 2
    # void in spades: any card
    assert legal_cards(state) == "JH TH 9H 8H KD QD JD TD"
    state = play(state, "KD AC")
    # the highest card of the led suit wins, and the winner leads
    assert state.tricks[-1].winner == 0
    assert state.tricks[-1].cards == CardSet.parse("AS 7S KD AC")
    assert state.to_move == 0
    assert state.trick == ()


def test_the_highest_card_of_the_led_suit_wins_and_leads_next() -> None:
    state = deal("no_tricks", MIXED_DEAL, dealer=3)
    state = play_tricks(state, MIXED_PLAY[:4])
    assert [t.winner for t in state.tricks] == [0, 0, 0, 3]
    assert [t.leader for t in state.tricks] == [0, 0, 0, 0]
    assert state.to_move == 3
    state = play(state, "JC")
    assert state.to_move == 0


@pytest.mark.parametrize(
    ("contract", "points", "early"),
    [
        ("no_tricks", (-6, 0, 0, -10), 0),
        ("no_boys", (-4, 0, 0, -12), 6),  # the last jack falls in trick 6
        ("no_girls", (-4, 0, 0, -12), 0),
        ("no_hearts", (0, 0, 0, -16), 0),
        ("no_last_two", (0, 0, 0, -16), 0),
        ("tricks", (6, 0, 0, 10), 0),
        ("boys", (4, 0, 0, 12), 6),
        ("girls", (4, 0, 0, 12), 0),
        ("hearts", (0, 0, 0, 16), 0),
        ("last_two", (0, 0, 0, 16), 0),
    ],
)
def test_a_whole_deal_scores_exactly(contract: str, points: tuple[int, ...], early: int) -> None:
    state = deal(contract, MIXED_DEAL, dealer=3)
    tricks = MIXED_PLAY[:early] if early else MIXED_PLAY
    state = play_tricks(state, tricks)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    assert state.legal_moves() == ()
    [result] = state.results
    assert result.contract == contract
    assert result.points == points
    assert result.total == state.rules.contracts[contract].total
    assert state.totals == points
    assert result.dealer == 3
    assert result.ended_early == bool(early)
    if early:
        assert result.unplayed == CardSet.parse(" ".join(MIXED_PLAY[early:]))
    else:
        assert result.unplayed == CardSet()


def test_boys_jacks_and_kings() -> None:
    """With boys="jacks+kings" each jack and king costs 2; the deal ends when K♥ falls."""
    state = deal("no_boys", MIXED_DEAL, dealer=3, boys="jacks+kings")
    state = play_tricks(state, MIXED_PLAY[:7])
    assert state.is_over
    [result] = state.results
    # seat 0: KD, KS, KC, JD; seat 3: JC, JH, JS, KH
    assert result.points == (-8, 0, 0, -8)
    assert result.ended_early
    assert result.unplayed == CardSet.parse(MIXED_PLAY[7])


def test_positive_boys_jacks_and_kings() -> None:
    state = deal("boys", MIXED_DEAL, dealer=3, boys="jacks+kings")
    state = play_tricks(state, MIXED_PLAY[:7])
    assert state.results[0].points == (8, 0, 0, 8)


# ---------------------------------------------------------------------- no heart lead


@pytest.mark.parametrize("contract", ["no_hearts", "no_king", "eralash", "hearts", "king"])
def test_no_heart_lead_while_holding_another_suit(contract: str) -> None:
    state = deal(contract, MIXED_DEAL, dealer=3)
    assert legal_cards(state) == "AS KS QS JS AD 7C"
    with pytest.raises(IllegalMoveError, match="heart may not be led"):
        play(state, "AH")


@pytest.mark.parametrize("contract", ["no_tricks", "no_boys", "no_girls", "no_last_two"])
def test_hearts_may_be_led_in_the_other_games(contract: str) -> None:
    state = deal(contract, MIXED_DEAL, dealer=3)
    assert "AH" in legal_cards(state)
    assert play(state, "AH").trick[0][1] == kinglib.Card.parse("AH")


def test_a_player_holding_only_hearts_may_lead_one() -> None:
    state = deal("no_hearts", SUITS_DEAL, dealer=0)
    assert state.to_move == 1
    assert legal_cards(state) == SUITS[1]
    for trick in range(8):
        assert state.to_move == 1
        state = play(state, SUITS[1].split()[7 - trick])  # the lowest heart first
        for seat in (2, 3, 0):
            # void in hearts: any card of the hand
            assert state.to_move == seat
            assert legal_cards(state) == str(state.hand(seat))
            state = state.apply(state.legal_moves()[0])
        assert state.tricks[-1].winner == 1
    assert state.is_over
    assert state.results[0].points == (0, -16, 0, 0)
    assert not state.results[0].ended_early


def test_the_holder_of_kh_with_only_hearts_may_lead_any_heart() -> None:
    state = deal("no_king", SUITS_DEAL, dealer=0, king_on_heart_lead="forced")
    assert legal_cards(state) == SUITS[1]
    state = play(state, "7H AD AC AS")
    assert state.to_move == 1


# ---------------------------------------------------------------------- K♥ must go


@pytest.mark.parametrize("contract", ["no_king", "eralash", "king", "plus_eralash"])
def test_kh_forced_when_void(contract: str) -> None:
    state = deal(contract, MIXED_DEAL, dealer=3)
    state = play(state, "AD")
    assert state.to_move == 1
    assert legal_cards(state) == "KH"
    with pytest.raises(IllegalMoveError, match="must play KH"):
        play(state, "QH")
    with pytest.raises(IllegalMoveError, match="must play KH"):
        play(state, "8C")
    state = play(state, "KH")
    assert legal_cards(state) == "KD QD JD TD"


@pytest.mark.parametrize("contract", ["no_tricks", "no_hearts", "no_girls", "hearts"])
def test_kh_not_forced_in_the_other_games(contract: str) -> None:
    state = play(deal(contract, MIXED_DEAL, dealer=3), "AD")
    assert legal_cards(state) == MIXED[1]


@pytest.mark.parametrize("contract", ["no_king", "eralash", "king", "plus_eralash"])
@pytest.mark.parametrize("on_lead", ["optional", "forced"])
def test_king_forced_false_never_forces_kh(contract: str, on_lead: str) -> None:
    state = deal(contract, MIXED_DEAL, dealer=3, king_forced=False, king_on_heart_lead=on_lead)
    state = play(state, "AD")
    assert legal_cards(state) == MIXED[1]
    state = play(state, "QH")  # keeps K♥
    assert state.to_move == 2
    heart_lead = play(deal(contract, HEART_LEAD_DEAL, dealer=3, king_forced=False), "AS KS JS AC")
    heart_lead = play(heart_lead, "AD KD 9D KC AH")
    assert legal_cards(heart_lead) == "KH 7H"


def test_no_king_ends_when_kh_is_taken() -> None:
    state = deal("no_king", MIXED_DEAL, dealer=3)
    state = play(state, "AD KH TD 7D")
    assert state.is_over
    [result] = state.results
    assert result.points == (-16, 0, 0, 0)
    assert result.ended_early
    assert result.unplayed == CardSet.deck(32) - CardSet.parse("AD KH TD 7D")
    assert len(state.tricks) == 1


def test_positive_king() -> None:
    state = play(deal("king", MIXED_DEAL, dealer=3), "AD KH TD 7D")
    assert state.results[0].points == (16, 0, 0, 0)
    assert state.results[0].ended_early


def test_early_end_off_plays_every_card() -> None:
    state = deal("no_king", MIXED_DEAL, dealer=3, early_end=False)
    state = play(state, "AD KH TD 7D")
    assert not state.is_over
    state = play_out(state)
    [result] = state.results
    assert result.points == (-16, 0, 0, 0)
    assert not result.ended_early
    assert result.unplayed == CardSet()
    assert len(state.tricks) == 8


@pytest.mark.parametrize("contract", ["no_tricks", "no_last_two", "eralash", "tricks"])
def test_a_deal_that_scores_tricks_never_ends_early(contract: str) -> None:
    state = play_out(deal(contract, MIXED_DEAL, dealer=3))
    assert not state.results[0].ended_early
    assert len(state.tricks) == 8
    assert sum(state.results[0].points) == state.rules.contracts[contract].total


def test_kh_on_a_heart_lead_is_optional_by_default() -> None:
    state = deal("no_king", HEART_LEAD_DEAL, dealer=3)
    assert legal_cards(state) == "AS AD"
    state = play(state, "AS KS JS AC AD KD 9D KC")
    assert [t.winner for t in state.tricks] == [0, 0]
    assert legal_cards(state) == "AH QH JH TH 9H 8H"  # only hearts left: he leads one
    state = play(state, "AH")
    assert legal_cards(state) == "KH 7H"
    state = play(state, "7H 7S 7C")
    assert state.tricks[-1].winner == 0 and not state.is_over
    state = play(state, "QH")
    assert legal_cards(state) == "KH"
    state = play(state, "KH 8S 8C")
    assert state.is_over
    assert state.results[0].points == (0, -16, 0, 0)
    assert state.results[0].ended_early
    assert len(state.tricks) == 4


@pytest.mark.parametrize(("contract", "sign"), [("no_king", -1), ("king", 1), ("eralash", 0)])
def test_kh_on_a_heart_lead_forced(contract: str, sign: int) -> None:
    state = deal(contract, HEART_LEAD_DEAL, dealer=3, king_on_heart_lead="forced")
    state = play(state, "AS KS JS AC AD KD 9D KC AH")
    assert legal_cards(state) == "KH"
    with pytest.raises(IllegalMoveError, match="hearts were led"):
        play(state, "7H")
    state = play(state, "KH 7S 7C")
    assert state.tricks[-1].winner == 0
    if sign:
        assert state.is_over
        assert state.results[0].points == (16 * sign, 0, 0, 0)


def test_kh_forced_on_heart_lead_only_binds_its_holder_when_following() -> None:
    """Forced on a heart lead, but never forced to lead K♥."""
    state = deal("no_king", MIXED_DEAL, dealer=0, king_on_heart_lead="forced")
    assert state.to_move == 1
    assert legal_cards(state) == "TS 9S 8S 7S 9C 8C"


# ---------------------------------------------------------------------- eralash


@pytest.mark.parametrize(
    ("contract", "boys", "points"),
    [
        # seat 2: 7 tricks (14), last-two for trick 7 (8), 4 jacks (16), 3 queens (12),
        # 5 hearts (10); seat 3: the last trick with A♥ K♥ Q♥
        ("eralash", "jacks", (0, 0, -(14 + 8 + 16 + 12 + 10), -(2 + 8 + 3 * 2 + 4 + 16))),
        # kings are boys too at 2 a boy: seat 2 has 4 jacks and 3 kings, seat 3 K♥
        (
            "eralash",
            "jacks+kings",
            (0, 0, -(14 + 8 + 7 * 2 + 12 + 10), -(2 + 8 + 3 * 2 + 4 + 16 + 2)),
        ),
        ("plus_eralash", "jacks", (0, 0, 60, 36)),
        ("plus_eralash", "jacks+kings", (0, 0, 58, 38)),
        ("no_king", "jacks", (0, 0, 0, -16)),
        ("no_girls", "jacks", (0, 0, -12, -4)),
        ("no_last_two", "jacks", (0, 0, -8, -8)),
    ],
)
def test_eralash_counts_a_card_in_every_category(
    contract: str, boys: str, points: tuple[int, ...]
) -> None:
    state = deal(contract, ERALASH_DEAL, dealer=1, boys=boys)
    assert state.to_move == 2
    state = play_tricks(state, ERALASH_PLAY)
    assert state.is_over
    [result] = state.results
    assert result.points == points
    assert sum(points) == state.rules.contracts[contract].total
    assert not result.ended_early
    assert state.tricks[-1].winner == 3
    assert state.tricks[-1].cards == CardSet.parse("KH AH QH 8S")


# ---------------------------------------------------------------------- dealers and leaders


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("first_dealer", [0, 1])
def test_the_deal_passes_left_and_eldest_leads(players: int, first_dealer: int) -> None:
    rules = kinglib.load_rules("simple", players=players, first_dealer=first_dealer)
    state = rules.new_match(seed=players * 10 + first_dealer)
    rng = random.Random(players)
    seen = 0
    while not state.is_over:
        if not state.deal_moves:
            seen += 1
            assert state.deal_number == seen
            dealer = (first_dealer + seen - 1) % players
            assert state.dealer == dealer
            assert state.eldest == (dealer + 1) % players
            assert state.to_move == state.eldest
            assert state.phase is Phase.PLAY
            assert all(len(h) == 8 for h in state.hands)
        before = len(state.tricks)
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        if len(after.tricks) == before + 1 and not after.is_over:
            assert after.to_move == after.tricks[-1].winner
        state = after
    assert seen == 14
    assert [r.dealer for r in state.results] == [(first_dealer + k) % players for k in range(14)]


def test_first_dealer_in_a_given_deal_is_the_dealer_argument() -> None:
    for dealer in range(4):
        state = deal("no_tricks", MIXED_DEAL, dealer=dealer)
        assert state.dealer == dealer
        assert state.to_move == (dealer + 1) % 4


# ---------------------------------------------------------------------- the match


def random_match(rules: kinglib.Rules, seed: int) -> State:
    state = rules.new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_classic_schedule() -> None:
    rules = kinglib.load_rules("simple")
    assert rules.schedule.deals == NEGATIVE_GAMES + POSITIVE_GAMES
    state = random_match(rules, 3)
    assert [r.contract for r in state.results] == [
        "no_tricks",
        "no_boys",
        "no_girls",
        "no_hearts",
        "no_king",
        "no_last_two",
        "eralash",
        "tricks",
        "boys",
        "girls",
        "hearts",
        "king",
        "last_two",
        "plus_eralash",
    ]
    assert sum(state.totals) == 0
    assert state.totals == tuple(sum(r.points[s] for r in state.results) for s in range(4))
    best = max(state.totals)
    assert state.winners == tuple(s for s in range(4) if state.totals[s] == best)


def test_option_order() -> None:
    order = ("eralash", "no_king", "no_hearts", "no_tricks", "no_last_two", "no_girls", "no_boys")
    rules = kinglib.load_rules("simple", order=order)
    assert rules.options["order"] == order
    twins = ("plus_eralash", "king", "hearts", "tricks", "last_two", "girls", "boys")
    assert rules.schedule.deals == order + twins
    state = random_match(rules, 5)
    assert tuple(r.contract for r in state.results) == order + twins
    assert sum(state.totals) == 0
    # text and lists are accepted too
    assert kinglib.load_rules("simple", order=" ".join(order)).options["order"] == order
    assert kinglib.load_rules("simple", order=list(order)).options["order"] == order


@pytest.mark.parametrize(
    "order",
    [
        NEGATIVE_GAMES[:6],
        (*NEGATIVE_GAMES[:6], "no_tricks"),
        (*NEGATIVE_GAMES, "no_tricks"),
        (*NEGATIVE_GAMES[:6], "tricks"),
        (*NEGATIVE_GAMES[:6], "trumps"),
        (*NEGATIVE_GAMES[:6], 7),
        (),
    ],
)
def test_a_bad_order_is_refused(order: tuple[object, ...]) -> None:
    with pytest.raises(kinglib.RulesError) as refused:
        kinglib.load_rules("simple", order=order)
    got = ", ".join(str(g) for g in order) or "nothing"
    assert str(refused.value) == (
        "simple: option 'order' lists each negative game exactly once: no_tricks, no_boys, "
        f"no_girls, no_hearts, no_king, no_last_two, eralash; got {got}"
    )


def test_a_given_deal_is_one_deal() -> None:
    state = deal("no_tricks", MIXED_DEAL, dealer=3)
    assert state.deal_number == 1
    assert state.contract == "no_tricks"
    assert state.trump is None
    state = play_tricks(state, MIXED_PLAY)
    assert state.is_over
    assert len(state.results) == 1
    with pytest.raises(IllegalMoveError, match="over"):
        play(state, "AS")
    assert state.winners == (1, 2)
    assert Play(kinglib.Card.parse("AS")) not in state.legal_moves()
