"""simple's schemes: classic, otygrysh, plus_eralash and short."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Card, Phase, Play, RulesError, State, load_rules
from kinglib.kit.trump_rounds import Praise
from kinglib.testing import check_invariants, deal_from_text
from kinglib.values.contracts import NEGATIVE_GAMES
from kinglib_variants.simple import scheme_schedule
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
    assert lengths == {
        "classic": 14,
        "otygrysh": 15,
        "plus_eralash": 12,
        "short": 10,
        "twelve": 12,
    }


SCHEMES_NAMES = ("classic", "otygrysh", "plus_eralash", "short", "twelve")

# ----------------------------------------------------------------- the twelve-game scheme

TWELVE = ["no_tricks", "no_hearts", "no_boys", "no_girls", "no_last_two", "no_king"]
TWELVE_TWINS = ["tricks", "hearts", "boys", "girls", "last_two", "king"]


def test_twelve_plays_the_twelve_game_order() -> None:
    rules = load_rules("simple", scheme="twelve", boys="jacks+kings")
    assert list(rules.schedule.deals) == [*TWELVE, *TWELVE_TWINS]
    assert rules.options["order"] == (*TWELVE, "eralash")
    totals = [rules.contracts[c].total for c in rules.schedule.deals]
    assert totals == [-16] * 6 + [16] * 6
    # The four-player prices: trick 2, heart 2, boy (jack or king) 2, girl 4, last two 8 each,
    # K♥ 16.
    prices = {
        "no_hearts": ("7H", -2),
        "no_boys": ("KC", -2),
        "no_girls": ("QD", -4),
        "no_king": ("KH", -16),
    }
    for cid, (card, price) in prices.items():
        assert rules.contracts[cid].price_of(Card.parse(card)) == price
    assert rules.contracts["no_boys"].price_of(Card.parse("JS")) == -2
    assert rules.contracts["no_tricks"].trick_values == (-2,) * 8
    assert rules.contracts["no_last_two"].trick_values == (0,) * 6 + (-8, -8)
    assert "eralash" not in rules.schedule.deals and "trumps" not in rules.schedule.deals


@pytest.mark.parametrize(("variant", "scheme"), [("simple", "twelve"), ("three-hand", "parlett36")])
def test_the_twelve_game_schemes_take_a_given_order_eralash_left_out(
    variant: str, scheme: str
) -> None:
    assert load_rules(variant, scheme=scheme).options["order"] == (*TWELVE, "eralash")
    order = ("no_king", "no_tricks", "no_boys", "no_girls", "no_hearts", "eralash", "no_last_two")
    rules = load_rules(variant, scheme=scheme, order=order)
    six = ["no_king", "no_tricks", "no_boys", "no_girls", "no_hearts", "no_last_two"]
    assert list(rules.schedule.deals) == [
        *six,
        *("king", "tricks", "boys", "girls", "hearts", "last_two"),
    ]
    # Given explicitly, the classic order is played too: a given order always wins.
    classic = load_rules(variant, scheme=scheme, order=NEGATIVE_GAMES)
    assert list(classic.schedule.deals[:6]) == NEG[:6]
    assert classic != load_rules(variant, scheme=scheme)
    # The other schemes keep the classic order by default.
    assert load_rules(variant).options["order"] == NEGATIVE_GAMES


@pytest.mark.parametrize(("players", "half"), [(2, 88), (3, 92), (4, 96), (5, 100), (6, 104)])
def test_twelve_with_any_player_count(players: int, half: int) -> None:
    rules = load_rules("simple", players=players, scheme="twelve")
    totals = [rules.contracts[c].total for c in rules.schedule.deals]
    assert sum(t for t in totals if t < 0) == -half
    assert sum(t for t in totals if t > 0) == half
    final = check_invariants(rules, seed=players)
    assert [r.contract for r in final.results] == [*TWELVE, *TWELVE_TWINS]
    assert sum(final.totals) == 0


def test_twelve_first_deal_by_hand_scores_no_tricks() -> None:
    # Deal 1 of the twelve-game match is no_tricks: seat 1 (eldest) holds the eight top
    # spades, so whatever is played he takes every trick: 8 tricks at 2.
    rules = load_rules("simple", scheme="twelve", boys="jacks+kings")
    assert rules.schedule.contract_for(1) == "no_tricks"
    deal = """
        no_tricks dealer=0
        0: AH KH QH JH TH 9H 8H 7H
        1: AS KS QS JS TS 9S 8S 7S
        2: AD KD QD JD TD 9D 8D 7D
        3: AC KC QC JC TC 9C 8C 7C
    """
    state = deal_from_text(rules, deal)
    for card in ("AS", "AD", "AC", "AH"):
        state = state.apply(Play(Card.parse(card)))
    assert state.tricks[-1].winner == 1
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.results[0].points == (0, -16, 0, 0)


def test_a_twelve_record_replays_with_the_order_it_was_played_in() -> None:
    rules = load_rules("simple", scheme="twelve")
    state = rules.new_match(seed=4)
    for _ in range(40):
        state = state.apply(state.legal_moves()[0])
    assert state.results[0].contract == "no_tricks" and state.contract == "no_hearts"
    loaded = kinglib.from_json(kinglib.to_json(state))
    assert loaded == state and loaded.rules == rules
    assert repr(rules) == "load_rules('simple', players=4, scheme='twelve')"


@pytest.mark.parametrize("scheme", ["otygrysh", "plus_eralash", "short"])
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_trump_schemes_need_four_players(scheme: str, players: int) -> None:
    with pytest.raises(RulesError) as refused:
        load_rules("simple", players=players, scheme=scheme)
    assert str(refused.value) == (
        f"simple: scheme {scheme!r} plays trump rounds in praise mode for 4 players, not {players}"
    )


def test_classic_still_takes_other_player_counts() -> None:
    assert load_rules("simple", players=3).schedule.length == 14


@pytest.mark.parametrize(("players", "half"), [(2, 176), (3, 184), (4, 192), (5, 200), (6, 208)])
def test_the_classic_halves_follow_the_pack(players: int, half: int) -> None:
    rules = load_rules("simple", players=players)
    totals = [rules.contracts[c].total for c in rules.schedule.deals]
    assert sum(t for t in totals if t < 0) == -half
    assert sum(t for t in totals if t > 0) == half
    assert len(rules.deck) == 8 * players


def test_plus_eralash_first_needs_its_scheme() -> None:
    with pytest.raises(RulesError) as refused:
        load_rules("simple", scheme="otygrysh", plus_eralash_first=True)
    assert str(refused.value) == (
        "option 'plus_eralash_first' applies only to scheme 'plus_eralash', not 'otygrysh'"
    )


def test_unknown_scheme() -> None:
    with pytest.raises(RulesError, match="scheme"):
        load_rules("simple", scheme="long")
    # the option refuses it first; the schedule builder, called directly, says the same
    with pytest.raises(RulesError) as refused:
        scheme_schedule("long", NEGATIVE_GAMES)
    assert str(refused.value) == (
        "unknown scheme 'long'; the schemes are: classic, otygrysh, plus_eralash, short, twelve"
    )


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


class BonusByScheme:
    """A house rule whose option ``bonus`` defaults to 10 in scheme twelve, else to 0."""

    @kinglib.hookimpl
    def kinglib_options(self, variant: str) -> tuple[kinglib.Option, ...]:
        return (
            kinglib.Option(
                "bonus",
                0,
                "a bonus",
                kind=int,
                default_for=lambda options, players: 10 if options["scheme"] == "twelve" else 0,
            ),
        )


def test_an_option_default_may_follow_other_options() -> None:
    plugin = BonusByScheme()
    assert load_rules("simple", plugins=[plugin]).options["bonus"] == 0
    twelve = load_rules("simple", scheme="twelve", plugins=[plugin])
    assert twelve.options["bonus"] == 10
    assert load_rules("simple", scheme="twelve", bonus="3", plugins=[plugin]).options["bonus"] == 3
    # The options keep their declared order, whatever order they were resolved in.
    assert list(twelve.options) == list(twelve.option_specs)
    assert "bonus" not in repr(twelve)
