"""ordered: the eldest chooses the contract; pools, quotas, trump rounds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Choose, Declare, IllegalMoveError, Phase, RulesError, State, Suit
from kinglib.plugins.invariants import invariants_of
from kinglib.testing import deal_from_text, play_out
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES
from kinglib.values.moves import Move
from tests.support import (
    check_chosen_state,
    check_deal_totals,
    first_choice,
    last_choice,
    play_match,
    random_policy,
)

GAMES = NEGATIVE_GAMES + POSITIVE_GAMES
# dealer 0: seat 1 (eldest) holds the spades, seat 2 hearts, seat 3 diamonds, seat 0 clubs
SUITED = """
    trumps dealer=0
    0: AC KC QC JC TC 9C 8C 7C
    1: AS KS QS JS TS 9S 8S 7S
    2: AH KH QH JH TH 9H 8H 7H
    3: AD KD QD JD TD 9D 8D 7D
"""


def rules(**options: object) -> kinglib.Rules:
    return kinglib.load_rules("ordered", **options)  # type: ignore[arg-type]


def advance(state: State, deal: int, policy: object = first_choice) -> State:
    """Play on (first legal moves, ``policy`` for choices) to the choice of deal ``deal``."""
    assert callable(policy)
    while state.deal_number < deal or state.phase is not Phase.CHOOSE:
        state = state.apply(policy(state, state.legal_moves()))
    return state


# ------------------------------------------------------------------ catalogue and shape


def test_contracts_and_deal_counts() -> None:
    assert set(rules().contracts) == set(GAMES)
    assert set(rules(pool="shared").contracts) == set(GAMES)
    assert set(rules(trumps=True).contracts) == {*NEGATIVE_GAMES, "trumps"}
    assert rules(trumps=True).contracts["trumps"].total == 24
    assert rules().schedule.length == 56
    assert rules(pool="shared").schedule.length == 14
    assert rules(trumps=True).schedule.length == 15
    assert rules(boys="jacks+kings").contracts["no_boys"].total == -16
    with pytest.raises(RulesError, match="pool"):
        rules(pool="private")
    with pytest.raises(RulesError, match="not 3"):
        kinglib.load_rules("ordered", players=3)


def test_the_declared_invariants_zero_sum_and_a_fixed_length() -> None:
    for options, deals in (({}, 56), ({"pool": "shared"}, 14), ({"trumps": True}, 15)):
        declared = invariants_of(rules(**options))
        assert declared.zero_sum is True, options
        assert declared.deals == deals, options
        assert declared.threshold is None, options


# ------------------------------------------------------------------ hand-built deals


def test_hand_built_deal_plays_the_given_contract() -> None:
    state = deal_from_text(rules(), SUITED, contract="no_girls")
    assert state.phase is Phase.PLAY and state.to_move == 1 and state.maker == 1
    final = play_out(state)
    # seat 1 leads his spades and takes every queen (the others throw their highest)
    result = final.results[0]
    assert result.points == (0, -16, 0, 0)
    assert result.ended_early and result.chooser == 1


def test_trump_round_declared_with_the_hand_seen() -> None:
    state = deal_from_text(rules(trumps=True), SUITED)
    assert state.phase is Phase.DECLARE and state.to_move == 1
    assert state.legal_moves() == tuple(Declare(s) for s in Suit)
    assert len(state.view(1).hand) == 8
    with pytest.raises(IllegalMoveError, match="notrump may not be ordered"):
        state.apply(Declare("notrump"))
    with pytest.raises(IllegalMoveError, match="misere may not be ordered"):
        state.apply(Declare("misere"))
    spades = state.apply(Declare("S"))
    assert spades.phase is Phase.PLAY and spades.trump is Suit.SPADES and spades.to_move == 1
    assert spades.view(3).trump is Suit.SPADES and spades.view(3).maker == 1
    assert play_out(spades).results[0].points == (0, 24, 0, 0)
    # hearts: seat 2 must trump the first spade, then leads his hearts (he holds nothing else)
    hearts = play_out(state.apply(Declare("H")))
    assert hearts.results[0].points == (0, 0, 24, 0)
    assert hearts.results[0].trump is Suit.HEARTS and hearts.results[0].chooser == 1


def test_notrump_option_and_bad_given_trumps() -> None:
    state = deal_from_text(rules(trumps=True, notrump=True), SUITED)
    assert Declare("notrump") in state.legal_moves()
    # no trumps: seat 1 wins the eight spade tricks
    assert play_out(state.apply(Declare("notrump"))).results[0].points == (0, 24, 0, 0)
    with pytest.raises(RulesError, match="no_king is not a trump round"):
        deal_from_text(rules(), SUITED, contract="no_king", trump="S")
    with pytest.raises(RulesError, match="notrump may not be ordered"):
        deal_from_text(rules(trumps=True), SUITED, trump="notrump")
    given = deal_from_text(rules(trumps=True), SUITED, dealer=3, trump="D")
    assert given.phase is Phase.PLAY and given.to_move == 0 and given.maker == 0


def test_a_given_trump_is_the_trump_played() -> None:
    # hearts given: seat 2 trumps the first spade, then leads his hearts and takes every trick
    given = deal_from_text(rules(trumps=True), SUITED, trump="H")
    assert given.phase is Phase.PLAY and given.trump is Suit.HEARTS
    assert given.maker == 1 and given.to_move == 1
    final = play_out(given)
    assert [t.winner for t in final.tricks] == [2] * 8
    assert final.results[0].points == (0, 0, 24, 0)
    assert final.results[0].trump is Suit.HEARTS and final.results[0].chooser == 1


def test_a_given_notrump_follows_the_option_word_for_word() -> None:
    given = deal_from_text(rules(trumps=True, notrump=True), SUITED, trump="notrump")
    assert given.phase is Phase.PLAY and given.trump == "notrump" and given.maker == 1
    # no trumps: seat 1 wins the eight spade tricks
    assert play_out(given).results[0].points == (0, 24, 0, 0)
    with pytest.raises(RulesError) as refused:
        deal_from_text(rules(trumps=True), SUITED, trump="notrump")
    assert str(refused.value) == "notrump may not be ordered in ordered (allowed: S, H, D, C)"
    with pytest.raises(RulesError) as misere:
        deal_from_text(rules(trumps=True, notrump=True), SUITED, trump="misere")
    assert str(misere.value) == (
        "misere may not be ordered in ordered (allowed: S, H, D, C, notrump)"
    )


def test_every_view_names_the_chooser_before_and_after_the_choice() -> None:
    """The eldest is the chooser from the start of the deal, before any contract is chosen."""
    state = rules().new_match(8)
    assert state.phase is Phase.CHOOSE and state.maker is None
    for seat in range(4):
        assert state.view(seat).extra == {"chooser": 1, "owed": (GAMES,) * 4}
    chosen = state.apply(Choose("king"))
    assert [chosen.view(seat).extra["chooser"] for seat in range(4)] == [1] * 4
    second = advance(chosen, 2)
    assert second.phase is Phase.CHOOSE and second.maker is None and second.to_move == 2
    assert [second.view(seat).extra["chooser"] for seat in range(4)] == [2] * 4
    # a trump round: the chooser stays named while he declares the trump
    trumps = rules(trumps=True).new_match(8)
    assert trumps.view(3).extra == {
        "chooser": 1,
        "pool_left": NEGATIVE_GAMES,
        "owed": (("trumps", "trumps"),) * 4,
    }
    declaring = trumps.apply(Choose("trumps"))
    assert declaring.phase is Phase.DECLARE
    assert [declaring.view(seat).extra["chooser"] for seat in range(4)] == [1] * 4
    # a hand-built deal shows the chooser alone
    assert deal_from_text(rules(), SUITED, contract="no_girls", dealer=2).view(0).extra == {
        "chooser": 3
    }


def test_the_chooser_shown_is_the_deals_maker_once_one_is_named() -> None:
    """The view names the maker as the chooser when the state has one, the eldest otherwise.

    Play makes the eldest the maker; a state that names another maker shows that one.
    """
    state = deal_from_text(rules(), SUITED, contract="no_girls", dealer=2)
    assert (state.eldest, state.maker) == (3, 3)
    other = state.evolve(maker=1)
    assert [other.view(seat).extra["chooser"] for seat in range(4)] == [1] * 4
    unnamed = state.evolve(maker=None)
    assert [unnamed.view(seat).extra["chooser"] for seat in range(4)] == [3] * 4


# ------------------------------------------------------------------ choosing


def test_choice_is_public_and_the_eldest_leads() -> None:
    state = rules().new_match(8)
    assert state.phase is Phase.CHOOSE and state.to_move == 1 and state.contract is None
    assert state.legal_moves() == tuple(Choose(g) for g in GAMES)
    with pytest.raises(IllegalMoveError, match="trumps is not one of the contracts"):
        state.apply(Choose("trumps"))
    with pytest.raises(IllegalMoveError, match="contract of the deal is being chosen"):
        state.apply(Declare("S"))
    chosen = state.apply(Choose("king"))
    assert chosen.phase is Phase.PLAY and chosen.to_move == 1
    for seat in range(4):
        view = chosen.view(seat)
        assert view.contract == "king" and view.maker == 1 and view.extra["chooser"] == 1
        assert view.extra["owed"][1] == GAMES  # finished deals only
    done = advance(chosen, 2)
    assert done.results[0].chooser == 1 and done.results[0].contract == "king"
    assert done.view(0).extra["owed"][1] == tuple(g for g in GAMES if g != "king")


def test_per_player_pool_refuses_a_game_chosen_before() -> None:
    state = advance(rules().new_match(1), 2)
    assert state.results[0].contract == "no_tricks"
    assert state.to_move == 2 and Choose("no_tricks") in state.legal_moves()
    state = advance(state, 5)
    assert state.to_move == 1
    assert Choose("no_tricks") not in state.legal_moves()
    assert len(state.legal_moves()) == 13
    with pytest.raises(IllegalMoveError, match="seat 1 has already chosen no_tricks once"):
        state.apply(Choose("no_tricks"))


def test_shared_pool_refuses_a_game_already_played() -> None:
    state = advance(rules(pool="shared").new_match(1), 2)
    assert state.to_move == 2
    assert state.legal_moves() == tuple(Choose(g) for g in GAMES[1:])
    with pytest.raises(IllegalMoveError, match="no_tricks has already been played"):
        state.apply(Choose("no_tricks"))
    assert state.view(0).extra["pool_left"] == GAMES[1:]


def test_per_player_bookkeeping_over_a_match() -> None:
    final = play_match(rules(), 2, first_choice, check=check_deal_totals)
    assert len(final.results) == 56
    for seat in range(4):
        chosen = [r.contract for r in final.results if r.chooser == seat]
        assert chosen == list(GAMES)
    assert [r.chooser for r in final.results[:5]] == [1, 2, 3, 0, 1]
    assert sum(final.totals) == 0


def test_shared_bookkeeping_over_a_match() -> None:
    final = play_match(
        rules(pool="shared", first_dealer=2), 2, last_choice, check=check_deal_totals
    )
    assert [r.contract for r in final.results] == list(reversed(GAMES))
    assert [r.chooser for r in final.results] == [(3 + k) % 4 for k in range(14)]
    assert sum(final.totals) == 0


def _seat0_first_others_last(state: State, moves: tuple[Move, ...]) -> Move:
    if state.phase is Phase.CHOOSE and state.to_move != 0:
        return moves[-1]
    return moves[0]


def test_trump_rounds_are_forced_when_turns_equal_quota() -> None:
    # seats 1-3 order their two trump rounds at once; seat 0 (turns at deals 4, 8, 12)
    # chooses no_tricks at deal 4 and must then order trumps twice
    state = advance(rules(trumps=True).new_match(6), 8, _seat0_first_others_last)
    assert [r.contract for r in state.results] == ["trumps"] * 3 + ["no_tricks"] + ["trumps"] * 3
    assert state.to_move == 0
    assert state.legal_moves() == (Choose("trumps"),)
    with pytest.raises(IllegalMoveError, match=r"owes \(trumps 2 more times\)"):
        state.apply(Choose("no_boys"))
    declare = state.apply(Choose("trumps"))
    assert declare.phase is Phase.DECLARE and declare.to_move == 0 and declare.maker == 0
    state = advance(declare, 9, _seat0_first_others_last)
    # seat 1 has ordered his two trump rounds: the pool's six games are left to him
    assert state.to_move == 1
    assert state.legal_moves() == tuple(Choose(g) for g in NEGATIVE_GAMES[1:])
    with pytest.raises(IllegalMoveError, match="already chosen trumps 2 times"):
        state.apply(Choose("trumps"))
    state = advance(state, 12, _seat0_first_others_last)
    assert state.to_move == 0 and state.legal_moves() == (Choose("trumps"),)
    final = play_match(rules(trumps=True), 6, _seat0_first_others_last, check=check_deal_totals)
    assert Counter(r.contract for r in final.results) == Counter(
        {**dict.fromkeys(NEGATIVE_GAMES, 1), "trumps": 8}
    )
    assert Counter(r.chooser for r in final.results if r.contract == "trumps") == Counter(
        dict.fromkeys(range(4), 2)
    )


def test_trumps_first_choice_plays_negatives_then_forced_trumps() -> None:
    final = play_match(rules(trumps=True), 4, first_choice, check=check_deal_totals)
    assert [r.contract for r in final.results] == [*NEGATIVE_GAMES] + ["trumps"] * 8
    assert sum(final.totals) == 0


# ------------------------------------------------------------------ properties


@settings(max_examples=6)
@given(
    seed=st.integers(0, 2**32),
    form=st.sampled_from([{"pool": "shared"}, {"trumps": True}, {"trumps": True, "notrump": True}]),
)
def test_short_forms_keep_the_invariants(seed: int, form: dict[str, object]) -> None:
    r = rules(**form)
    final = play_match(r, seed, random_policy(random.Random(seed)), check=check_chosen_state)
    assert len(final.results) == (15 if form.get("trumps") else 14)
    assert sum(final.totals) == 0
    contracts = Counter(res.contract for res in final.results)
    if form.get("trumps"):
        assert contracts["trumps"] == 8
        assert Counter(res.chooser for res in final.results if res.contract == "trumps") == (
            Counter(dict.fromkeys(range(4), 2))
        )
    else:
        assert contracts == Counter(GAMES)
    replay = r.new_match(seed)
    for move in final.moves:
        replay = replay.apply(move)
    assert replay == final


@settings(max_examples=2)
@given(seed=st.integers(0, 2**32))
def test_per_player_matches_keep_the_invariants(seed: int) -> None:
    r = rules(first_dealer=seed % 4, boys="jacks+kings")
    final = play_match(r, seed, random_policy(random.Random(seed)), check=check_chosen_state)
    assert len(final.results) == 56
    assert sum(final.totals) == 0
    counts = Counter((res.chooser, res.contract) for res in final.results)
    assert counts == Counter({(s, g): 1 for s in range(4) for g in GAMES})
