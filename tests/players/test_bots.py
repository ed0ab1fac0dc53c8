"""Bots: they see only views, always move legally, and the heuristic bot plays sensibly."""

from __future__ import annotations

import random
import statistics
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import (
    Bid,
    Card,
    CardSet,
    Choose,
    Declare,
    Discard,
    Keep,
    Pass,
    Phase,
    Play,
    Sell,
    Suit,
)
from kinglib.engine.view import View
from kinglib.players.bots import Bot, HeuristicBot, RandomBot, bot_name
from kinglib.testing import deal_from_text

SIMPLE = kinglib.load_rules("simple")

# Four hands for the 32-card pack; seat 0 leads when seat 3 deals.
HANDS = """
    no_tricks dealer=3
    0: KS 8S AH 7H AD 7D AC 7C
    1: AS QS 9S 7S 8H 8D 8C 9C
    2: JS TS KH QH 9D TD TC JC
    3: JH TH 9H KD QD JD QC KC
"""


def deal(contract: str, **kw: Any) -> kinglib.State:
    """The deal of ``HANDS`` in ``contract``."""
    return deal_from_text(SIMPLE, HANDS, contract=contract, **kw)


def after(state: kinglib.State, *cards: str) -> kinglib.State:
    for text in cards:
        state = state.apply(Play(Card.parse(text)))
    return state


def choice(state: kinglib.State, bot: Bot | None = None) -> kinglib.Move:
    seat = state.to_move
    assert seat is not None
    return (bot or HeuristicBot()).choose_move(state.view(seat))


def test_bots_satisfy_the_protocol_and_have_names() -> None:
    assert isinstance(RandomBot(1), Bot)
    assert isinstance(HeuristicBot(), Bot)
    assert bot_name(HeuristicBot()) == "heuristic"
    assert bot_name(RandomBot(3, name="r3")) == "r3"

    class Plain:
        def choose_move(self, view: View) -> kinglib.Move:
            return view.legal_moves[0]

    assert bot_name(Plain()) == "Plain"


def test_random_bot_is_uniform_and_reproducible() -> None:
    state = deal("no_tricks")
    view = state.view(0)
    picks = [RandomBot(seed=s).choose_move(view) for s in range(400)]
    assert set(picks) == set(view.legal_moves)
    counts = [picks.count(m) for m in view.legal_moves]
    assert min(counts) > 400 / len(counts) / 2
    a, b = RandomBot(seed=9), RandomBot(seed=9)
    assert [a.choose_move(view) for _ in range(20)] == [b.choose_move(view) for _ in range(20)]


def test_a_bot_without_a_turn_refuses() -> None:
    view = deal("no_tricks").view(1)
    for bot in (RandomBot(0), HeuristicBot()):
        with pytest.raises(ValueError, match="not its turn"):
            bot.choose_move(view)


def _reaches_state(value: Any, depth: int = 0) -> bool:
    if isinstance(value, kinglib.State):
        return True
    if depth > 3 or isinstance(value, (str, int, Card, CardSet, kinglib.Rules)):
        return False
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        return any(_reaches_state(getattr(value, f.name), depth + 1) for f in fields)
    if isinstance(value, dict):
        return any(_reaches_state(v, depth + 1) for v in value.values())
    if isinstance(value, (tuple, list)):
        return any(_reaches_state(v, depth + 1) for v in value)
    return False


def test_bots_receive_only_views_that_hide_other_hands() -> None:
    seen: list[View] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = HeuristicBot()

        def choose_move(self, view: View) -> kinglib.Move:
            seen.append(view)
            return self.inner.choose_move(view)

    final = kinglib.play(SIMPLE, [Spy(), Spy(), Spy(), Spy()], seed=5)
    assert final.is_over and seen
    for view in seen[:200]:
        assert type(view) is View
        assert not _reaches_state(view)
        assert not any(isinstance(v, kinglib.State) for v in vars(view.rules).values())
        public = CardSet.from_mask(0)
        for t in view.tricks:
            public = public | t.cards
        for _, card in view.trick:
            public = public | CardSet([card])
        assert view.seen_cards == view.hand | public


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), trump=st.sampled_from([*Suit, "notrump", "misere"]))
def test_heuristic_moves_are_always_legal_in_trump_rounds(seed: int, trump: Any) -> None:
    hands = SIMPLE.deal(0, random.Random(seed)).hands
    state = SIMPLE.new_deal("trumps", [str(h) for h in hands], dealer=seed % 4, trump=trump)
    bot = HeuristicBot()
    while not state.is_over:
        move = choice(state, bot)
        assert state.is_legal(move)
        state = state.apply(move)
    assert sum(state.totals) == 24


# ----------------------------------------------------------------------------- negative play


def test_ducks_under_the_winning_card() -> None:
    state = after(deal("no_tricks"), "KS")
    assert choice(state) == Play(Card.parse("QS"))  # the highest spade that loses to KS


def test_takes_with_the_highest_card_when_the_trick_is_lost_anyway() -> None:
    # Seat 3 plays last to a club trick it must win: it spends its highest club.
    state = after(deal("no_tricks"), "7C", "8C", "TC")
    assert state.to_move == 3
    assert choice(state) == Play(Card.parse("KC"))


def test_sheds_the_costliest_card_when_void() -> None:
    # no_girls: spades led, seat 3 has none and throws a queen.
    state = after(deal("no_girls"), "8S", "AS", "JS")
    assert choice(state).card.rank is kinglib.Rank.QUEEN  # type: ignore[union-attr]


def test_leads_where_others_hold_higher_cards() -> None:
    view_move = choice(deal("no_tricks"))
    assert isinstance(view_move, Play)
    assert view_move.card.rank is kinglib.Rank.SEVEN  # never an ace: it would surely win


def test_spends_high_cards_on_tricks_that_cost_nothing() -> None:
    # no_last_two: the first trick costs nothing, so the leader plays an ace.
    move = choice(deal("no_last_two"))
    assert isinstance(move, Play) and move.card.rank is kinglib.Rank.ACE


# ----------------------------------------------------------------------------- positive play


def test_wins_cheaply_when_last() -> None:
    state = after(deal("tricks"), "7C", "8C", "TC")
    assert choice(state) == Play(Card.parse("QC"))  # the cheapest club above TC


def test_leads_a_master_in_a_positive_game() -> None:
    move = choice(deal("tricks"))
    assert isinstance(move, Play) and move.card.rank is kinglib.Rank.ACE


def test_throws_low_when_it_cannot_win() -> None:
    state = after(deal("tricks"), "AC", "8C")
    assert choice(state) == Play(Card.parse("TC"))


def test_trumps_a_void_suit_with_the_lowest_winning_trump() -> None:
    # Hearts are trumps; seat 3 has no spade and plays last: its lowest trump wins.
    state = after(deal("trumps", trump=Suit.HEARTS), "8S", "AS", "TS")
    assert choice(state) == Play(Card.parse("9H"))


def test_wins_with_its_highest_card_when_others_are_still_to_play() -> None:
    state = after(deal("trumps", trump=Suit.HEARTS), "KS")
    assert choice(state) == Play(Card.parse("AS"))


# ----------------------------------------------------------------------------- other phases


def view_of(phase: Phase, moves: tuple[kinglib.Move, ...], hand: str, **kw: Any) -> View:
    base: dict[str, Any] = dict(
        seat=0,
        variant="simple",
        players=4,
        deal_number=1,
        dealer=3,
        phase=phase,
        to_move=0,
        contract=None,
        trump=None,
        maker=None,
        hand=CardSet.parse(hand),
        legal_moves=moves,
        trick=(),
        tricks=(),
        hand_sizes=(8, 8, 8, 8),
        pile_sizes={},
        piles={},
        totals=(0, 0, 0, 0),
        results=(),
        rules=SIMPLE,
    )
    base.update(kw)
    return View(**base)


STRONG = "AS KS QS JS AH KH AD AC"
WEAK = "7S 8S 7H 8H 7D 8D 7C 8C"  # takes nothing, except at misère, where it takes all
MIDDLE = "9S TS 9H TH 9D TD 9C TC"  # takes little whatever the trump


def test_chooses_a_contract_that_suits_the_hand() -> None:
    moves = (Choose("no_tricks"), Choose("tricks"), Choose("no_king"), Choose("trumps"))
    bot = HeuristicBot()
    middle = bot.choose_move(view_of(Phase.CHOOSE, moves, MIDDLE))
    assert middle in (Choose("no_tricks"), Choose("no_king"))
    # A trump round chosen with the hand seen is played in a suit (or notrump), never at
    # misère (ordered mode): low cards take nothing there, so they choose to
    # take nothing in a penalty game.
    ordered = kinglib.load_rules("ordered", trumps=True)
    weak = view_of(Phase.CHOOSE, moves, WEAK, rules=ordered, variant="ordered")
    assert bot.choose_move(weak) in (Choose("no_tricks"), Choose("no_king"))
    strong = bot.choose_move(view_of(Phase.CHOOSE, moves, STRONG))
    assert strong in (Choose("tricks"), Choose("trumps"))


def test_declares_its_longest_strongest_suit() -> None:
    moves = (*(Declare(s) for s in Suit), Declare("notrump"), Declare("misere"))
    hand = "AS KS QS JS TS 7H 8D 7C"
    view = view_of(Phase.DECLARE, moves, hand, contract="trumps")
    assert HeuristicBot().choose_move(view) == Declare(Suit.SPADES)
    view = view_of(Phase.DECLARE, moves, WEAK, contract="trumps")
    assert HeuristicBot().choose_move(view) == Declare("misere")


def test_names_a_penalty_suit_it_will_not_take() -> None:
    moves = tuple(Declare(s) for s in Suit)
    hand = "AH KH QH JH 7S 8S 7C 8D"
    view = view_of(Phase.DECLARE, moves, hand, contract="no_hearts")
    move = HeuristicBot().choose_move(view)
    assert isinstance(move, Declare) and move.trump is not Suit.HEARTS


def test_bids_with_a_strong_hand_and_passes_with_a_weak_one() -> None:
    moves = (Pass(), Bid(1), Bid(2), Bid(3))
    bot = HeuristicBot()
    assert bot.choose_move(view_of(Phase.BID, moves, STRONG, contract="trumps")) == Bid(1)
    assert bot.choose_move(view_of(Phase.BID, moves, MIDDLE, contract="trumps")) == Pass()
    # Without a pass, the lowest bid.
    assert bot.choose_move(view_of(Phase.BID, moves[1:], MIDDLE, contract="trumps")) == Bid(1)


def test_sells_a_weak_hand_and_keeps_a_strong_one() -> None:
    moves = (Sell(), Keep(), Declare("raspis"))
    bot = HeuristicBot()
    weak = view_of(
        Phase.ANSWER, moves, MIDDLE, contract="trumps", trump=Suit.CLUBS, extra={"best_offer": 4}
    )
    assert bot.choose_move(weak) == Sell()
    strong = view_of(
        Phase.ANSWER, moves, STRONG, contract="trumps", trump=Suit.SPADES, extra={"best_offer": 1}
    )
    assert bot.choose_move(strong) == Keep()


def test_discards_high_cards_that_score_nothing() -> None:
    hand = "AS KS 7S AH 7H QD 7D 8C"
    moves = tuple(
        Discard(CardSet([a, b]))
        for i, a in enumerate(CardSet.parse(hand))
        for b in list(CardSet.parse(hand))[i + 1 :]
        if a.rank is not kinglib.Rank.QUEEN and b.rank is not kinglib.Rank.QUEEN
    )
    view = view_of(Phase.DISCARD, moves, hand, contract="no_girls")
    assert HeuristicBot().choose_move(view) == Discard(CardSet.parse("AS AH"))
    view = view_of(Phase.DISCARD, moves, hand, contract="trumps", trump=Suit.SPADES)
    discard = HeuristicBot().choose_move(view)
    assert isinstance(discard, Discard)
    assert not discard.cards & CardSet.parse("AS KS 7S")  # never a trump
    assert all(c.rank is not None and c.rank <= 8 for c in discard.cards)


# ----------------------------------------------------------------------------- strength


def test_heuristic_bot_clearly_beats_random_bots() -> None:
    """One heuristic bot against three random bots over 40 matches of simple (fixed seeds).

    The heuristic seat averages about +35 a match and the random seats about -12. A seat
    of random play averages 0 with a standard error near 6 over 40 matches, so requiring a
    mean above +20 and a lead of 25 over every random seat cannot be met by chance.
    """

    def lineup(seed: int) -> list[Bot]:
        return [HeuristicBot(), RandomBot(seed + 1), RandomBot(seed + 2), RandomBot(seed + 3)]

    summary = kinglib.simulate(SIMPLE, 40, seed=2026, bots=lineup)
    heuristic, randoms = summary.mean[0], summary.mean[1:]
    assert heuristic > 20, summary
    assert heuristic - max(randoms) > 25, summary
    assert statistics.fmean(randoms) < 0
    assert summary.wins[0] >= 20, summary


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_heuristic_bots_finish_a_match_of_every_variant(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    bots: list[Bot] = [HeuristicBot() if s % 2 == 0 else RandomBot(s) for s in range(rules.players)]
    final = kinglib.play(rules, bots, seed=17)  # an illegal move would raise
    assert final.is_over and final.results


def test_reads_offers_from_seat_offer_pairs_in_the_extras() -> None:
    moves = (Sell(), Keep())
    offers = ((1, 2), (2, "pass"), (3, 5))  # seats 1 to 3; the best offer is 5 tricks
    view = view_of(
        Phase.ANSWER, moves, MIDDLE, contract="trumps", extra={"declaration": "C", "offers": offers}
    )
    assert HeuristicBot().choose_move(view) == Sell()
    view = view_of(
        Phase.ANSWER, moves, STRONG, contract="trumps", extra={"declaration": "S", "offers": offers}
    )
    assert HeuristicBot().choose_move(view) == Keep()  # seven tricks or so beat five


def test_an_offer_is_the_second_item_of_a_seat_offer_pair() -> None:
    from kinglib.players.heuristic import _best_offer

    assert _best_offer([((3, 1), (2, "pass"))]) == 1
    assert _best_offer([{"buyer": 3, "seller": 0, "tricks": 2}]) == 2
    assert _best_offer([Bid(4), 2]) == 4
    assert _best_offer([((1, "pass"),)]) is None


def test_declares_from_three_cards_the_suit_it_holds() -> None:
    moves = (*(Declare(s) for s in Suit), Declare("notrump"), Declare("last"), Declare("raspis"))
    view = view_of(Phase.DECLARE, moves, "KH 9H QD", contract="trumps")
    assert HeuristicBot().choose_move(view) == Declare(Suit.HEARTS)
    view = view_of(Phase.DECLARE, moves, "9S TH JC", contract="trumps")
    assert HeuristicBot().choose_move(view) == Declare("raspis")  # nothing worth a trump
