"""The public variant kit: a new variant composed from it, known by name without installing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from rich.console import Console

import kinglib
from kinglib import plugins
from kinglib.cards import Rank, deck_mask
from kinglib.contracts import Contract, Prices, king_contracts
from kinglib.invariants import Invariants
from kinglib.kit.choosing import ChoicePlan, ChooseContract
from kinglib.moves import Choose
from kinglib.rules import Rules
from kinglib.state import Phase, State
from kinglib.tables import schedule_table
from kinglib.testing import check_invariants

ROOT = Path(__file__).resolve().parent.parent
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
