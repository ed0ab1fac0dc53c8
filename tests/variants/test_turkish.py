"""turkish: counter-clockwise play, the declarer's choice and its quotas, the penalty duties."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Choose, Declare, IllegalMoveError, Phase, Play, RulesError, State, Suit
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

# Dealer 0: the declarer is seat 3 (the dealer's right); play goes 3, 2, 1, 0.
LAYOUT = """
    no_queens dealer=0
    0: 6H 5H 4H 3H 4D 3D 2D QC 6C 5C 4C 3C 2C
    1: 5S 4S 3S 2S TH 9H 8H 7H 8D 7D 6D 5D 8C
    2: 8S 7S 6S KH QH JH 2H QD JD TD 9D TC 9C
    3: AS KS QS JS TS 9S AH AD KD AC KC JC 7C
"""


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("turkish", **options)  # type: ignore[arg-type]


def expected_points(state: State) -> tuple[int, ...]:
    """The points of a finished deal by the price table, counted from its tricks alone."""
    contract = state.contract
    assert contract is not None
    points = [0] * 4
    per_trick = {"no_tricks": -50, "trumps": 50}
    per_card = {
        "no_hearts": (SUIT_MASKS[Suit.HEARTS], -30),
        "no_queens": (RANK_MASKS[Rank.QUEEN], -100),
        "no_kings_jacks": (RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK], -60),
        "no_king_of_hearts": (Card.parse("KH").mask, -320),
    }
    for number, trick in enumerate(state.tricks, start=1):
        if contract in per_trick:
            points[trick.winner] += per_trick[contract]
        elif contract == "no_last_two" and number >= 12:
            points[trick.winner] -= 180
        elif contract in per_card:
            mask, price = per_card[contract]
            points[trick.winner] += price * (trick.cards.mask & mask).bit_count()
    return tuple(points)


# ------------------------------------------------------------------ the variant


def test_the_variant_its_pack_contracts_and_options() -> None:
    r = rules()
    assert r.players == 4 and len(r.deck) == 52
    assert {cid: c.total for cid, c in r.contracts.items()} == {
        "no_tricks": -650,
        "no_hearts": -390,
        "no_queens": -400,
        "no_kings_jacks": -480,
        "no_king_of_hearts": -320,
        "no_last_two": -360,
        "trumps": 650,
    }
    assert r.contracts["no_king_of_hearts"].name == "Rıfkı"
    assert r.schedule.length == 20 and set(r.schedule.deals) == {"choose"}
    assert dict(r.options) == {
        "direction": "counterclockwise",
        "penalty_duty": True,
        "heart_lead": "broken",
        "trump_lead": "free",
        "first_dealer": 0,
        "early_end": True,
    }
    assert "direction of play" in r.option_specs["first_dealer"].doc
    declared = invariants_of(r)
    assert declared.zero_sum and declared.deals == 20
    with pytest.raises(RulesError, match="not 3"):
        kinglib.load_rules("turkish", players=3)
    for bad in ({"direction": "left"}, {"heart_lead": "free"}, {"trump_lead": "maker"}):
        with pytest.raises(RulesError, match=next(iter(bad))):
            rules(**bad)


def test_the_match_is_zero_sum_5200_against_5200() -> None:
    r = rules()
    negatives = sum(2 * r.contracts[c].total for c in NEGATIVES)
    assert negatives == -5200 and 8 * r.contracts["trumps"].total == 5200


# ------------------------------------------------------------------ direction


def test_counterclockwise_deal_declarer_and_trick_order() -> None:
    r = rules()
    assert r.direction == "counterclockwise"
    assert [r.dealer_for(k) for k in range(1, 9)] == [0, 3, 2, 1, 0, 3, 2, 1]
    assert [r.next_seat(s) for s in range(4)] == [3, 0, 1, 2]
    state = r.new_match(seed=4)
    assert (state.dealer, state.eldest, state.to_move) == (0, 3, 3)
    assert state.phase is Phase.CHOOSE and state.view(1).extra["chooser"] == 3
    state = state.apply(Choose("no_tricks"))
    assert state.phase is Phase.PLAY and state.to_move == 3 and state.contract == "no_tricks"
    order: list[int | None] = []
    for _ in range(4):
        order.append(state.to_move)
        state = state.apply(state.legal_moves()[0])
    assert order == [3, 2, 1, 0]
    # The next deal: dealt by the dealer's right, chosen by the next declarer on the right.
    state = play_out(state, deal_only=True)
    assert (state.deal_number, state.dealer, state.to_move) == (2, 3, 2)


def test_the_declarers_of_the_match() -> None:
    plan = rules().phases[Phase.CHOOSE].plan  # type: ignore[attr-defined]
    assert plan.choosers(rules()) == (3, 2, 1, 0) * 5
    assert plan.choosers(rules(direction="clockwise")) == (1, 2, 3, 0) * 5
    assert plan.choosers(rules(first_dealer=1)) == (0, 3, 2, 1) * 5


def test_first_dealer_and_clockwise_play() -> None:
    state = rules(first_dealer=2).new_match(seed=1)
    assert (state.dealer, state.to_move) == (2, 1)
    clockwise = rules(direction="clockwise")
    assert [clockwise.dealer_for(k) for k in range(1, 6)] == [0, 1, 2, 3, 0]
    state = deal_from_text(clockwise, LAYOUT, contract="no_tricks")
    assert state.to_move == 1
    order: list[int | None] = []
    for _ in range(4):
        order.append(state.to_move)
        state = state.apply(state.legal_moves()[0])
    assert order == [1, 2, 3, 0]


def test_a_hand_built_deal_is_led_by_the_dealers_right() -> None:
    for dealer in range(4):
        state = deal_from_text(rules(), LAYOUT, dealer=dealer)
        assert state.to_move == (dealer - 1) % 4 == state.maker
        assert state.phase is Phase.PLAY


# ------------------------------------------------------------------ exact points


@pytest.mark.parametrize(
    ("contract", "points", "early"),
    [
        ("no_tricks", (0, 0, 0, -650), False),
        ("no_hearts", (0, 0, 0, -390), False),
        ("no_queens", (0, 0, 0, -400), True),
        ("no_kings_jacks", (0, 0, 0, -480), True),
        ("no_king_of_hearts", (0, 0, 0, -320), True),
        ("no_last_two", (0, 0, 0, -360), False),
    ],
)
def test_the_declarer_leading_the_one_suit_takes_everything(
    contract: str, points: tuple[int, ...], early: bool
) -> None:
    """Dealer 0, seat 3 holds the clubs and leads them: nobody can follow or trump."""
    end = play_out(deal_from_text(rules(), SUITED_DEAL, contract=contract))
    result = end.results[-1]
    assert result.points == points and result.ended_early is early
    assert result.chooser == 3 and result.dealer == 0


def test_rifki_ends_at_the_first_trick_where_the_void_king_must_go() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_king_of_hearts")
    state = play(state, "AC 2D")
    assert legal_cards(state) == "KH"  # seat 1, void in clubs, holds K♥
    end = play(state, "KH 2S")
    assert end.is_over and len(end.tricks) == 1 and end.results[-1].points == (0, 0, 0, -320)


@pytest.mark.parametrize(
    ("trump", "points"),
    [(Suit.CLUBS, (0, 0, 0, 650)), (Suit.HEARTS, (0, 650, 0, 0)), (Suit.SPADES, (650, 0, 0, 0))],
)
def test_trumps_named_by_the_declarer(trump: Suit, points: tuple[int, ...]) -> None:
    """The holder of the trump suit must trump the first club lead, then leads trumps."""
    state = deal_from_text(rules(), SUITED_DEAL)
    assert state.phase is Phase.DECLARE and state.to_move == 3
    assert [str(m) for m in state.legal_moves()] == [
        "declare S",
        "declare H",
        "declare D",
        "declare C",
    ]
    with pytest.raises(IllegalMoveError, match="notrump may not be ordered"):
        state.apply(Declare("notrump"))
    state = state.apply(Declare(trump))
    assert state.trump is trump and state.to_move == 3
    end = play_out(state)
    assert end.results[-1].points == points and end.results[-1].trump is trump


def test_a_given_trump_plays_at_once_and_notrump_is_refused() -> None:
    state = deal_from_text(rules(), SUITED_DEAL, dealer=1, trump=Suit.DIAMONDS)
    assert state.phase is Phase.PLAY and state.to_move == 0 and state.trump is Suit.DIAMONDS
    assert play_out(state).results[-1].points == (0, 0, 650, 0)
    with pytest.raises(RulesError, match="notrump"):
        deal_from_text(rules(), SUITED_DEAL, dealer=1, trump="notrump")
    with pytest.raises(RulesError, match="not a trump round"):
        deal_from_text(rules(), SUITED_DEAL, contract="no_tricks", dealer=1, trump=Suit.SPADES)


# ------------------------------------------------------------------ penalty duties


def test_no_withholding_a_queen_below_the_best_card() -> None:
    state = play(deal_from_text(rules(), LAYOUT), "AD")
    assert legal_cards(state) == "QD"
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="may not be withheld"):
        state.apply(Play(Card.parse("JD")))
    assert snapshot(state) == before
    state = play(state, "QD")
    assert legal_cards(state) == "8D 7D 6D 5D"  # no queen of diamonds left to withhold
    state = play(state, "8D")
    assert legal_cards(state) == "4D 3D 2D"


def test_no_withholding_on_a_club_lead_and_the_forced_discard() -> None:
    state = play(deal_from_text(rules(), LAYOUT), "AC")
    assert legal_cards(state) == "TC 9C"
    state = play(state, "TC 8C")
    assert legal_cards(state) == "QC"
    # A void player holding a queen must discard one.
    state = play(deal_from_text(rules(), LAYOUT), "AS 8S 5S")
    assert legal_cards(state) == "QC"
    with pytest.raises(IllegalMoveError, match="has none of its suit and must play QC"):
        state.apply(Play(Card.parse("2C")))


def test_kings_and_jacks_are_penalty_cards_of_erkek() -> None:
    state = play(deal_from_text(rules(), LAYOUT, contract="no_kings_jacks"), "AD")
    assert legal_cards(state) == "JD"
    # Seat 0 is void in spades and holds no king or jack: any card.
    state = play(deal_from_text(rules(), LAYOUT, contract="no_kings_jacks"), "AS 8S 5S")
    assert len(state.legal_moves()) == 13


def test_penalty_duty_off_frees_both_rules() -> None:
    state = play(deal_from_text(rules(penalty_duty=False), LAYOUT), "AD")
    assert legal_cards(state) == "QD JD TD 9D"
    state = play(deal_from_text(rules(penalty_duty=False), LAYOUT), "AS 8S 5S")
    assert len(state.legal_moves()) == 13
    state = play(
        deal_from_text(rules(penalty_duty=False), LAYOUT, contract="no_hearts"), "AS 8S 5S"
    )
    assert len(state.legal_moves()) == 13
    for cid in NEGATIVES:
        play_rules = rules(penalty_duty=False).contracts[cid].trick_rules
        assert not play_rules.void_duty and not play_rules.under_duty


def test_rifki_the_king_goes_on_a_heart_trick_holding_the_ace() -> None:
    state = deal_from_text(rules(), LAYOUT, contract="no_king_of_hearts")
    assert "AH" not in legal_cards(state)  # hearts are not broken yet
    with pytest.raises(IllegalMoveError, match="hearts are not broken yet"):
        state.apply(Play(Card.parse("AH")))
    state = play(state, "AS 8S 5S")
    assert len(state.legal_moves()) == 13  # void, but no K♥ to discard
    state = play(state, "6H")  # breaks hearts
    assert state.to_move == 3 and "AH" in legal_cards(state)
    state = play(state, "AH")
    assert legal_cards(state) == "KH"
    end = play(state, "KH 7H 5H")
    assert end.is_over and end.results[-1].points == (0, 0, 0, -320)
    assert end.results[-1].ended_early


def test_rifki_the_void_holder_of_the_king_must_discard_it() -> None:
    state = play(deal_from_text(rules(), LAYOUT, contract="no_king_of_hearts"), "AC TC 8C QC KC 9C")
    assert len(state.legal_moves()) == 12  # seat 1 is void in clubs, without K♥
    state = play(state, "2S 2C JC")
    assert legal_cards(state) == "KH"


def test_kupa_the_forced_discard_only() -> None:
    deal = """
        no_hearts dealer=0
        0: 4D 3D 2D JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        1: KH QH JH 9H 8H 7H 6H 5H 4H 3H AC KC QC
        2: 2S AH 2H AD KD QD JD TD 9D 8D 7D 6D 5D
        3: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S TH
    """
    r = rules()
    assert not r.contracts["no_hearts"].trick_rules.under_duty
    state = play(deal_from_text(r, deal), "AS 2S")
    # Seat 1 has no spade and must discard a heart, not a club.
    assert legal_cards(state) == "KH QH JH 9H 8H 7H 6H 5H 4H 3H"
    state = play(state, "3H 2C")
    assert state.to_move == 3 and "TH" in legal_cards(state)  # hearts broken
    state = play(state, "TH")
    assert legal_cards(state) == "AH 2H"  # no duty to play under the ten
    never = play(deal_from_text(rules(heart_lead="never"), deal), "AS 2S 3H 2C")
    assert "TH" not in legal_cards(never)
    with pytest.raises(IllegalMoveError, match="while holding another suit"):
        never.apply(Play(Card.parse("TH")))


def test_a_hand_of_hearts_alone_may_lead_them() -> None:
    # Seat 1 holds only hearts: dealer 2 makes him the declarer; he may lead them.
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_hearts", dealer=2)
    assert state.to_move == 1 and len(state.legal_moves()) == 13
    end = play_out(state)
    assert end.results[-1].points == (0, -390, 0, 0)


# ------------------------------------------------------------------ trump duties

TRUMPS_LAYOUT = """
    trumps dealer=0 trump=C
    0: 8H 7H 6H 5H 4H 3H 2H 7C 6C 5C 4C 3C 2C
    1: AH KH QH JH TH 9H 5D 4D 3D 2D TC 9C 8C
    2: 5S 4S 3S 2S AD KD QD JD TD 9D 8D 7D 6D
    3: AS KS QS JS TS 9S 8S 7S 6S AC KC QC JC
"""


def test_a_void_player_must_trump_even_under_a_higher_trump() -> None:
    state = deal_from_text(rules(), TRUMPS_LAYOUT, trump=Suit.HEARTS)
    state = play(state, "AS 2S")
    assert legal_cards(state) == "AH KH QH JH TH 9H"
    with pytest.raises(IllegalMoveError, match=r"must play a trump \(H\)"):
        state.apply(Play(Card.parse("5D")))
    state = play(state, "AH")
    assert legal_cards(state) == "8H 7H 6H 5H 4H 3H 2H"  # none beats A♥: any trump
    state = play(state, "2H")
    assert state.to_move == 1 and state.tricks[-1].winner == 1


def test_trumps_led_freely_or_once_broken() -> None:
    free = deal_from_text(rules(), TRUMPS_LAYOUT)
    assert "AC" in legal_cards(free)
    broken = deal_from_text(rules(trump_lead="broken"), TRUMPS_LAYOUT)
    assert "AC" not in legal_cards(broken) and "AS" in legal_cards(broken)
    with pytest.raises(IllegalMoveError, match="trumps are not broken yet"):
        broken.apply(Play(Card.parse("AC")))
    # Seat 1 trumps a spade lead with a club: clubs are broken.
    state = play(broken, "AS 2S 8C")
    assert legal_cards(state) == "7C 6C 5C 4C 3C 2C"  # seat 0 must trump too
    state = play(state, "2C")
    assert state.to_move == 1 and "TC" in legal_cards(state)


# ------------------------------------------------------------------ choosing


def choose_avoiding_trumps(state: State, moves: tuple[kinglib.Move, ...]) -> kinglib.Move:
    """The first negative when choosing (trumps only when forced), else the first move."""
    if state.phase is Phase.CHOOSE:
        return next((m for m in moves if m != Choose("trumps")), moves[0])
    return moves[0]


def test_each_negative_at_most_twice_and_each_player_trumps_twice() -> None:
    r = rules()
    state = r.new_match(seed=2)
    seen_forced = []
    while not state.is_over:
        if state.phase is Phase.CHOOSE:
            seat = state.to_move
            moves = state.legal_moves()
            done = Counter(x.contract for x in state.results)
            mine = sum(1 for x in state.results if x.chooser == seat and x.contract == "trumps")
            for cid in NEGATIVES:
                assert (Choose(cid) in moves) == (done[cid] < 2 and moves != (Choose("trumps"),))
            if moves == (Choose("trumps"),):
                seen_forced.append((state.deal_number, seat))
            assert (Choose("trumps") in moves) == (mine < 2)
        state = state.apply(choose_avoiding_trumps(state, state.legal_moves()))
    # Avoiding trumps, each seat is forced on its last two turns (deals 13 to 20).
    assert sorted(seen_forced) == [(k, (0 - k) % 4) for k in range(13, 21)]
    counts = Counter(x.contract for x in state.results)
    assert counts == {**{c: 2 for c in NEGATIVES}, "trumps": 8}
    assert Counter(x.chooser for x in state.results if x.contract == "trumps") == {
        s: 2 for s in range(4)
    }
    assert sum(state.totals) == 0


def test_a_player_owing_trumps_on_his_last_turns_must_choose_them() -> None:
    """Seat 0 avoids trumps, the others choose them first: his deals 16 and 20 are forced."""
    state = rules().new_match(seed=7)
    while state.deal_number < 16:
        moves = state.legal_moves()
        if state.phase is Phase.CHOOSE and state.to_move != 0:
            state = state.apply(moves[-1])
        else:
            state = state.apply(choose_avoiding_trumps(state, moves))
    assert state.phase is Phase.CHOOSE and state.to_move == 0
    assert state.legal_moves() == (Choose("trumps"),)
    left = state.view(0).extra["pool_left"]
    assert left  # negatives are left, but not for him
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"owes \(trumps 2 more times\)"):
        state.apply(Choose(left[0]))
    assert snapshot(state) == before


def test_a_negative_chosen_twice_is_refused_by_name() -> None:
    state = rules().new_match(seed=3)
    for _ in range(2):
        state = play_out(state.apply(Choose("no_tricks")), deal_only=True)
    assert Choose("no_tricks") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="no_tricks has already been played 2 times"):
        state.apply(Choose("no_tricks"))


def test_trumps_once_chosen_twice_is_no_longer_offered() -> None:
    state = rules().new_match(seed=5)
    # Seat 3 declares deals 1, 5, 9...: trumps twice, then never again.
    for deal in (1, 5):
        while state.deal_number < deal:
            state = state.apply(choose_avoiding_trumps(state, state.legal_moves()))
        assert state.to_move == 3
        state = state.apply(Choose("trumps")).apply(Declare(Suit.SPADES))
    while state.deal_number < 9:
        state = state.apply(choose_avoiding_trumps(state, state.legal_moves()))
    assert state.to_move == 3 and Choose("trumps") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="already chosen trumps 2 times"):
        state.apply(Choose("trumps"))
    assert state.view(0).extra["owed"][3] == ()
    assert state.view(0).extra["owed"][0] == ("trumps", "trumps")


def test_views_show_the_declarer_and_the_sheet() -> None:
    state = rules().new_match(seed=8)
    extra = state.view(0).extra
    assert extra["chooser"] == 3
    assert extra["pool_left"] == NEGATIVES
    assert extra["owed"] == (("trumps", "trumps"),) * 4
    state = play_out(state.apply(Choose("no_queens")), deal_only=True)
    assert state.view(2).extra["chooser"] == 2
    assert state.view(2).extra["pool_left"] == NEGATIVES  # no_queens may come once more


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"direction": "clockwise"},
        {"penalty_duty": False},
        {"heart_lead": "never", "trump_lead": "broken"},
        {"first_dealer": 3, "early_end": False},
    ],
)
def test_matches_keep_the_declared_invariants(options: dict[str, object]) -> None:
    r = rules(**options)
    for seed in range(3):
        final = check_invariants(r, seed)
        assert len(final.results) == 20 and sum(final.totals) == 0
        assert Counter(x.contract for x in final.results) == {
            **{c: 2 for c in NEGATIVES},
            "trumps": 8,
        }
        assert Counter(x.chooser for x in final.results if x.contract == "trumps") == {
            s: 2 for s in range(4)
        }
        for number, result in enumerate(final.results, start=1):
            assert result.dealer == r.dealer_for(number)
            assert result.chooser == r.next_seat(result.dealer)


@settings(max_examples=15, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**31), st.sampled_from(["counterclockwise", "clockwise"])
)
def test_any_seeded_match_keeps_the_family_invariants(seed: int, direction: str) -> None:
    r = rules(direction=direction)
    final = check_invariants(r, seed, views=False)
    assert len(final.results) == 20 and sum(final.totals) == 0
    assert Counter(x.contract for x in final.results) == {**{c: 2 for c in NEGATIVES}, "trumps": 8}
    trumps = Counter(x.chooser for x in final.results if x.contract == "trumps")
    assert trumps == {s: 2 for s in range(4)}


def duty_kept(before: State, card: Card) -> bool:
    """Whether a card played to a trick keeps the penalty duties, as the rules state them."""
    contract = before.contract
    if contract not in PENALTY or not before.trick:
        return True
    penalty = PENALTY[contract]
    hand = before.hand(before.to_move or 0).mask
    led = before.trick[0][1].suit
    assert led is not None
    in_suit = hand & SUIT_MASKS[led]
    if not in_suit:
        return not hand & penalty or bool(card.mask & penalty)
    if contract == "no_hearts":
        return True
    best = min((c for _, c in before.trick if c.suit is led), key=lambda c: c.index)
    below = sum(1 << i for i in range(best.index + 1, 13 * (led + 1)))
    owed = in_suit & penalty & below
    return not owed or bool(card.mask & owed)


PENALTY = {
    "no_hearts": SUIT_MASKS[Suit.HEARTS],
    "no_queens": RANK_MASKS[Rank.QUEEN],
    "no_kings_jacks": RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK],
    "no_king_of_hearts": Card.parse("KH").mask,
}


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from((*NEGATIVES, "trumps")),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
)
def test_random_deals_keep_the_duties_and_score_by_the_price_table(
    contract: str, dealer: int, seed: int
) -> None:
    rng = random.Random(seed)
    hands = shuffled_hands(rng, rules().deck)
    state = rules().new_deal(contract, hands, dealer=dealer)
    pick = random_policy(rng)
    while not state.is_over:
        move = pick(state, state.legal_moves())
        if isinstance(move, Play):
            assert duty_kept(state, move.card), (state.trick, move)
        state = state.apply(move)
    result = state.results[-1]
    assert result.points == expected_points(state)
    assert sum(result.points) == rules().contracts[contract].total


def test_a_match_through_play_and_records() -> None:
    r = rules()
    final = play_match(r, 6)
    again = kinglib.from_json(kinglib.to_json(final))
    assert again == final and again.totals == final.totals
    views = kinglib.play(r, [HeuristicBot() for _ in range(4)], seed=6)
    assert views.is_over and sum(views.totals) == 0


def test_a_match_from_given_deals_replays_from_its_record() -> None:
    deals = [SUITED[k:] + SUITED[:k] for k in range(4)] * 5 + [SUITED] * 0
    state = rules().new_match(deals=deals)
    assert state.phase is Phase.CHOOSE and state.hand(0) == kinglib.CardSet.parse(SUITED[0])
    final = play_out(state)
    assert len(final.results) == 20 and sum(final.totals) == 0
    assert kinglib.from_json(kinglib.to_json(final)) == final


def test_the_search_bot_plays_a_deal_from_its_view() -> None:
    state = rules().new_match(seed=9)
    bot = SearchBot(seed=1, worlds=4)
    for _ in range(8):
        move = bot.choose_move(state.view(state.to_move or 0))
        assert move in state.legal_moves()
        state = state.apply(move)
    world = state.view(1).sample(random.Random(2))
    assert world.view(1).to_dict() == state.view(1).to_dict()


# ------------------------------------------------------------------ the rules in words


def test_each_contract_says_what_it_counts_and_at_what_price() -> None:
    assert {cid: c.description for cid, c in rules().contracts.items()} == {
        "no_tricks": "50 a trick",
        "no_hearts": "30 a heart",
        "no_queens": "100 a queen",
        "no_kings_jacks": "60 a king or jack",
        "no_king_of_hearts": "320 for KH",
        "no_last_two": "180 for each of the last two tricks",
        "trumps": "50 a trick, with trumps",
    }


def test_the_declarer_leads_every_contract_and_trick_counters_have_no_penalty_cards() -> None:
    contracts = rules().contracts
    words = {cid: c.trick_rules.describe() for cid, c in contracts.items()}
    assert {cid: w[-1] for cid, w in words.items()} == dict.fromkeys(
        contracts, "the maker leads the first trick"
    )
    assert {cid: contracts[cid].trick_rules.leader for cid in contracts} == dict.fromkeys(
        contracts, "maker"
    )
    for cid in ("no_tricks", "no_last_two", "trumps"):
        assert words[cid] == ("the maker leads the first trick",)


@pytest.mark.parametrize("contract", ["no_tricks", "no_last_two"])
def test_a_void_player_discards_any_card_when_the_contract_counts_tricks(contract: str) -> None:
    """Dealer 0: seat 3 leads a club; seat 0, void, may keep the ace of spades."""
    state = play(deal_from_text(rules(), SUITED_DEAL, contract=contract), "AC 2D 2H")
    assert state.to_move == 0
    assert legal_cards(state) == "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = play(state, "2S")
    assert state.tricks[-1].winner == 3 and state.to_move == 3
