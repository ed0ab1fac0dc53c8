"""The view-free random match agrees with the public API, move for move.

:func:`~kinglib.engine.random_match.random_match` plays random players without views and, where the
stock trick play rules, whole deals in the kernel; :func:`kinglib.play` with the same random
bots plays every move through ``State.apply``. Both must reach the same states, in every
variant and under any options (drawn from each variant's option specs).
"""

from __future__ import annotations

import contextlib
from typing import Any
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import kinglib
import kinglib.engine.flow
from kinglib import RulesError
from kinglib.engine.random_match import kernel_trick_play, random_match, random_outcome
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.players.bots import Bot, RandomBot
from kinglib.players.matches import game_seed, play_game
from tests.support import house_rules_sample

SIMPLE = kinglib.load_rules("simple")


def random_bots(rules: Rules, seed: int) -> list[Bot]:
    return [RandomBot(game_seed(seed, seat)) for seat in range(rules.players)]


def assert_same_match(rules: Rules, seed: int) -> State:
    """random_match and play() with random bots reach the same final state."""
    fast = random_match(rules, seed)
    public = kinglib.play(rules, random_bots(rules, seed), seed=seed)
    assert fast.is_over and public.is_over
    assert fast.moves == public.moves
    assert fast.past_moves == public.past_moves
    assert fast.totals == public.totals
    assert fast.results == public.results
    assert fast == public
    # What simulate keeps of the match, played on integers where the rules let it.
    outcome = random_outcome(rules, seed)
    moves = sum(len(deal) for deal in public.past_moves)
    assert (outcome.totals, outcome.winners, outcome.deals, outcome.moves) == (
        public.totals,
        public.winners,
        len(public.results),
        moves,
    )
    return fast


# --------------------------------------------------------------------------- the fast path


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_random_match_agrees_with_play_on_every_variant(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    finals = [assert_same_match(rules, game_seed(31, i)) for i in range(2)]
    # Different seeds give different matches: the comparison is not between two empty games.
    assert finals[0].moves != finals[1].moves
    assert all(len(f.results) >= 1 for f in finals)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_random_match_agrees_with_play_on_many_seeds(seed: int) -> None:
    assert_same_match(SIMPLE, seed)


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("simple", 3, {}),
        ("simple", 4, {"boys": "jacks+kings"}),
        ("three-hand", 3, {}),
    ],
)
def test_random_match_agrees_with_play_under_options(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    rules = kinglib.load_rules(variant, players=players, **options)
    for i in range(2):
        assert_same_match(rules, game_seed(5, i))


def test_random_match_follows_house_rules_that_restrict_moves() -> None:
    rules = kinglib.load_rules("simple", plugins=[house_rules_sample])
    changed = 0
    for i in range(3):
        seed = game_seed(2, i)
        final = assert_same_match(rules, seed)
        # The house rule is in force: the same seed plays differently without it.
        changed += final.moves != random_match(SIMPLE, seed).moves
    assert changed == 3


class ScoresTwice:
    """A house rule: a deal scores twice what the variant gives it (its wagers included)."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_score_deal(self, rules: Rules, state: State) -> Any:
        points = yield
        return tuple(2 * p for p in points)


def test_a_house_rule_scoring_deals_is_heard_after_an_opening_that_settles_them() -> None:
    """barbu's doubling rounds settle their deals on integers; another plugin's score counts."""
    plain = kinglib.load_rules("barbu")
    twice = kinglib.load_rules("barbu", plugins=[ScoresTwice()])
    for i in range(2):
        seed = game_seed(9, i)
        assert_same_match(twice, seed)
        assert random_outcome(twice, seed).totals == tuple(
            2 * t for t in random_outcome(plain, seed).totals
        )


def test_play_game_with_random_bots_is_the_public_match() -> None:
    seed = game_seed(8, 3)
    result = play_game(SIMPLE, None, seed)
    public = kinglib.play(SIMPLE, random_bots(SIMPLE, seed), seed=seed)
    assert result.totals == public.totals
    assert result.winners == public.winners
    assert result.deals == len(public.results) == 14
    assert result.moves == len(public.moves)


# --------------------------------------------------------------------------- raw card play


def kernel_deals(rules: Rules, seed: int) -> tuple[State, int]:
    """The final state of random_match, and how many deals the kernel played whole."""
    calls = 0

    def counted(name: str) -> Any:
        real = getattr(kinglib.engine.random_match, name)

        def call(*args: Any) -> Any:
            nonlocal calls
            calls += 1
            return real(*args)

        return call

    with contextlib.ExitStack() as stack:
        for name in ("play_deal",):  # the card play of a deal
            stack.enter_context(mock.patch(f"kinglib.engine.random_match.{name}", counted(name)))
        final = random_match(rules, seed)
    return final, calls


def public_deal_ends(rules: Rules, seed: int) -> tuple[State, list[State]]:
    """The final state of the public API's match and the state that ended each deal."""
    ends: list[State] = []
    real = kinglib.engine.flow.finish_deal

    def record(state: State, *, ended_early: bool) -> State:
        if state.tricks:
            ends.append(state)
        return real(state, ended_early=ended_early)

    # The trick play, and the phases of their own that end deals of trick play (domino's).
    with contextlib.ExitStack() as stack:
        for module in ("kinglib.engine.tricks", "kinglib_variants.domino"):
            stack.enter_context(mock.patch(f"{module}.finish_deal", record))
        final = kinglib.play(rules, random_bots(rules, seed), seed=seed)
    return final, ends


def assert_raw_play_is_public_play(rules: Rules, seed: int) -> State:
    """The kernel plays every deal of the match as the public API plays it, card for card."""
    assert kernel_trick_play(rules) is not None  # the raw card play is the one being compared
    fast, whole = kernel_deals(rules, seed)
    public, public_ends = public_deal_ends(rules, seed)
    assert fast == public
    assert fast.past_moves == public.past_moves and fast.results == public.results
    # The last deal's end is the same state, its tricks and taken cards included.
    assert fast.tricks == public.tricks and fast.taken_mask == public.taken_mask
    # Every deal with card play was played by the kernel (a trump round ended by a raspis has
    # none, nor a bidding deal that everyone passed to be dealt again, nor a deal laid out).
    assert public_ends
    played = [
        r
        for r in fast.results
        if not r.detail("raspis")
        and not r.detail("redeal")
        and rules.contracts[r.contract].trick_rules.trick_play
    ]
    assert whole == len(played) == len(public_ends)
    return fast


def option_values(rules: Rules, name: str) -> st.SearchStrategy[Any]:
    """The values worth trying for option ``name`` of ``rules``, read from its spec."""
    spec = rules.option_specs[name]
    if spec.choices is not None:
        return st.sampled_from(spec.choices)
    if spec.kind is bool:
        return st.booleans()
    if spec.kind is int:
        return st.sampled_from(sorted({spec.default, *range(rules.players)}))
    return st.just(spec.default)


@st.composite
def rules_with_options(draw: st.DrawFn, variant: str) -> Rules:
    """``variant`` with any player count and any values of its options, from their specs.

    A combination the variant refuses is skipped; a new option is tried without editing this.
    """
    players = draw(st.sampled_from(kinglib.load_rules(variant).info.players))
    plain = kinglib.load_rules(variant, players=players)
    options = {name: draw(option_values(plain, name)) for name in sorted(plain.option_specs)}
    try:
        return kinglib.load_rules(variant, players=players, **options)
    except RulesError:
        assume(False)
        raise


SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=60, deadline=None)
@given(rules=rules_with_options("simple"), seed=SEEDS)
def test_raw_card_play_agrees_with_play_under_every_option(rules: Rules, seed: int) -> None:
    assert_raw_play_is_public_play(rules, seed)


@pytest.mark.parametrize("variant", kinglib.variant_names())
@settings(max_examples=6, deadline=None)
@given(data=st.data(), seed=SEEDS)
def test_random_match_agrees_with_play_under_any_options(
    variant: str, data: st.DataObject, seed: int
) -> None:
    rules = data.draw(rules_with_options(variant))
    if kernel_trick_play(rules) is not None:
        assert_raw_play_is_public_play(rules, seed)
    else:
        assert_same_match(rules, seed)


@settings(max_examples=30, deadline=None)
@given(
    scheme=st.sampled_from(["otygrysh", "plus_eralash", "short"]),
    buying=st.booleans(),
    only_maker=st.booleans(),
    early_end=st.booleans(),
    seed=SEEDS,
)
def test_raw_card_play_agrees_with_play_in_trump_rounds(
    scheme: str, buying: bool, only_maker: bool, early_end: bool, seed: int
) -> None:
    rules = kinglib.load_rules(
        "simple",
        scheme=scheme,
        buying=buying,
        only_maker_leads_trump=only_maker,
        early_end=early_end,
    )
    final = assert_raw_play_is_public_play(rules, seed)
    # Trump rounds were dealt, and each one not ended by a raspis was played with a trump
    # (a match may, rarely, end every trump round in raspis).
    rounds = [r for r in final.results if r.contract == "trumps"]
    assert rounds
    assert all(r.trump is not None for r in rounds if not r.detail("raspis"))


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_raw_card_play_agrees_with_play_in_three_hand(seed: int) -> None:
    assert_raw_play_is_public_play(kinglib.load_rules("three-hand"), seed)


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, notrump=st.booleans())
def test_raw_card_play_agrees_with_play_in_ordered_trumps(seed: int, notrump: bool) -> None:
    rules = kinglib.load_rules("ordered", trumps=True, notrump=notrump)
    assert_raw_play_is_public_play(rules, seed)


@pytest.mark.parametrize(
    "variant",
    [v for v in kinglib.variant_names() if kernel_trick_play(kinglib.load_rules(v)) is not None],
)
def test_raw_card_play_agrees_with_play_in_every_variant_that_uses_it(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    for i in range(3):
        assert_raw_play_is_public_play(rules, game_seed(23, i))


def test_raw_card_play_covers_misere_and_notrump() -> None:
    """Over a few matches the trump rounds reach misère and notrump as well as suits."""
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    trumps: set[object] = set()
    for i in range(12):
        final = assert_raw_play_is_public_play(rules, game_seed(17, i))
        trumps.update(r.trump for r in final.results)
    assert {"misere", "notrump"} <= trumps
    assert trumps & set(kinglib.Suit)


def test_house_rules_and_trick_play_subclasses_keep_the_generic_path() -> None:
    assert kernel_trick_play(kinglib.load_rules("simple", plugins=[house_rules_sample])) is None
    # The jokers and the domino stock are rules of the kernel: their deals are played whole.
    for variant in ("jokers", "domino"):
        assert kernel_trick_play(kinglib.load_rules(variant)) is not None
    # The generic path still plays the house rule (and agrees with play()).
    rules = kinglib.load_rules("simple", plugins=[house_rules_sample])
    _, whole = kernel_deals(rules, game_seed(4, 0))
    assert whole == 0  # no deal went through the kernel's whole-deal play
    assert_same_match(rules, game_seed(4, 0))


def test_raw_card_play_ends_deals_early_only_with_early_end() -> None:
    for early_end in (True, False):
        rules = kinglib.load_rules("simple", early_end=early_end)
        final = assert_raw_play_is_public_play(rules, game_seed(6, 1))
        assert any(r.ended_early for r in final.results) is early_end
