"""The heuristic bot against random bots in every variant, and its decisions in set positions.

**Strength.** For each variant (and scheme) one HeuristicBot plays against RandomBots on the
seeds below, its seat turning with the seed (seat = seed mod players; the random bot of seat
``i`` is seeded ``10 * seed + i``). The margin of a match is the heuristic bot's total minus
the mean total of the others. The figures measured when these tests were written, over the
twelve seeds 0-11 (ordered per_player: six seeds), mean margin and matches won:

==================  ===========  ======
case                mean margin  won
==================  ===========  ======
simple              +55.3        6/12
simple otygrysh     +97.8        10/12
simple plus_eralash +64.3        10/12
simple short        +47.9        10/12
three-hand          +72.1        10/12
three-hand otygrysh +176.6       11/12
three-hand parlett  +225.9       11/12
ordered per_player  +278.2       6/6 (seeds 0-5)
ordered shared      +65.3        9/12
ordered trumps      +40.0        7/12
atomic (3)          +397.9       12/12
atomic (4)          +310.4       12/12
domino              +10.7        8/12
jokers (4)          +108.4       10/12
jokers (3)          +113.6       11/12
bidding             +49.1        12/12
omnibus             +61.7        10/12
==================  ===========  ======

The thresholds asserted are well under those figures, and well over what a random bot gets
(a mean margin near 0 and a fair share of wins): the test fails if the bot plays no better
than chance. The heuristic bot must also win at least twice its fair share of the matches.
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import kinglib
from kinglib.players.bots import Bot, HeuristicBot, RandomBot
from kinglib.testing import HandBuilt, deal_from_text
from kinglib.values.cards import CardSet
from kinglib.values.moves import Bid, Choose, Discard, Pass, Play

#: case -> (variant, players, options, seeds, least mean margin)
CASES: dict[str, tuple[str, int | None, dict[str, Any], int, float]] = {
    "simple": ("simple", None, {}, 12, 20),
    "simple-otygrysh": ("simple", None, {"scheme": "otygrysh"}, 12, 40),
    "simple-plus_eralash": ("simple", None, {"scheme": "plus_eralash"}, 12, 25),
    "simple-short": ("simple", None, {"scheme": "short"}, 12, 20),
    "three-hand": ("three-hand", None, {}, 12, 30),
    "three-hand-otygrysh": ("three-hand", None, {"scheme": "otygrysh"}, 12, 70),
    "three-hand-parlett36": ("three-hand", None, {"scheme": "parlett36"}, 12, 90),
    # 56 deals a match: six seeds.
    "ordered": ("ordered", None, {}, 6, 100),
    "ordered-shared": ("ordered", None, {"pool": "shared"}, 12, 25),
    "ordered-trumps": ("ordered", None, {"trumps": True}, 12, 15),
    "atomic": ("atomic", 3, {}, 12, 150),
    "atomic-4": ("atomic", 4, {}, 12, 120),
    "domino": ("domino", None, {}, 12, 4),
    "jokers": ("jokers", 4, {}, 12, 40),
    "jokers-3": ("jokers", 3, {}, 12, 40),
    "bidding": ("bidding", None, {}, 12, 20),
    "omnibus": ("omnibus", None, {}, 12, 25),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_heuristic_bot_beats_random_bots(case: str) -> None:
    variant, players, options, seeds, least = CASES[case]
    rules = kinglib.load_rules(variant, players=players, **options)
    n = rules.players
    margins = []
    won = 0
    for seed in range(seeds):
        seat = seed % n
        bots: list[Bot] = [RandomBot(10 * seed + i) for i in range(n)]
        bots[seat] = HeuristicBot()
        final = kinglib.play(rules, bots, seed=seed)
        others = [t for s, t in enumerate(final.totals) if s != seat]
        margins.append(final.totals[seat] - statistics.mean(others))
        won += seat in final.winners
    assert statistics.mean(margins) >= least, margins
    assert won >= 2 * seeds / n, (won, margins)


# ----------------------------------------------------------------------------- positions


def play(state: kinglib.State, *moves: str) -> kinglib.State:
    for move in moves:
        state = state.apply(kinglib.parse_move(move, state))
    return state


def decide(state: kinglib.State) -> kinglib.Move:
    seat = state.to_move
    assert seat is not None
    return HeuristicBot().choose_move(state.view(seat))


JOKERS4_DEAL = """
    jokers dealer=3
    0: AH 9H 8H AS KS QS JS TS AD KD QD JD TD
    1: JK1 5H 4H AC KC QC JC TC 9C 8C 9D 8D 7D
    2: KH QH JH TH 7H 6H 9S 8S 7S 6S 6D 5D 4D
    3: 3H 2H 5S 4S 3S 2S 7C 6C 5C 4C 3C 3D 2D
"""
#: The hands of ``JOKERS4_DEAL``, seat 0 first.
JOKERS4 = list(HandBuilt.parse(JOKERS4_DEAL).hands)


def test_joker_goes_under_a_higher_heart() -> None:
    # Seat 0 leads A♥: the joker (between J♥ and 10♥) cannot win, and costs 20: it goes.
    state = play(deal_from_text(kinglib.load_rules("jokers"), JOKERS4_DEAL), "AH")
    assert decide(state) == Play(kinglib.Card.parse("JK1"))


def test_a_heart_that_could_never_lose_again_goes_before_the_joker() -> None:
    # Seat 2 holds K♥ under A♥: once A♥ is gone K♥ would win every heart trick, so it goes
    # first; the joker can still lose later under Q♥ or J♥.
    hands = [JOKERS4[0], JOKERS4[2], JOKERS4[1], JOKERS4[3]]
    state = play(kinglib.load_rules("jokers").new_deal("jokers", hands, dealer=3), "AH")
    assert state.to_move == 1
    assert decide(state) == Play(kinglib.Card.parse("KH"))


def test_joker_is_kept_when_void_in_a_plain_suit() -> None:
    # On a spade lead the joker would win the trick (-20 and the hearts on it). Void in
    # spades, the bot throws its highest plain card and keeps its hearts: they guard the
    # joker, which a heart lead would force out of a hand with no other heart. Measured over
    # 800 matches against the same bot otherwise: throwing the joker whenever void loses 15
    # points a match with four players and 37 with three; throwing the costliest heart here
    # instead loses 6 and 10.
    hands = [JOKERS4[0], JOKERS4[1], JOKERS4[3], JOKERS4[2]]
    state = play(kinglib.load_rules("jokers").new_deal("jokers", hands, dealer=3), "AS")
    assert state.to_move == 1
    assert decide(state) == Play(kinglib.Card.parse("AC"))


def test_second_joker_is_shed_since_it_loses() -> None:
    # Three players: of two jokers in one trick the first ranks higher, so seat 2's joker
    # loses to seat 1's and is given away.
    deal = """
        jokers dealer=2
        0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S JD TD 9D 8D
        1: JK1 AC KC QC JC TC 9C 8C 7C 6C 5C 4C 7D 6D 5D 4D 3D
        2: JK2 AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD
        kitty: 2D
    """
    rules = kinglib.load_rules("jokers", players=3)
    state = play(deal_from_text(rules, deal), "AS", "JK1")
    assert decide(state) == Play(kinglib.Card.parse("JK2"))


def bidding_hands(first: str) -> list[str]:
    """Four hands for bidding: ``first`` for seat 1 (the first to bid), the rest dealt out."""
    mine = CardSet.parse(first)
    rest = [c for c in kinglib.load_rules("bidding").deck if c not in mine]
    return [" ".join(str(c) for c in rest[i::3]) if i < 3 else "" for i in range(3)]


def bidding_state(first: str) -> kinglib.State:
    others = bidding_hands(first)
    hands = [others[0], first, others[1], others[2]]
    return kinglib.load_rules("bidding").new_deal("bidding", hands, dealer=0)


def test_bidder_bids_when_safe_in_a_suit() -> None:
    # High hearts would cost many points if hearts stayed the penalty suit; spades 2-5 can
    # win no spade trick: naming spades is worth more than the lowest bid.
    state = bidding_state("AH KH QH JH TH AD KD AC KC 5S 4S 3S 2S")
    assert decide(state) == Bid(1)
    won = play(state, "bid 1", "pass", "pass", "pass")
    assert decide(won) == kinglib.Declare("S")


def test_bidder_passes_when_no_suit_saves_anything() -> None:
    # Low cards everywhere: hearts is already as safe as any suit; a bid would only cost.
    state = bidding_state("6H 5H 4H 3H 2H 5D 4D 3D 2D 4C 3C 2C 6S")
    assert decide(state) == Pass()


ATOMIC_HANDS = """
    no_tricks dealer=0
    0: JS TS 9S 8S JH TH AD KD QD JD
    1: KS 7H 8H 9H 7D 8D 9D 7C 8C 9C
    2: QS 7S AH KH QH AC KC JC TC TD
    widow: AS QC
"""


def test_discard_in_a_penalty_game_throws_high_cards_and_empties_a_suit() -> None:
    rules = kinglib.load_rules("atomic")
    state = deal_from_text(rules, ATOMIC_HANDS)
    assert decide(state) == Discard(CardSet.parse("AS KS"))


def test_discard_in_a_trump_round_keeps_trumps_and_empties_a_side_suit() -> None:
    deal = """
        trumps dealer=0 trump=H
        0: QS JS TS 9S 8S 9H 8H 7H AD KD
        1: AH KH QH JH TH AS KS 7D 8C 9C
        2: QD JD TD 9D AC KC QC JC TC 7C
        widow: 7S 8D
    """
    rules = kinglib.load_rules("atomic")
    state = deal_from_text(rules, deal)
    assert decide(state) == Discard(CardSet.parse("8D 7D"))


def first_match(rules: kinglib.Rules, wanted: Any) -> kinglib.State:
    """The first new match (by seed) whose chooser's hand passes ``wanted(hand)``."""
    for seed in range(500):
        state = rules.new_match(seed=seed)
        seat = state.to_move
        assert seat is not None
        if wanted(state.hand(seat)):
            return state
    raise AssertionError("no such hand in 500 seeds")


def long_and_high(hand: CardSet) -> bool:
    """Five or more cards of one suit, headed by its ace, king and queen."""
    for suit in kinglib.Suit:
        cards = hand.of_suit(suit)
        ranks = {c.rank for c in cards}
        if len(cards) >= 5 and {kinglib.Rank.ACE, kinglib.Rank.KING, kinglib.Rank.QUEEN} <= ranks:
            return True
    return False


def low(hand: CardSet) -> bool:
    """No ace or king, and most cards nines or lower."""
    ranks = [c.rank for c in hand if c.rank is not None]
    return max(ranks) < kinglib.Rank.KING and 2 * sum(r <= 9 for r in ranks) > len(ranks)


@pytest.mark.parametrize(("variant", "options"), [("atomic", {}), ("ordered", {"trumps": True})])
def test_chooser_orders_a_trump_round_with_long_high_trumps(
    variant: str, options: dict[str, Any]
) -> None:
    state = first_match(kinglib.load_rules(variant, **options), long_and_high)
    assert decide(state) == Choose("trumps")


@pytest.mark.parametrize(("variant", "options"), [("atomic", {}), ("ordered", {"pool": "shared"})])
def test_chooser_takes_a_penalty_game_with_a_low_hand(
    variant: str, options: dict[str, Any]
) -> None:
    rules = kinglib.load_rules(variant, **options)
    state = first_match(rules, low)
    choice = decide(state)
    assert isinstance(choice, Choose)
    assert rules.contracts[choice.contract].sign < 0
