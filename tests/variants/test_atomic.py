"""atomic: the blind choice, the widow, the discard, quotas, prices."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import (
    CardSet,
    Choose,
    Declare,
    Discard,
    IllegalMoveError,
    Phase,
    Play,
    RulesError,
    Suit,
)
from kinglib.engine.match_end import MatchEnd
from kinglib.kit.widow import DiscardCards, WidowShown, widow_of
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import HandBuilt, deal_from_text, play_out
from kinglib.values.schedule import Schedule
from kinglib_variants import atomic
from kinglib_variants.atomic import GAMES
from tests.support import (
    check_chosen_state,
    check_deal_totals,
    first_choice,
    last_choice,
    play_match,
    random_policy,
)

# Seat 1 (eldest, dealer 0) is the declarer; he holds a card of every scoring kind.
MIXED_DEAL = """
    trumps dealer=0
    0: AS KS QS JS TS 9S 8S 7S 9C 8C
    1: AH KH QH JH TH 9H QD JD KD AD
    2: 8H 7H TD 9D 8D 7D AC KC QC JC
    widow: TC 7C
"""
#: The hands of ``MIXED_DEAL``, seat 0 first.
MIXED = list(HandBuilt.parse(MIXED_DEAL).hands)
MIXED_WIDOW = dict(HandBuilt.parse(MIXED_DEAL).piles)["widow"]
# Each seat holds one whole suit: seat 1 spades and two clubs, seat 2 diamonds, seat 0 hearts.
SUITED_DEAL = """
    no_hearts dealer=0
    0: AH KH QH JH TH 9H 8H 7H TC 9C
    1: AS KS QS JS TS 9S 8S 7S AC KC
    2: AD KD QD JD TD 9D 8D 7D QC JC
    widow: 8C 7C
"""
#: The hands of ``SUITED_DEAL``, seat 0 first.
SUITED = list(HandBuilt.parse(SUITED_DEAL).hands)
SUITED_WIDOW = dict(HandBuilt.parse(SUITED_DEAL).piles)["widow"]


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("atomic", **options)  # type: ignore[arg-type]


def pairs(mask: CardSet) -> list[Discard]:
    return [Discard(CardSet([a, b])) for a, b in itertools.combinations(mask, 2)]


# ------------------------------------------------------------------ the catalogue


def test_prices_make_every_game_forty_and_a_trump_round_eighty() -> None:
    for boys in ("jacks+kings", "jacks"):
        contracts = rules(boys=boys).contracts
        assert set(contracts) == {*GAMES, "trumps"}
        for game in GAMES:
            assert contracts[game].total == -40, game
        assert contracts["trumps"].total == 80
        assert contracts["trumps"].trick_values == (8,) * 10
    assert rules().contracts["no_boys"].price_of(kinglib.Card.parse("KS")) == -5
    assert rules(boys="jacks").contracts["no_boys"].price_of(kinglib.Card.parse("JS")) == -10
    assert rules(boys="jacks").contracts["no_boys"].price_of(kinglib.Card.parse("KS")) == 0
    with pytest.raises(RulesError, match="boys"):
        rules(boys="kings")
    with pytest.raises(RulesError, match="3, 4"):
        kinglib.load_rules("atomic", players=5)


# ------------------------------------------------------------------ discarding


CONTRACTS = ["no_hearts", "no_boys", "no_girls", "no_king", "no_tricks", "no_last_two"]


@pytest.mark.parametrize("boys", ["jacks+kings", "jacks"])
@pytest.mark.parametrize("contract", CONTRACTS)
def test_discard_restriction_per_contract(contract: str, boys: str) -> None:
    state = deal_from_text(rules(boys=boys), MIXED_DEAL, contract=contract)
    assert state.phase is Phase.DISCARD and state.to_move == 1
    hand = state.hand(1)
    assert hand == CardSet.parse(MIXED[1]) | CardSet.parse(MIXED_WIDOW)
    allowed = _allowed_for(contract, boys, hand)
    assert list(state.legal_moves()) == pairs(allowed)
    forbidden = hand - allowed
    assert bool(forbidden) == (contract not in ("no_tricks", "no_last_two"))
    other = next(iter(allowed))
    for card in forbidden:
        with pytest.raises(IllegalMoveError, match=f"{card} scores in {contract}"):
            state.apply(Discard(CardSet([card, other])))
        assert state.hand(1) == hand and state.phase is Phase.DISCARD


def _allowed_for(contract: str, boys: str, hand: CardSet) -> CardSet:
    forbidden = {
        "no_hearts": CardSet.parse("AH KH QH JH TH 9H 8H 7H"),
        "no_boys": CardSet.parse("JS JH JD JC" if boys == "jacks" else "KS JS KH JH KD JD KC JC"),
        "no_girls": CardSet.parse("QS QH QD QC"),
        "no_king": CardSet.parse("KH"),
    }.get(contract, CardSet())
    return hand - forbidden


def test_discard_restriction_exact_sets() -> None:
    # seat 1 holds AH KH QH JH TH 9H QD JD KD AD; the widow TC 7C
    state = deal_from_text(rules(), MIXED_DEAL, contract="no_boys")
    allowed = CardSet.parse("AH QH TH 9H QD AD TC 7C")
    assert list(state.legal_moves()) == pairs(allowed)
    assert len(state.legal_moves()) == 28
    jacks = deal_from_text(rules(boys="jacks"), MIXED_DEAL, contract="no_boys")
    assert Discard("KH KD") in jacks.legal_moves()
    assert Discard("JH KD") not in jacks.legal_moves()
    with pytest.raises(IllegalMoveError, match="JH scores in no_boys"):
        jacks.apply(Discard("JH KD"))
    hearts = deal_from_text(rules(), MIXED_DEAL, contract="no_hearts")
    assert list(hearts.legal_moves()) == pairs(CardSet.parse("QD JD KD AD TC 7C"))
    with pytest.raises(IllegalMoveError, match="AH KH score in no_hearts"):
        hearts.apply(Discard("AH KH"))
    king = deal_from_text(rules(), MIXED_DEAL, contract="no_king")
    assert len(king.legal_moves()) == 55  # 11 cards but KH
    with pytest.raises(IllegalMoveError, match="KH scores in no_king"):
        king.apply(Discard("KH AH"))
    girls = deal_from_text(rules(), MIXED_DEAL, contract="no_girls")
    with pytest.raises(IllegalMoveError, match="QD scores in no_girls"):
        girls.apply(Discard("QD AD"))
    for free in ("no_tricks", "no_last_two"):
        state = deal_from_text(rules(), MIXED_DEAL, contract=free)
        assert len(state.legal_moves()) == 66
    trumps = deal_from_text(rules(), MIXED_DEAL, trump="S")
    assert trumps.phase is Phase.DISCARD and len(trumps.legal_moves()) == 66


def test_bad_discards_are_refused_with_reasons() -> None:
    state = deal_from_text(rules(), MIXED_DEAL, contract="no_tricks")
    with pytest.raises(IllegalMoveError, match="exactly 2 cards, not 1"):
        state.apply(Discard("AH"))
    with pytest.raises(IllegalMoveError, match="exactly 2 cards, not 3"):
        state.apply(Discard("AH KH QH"))
    with pytest.raises(IllegalMoveError, match="does not hold AS"):
        state.apply(Discard("AS AH"))
    with pytest.raises(IllegalMoveError, match="discard two cards"):
        state.apply(Play(kinglib.Card.parse("AH")))


# ------------------------------------------------------------------ the widow


def test_widow_hidden_until_the_trump_is_named_then_public() -> None:
    state = deal_from_text(rules(), MIXED_DEAL)
    widow = CardSet.parse(MIXED_WIDOW)
    assert state.phase is Phase.DECLARE and state.to_move == 1
    assert len(state.hand(1)) == 10
    assert state.legal_moves() == tuple(Declare(s) for s in Suit)
    with pytest.raises(IllegalMoveError, match="notrump may not be ordered"):
        state.apply(Declare("notrump"))
    for seat in range(3):
        view = state.view(seat)
        assert "widow" not in view.piles and "widow" not in view.extra
        assert not view.seen_cards & widow
        assert view.pile_sizes["widow"] == 2
    state = state.apply(Declare("D"))
    assert state.phase is Phase.DISCARD and state.trump is Suit.DIAMONDS and state.maker == 1
    for seat in range(3):
        view = state.view(seat)
        assert view.extra["widow"] == widow
        assert widow <= view.seen_cards
        assert view.extra["declarer"] == 1
    state = state.apply(Discard("AH KH"))
    assert state.phase is Phase.PLAY and state.to_move == 1
    for seat in range(3):
        view = state.view(seat)
        assert view.extra["widow"] == widow
        if seat == 1:
            assert view.piles["discard"] == CardSet.parse("AH KH")
        else:
            assert "discard" not in view.piles
            assert not view.seen_cards & CardSet.parse("AH KH")
    final = play_out(state)
    assert final.results[0].detail("widow") == widow
    assert final.results[0].trump is Suit.DIAMONDS and final.results[0].chooser == 1


def test_shown_cards_invariant_is_the_widow_once_shown() -> None:
    """The declared shown cards: nothing while the widow lies hidden, then its two cards."""
    r = rules()
    shown = invariants_of(r).shown_cards
    widow = CardSet.parse(MIXED_WIDOW)
    hidden = deal_from_text(r, MIXED_DEAL)
    assert hidden.phase is Phase.DECLARE
    assert [shown(hidden, seat) for seat in range(3)] == [CardSet()] * 3
    declared = hidden.apply(Declare("D"))
    assert [shown(declared, seat) for seat in range(3)] == [widow] * 3
    # after the discard the widow is still shown: its cards are in the declarer's hand
    discarded = declared.apply(Discard("AH KH"))
    assert [shown(discarded, seat) for seat in range(3)] == [widow] * 3


def test_notrump_option() -> None:
    state = deal_from_text(rules(notrump=True), MIXED_DEAL)
    assert Declare("notrump") in state.legal_moves()
    assert state.apply(Declare("notrump")).trump == "notrump"
    with pytest.raises(RulesError, match="notrump may not be ordered"):
        deal_from_text(rules(), MIXED_DEAL, trump="notrump")
    with pytest.raises(RulesError, match="misere may not be ordered"):
        deal_from_text(rules(notrump=True), MIXED_DEAL, trump="misere")
    with pytest.raises(RulesError, match="no_hearts is not a trump round"):
        deal_from_text(rules(), MIXED_DEAL, contract="no_hearts", trump="S")


# ------------------------------------------------------------------ whole deals


def test_no_hearts_declarer_takes_every_heart() -> None:
    state = deal_from_text(rules(), SUITED_DEAL)
    state = state.apply(Discard("AC KC"))
    assert state.pile("discard") == CardSet.parse("AC KC")
    final = play_out(state)
    # seat 1 leads his spades: seat 2 throws diamonds, seat 0 hearts (first legal)
    result = final.results[0]
    assert result.points == (0, -40, 0)
    assert result.ended_early and result.unplayed == CardSet.parse("8C 7C QC JC TC 9C")
    assert final.pile("discard") == CardSet.parse("AC KC")


def test_discarded_cards_score_for_nobody() -> None:
    # seat 1 discards the two clubs of the widow; his spades win all eight tricks, then
    # AC and KC win the last two: in no_last_two he pays both, the discard is nobody's
    state = deal_from_text(rules(), SUITED_DEAL, contract="no_last_two")
    state = state.apply(Discard("8C 7C"))
    final = play_out(state)
    assert final.results[0].points == (0, -40, 0)
    assert final.taken(1) | final.taken(0) | final.taken(2) == final.rules.deck - CardSet.parse(
        "8C 7C"
    )


def test_trump_round_eight_a_trick() -> None:
    # seat 1 orders hearts but holds none: seat 0's hearts trump his spades
    state = deal_from_text(rules(), SUITED_DEAL, contract="trumps", trump="H")
    state = state.apply(Discard("8C 7C"))
    final = play_out(state)
    result = final.results[0]
    # AS AD AH: seat 0 must trump; not being the maker he leads clubs while he has them
    # (TC, AC wins; 9C, KC wins); seat 0 trumps KS and QS, then leads his last hearts
    assert [t.winner for t in final.tricks] == [0, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    assert result.points == (64, 16, 0)


def test_four_players_dealer_sits_out() -> None:
    r = kinglib.load_rules("atomic", players=4)
    hands = ["", SUITED[1], SUITED[2], SUITED[0]]
    state = r.new_deal("no_hearts", hands, dealer=0, widow=SUITED_WIDOW)
    assert state.to_move == 1 and state.phase is Phase.DISCARD
    state = state.apply(Discard("AC KC"))
    seen = set()
    while not state.is_over:
        seen.add(state.to_move)
        state = state.apply(state.legal_moves()[0])
    assert 0 not in seen
    assert state.results[0].points == (0, -40, 0, 0)
    with pytest.raises(RulesError, match="seat 0 holds 10 cards"):
        r.new_deal("no_hearts", [SUITED[0], SUITED[1], SUITED[2], ""], widow=SUITED_WIDOW)


def test_four_player_match_dealer_never_moves_and_scores_zero() -> None:
    r = kinglib.load_rules("atomic", players=4)
    state = r.new_match(3)
    rng = random.Random(3)
    while not state.is_over:
        assert state.to_move != state.dealer
        assert not state.hands_mask[state.dealer]
        state = state.apply(rng.choice(state.legal_moves()))
    assert len(state.results) == 36
    for result in state.results:
        assert result.points[result.dealer] == 0
        assert result.chooser == (result.dealer + 1) % 4


# ------------------------------------------------------------------ choosing


def test_blind_choice_happens_before_the_widow() -> None:
    state = rules().new_match(5)
    assert state.phase is Phase.CHOOSE and state.to_move == 1
    assert state.legal_moves() == tuple(Choose(c) for c in (*GAMES, "trumps"))
    assert len(state.hand(1)) == 10 and len(state.pile("widow")) == 2
    for seat in range(3):
        assert not state.view(seat).seen_cards & state.pile("widow")
    widow = state.pile("widow")
    after = state.apply(Choose("no_girls"))
    assert after.phase is Phase.DISCARD and after.contract == "no_girls"
    assert widow <= after.hand(1) and not after.pile("widow")
    assert after.view(2).extra["widow"] == widow
    with pytest.raises(IllegalMoveError, match="not one of the contracts"):
        state.apply(Choose("eralash"))
    with pytest.raises(IllegalMoveError, match="contract of the deal is being chosen"):
        state.apply(Play(next(iter(state.hand(1)))))


def test_quotas_forcing_and_refusal_games_first() -> None:
    # choosing the earliest game each time: six games, then trumps three times, forced
    final = play_match(rules(), 11, first_choice, check=check_deal_totals)
    assert len(final.results) == 27
    by_seat: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for result in final.results:
        assert result.chooser is not None
        by_seat[result.chooser].append(result.contract)
    for seat, chosen in by_seat.items():
        assert chosen == [*GAMES, "trumps", "trumps", "trumps"], seat


def test_forced_trumps_and_used_games_refused() -> None:
    r = rules()
    state = r.new_match(2)
    # deal 19 is seat 1's seventh turn: with the six games used only trumps remain
    while state.deal_number < 19 or state.phase is not Phase.CHOOSE:
        state = state.apply(state.legal_moves()[0])
    assert state.to_move == 1
    assert state.legal_moves() == (Choose("trumps"),)
    with pytest.raises(IllegalMoveError, match="already chosen no_tricks once"):
        state.apply(Choose("no_tricks"))


def test_trumps_refused_after_three() -> None:
    state = rules().new_match(4)
    while state.deal_number < 10 or state.phase is not Phase.CHOOSE:
        moves = state.legal_moves()
        state = state.apply(moves[-1] if state.phase is Phase.CHOOSE else moves[0])
    # seat 1 ordered trumps at deals 1, 4 and 7
    assert [r.contract for r in state.results if r.chooser == 1] == ["trumps"] * 3
    assert state.to_move == 1
    assert Choose("trumps") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="already chosen trumps 3 times"):
        state.apply(Choose("trumps"))
    assert state.legal_moves() == tuple(Choose(g) for g in GAMES)


def test_trumps_first_policy_counts() -> None:
    final = play_match(rules(), 12, last_choice, check=check_deal_totals)
    counts = Counter((r.chooser, r.contract) for r in final.results)
    for seat in range(3):
        assert counts[(seat, "trumps")] == 3
        for game in GAMES:
            assert counts[(seat, game)] == 1


# ------------------------------------------------------------------ properties


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]))
def test_random_matches_keep_the_invariants(seed: int, players: int) -> None:
    r = kinglib.load_rules("atomic", players=players, notrump=bool(seed % 2))
    final = play_match(r, seed, random_policy(random.Random(seed)), check=check_chosen_state)
    assert len(final.results) == 9 * players
    assert sum(final.totals) == 0
    for result in final.results:
        assert result.total == (80 if result.contract == "trumps" else -40)
    counts = Counter((r.chooser, r.contract) for r in final.results)
    assert all(counts[(s, "trumps")] == 3 for s in range(players))
    assert all(counts[(s, g)] == 1 for s in range(players) for g in GAMES)
    replay = r.new_match(seed)
    for move in final.moves:
        replay = replay.apply(move)
    assert replay == final


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32))
def test_zero_sum_per_player(seed: int) -> None:
    r = rules(boys="jacks")
    final = play_match(r, seed, random_policy(random.Random(seed)), check=check_deal_totals)
    per_seat = Counter[int]()
    for result in final.results:
        assert result.chooser is not None
        per_seat[result.chooser] += result.total
    assert all(per_seat[s] == 0 for s in range(3))
    assert sum(final.totals) == 0


def test_widow_of_tells_the_widow_once_it_is_shown() -> None:
    state = deal_from_text(rules(), MIXED_DEAL)
    assert widow_of(state) is None  # still face down while the trump is named
    shown = state.apply(Declare("D"))
    assert widow_of(shown) == CardSet.parse(MIXED_WIDOW)
    assert widow_of(shown.apply(Discard("AH KH"))) == CardSet.parse(MIXED_WIDOW)


def test_the_discard_phase_says_why_word_for_word() -> None:
    # Seat 1 has taken the widow of a no_hearts deal: hearts score, the rest may go.
    state = deal_from_text(rules(), MIXED_DEAL, contract="no_hearts")
    assert state.phase is Phase.DISCARD and state.to_move == 1
    phase = DiscardCards()
    assert phase.count == 2
    assert phase.allowed_mask(state) == CardSet.parse("QD JD KD AD TC 7C").mask
    assert phase.why_illegal(state, Discard("AD TC")) is None
    assert phase.why_illegal(state, Discard("AD")) == (
        "the declarer discards exactly 2 cards, not 1"
    )
    assert phase.why_illegal(state, Discard("AS AD")) == "seat 1 does not hold AS"
    assert phase.why_illegal(state, Discard("AH AD")) == (
        "AH scores in no_hearts and may not be discarded"
    )
    assert phase.why_illegal(state, Discard("AH KH")) == (
        "AH KH score in no_hearts and may not be discarded"
    )
    ace = Play(kinglib.Card.parse("AD"))
    words = {1: "one card", 2: "two cards", 3: "three cards", 4: "four cards", 5: "5 cards"}
    for count, what in words.items():
        assert DiscardCards(count).why_illegal(state, ace) == (
            f"the declarer must discard {what}, not AD"
        )
    assert DiscardCards(1).legal_moves(state) == tuple(
        Discard(c) for c in ("AD", "KD", "QD", "JD", "TC", "7C")
    )
    assert len(DiscardCards(3).legal_moves(state)) == 20
    assert Discard("KD QD JD") in DiscardCards(3).legal_moves(state)


def test_a_given_trump_follows_the_notrump_option_word_for_word() -> None:
    """A hand-built trump round may come with notrump only when the option allows it."""
    state = deal_from_text(rules(notrump=True), MIXED_DEAL, trump="notrump")
    assert state.phase is Phase.DISCARD and state.to_move == 1 and state.maker == 1
    assert state.trump == "notrump"
    assert state.hand(1) == CardSet.parse(MIXED[1]) | CardSet.parse(MIXED_WIDOW)
    with pytest.raises(RulesError) as refused:
        deal_from_text(rules(), MIXED_DEAL, trump="notrump")
    assert str(refused.value) == "notrump may not be ordered in atomic (allowed: S, H, D, C)"
    with pytest.raises(RulesError) as misere:
        deal_from_text(rules(notrump=True), MIXED_DEAL, trump="misere")
    assert str(misere.value) == (
        "misere may not be ordered in atomic (allowed: S, H, D, C, notrump)"
    )


def test_the_widow_pile_is_visible_to_everyone_once_shown() -> None:
    """Before the widow is shown only the declarer sees a pile (his discard); then all see it."""
    hidden = deal_from_text(rules(), MIXED_DEAL)
    assert hidden.phase is Phase.DECLARE
    assert [sorted(hidden.view(seat).piles) for seat in range(3)] == [[], ["discard"], []]
    shown = hidden.apply(Declare("D"))
    # the widow has joined the declarer's hand: its pile is visible, and empty
    assert [shown.view(seat).piles for seat in range(3)] == [
        {"widow": CardSet()},
        {"widow": CardSet(), "discard": CardSet()},
        {"widow": CardSet()},
    ]
    discarded = shown.apply(Discard("AH KH"))
    assert [discarded.view(seat).piles for seat in range(3)] == [
        {"widow": CardSet()},
        {"widow": CardSet(), "discard": CardSet.parse("AH KH")},
        {"widow": CardSet()},
    ]


def test_the_deal_details_are_the_widow_once_shown_else_nothing() -> None:
    r = rules()
    hidden = deal_from_text(r, MIXED_DEAL)
    assert r.deal_details(hidden) == ()
    shown = hidden.apply(Declare("D"))
    assert r.deal_details(shown) == (("widow", CardSet.parse(MIXED_WIDOW)),)
    given = deal_from_text(r, MIXED_DEAL, contract="no_king")
    assert r.deal_details(given) == (("widow", CardSet.parse(MIXED_WIDOW)),)


@pytest.mark.parametrize(("players", "deals"), [(3, 27), (4, 36)])
def test_every_deal_of_the_schedule_is_chosen(players: int, deals: int) -> None:
    schedule = kinglib.load_rules("atomic", players=players).schedule
    assert schedule == Schedule(deals=("choose",) * deals)
    assert schedule.length == deals and schedule.repeat is None
    assert [schedule.contract_for(n) for n in range(1, deals + 1)] == ["choose"] * deals


@pytest.mark.parametrize(("players", "deals"), [(3, 27), (4, 36)])
def test_the_declared_invariants_zero_sum_and_a_fixed_length(players: int, deals: int) -> None:
    declared = invariants_of(kinglib.load_rules("atomic", players=players))
    assert declared.zero_sum is True
    assert declared.deals == deals
    assert declared.threshold is None


class EndBonus:
    """End-of-match points: three for seat 0, taken from seat 2."""

    @staticmethod
    @kinglib.hookimpl
    def kinglib_match_end(rules: kinglib.Rules, state: kinglib.State) -> tuple[int, ...]:
        return (3, 0, -3)


def test_a_match_closed_with_end_points_holds_no_shown_widow_of_its_own() -> None:
    """A match that scored end-of-match points keeps them in its aux, the last deal's inside.

    The widow hooks read a shown widow only: they find none in such a state, and the last
    deal's widow stays in that deal's result.
    """
    r = kinglib.load_rules("atomic", plugins=[EndBonus])
    final = play_out(r.new_match(5), rng=random.Random(1))
    assert final.is_over
    assert isinstance(final.aux, MatchEnd)
    last = final.aux.aux
    assert isinstance(last, WidowShown)
    assert final.results[-1].detail("widow") == CardSet.from_mask(last.widow)
    declarer = final.eldest
    assert atomic.kinglib_view_extra(final) == {"declarer": declarer}
    assert atomic.kinglib_deal_details(final) == ()
    for seat in range(3):
        piles = atomic.kinglib_visible_piles(final, seat)
        assert piles == (["discard"] if seat == declarer else [])
        assert atomic._widow_shown(final, seat) == CardSet()
