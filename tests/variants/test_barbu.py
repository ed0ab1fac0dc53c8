"""barbu: the dealer's seven contracts, the Barbu prices and play rules, doubling and fan-tan."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import (
    Choose,
    Declare,
    Double,
    IllegalMoveError,
    NotationError,
    Pass,
    Phase,
    Play,
    Rank,
    Redouble,
    RulesError,
    State,
    Suit,
)
from kinglib.engine.kernel import Draws
from kinglib.engine.phases import PhaseRules
from kinglib.players.bots import HeuristicBot, RandomBot, SearchBot
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import check_invariants, deal_from_text, play_out
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card
from kinglib_variants import barbu
from tests.support import (
    SUITED,
    SUITED_DEAL,
    legal_cards,
    play,
    random_policy,
    shuffled_hands,
    snapshot,
)

CONTRACTS = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_king_of_hearts",
    "no_last_two",
    "trumps",
    "fan_tan",
)
TOTALS = {
    "no_tricks": -26,
    "no_hearts": -30,
    "no_queens": -24,
    "no_king_of_hearts": -20,
    "no_last_two": -30,
    "trumps": 65,
    "fan_tan": 65,
}


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("barbu", **options)  # type: ignore[arg-type]


def passes(state: State) -> State:
    """Everyone passes the doubling rounds."""
    while state.phase is Phase.DOUBLE:
        state = state.apply(Pass())
    return state


def base_points(state: State) -> tuple[int, ...]:
    """The points of a finished trick deal by the price table, from its tricks alone."""
    contract = state.contract
    points = [0] * 4
    for number, trick in enumerate(state.tricks, start=1):
        cards = trick.cards.mask
        won = trick.winner
        if contract == "no_tricks":
            points[won] -= 2
        elif contract == "trumps":
            points[won] += 5
        elif contract == "no_last_two":
            points[won] -= {12: 10, 13: 20}.get(number, 0)
        elif contract == "no_hearts":
            ace = Card.parse("AH").mask
            points[won] -= (
                6 * bool(cards & ace) + 2 * (cards & SUIT_MASKS[Suit.HEARTS] & ~ace).bit_count()
            )
        elif contract == "no_queens":
            points[won] -= 6 * (cards & RANK_MASKS[Rank.QUEEN]).bit_count()
        elif contract == "no_king_of_hearts":
            points[won] -= 20 * bool(cards & Card.parse("KH").mask)
    return tuple(points)


def wagers_of_moves(state: State) -> dict[tuple[int, int], int]:
    """The wagers of a finished deal, read from its moves as the rule book states them."""
    moves = [m for m in state.past_moves[-1] if not isinstance(m, (Choose, Declare))]
    dealer = state.results[-1].dealer
    order = [(dealer + k) % 4 for k in (1, 2, 3)]
    wagers: dict[tuple[int, int], int] = {}
    k = 0
    for seat in order:
        move = moves[k]
        k += 1
        if isinstance(move, Double):
            wagers.update({(seat, t): 1 for t in move.seats})
    for seat in [*order, dealer]:
        if any(b == seat for _, b in wagers):
            move = moves[k]
            k += 1
            if isinstance(move, Redouble):
                wagers.update({(d, seat): 2 for d in move.seats})
    return wagers


# ------------------------------------------------------------------ the variant


def test_the_variant_its_pack_contracts_and_options() -> None:
    r = rules()
    assert r.players == 4 and len(r.deck) == 52 and r.direction == "clockwise"
    assert {cid: c.total for cid, c in r.contracts.items()} == TOTALS
    assert sum(TOTALS.values()) == 0  # each dealer's seven contracts
    assert r.contracts["no_king_of_hearts"].name == "Barbu"
    assert r.schedule.length == 28 and set(r.schedule.deals) == {"choose"}
    assert dict(r.options) == {
        "rotation": "seven",
        "heart_lead": "never",
        "king_forced": True,
        "trump_overtrump": True,
        "must_trump": False,
        "fan_tan_start": "declare",
        "doubling": True,
        "min_doubles": 2,
        "first_dealer": 0,
        "early_end": True,
    }
    declared = invariants_of(r)
    assert declared.zero_sum and declared.deals == 28
    assert rules(fan_tan_start="j").options["fan_tan_start"] == "J"
    assert rules(fan_tan_start="10").options["fan_tan_start"] == "T"
    with pytest.raises(RulesError, match="not 3"):
        kinglib.load_rules("barbu", players=3)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"rotation": "left"}, "rotation"),
        ({"heart_lead": "maybe"}, "heart_lead"),
        ({"king_forced": "perhaps"}, "king_forced"),
        ({"trump_overtrump": 2}, "trump_overtrump"),
        ({"must_trump": "sometimes"}, "must_trump"),
        ({"fan_tan_start": "any"}, "not 'any'"),
        ({"fan_tan_start": "X"}, "fan_tan_start"),
        ({"doubling": "often"}, "doubling"),
        ({"min_doubles": 8}, "from 0 to 7"),
        ({"min_doubles": -1}, "from 0 to 7"),
        ({"first_dealer": 4}, "first_dealer"),
    ],
)
def test_bad_options_are_refused_at_load(bad: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        rules(**bad)


def test_the_trick_rules_follow_the_options() -> None:
    plain = rules().contracts
    assert plain["no_hearts"].trick_rules.lead_rule("hearts") == "never"
    assert plain["no_king_of_hearts"].trick_rules.void_duty == kinglib.CardSet.parse("KH")
    assert plain["trumps"].trick_rules.void == "discard"
    assert plain["trumps"].trick_rules.overtrump == "trump_lead"
    assert plain["fan_tan"].trick_rules.phase == "fan_tan"
    assert all(c.trick_rules.leader == "dealer" for c in plain.values())
    other = rules(
        heart_lead="broken", king_forced=False, trump_overtrump=False, must_trump=True
    ).contracts
    assert other["no_king_of_hearts"].trick_rules.lead_rule("hearts") == "broken"
    assert not other["no_king_of_hearts"].trick_rules.void_duty
    assert other["trumps"].trick_rules.void == "trump"
    assert other["trumps"].trick_rules.overtrump == "never"


# ------------------------------------------------------------------ dealers and choosing


def test_each_dealer_deals_seven_in_a_row_or_the_deal_passes_each_time() -> None:
    assert [rules().dealer_for(k) for k in range(1, 29)] == [s for s in range(4) for _ in range(7)]
    assert [rules(first_dealer=2).dealer_for(k) for k in (1, 7, 8, 15, 22, 28)] == [
        2,
        2,
        3,
        0,
        1,
        1,
    ]
    assert [rules(rotation="each").dealer_for(k) for k in range(1, 9)] == [0, 1, 2, 3] * 2
    state = rules(first_dealer=1).new_match(seed=3)
    assert (state.dealer, state.to_move, state.phase) == (1, 1, Phase.CHOOSE)
    assert state.view(2).extra["chooser"] == 1


def test_a_dealer_chooses_each_contract_once_and_it_is_no_longer_offered() -> None:
    state = rules(doubling=False).new_match(seed=4)
    assert state.legal_moves() == tuple(Choose(c) for c in CONTRACTS)
    state = play_out(state.apply(Choose("no_queens")), deal_only=True)
    assert state.dealer == 0 and state.deal_number == 2
    assert Choose("no_queens") not in state.legal_moves() and len(state.legal_moves()) == 6
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="already chosen no_queens once"):
        state.apply(Choose("no_queens"))
    assert snapshot(state) == before
    assert state.view(3).extra["owed"][0] == tuple(c for c in CONTRACTS if c != "no_queens")
    while state.deal_number < 8:
        state = play_out(state.apply(state.legal_moves()[-1]), deal_only=True)
    # The second dealer has all seven again.
    assert state.dealer == 1 and state.legal_moves() == tuple(Choose(c) for c in CONTRACTS)
    assert Counter(x.contract for x in state.results) == dict.fromkeys(CONTRACTS, 1)


def test_the_dealer_leads_every_contract() -> None:
    for dealer in range(4):
        for cid in CONTRACTS[:5]:
            state = deal_from_text(rules(doubling=False), SUITED_DEAL, contract=cid, dealer=dealer)
            assert state.phase is Phase.PLAY and state.to_move == dealer == state.maker


# ------------------------------------------------------------------ exact points


@pytest.mark.parametrize(
    ("contract", "points", "early"),
    [
        ("no_tricks", (0, 0, 0, -26), False),
        ("no_hearts", (0, 0, 0, -30), False),  # the 13th heart falls on the 13th trick
        ("no_queens", (0, 0, 0, -24), True),
        ("no_king_of_hearts", (0, 0, 0, -20), True),
        ("no_last_two", (0, 0, 0, -30), False),
    ],
)
def test_the_dealer_leading_the_one_suit_takes_everything(
    contract: str, points: tuple[int, ...], early: bool
) -> None:
    """Dealer 3 holds the clubs and leads them: nobody can follow or trump."""
    end = play_out(passes(deal_from_text(rules(), SUITED_DEAL, contract=contract, dealer=3)))
    result = end.results[-1]
    assert result.points == points and result.ended_early is early
    assert result.chooser == 3 and result.dealer == 3
    assert dict(result.details)["wagers"] == ()


# Dealer 0 leads spades: seat 1 throws his hearts on them, and the A♥ on seat 2's last trick.
ACE_LAST = """
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2D
    1: 2S AH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
    2: KH AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""


def test_no_hearts_the_ace_costs_six_and_each_other_heart_two() -> None:
    state = deal_from_text(rules(doubling=False), ACE_LAST, contract="no_hearts", dealer=0)
    state = play(state, "AS 2S KH AC")  # seat 1 follows; seat 2 throws K♥ to seat 0
    spades = [str(c) for c in kinglib.CardSet.parse("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")]
    hearts = [str(c) for c in kinglib.CardSet.parse("QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")]
    diamonds = [str(c) for c in kinglib.CardSet.parse("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D")]
    clubs = [str(c) for c in kinglib.CardSet.parse("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C")]
    for cards in zip(spades, hearts, diamonds, clubs):
        state = play(state, " ".join(cards))
    assert [t.winner for t in state.tricks] == [0] * 12
    end = play(state, "2D AH AD 2C")  # seat 2 wins the last trick, and the A♥ with it
    result = end.results[-1]
    assert end.is_over and result.points == (-24, 0, -6, 0) == base_points(end)


def test_no_last_two_costs_ten_and_twenty() -> None:
    # Dealer 2 holds the diamonds: he wins every trick; the last two cost 10 and 20.
    end = play_out(
        deal_from_text(rules(doubling=False), SUITED_DEAL, contract="no_last_two", dealer=2)
    )
    assert end.results[-1].points == (0, 0, -30, 0) and len(end.tricks) == 13
    # Seat 0 takes the first 11 spade tricks, then leads two diamonds... built by hand:
    deal = """
        0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 2D 3D
        1: 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H
        2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3H 2H
        3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
    """
    state = deal_from_text(rules(doubling=False), deal, contract="no_last_two", dealer=0)
    for spade in kinglib.CardSet.parse("AS KS QS JS TS 9S 8S 7S 6S 5S 4S"):
        state = state.apply(Play(spade))
        for _ in range(3):
            state = state.apply(state.legal_moves()[0])
    assert all(t.winner == 0 for t in state.tricks) and len(state.tricks) == 11
    end = play_out(state)
    assert [t.winner for t in end.tricks[11:]] == [2, 2]
    assert end.results[-1].points == (0, 0, -30, 0)


def test_trumps_five_a_trick_named_by_the_dealer() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="trumps", dealer=1)
    state = passes(state.apply(Declare(Suit.HEARTS)))
    assert state.trump is Suit.HEARTS and state.to_move == 1
    assert play_out(state).results[-1].points == (0, 65, 0, 0)
    state = deal_from_text(
        rules(doubling=False), SUITED_DEAL, contract="trumps", dealer=0, trump=Suit.DIAMONDS
    )
    assert state.phase is Phase.PLAY and state.to_move == 0
    # Seat 0 leads spades; seat 2 holds the trumps but need not trump (no duty).
    state = play(state, "AS AH")
    assert len(state.legal_moves()) == 13
    with pytest.raises(RulesError, match="notrump"):
        rules().new_deal("trumps", SUITED, dealer=1, trump="notrump")
    with pytest.raises(RulesError, match="not a trump round"):
        rules().new_deal("no_tricks", SUITED, dealer=1, trump=Suit.SPADES)


def test_fan_tan_the_order_of_going_out_scores_45_20_5_minus_5() -> None:
    """Each seat holds one suit and opens his own row: the dealer (3) goes out first."""
    state = deal_from_text(rules(doubling=False), SUITED_DEAL, contract="fan_tan", dealer=3)
    assert state.phase is Phase.DECLARE and state.to_move == 3
    assert state.legal_moves() == tuple(Declare(r) for r in sorted(Rank, reverse=True))
    with pytest.raises(IllegalMoveError, match="fan_tan starts at a rank"):
        state.apply(Declare(Suit.CLUBS))
    state = state.apply(Declare(Rank.SEVEN))
    assert state.phase is Phase.PLAY and state.to_move == 3 and legal_cards(state) == "7C"
    end = play_out(state)
    assert kinglib.from_json(kinglib.to_json(end)) == end
    result = end.results[-1]
    assert result.points == (20, 5, -5, 45)
    assert dict(result.details)["places"] == (3, 0, 1, 2)
    assert dict(result.details)["start_rank"] is Rank.SEVEN


def test_fan_tan_pass_only_when_no_card_fits() -> None:
    deal = """
        0: JS TS 9S 8S AH KH QH JH AD KD QD JD 2C
        1: 7S 6S 5S 4S TH 9H 8H 7H TD 9D 8D 7D 3C
        2: AS KS QS 3S 6H 5H 4H 3H 6D 5D 4D 3D AC
        3: 2S 2H 2D KC QC JC TC 9C 8C 7C 6C 5C 4C
    """
    state = deal_from_text(
        rules(doubling=False, fan_tan_start="J"), deal, contract="fan_tan", dealer=0
    )
    assert state.phase is Phase.PLAY and state.to_move == 0  # fixed rank: no declaration
    assert legal_cards(state) == "JS JH JD"
    with pytest.raises(IllegalMoveError, match="pass only when none fits"):
        state.apply(Pass())
    with pytest.raises(IllegalMoveError, match="opens with the JC"):
        state.apply(Play(Card.parse("2C")))
    state = play(state, "JS")
    # Seat 1 holds no jack and no spade next to the jack: he must pass.
    assert state.to_move == 1 and state.legal_moves() == (Pass(),)
    with pytest.raises(IllegalMoveError, match="does not fit the row of spades"):
        state.apply(Play(Card.parse("7S")))
    state = play(state, "pass")
    assert state.to_move == 2 and legal_cards(state) == "QS"
    state = play(state, "QS JC")
    assert state.view(1).extra["fan_tan"] == {"start_rank": "J", "out": ()}
    end = play_out(state)
    assert sorted(end.results[-1].points) == [-5, 5, 20, 45]


# ------------------------------------------------------------------ play rules


HEARTS_LEAD = """
    0: AS KS QS JS AD KD QD 6H 5H 4H 3H 2H AC
    1: TS 9S 8S 7S JD TD 9D AH KH QH JH TH KC
    2: 6S 5S 4S 3S 2S 8D 7D 6D 9H 8H 7H 5D 4D
    3: QC JC 3D 2D TC 9C 8C 7C 6C 5C 4C 3C 2C
"""
#: Three diamond tricks, then a club trick on which seat 2 (void in clubs) throws the 9♥.
BREAK = "AD JD 8D 3D  KD TD 7D 2D  QD 9D 6D QC  AC KC 9H 7C"


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_of_hearts"])
def test_hearts_never_led_while_holding_another_suit(contract: str) -> None:
    state = deal_from_text(rules(doubling=False), HEARTS_LEAD, contract=contract, dealer=0)
    assert "6H" not in legal_cards(state)
    with pytest.raises(IllegalMoveError, match="while holding another suit"):
        state.apply(Play(Card.parse("6H")))
    state = play(state, BREAK)
    assert state.to_move == 0 and state.tricks[-1].winner == 0
    assert legal_cards(state) == "AS KS QS JS"  # a heart was discarded: still never


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_of_hearts"])
def test_hearts_broken_by_a_discard_or_free(contract: str) -> None:
    broken = deal_from_text(
        rules(doubling=False, heart_lead="broken"), HEARTS_LEAD, contract=contract, dealer=0
    )
    state = play(broken, "AD JD 8D 3D  KD TD 7D 2D  QD 9D 6D QC")
    assert legal_cards(state) == "AS KS QS JS AC"  # nothing discarded on a heart yet
    with pytest.raises(IllegalMoveError, match="hearts are not broken yet"):
        state.apply(Play(Card.parse("6H")))
    state = play(state, "AC KC 9H 7C")
    assert "6H" in legal_cards(state)
    free = deal_from_text(
        rules(doubling=False, heart_lead="free"), HEARTS_LEAD, contract=contract, dealer=0
    )
    assert "6H" in legal_cards(free)


def test_the_king_of_hearts_is_forced_when_void_but_not_on_a_heart_lead() -> None:
    # Dealer 3 leads clubs: seat 1, void in clubs, holds K♥ and must play it.
    state = deal_from_text(
        rules(doubling=False), SUITED_DEAL, contract="no_king_of_hearts", dealer=3
    )
    state = play(state, "AC 2S")
    assert legal_cards(state) == "KH"
    with pytest.raises(IllegalMoveError, match="must play KH"):
        state.apply(Play(Card.parse("AH")))
    end = play(state, "KH 2D")
    assert end.is_over and end.results[-1].points == (0, 0, 0, -20)
    free = deal_from_text(
        rules(doubling=False, king_forced=False),
        SUITED_DEAL,
        contract="no_king_of_hearts",
        dealer=3,
    )
    assert len(play(free, "AC 2S").legal_moves()) == 13
    # A heart lead: seat 1 follows with any heart, K♥ or not.
    led = deal_from_text(
        rules(doubling=False, heart_lead="free"),
        HEARTS_LEAD,
        contract="no_king_of_hearts",
        dealer=0,
    )
    state = play(led, "2H")
    assert legal_cards(state) == "AH KH QH JH TH"


TRUMP_MIX = """
    0: 8H 2H AS KS QS JS TS 9S 8S 7S 6S 5S 4S
    1: AH 7H 6H 5H AD KD QD JD TD 9D 8D 7D 6D
    2: KH QH 4H 3H AC KC QC JC TC 9C 8C 7C 6C
    3: JH TH 9H 3S 2S 5D 4D 3D 2D 5C 4C 3C 2C
"""


def test_overtrump_on_a_trump_lead() -> None:
    # Dealer 0, hearts trumps, leads the 8♥: seat 1 must beat it; seat 2 cannot beat A♥.
    state = deal_from_text(rules(doubling=False), TRUMP_MIX, contract="trumps", dealer=0, trump="H")
    state = play(state, "8H")
    assert legal_cards(state) == "AH"
    with pytest.raises(IllegalMoveError, match="7H"):
        state.apply(Play(Card.parse("7H")))
    state = play(state, "AH")
    assert legal_cards(state) == "KH QH 4H 3H"
    off = deal_from_text(
        rules(doubling=False, trump_overtrump=False),
        TRUMP_MIX,
        contract="trumps",
        dealer=0,
        trump="H",
    )
    assert legal_cards(play(off, "8H")) == "AH 7H 6H 5H"


def test_must_trump_or_discard_on_a_plain_lead() -> None:
    # Dealer 0 leads A♠: seat 1, void in spades, may discard (default) or must trump.
    free = deal_from_text(rules(doubling=False), TRUMP_MIX, contract="trumps", dealer=0, trump="H")
    assert len(play(free, "AS").legal_moves()) == 13
    must = deal_from_text(
        rules(doubling=False, must_trump=True), TRUMP_MIX, contract="trumps", dealer=0, trump="H"
    )
    state = play(must, "AS")
    assert legal_cards(state) == "AH 7H 6H 5H"
    with pytest.raises(IllegalMoveError, match=r"must play a trump \(H\)"):
        state.apply(Play(Card.parse("AD")))
    state = play(state, "5H")
    # Seat 2 must trump too, with no duty to beat the 5♥ on a plain lead.
    assert legal_cards(state) == "KH QH 4H 3H"
    state = play(state, "3H")
    assert legal_cards(state) == "3S 2S"  # seat 3 follows suit
    assert play(state, "3S").tricks[-1].winner == 1


# ------------------------------------------------------------------ doubling


# Dealer 0 leads 2S; seat 1 wins with AS; seat 2, void in spades, must throw K♥.
EXAMPLE = """
    0: 2S AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D
    1: AS AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C
    2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2D
    3: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH 2C
"""


def test_the_rule_books_example_of_doubles_and_redoubles() -> None:
    state = deal_from_text(rules(), EXAMPLE, contract="no_king_of_hearts", dealer=0)
    assert state.phase is Phase.DOUBLE and state.to_move == 1
    assert state.legal_moves() == (
        Pass(),
        *(Double(s) for s in ((0,), (2,), (3,), (0, 2), (0, 3), (2, 3), (0, 2, 3))),
    )
    state = state.apply(Double((3, 0)))
    assert state.to_move == 2 and Double((1,)) in state.legal_moves()  # no wager with seat 1
    state = state.apply(Pass())
    assert state.to_move == 3
    with pytest.raises(IllegalMoveError, match="already has a wager with seat 1"):
        state.apply(Double((0, 1)))
    state = state.apply(Double((0,)))
    # The redoubling round: seat 3 (doubled by 1), then the dealer (doubled by 1 and 3).
    assert state.phase is Phase.DOUBLE and state.to_move == 3
    assert state.legal_moves() == (Pass(), Redouble((1,)))
    state = state.apply(Redouble((1,)))
    assert state.to_move == 0
    assert state.legal_moves() == (Pass(), Redouble((1,)), Redouble((3,)), Redouble((1, 3)))
    with pytest.raises(IllegalMoveError, match="seat 2 did not double seat 0"):
        state.apply(Redouble((2,)))
    state = state.apply(Redouble((3,)))
    assert state.phase is Phase.PLAY and state.to_move == 0
    assert state.view(2).extra["wagers"] == ((1, 0, 1), (1, 3, 2), (3, 0, 2))
    end = play(state, "2S AS KH KS")
    result = end.results[-1]
    assert end.is_over and result.ended_early
    assert end.taken(1).mask & Card.parse("KH").mask
    assert result.points == (20, -80, 0, 40)
    assert dict(result.details)["wagers"] == ((1, 0, 1), (1, 3, 2), (3, 0, 2))
    assert kinglib.from_json(kinglib.to_json(end)) == end
    assert [str(m) for m in end.past_moves[-1][:5]] == [
        "double 0 3",
        "pass",
        "double 0",
        "redouble 1",
        "redouble 3",
    ]


def test_a_player_nobody_doubled_is_skipped_and_all_passing_plays_at_once() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_queens", dealer=2)
    assert state.to_move == 3
    state = play(state, "pass pass")
    assert state.to_move == 1
    state = state.apply(Double((3,)))
    # Only seat 3 was doubled: he alone redoubles, then the dealer leads.
    assert state.phase is Phase.DOUBLE and state.to_move == 3
    state = state.apply(Pass())
    assert state.phase is Phase.PLAY and state.to_move == 2
    passed = passes(deal_from_text(rules(), SUITED_DEAL, contract="no_queens", dealer=2))
    assert passed.phase is Phase.PLAY and passed.deal_moves == (Pass(),) * 3


@pytest.mark.parametrize("contract", ["trumps", "fan_tan"])
def test_only_the_dealer_may_be_doubled_in_the_positives(contract: str) -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract=contract, dealer=1)
    state = state.apply(Declare(Suit.SPADES if contract == "trumps" else Rank.SEVEN))
    assert state.phase is Phase.DOUBLE and state.to_move == 2
    assert state.legal_moves() == (Pass(), Double((1,)))
    with pytest.raises(IllegalMoveError, match=f"in {contract} only the dealer"):
        state.apply(Double((3,)))
    state = play(state, "pass")
    state = state.apply(Double((1,)))
    state = state.apply(Double((1,)))
    assert state.to_move == 1 and state.legal_moves()[-1] == Redouble((3, 0))
    end = play_out(state.apply(Redouble((0,))))
    result = end.results[-1]
    if contract == "fan_tan":
        # Seat 1 goes out first (he plays first and holds one suit), then 2, 3, 0.
        assert dict(result.details)["places"] == (1, 2, 3, 0)
        base: tuple[int, ...] = (-5, 45, 20, 5)
    else:
        base = base_points(end)
    assert dict(result.details)["wagers"] == ((3, 1, 1), (0, 1, 2))
    expected = list(base)
    for doubler, m in ((3, 1), (0, 2)):
        expected[doubler] += m * (base[doubler] - base[1])
        expected[1] += m * (base[1] - base[doubler])
    assert result.points == tuple(expected) and sum(result.points) == 65


def test_the_obligation_to_double_the_dealer() -> None:
    """Everyone passes what he may: each seat must double the dealer on his last two deals."""
    state = rules().new_match(seed=11)
    forced: list[tuple[int, int]] = []
    while state.deal_number <= 7:
        moves = state.legal_moves()
        if state.phase is Phase.CHOOSE:
            state = state.apply(moves[-1])  # fan_tan and trumps first, the negatives last
            continue
        if state.phase is Phase.DOUBLE and Pass() not in moves:
            seat = state.to_move
            assert seat is not None and state.contract in ("no_hearts", "no_tricks")
            forced.append((state.deal_number, seat))
            assert moves[0] == Double((0,))
            assert all(isinstance(m, Double) and 0 in m.seats for m in moves)
            owed = {6: 2, 7: 1}[state.deal_number]  # as many as the dealer's deals left
            assert state.view(seat).extra["doubles_owed"][seat] == owed
            before = snapshot(state)
            with pytest.raises(IllegalMoveError, match="must double him"):
                state.apply(Pass())
            other = next(s for s in range(1, 4) if s != seat)
            with pytest.raises(IllegalMoveError, match="must double him"):
                state.apply(Double((other,)))
            assert snapshot(state) == before
        state = state.apply(moves[0])
    assert sorted(forced) == [(k, s) for k in (6, 7) for s in (1, 2, 3)]
    for result in state.results[5:7]:
        assert dict(result.details)["wagers"] == ((1, 0, 1), (2, 0, 1), (3, 0, 1))
    assert state.dealer == 1 and state.view(0).extra["doubles_owed"] == (2, 0, 2, 2)


def test_doubles_made_early_free_the_last_deals_and_zero_switches_it_off() -> None:
    state = rules().new_match(seed=12)
    while state.deal_number <= 7:
        moves = state.legal_moves()
        if state.phase is Phase.DOUBLE and state.deal_number <= 2 and Double((0,)) in moves:
            state = state.apply(Double((0,)))
        else:
            assert Pass() in moves or state.phase is not Phase.DOUBLE
            state = state.apply(moves[0])
    off = rules(min_doubles=0).new_match(seed=12)
    while off.deal_number <= 7:
        assert off.phase is not Phase.DOUBLE or Pass() in off.legal_moves()
        off = off.apply(off.legal_moves()[0])


def test_no_doubling_plays_at_once() -> None:
    state = rules(doubling=False).new_match(seed=5).apply(Choose("no_tricks"))
    assert state.phase is Phase.PLAY and state.to_move == 0
    assert "wagers" not in state.view(1).extra
    end = play_out(state, deal_only=True)
    assert end.results[-1].details == ()


def test_the_wagers_settle_the_rule_books_example() -> None:
    """Seat 1 took K♥ (−20); each wager pays its multiple of the difference."""
    wagers = ((1, 0, 1), (1, 3, 2), (3, 0, 2))
    assert barbu.settle_wagers(wagers, (0, -20, 0, 0)) == (20, -80, 0, 40)
    assert barbu.settle_wagers((), (0, -20, 0, 0)) == (0, -20, 0, 0)


def fresh_draws(seed: int) -> list[Draws]:
    return [Draws(random.Random(seed + seat).getrandbits) for seat in range(4)]


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    deals=st.integers(0, 27),
    partway=st.integers(0, 5),
)
def test_the_doubling_rounds_drawn_in_one_step_are_the_ones_made_move_by_move(
    seed: int, deals: int, partway: int
) -> None:
    """``open_at_random`` draws each speaker's move as the move-by-move play draws it.

    Deep in a match the doubles owed to the dealer restrict the moves drawn as well; from a
    state ``partway`` moves into the rounds, the moves made are kept and the rest drawn.
    """
    r = rules()
    rng = random.Random(seed)
    state = r.new_match(seed=seed)
    while not (state.phase is Phase.DOUBLE and state.deal_number > deals) and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    if state.is_over:  # every deal of the last dealer passed without a doubling round
        return
    for _ in range(partway):
        following = state.apply(rng.choice(state.legal_moves()))
        if following.phase is not Phase.DOUBLE:
            break
        state = following
    phase = r.phase_for(state)
    one, by_move = fresh_draws(seed), fresh_draws(seed)
    opening = phase.open_at_random(state, one)
    assert opening is not None
    after = state
    while after.phase is Phase.DOUBLE:
        seat = after.to_move
        assert seat is not None
        moves = phase.legal_moves(after)
        after = phase.apply(after, moves[by_move[seat].below(len(moves))])
    assert after.phase is Phase.PLAY
    assert after.deal_moves == (*state.deal_moves, *opening.moves) and opening.moves
    assert (after.contract_info, after.trump, after.maker) == (
        opening.contract,
        opening.trump,
        opening.maker,
    )
    if after.contract == "fan_tan":  # scored from the end of its layout
        assert opening.settle is None and opening.details == ()
    else:
        assert opening.details == tuple(r.deal_details(after))
    assert [d.below(2**32) for d in one] == [d.below(2**32) for d in by_move]


def test_doubling_rounds_of_a_house_rule_are_drawn_move_by_move() -> None:
    """A subclass with legal moves of its own: ``open_at_random`` draws nothing."""

    class PassOnly(barbu.DoublingRounds):
        def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
            return (Pass(),)

    r = rules()
    state = deal_from_text(r, EXAMPLE, contract="no_king_of_hearts", dealer=0)
    draws = fresh_draws(1)
    assert PassOnly(r).open_at_random(state, draws) is None
    assert [d.below(2**32) for d in draws] == [d.below(2**32) for d in fresh_draws(1)]
    assert barbu.DoublingRounds(r).open_at_random(state, draws) is not None


def test_the_move_texts() -> None:
    assert str(Double((3, 0))) == "double 0 3" and Double(2).seats == (2,)
    assert str(Redouble((1,))) == "redouble 1"
    assert str(Declare(Rank.JACK)) == "declare J" and Declare("j").rank is Rank.JACK
    assert kinglib.parse_move("double 3 0") == Double((0, 3))
    assert kinglib.parse_move("redouble 2") == Redouble((2,))
    assert kinglib.parse_move("declare T") == Declare(Rank.TEN)
    # Clubs and the three are both 3 as numbers: the declarations still differ.
    assert Declare(Suit.CLUBS) != Declare(Rank.THREE)
    assert len({Declare(s) for s in Suit} | {Declare(r) for r in Rank}) == 17
    for bad in ("double", "double x", "double 1 1", "redouble 1 -2"):
        with pytest.raises(NotationError):
            kinglib.parse_move(bad)
    values: list[object] = [(), [], (1, 1), ("a",), True, (-1,)]
    for value in values:
        with pytest.raises(NotationError):
            Double(value)
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_tricks", dealer=0)
    with pytest.raises(IllegalMoveError, match="there is no seat 9"):
        state.apply(Double((9,)))
    with pytest.raises(IllegalMoveError, match="may not double himself"):
        state.apply(Double((1,)))
    with pytest.raises(IllegalMoveError, match="doubles or passes, not redouble 0"):
        state.apply(Redouble((0,)))


# ------------------------------------------------------------------ whole matches


def check_blocks(final: State, rotation: str) -> None:
    """Each dealer's seven deals hold each contract once; each deal its contract's total."""
    r = final.rules
    assert len(final.results) == 28 and sum(final.totals) == 0
    for number, result in enumerate(final.results, start=1):
        assert result.dealer == r.dealer_for(number) == result.chooser
        assert sum(result.points) == TOTALS[result.contract]
    for seat in range(4):
        mine = [x.contract for x in final.results if x.dealer == seat]
        assert sorted(mine) == sorted(CONTRACTS)
    if rotation == "seven":
        for block in range(4):
            deals = final.results[7 * block : 7 * block + 7]
            assert {x.dealer for x in deals} == {r.dealer_for(7 * block + 1)}


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rotation": "each"},
        {"doubling": False},
        {"heart_lead": "broken", "king_forced": False, "must_trump": True},
        {"heart_lead": "free", "trump_overtrump": False, "fan_tan_start": "7"},
        {"first_dealer": 3, "early_end": False, "min_doubles": 7},
    ],
)
def test_matches_keep_the_declared_invariants(options: dict[str, object]) -> None:
    r = rules(**options)
    for seed in range(2):
        final = check_invariants(r, seed)
        check_blocks(final, str(r.options["rotation"]))


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(["seven", "each"]))
def test_any_seeded_match_keeps_the_family_invariants(seed: int, rotation: str) -> None:
    final = check_invariants(rules(rotation=rotation), seed, views=False)
    check_blocks(final, rotation)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(CONTRACTS[:6]),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
)
def test_random_deals_score_by_the_price_table_and_the_wagers(
    contract: str, dealer: int, seed: int
) -> None:
    rng = random.Random(seed)
    hands = shuffled_hands(rng, rules().deck)
    state = rules().new_deal(contract, hands, dealer=dealer)
    pick = random_policy(rng)
    opening = None
    while not state.is_over:
        if state.phase is Phase.DOUBLE:
            # The rounds drawn in one step, as a simulated match draws them, then played.
            opening = state.rules.phase_for(state).open_at_random(state, fresh_draws(seed))
            assert opening is not None
            for move in opening.moves:
                state = state.apply(move)
            continue
        state = state.apply(pick(state, state.legal_moves()))
    result = state.results[-1]
    base = base_points(state)
    expected = list(base)
    for (a, b), m in wagers_of_moves(state).items():
        expected[a] += m * (base[a] - base[b])
        expected[b] += m * (base[b] - base[a])
    assert result.points == tuple(expected)
    assert sum(result.points) == TOTALS[contract]
    # The opening settles the deal as it is scored.
    assert opening is not None and opening.settle is not None
    assert opening.settle(base) == result.points and opening.details == result.details


def test_a_match_through_play_records_and_bots() -> None:
    r = rules()
    final = kinglib.play(r, [RandomBot(s) for s in range(4)], seed=6)
    again = kinglib.from_json(kinglib.to_json(final))
    assert again == final and again.totals == final.totals
    views = kinglib.play(r, [HeuristicBot() for _ in range(4)], seed=6)
    assert views.is_over and sum(views.totals) == 0
    doubled = [dict(x.details)["wagers"] for x in views.results]
    # The heuristic bots keep the obligation: each seat doubles each other dealer twice.
    for dealer in range(4):
        for seat in set(range(4)) - {dealer}:
            made = sum(
                1
                for x, wagers in zip(views.results, doubled)
                if x.dealer == dealer
                for a, b, _ in wagers
                if (a, b) == (seat, dealer)
            )
            assert made >= 2


def test_the_search_bot_plays_barbu_and_views_sample() -> None:
    state = rules().new_match(seed=9)
    bot = SearchBot(seed=1, worlds=3)
    for _ in range(8):
        view = state.view(state.to_move or 0)
        move = bot.choose_move(view)
        assert move in state.legal_moves()
        world = view.sample(random.Random(2))
        assert world.view(view.seat).to_dict() == view.to_dict()
        state = state.apply(move)
    assert state.phase is Phase.PLAY and state.deal_moves[0] == Choose(state.contract or "")


def test_a_fan_tan_deal_samples_and_the_search_bot_lays_out() -> None:
    state = rules().new_match(seed=2).apply(Choose("fan_tan")).apply(Declare(Rank.EIGHT))
    state = passes(state)
    bot = SearchBot(seed=3, worlds=2)
    for _ in range(6):
        view = state.view(state.to_move or 0)
        assert view.sample(random.Random(4)).view(view.seat) == view
        state = state.apply(bot.choose_move(view))
    assert state.pile("layout")


def test_the_command_line_shows_plays_simulates_and_runs_tournaments_of_barbu(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from kinglib.apps.cli import main

    assert main(["simulate", "barbu", "--games", "2", "--seed", "1"]) == 0
    assert main(["rules", "barbu"]) == 0
    out = capsys.readouterr().out
    assert "fan_tan" in out and "min_doubles" in out
    bots = ["--bots", "heuristic,random,random,random"]
    assert main(["play", "barbu", *bots, "--seed", "2", "--show-play"]) == 0
    out = capsys.readouterr().out
    assert "Deal 28 of 28" in out and ": double " in out and "Trick 13" in out
    assert main(["tournament", "barbu", *bots, "--games", "1"]) == 0
    assert "heuristic" in capsys.readouterr().out


LOW_AND_HIGH = """
    0: AS KS QS JS AH KH QH JH AD KD QD JD AC
    1: 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C
    2: 6S 7S 8S 9S 6H 7H 8H 9H 6D 7D 8D 9D 3C
    3: TS TH TD KC QC JC TC 9C 8C 7C 6C 5C 4C
"""


def test_the_heuristic_bot_doubles_with_a_good_hand_and_when_it_must() -> None:
    bot = HeuristicBot()
    state = deal_from_text(rules(), LOW_AND_HIGH, contract="no_tricks", dealer=0)
    assert bot.choose_move(state.view(1)) == Double((0,))  # the low cards take no trick
    state = state.apply(Double((0,)))
    assert bot.choose_move(state.view(2)) in (Pass(), Double((0,)))
    state = play(state, "pass pass")
    # The dealer holds the high cards: he does not redouble.
    assert state.to_move == 0 and bot.choose_move(state.view(0)) == Pass()
    # A strong hand for trumps in the dealer's hand: the others pass.
    trumps = deal_from_text(rules(), LOW_AND_HIGH, contract="trumps", dealer=0, trump=Suit.SPADES)
    assert bot.choose_move(trumps.view(1)) == Pass()
    # A layout's start rank: the one of which the hand holds most.
    fan = deal_from_text(rules(), LOW_AND_HIGH, contract="fan_tan", dealer=3)
    assert bot.choose_move(fan.view(3)) == Declare(Rank.TEN)


def test_the_action_space_numbers_doubles_redoubles_and_ranks() -> None:
    from kinglib.adapters.actions import ActionSpace

    space = ActionSpace(rules())
    assert len(space) == 52 + 4 + 53 + 7 + 21 + 15 + 15
    names = [name for name, _, size in space.blocks if size]
    assert names == [
        "play",
        "draw",
        "pass",
        "sell",
        "keep",
        "bid",
        "choose",
        "declare",
        "double",
        "redouble",
    ]
    for move in (Double((0, 3)), Redouble((1,)), Declare(Rank.JACK), Declare(Suit.CLUBS)):
        assert space.move(space.action(move)) == move
    assert space.action(Declare(Rank.THREE)) != space.action(Declare(Suit.CLUBS))
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_tricks", dealer=0)
    assert [space.move(a) for a in space.actions(state.legal_moves())] == list(state.legal_moves())
    # The other variants keep their numbering: no rank, no double.
    assert len(ActionSpace(kinglib.load_rules("simple"))) == 92


def test_the_terminal_shows_the_last_trick_of_a_deal() -> None:
    from kinglib.apps.play_text import finished_trick

    state = deal_from_text(rules(doubling=False), SUITED_DEAL, contract="no_tricks", dealer=3)
    for _ in range(51):
        state = state.apply(state.legal_moves()[0])
    last = state.legal_moves()[0]
    end = state.apply(last)
    assert end.is_over and len(end.tricks) == 13
    trick = finished_trick(state, last, end)
    assert trick is not None and trick.winner == 3 and len(trick.plays) == 4


# ------------------------------------------------------------------ the contracts' texts


def test_each_contract_says_what_it_counts() -> None:
    assert {cid: c.description for cid, c in rules().contracts.items()} == {
        "no_tricks": "2 a trick",
        "no_hearts": "6 for AH, 2 for each other heart",
        "no_queens": "6 a queen",
        "no_king_of_hearts": "20 for KH",
        "no_last_two": "10 for the 12th trick, 20 for the 13th",
        "trumps": "5 a trick, with trumps",
        "fan_tan": "45, 20, 5 and -5 by the order of going out",
    }


# ------------------------------------------------------------------ the rounds, move by move


def test_the_doubling_rounds_read_from_a_deals_moves() -> None:
    """Dealer 0: seat 1 doubles 3, seat 2 doubles 0 and 1, seat 3 passes; 1 and 3 redouble."""
    r = rules()
    moves: list[kinglib.Move] = [
        Choose("no_queens"),
        Double((3,)),
        Double((0, 1)),
        Pass(),
        Redouble((2,)),
        Redouble((1,)),
        Pass(),
        Play(Card.parse("2S")),
    ]
    stops = [barbu.doubling_of(r, 0, moves[:k]) for k in range(1, 8)]
    assert [(d.speaker, d.redoubling, d.length) for d in stops] == [
        (1, False, 0),
        (2, False, 1),
        (3, False, 2),
        (1, True, 3),  # seat 1 was doubled by 2: he speaks first in the redoubling round
        (3, True, 4),
        (0, True, 5),
        (None, False, 6),
    ]
    done = barbu.doubling_of(r, 0, moves)
    assert done.length == 6 and done.speaker is None
    assert done.wagers == ((1, 3, 2), (2, 0, 1), (2, 1, 2))
    assert stops[1].partners(1) == frozenset({3}) and stops[1].partners(3) == frozenset({1})
    assert done.partners(1) == frozenset({2, 3}) and done.partners(0) == frozenset({2})
    assert done.doublers_of(1) == (2,) and done.doublers_of(2) == ()


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_rounds_kept_with_a_state_are_those_of_its_moves(seed: int) -> None:
    """Asked about every state of a deal, even twice or out of turn, the rounds are its own."""
    r = rules()
    rng = random.Random(seed)
    state = r.new_match(seed=seed)
    phase = r.phases[kinglib.Phase.DOUBLE]
    assert isinstance(phase, barbu.DoublingRounds)
    seen = []
    while state.deal_number == 1 and not state.is_over:
        seen.append(state)
        if state.phase is kinglib.Phase.DOUBLE:
            assert phase.rounds(state) == barbu.doubling_of(r, state.dealer, state.deal_moves)
        state = state.apply(rng.choice(state.legal_moves()))
    for old in rng.sample(seen, min(len(seen), 8)):
        expected = barbu.doubling_of(r, old.dealer, old.deal_moves)
        assert barbu.rounds_of(old) == expected
        assert barbu.deal_wagers(old) == expected.wagers


def test_the_rounds_of_the_same_moves_under_another_dealer_are_read_again() -> None:
    """Two deals with no moves yet, dealt by seats 0 and 1: each has its own first speaker."""
    r = rules()
    by_dealer = [
        deal_from_text(r, SUITED_DEAL, contract="no_hearts", dealer=dealer) for dealer in (0, 1)
    ]
    assert [state.phase for state in by_dealer] == [Phase.DOUBLE] * 2
    assert by_dealer[0].deal_moves == by_dealer[1].deal_moves
    first, second = (barbu.rounds_of(state) for state in by_dealer)
    assert first == barbu.doubling_of(r, 0, ())
    assert second == barbu.doubling_of(r, 1, ())
    assert (first.speaker, second.speaker) == (1, 2)


class LoggedDoubling(PhaseRules):
    """A house rule's doubling phase: barbu's rounds, with every move logged."""

    def __init__(self, rules: kinglib.Rules) -> None:
        self.inner = barbu.DoublingRounds(rules)
        self.log: list[kinglib.Move] = []

    def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
        return self.inner.legal_moves(state)

    def apply(self, state: State, move: kinglib.Move) -> State:
        self.log.append(move)
        return self.inner.apply(state, move)


class LogDoubles:
    """Barbu's doubling rounds replaced by a phase of the house's own."""

    @staticmethod
    @kinglib.hookimpl
    def kinglib_phases(rules: kinglib.Rules) -> dict[Phase, PhaseRules]:
        return {Phase.DOUBLE: LoggedDoubling(rules)}


def test_the_wagers_are_read_from_the_moves_under_a_doubling_phase_of_a_house_rule() -> None:
    """Seats 2 and 3 double the dealer (1), who redoubles 3 only: the wagers read."""
    r = kinglib.load_rules("barbu", plugins=[LogDoubles])
    phase = r.phases[Phase.DOUBLE]
    assert isinstance(phase, LoggedDoubling)
    state = deal_from_text(r, SUITED_DEAL, contract="no_hearts", dealer=1)
    for text in ("double 1", "double 1", "pass", "redouble 3"):
        state = state.apply(kinglib.parse_move(text, state))
    assert len(phase.log) == 4
    assert barbu.rounds_of(state) == barbu.doubling_of(r, 1, state.deal_moves)
    assert barbu.deal_wagers(state) == ((2, 1, 1), (3, 1, 2))
    assert barbu.rounds_of(state).speaker is None


def test_a_fan_tan_deal_samples_after_doubles_and_redoubles() -> None:
    """Seats 2 and 3 double the dealer (1), who redoubles both; the hands sample at each step."""
    state = deal_from_text(rules(), SUITED_DEAL, contract="fan_tan", dealer=1).apply(
        Declare(Rank.SEVEN)
    )
    states = [state]
    for text in ("double 1", "double 1", "pass", "redouble 2 3", "7H", "7D", "7C", "7S", "6H"):
        states.append(states[-1].apply(kinglib.parse_move(text, states[-1])))
    assert states[3].phase is Phase.DOUBLE and states[3].to_move == 1
    assert states[4].view(0).extra["wagers"] == ((2, 1, 2), (3, 1, 2))
    assert states[-1].pile("layout") == kinglib.CardSet.parse("7S 7H 6H 7D 7C")
    for state in states:
        for seat in range(4):
            view = state.view(seat)
            assert view.sample(random.Random(seat)).view(seat) == view


# ------------------------------------------------------------------ refusals, word for word


@pytest.mark.parametrize(
    ("contract", "what"),
    [("trumps", "the trump of trumps"), ("fan_tan", "the start rank of fan_tan")],
)
def test_the_declaration_refuses_any_other_move(contract: str, what: str) -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract=contract, dealer=1)
    assert state.phase is Phase.DECLARE
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(Pass())
    assert (
        str(exc.value) == f"seat 1 may not play pass: {what} is being named: declare it, not pass"
    )


def test_a_double_of_a_seat_past_the_table_is_refused() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_tricks", dealer=0)
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(Double((2, 4)))
    assert str(exc.value) == (
        "seat 1 may not play double 2 4: there is no seat 4: the seats are 0 to 3"
    )


def test_a_redouble_names_only_those_who_doubled() -> None:
    state = play(
        deal_from_text(rules(), SUITED_DEAL, contract="no_tricks", dealer=0),
        "double 0, double 0, pass",
    )
    assert state.to_move == 0
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(Redouble((1, 3)))
    assert str(exc.value) == (
        "seat 0 may not play redouble 1 3: seat 3 did not double seat 0: "
        "seat 0 may redouble only seat 1, seat 2"
    )


# ------------------------------------------------------------------ the obligation, counted


def test_the_refusal_of_a_pass_counts_the_doubles_still_owed() -> None:
    """min_doubles 7: each seat doubles the dealer in each of his deals; one made, six owed."""
    state = rules(min_doubles=7).new_match(seed=3).apply(Choose("no_tricks"))
    assert state.legal_moves()[:2] == (Double((0,)), Double((0, 2)))
    state = play_out(state, deal_only=True)  # the first legal move: each doubles the dealer
    assert dict(state.results[-1].details)["wagers"] == ((1, 0, 1), (2, 0, 1), (3, 0, 1))
    assert state.deal_number == 2 and state.view(1).extra["doubles_owed"] == (0, 6, 6, 6)
    state = state.apply(Choose("no_hearts"))
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(Pass())
    assert str(exc.value) == (
        "seat 1 may not play pass: seat 1 still owes the dealer (seat 0) 6 double(s) with as "
        "many of his deals left, and must double him"
    )


def test_a_deal_built_by_hand_owes_no_double_even_at_seven() -> None:
    state = deal_from_text(rules(min_doubles=7), SUITED_DEAL, contract="no_tricks", dealer=0)
    assert state.legal_moves()[:2] == (Pass(), Double((0,)))
    assert [barbu.doubles_owed(state, s) for s in range(4)] == [0, 0, 0, 0]
    assert state.view(1).extra == {"chooser": 0, "wagers": ()}


def test_the_view_shows_no_doubles_owed_when_there_is_no_obligation() -> None:
    state = rules(min_doubles=0).new_match(seed=1)
    assert set(state.view(2).extra) == {"chooser", "owed", "wagers"}
    assert set(rules().new_match(seed=1).view(2).extra) == {
        "chooser",
        "owed",
        "wagers",
        "doubles_owed",
    }


def test_without_doubling_nobody_owes_the_dealer_a_double() -> None:
    state = rules(doubling=False).new_match(seed=7).apply(Choose("no_queens"))
    state = play_out(state, deal_only=True)
    assert state.deal_number == 2 and state.results[-1].details == ()
    assert [barbu.doubles_owed(state, s) for s in range(4)] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"fan_tan_start": "any"},
            "barbu: option 'fan_tan_start' is 'declare' or a rank (2 to 9, T, J, Q, K, A), "
            "not 'any'",
        ),
        (
            {"min_doubles": 8},
            "barbu: option 'min_doubles' is a whole number from 0 to 7 (the dealer's deals), not 8",
        ),
    ],
)
def test_an_option_out_of_its_range_is_refused_saying_what_it_may_be(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(kinglib.RulesError) as caught:
        rules(**options)
    assert str(caught.value) == message
