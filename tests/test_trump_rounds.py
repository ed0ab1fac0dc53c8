"""Trump rounds: trick rules, praise mode, the auction, sales and raspis."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinglib import (
    Bid,
    Card,
    CardSet,
    Declare,
    IllegalMoveError,
    Keep,
    Pass,
    Phase,
    Play,
    Rules,
    RulesError,
    Sell,
    State,
    Suit,
    load_rules,
    parse_move,
)
from kinglib.kit.trump_rounds import UNDEALT, Praise, new_praise_deal
from kinglib.testing.checks import check_cards
from kinglib.tricks import TrickPlay
from tests.support import check_live, check_undealt_hidden

RULES = load_rules("simple", scheme="otygrysh")

# Dealer 3, so seat 0 is the eldest: the maker of a given-trump deal, the declarer in praise.
# Seat 1 has no clubs; seat 3 has no clubs either.
VOID_CLUBS = [
    "AC KC QC JC AD KD QD JD",
    "AH KH QH JH TD 9D 8D 7D",
    "TC 9C 8C 7C AS KS QS JS",
    "TH 9H 8H 7H TS 9S 8S 7S",
]
# Seat 1 holds all eight hearts.
ALL_HEARTS = [
    "AS KS QS JS AD KD QD JD",
    "AH KH QH JH TH 9H 8H 7H",
    "TS 9S 8S 7S TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C",
]


def cards(text: str) -> set[Play]:
    return {Play(c) for c in CardSet.parse(text)}


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = state.apply(Play(Card.parse(text)))
    return state


def play_out(state: State, seed: int = 0) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        check_live(state)
        check_cards(state)
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# ----------------------------------------------------------------------- trick rules


def test_given_trump_deal_has_the_eldest_as_maker_and_leader() -> None:
    state = RULES.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    assert state.phase is Phase.PLAY
    assert (state.maker, state.to_move, state.trump) == (0, 0, Suit.HEARTS)


def test_must_trump_when_void_but_need_not_overtrump() -> None:
    state = RULES.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    state = play(state, "AC")
    assert set(state.legal_moves()) == cards("AH KH QH JH")
    with pytest.raises(IllegalMoveError, match="must play a trump"):
        state.apply(Play(Card.parse("7D")))
    state = play(state, "JH")
    assert set(state.legal_moves()) == cards("TC 9C 8C 7C")  # seat 2 follows suit
    state = play(state, "7C")
    # Seat 3 cannot follow: any trump, even one lower than the jack already played.
    assert set(state.legal_moves()) == cards("TH 9H 8H 7H")
    state = play(state, "7H")
    assert state.tricks[-1].winner == 1
    assert state.to_move == 1


def test_non_maker_may_not_lead_trumps_while_holding_another_suit() -> None:
    state = RULES.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    state = play(state, "AC", "JH", "7C", "7H")
    assert state.to_move == 1 and state.maker == 0
    assert set(state.legal_moves()) == cards("TD 9D 8D 7D")
    with pytest.raises(IllegalMoveError, match="only the maker may lead a trump"):
        state.apply(Play(Card.parse("AH")))


def test_non_maker_may_lead_trumps_when_he_holds_only_trumps() -> None:
    state = RULES.new_deal("trumps", ALL_HEARTS, dealer=3, trump=Suit.HEARTS)
    state = play(state, "AS", "7H", "TS", "AC")
    assert state.tricks[-1].winner == 1
    assert set(state.legal_moves()) == cards("AH KH QH JH TH 9H 8H")


def test_the_maker_may_lead_trumps_and_the_option_lets_anyone() -> None:
    state = RULES.new_deal("trumps", ALL_HEARTS, dealer=3, trump=Suit.SPADES)
    assert set(state.legal_moves()) == cards("AS KS QS JS AD KD QD JD")
    free = load_rules("simple", scheme="otygrysh", only_maker_leads_trump=False)
    state = free.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    state = play(state, "AC", "JH", "7C", "7H")
    assert set(state.legal_moves()) == cards("AH KH QH TD 9D 8D 7D")


@pytest.mark.parametrize("variant", ["bidding", "omnibus", "jokers"])
def test_a_variant_without_the_options_has_only_the_maker_lead_trumps_and_ends_early(
    variant: str,
) -> None:
    # These variants do not offer the options: the trick play takes their documented defaults.
    rules = load_rules(variant)
    assert "only_maker_leads_trump" not in rules.options
    phase = TrickPlay(rules)
    assert phase.only_maker_leads_trump is True and phase.early_end is True
    free = TrickPlay(load_rules("simple", only_maker_leads_trump=False, early_end=False))
    assert free.only_maker_leads_trump is False and free.early_end is False
    # Rules that offer neither option (a variant of one's own): both defaults.
    bare = TrickPlay(cast(Rules, SimpleNamespace(players=4, options={}, legal_moves_filter=None)))
    assert bare.only_maker_leads_trump is True and bare.early_end is True


@pytest.mark.parametrize(("trump", "winner"), [("misere", 2), ("notrump", 0)])
def test_misere_reverses_the_ranks(trump: str, winner: int) -> None:
    state = RULES.new_deal("trumps", ALL_HEARTS, dealer=3, trump=trump)
    # No trump: the void seats may play anything (no duty to play a heart).
    state = play(state, "JS")
    assert set(state.legal_moves()) == cards("AH KH QH JH TH 9H 8H 7H")
    state = play(state, "AH", "TS", "AC")
    # Misère: 7 high … A low, so the ten beats the jack; without trumps the jack wins.
    assert state.tricks[-1].winner == winner


def test_misere_deal_scores_three_a_trick() -> None:
    # Only seat 1 holds hearts and only seat 3 clubs, so neither can win the lead. Seats 0 and
    # 2 hold four spades and four diamonds each, seat 2 the lower ones; in misère the lowest
    # card of the led suit wins, so seat 2 wins every trick, whoever leads.
    state = RULES.new_deal("trumps", ALL_HEARTS, dealer=3, trump="misere")
    for seed in range(3):
        final = play_out(state, seed=seed)
        assert final.results[0].points == (0, 0, 24, 0)
        assert final.results[0].trump == "misere"


# ----------------------------------------------------------------------- praise mode

PRAISE = [
    # In dealing order: the first three cards of each hand come before the declaration.
    "9S AD KS AS QS JS TS 8S",
    "AH KH QH JH TH 9H 8H 7H",
    "KD QD JD TD 9D 8D 7D 7S",
    "AC KC QC JC TC 9C 8C 7C",
]


def praise_deal(hands: list[str] = PRAISE) -> State:
    return new_praise_deal(RULES, hands, dealer=3)


def test_the_three_card_stage_hides_the_rest() -> None:
    state = praise_deal()
    assert state.phase is Phase.DECLARE and state.to_move == 0
    assert state.contract == "trumps" and state.trump is None
    assert state.hand(0) == CardSet.parse("9S AD KS")
    assert state.hand(1) == CardSet.parse("AH KH QH")
    assert len(state.pile(UNDEALT)) == 20
    check_cards(state)
    check_undealt_hidden(state)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == (3, 3, 3, 3)
        assert view.pile_sizes == {UNDEALT: 20}
        assert view.piles == {}
        assert "last_card" not in view.extra
    assert set(state.legal_moves()) == {
        Declare(s) for s in ("S", "H", "D", "C", "notrump", "misere", "last", "raspis")
    }


def test_declaring_deals_the_rest_and_opens_the_auction_left_of_the_declarer() -> None:
    state = praise_deal().apply(Declare(Suit.SPADES))
    assert state.phase is Phase.BID and state.to_move == 1
    assert state.hand(0) == CardSet.parse("9S AD KS AS QS JS TS 8S")
    assert state.pile(UNDEALT) == CardSet()
    assert state.trump is Suit.SPADES
    assert state.view(2).extra["declaration"] == "S"
    check_cards(state)


def test_last_makes_the_suit_of_the_last_dealt_card_trump_and_shows_it() -> None:
    state = praise_deal()
    assert "last_card" not in state.view(2).extra
    state = state.apply(Declare("last"))
    assert state.trump is Suit.SPADES  # 8S, the last card dealt to seat 0
    for seat in range(4):
        assert state.view(seat).extra["last_card"] == Card.parse("8S")
    state = state.apply(Pass()).apply(Pass()).apply(Pass())
    state = state.apply(Keep())
    assert (state.phase, state.maker, state.trump, state.to_move) == (
        Phase.PLAY,
        0,
        Suit.SPADES,
        0,
    )
    final = play_out(state)
    # Spades are trump and seat 0 holds all but 7S, which cannot beat any of them, and AD,
    # which no one can beat or trump: he wins every trick he leads, so all 8 are his.
    assert final.results[0].points == (24, 0, 0, 0)
    assert final.results[0].detail("last_card") == Card.parse("8S")
    assert final.results[0].chooser == 0


def test_raspis_credits_two_tricks_each_and_plays_nothing() -> None:
    final = praise_deal().apply(Declare("raspis"))
    assert final.is_over
    result = final.results[0]
    assert result.points == (6, 6, 6, 6)
    assert result.ended_early and result.unplayed == RULES.deck
    assert result.detail("raspis") is True
    assert result.trump is None and result.chooser == 0


def test_raspis_as_the_answer_to_offers() -> None:
    state = praise_deal().apply(Declare(Suit.CLUBS))
    state = state.apply(Bid(2)).apply(Pass()).apply(Pass())
    assert state.phase is Phase.ANSWER and state.to_move == 0
    assert set(state.legal_moves()) == {Sell(), Keep(), Declare("raspis")}
    final = state.apply(Declare("raspis"))
    assert final.results[0].points == (6, 6, 6, 6)
    assert final.results[0].detail("buyer") is None


def test_the_auction_order_and_its_errors() -> None:
    state = praise_deal().apply(Declare(Suit.SPADES))
    assert state.to_move == 1
    assert state.legal_moves()[0] == Pass()
    with pytest.raises(IllegalMoveError, match="at least 1 trick"):
        state.apply(Bid(0))
    with pytest.raises(IllegalMoveError, match="at most 8 tricks"):
        state.apply(Bid(9))
    with pytest.raises(IllegalMoveError, match="offer a number of tricks"):
        state.apply(Keep())
    state = state.apply(Bid(3))
    assert state.to_move == 2
    before = state
    with pytest.raises(
        IllegalMoveError, match=r"higher than the best offer so far \(3 by seat 1\)"
    ):
        state.apply(Bid(3))
    assert state == before and state.to_move == 2
    state = state.apply(parse_move("bid 5", state))
    state = state.apply(Pass())  # seat 3: final
    assert state.to_move == 1
    assert state.view(3).extra["offers"] == ((1, 3), (2, 5), (3, "pass"))
    state = state.apply(Bid(6))
    # Seat 3 has passed and is never asked again.
    assert state.to_move == 2
    state = state.apply(Pass())
    # Only seat 1, the best offer, is left: the declarer answers.
    assert state.phase is Phase.ANSWER and state.to_move == 0
    with pytest.raises(IllegalMoveError, match="declarer answers"):
        state.apply(Declare(Suit.HEARTS))


def test_everyone_passing_then_keep() -> None:
    state = praise_deal().apply(Declare(Suit.SPADES))
    state = state.apply(Pass()).apply(Pass()).apply(Pass())
    assert state.phase is Phase.ANSWER
    assert set(state.legal_moves()) == {Keep(), Declare("raspis")}
    with pytest.raises(IllegalMoveError, match="no offer to sell to"):
        state.apply(Sell())
    state = state.apply(Keep())
    assert state.maker == 0 and state.to_move == 0 and state.trump is Suit.SPADES
    final = play_out(state, seed=5)
    assert final.results[0].points == (24, 0, 0, 0)
    assert final.results[0].detail("buyer") is None


# The buyer (seat 1) holds only low spades and hearts; seat 0 holds the high ones, so seat 0
# wins every trick of a no-trump deal whatever anyone plays.
SALE = [
    "AS KS QS JS AH KH QH JH",
    "TS 9S 8S 7S TH 9H 8H 7H",
    "AD KD QD JD TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C",
]


def test_a_sale_transfers_tricks_and_the_buyer_may_end_below_zero() -> None:
    state = new_praise_deal(RULES, SALE, dealer=3).apply(Declare(Suit.HEARTS))
    state = state.apply(Bid(8)).apply(Pass()).apply(Pass())
    assert state.phase is Phase.ANSWER
    state = state.apply(Sell())
    assert state.phase is Phase.DECLARE and state.to_move == 1
    assert state.view(3).extra["sale"] == {"buyer": 1, "seller": 0, "tricks": 8}
    with pytest.raises(IllegalMoveError, match="a buyer names a suit, notrump or misere"):
        state.apply(Declare("last"))
    with pytest.raises(IllegalMoveError, match="a buyer names a suit, notrump or misere"):
        state.apply(Declare("raspis"))
    state = state.apply(Declare("notrump"))
    assert (state.phase, state.maker, state.to_move, state.trump) == (
        Phase.PLAY,
        1,
        1,
        "notrump",
    )
    final = play_out(state, seed=11)
    result = final.results[0]
    assert final.tricks_taken == (8, 0, 0, 0)
    assert result.points == (48, -24, 0, 0)
    assert result.total == 24
    assert (result.detail("buyer"), result.detail("seller"), result.detail("tricks_sold")) == (
        1,
        0,
        8,
    )
    assert result.chooser == 1 and result.trump == "notrump"


def test_a_sale_where_the_buyer_wins_tricks() -> None:
    # Seat 2 buys for 3 and names diamonds: he holds all eight, so he wins all 8 tricks.
    state = new_praise_deal(RULES, SALE, dealer=3).apply(Declare(Suit.SPADES))
    state = state.apply(Pass()).apply(Bid(3)).apply(Pass())
    state = state.apply(Sell()).apply(Declare(Suit.DIAMONDS))
    assert state.to_move == 2
    final = play_out(state, seed=2)
    assert final.results[0].points == (9, 0, 15, 0)


def test_without_buying_the_declaration_is_played_at_once() -> None:
    rules = load_rules("simple", scheme="short", buying=False)
    state = new_praise_deal(rules, PRAISE, dealer=3).apply(Declare(Suit.SPADES))
    assert state.phase is Phase.PLAY and state.maker == 0 and state.to_move == 0


def test_bad_praise_hands_are_refused() -> None:
    with pytest.raises(RulesError, match="dealt twice"):
        new_praise_deal(RULES, [PRAISE[0], PRAISE[0], PRAISE[2], PRAISE[3]])
    with pytest.raises(RulesError, match="seat 1"):
        new_praise_deal(RULES, [PRAISE[0], "XX", PRAISE[2], PRAISE[3]])
    with pytest.raises(RulesError, match="appears twice"):
        new_praise_deal(RULES, [PRAISE[0], "AH AH QH JH TH 9H 8H 7H", PRAISE[2], PRAISE[3]])
    with pytest.raises(RulesError, match="needs 4 hands, not 3"):
        new_praise_deal(RULES, PRAISE[:3])
    with pytest.raises(RulesError, match="needs 4 hands, not 1"):
        new_praise_deal(RULES, PRAISE[0])
    with pytest.raises(RulesError, match="has no trump rounds"):
        new_praise_deal(load_rules("three-hand", scheme="parlett36"), ["AS"] * 3)


def test_new_deal_without_a_trump_opens_praise_mode_in_the_order_written() -> None:
    state = RULES.new_deal("trumps", PRAISE, dealer=3)
    assert state.phase is Phase.DECLARE
    assert state.hand(0) == CardSet.parse("9S AD KS")
    state = state.apply(Declare("last"))
    assert state.view(1).extra["last_card"] == Card.parse("8S")
    # A card set has no order of its own: it is dealt in display order, AD last.
    sorted_hands = [CardSet.parse(h) for h in PRAISE]
    state = RULES.new_deal("trumps", sorted_hands, dealer=3)
    assert state.hand(0) == CardSet.parse("AS KS QS")
    state = state.apply(Declare("last"))
    assert state.view(1).extra["last_card"] == Card.parse("AD")
    assert state.trump is Suit.DIAMONDS


def test_views_in_every_praise_phase_leak_nothing() -> None:
    state = praise_deal()
    check_undealt_hidden(state)
    for move in (Declare("misere"), Bid(1), Bid(2), Pass(), Pass(), Sell(), Declare("D")):
        state = state.apply(move)
        check_undealt_hidden(state)
        check_cards(state)
    assert state.phase is Phase.PLAY and state.maker == 2 and state.to_move == 2


def test_other_moves_during_the_declaration_are_refused() -> None:
    state = praise_deal()
    with pytest.raises(IllegalMoveError, match="declarer declares on his first three cards"):
        state.apply(Bid(3))
    with pytest.raises(IllegalMoveError, match="declarer declares"):
        state.apply(Play(Card.parse("9S")))


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), rounds=st.integers(0, 3))
def test_random_auctions_keep_their_rules(seed: int, rounds: int) -> None:
    rules = load_rules("simple", scheme="otygrysh")
    state = rules.new_match(seed=seed)
    while state.contract != "trumps" or state.phase is not Phase.DECLARE:
        state = state.apply(state.legal_moves()[0])
    rng = random.Random(seed)
    declarer = state.to_move
    state = state.apply(rng.choice([m for m in state.legal_moves() if m != Declare("raspis")]))
    best = 0
    passed: set[int] = set()
    asked = 0
    while state.phase is Phase.BID:
        seat = state.to_move
        assert seat is not None and seat != declarer and seat not in passed
        moves = state.legal_moves()
        assert moves[0] == Pass()
        assert [m.amount for m in moves[1:] if isinstance(m, Bid)] == list(range(best + 1, 9))
        move = rng.choice(moves[: 2 + rounds])
        if isinstance(move, Bid):
            best = move.amount
        else:
            passed.add(seat)
        asked += 1
        state = state.apply(move)
    assert asked >= 3
    check_undealt_hidden(state)
    praise = state.aux
    assert isinstance(praise, Praise)
    assert len(passed) >= 2
    if praise.best is None:
        assert passed == {1, 2, 3, 0} - {declarer}
    else:
        assert praise.best[1] == best
    assert state.phase is Phase.ANSWER and state.to_move == declarer
    done = len(state.results)
    state = state.apply(rng.choice(state.legal_moves()))
    while len(state.results) == done:
        check_cards(state)
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.results[done].total == 24


def test_a_refused_trump_lead_says_why_when_only_the_king_of_hearts_may_be_led() -> None:
    """A seat other than the maker holding KH and trumps only must lead KH; the refusal names
    the trump rule rather than failing on the empty trick."""
    import random

    from kinglib import Card, IllegalMoveError, Phase, Play, load_rules

    rules = load_rules("three-hand", scheme="otygrysh")
    king = Card.parse("KH")
    for seed in range(500):
        state = rules.new_match(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            if state.phase is Phase.PLAY and not state.trick and state.contract == "trumps":
                hand = state.hand(seat) if seat is not None else None
                if hand is not None and state.legal_moves() == (Play(king),) and len(hand) > 1:
                    other = next(card for card in hand if card != king)
                    with pytest.raises(IllegalMoveError, match="only the maker may lead a trump"):
                        state.apply(Play(other))
                    return
            state = state.apply(rng.choice(state.legal_moves()))
    pytest.fail("no deal in 500 seeds where only KH may be led")
