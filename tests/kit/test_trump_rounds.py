"""Trump rounds: trick rules, praise mode, the auction, sales and raspis."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import attrs
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
    hookimpl,
    load_rules,
    parse_move,
)
from kinglib.engine.dealing import Deal
from kinglib.engine.flow import start_deal
from kinglib.engine.sampling import DealStart
from kinglib.engine.state import DealSpec, MatchSetup
from kinglib.engine.tricks import TrickPlay
from kinglib.kit.trump_rounds import (
    UNDEALT,
    Praise,
    PraiseDeclare,
    _next_bidder,
    begin_trump_round,
    check_trump_players,
    new_praise_deal,
    praise_layout,
    raspis_allowed,
    score_trump_round,
)
from kinglib.testing import HandBuilt, deal_from_text, play_out
from kinglib.testing.checks import check_cards
from kinglib.values.moves import Move
from tests.support import VOID_CLUBS_DEAL, check_trump_round_match, check_undealt_hidden

RULES = load_rules("simple", scheme="otygrysh")

# Seat 1 holds all eight hearts.
ALL_HEARTS = """
    trumps dealer=3 trump=H
    0: AS KS QS JS AD KD QD JD
    1: AH KH QH JH TH 9H 8H 7H
    2: TS 9S 8S 7S TD 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""


def cards(text: str) -> set[Play]:
    return {Play(c) for c in CardSet.parse(text)}


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = state.apply(Play(Card.parse(text)))
    return state


# ----------------------------------------------------------------------- trick rules


def test_given_trump_deal_has_the_eldest_as_maker_and_leader() -> None:
    state = deal_from_text(RULES, VOID_CLUBS_DEAL)
    assert state.phase is Phase.PLAY
    assert (state.maker, state.to_move, state.trump) == (0, 0, Suit.HEARTS)


def test_must_trump_when_void_but_need_not_overtrump() -> None:
    state = deal_from_text(RULES, VOID_CLUBS_DEAL)
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
    state = deal_from_text(RULES, VOID_CLUBS_DEAL)
    state = play(state, "AC", "JH", "7C", "7H")
    assert state.to_move == 1 and state.maker == 0
    assert set(state.legal_moves()) == cards("TD 9D 8D 7D")
    with pytest.raises(IllegalMoveError, match="only the maker may lead a trump"):
        state.apply(Play(Card.parse("AH")))


def test_non_maker_may_lead_trumps_when_he_holds_only_trumps() -> None:
    state = deal_from_text(RULES, ALL_HEARTS)
    state = play(state, "AS", "7H", "TS", "AC")
    assert state.tricks[-1].winner == 1
    assert set(state.legal_moves()) == cards("AH KH QH JH TH 9H 8H")


def test_the_maker_may_lead_trumps_and_the_option_lets_anyone() -> None:
    state = deal_from_text(RULES, ALL_HEARTS, trump=Suit.SPADES)
    assert set(state.legal_moves()) == cards("AS KS QS JS AD KD QD JD")
    free = load_rules("simple", scheme="otygrysh", only_maker_leads_trump=False)
    state = deal_from_text(free, VOID_CLUBS_DEAL)
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
    bare = TrickPlay(
        cast(Rules, SimpleNamespace(players=4, step=1, options={}, legal_moves_filter=None))
    )
    assert bare.only_maker_leads_trump is True and bare.early_end is True


@pytest.mark.parametrize(("trump", "winner"), [("misere", 2), ("notrump", 0)])
def test_misere_reverses_the_ranks(trump: str, winner: int) -> None:
    state = deal_from_text(RULES, ALL_HEARTS, trump=trump)
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
    state = deal_from_text(RULES, ALL_HEARTS, trump="misere")
    for seed in range(3):
        final = play_out(state, rng=random.Random(seed), check=check_trump_round_match)
        assert final.results[0].points == (0, 0, 24, 0)
        assert final.results[0].trump == "misere"


# ----------------------------------------------------------------------- praise mode

PRAISE_DEAL = """
    trumps dealer=3
    0: 9S AD KS AS QS JS TS 8S
    1: AH KH QH JH TH 9H 8H 7H
    2: KD QD JD TD 9D 8D 7D 7S
    3: AC KC QC JC TC 9C 8C 7C
"""
#: The hands of ``PRAISE_DEAL``, seat 0 first.
PRAISE = list(HandBuilt.parse(PRAISE_DEAL).hands)


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
    final = play_out(state, rng=random.Random(0), check=check_trump_round_match)
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


class Widdershins:
    """A house rule: play goes round counter-clockwise."""

    @staticmethod
    @hookimpl
    def kinglib_direction(rules: Rules) -> str:
        return "counterclockwise"


def test_counterclockwise_the_auction_starts_right_of_the_declarer_and_goes_round_that_way() -> (
    None
):
    """The offers follow the direction of play: counter-clockwise, the seat after 0 is 3."""
    rules = load_rules("simple", scheme="otygrysh", plugins=[Widdershins])
    state = new_praise_deal(rules, PRAISE, dealer=1)
    assert (state.phase, state.to_move) == (Phase.DECLARE, 0)
    state = state.apply(Declare(Suit.SPADES))
    assert (state.phase, state.to_move) == (Phase.BID, 3)
    seats = []
    for move in (Bid(2), Bid(3), Pass(), Bid(4)):
        state = state.apply(move)
        seats.append(state.to_move)
    # Seat 1 has passed and the declarer never offers: seat 3 is followed by seat 2.
    assert seats == [2, 1, 3, 2]
    state = state.apply(Pass())
    assert (state.phase, state.to_move) == (Phase.ANSWER, 0)
    assert state.view(0).extra["offers"] == ((3, 2), (2, 3), (1, "pass"), (3, 4), (2, "pass"))
    state = state.apply(Sell())
    assert (state.phase, state.to_move) == (Phase.DECLARE, 3)


def test_the_next_bidder_goes_one_seat_on_unless_told_otherwise() -> None:
    """Without a step the next seat to offer is the next one clockwise, skipping the declarer."""
    praise = Praise(declarer=0, rest=(0, 0, 0, 0), last_card=Card.parse("8S"))
    assert [_next_bidder(praise, 4, seat) for seat in range(4)] == [1, 2, 3, 1]
    assert [_next_bidder(praise, 4, seat, 3) for seat in range(4)] == [3, 3, 1, 2]


def test_everyone_passing_then_keep() -> None:
    state = praise_deal().apply(Declare(Suit.SPADES))
    state = state.apply(Pass()).apply(Pass()).apply(Pass())
    assert state.phase is Phase.ANSWER
    assert set(state.legal_moves()) == {Keep(), Declare("raspis")}
    with pytest.raises(IllegalMoveError, match="no offer to sell to"):
        state.apply(Sell())
    state = state.apply(Keep())
    assert state.maker == 0 and state.to_move == 0 and state.trump is Suit.SPADES
    final = play_out(state, rng=random.Random(5), check=check_trump_round_match)
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
    final = play_out(state, rng=random.Random(11), check=check_trump_round_match)
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
    final = play_out(state, rng=random.Random(2), check=check_trump_round_match)
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
    state = deal_from_text(RULES, PRAISE_DEAL)
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


# ----------------------------------------------------------------------- the kit's helpers


def test_a_praise_deal_is_dealt_by_seat_0_unless_told() -> None:
    state = new_praise_deal(RULES, PRAISE)
    assert (state.dealer, state.eldest, state.to_move) == (0, 1, 1)
    assert state.hand(1) == CardSet.parse("AH KH QH")
    praise = state.aux
    assert isinstance(praise, Praise)
    assert praise.declarer == 1 and praise.last_card == Card.parse("7H")


def test_raspis_is_allowed_where_the_tricks_divide_evenly() -> None:
    # Eight tricks among four seats: two each.
    assert raspis_allowed(RULES, RULES.contracts["trumps"]) is True
    # Ten tricks among three seats do not divide.
    three = load_rules("three-hand", scheme="otygrysh")
    assert len(three.contracts["trumps"].trick_values) == 10
    assert raspis_allowed(three, three.contracts["trumps"]) is False


def _spec(hands: list[int], orders: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> DealSpec:
    return DealSpec(contract="trumps", dealer=3, hands=tuple(hands), orders=orders)


def test_a_given_deal_without_an_order_is_dealt_in_display_order() -> None:
    # A deal spec built by hand need not record the order of its hands.
    hands = [CardSet.parse(h).mask for h in PRAISE]
    state = start_deal(RULES, MatchSetup(deal=_spec(hands)), 1)
    assert state.phase is Phase.DECLARE and state.to_move == 0
    assert [state.hand(s) for s in range(4)] == [
        CardSet.parse(h) for h in ("AS KS QS", "AH KH QH", "7S KD QD", "AC KC QC")
    ]
    praise = state.aux
    assert isinstance(praise, Praise)
    assert praise.last_card == Card.parse("AD")  # the last of "AS KS QS JS TS 9S 8S AD"
    assert praise.rest[0] == CardSet.parse("JS TS 9S 8S AD").mask


def test_a_declarer_without_cards_is_refused() -> None:
    hands = [0, *(CardSet.parse(h).mask for h in PRAISE[1:])]
    with pytest.raises(RulesError) as refused:
        start_deal(RULES, MatchSetup(deal=_spec(hands)), 1)
    assert str(refused.value) == "seat 0, the declarer, has no cards"


# ----------------------------------------------------------------------- praise_layout

# PRAISE with the ace and the seven of spades swapped: seat 2 holds the ace of spades (card
# index 0) among its first three cards; seat 0, the declarer, gets 8S last.
ACE_AWAY = [
    "9S AD KS 7S QS JS TS 8S",
    "AH KH QH JH TH 9H 8H 7H",
    "AS KD QD JD TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C",
]


def _check_orders(start: DealStart, hands: list[str], firsts: list[str]) -> None:
    """Every hand's order lists its cards once each, the first three dealt first."""
    assert start.orders is not None
    orders = dict(start.orders)
    assert set(orders) == {f"hand:{s}" for s in range(4)}
    for seat, (hand, first) in enumerate(zip(hands, firsts)):
        order = orders[f"hand:{seat}"]
        assert sorted(order) == sorted(c.index for c in CardSet.parse(hand)), seat
        assert {Card.from_index(i) for i in order[:3]} == set(CardSet.parse(first)), seat


def test_the_layout_of_the_three_card_stage_hides_every_rest() -> None:
    state = new_praise_deal(RULES, ACE_AWAY, dealer=3)
    view = state.view(1)
    layout = praise_layout(RULES, view)
    assert layout.pool == RULES.deck.mask & ~CardSet.parse("AH KH QH").mask
    assert layout.slots == (
        ("hand:0", 3),
        ("hand:2", 3),
        ("hand:3", 3),
        ("rest:0", 5),
        ("rest:1", 5),
        ("rest:2", 5),
        ("rest:3", 5),
    )
    # Nothing is shown yet: no card is kept out of any hand.
    assert layout.excluded == (("hand:1", 0), ("hand:2", 0), ("hand:3", 0))
    placed = {
        f"hand:{s}": CardSet.parse(" ".join(h.split()[:3])).mask for s, h in enumerate(ACE_AWAY)
    }
    placed |= {
        f"rest:{s}": CardSet.parse(" ".join(h.split()[3:])).mask for s, h in enumerate(ACE_AWAY)
    }
    del placed["hand:1"]
    firsts = [" ".join(h.split()[:3]) for h in ACE_AWAY]
    for seed in range(3):
        start = layout.start(placed, random.Random(seed))
        assert start.hands == tuple(CardSet.parse(h).mask for h in ACE_AWAY)
        _check_orders(start, ACE_AWAY, firsts)


def test_the_layout_once_last_is_declared_deals_the_shown_card_last() -> None:
    state = new_praise_deal(RULES, ACE_AWAY, dealer=3).apply(Declare("last"))
    shown = Card.parse("8S")
    view = state.view(1)
    assert view.extra["last_card"] == shown
    layout = praise_layout(RULES, view)
    assert layout.pool == RULES.deck.mask & ~CardSet.parse(ACE_AWAY[1]).mask
    assert layout.slots == (("hand:0", 8), ("hand:2", 8), ("hand:3", 8))
    # The shown last card was dealt to the declarer: no other hand may hold it.
    assert layout.excluded == (
        ("hand:1", shown.mask),
        ("hand:2", shown.mask),
        ("hand:3", shown.mask),
    )
    placed = {f"hand:{s}": CardSet.parse(h).mask for s, h in enumerate(ACE_AWAY) if s != 1}
    early_ace = False
    for seed in range(20):
        start = layout.start(placed, random.Random(seed))
        assert start.hands == tuple(CardSet.parse(h).mask for h in ACE_AWAY)
        assert start.orders is not None
        orders = dict(start.orders)
        for seat, hand in enumerate(ACE_AWAY):
            assert sorted(orders[f"hand:{seat}"]) == sorted(c.index for c in CardSet.parse(hand))
        declarer = orders["hand:0"]
        assert declarer[-1] == shown.index and shown.index not in declarer[:3]
        # Any card but the shown one may have been among the first three: the ace of spades
        # of seat 2 too.
        early_ace |= Card.parse("AS").index in orders["hand:2"][:3]
    assert early_ace


def test_one_undealt_card_is_still_the_three_card_stage() -> None:
    # A variant dealing four cards to the eldest and three to the others: only seat 0 gets a
    # card after the declaration, and every other seat gets none.
    hands = ["9S AD KS 8S", "AH KH QH", "KD QD JD", "AC KC QC"]
    spec = _spec(
        [CardSet.parse(h).mask for h in hands],
        orders=(("hand:0", tuple(c.index for c in map(Card.parse, hands[0].split()))),),
    )
    state = start_deal(RULES, MatchSetup(deal=spec), 1)
    view = state.view(1)
    assert view.pile_sizes == {UNDEALT: 1}
    pack = CardSet.parse(" ".join(hands))
    dealing = cast(
        Rules,
        SimpleNamespace(
            deck=pack, deal=lambda dealer, rng: Deal(hands=tuple(map(CardSet.parse, hands)))
        ),
    )
    layout = praise_layout(dealing, view)
    assert layout.pool == pack.mask & ~CardSet.parse(hands[1]).mask
    assert layout.slots == (("hand:0", 3), ("hand:2", 3), ("hand:3", 3), ("rest:0", 1))


def _refusal(state: State, move: Move) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(move)
    return str(refused.value)


def test_every_praise_refusal_word_for_word() -> None:
    state = praise_deal()
    assert _refusal(state, Bid(3)) == (
        "seat 0 may not play bid 3: the declarer declares on his first three cards: "
        "declare a suit, notrump or misere, not bid 3"
    )
    bidding = state.apply(Declare(Suit.SPADES))
    assert _refusal(bidding, Bid(0)) == "seat 1 may not play bid 0: an offer is at least 1 trick"
    assert _refusal(bidding, Bid(9)) == (
        "seat 1 may not play bid 9: an offer is at most 8 tricks, the tricks in a deal"
    )
    assert _refusal(bidding, Sell()) == (
        "seat 1 may not play sell: the buying auction is on: "
        "offer a number of tricks ('bid N') or pass, not sell"
    )
    assert bidding.apply(Bid(8)).to_move == 2  # the most a deal has is a fair offer
    nobody = bidding.apply(Pass()).apply(Pass()).apply(Pass())
    assert _refusal(nobody, Sell()) == "seat 0 may not play sell: there is no offer to sell to"
    offered = bidding.apply(Bid(3))
    assert _refusal(offered, Bid(2)) == (
        "seat 2 may not play bid 2: an offer must be higher than the best offer so far "
        "(3 by seat 1)"
    )
    answering = offered.apply(Pass()).apply(Pass())
    assert answering.legal_moves() == (Sell(), Keep(), Declare("raspis"))
    assert _refusal(answering, Pass()) == (
        "seat 0 may not play pass: "
        "the declarer answers the offers: sell, keep, declare raspis, not pass"
    )
    buying = answering.apply(Sell())
    assert buying.legal_moves() == tuple(
        Declare(d) for d in ("S", "H", "D", "C", "notrump", "misere")
    )
    assert _refusal(buying, Keep()) == (
        "seat 1 may not play keep: "
        "the buyer names his trump: declare a suit, notrump or misere, not keep"
    )
    assert _refusal(buying, Declare("last")) == (
        "seat 1 may not play declare last: a buyer names a suit, notrump or misere, not last"
    )


THREE = load_rules("three-hand", scheme="otygrysh")
THREE_HANDS = [
    "AH KH QH JH TH 9H 8H 7H JS TS",
    "AD KD QD JD TD 9D 8D 7D KS QS",
    "9S 8S 7S KC QC JC TC 9C 8C 7C",
]


def test_without_raspis_the_declarer_may_not_declare_it_and_a_lone_keep_is_skipped() -> None:
    # Ten tricks do not divide among three seats: no raspis, neither first nor as an answer.
    state = new_praise_deal(THREE, THREE_HANDS, dealer=2)
    assert Declare("raspis") not in state.legal_moves()
    assert state.legal_moves()[-1] == Declare("last")
    assert _refusal(state, Declare("raspis")) == (
        "seat 0 may not play declare raspis: "
        "raspis is allowed only where the tricks divide evenly among 3"
    )
    offered = state.apply(Declare(Suit.SPADES)).apply(Bid(2)).apply(Pass())
    assert offered.phase is Phase.ANSWER and offered.legal_moves() == (Sell(), Keep())
    assert _refusal(offered, Declare("raspis")) == (
        "seat 0 may not play declare raspis: "
        "raspis is allowed only where the tricks divide evenly among 3"
    )
    assert _refusal(offered, Pass()) == (
        "seat 0 may not play pass: the declarer answers the offers: sell, keep, not pass"
    )
    # Nobody offered and raspis is not allowed: keeping is all the declarer could do, so the
    # deal is played at once.
    passed = state.apply(Declare(Suit.SPADES)).apply(Pass()).apply(Pass())
    assert (passed.phase, passed.maker, passed.to_move, passed.trump) == (
        Phase.PLAY,
        0,
        0,
        Suit.SPADES,
    )


def test_a_scheme_for_other_player_counts_is_refused_word_for_word() -> None:
    check_trump_players("otygrysh", 4, (3, 4))  # accepted
    with pytest.raises(ValueError) as refused:
        check_trump_players("otygrysh", 5, (3, 4))
    assert str(refused.value) == (
        "scheme 'otygrysh' plays trump rounds in praise mode for 3 or 4 players, not 5"
    )
    with pytest.raises(ValueError) as refused:
        check_trump_players("short", 3, (4,))
    assert str(refused.value) == (
        "scheme 'short' plays trump rounds in praise mode for 4 players, not 3"
    )


def test_a_raspis_deal_keeps_its_whole_record() -> None:
    # A given deal ends with the deal: its last state keeps the praise record of the raspis.
    final = praise_deal().apply(Declare("raspis"))
    assert [type(p) for p in final.results[0].points] == [int] * 4
    assert final.aux == Praise(
        declarer=0,
        rest=(0, 0, 0, 0),
        last_card=Card.parse("8S"),
        declaration="raspis",
        raspis=True,
    )
    assert final.hands_mask == tuple(CardSet.parse(h).mask for h in PRAISE)
    # Raspis as the answer drops the trump the declarer had named.
    offered = praise_deal().apply(Declare(Suit.CLUBS)).apply(Bid(2)).apply(Pass()).apply(Pass())
    assert offered.trump is Suit.CLUBS
    final = offered.apply(Declare("raspis"))
    assert final.results[0].trump is None
    assert final.aux == Praise(
        declarer=0,
        rest=(0, 0, 0, 0),
        last_card=Card.parse("8S"),
        declaration=Suit.CLUBS,
        offers=((1, 2), (2, None), (3, None)),
        raspis=True,
    )


def test_a_sale_drops_the_declarers_trump_until_the_buyer_names_his() -> None:
    state = new_praise_deal(RULES, SALE, dealer=3).apply(Declare(Suit.HEARTS))
    assert state.trump is Suit.HEARTS
    state = state.apply(Bid(4)).apply(Pass()).apply(Pass()).apply(Sell())
    assert state.phase is Phase.DECLARE and state.to_move == 1
    assert state.trump is None
    assert all(state.view(seat).trump is None for seat in range(4))
    assert state.apply(Declare(Suit.DIAMONDS)).trump is Suit.DIAMONDS


def test_a_seeded_deal_of_three_cards_each_has_the_last_card_among_them() -> None:
    # A variant dealing only three cards a seat: nothing comes after the declaration, so the
    # last card dealt to the declarer is one of his three.
    length = RULES.schedule.length
    assert length is not None
    trumps_deal = next(
        k for k in range(1, length + 1) if RULES.schedule.contract_for(k) == "trumps"
    )
    hands = tuple(CardSet.parse(h).mask for h in ("AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"))
    dealt = RULES.new_match(5).evolve(deal_number=trumps_deal, hands_mask=hands)
    for seed in range(4):
        dealt = dealt.evolve(setup=MatchSetup(seed=seed))
        state = begin_trump_round(RULES, dealt)
        assert state is not None
        assert state.phase is Phase.DECLARE and state.to_move == dealt.eldest
        assert state.hands_mask == hands and state.pile(UNDEALT) == CardSet()
        praise = state.aux
        assert isinstance(praise, Praise)
        assert praise.rest == (0, 0, 0, 0)
        assert praise.last_card in state.hand(dealt.eldest)


def test_the_public_facts_of_a_praise_deal_in_full() -> None:
    jack = Card.parse("JH")  # the last card dealt to seat 0 in SALE
    state = new_praise_deal(RULES, SALE, dealer=3)
    assert state.view(2).extra == {"declarer": 0}
    state = state.apply(Declare("last"))
    shown = {"declarer": 0, "declaration": "last", "last_card": jack, "trump_card": jack}
    assert state.view(2).extra == shown
    state = state.apply(Bid(4)).apply(Pass()).apply(Pass())
    offers = ((1, 4), (2, "pass"), (3, "pass"))
    assert state.view(2).extra == {**shown, "offers": offers}
    # Once sold, the buyer names his own trump: the last card no longer sets it.
    state = state.apply(Sell())
    sold = {
        "declarer": 0,
        "declaration": "last",
        "last_card": jack,
        "offers": offers,
        "sale": {"buyer": 1, "seller": 0, "tricks": 4},
    }
    assert state.view(2).extra == sold
    state = state.apply(Declare("notrump"))
    assert state.view(0).extra == sold
    assert play_out(state).results[0].details == (
        ("buyer", 1),
        ("declaration", "last"),
        ("declarer", 0),
        ("last_card", jack),
        ("seller", 0),
        ("tricks_sold", 4),
    )
    eight = Card.parse("8S")
    kept = praise_deal().apply(Declare("last")).apply(Pass()).apply(Pass()).apply(Pass())
    kept = kept.apply(Keep())
    assert kept.view(1).extra == {
        "declarer": 0,
        "declaration": "last",
        "last_card": eight,
        "trump_card": eight,
        "offers": ((1, "pass"), (2, "pass"), (3, "pass")),
    }
    assert play_out(kept).results[0].details == (
        ("declaration", "last"),
        ("declarer", 0),
        ("last_card", eight),
        ("trump_card", eight),
    )
    spades = praise_deal().apply(Declare(Suit.SPADES))
    assert spades.view(3).extra == {"declarer": 0, "declaration": "S"}
    raspis = praise_deal().apply(Declare("raspis"))
    assert raspis.results[0].details == (
        ("declaration", "raspis"),
        ("declarer", 0),
        ("raspis", True),
    )


def test_play_starts_with_the_whole_praise_record() -> None:
    # Without buying the declaration is played at once: the record holds it, all dealt.
    rules = load_rules("simple", scheme="short", buying=False)
    state = new_praise_deal(rules, PRAISE, dealer=3).apply(Declare(Suit.SPADES))
    assert state.phase is Phase.PLAY
    assert state.aux == Praise(
        declarer=0, rest=(0, 0, 0, 0), last_card=Card.parse("8S"), declaration=Suit.SPADES
    )
    assert state.view(2).extra == {"declarer": 0, "declaration": "S"}
    # Three-hand: nobody offers and raspis is not allowed, so play starts after the last pass,
    # which the record keeps.
    passed = new_praise_deal(THREE, THREE_HANDS, dealer=2).apply(Declare(Suit.SPADES))
    passed = passed.apply(Pass()).apply(Pass())
    assert passed.phase is Phase.PLAY
    assert passed.view(1).extra == {
        "declarer": 0,
        "declaration": "S",
        "offers": ((1, "pass"), (2, "pass")),
    }


def test_a_trump_round_is_scored_at_the_price_of_its_first_trick() -> None:
    state = praise_deal().apply(Declare(Suit.SPADES))
    final = play_out(state.apply(Pass()).apply(Pass()).apply(Pass()).apply(Keep()))
    taken = final.tricks_taken
    assert sum(taken) == 8
    assert score_trump_round(RULES, final) == tuple(3 * t for t in taken)
    trumps = final.contract_info
    assert trumps is not None
    dearer = attrs.evolve(trumps, trick_values=(5,) + (3,) * 7, total=None)
    assert score_trump_round(RULES, final.evolve(contract_info=dearer)) == tuple(
        5 * t for t in taken
    )
    # A trump round whose tricks are worth nothing scores nothing.
    free = attrs.evolve(trumps, trick_values=(), total=None)
    assert score_trump_round(RULES, final.evolve(contract_info=free)) == (0, 0, 0, 0)
    # Not a praise-mode deal: left to the other hooks.
    given = deal_from_text(RULES, PRAISE_DEAL, trump=Suit.SPADES)
    assert score_trump_round(RULES, play_out(given)) is None


def test_opening_a_trump_round_sets_every_field_whatever_the_state_held() -> None:
    hands = [CardSet.parse(h).mask for h in PRAISE]
    # Praise mode: no trump and no maker yet, the declarer to move.
    opened = start_deal(RULES, MatchSetup(deal=_spec(hands, orders=())), 1)
    stale = opened.evolve(phase=Phase.CHOOSE, trump=Suit.HEARTS, maker=2, to_move=3)
    again = begin_trump_round(RULES, stale.evolve(hands_mask=tuple(hands), piles_mask=()))
    assert again is not None
    assert (again.phase, again.trump, again.maker, again.to_move) == (Phase.DECLARE, None, None, 0)
    # A given trump: played at once, the eldest as maker and leader.
    given = attrs.evolve(_spec(hands), trump=Suit.CLUBS)
    opened = start_deal(RULES, MatchSetup(deal=given), 1)
    stale = opened.evolve(phase=Phase.CHOOSE, trump=None, maker=2, to_move=3)
    again = begin_trump_round(RULES, stale)
    assert again is not None
    assert (again.phase, again.trump, again.maker, again.to_move) == (
        Phase.PLAY,
        Suit.CLUBS,
        0,
        0,
    )


def test_buying_is_on_unless_the_option_says_no_and_needs_two_players() -> None:
    def phase(players: int, **options: bool) -> PraiseDeclare:
        return PraiseDeclare(cast(Rules, SimpleNamespace(players=players, options=options)))

    # A variant of one's own without the trump-round options buys by default.
    assert phase(4).buying is True
    assert phase(4, buying=False).buying is False
    assert phase(2).buying is True
    assert phase(1).buying is False
