"""omnibus — Омнибус: hand-built deals and random matches."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import Phase as HPhase
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Move, Phase, Play, State
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import HandBuilt, deal_from_text, play_out
from kinglib_variants import omnibus
from tests.support import (
    Policy,
    card,
    check_auction_match,
    check_early_end,
    check_threshold,
    check_view,
    play,
    play_match,
    random_policy,
    replay,
)

# Six tricks spread every scoring card: seat 0 takes four hearts, seat 1 QS, TD and four
# hearts, seat 3 five hearts, seat 2 nothing (see test_prices_of_a_spread_deal).
SPREAD_DEAL = """
    omnibus dealer=3
    0: AH 7H TH QH KS JS TS 9S 8S 7S 6S 5S 3D
    1: 2H KH 8H AS 4S 3S AD KD QD JD 9D 8D 7D
    2: 3H 5H 9H QS TD 6D 5D 4D KC QC JC TC 9C
    3: 4H 6H JH 2S 2D AC 8C 7C 6C 5C 4C 3C 2C
"""
#: The hands of ``SPREAD_DEAL``, seat 0 first.
SPREAD = list(HandBuilt.parse(SPREAD_DEAL).hands)
SPREAD_PLAY = "AH 2H 3H 4H  5S AS QS 2S  AD TD 2D 3D  KH 5H 6H 7H  8H 9H JH TH  AC QH 4S 9C"
# Every seat holds one whole suit: whoever leads first wins every trick.
SUITED_DEAL = """
    omnibus dealer=3
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""
#: The hands of ``SUITED_DEAL``, seat 0 first.
SUITED = list(HandBuilt.parse(SUITED_DEAL).hands)


def rules(players: int = 4, **options: Any) -> kinglib.Rules:
    return kinglib.load_rules("omnibus", players=players, **options)


def swap(hands: list[str], a: str, b: str) -> list[str]:
    """The hands with cards ``a`` and ``b`` exchanged."""
    out = []
    for hand in hands:
        words = [b if w == a else a if w == b else w for w in hand.split()]
        out.append(" ".join(words))
    return out


def test_variant_is_registered_with_its_pack_and_prices() -> None:
    assert "omnibus" in kinglib.variant_names()
    four = rules()
    assert len(four.deck) == 52
    three = rules(3)
    assert len(three.deck) == 51 and card("2C") not in three.deck
    contract = four.contracts["omnibus"]
    assert (contract.id, contract.name, contract.title) == ("omnibus", "Омнибус", "omnibus")
    assert contract.description == "1 a heart, 13 for QS, +10 for TD"
    assert contract.total == -16
    assert contract.price_of(card("5H")) == -1
    assert contract.price_of(card("QS")) == -13
    assert contract.price_of(card("TD")) == 10
    assert contract.price_of(card("JD")) == 0
    assert contract.price_of(card("KS")) == 0
    jd = rules(bonus_card="JD").contracts["omnibus"]
    assert jd.price_of(card("JD")) == 10 and jd.price_of(card("TD")) == 0
    assert jd.total == -16
    assert jd.description == "1 a heart, 13 for QS, +10 for JD"
    with pytest.raises(kinglib.RulesError, match="bonus_card"):
        rules(bonus_card="AD")
    with pytest.raises(kinglib.RulesError, match="slam"):
        rules(slam="nobody")


def test_any_card_may_be_led_and_nothing_is_forced() -> None:
    state = deal_from_text(rules(), SPREAD_DEAL)
    assert state.phase is Phase.PLAY and state.to_move == 0
    assert set(state.legal_moves()) == {Play(c) for c in state.hand(0)}
    state = play(state, "QH")  # a heart lead is allowed at once
    # seat 1 must follow hearts, and may keep KH
    assert set(state.legal_moves()) == {Play(card(t)) for t in ("KH", "8H", "2H")}
    with pytest.raises(kinglib.IllegalMoveError, match="must follow"):
        state.apply(Play(card("AS")))


def test_prices_of_a_spread_deal() -> None:
    state = deal_from_text(rules(), SPREAD_DEAL)
    state = play(state, SPREAD_PLAY)
    assert state.is_over, "every scoring card is taken: the deal ends early"
    result = state.results[0]
    # seat 0: AH 2H 3H 4H; seat 1: QS (-13), TD (+10), KH 5H 6H 7H; seat 3: 8H 9H JH TH, QH.
    assert result.points == (-4, -13 + 10 - 4, 0, -5)
    assert result.total == -16
    assert result.ended_early and len(result.unplayed) == 52 - 24
    assert result.detail("slam") is None


def test_bonus_card_option() -> None:
    hands = swap(SPREAD, "TD", "JD")  # seat 2 now plays JD in the third trick
    jd = rules(bonus_card="JD").new_deal("omnibus", hands, dealer=3)
    state = play(jd, SPREAD_PLAY.replace("TD", "JD"))
    assert state.is_over
    assert state.results[0].points == (-4, -13 + 10 - 4, 0, -5)
    # under the default, the same play leaves TD unplayed: the deal is not over yet and
    # seat 1 took JD for nothing.
    td = rules().new_deal("omnibus", hands, dealer=3)
    state = play(td, SPREAD_PLAY.replace("TD", "JD"))
    assert not state.is_over
    assert td.view(0).extra == {"bonus_card": "TD"}
    assert jd.view(0).extra == {"bonus_card": "JD"}
    contract = td.contract_info
    assert contract is not None
    assert card("JD") in state.taken(1) and card("TD") in state.hand(1)
    assert contract.card_points(state.taken_mask[1]) == -13 - 4
    assert sum(play_out(state).results[0].points) == -16


def test_slam_shooter_scores_26() -> None:
    state = play_out(deal_from_text(rules(), SUITED_DEAL))
    result = state.results[0]
    assert result.points == (26, 0, 0, 0)
    assert result.detail("slam") == 0


def test_slam_others_pay_26_each() -> None:
    state = play_out(deal_from_text(rules(slam="others"), SUITED_DEAL))
    assert state.results[0].points == (0, -26, -26, -26)
    state = play_out(deal_from_text(rules(slam="others"), SUITED_DEAL, dealer=1))
    # seat 2 leads its diamonds and takes everything
    assert state.results[0].points == (-26, -26, 0, -26)


def test_slam_with_the_jack_of_diamonds() -> None:
    state = play_out(deal_from_text(rules(bonus_card="JD"), SUITED_DEAL))
    assert state.results[0].points == (26, 0, 0, 0)


def test_no_slam_without_the_bonus_card() -> None:
    """Seat 0 takes all 13 hearts and QS, but seat 2 takes TD with AD in the last trick."""
    deal = """
        omnibus dealer=3
        0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S TD
        1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 3C
        2: 2S AD KD QD JD 9D 8D 7D 6D 5D 4D 3D 2D
        3: 2H AC KC QC JC TC 9C 8C 7C 6C 5C 4C 2C
    """
    state = deal_from_text(rules(), deal)
    while not state.is_over:
        moves = state.legal_moves()
        # seat 2 throws its lowest diamonds and keeps AD for the last trick
        state = state.apply(moves[-1] if state.to_move == 2 else moves[0])
    result = state.results[0]
    assert [t.winner for t in state.tricks] == [0] * 12 + [2]
    assert result.points == (-13 - 13, 0, 10, 0)
    assert result.detail("slam") is None
    assert not result.ended_early


def test_three_players_slam() -> None:
    deal = """
        omnibus dealer=2
        0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD JD
        1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D 7D
        2: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 6D 5D 4D 3D 2D
    """
    # seat 0 leads spades first, then its top diamonds: it wins every trick.
    state = play_out(deal_from_text(rules(3), deal))
    assert state.results[0].points == (26, 0, 0)


THREE_SLAM = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD JD",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D 7D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 6D 5D 4D 3D 2D",
]


@pytest.mark.parametrize(
    ("players", "options", "hands", "moves", "expected"),
    [
        (4, {}, SPREAD, SPREAD_PLAY, -16),
        (4, {"bonus_card": "JD"}, swap(SPREAD, "TD", "JD"), SPREAD_PLAY.replace("TD", "JD"), -16),
        (4, {}, SUITED, None, 26),
        (3, {}, THREE_SLAM, None, 26),
        (4, {"slam": "others"}, SUITED, None, -78),
        (3, {"slam": "others"}, THREE_SLAM, None, -52),
    ],
)
def test_deal_total_is_the_contract_total_or_the_slam(
    players: int, options: dict[str, Any], hands: list[str], moves: str | None, expected: int
) -> None:
    """The declared deal total: −16 without a slam, +26 for the shooter, −26 a seat else.

    The hands given without moves are played out by the first legal card: the eldest leads
    his long suit first and takes every trick (a slam).
    """
    r = rules(players, **options)
    start = r.new_deal("omnibus", hands, dealer=players - 1)
    state = play_out(start) if moves is None else play(start, moves)
    assert state.is_over
    result = state.results[0]
    assert (result.detail("slam") is None) == (moves is not None)
    assert omnibus.deal_total(result, r) == expected
    assert result.total == expected
    assert invariants_of(r).deal_total is omnibus.deal_total


# ----------------------------------------------------------------------------- properties

# A match seed is opaque: shrinking it teaches nothing and replays whole matches for minutes.
NO_SHRINK = (HPhase.explicit, HPhase.reuse, HPhase.generate)

OPTIONS = [
    (3, {}),
    (4, {}),
    (3, {"slam": "others", "bonus_card": "JD"}),
    (4, {"slam": "others"}),
    (4, {"bonus_card": "JD", "early_end": False}),
]


def slam_seeker(rng: random.Random) -> Policy:
    """Random play that leads high and follows high, so that slams happen now and then."""

    def pick(state: State, moves: tuple[Move, ...]) -> Move:
        if rng.random() < 0.7:
            return moves[0]
        return rng.choice(moves)

    return pick


@pytest.mark.parametrize(("players", "options"), OPTIONS)
@settings(max_examples=8, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1), greedy=st.booleans())
def test_random_matches_keep_every_invariant(
    players: int, options: dict[str, object], seed: int, greedy: bool
) -> None:
    r = rules(players, **options)
    policy = slam_seeker if greedy else random_policy
    state = play_match(r, seed, policy(random.Random(seed)), check=check_auction_match)
    check_threshold(state, -100)
    slam = 26 if r.options["slam"] == "shooter" else -26 * (players - 1)
    scoring = r.contracts["omnibus"].scoring_mask
    for k, result in enumerate(state.results):
        assert result.contract == "omnibus"
        assert result.dealer == k % players
        if result.detail("slam") is None:
            assert result.total == -16
        else:
            assert result.total == slam
        if result.ended_early:
            assert not result.unplayed.mask & scoring
    assert replay(state, r) == state


@settings(max_examples=10, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_hide_the_other_hands(seed: int) -> None:
    r = rules(3)
    rng = random.Random(seed)
    state = r.new_match(seed=seed)
    for _ in range(40):
        check_view(state)
        state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize(("players", "slam"), [(3, "shooter"), (4, "shooter"), (4, "others")])
@settings(max_examples=30, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32 - 1))
def test_early_end_never_changes_a_score(players: int, slam: str, seed: int) -> None:
    check_early_end(rules(players, slam=slam), rules(players, slam=slam, early_end=False), seed)
