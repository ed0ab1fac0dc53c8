"""brazilian: the dealer chooses and leads; the auction of the positive, its sale and raspis."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import (
    Bid,
    Choose,
    Declare,
    IllegalMoveError,
    Keep,
    Pass,
    Phase,
    Play,
    RulesError,
    Sell,
    State,
    Suit,
)
from kinglib.players.bots import HeuristicBot, SearchBot
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import check_invariants, deal_from_text, play_out
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, Rank
from tests.support import (
    NEGATIVES,
    SUITED,
    SUITED_DEAL,
    legal_cards,
    play,
    play_match,
    random_policy,
    shuffled_hands,
    snapshot,
)

# Dealer 0 leads; play goes 0, 1, 2, 3.
LAYOUT = """
    no_hearts dealer=0
    0: AS KS QS JS TS 9S AH AD KD AC KC JC 7C
    1: 8S 7S 6S KH QH JH 2H QD JD TD 9D TC 9C
    2: 5S 4S 3S 2S TH 9H 8H 7H 8D 7D 6D 5D 8C
    3: 6H 5H 4H 3H 4D 3D 2D QC 6C 5C 4C 3C 2C
"""
TRUMPS_LAYOUT = """
    trumps dealer=0 trump=H
    0: AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC
    1: 5S 4S 3S 2S AD KD QD JD TD 9D 8D 7D 6D
    2: AH KH QH JH TH 9H 5D 4D 3D 2D TC 9C 8C
    3: 8H 7H 6H 5H 4H 3H 2H 7C 6C 5C 4C 3C 2C
"""


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("brazilian", **options)  # type: ignore[arg-type]


PRICE = {
    "no_hearts": (SUIT_MASKS[Suit.HEARTS], -20),
    "no_queens": (RANK_MASKS[Rank.QUEEN], -50),
    "no_kings_jacks": (RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK], -30),
    "no_king_of_hearts": (Card.parse("KH").mask, -160),
}


def expected_points(state: State) -> tuple[int, ...]:
    """A finished deal's points by the price table and the sale, from its tricks alone."""
    result = state.results[-1]
    points = [0] * 4
    if result.detail("raspis"):
        return tuple(100 if seat == result.dealer else 75 for seat in range(4))
    for number, trick in enumerate(state.tricks, start=1):
        if result.contract == "no_tricks":
            points[trick.winner] -= 20
        elif result.contract == "trumps":
            points[trick.winner] += 25
        elif result.contract == "no_last_two" and number >= 12:
            points[trick.winner] -= 90
        elif result.contract in PRICE:
            mask, price = PRICE[result.contract]
            points[trick.winner] += price * (trick.cards.mask & mask).bit_count()
    buyer = result.detail("buyer")
    if buyer is not None:
        points[buyer] -= 25 * result.detail("tricks_sold")
        points[result.dealer] += 25 * result.detail("tricks_sold")
    return tuple(points)


# ------------------------------------------------------------------ the variant


def test_the_variant_its_pack_contracts_and_options() -> None:
    r = rules()
    assert r.players == 4 and len(r.deck) == 52 and r.direction == "clockwise"
    assert {cid: c.total for cid, c in r.contracts.items()} == {
        "no_tricks": -260,
        "no_hearts": -260,
        "no_queens": -200,
        "no_kings_jacks": -240,
        "no_king_of_hearts": -160,
        "no_last_two": -180,
        "trumps": 325,
    }
    assert r.contracts["no_queens"].name == "Mulheres"
    assert sum(r.contracts[c].total for c in NEGATIVES) == -1300
    assert 4 * r.contracts["trumps"].total == 1300
    assert r.schedule.deals == ("choose",) * 10
    assert rules(order="fixed").schedule.deals == (*NEGATIVES, *("trumps",) * 4)
    assert dict(r.options) == {
        "order": "choice",
        "notrump": False,
        "renounce": False,
        "first_dealer": 0,
        "early_end": True,
    }
    declared = invariants_of(r)
    assert declared.zero_sum and declared.deals == 10
    with pytest.raises(RulesError, match="order"):
        rules(order="random")
    with pytest.raises(RulesError, match="not 5"):
        kinglib.load_rules("brazilian", players=5)


# ------------------------------------------------------------------ the negatives


@pytest.mark.parametrize(
    ("contract", "dealer", "points", "early"),
    [
        ("no_tricks", 0, (-260, 0, 0, 0), False),
        ("no_hearts", 0, (-260, 0, 0, 0), False),
        ("no_hearts", 1, (0, -260, 0, 0), False),
        ("no_queens", 2, (0, 0, -200, 0), True),
        ("no_kings_jacks", 3, (0, 0, 0, -240), True),
        ("no_king_of_hearts", 0, (-160, 0, 0, 0), True),
        ("no_last_two", 1, (0, -180, 0, 0), False),
    ],
)
def test_the_dealer_leads_his_suit_and_takes_everything(
    contract: str, dealer: int, points: tuple[int, ...], early: bool
) -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract=contract, dealer=dealer)
    assert state.phase is Phase.PLAY and state.to_move == dealer
    result = play_out(state).results[-1]
    assert result.points == points and result.ended_early is early


def test_no_heart_lead_while_holding_another_suit_broken_or_not() -> None:
    state = deal_from_text(rules(), LAYOUT)
    assert "AH" not in legal_cards(state)
    with pytest.raises(IllegalMoveError, match="a heart may not be led in no_hearts"):
        state.apply(Play(Card.parse("AH")))
    state = play(state, "AS 8S 5S 6H")  # a heart is discarded: no "broken" exception
    assert state.to_move == 0 and "AH" not in legal_cards(state)
    assert not rules().contracts["no_hearts"].trick_rules.void_duty  # no forced discard


def test_the_void_holder_of_the_king_of_hearts_must_play_it() -> None:
    state = play(deal_from_text(rules(), LAYOUT, contract="no_king_of_hearts"), "AC TC 8C QC KC 9C")
    assert len(state.legal_moves()) == 12  # seat 2 is void in clubs, without K♥
    state = play(state, "2S 2C JC")
    assert legal_cards(state) == "KH"
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="must play KH"):
        state.apply(Play(Card.parse("QH")))
    assert snapshot(state) == before
    end = play(state, "KH 7H 3C")
    assert end.is_over and end.results[-1].points == (-160, 0, 0, 0)
    assert end.results[-1].ended_early


def test_the_king_of_hearts_is_not_forced_on_a_heart_lead() -> None:
    deal = """
        no_king_of_hearts dealer=0
        0: AS KS AH QH JH TH 9H 8H 7H 6H 5H 4H 3H
        1: KH 2H QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
        3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
    """
    state = deal_from_text(rules(), deal)
    assert legal_cards(state) == "AS KS"
    state = play(state, "AS QS AD AC KS JS KD KC")
    assert state.to_move == 0 and len(state.legal_moves()) == 11  # hearts alone: any heart
    state = play(state, "AH")
    assert legal_cards(state) == "KH 2H"


def test_no_duty_to_trump_in_the_positive() -> None:
    state = deal_from_text(rules(), TRUMPS_LAYOUT)
    assert state.phase is Phase.PLAY and state.to_move == 0
    state = play(state, "AS 2S")
    assert len(state.legal_moves()) == 13  # seat 2 has no spade: a trump or any card
    state = play(state, "2D 2H")
    assert state.tricks[-1].winner == 3 and state.to_move == 3  # the only trump wins
    assert "8H" in legal_cards(state)  # trumps may be led at once


# ------------------------------------------------------------------ the auction


def test_the_auction_goes_round_from_the_dealers_left_until_one_bid_is_left() -> None:
    state = deal_from_text(rules(), SUITED_DEAL)
    assert state.phase is Phase.BID and state.to_move == 1
    assert state.legal_moves() == (Pass(), *(Bid(n) for n in range(1, 13)))
    with pytest.raises(IllegalMoveError, match="at most 12 tricks"):
        state.apply(Bid(13))
    with pytest.raises(IllegalMoveError, match="at least 1 trick"):
        state.apply(Bid(0))
    state = play(state, "bid 2")
    assert state.to_move == 2
    with pytest.raises(IllegalMoveError, match=r"higher than the best bid so far \(2 by seat 1\)"):
        state.apply(Bid(2))
    state = play(state, "bid 3 pass")
    assert state.to_move == 1  # seat 3 passed for good
    assert state.view(3).extra["offers"] == ((1, 2), (2, 3), (3, "pass"))
    state = play(state, "bid 4")
    assert state.to_move == 2
    state = play(state, "pass")
    assert state.phase is Phase.ANSWER and state.to_move == 0
    assert state.legal_moves() == (Sell(), Keep())
    # Sold: the buyer names the trump, the dealer still leads.
    sold = state.apply(Sell())
    assert sold.phase is Phase.DECLARE and sold.to_move == 1
    assert sold.view(2).extra["sale"] == {"buyer": 1, "seller": 0, "tricks": 4}
    sold = sold.apply(Declare(Suit.HEARTS))
    assert sold.phase is Phase.PLAY and sold.to_move == 0 and sold.trump is Suit.HEARTS
    result = play_out(sold).results[-1]
    assert result.points == (100, 225, 0, 0)  # 13 tricks for seat 1, who pays 4 × 25
    assert result.detail("buyer") == 1 and result.detail("tricks_sold") == 4
    assert result.chooser == 0 and result.total == 325
    # Kept: the dealer names the trump himself and pays nothing.
    kept = state.apply(Keep())
    assert kept.phase is Phase.DECLARE and kept.to_move == 0
    assert play_out(kept.apply(Declare(Suit.SPADES))).results[-1].points == (325, 0, 0, 0)


def test_a_single_bid_ends_the_auction_when_the_others_pass() -> None:
    state = play(deal_from_text(rules(), SUITED_DEAL, dealer=2), "bid 1 pass pass")
    assert state.phase is Phase.ANSWER and state.to_move == 2
    state = play(deal_from_text(rules(), SUITED_DEAL, dealer=2), "pass bid 5 pass")
    assert state.phase is Phase.ANSWER
    assert state.view(0).extra["offers"] == ((3, "pass"), (0, 5), (1, "pass"))


def test_nobody_bids_the_dealer_names_the_trump() -> None:
    state = play(deal_from_text(rules(), SUITED_DEAL), "pass pass pass")
    assert state.phase is Phase.DECLARE and state.to_move == 0
    assert [str(m) for m in state.legal_moves()] == [
        "declare S",
        "declare H",
        "declare D",
        "declare C",
    ]
    with pytest.raises(IllegalMoveError, match="notrump may not be named"):
        state.apply(Declare("notrump"))
    with pytest.raises(IllegalMoveError, match="option renounce is off"):
        state.apply(Declare("raspis"))
    state = state.apply(Declare(Suit.CLUBS))
    assert state.to_move == 0
    assert play_out(state).results[-1].points == (0, 0, 0, 325)


def test_option_notrump() -> None:
    state = play(deal_from_text(rules(notrump=True), SUITED_DEAL), "pass pass pass")
    assert Declare("notrump") in state.legal_moves()
    end = play_out(state.apply(Declare("notrump")))
    assert end.results[-1].trump == "notrump" and end.results[-1].points == (325, 0, 0, 0)
    given = deal_from_text(rules(notrump=True), SUITED_DEAL, trump="notrump")
    assert given.phase is Phase.PLAY and given.trump == "notrump"
    with pytest.raises(RulesError, match="notrump may not be ordered"):
        deal_from_text(rules(), SUITED_DEAL, trump="notrump")
    with pytest.raises(RulesError, match="misere may not be ordered"):
        deal_from_text(rules(), SUITED_DEAL, trump="misere")


def test_renounce_when_nobody_bid_or_the_best_bid_is_one() -> None:
    r = rules(renounce=True)
    state = play(deal_from_text(r, SUITED_DEAL), "pass pass pass")
    assert state.legal_moves()[-1] == Declare("raspis")
    end = state.apply(Declare("raspis"))
    result = end.results[-1]
    assert end.is_over and result.points == (100, 75, 75, 75) and result.detail("raspis")
    assert end.tricks == () and result.trump is None and result.total == 325
    one = play(deal_from_text(r, SUITED_DEAL, dealer=1), "bid 1 pass pass")
    assert one.phase is Phase.ANSWER and one.legal_moves() == (Sell(), Keep(), Declare("raspis"))
    assert one.apply(Declare("raspis")).results[-1].points == (75, 100, 75, 75)
    two = play(deal_from_text(r, SUITED_DEAL, dealer=1), "bid 2 pass pass")
    assert two.legal_moves() == (Sell(), Keep())
    with pytest.raises(IllegalMoveError, match="nobody bid or the best bid is 1"):
        two.apply(Declare("raspis"))
    off = play(deal_from_text(rules(), SUITED_DEAL, dealer=1), "bid 1 pass pass")
    with pytest.raises(IllegalMoveError, match="option renounce is off"):
        off.apply(Declare("raspis"))
    # After Keep the dealer names a trump: no raspis any more.
    assert Declare("raspis") not in one.apply(Keep()).legal_moves()


def test_a_positive_given_with_its_trump_is_kept_and_played_at_once() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, dealer=3, trump=Suit.DIAMONDS)
    assert state.phase is Phase.PLAY and state.to_move == 3
    result = play_out(state).results[-1]
    assert result.points == (0, 0, 325, 0) and result.detail("buyer") is None


# ------------------------------------------------------------------ choosing


def avoid_trumps(state: State, moves: tuple[kinglib.Move, ...]) -> kinglib.Move:
    if state.phase is Phase.CHOOSE:
        return next((m for m in moves if m != Choose("trumps")), moves[0])
    return moves[0]


def test_the_plan_counts_the_dealers_turns() -> None:
    r = rules()
    plan = r.phases[Phase.CHOOSE].plan  # type: ignore[attr-defined]
    assert plan.choosers(r) == (0, 1, 2, 3, 0, 1, 2, 3, 0, 1)
    assert plan.choosers(rules(first_dealer=3)) == (3, 0, 1, 2, 3, 0, 1, 2, 3, 0)
    for seat in range(4):
        for deal in range(1, 11):
            for owed in range(3):
                kept = plan.forced(r, seat, deal, owed, plan.choosers(r))
                assert kept == plan.forced(r, seat, deal, owed)
                assert kept == (owed > 0 and plan.turns_left(r, seat, deal) <= owed)


def test_the_dealer_chooses_and_leads() -> None:
    r = rules()
    assert [r.dealer_for(k) for k in range(1, 11)] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    state = r.new_match(seed=1)
    assert state.phase is Phase.CHOOSE and state.to_move == 0 == state.dealer
    assert state.legal_moves() == tuple(Choose(c) for c in (*NEGATIVES, "trumps"))
    assert state.view(2).extra["chooser"] == 0
    state = state.apply(Choose("no_queens"))
    assert state.phase is Phase.PLAY and state.to_move == 0
    state = play_out(state, deal_only=True)
    assert state.results[-1].chooser == 0 and state.results[-1].contract == "no_queens"
    assert (state.dealer, state.to_move, state.phase) == (1, 1, Phase.CHOOSE)
    assert Choose("no_queens") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="no_queens has already been played and may not"):
        state.apply(Choose("no_queens"))
    assert state.view(0).extra["pool_left"] == tuple(c for c in NEGATIVES if c != "no_queens")


def test_choosing_the_positive_opens_its_auction() -> None:
    state = rules().new_match(seed=2).apply(Choose("trumps"))
    assert state.phase is Phase.BID and state.to_move == 1 and state.contract == "trumps"
    state = play(state, "pass pass pass declare D")
    assert state.phase is Phase.PLAY and state.to_move == 0 and state.trump is Suit.DIAMONDS
    state = play_out(state, deal_only=True)
    assert state.results[-1].chooser == 0
    # Seat 0 has chosen the positive: not again on his turns of deals 5 and 9.
    while state.deal_number < 5:
        state = state.apply(avoid_trumps(state, state.legal_moves()))
    assert state.to_move == 0 and Choose("trumps") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="already chosen trumps once"):
        state.apply(Choose("trumps"))


def test_each_player_must_choose_the_positive_on_his_last_turn() -> None:
    state = rules().new_match(seed=3)
    forced = []
    while not state.is_over:
        if state.phase is Phase.CHOOSE and state.legal_moves() == (Choose("trumps"),):
            forced.append((state.deal_number, state.to_move))
        state = state.apply(avoid_trumps(state, state.legal_moves()))
    assert forced == [(7, 2), (8, 3), (9, 0), (10, 1)]
    assert [r.contract for r in state.results] == [*NEGATIVES, *("trumps",) * 4]


def test_the_forcing_rule_with_negatives_left() -> None:
    state = rules().new_match(seed=4)
    while state.deal_number < 7:
        moves = state.legal_moves()
        if state.phase is Phase.CHOOSE and state.to_move != 2:
            state = state.apply(moves[-1])  # the others choose the positive first
        else:
            state = state.apply(avoid_trumps(state, moves))
    assert state.to_move == 2 and state.legal_moves() == (Choose("trumps"),)
    left = state.view(2).extra["pool_left"]
    assert len(left) == 3
    assert state.view(2).extra["owed"] == ((), (), ("trumps",), ())
    with pytest.raises(IllegalMoveError, match="must choose one of them"):
        state.apply(Choose(left[0]))


def test_fixed_order_no_choice_and_each_seat_deals_one_positive() -> None:
    r = rules(order="fixed")
    assert Phase.CHOOSE not in r.phases
    state = r.new_match(seed=5)
    assert state.phase is Phase.PLAY and state.contract == "no_tricks" and state.to_move == 0
    while state.deal_number < 7:
        state = state.apply(state.legal_moves()[0])
    assert state.contract == "trumps" and state.phase is Phase.BID
    assert (state.dealer, state.to_move) == (2, 3)
    final = play_out(state)
    assert [x.contract for x in final.results] == [*NEGATIVES, *("trumps",) * 4]
    assert [x.dealer for x in final.results[6:]] == [2, 3, 0, 1]
    assert [x.chooser for x in final.results] == [None] * 6 + [2, 3, 0, 1]
    assert not any(isinstance(m, Choose) for m in final.moves)


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize(
    "options",
    [{}, {"order": "fixed"}, {"renounce": True, "notrump": True}, {"first_dealer": 2}],
)
def test_matches_keep_the_declared_invariants(options: dict[str, object]) -> None:
    r = rules(**options)
    for seed in range(4):
        final = check_invariants(r, seed)
        assert len(final.results) == 10 and sum(final.totals) == 0
        contracts = Counter(x.contract for x in final.results)
        assert contracts == {**{c: 1 for c in NEGATIVES}, "trumps": 4}
        positives = [x for x in final.results if x.contract == "trumps"]
        assert sorted(x.dealer for x in positives) == [0, 1, 2, 3]
        if r.options["order"] == "choice":
            assert all(x.chooser == x.dealer for x in final.results)
        for number, result in enumerate(final.results, start=1):
            assert result.dealer == r.dealer_for(number)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(["choice", "fixed"]))
def test_any_seeded_match_keeps_the_family_invariants(seed: int, order: str) -> None:
    final = check_invariants(rules(order=order, renounce=seed % 2 == 0), seed, views=False)
    assert len(final.results) == 10 and sum(final.totals) == 0
    assert Counter(x.contract for x in final.results) == {**{c: 1 for c in NEGATIVES}, "trumps": 4}
    assert sorted(x.dealer for x in final.results if x.contract == "trumps") == [0, 1, 2, 3]


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from((*NEGATIVES, "trumps")),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
    st.booleans(),
)
def test_random_deals_score_by_the_price_table_and_the_sale(
    contract: str, dealer: int, seed: int, renounce: bool
) -> None:
    rng = random.Random(seed)
    hands = shuffled_hands(rng, rules().deck)
    state = rules(renounce=renounce).new_deal(contract, hands, dealer=dealer)
    pick = random_policy(rng, pass_rate=0.5)
    king = Card.parse("KH")
    while not state.is_over:
        moves = state.legal_moves()
        if state.phase is Phase.PLAY and state.trick:
            hand = state.hand(state.to_move or 0)
            led = state.trick[0][1].suit
            assert led is not None
            if not hand.of_suit(led):
                forced = contract == "no_king_of_hearts" and king in hand
                assert len(moves) == (1 if forced else len(hand))  # no duty to trump
        state = state.apply(pick(state, moves))
    result = state.results[-1]
    assert result.points == expected_points(state)
    assert sum(result.points) == rules().contracts[contract].total


def test_a_match_from_given_deals_replays_from_its_record() -> None:
    deals = [SUITED[k:] + SUITED[:k] for k in range(4)] * 2 + [SUITED] * 2
    state = rules().new_match(deals=deals)
    assert state.phase is Phase.CHOOSE and state.hand(0) == kinglib.CardSet.parse(SUITED[0])
    final = play_out(state)
    assert len(final.results) == 10 and sum(final.totals) == 0
    assert kinglib.from_json(kinglib.to_json(final)) == final


def test_records_views_and_bots() -> None:
    r = rules(renounce=True)
    final = play_match(r, 11)
    assert kinglib.from_json(kinglib.to_json(final)) == final
    bots = kinglib.play(r, [HeuristicBot() for _ in range(4)], seed=12)
    assert bots.is_over and sum(bots.totals) == 0
    state = r.new_match(seed=13).apply(Choose("trumps"))
    bot = SearchBot(seed=1, worlds=4)
    for _ in range(6):
        seat = state.to_move
        assert seat is not None
        move = bot.choose_move(state.view(seat))
        assert move in state.legal_moves()
        state = state.apply(move)
    world = state.view(2).sample(random.Random(3))
    assert world.view(2).to_dict() == state.view(2).to_dict()


# ------------------------------------------------------------------ the auction in detail


def refusal(state: State, move: kinglib.Move) -> str:
    """The message of the refusal of ``move``; the state is left as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as exc:
        state.apply(move)
    assert snapshot(state) == before
    return str(exc.value)


def test_each_bid_offered_is_one_trick_above_the_best_bid_or_more() -> None:
    state = play(deal_from_text(rules(), SUITED_DEAL), "bid 2")
    assert state.legal_moves() == (Pass(), *(Bid(n) for n in range(3, 13)))
    state = play(state, "bid 11")
    assert state.to_move == 3 and state.legal_moves() == (Pass(), Bid(12))


def test_the_dealers_answer_refusals_word_for_word() -> None:
    off = play(deal_from_text(rules(), SUITED_DEAL, dealer=1), "bid 2 pass pass")
    assert off.phase is Phase.ANSWER and off.to_move == 1
    assert refusal(off, Declare("raspis")) == (
        "seat 1 may not play declare raspis: raspis is not played here (option renounce is off)"
    )
    assert refusal(off, Pass()) == (
        "seat 1 may not play pass: the dealer answers the best bid: sell, keep, not pass"
    )
    two = play(deal_from_text(rules(renounce=True), SUITED_DEAL, dealer=1), "bid 2 pass pass")
    assert refusal(two, Declare("raspis")) == (
        "seat 1 may not play declare raspis: raspis is allowed only when nobody bid or the best "
        "bid is 1"
    )
    assert refusal(two, Bid(3)) == (
        "seat 1 may not play bid 3: the dealer answers the best bid: sell, keep, not bid 3"
    )


def test_the_trump_declaration_refusals_word_for_word() -> None:
    off = play(deal_from_text(rules(), SUITED_DEAL, dealer=1), "pass pass pass")
    assert off.phase is Phase.DECLARE and off.to_move == 1
    assert refusal(off, Declare("raspis")) == (
        "seat 1 may not play declare raspis: raspis is not played here (option renounce is off)"
    )
    assert refusal(off, Declare("notrump")) == (
        "seat 1 may not play declare notrump: notrump may not be named as the trump of the "
        "positive (allowed: S, H, D, C)"
    )
    kept = play(deal_from_text(rules(renounce=True), SUITED_DEAL, dealer=1), "bid 2 pass pass")
    kept = kept.apply(Keep())
    assert kept.phase is Phase.DECLARE and kept.to_move == 1
    assert refusal(kept, Declare("raspis")) == (
        "seat 1 may not play declare raspis: raspis is allowed only when nobody bid or the best "
        "bid is 1"
    )
    notrump = play(deal_from_text(rules(notrump=True), SUITED_DEAL, dealer=1), "pass pass pass")
    assert refusal(notrump, Declare("misere")) == (
        "seat 1 may not play declare misere: misere may not be named as the trump of the "
        "positive (allowed: S, H, D, C, notrump)"
    )


def test_raspis_declared_after_an_auction_without_a_bid_is_recorded() -> None:
    state = play(deal_from_text(rules(renounce=True), SUITED_DEAL, dealer=1), "pass pass pass")
    end = state.apply(Declare("raspis"))
    assert end.is_over and end.moves[-1] == Declare("raspis")
    result = end.results[-1]
    assert result.points == (75, 100, 75, 75)
    assert result.details == (("offers", ((2, None), (3, None), (0, None))), ("raspis", True))
    assert kinglib.from_json(kinglib.to_json(end)) == end


def test_the_deal_details_of_a_sale_name_the_bids_buyer_seller_and_tricks() -> None:
    state = play(deal_from_text(rules(), SUITED_DEAL, dealer=1), "bid 2 pass pass")
    end = play_out(state.apply(Sell()).apply(Declare(Suit.HEARTS)))
    result = end.results[-1]
    assert result.points == (0, 375, -50, 0)  # seat 1 takes 13 tricks and is paid 2 × 25
    assert result.details == (
        ("buyer", 2),
        ("offers", ((2, 2), (3, None), (0, None))),
        ("seller", 1),
        ("tricks_sold", 2),
    )
    kept = play_out(state.apply(Keep()).apply(Declare(Suit.HEARTS))).results[-1]
    assert kept.points == (0, 325, 0, 0)
    assert kept.details == (("offers", ((2, 2), (3, None), (0, None))),)


def test_a_positive_given_with_its_trump_is_made_by_the_dealer() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, dealer=3, trump=Suit.DIAMONDS)
    assert state.phase is Phase.PLAY and state.maker == 3 and state.to_move == 3
    result = play_out(state).results[-1]
    assert result.chooser == 3 and result.dealer == 3 and result.details == ()
