"""three-hand: the packs, prices, schemes and its trump rounds."""

from __future__ import annotations

import random
from typing import Any

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
    RulesError,
    Sell,
    State,
    Suit,
    load_rules,
    variant_names,
)
from kinglib.kit.trump_rounds import UNDEALT, Praise, new_praise_deal
from kinglib.testing import HandBuilt, deal_from_text, play_out
from kinglib.values.contracts import NEGATIVE_GAMES
from tests.support import (
    check_trump_round_match,
    check_undealt_hidden,
    play_match,
    replay,
)

NEG = list(NEGATIVE_GAMES)
POS = ["tricks", "boys", "girls", "hearts", "king", "last_two", "plus_eralash"]
# parlett36's default order: the K♥ game last, then the positive twins in the same order.
TWELVE = ["no_tricks", "no_hearts", "no_boys", "no_girls", "no_last_two", "no_king"]
TWELVE_POS = ["tricks", "hearts", "boys", "girls", "last_two", "king"]


def test_registered_with_its_description() -> None:
    assert "three-hand" in variant_names()
    rules = load_rules("three-hand")
    assert rules.players == 3
    assert rules.info.title == "Кинг втроём"
    assert rules.info.description
    assert {"scheme", "removed", "order", "buying", "king_on_heart_lead"} <= set(rules.options)
    with pytest.raises(RulesError, match="played by 3 players, not 4"):
        load_rules("three-hand", players=4)


@pytest.mark.parametrize(("removed", "gone"), [("black aces", "AS AC"), ("black sevens", "7S 7C")])
def test_the_30_card_pack(removed: str, gone: str) -> None:
    rules = load_rules("three-hand", removed=removed)
    assert len(rules.deck) == 30
    assert rules.deck == CardSet.deck(32) - CardSet.parse(gone)
    state = rules.new_match(seed=1)
    assert [len(h) for h in state.hands] == [10, 10, 10]


def test_prices_and_game_totals() -> None:
    classic = load_rules("three-hand").contracts
    totals = [classic[g].total for g in NEG]
    assert totals == [-20, -20, -20, -16, -20, -20, -116]
    assert [classic[g].total for g in POS] == [20, 20, 20, 16, 20, 20, 116]
    assert classic["no_boys"].price_of(Card.parse("JD")) == -5
    assert classic["no_boys"].price_of(Card.parse("KD")) == 0
    assert classic["no_girls"].price_of(Card.parse("QS")) == -5
    assert classic["no_last_two"].trick_values == (0,) * 8 + (-10, -10)
    assert classic["trumps"].total == 30
    otygrysh = load_rules("three-hand", scheme="otygrysh").contracts
    assert otygrysh["no_king"].total == -24 and otygrysh["eralash"].total == -120
    assert sum(otygrysh[g].total for g in NEG) == -240
    parlett = load_rules("three-hand", scheme="parlett36")
    assert len(parlett.deck) == 36 and parlett.deck == CardSet.deck(36)
    games = ["no_tricks", "no_boys", "no_girls", "no_hearts", "no_king", "no_last_two"]
    assert [parlett.contracts[g].total for g in games] == [-72] * 6
    assert parlett.contracts["no_boys"].price_of(Card.parse("KC")) == -9
    assert parlett.contracts["no_girls"].price_of(Card.parse("QC")) == -18
    assert parlett.contracts["no_hearts"].price_of(Card.parse("6H")) == -8
    assert "eralash" not in parlett.contracts and "trumps" not in parlett.contracts


def test_the_contracts_of_each_scheme_exactly() -> None:
    """classic and otygrysh: all fifteen; parlett36: no eralash, its twin or a trump round."""
    every = [*NEG, *POS, "trumps"]
    assert list(load_rules("three-hand").contracts) == every
    assert list(load_rules("three-hand", scheme="otygrysh").contracts) == every
    parlett = [g for g in every if g not in ("eralash", "plus_eralash", "trumps")]
    assert list(load_rules("three-hand", scheme="parlett36").contracts) == parlett
    assert len(parlett) == 12


def test_schedules() -> None:
    assert list(load_rules("three-hand").schedule.deals) == [*NEG, *POS]
    assert list(load_rules("three-hand", scheme="otygrysh").schedule.deals) == [
        *NEG,
        *["trumps"] * 8,
    ]
    assert list(load_rules("three-hand", scheme="parlett36").schedule.deals) == [
        *TWELVE,
        *TWELVE_POS,
    ]


def test_parlett36_match_plays_no_hearts_second() -> None:
    rules = load_rules("three-hand", scheme="parlett36")
    state = rules.new_match(seed=2)
    assert state.contract == "no_tricks"
    while len(state.results) < 2:
        state = state.apply(state.legal_moves()[0])
    assert [r.contract for r in state.results] == ["no_tricks", "no_hearts"]
    assert state.contract == "no_boys"
    assert sum(state.results[1].points) == -72  # 9 hearts at 8


def test_bad_options() -> None:
    with pytest.raises(RulesError) as refused:
        load_rules("three-hand", scheme="parlett36", removed="black sevens")
    assert str(refused.value) == (
        "option 'removed' applies to the 30-card pack, not scheme parlett36"
    )
    with pytest.raises(RulesError, match="unknown option 'boys'"):
        load_rules("three-hand", boys="jacks+kings")
    with pytest.raises(RulesError, match="removed"):
        load_rules("three-hand", removed="red aces")


# Dealer 2, so seat 0 is the eldest and leads.
NO_KING = """
    no_king dealer=2
    0: KS QS JS TS 9S 8S 7S AD KD QD
    1: KH KC QC JC TC 9C 8C 7C JD TD
    2: AH QH JH TH 9H 8H 7H 9D 8D 7D
"""


@pytest.mark.parametrize(("scheme", "price"), [("classic", 20), ("otygrysh", 24)])
def test_no_king_forced_on_a_void(scheme: str, price: int) -> None:
    state = deal_from_text(load_rules("three-hand", scheme=scheme), NO_KING)
    state = state.apply(Play(Card.parse("KS")))
    assert state.legal_moves() == (Play(Card.parse("KH")),)
    final = state.apply(Play(Card.parse("KH"))).apply(Play(Card.parse("7H")))
    assert final.is_over
    result = final.results[0]
    assert result.points == (-price, 0, 0)
    assert result.ended_early and len(result.unplayed) == 27


# Dealer 2: seat 0 declares. Seat 0 holds the hearts, seat 1 the diamonds and the top spades.
TRUMPS_DEAL = """
    trumps dealer=2 trump=misere
    0: AH KH QH JH TH 9H 8H 7H JS TS
    1: AD KD QD JD TD 9D 8D 7D KS QS
    2: 9S 8S 7S KC QC JC TC 9C 8C 7C
"""
#: The hands of ``TRUMPS_DEAL``, seat 0 first.
TRUMPS = list(HandBuilt.parse(TRUMPS_DEAL).hands)
OTYGRYSH = load_rules("three-hand", scheme="otygrysh")


def test_three_card_stage_and_no_raspis() -> None:
    state = new_praise_deal(OTYGRYSH, TRUMPS, dealer=2)
    assert state.phase is Phase.DECLARE and state.to_move == 0
    assert state.hand(0) == CardSet.parse("AH KH QH")
    assert len(state.pile(UNDEALT)) == 21
    check_undealt_hidden(state)
    assert Declare("raspis") not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="raspis is allowed only"):
        state.apply(Declare("raspis"))


def test_nobody_buys_and_the_declarer_plays_at_once() -> None:
    state = new_praise_deal(OTYGRYSH, TRUMPS, dealer=2).apply(Declare(Suit.HEARTS))
    assert state.phase is Phase.BID and state.to_move == 1
    state = state.apply(Pass()).apply(Pass())
    # No offer and no raspis: Keep would be the only answer, so play begins.
    assert (state.phase, state.maker, state.to_move, state.trump) == (
        Phase.PLAY,
        0,
        0,
        Suit.HEARTS,
    )
    # Seat 0 may lead hearts (trumps: nobody can follow) or JS/TS, but those lose to KS/QS.
    final = play_out(state, rng=random.Random(1), check=check_trump_round_match)
    result = final.results[0]
    assert result.total == 30
    assert result.points[2] == 0


def test_a_three_hand_sale() -> None:
    state = new_praise_deal(OTYGRYSH, TRUMPS, dealer=2).apply(Declare(Suit.HEARTS))
    state = state.apply(Bid(4)).apply(Pass())
    assert state.phase is Phase.ANSWER
    assert set(state.legal_moves()) == {Sell(), Keep()}
    with pytest.raises(IllegalMoveError, match="raspis is allowed only"):
        state.apply(Declare("raspis"))
    state = state.apply(Sell()).apply(Declare(Suit.DIAMONDS))
    assert state.maker == 1 and state.to_move == 1
    # Seat 1 leads only diamonds (trumps) and the two top spades: he wins all ten tricks.
    final = play_out(state, rng=random.Random(4), check=check_trump_round_match)
    assert final.results[0].points == (12, 18, 0)


def test_given_trump_deal() -> None:
    state = deal_from_text(OTYGRYSH, TRUMPS_DEAL)
    assert state.phase is Phase.PLAY and state.maker == 0
    final = play_out(state, rng=random.Random(0), check=check_trump_round_match)
    assert final.results[0].total == 30


SCHEMES: list[tuple[dict[str, Any], list[str], int]] = [
    ({}, [*NEG, *POS], 232),
    ({"removed": "black sevens"}, [*NEG, *POS], 232),
    ({"king_on_heart_lead": "forced", "king_forced": True}, [*NEG, *POS], 232),
    ({"king_forced": False}, [*NEG, *POS], 232),
    ({"scheme": "otygrysh"}, [*NEG, *["trumps"] * 8], 240),
    ({"scheme": "otygrysh", "buying": False}, [*NEG, *["trumps"] * 8], 240),
    ({"scheme": "otygrysh", "removed": "black sevens"}, [*NEG, *["trumps"] * 8], 240),
    ({"scheme": "parlett36"}, [*TWELVE, *TWELVE_POS], 432),
]
IDS = ["classic", "sevens", "kforced", "knever", "otygrysh", "nobuy", "oty7", "parlett36"]


def _totals(options: dict[str, Any]) -> dict[str, int]:
    scheme = options.get("scheme", "classic")
    if scheme == "parlett36":
        games = dict.fromkeys(NEG[:6], -72) | dict.fromkeys(POS[:6], 72)
        return games
    king = 24 if scheme == "otygrysh" else 20
    neg = dict(zip(NEG, [-20, -20, -20, -16, -king, -20, -96 - king]))
    return neg | {p: -v for p, v in zip(POS, neg.values())} | {"trumps": 30}


def _match_checks(state: State) -> None:
    check_trump_round_match(state)
    if isinstance(state.aux, Praise) and not state.is_over:
        check_undealt_hidden(state)


@pytest.mark.parametrize(("options", "deals", "half"), SCHEMES, ids=IDS)
@settings(max_examples=6)
@given(seed=st.integers(0, 10**6))
def test_random_matches(options: dict[str, Any], deals: list[str], half: int, seed: int) -> None:
    rules = load_rules("three-hand", **options)
    final = play_match(rules, seed, check=_match_checks)
    assert [r.contract for r in final.results] == deals
    totals = _totals(options)
    for result in final.results:
        assert result.total == totals[result.contract], result
        assert result.detail("raspis") is None
    assert sum(final.totals) == 0
    assert sum(r.total for r in final.results if r.total < 0) == -half
    assert replay(final, rules) == final
