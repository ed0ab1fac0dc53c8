"""Mistakes a plugin author can make are caught, each with a message that names it."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

import pytest

import kinglib
from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import Phase, State
from kinglib.plugins.invariants import Invariants
from kinglib.testing import check_invariants
from kinglib.values.moves import Move, Pass
from kinglib.values.schedule import Schedule


class ReadyPhase(PhaseRules):
    """Before play the dealer says he is ready; ``forgets`` drops the move from the record."""

    def __init__(self, forgets: bool) -> None:
        self.forgets = forgets

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        return (Pass(),)

    def apply(self, state: State, move: Move) -> State:
        changes: dict[str, Any] = {"phase": Phase.PLAY, "to_move": state.eldest}
        if self.forgets:
            return state.evolve(**changes)
        return state.after(move, **changes)


class ReadyFirst:
    """Every deal opens with the dealer's ``Pass()``."""

    def __init__(self, forgets: bool) -> None:
        self.phase = ReadyPhase(forgets)

    @kinglib.hookimpl
    def kinglib_phases(self, rules: kinglib.Rules) -> Mapping[Phase, PhaseRules]:
        return {Phase.DECLARE: self.phase}

    @kinglib.hookimpl(wrapper=True)
    def kinglib_begin_deal(self, rules: kinglib.Rules, state: State) -> Generator[Any, Any, State]:
        opened: State = yield
        return opened.evolve(phase=Phase.DECLARE, to_move=opened.dealer)


def test_a_phase_that_records_its_move_keeps_the_invariants() -> None:
    final = check_invariants(kinglib.load_rules("simple", plugins=[ReadyFirst(False)]), 3)
    assert final.moves.count(Pass()) == 14


def test_a_phase_that_drops_its_move_is_caught() -> None:
    rules = kinglib.load_rules("simple", plugins=[ReadyFirst(True)])
    with pytest.raises(
        AssertionError,
        match=r"invariant 'record' broken: \d+ moves were made but the state records \d+: a "
        r"phase changed the state with state\.evolve\(\.\.\.\) where it should add the move "
        r"with state\.after\(move, \.\.\.\)",
    ):
        check_invariants(rules, 3)


class ChoosingWithoutHandler:
    """Schedules a 'choose' deal but implements nothing that opens it."""

    @kinglib.hookimpl
    def kinglib_schedule(self, rules: kinglib.Rules) -> Schedule:
        return Schedule(deals=("no_tricks", "choose", "tricks"))


def test_an_unhandled_schedule_marker_is_refused_when_the_rules_are_loaded() -> None:
    with pytest.raises(
        kinglib.RulesError,
        match=r"the schedule of simple names 'choose', which is not one of its contracts .*"
        r"no kinglib_begin_deal implementation opens a deal scheduled as 'choose': implement "
        r"kinglib_begin_deal to handle the marker",
    ):
        kinglib.load_rules("simple", plugins=[ChoosingWithoutHandler()])


class ChoosingHandled(ChoosingWithoutHandler):
    """The eldest of a 'choose' deal plays no_king."""

    @kinglib.hookimpl
    def kinglib_begin_deal(self, rules: kinglib.Rules, state: State) -> State | None:
        if rules.schedule.contract_for(state.deal_number) != "choose":
            return None
        return state.evolve(
            phase=Phase.PLAY, contract_info=rules.contracts["no_king"], to_move=state.eldest
        )

    @kinglib.hookimpl
    def kinglib_invariants(self, rules: kinglib.Rules) -> Invariants:
        return Invariants(zero_sum=False, deals=3)


def test_a_handled_schedule_marker_is_accepted() -> None:
    rules = kinglib.load_rules("simple", plugins=[ChoosingHandled()])
    final = check_invariants(rules, 0)
    assert [r.contract for r in final.results] == ["no_tricks", "no_king", "tricks"]


def test_a_card_group_outside_the_pack_is_refused() -> None:
    class HeartsOfTheFullPack:
        @kinglib.hookimpl(wrapper=True)
        def kinglib_contracts(
            self, rules: kinglib.Rules
        ) -> Generator[Any, Any, Mapping[str, kinglib.Contract]]:
            contracts = dict((yield))
            old = contracts["no_hearts"]
            contracts["no_hearts"] = kinglib.Contract(
                id=old.id, name=old.name, title=old.title, card_values=(((1 << 52) - 1, -1),)
            )
            return contracts

    with pytest.raises(kinglib.RulesError, match=r"contract 'no_hearts' prices .* not in the 32"):
        kinglib.load_rules("simple", plugins=[HeartsOfTheFullPack()])
