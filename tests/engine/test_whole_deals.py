"""Whole deals and matches on integers, and the data and hooks that let a deal be played so.

A deal that no hook of the variant's own concerns is dealt, played and scored in the kernel;
these tests pin that the outcome is the one the public API reaches, and that each hook or rule
of a variant's own takes a deal off that path rather than being skipped.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import RulesError, Schedule, for_contracts, hookimpl
from kinglib.engine import kernel
from kinglib.engine.hook_calls import answered_by_defaults
from kinglib.engine.phases import Opening
from kinglib.engine.random_match import _plan, random_match, random_outcome
from kinglib.engine.state import State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import ChoicePlan, ChooseContract
from kinglib.kit.fan_tan import FanTanPlay, fan_tan_points
from kinglib.players.bots import RandomBot
from kinglib.players.matches import game_seed
from kinglib.plugins.hookspecs import contracts_of
from kinglib.testing import play_out
from kinglib.values.trick_rules import TrickRules
from kinglib_variants import barbu, brazilian
from kinglib_variants.domino import stock_order


def public(rules: kinglib.Rules, seed: int) -> State:
    bots = [RandomBot(game_seed(seed, seat)) for seat in range(rules.players)]
    return kinglib.play(rules, bots, seed=seed)


def outcome_of(final: State) -> tuple[Any, ...]:
    moves = sum(len(deal) for deal in final.past_moves)
    return (final.totals, final.winners, len(final.results), moves)


# ------------------------------------------------------------------------- the draws


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(1, 70), max_size=300))
def test_draws_taken_ahead_are_the_draws_of_choice(seed: int, sizes: list[int]) -> None:
    ahead = kernel.Draws(random.Random(seed).getrandbits, True)
    direct = kernel.Draws(random.Random(seed).getrandbits, False)
    reference = random.Random(seed)
    for n in sizes:
        expected = reference.choice(range(n))
        assert ahead.below(n) == direct.below(n) == expected


def test_draws_ahead_only_where_the_outputs_come_in_order() -> None:
    draws = kernel.Draws(random.Random(1).getrandbits, True)
    assert draws.ahead is kernel.WORDS_IN_ORDER


# ------------------------------------------------------------------------- whole matches


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("simple", {}),
        ("simple", {"players": 3}),
        ("simple", {"boys": "jacks+kings", "early_end": False}),
        ("three-hand", {}),
        ("jokers", {}),
        ("jokers", {"players": 3}),
        ("omnibus", {}),
        ("domino", {}),
        ("simple", {"scheme": "otygrysh"}),
        ("ordered", {"pool": "shared"}),
    ],
)
def test_the_outcome_is_the_public_matchs(variant: str, options: dict[str, Any]) -> None:
    rules = kinglib.load_rules(variant, **options)
    for i in range(3):
        seed = game_seed(71, i)
        final = public(rules, seed)
        got = random_outcome(rules, seed)
        assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(final)
        assert random_match(rules, seed) == final


def test_a_plain_match_is_played_whole_in_the_kernel() -> None:
    for variant in ("simple", "three-hand", "jokers"):
        plan = _plan(kinglib.load_rules(variant))
        assert not plan.needs_results and plan.match_deals is not None, variant
    # Trump rounds in praise mode are the kit's: the other deals of the match stay whole.
    plan = _plan(kinglib.load_rules("simple", scheme="otygrysh"))
    assert plan.needs_results and plan.match_deals is None
    assert plan.whole["no_tricks"] and not plan.whole["trumps"]


TURKISH_OPTIONS = st.fixed_dictionaries(
    {
        "direction": st.sampled_from(["counterclockwise", "clockwise"]),
        "trump_lead": st.sampled_from(["free", "broken"]),
        "heart_lead": st.sampled_from(["broken", "never"]),
        "penalty_duty": st.booleans(),
        "first_dealer": st.integers(0, 3),
    }
)


@settings(max_examples=12, deadline=None)
@given(options=TURKISH_OPTIONS, seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_a_match_of_chosen_deals_is_opened_deal_by_deal_on_integers(
    options: dict[str, Any], seed: int
) -> None:
    rules = kinglib.load_rules("turkish", **options)
    assert_opened_on_integers(rules, kinglib.Phase.CHOOSE, seed)


def assert_opened_on_integers(rules: kinglib.Rules, opener: kinglib.Phase, seed: int) -> None:
    """The match of ``seed`` is opened deal by deal by phase ``opener``, as on states.

    Each deal's opening holds the moves that open it on states, its contract, chooser and
    trump, and the details it settles with.
    """
    phase = rules.phases[opener]
    assert _plan(rules).deal_opener is phase
    openings: list[Opening] = []
    drawn = phase.open_deal_at_random

    def recorded(*args: Any) -> Opening:
        openings.append(drawn(*args))
        return openings[-1]

    phase.open_deal_at_random = recorded  # type: ignore[method-assign,assignment]
    try:
        got = random_outcome(rules, seed)
    finally:
        del phase.open_deal_at_random
    assert got.final is None
    final = public(rules, seed)
    assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(final)
    assert random_match(rules, seed) == final
    assert len(openings) == len(final.results)
    for opening, result, moves in zip(openings, final.results, final.past_moves):
        assert moves[: len(opening.moves)] == opening.moves
        assert opening.contract is not None and opening.contract.id == result.contract
        assert (opening.maker, opening.trump) == (result.chooser, result.trump)
        if opening.settle is not None:
            assert all(item in result.details for item in opening.details)


def assert_opened_on_states(rules: kinglib.Rules, seed: int) -> None:
    """The match of ``seed`` is not opened on integers, and still agrees with the public API."""
    assert _plan(rules).deal_opener is None
    got = random_outcome(rules, seed)
    assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(public(rules, seed))


KIERKI_OPTIONS = st.fixed_dictionaries(
    {
        "trump_chooser": st.sampled_from(["dealer", "eldest"]),
        "trump_cards": st.sampled_from([5, 7]),
        "notrump": st.booleans(),
        "must_trump": st.booleans(),
        "must_overtrump": st.booleans(),
        "fan_tan_start": st.sampled_from(["7", "any", "A", "2"]),
    }
)


@settings(max_examples=12, deadline=None)
@given(options=KIERKI_OPTIONS, seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_a_match_of_declared_deals_and_a_layout_is_played_on_integers(
    options: dict[str, Any], seed: int
) -> None:
    rules = kinglib.load_rules("kierki", **options)
    assert isinstance(_plan(rules).played_after_opening["fan_tan"], FanTanPlay)
    assert_opened_on_integers(rules, kinglib.Phase.DECLARE, seed)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    start=st.sampled_from(["7", "any", "K"]),
    dealer=st.integers(0, 3),
)
def test_a_layout_played_on_integers_is_the_layout_played_on_states(
    seed: int, start: str, dealer: int
) -> None:
    rules = kinglib.load_rules("kierki", fan_tan_start=start)
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    hands = [cards[13 * seat : 13 * seat + 13] for seat in range(4)]
    state = rules.new_deal("fan_tan", hands, dealer)
    layout = rules.phase_for(state)
    assert isinstance(layout, FanTanPlay) and layout.plays_deals_at_random()

    def draws() -> list[kernel.Draws]:
        return [kernel.Draws(random.Random(seed + s).getrandbits) for s in range(4)]

    end = layout.play_rest_at_random(state, draws())
    assert end is not None
    opening = Opening((), rules.contracts["fan_tan"])
    points, moves = layout.play_deal_at_random(opening, dealer, state.hands_mask, draws())
    assert points == fan_tan_points(end)
    assert sorted(points) == [-10, -5, 5, 10]
    assert moves == len(end.deal_moves)


BRAZILIAN_OPTIONS = st.fixed_dictionaries(
    {"order": st.sampled_from(["choice", "fixed"]), "notrump": st.booleans()}
)


@settings(max_examples=12, deadline=None)
@given(options=BRAZILIAN_OPTIONS, seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_a_match_of_auctioned_positives_is_played_on_integers(
    options: dict[str, Any], seed: int
) -> None:
    rules = kinglib.load_rules("brazilian", **options)
    choice = options["order"] == "choice"
    assert_opened_on_integers(rules, kinglib.Phase.CHOOSE if choice else kinglib.Phase.BID, seed)


def test_an_auction_drawn_at_once_is_the_auction_played_move_by_move() -> None:
    rules = kinglib.load_rules("brazilian", order="fixed")
    sold = kept = 0
    for i in range(40):
        final = public(rules, game_seed(13, i))
        for result in final.results:
            if result.contract != "trumps":
                continue
            details = dict(result.details)
            if "buyer" in details:
                sold += 1
                assert details["seller"] == result.dealer == result.chooser
            elif any(amount is not None for _, amount in details["offers"]):
                kept += 1
        got = random_outcome(rules, game_seed(13, i))
        assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(final)
        assert random_match(rules, game_seed(13, i)) == final
    # Random bids are seldom all passes; the two other ends were drawn.
    assert sold and kept


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 5])
def test_an_auction_drawn_at_once_reaches_the_state_its_moves_reach(seed: int | None) -> None:
    rules = kinglib.load_rules("brazilian", order="fixed", notrump=True)
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    state = rules.new_deal("trumps", [cards[13 * s : 13 * s + 13] for s in range(4)], dealer=2)
    assert state.phase is kinglib.Phase.BID
    # Draws of zeros: every bidder passes and the dealer names the first trump.
    bits = (lambda k: 0) if seed is None else random.Random(seed).getrandbits
    draws = [kernel.Draws(bits) for _ in range(4)]
    opening = rules.phases[kinglib.Phase.BID].open_at_random(state, draws)
    assert opening is not None and opening.contract is not None and opening.settle is not None
    for move in opening.moves:
        state = state.apply(move)
    assert state.phase is kinglib.Phase.PLAY
    assert (state.trump, state.maker, state.to_move) == (opening.trump, opening.maker, 2)
    assert opening.details == brazilian.kinglib_deal_details(state)
    if seed is None:
        assert opening.moves == (*[kinglib.Pass()] * 3, kinglib.Declare(kinglib.Suit.SPADES))
    # The points settled are those the variant scores for the tricks taken.
    end = play_out(state)
    assert sum(end.tricks_taken) == 13
    points = tuple(25 * n for n in end.tricks_taken)
    assert opening.settle(points) == end.results[-1].points


def test_raspis_keeps_the_auction_on_states() -> None:
    for order in ("choice", "fixed"):
        rules = kinglib.load_rules("brazilian", order=order, renounce=True)
        assert not rules.phases[kinglib.Phase.BID].opens_every_deal()
        for i in range(3):
            assert_opened_on_states(rules, game_seed(21, i))
    # Once raspis may be declared, the auction is not drawn at once from its first bid.
    fixed = kinglib.load_rules("brazilian", order="fixed", renounce=True)
    state = fixed.new_match(seed=3)
    while state.contract != "trumps":
        state = play_out(state, deal_only=True)
    assert state.phase is kinglib.Phase.BID and not state.deal_moves
    draws = [kernel.Draws(random.Random(s).getrandbits) for s in range(4)]
    assert fixed.phases[kinglib.Phase.BID].open_at_random(state, draws) is None
    # The fixed order opens at the auction, the dealer's choice at the choice: one opener each.
    choice = kinglib.load_rules("brazilian")
    assert not choice.phases[kinglib.Phase.BID].opens_every_deal()
    assert choice.phases[kinglib.Phase.CHOOSE].opens_every_deal()


BARBU_OPTIONS = st.fixed_dictionaries(
    {
        "rotation": st.sampled_from(["seven", "each"]),
        "heart_lead": st.sampled_from(["never", "broken", "free"]),
        "trump_overtrump": st.booleans(),
        "must_trump": st.booleans(),
        "fan_tan_start": st.sampled_from(["declare", "J", "2"]),
        "doubling": st.booleans(),
        "min_doubles": st.integers(0, 7),
        "first_dealer": st.integers(0, 3),
    }
)


@settings(max_examples=12, deadline=None)
@given(options=BARBU_OPTIONS, seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_a_match_of_doubled_deals_is_played_on_integers(options: dict[str, Any], seed: int) -> None:
    rules = kinglib.load_rules("barbu", **options)
    assert isinstance(_plan(rules).played_after_opening["fan_tan"], FanTanPlay)
    assert not _plan(rules).phase_scored["fan_tan"]
    assert_opened_on_integers(rules, kinglib.Phase.CHOOSE, seed)


def test_the_doubles_owed_are_read_from_the_openings_before() -> None:
    # Every non-dealer owes the dealer a double in each of his deals: the doubling round
    # offers only doubles that name him, and the match opened on integers agrees.
    rules = kinglib.load_rules("barbu", min_doubles=7)
    for i in range(3):
        seed = game_seed(17, i)
        final = public(rules, seed)
        for result in final.results:
            doubled_dealer = {a for a, b, _ in dict(result.details)["wagers"] if b == result.dealer}
            assert doubled_dealer == set(range(4)) - {result.dealer}
        assert_opened_on_integers(rules, kinglib.Phase.CHOOSE, seed)


class BarbuChoiceOfMyOwn(barbu.BarbuChoice):
    """A choice whose legal moves are its own (the same ones)."""

    def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
        return super().legal_moves(state)


class BarbuApplyOfMyOwn(barbu.BarbuChoice):
    """A choice whose effect is its own (the same one)."""

    def apply(self, state: State, move: kinglib.Move) -> State:
        return super().apply(state, move)


class RoundsOfMyOwn(barbu.DoublingRounds):
    """Doubling rounds of a house rule's own (the same ones)."""


class DeclarationOfMyOwn(barbu.BarbuDeclaration):
    """A declaration of a house rule's own (the same one)."""


class OwnRounds:
    """A house rule that plays barbu's doubling rounds with a phase of its own."""

    @staticmethod
    @hookimpl
    def kinglib_phases(rules: kinglib.Rules) -> dict[kinglib.Phase, Any]:
        return {kinglib.Phase.DOUBLE: RoundsOfMyOwn(rules)}


class OwnDeclaration:
    """A house rule that names barbu's trump and start rank with a phase of its own."""

    @staticmethod
    @hookimpl
    def kinglib_phases(rules: kinglib.Rules) -> dict[kinglib.Phase, Any]:
        return {kinglib.Phase.DECLARE: DeclarationOfMyOwn()}


def test_barbus_deals_are_opened_on_integers_only_with_its_own_phases() -> None:
    rules = kinglib.load_rules("barbu")
    plan = barbu.PLAN
    assert barbu.BarbuChoice(rules, plan, barbu.after_choice).opens_every_deal()
    assert not barbu.BarbuChoice(rules, plan, start_play).opens_every_deal()
    assert not BarbuChoiceOfMyOwn(rules, plan, barbu.after_choice).opens_every_deal()
    assert not BarbuApplyOfMyOwn(rules, plan, barbu.after_choice).opens_every_deal()
    for plugin in (OwnRounds, OwnDeclaration):
        assert_opened_on_states(kinglib.load_rules("barbu", plugins=[plugin]), game_seed(6, 1))


def test_the_kits_choice_names_the_trump_only_through_its_own_declaration() -> None:
    # Kierki's DECLARE phase is its declaration on the first cards, not the kit's DeclareTrump.
    kierki = kinglib.load_rules("kierki")
    negatives = ChoicePlan(deals=12, shared=(("no_tricks", 12),))
    with_trumps = ChoicePlan(deals=12, shared=(("no_tricks", 8), ("trumps", 4)))
    assert ChooseContract(kierki, negatives, start_play, opens_deals=True).opens_every_deal()
    assert not ChooseContract(kierki, with_trumps, start_play, opens_deals=True).opens_every_deal()


def test_a_layout_led_by_its_maker_starts_with_the_maker() -> None:
    rules = kinglib.load_rules("kierki")
    cards = list(rules.deck)
    random.Random(8).shuffle(cards)
    state = rules.new_deal("fan_tan", [cards[13 * s : 13 * s + 13] for s in range(4)], dealer=0)
    layout = rules.phase_for(state)
    assert isinstance(layout, FanTanPlay)
    led = attrs.evolve(
        rules.contracts["fan_tan"], trick_rules=TrickRules(phase="fan_tan", leader="maker")
    )

    def draws() -> list[kernel.Draws]:
        return [kernel.Draws(random.Random(40 + s).getrandbits) for s in range(4)]

    points, moves = layout.play_deal_at_random(
        Opening((), led, None, 2), 0, state.hands_mask, draws()
    )
    end = layout.play_rest_at_random(state.evolve(to_move=2), draws())
    assert end is not None and end.to_move is None
    assert (points, moves) == (fan_tan_points(end), len(end.deal_moves))
    first = layout.play_rest_at_random(state, draws())
    assert first is not None and first.deal_moves != end.deal_moves


class LayoutOfMyOwn(FanTanPlay):
    """A fan-tan whose moves are its own (the same ones)."""

    def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
        return super().legal_moves(state)


class LayoutPrices:
    """A house rule that scores the fan-tan itself: every seat one point."""

    @staticmethod
    @hookimpl(tryfirst=True)
    @for_contracts("fan_tan")
    def kinglib_score_deal(rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        return (1,) * rules.players


def test_a_layout_is_played_on_integers_only_as_its_module_scores_it() -> None:
    kierki = kinglib.load_rules("kierki")
    declare = kierki.phases[kinglib.Phase.DECLARE]
    assert declare.opens_every_deal()
    # A plugin that scores the layout, or opens the deals, keeps the match on states.
    for plugin in (LayoutPrices, OwnOpening):
        assert_opened_on_states(kinglib.load_rules("kierki", plugins=[plugin]), game_seed(4, 2))
    assert (
        "fan_tan"
        not in _plan(kinglib.load_rules("kierki", plugins=[LayoutPrices])).played_after_opening
    )
    # A layout with moves of its own plays on states.
    assert not LayoutOfMyOwn(kierki).plays_deals_at_random()
    assert FanTanPlay(kierki).plays_deals_at_random()
    # A phase plays no deal on integers unless it says so.
    trick_play = kierki.phases[kinglib.Phase.PLAY]
    assert not trick_play.plays_deals_at_random()
    with pytest.raises(NotImplementedError, match="plays no deal without its state"):
        trick_play.play_deal_at_random(Opening(()), 0, (), ())


class OwnOpening:
    """A house rule that wraps the opening of each deal (and changes nothing)."""

    @staticmethod
    @hookimpl(wrapper=True)
    def kinglib_begin_deal(rules: kinglib.Rules, state: State) -> Any:
        return (yield)


class ChoiceOfMyOwn(ChooseContract):
    """A choice whose legal moves are its own (the same ones)."""

    def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
        return super().legal_moves(state)


def test_the_deals_are_opened_on_integers_only_on_the_variants_word() -> None:
    turkish = kinglib.load_rules("turkish")
    choose = turkish.phases[kinglib.Phase.CHOOSE]
    assert isinstance(choose, ChooseContract) and choose.opens_every_deal()
    # The variant's word is not enough when a plugin opens the deals or filters the moves.
    for plugin in (OwnOpening, NoSpadeLeads):
        assert_opened_on_states(kinglib.load_rules("turkish", plugins=[plugin]), game_seed(9, 1))
    # A choice without the word, or with legal moves of its own, opens on states.
    plan, proceed = choose.plan, choose.proceed
    assert not ChooseContract(turkish, plan, proceed).opens_every_deal()
    assert not ChoiceOfMyOwn(turkish, plan, proceed, opens_deals=True).opens_every_deal()
    assert ChooseContract(turkish, plan, proceed, opens_deals=True).opens_every_deal()
    # A phase says nothing of the kind unless it says so.
    trick_play = turkish.phases[kinglib.Phase.PLAY]
    assert not trick_play.opens_every_deal()
    with pytest.raises(NotImplementedError, match="opens no deal without its state"):
        trick_play.open_deal_at_random(1, (), ())


class Doubled:
    """A house rule that wraps the scoring: every deal scores twice."""

    @staticmethod
    @hookimpl(wrapper=True)
    def kinglib_score_deal(rules: kinglib.Rules, state: State) -> Any:
        points = yield
        return None if points is None else tuple(2 * p for p in points)


def test_a_hook_of_a_plugin_takes_the_deals_off_the_integer_path() -> None:
    rules = kinglib.load_rules("simple", plugins=[Doubled])
    plan = _plan(rules)
    assert plan.needs_results and not plan.whole["no_tricks"]
    seed = game_seed(2, 2)
    got = random_outcome(rules, seed)
    plain = random_outcome(kinglib.load_rules("simple"), seed)
    assert got.totals == tuple(2 * t for t in plain.totals)
    assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(public(rules, seed))


class Scoped:
    """A scoring hook that concerns no_king deals only: one point less for everyone."""

    @staticmethod
    @hookimpl(tryfirst=True)
    @for_contracts("no_king")
    def kinglib_score_deal(rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        return (-1,) * rules.players


def test_a_hook_for_some_contracts_leaves_the_others_whole() -> None:
    rules = kinglib.load_rules("simple", plugins=[Scoped])
    pm = rules.plugin_manager
    assert answered_by_defaults(pm, "kinglib_score_deal", "no_tricks")
    assert not answered_by_defaults(pm, "kinglib_score_deal", "no_king")
    plan = _plan(rules)
    assert plan.whole["no_tricks"] and not plan.whole["no_king"]
    seed = game_seed(5, 1)
    final = public(rules, seed)
    assert [r.points for r in final.results if r.contract == "no_king"] == [(-1, -1, -1, -1)]
    got = random_outcome(rules, seed)
    assert (got.totals, got.winners, got.deals, got.moves) == outcome_of(final)


def test_for_contracts_calls_its_hook_only_for_its_contracts() -> None:
    calls: list[str] = []

    @for_contracts("no_king", "choose")
    def details(rules: kinglib.Rules, state: State) -> Sequence[tuple[str, Any]]:
        calls.append(state.contract or "?")
        return (("seen", True),)

    assert contracts_of(details) == frozenset({"no_king", "choose"})
    rules = kinglib.load_rules("simple")
    given = rules.new_deal("no_king", _hands(), dealer=3)
    other = rules.new_deal("no_tricks", _hands(), dealer=3)
    assert details(rules, given) == (("seen", True),)
    assert details(rules, other) is None
    assert details(rules=rules, state=given) == (("seen", True),)
    assert calls == ["no_king", "no_king"]
    with pytest.raises(TypeError, match="takes the deal's state"):
        for_contracts("x")(lambda rules: None)
    with pytest.raises(TypeError, match="contract ids"):
        for_contracts(3)  # type: ignore[arg-type]


def _hands() -> list[str]:
    return [
        "AH 7H AS 7S AD 7D AC 7C",
        "KH 8H KS 8S KD 8D KC 8C",
        "QH 9H QS 9S QD 9D QC 9C",
        "JH TH JS TS JD TD JC TC",
    ]


# ------------------------------------------------------------------------- data of the match


def test_a_schedule_with_until_ends_on_a_total() -> None:
    schedule = Schedule(repeat="domino", until=-31)
    assert schedule.over_after(3, (0, -30, -5)) is False
    assert schedule.over_after(3, (0, -31, -5)) is True
    assert Schedule(repeat="domino").over_after(3, (0, -40)) is None
    assert Schedule(deals=("a", "b")).over_after(2, (0,)) is True
    final = random_match(kinglib.load_rules("domino"), 4)
    assert min(final.totals) <= -31
    before = [sum(r.points[s] for r in final.results[:-1]) for s in range(4)]
    assert min(before) > -31


class Piles:
    """A house rule that lays two cards aside as a kitty in simple with two players."""

    @staticmethod
    @hookimpl
    def kinglib_deal_piles(rules: kinglib.Rules) -> Mapping[str, int]:
        return {"kitty": 4}


def test_the_piles_laid_aside_are_data() -> None:
    rules = kinglib.load_rules("simple", plugins=[Piles])
    assert dict(rules.deal_piles) == {"kitty": 4}
    dealt = rules.deal(0, rules.rng(1, 1))
    assert len(dict(dealt.piles)["kitty"]) == 4 and {len(h) for h in dealt.hands} == {7}

    class Uneven:
        @staticmethod
        @hookimpl
        def kinglib_deal_piles(rules: kinglib.Rules) -> Mapping[str, int]:
            return {"kitty": 3}

    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("simple", plugins=[Uneven])
    assert str(refused.value) == (
        "kinglib_deal_piles of simple lays 3 of the 32 cards aside, and the 29 left do not "
        "divide among 4 hands"
    )

    class Odd:
        @staticmethod
        @hookimpl
        def kinglib_deal_piles(rules: kinglib.Rules) -> Mapping[str, Any]:
            return {"kitty": "two"}

    with pytest.raises(RulesError, match="it maps pile names to whole numbers of cards"):
        kinglib.load_rules("simple", plugins=[Odd])


class SevenEach:
    """A house rule: the same seat deals seven deals in a row."""

    @staticmethod
    @hookimpl
    def kinglib_dealer(rules: kinglib.Rules, deal_number: int) -> int:
        return rules.next_seat(int(rules.options["first_dealer"]), (deal_number - 1) // 7)


def test_the_dealer_of_each_deal_is_a_hook() -> None:
    rules = kinglib.load_rules("simple", plugins=[SevenEach])
    assert [rules.dealer_for(n) for n in range(1, 15)] == [0] * 7 + [1] * 7
    final = random_match(rules, 9)
    assert [r.dealer for r in final.results] == [0] * 7 + [1] * 7
    assert final == public(rules, 9)

    class Nowhere:
        @staticmethod
        @hookimpl
        def kinglib_dealer(rules: kinglib.Rules, deal_number: int) -> int:
            return 9

    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("simple", plugins=[Nowhere]).new_match(1)
    assert str(refused.value) == ("kinglib_dealer of simple gave 9 for deal 1: a seat from 0 to 3")


class King2:
    """A house rule that plays by another default: the K♥ is never forced."""

    @staticmethod
    @hookimpl
    def kinglib_option_defaults(variant: str) -> Mapping[str, Any]:
        return {"king_forced": False}


def test_a_plugin_changes_an_options_default() -> None:
    rules = kinglib.load_rules("simple", plugins=[King2])
    assert rules.options["king_forced"] is False
    assert rules.option_specs["king_forced"].default is False
    assert not rules.contracts["no_king"].king_on_void
    # A value the caller gives still wins.
    assert kinglib.load_rules("simple", plugins=[King2], king_forced=True).options["king_forced"]

    class Unknown:
        @staticmethod
        @hookimpl
        def kinglib_option_defaults(variant: str) -> Mapping[str, Any]:
            return {"colour": "red"}

    with pytest.raises(RulesError, match="a default for 'colour', which is no option of simple"):
        kinglib.load_rules("simple", plugins=[Unknown])

    class Bad:
        @staticmethod
        @hookimpl
        def kinglib_option_defaults(variant: str) -> Mapping[str, Any]:
            return {"king_forced": "perhaps"}

    with pytest.raises(RulesError, match="option 'king_forced' is true or false, not 'perhaps'"):
        kinglib.load_rules("simple", plugins=[Bad])


# ------------------------------------------------------------------------- given deals


def _seeded_deals(rules: kinglib.Rules, seed: int, count: int) -> list[list[str]]:
    deals = []
    for number in range(1, count + 1):
        dealt = rules.deal(rules.dealer_for(number), rules.rng(seed, number))
        deals.append([str(hand) for hand in dealt.hands])
    return deals


def test_a_match_from_given_deals_plays_those_deals_and_keeps_them() -> None:
    rules = kinglib.load_rules("simple")
    deals = _seeded_deals(rules, 5, 14)
    final = play_out(rules.new_match(deals=deals), rng=random.Random(1))
    assert len(final.results) == 14
    seeded = play_out(rules.new_match(5), rng=random.Random(1))
    assert final.results == seeded.results and final.past_moves == seeded.past_moves
    text = kinglib.to_json(final)
    assert '"deals"' in text and '"seed"' not in text
    assert kinglib.from_json(text) == final


def test_given_deals_keep_the_order_they_are_written_in() -> None:
    rules = kinglib.load_rules("domino")
    state = rules.new_match(seed=3)
    hands = [str(h) for h in state.hands]
    stock = "AS KS QS JS TS 9S 8S 7S"  # a stock written in this order is drawn in it
    others = kinglib.CardSet.from_mask(rules.deck.mask & ~kinglib.CardSet.parse(stock).mask)
    six = [" ".join(str(c) for c in list(others)[k * 6 : (k + 1) * 6]) for k in range(4)]
    given = rules.new_match(deals=[{"hands": six, "stock": stock}])
    assert [str(c) for c in stock_order(given)] == stock.split()
    assert [str(h) for h in given.hands] == [str(kinglib.CardSet.parse(h)) for h in six]
    assert hands != [str(h) for h in given.hands]


def test_playing_past_the_deals_given_is_refused_and_changes_nothing() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(deals=_seeded_deals(rules, 8, 1))
    rng = random.Random(2)
    while True:
        move = rng.choice(state.legal_moves())
        try:
            after = state.apply(move)
        except RulesError as exc:
            assert str(exc) == (
                "the match was given 1 deals and is not over: deal 2 was not given (give more "
                "deals to Rules.new_match)"
            )
            assert state.deal_number == 1 and not state.is_over
            break
        state = after


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ([], "deals is a non-empty list of deals, not []"),
        ("AS KS", "deals is a non-empty list of deals, not 'AS KS'"),
        ([{"hand": []}], "deals[0]: unknown key 'hand' (a deal takes hands, widow, stock, kitty)"),
        ([{"stock": "AS"}], "deals[0]: the deal has no 'hands'"),
        ([["AS"] * 4], "deals[0]: AS is dealt twice: to seat 0 and seat 1"),
    ],
)
def test_bad_given_deals_are_refused_naming_the_deal(deals: Any, message: str) -> None:
    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("simple").new_match(deals=deals)
    assert str(refused.value) == message


# ------------------------------------------------------------------------- refusals


class NoSpadeLeads:
    """A variant's rule as a filter: no spade may be led, and it says why."""

    @staticmethod
    @hookimpl
    def kinglib_legal_moves(state: State, moves: tuple[Any, ...]) -> tuple[Any, ...] | None:
        if state.trick:
            return None
        kept = tuple(m for m in moves if not (isinstance(m, kinglib.Play) and m.card.suit == 0))
        return kept or None

    @staticmethod
    @hookimpl
    def kinglib_refusal(state: State, move: Any) -> str | None:
        return "no spade may be led in this house"


def test_a_filter_gives_its_own_reason() -> None:
    rules = kinglib.load_rules("simple", plugins=[NoSpadeLeads])
    state = rules.new_deal("no_tricks", _hands(), dealer=3)
    with pytest.raises(kinglib.IllegalMoveError) as refused:
        state.apply(kinglib.Play(kinglib.Card.parse("AS")))
    assert str(refused.value) == "seat 0 may not play AS: no spade may be led in this house"


def test_the_seats_a_speaker_may_double_follow_the_wagers_so_far() -> None:
    rules = kinglib.load_rules("barbu")
    rounds = rules.phases[kinglib.Phase.DOUBLE]
    assert isinstance(rounds, barbu.DoublingRounds)
    cards = list(rules.deck)
    hands = [cards[13 * s : 13 * s + 13] for s in range(4)]
    state = rules.new_deal("no_tricks", hands, dealer=0)
    assert (state.phase, state.to_move) == (kinglib.Phase.DOUBLE, 1)
    assert rounds.targets(state, rounds.rounds(state), 1) == (0, 2, 3)
    state = state.apply(kinglib.Double((2,)))
    # Seat 2 has a wager with seat 1 now: he may double the others only.
    assert rounds.targets(state, rounds.rounds(state), 2) == (0, 3)
    trumps = rules.new_deal("trumps", hands, dealer=3, trump=kinglib.Suit.SPADES)
    assert rounds.targets(trumps, rounds.rounds(trumps), 0) == (3,)
