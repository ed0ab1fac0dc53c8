"""The public variant kit: a new variant composed from it, known by name without installing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from rich.console import Console

import kinglib
from kinglib.apps.rule_tables import schedule_table
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, Phase, State
from kinglib.kit.choosing import (
    ChoicePlan,
    ChooseContract,
    DeclareTrump,
    check_given_trump,
    trump_declarations,
)
from kinglib.kit.full_pack import threshold_reached
from kinglib.kit.widow import DiscardCards, WidowShown, take_widow, with_pile
from kinglib.plugins import manager as plugins
from kinglib.plugins.invariants import Invariants
from kinglib.testing import check_invariants, deal_from_text
from kinglib.values.cards import Rank, Suit, deck_mask
from kinglib.values.contracts import Contract, Prices, king_contracts
from kinglib.values.moves import Choose, Declare, Discard
from kinglib_variants.ordered import choice_plan

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("no_tricks", "no_hearts", "no_king")
PRICES = Prices(trick=2, heart=2, king=26)


class DealerChooses(ChoicePlan):
    def chooser_of(self, rules: Rules, deal_number: int) -> int:
        return rules.dealer_for(deal_number)


PLAN = DealerChooses(deals=12, per_player=tuple((g, 1) for g in GAMES))


def to_play(state: State) -> State:
    return state.evolve(phase=Phase.PLAY, to_move=state.eldest)


class TinyBarbu:
    """Three penalty games, each chosen once by each dealer, on the full pack."""

    @staticmethod
    @kinglib.hookimpl
    def kinglib_variant_info() -> kinglib.VariantInfo:
        return kinglib.VariantInfo(
            name="tiny-barbu", title="Tiny Barbu", players=(4,), default_players=4
        )

    @staticmethod
    @kinglib.hookimpl
    def kinglib_deck(rules: Rules) -> kinglib.CardSet:
        return kinglib.CardSet.from_mask(deck_mask(Rank.TWO))

    @staticmethod
    @kinglib.hookimpl
    def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
        return dict(king_contracts(PRICES, deck=rules.deck.mask, tricks=13, games=GAMES))

    @staticmethod
    @kinglib.hookimpl
    def kinglib_schedule(rules: Rules) -> kinglib.Schedule:
        return kinglib.Schedule(deals=("choose",) * PLAN.deals)

    @staticmethod
    @kinglib.hookimpl
    def kinglib_phases(rules: Rules) -> dict[Phase, ChooseContract]:
        return {Phase.CHOOSE: ChooseContract(rules, PLAN, to_play)}

    @staticmethod
    @kinglib.hookimpl
    def kinglib_begin_deal(rules: Rules, state: State) -> State | None:
        if state.setup.deal is not None:
            return None
        return state.evolve(phase=Phase.CHOOSE, to_move=state.dealer)

    @staticmethod
    @kinglib.hookimpl
    def kinglib_invariants(rules: Rules) -> Invariants:
        return Invariants(deals=PLAN.deals)


def test_a_variant_from_the_kit_plays_and_keeps_its_promises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plugins, "_ADDED", {})  # known to this test only
    assert kinglib.add_variant(TinyBarbu) == "tiny-barbu"
    assert "tiny-barbu" in kinglib.variant_names()
    rules = kinglib.load_rules("tiny-barbu")
    final = check_invariants(rules, 4)
    assert [r.chooser for r in final.results] == [r.dealer for r in final.results]
    assert sum(final.totals) == 4 * (-26 - 26 - 26)
    first = rules.new_match(4)
    with pytest.raises(kinglib.IllegalMoveError, match="no_girls is not one of the contracts"):
        first.apply(Choose("no_girls"))
    console = Console(width=120, record=True)
    console.print(schedule_table(rules))
    text = console.export_text()
    assert "contracts chosen by the dealer" in text
    assert "once by each player" in text


def test_a_built_in_name_cannot_be_taken() -> None:
    class Impostor:
        @staticmethod
        @kinglib.hookimpl
        def kinglib_variant_info() -> kinglib.VariantInfo:
            return kinglib.VariantInfo(name="simple", title="x", players=(4,), default_players=4)

    with pytest.raises(kinglib.RulesError, match="'simple' is a built-in variant"):
        kinglib.add_variant(Impostor)


def test_the_built_in_variants_register_the_trump_rounds_as_a_plugin() -> None:
    from kinglib.kit import trump_rounds

    for variant in ("simple", "three-hand"):
        pm = kinglib.load_rules(variant).plugin_manager
        assert pm.get_name(trump_rounds) == "kinglib.kit.trump_rounds"
        own = pm.get_plugin(f"kinglib.variant.{variant}")
        assert not hasattr(own, "kinglib_begin_deal")


@pytest.mark.parametrize("example", ["dos_variant", "house_rules"])
def test_the_examples_import_no_private_name(example: str) -> None:
    for path in (ROOT / "examples" / example).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module not in (None, "__future__"):
                private = [p for p in node.module.split(".") if p.startswith("_")]
                private += [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports {node.module}: {private}"


def test_the_kit_imports_nothing_from_the_built_in_variants() -> None:
    # The kit is for any variant: it stands on the core alone.
    for path in (ROOT / "src" / "kinglib" / "kit").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            for module in modules:
                assert module.split(".")[0] != "kinglib_variants", f"{path.name} imports {module}"


# ------------------------------------------------------------------ choosing: the plan

ORDERED = kinglib.load_rules("ordered", trumps=True)  # four seats, the first dealer is seat 0
# Seat 1 chooses deals 1, 5 and 9, seat 2 deals 2, 6, 10, seat 3 deals 3, 7, 11, seat 0 deals
# 4, 8, 12: three turns each. The shared pool has no_tricks once and no_hearts three times;
# every seat owes trumps and no_king once each.
SHARED_AND_OWED = ChoicePlan(
    deals=12,
    shared=(("no_tricks", 1), ("no_hearts", 3)),
    per_player=(("trumps", 1), ("no_king", 1)),
)


def chosen(deal_number: int, *picks: tuple[int, str]) -> State:
    """A match of ``ORDERED`` at ``deal_number`` after the deals ``picks`` (chooser, contract)."""
    results = tuple(
        DealResult(contract=contract, points=(0, 0, 0, 0), chooser=seat) for seat, contract in picks
    )
    return ORDERED.new_match(1).evolve(deal_number=deal_number, results=results)


def test_the_plan_counts_turns_pools_and_quotas_from_the_results() -> None:
    plan = SHARED_AND_OWED
    assert plan.order == ("no_tricks", "no_hearts", "trumps", "no_king")
    assert [plan.chooser_of(ORDERED, k) for k in range(1, 13)] == [1, 2, 3, 0] * 3
    assert [plan.turns_left(ORDERED, 1, k) for k in (1, 2, 5, 6, 9, 10)] == [3, 2, 2, 1, 1, 0]
    assert [plan.turns_left(ORDERED, 0, k) for k in (1, 4, 5, 12)] == [3, 3, 2, 1]
    state = chosen(5, (1, "trumps"), (2, "no_hearts"), (3, "no_tricks"), (0, "no_hearts"))
    assert plan.used(state, 1) == (
        {"trumps": 1, "no_hearts": 2, "no_tricks": 1},
        {"trumps": 1},
    )
    assert plan.used(state, 0) == ({"trumps": 1, "no_hearts": 2, "no_tricks": 1}, {"no_hearts": 1})
    assert plan.pool_left(state) == {"no_tricks": 0, "no_hearts": 1}
    assert plan.quotas_left(state, 1) == {"trumps": 0, "no_king": 1}
    assert plan.quotas_left(state, 2) == {"trumps": 1, "no_king": 1}
    # Seat 1 owes one contract and has two turns: free to take from the pool.
    assert plan.choices(state, 1) == ("no_hearts", "no_king")
    # Seat 2 owes two contracts and has two turns (deals 6 and 10): forced.
    assert plan.choices(state, 2) == ("trumps", "no_king")
    assert plan.choices(chosen(1), 1) == ("no_tricks", "no_hearts", "trumps", "no_king")


def test_the_plan_says_why_a_contract_may_not_be_chosen_word_for_word() -> None:
    plan = SHARED_AND_OWED
    state = chosen(5, (1, "trumps"), (2, "no_hearts"), (3, "no_tricks"), (0, "no_hearts"))
    assert plan.why_not(state, 1, "no_hearts") is None
    assert plan.why_not(state, 1, "no_king") is None
    assert plan.why_not(state, 1, "trumps") == (
        "seat 1 has already chosen trumps once, as often as he may"
    )
    assert plan.why_not(state, 1, "no_tricks") == (
        "no_tricks has already been played and may not be chosen again"
    )
    # A shared contract allowed three times, chosen three times.
    thrice = chosen(5, (1, "no_hearts"), (2, "no_hearts"), (3, "no_hearts"), (0, "trumps"))
    assert plan.why_not(thrice, 1, "no_hearts") == (
        "no_hearts has already been played 3 times, as often as it may be, and may not be "
        "chosen again"
    )
    assert plan.why_not(state, 1, "no_boys") == (
        "no_boys is not one of the contracts chosen here (no_tricks, no_hearts, trumps, no_king)"
    )
    assert plan.why_not(state, 2, "no_hearts") == (
        "seat 2 has as many turns left as contracts he still owes "
        "(trumps 1 more time, no_king 1 more time) and must choose one of them"
    )
    # A quota used up is left out of what is owed.
    state = chosen(9, (1, "trumps"), (2, "no_hearts"), (3, "no_tricks"), (0, "no_hearts"))
    assert plan.choices(state, 1) == ("no_king",)
    assert plan.why_not(state, 1, "no_hearts") == (
        "seat 1 has as many turns left as contracts he still owes (no_king 1 more time) "
        "and must choose one of them"
    )


def test_a_quota_of_two_is_counted_in_the_messages() -> None:
    # Six deals: seat 1 chooses deals 1 and 5 and owes two trump rounds, so he is forced.
    plan = ChoicePlan(deals=6, shared=(("no_tricks", 1),), per_player=(("trumps", 2),))
    start = chosen(1)
    assert plan.choices(start, 1) == ("trumps",)
    assert plan.why_not(start, 1, "no_tricks") == (
        "seat 1 has as many turns left as contracts he still owes (trumps 2 more times) "
        "and must choose one of them"
    )
    twice = chosen(6, *((seat % 4, "trumps") for seat in range(1, 6)))
    assert plan.quotas_left(twice, 1) == {"trumps": 0}
    assert plan.why_not(twice, 1, "trumps") == (
        "seat 1 has already chosen trumps 2 times, as often as he may"
    )


def test_choosing_and_declaring_refuse_other_moves_word_for_word() -> None:
    state = ORDERED.new_match(8)
    assert state.legal_moves() == tuple(Choose(c) for c in choice_plan(ORDERED).order)
    with pytest.raises(kinglib.IllegalMoveError) as refused:
        state.apply(Declare(Suit.SPADES))
    assert str(refused.value) == (
        "seat 1 may not play declare S: "
        "the contract of the deal is being chosen: choose one, not declare S"
    )
    declaring = state.apply(Choose("trumps"))
    assert (declaring.phase, declaring.to_move, declaring.maker) == (Phase.DECLARE, 1, 1)
    with pytest.raises(kinglib.IllegalMoveError) as refused:
        declaring.apply(Choose("trumps"))
    assert str(refused.value) == (
        "seat 1 may not play choose trumps: "
        "the trump of the trump round is being named: declare it, not choose trumps"
    )
    with pytest.raises(kinglib.IllegalMoveError) as refused:
        declaring.apply(Declare("misere"))
    assert str(refused.value) == (
        "seat 1 may not play declare misere: "
        "misere may not be ordered in this trump round (allowed: S, H, D, C)"
    )
    declare = DeclareTrump(trump_declarations(True), to_play)
    assert declare.legal_moves(declaring) == tuple(
        Declare(d) for d in ("S", "H", "D", "C", "notrump")
    )
    assert declare.why_illegal(declaring, Declare("notrump")) is None
    assert declare.why_illegal(declaring, Declare("last")) == (
        "last may not be ordered in this trump round (allowed: S, H, D, C, notrump)"
    )


def test_a_given_trump_is_checked_word_for_word() -> None:
    suits = trump_declarations(False)
    assert suits == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    check_given_trump(ORDERED, "no_king", None, suits)  # accepted
    check_given_trump(ORDERED, "trumps", None, ())  # accepted
    check_given_trump(ORDERED, "trumps", Suit.CLUBS, suits)  # accepted
    with pytest.raises(kinglib.RulesError) as refused:
        check_given_trump(ORDERED, "no_king", Suit.HEARTS, suits)
    assert str(refused.value) == "no_king is not a trump round: it takes no trump (H)"
    with pytest.raises(kinglib.RulesError) as refused:
        check_given_trump(ORDERED, "trumps", "notrump", suits)
    assert str(refused.value) == "notrump may not be ordered in ordered (allowed: S, H, D, C)"
    with pytest.raises(kinglib.RulesError) as refused:
        check_given_trump(ORDERED, "trumps", "misere", trump_declarations(True))
    assert str(refused.value) == (
        "misere may not be ordered in ordered (allowed: S, H, D, C, notrump)"
    )


class TrumpsOnly:
    """Trump rounds alone, opened by kinglib's stock ``kinglib_begin_deal``."""

    @staticmethod
    @kinglib.hookimpl
    def kinglib_variant_info() -> kinglib.VariantInfo:
        return kinglib.VariantInfo(
            name="trumps-only", title="Trumps only", players=(4,), default_players=4
        )

    @staticmethod
    @kinglib.hookimpl
    def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
        return dict(king_contracts(PRICES, deck=rules.deck.mask, tricks=8, games=("trumps",)))

    @staticmethod
    @kinglib.hookimpl
    def kinglib_schedule(rules: Rules) -> kinglib.Schedule:
        return kinglib.Schedule(deals=("trumps",) * 4)


#: Spades and clubs for seats 0 and 1, hearts and diamonds for seats 2 and 3: the four suits
#: are led in turn, and only a trump beats a suit its holder cannot follow.
TRUMP_HANDS = """
    trumps dealer=3
    0: 7S 8S 9S TS JS QS KS AS
    1: 7C 8C 9C TC JC QC KC AC
    2: 7H 8H 9H TH JH QH KH AH
    3: 7D 8D 9D TD JD QD KD AD
"""


def test_the_stock_opening_plays_a_given_trump_and_the_eldest_leads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plugins, "_ADDED", {})  # known to this test only
    kinglib.add_variant(TrumpsOnly)
    rules = kinglib.load_rules("trumps-only")
    given = deal_from_text(rules, TRUMP_HANDS, trump="S")
    assert (given.phase, given.contract, given.trump, given.to_move) == (
        Phase.PLAY,
        "trumps",
        Suit.SPADES,
        0,
    )
    state = given
    for text in ("7S", "7C", "7H", "7D", "8S", "8C", "8H", "8D"):
        state = state.apply(kinglib.parse_move(text, state))
    # Seat 0 leads spades, the trump, and takes both tricks with the lowest cards.
    assert [t.winner for t in state.tricks] == [0, 0]
    untrumped = deal_from_text(rules, TRUMP_HANDS)
    assert untrumped.trump is None


def test_the_stock_opening_refuses_a_schedule_marker_word_for_word() -> None:
    class Marked:
        @staticmethod
        @kinglib.hookimpl
        def kinglib_schedule(rules: Rules) -> kinglib.Schedule:
            return kinglib.Schedule(deals=("jokers", "auction"))

    with pytest.raises(kinglib.RulesError) as refused:
        kinglib.load_rules("jokers", players=3, plugins=[Marked()])
    assert str(refused.value) == (
        "the schedule of jokers names 'auction', which is not one of its contracts (jokers), "
        "and no kinglib_begin_deal implementation opens a deal scheduled as 'auction': "
        "implement kinglib_begin_deal to handle the marker (set the phase, the contract once "
        "known, and the seat to move), or schedule a contract id"
    )


def test_an_open_ended_schedule_without_an_end_is_named_when_a_deal_ends() -> None:
    class Endless:
        @staticmethod
        @kinglib.hookimpl
        def kinglib_schedule(rules: Rules) -> kinglib.Schedule:
            return kinglib.Schedule(repeat="jokers")

    rules = kinglib.load_rules("jokers", players=3, plugins=[Endless()])
    state = rules.new_match(5)
    with pytest.raises(NotImplementedError) as missing:
        while True:
            state = state.apply(state.legal_moves()[0])
    assert str(missing.value) == (
        "variant 'jokers' has an open-ended schedule but no kinglib_match_over"
    )


def test_the_best_offer_is_the_highest_and_the_earlier_on_a_tie() -> None:
    from kinglib.kit.trump_rounds import best_offer, passed_seats

    offers = ((1, 2), (2, None), (3, 4), (0, 4), (1, 3))
    assert best_offer(offers) == (3, 4)
    assert best_offer(((2, None), (3, None))) is None
    assert best_offer(()) is None
    assert passed_seats(offers) == frozenset({2})


def test_each_opening_sets_the_phase_trump_and_maker_it_promises_from_any_state() -> None:
    # A deal's opening is a plain function as well as a hook: called on a state that holds a
    # phase, a trump or a maker from elsewhere, it still opens the deal it describes.
    from kinglib.plugins import defaults
    from kinglib_variants import bidding as bidding_plugin
    from kinglib_variants import ordered as ordered_plugin

    def stale(state: State) -> State:
        return state.evolve(phase=Phase.OVER, trump=Suit.CLUBS, maker=1, to_move=None)

    jokers = kinglib.load_rules("jokers", players=3)
    opened = jokers.new_match(2)
    assert defaults.kinglib_begin_deal(jokers, stale(opened)) == opened.evolve(maker=1)
    bidding = kinglib.load_rules("bidding")
    opened = bidding.new_match(2)
    assert (opened.phase, opened.trump, opened.maker) == (Phase.BID, None, None)
    assert bidding_plugin.kinglib_begin_deal(bidding, stale(opened)) == opened
    ordered = kinglib.load_rules("ordered", trumps=True)
    opened = deal_from_text(ordered, TRUMP_HANDS, trump="H")
    assert (opened.phase, opened.trump, opened.maker) == (Phase.PLAY, Suit.HEARTS, 0)
    assert ordered_plugin.kinglib_begin_deal(ordered, stale(opened)) == opened


def test_the_threshold_is_reached_at_the_threshold_itself_and_below() -> None:
    """A penalty race ends once some total is at the threshold or below it."""
    assert threshold_reached((-10, 0, 4), -10) is True
    assert threshold_reached((-11, 0, 4), -10) is True
    assert threshold_reached((-9, 0, 4), -10) is False
    assert threshold_reached((0, 0, 0, 0), 0) is True


# A widow deal of atomic: seat 1 (eldest, dealer 0) is the declarer; the widow is TC 7C.
WIDOW_DEAL = """
    trumps dealer=0
    0: AS KS QS JS TS 9S 8S 7S 9C 8C
    1: AH KH QH JH TH 9H QD JD KD AD
    2: 8H 7H TD 9D 8D 7D AC KC QC JC
    widow: TC 7C
"""


def test_the_widow_goes_to_the_seat_named_who_then_discards() -> None:
    """``take_widow`` shows the widow and gives it to the seat named (the eldest by default).

    The taker is the one to move: he makes the discard.
    """
    atomic = kinglib.load_rules("atomic")
    hidden = deal_from_text(atomic, WIDOW_DEAL)
    assert (hidden.phase, hidden.to_move, hidden.eldest) == (Phase.DECLARE, 1, 1)
    widow = kinglib.CardSet.parse("TC 7C")
    to_seat_2 = take_widow(hidden, 2)
    assert (to_seat_2.phase, to_seat_2.to_move) == (Phase.DISCARD, 2)
    assert to_seat_2.hand(2) == hidden.hand(2) | widow
    assert to_seat_2.hand(1) == hidden.hand(1)
    assert to_seat_2.pile("widow") == kinglib.CardSet()
    assert to_seat_2.aux == WidowShown(widow.mask)
    by_default = take_widow(hidden)
    assert (by_default.phase, by_default.to_move) == (Phase.DISCARD, 1)
    assert by_default.hand(1) == hidden.hand(1) | widow


def test_a_discard_joins_the_cards_already_in_the_discard_pile() -> None:
    """The discard pile keeps what it held: the cards discarded are added to it."""
    atomic = kinglib.load_rules("atomic")
    state = deal_from_text(atomic, WIDOW_DEAL, contract="no_hearts")
    assert (state.phase, state.to_move) == (Phase.DISCARD, 1)
    earlier = kinglib.CardSet.parse("7C")
    hands = tuple(hand & ~earlier.mask for hand in state.hands_mask)
    laid = state.evolve(
        hands_mask=hands, piles_mask=with_pile(state.piles_mask, "discard", earlier.mask)
    )
    after = DiscardCards(1).apply(laid, Discard("TC"))
    assert after.pile("discard") == kinglib.CardSet.parse("TC 7C")
    assert after.hand(1) == kinglib.CardSet.parse("AH KH QH JH TH 9H QD JD KD AD")
    assert (after.phase, after.to_move) == (Phase.PLAY, 1)
