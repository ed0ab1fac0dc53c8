"""The kinglib_match_end hook: points once the match is over, kept everywhere they show."""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

import attrs
import pytest
from rich.console import Console

import kinglib
from kinglib.apps.rule_tables import score_sheet
from kinglib.engine.match_end import MatchEnd, match_end_points
from kinglib.engine.state import State
from kinglib.plugins.invariants import Invariants
from kinglib.testing import check_invariants, deal_from_text, play_out


class CleanSheet:
    """10 points at the end of the match for each seat that scored 0 in no_tricks."""

    calls = 0

    @kinglib.hookimpl
    def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        CleanSheet.calls += 1
        assert state.is_over
        result = next(r for r in state.results if r.contract == "no_tricks")
        return tuple(10 if p == 0 else 0 for p in result.points)


class CleanSheetNotZeroSum(CleanSheet):
    """The same bonus, with the zero-sum promise withdrawn as it must be."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[Any, Any, Invariants]:
        declared: Invariants = yield
        return attrs.evolve(declared, zero_sum=False)


class LastPlaceConsolation:
    """The lowest total gets 3 from each other seat (a zero-sum transfer)."""

    @kinglib.hookimpl
    def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> tuple[int, ...]:
        low = min(range(rules.players), key=lambda seat: (state.totals[seat], seat))
        n = rules.players
        return tuple(3 * (n - 1) if seat == low else -3 for seat in range(n))


def deal_sums(state: State) -> tuple[int, ...]:
    return tuple(sum(r.points[seat] for r in state.results) for seat in range(state.players))


def test_a_fixed_match_adds_the_points_once_before_the_winners() -> None:
    rules = kinglib.load_rules("simple", plugins=[CleanSheetNotZeroSum()])
    final = check_invariants(rules, 0)
    CleanSheet.calls = 0
    state = rules.new_match(0)
    for move in final.moves:
        state = state.apply(move)
    assert (CleanSheet.calls, state) == (1, final)
    no_tricks = next(r for r in final.results if r.contract == "no_tricks")
    bonus = tuple(10 if p == 0 else 0 for p in no_tricks.points)
    assert any(bonus)
    name = "tests.engine.test_match_end.CleanSheetNotZeroSum"
    assert match_end_points(final) == ((name, bonus),)
    assert final.totals == tuple(a + b for a, b in zip(deal_sums(final), bonus))
    best = max(final.totals)
    assert final.winners == tuple(s for s, t in enumerate(final.totals) if t == best)
    assert final.view(0).extra == {"match_end": {name: bonus}}
    again = kinglib.from_json(kinglib.to_json(final), plugins=[CleanSheetNotZeroSum()])
    assert (again.totals, again.results, again.moves) == (final.totals, final.results, final.moves)
    assert match_end_points(again) == match_end_points(final)


def test_a_bonus_that_breaks_a_declared_zero_sum_is_caught() -> None:
    rules = kinglib.load_rules("simple", plugins=[CleanSheet()])
    with pytest.raises(AssertionError, match=r"invariant 'zero-sum' broken: match totals sum to"):
        check_invariants(rules, 0)


def test_two_plugins_keep_one_line_each_on_the_sheet_and_in_the_record() -> None:
    rules = kinglib.load_rules("simple", plugins=[CleanSheetNotZeroSum(), LastPlaceConsolation()])
    final = check_invariants(rules, 0)
    points = match_end_points(final)
    assert [name for name, _ in points] == [
        "tests.engine.test_match_end.CleanSheetNotZeroSum",
        "tests.engine.test_match_end.LastPlaceConsolation",
    ]
    assert sum(points[1][1]) == 0
    summed = deal_sums(final)
    assert final.totals == tuple(s + a + b for s, a, b in zip(summed, points[0][1], points[1][1]))
    console = Console(width=140, record=True)
    console.print(score_sheet(rules, final.results, final.winners, match_end=points))
    sheet = console.export_text()
    assert "end of match: tests.engine.test_match_end.CleanSheetNotZeroSum" in sheet
    assert "end of match: tests.engine.test_match_end.LastPlaceConsolation" in sheet
    total_line = next(line for line in sheet.splitlines() if "│ total" in line)
    assert [int(w) for w in total_line.replace("│", " ").split()[1:]] == list(final.totals)
    record = json.loads(kinglib.to_json(final))
    assert record["match_end"] == [{"name": n, "points": list(p)} for n, p in points]
    plugins = [CleanSheetNotZeroSum(), LastPlaceConsolation()]
    assert kinglib.from_json(kinglib.to_json(final), plugins=plugins).totals == final.totals


def test_a_record_whose_end_of_match_points_differ_is_refused() -> None:
    final = check_invariants(kinglib.load_rules("simple", plugins=[CleanSheetNotZeroSum()]), 0)
    record = json.loads(kinglib.to_json(final))
    record["match_end"][0]["points"][0] += 1
    with pytest.raises(kinglib.RecordError, match=r"match_end: the record gives .* the rules give"):
        kinglib.from_json(json.dumps(record), plugins=[CleanSheetNotZeroSum()])


class DominoLoserPays:
    """In domino the seat with the lowest total pays 5 to the best one after the match."""

    @kinglib.hookimpl
    def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> list[int]:
        out = [0] * rules.players
        totals = state.totals
        out[totals.index(min(totals))] -= 5
        out[totals.index(max(totals))] += 5
        return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_open_ended_match_scores_its_end_once(seed: int) -> None:
    rules = kinglib.load_rules("domino", plugins=[DominoLoserPays()])
    final = check_invariants(rules, seed)
    ((name, points),) = match_end_points(final)
    assert name == "tests.engine.test_match_end.DominoLoserPays"
    summed = deal_sums(final)
    assert min(summed) <= -31  # the threshold ended the match before the points came
    assert sorted(points) == [-5, 0, 0, 5] if rules.players == 4 else sum(points) == 0
    assert final.totals == tuple(a + b for a, b in zip(summed, points))
    assert isinstance(final.aux, MatchEnd)
    again = kinglib.from_json(kinglib.to_json(final), plugins=[DominoLoserPays()])
    assert again.totals == final.totals


def test_a_single_deal_has_no_match_end() -> None:
    rules = kinglib.load_rules("simple", plugins=[CleanSheetNotZeroSum()])
    state = deal_from_text(
        rules,
        """
            no_tricks dealer=0
            0: AS KS QS JS TS 9S 8S 7S
            1: AH KH QH JH TH 9H 8H 7H
            2: AD KD QD JD TD 9D 8D 7D
            3: AC KC QC JC TC 9C 8C 7C
        """,
    )
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert match_end_points(state) == ()
    assert state.view(0).extra == {}


def test_a_bad_answer_is_refused_with_its_plugin_named() -> None:
    class TwoNumbers:
        @kinglib.hookimpl
        def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> tuple[int, ...]:
            return (1, 2)

    state = kinglib.load_rules("simple", plugins=[TwoNumbers()]).new_match(0)
    with pytest.raises(
        kinglib.RulesError,
        match=r"kinglib_match_end of tests\.engine\.test_match_end\..*TwoNumbers gave \(1, 2\): it "
        r"returns one whole number per seat \(4\)",
    ):
        while not state.is_over:
            state = state.apply(state.legal_moves()[0])
    assert state.deal_number == 14


@pytest.mark.parametrize("style", ["wrapper", "hookwrapper"])
def test_a_wrapper_of_the_hook_is_refused_word_for_word(style: str) -> None:
    if style == "wrapper":

        class Wrapping:
            @kinglib.hookimpl(wrapper=True)
            def kinglib_match_end(
                self, rules: kinglib.Rules, state: State
            ) -> Generator[Any, Any, Any]:
                return (yield)

    else:

        class Wrapping:  # type: ignore[no-redef]
            @kinglib.hookimpl(hookwrapper=True)
            def kinglib_match_end(
                self, rules: kinglib.Rules, state: State
            ) -> Generator[Any, Any, None]:
                yield

    rules = kinglib.load_rules("jokers", players=3, plugins=[Wrapping()])
    with pytest.raises(kinglib.RulesError) as refused:
        play_out(rules.new_match(0))
    name = rules.plugin_names[-1]
    assert str(refused.value) == (
        f"plugin {name!r} wraps kinglib_match_end: every implementation of this hook is called "
        "on its own, so return points instead of wrapping"
    )


def test_a_plugin_that_answers_none_leaves_the_next_one_its_say() -> None:
    class Silent:
        @kinglib.hookimpl
        def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> None:
            return None

    plain = play_out(kinglib.load_rules("simple").new_match(3))
    both = kinglib.load_rules("simple", plugins=[Silent(), LastPlaceConsolation()])
    final = play_out(both.new_match(3))
    ((name, points),) = match_end_points(final)
    assert name == "tests.engine.test_match_end.LastPlaceConsolation"
    low = min(range(4), key=lambda seat: (plain.totals[seat], seat))
    assert points == tuple(9 if seat == low else -3 for seat in range(4))
    assert final.totals == tuple(t + p for t, p in zip(plain.totals, points))


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        (7, "7"),
        ({"0": 1}, "{'0': 1}"),
        ((1, 2.5, 0), "(1, 2.5, 0)"),
        ((True, 0, 0), "(True, 0, 0)"),
        (("1", 0, 0), "('1', 0, 0)"),
    ],
)
def test_an_answer_that_is_not_whole_numbers_is_refused_word_for_word(
    answer: Any, shown: str
) -> None:
    class Odd:
        @kinglib.hookimpl
        def kinglib_match_end(self, rules: kinglib.Rules, state: State) -> Any:
            return answer

    rules = kinglib.load_rules("jokers", players=3, plugins=[Odd()])
    with pytest.raises(kinglib.RulesError) as refused:
        play_out(rules.new_match(0))
    assert str(refused.value) == (
        f"kinglib_match_end of {rules.plugin_names[-1]} gave {shown}: it returns one whole "
        "number per seat (3), or None"
    )


def test_the_last_deals_aux_is_kept_under_the_end_of_match_points() -> None:
    plain = play_out(kinglib.load_rules("domino").new_match(4))
    final = play_out(kinglib.load_rules("domino", plugins=[DominoLoserPays()]).new_match(4))
    assert plain.aux is not None
    assert isinstance(final.aux, MatchEnd)
    assert final.aux.aux == plain.aux
