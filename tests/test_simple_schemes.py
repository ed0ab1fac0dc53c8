"""simple's schemes (RULES.md §3): classic, otygrysh, plus_eralash and short."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kinglib import Phase, RulesError, State, load_rules
from kinglib.contracts import NEGATIVE_GAMES
from kinglib_variants._trump_rounds import Praise
from tests.support import check_trump_round_match, check_undealt_hidden, play_match, replay

NEG = list(NEGATIVE_GAMES)
T = "trumps"

SCHEMES: list[tuple[dict[str, Any], list[str], int]] = [
    ({}, [*NEG, "tricks", "boys", "girls", "hearts", "king", "last_two", "plus_eralash"], 192),
    ({"scheme": "otygrysh"}, [*NEG, *[T] * 8], 192),
    ({"scheme": "plus_eralash"}, [*NEG, *[T] * 4, "plus_eralash"], 192),
    ({"scheme": "plus_eralash", "plus_eralash_first": True}, [*NEG, "plus_eralash", *[T] * 4], 192),
    ({"scheme": "short"}, [*NEG[:6], *[T] * 4], 96),
    ({"scheme": "otygrysh", "buying": False}, [*NEG, *[T] * 8], 192),
    ({"scheme": "short", "only_maker_leads_trump": False}, [*NEG[:6], *[T] * 4], 96),
    ({"scheme": "plus_eralash", "boys": "jacks+kings"}, [*NEG, *[T] * 4, "plus_eralash"], 192),
    (
        {"scheme": "otygrysh", "king_on_heart_lead": "forced", "early_end": False},
        [*NEG, *[T] * 8],
        192,
    ),
    ({"scheme": "short", "king_forced": False, "first_dealer": 2}, [*NEG[:6], *[T] * 4], 96),
]
POS = ["tricks", "boys", "girls", "hearts", "king", "last_two"]
TOTALS = {
    **dict.fromkeys(NEG[:6], -16),
    **dict.fromkeys(POS, 16),
    "eralash": -96,
    "plus_eralash": 96,
    T: 24,
}
IDS = [
    "classic",
    "otygrysh",
    "plus_eralash",
    "plus_first",
    "short",
    "nobuy",
    "anylead",
    "boys",
    "kforced",
    "knever",
]


@pytest.mark.parametrize(("options", "deals", "half"), SCHEMES, ids=IDS)
def test_schedule(options: dict[str, Any], deals: list[str], half: int) -> None:
    rules = load_rules("simple", **options)
    assert list(rules.schedule.deals) == deals
    totals = [rules.contracts[c].total for c in deals]
    assert sum(t for t in totals if t < 0) == -half
    assert sum(t for t in totals if t > 0) == half


def test_scheme_lengths() -> None:
    lengths = {s: load_rules("simple", scheme=s).schedule.length for s in SCHEMES_NAMES}
    assert lengths == {"classic": 14, "otygrysh": 15, "plus_eralash": 12, "short": 10}


SCHEMES_NAMES = ("classic", "otygrysh", "plus_eralash", "short")


@pytest.mark.parametrize("scheme", ["otygrysh", "plus_eralash", "short"])
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_trump_schemes_need_four_players(scheme: str, players: int) -> None:
    with pytest.raises(RulesError, match=f"for 4 players, not {players}"):
        load_rules("simple", players=players, scheme=scheme)


def test_classic_still_takes_other_player_counts() -> None:
    assert load_rules("simple", players=3).schedule.length == 14


def test_plus_eralash_first_needs_its_scheme() -> None:
    with pytest.raises(RulesError, match="plus_eralash_first"):
        load_rules("simple", scheme="otygrysh", plus_eralash_first=True)


def test_unknown_scheme() -> None:
    with pytest.raises(RulesError, match="scheme"):
        load_rules("simple", scheme="long")


def test_order_applies_to_the_trump_schemes() -> None:
    order = ("no_king", "no_tricks", "no_boys", "no_girls", "no_hearts", "eralash", "no_last_two")
    rules = load_rules("simple", scheme="short", order=order)
    assert rules.schedule.deals[:6] == tuple(g for g in order if g != "eralash")


def _match_checks(state: State) -> None:
    check_trump_round_match(state)
    if isinstance(state.aux, Praise) and not state.is_over:
        check_undealt_hidden(state)


@pytest.mark.parametrize(("options", "deals", "half"), SCHEMES, ids=IDS)
@settings(max_examples=6)
@given(seed=st.integers(0, 10**6))
def test_random_matches(options: dict[str, Any], deals: list[str], half: int, seed: int) -> None:
    rules = load_rules("simple", **options)
    final = play_match(rules, seed, check=_match_checks)
    assert [r.contract for r in final.results] == deals
    for result in final.results:
        assert result.total == TOTALS[result.contract], result
        if result.contract == T:
            assert result.detail("declarer") == (result.dealer + 1) % 4
            if result.detail("raspis"):
                assert result.points == (6, 6, 6, 6)
            if result.detail("buyer") is not None:
                assert result.chooser == result.detail("buyer")
                assert result.detail("seller") == result.detail("declarer")
    assert sum(final.totals) == 0
    assert sum(r.total for r in final.results if r.total < 0) == -half
    assert final.winners
    assert replay(final, rules) == final


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6))
def test_every_trump_round_opens_at_the_three_card_stage(seed: int) -> None:
    rules = load_rules("simple", scheme="short")
    state = rules.new_match(seed=seed)
    while state.contract != T:
        state = state.apply(state.legal_moves()[0])
    assert state.phase is Phase.DECLARE and state.to_move == state.eldest
    assert all(m.bit_count() == 3 for m in state.hands_mask)
    assert len(state.pile("undealt")) == 20
    check_undealt_hidden(state)
