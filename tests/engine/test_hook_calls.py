"""The direct call of the per-deal hooks gives what pluggy's own call gives.

The rules call the hooks of a deal (dealing, opening, scoring, details, match end) through
:func:`kinglib.engine.hook_calls.per_deal_caller`, which skips pluggy's bookkeeping when it can.
Every
call a match makes is replayed here through ``rules.plugin_manager.hook.<name>(...)`` and the
two results compared, in every variant, alone and under house rules that wrap, reorder, decline
(``None``) and take only some of the arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any

import pytest

import kinglib
from kinglib import hookimpl
from kinglib.engine.hook_calls import PER_DEAL_HOOKS, per_deal_caller
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, State
from kinglib.players.bots import RandomBot


class Declining:
    """Implementations that return ``None``, first and last, taking some of the arguments."""

    @hookimpl(tryfirst=True)
    def kinglib_score_deal(self, state: State) -> tuple[int, ...] | None:
        return None

    @hookimpl(trylast=True)
    def kinglib_match_over(self, results: tuple[DealResult, ...]) -> bool | None:
        return None

    @hookimpl(tryfirst=True)
    def kinglib_deal_details(self) -> Sequence[tuple[str, Any]] | None:
        return None


class Ordered:
    """Plain implementations placed first and last, in a different argument order."""

    @hookimpl(trylast=True)
    def kinglib_deal_details(self, state: State, rules: Rules) -> Sequence[tuple[str, Any]]:
        return (("tricks", len(state.tricks)),)

    @hookimpl(tryfirst=True)
    def kinglib_match_over(self, totals: tuple[int, ...], rules: Rules) -> bool | None:
        return True if max(totals) - min(totals) > 150 else None


class OldWrapper:
    """An old-style hookwrapper that changes the scores."""

    @hookimpl(hookwrapper=True)
    def kinglib_score_deal(self, rules: Rules, state: State) -> Generator[None, Any, None]:
        outcome = yield
        points = outcome.get_result()
        outcome.force_result(tuple(2 * p for p in points))


class NewWrapper:
    """A new-style wrapper that adds a detail."""

    @hookimpl(wrapper=True)
    def kinglib_deal_details(self, state: State) -> Generator[None, Any, Any]:
        found = yield
        return [*found, [("wrapped", state.deal_number)]]


HOUSE_RULES: dict[str, list[Any]] = {
    "none": [],
    "declining": [Declining()],
    "ordered": [Ordered()],
    "declining+ordered": [Declining(), Ordered()],
    "old-wrapper": [OldWrapper()],
    "new-wrapper": [NewWrapper()],
}


def recorded_calls(rules: Rules, seed: int) -> list[tuple[str, tuple[Any, ...], Any]]:
    """Every per-deal hook call of a random match: ``(name, arguments, result)``.

    A generator argument is recorded by its state before the call.
    """
    calls: list[tuple[str, tuple[Any, ...], Any]] = []
    hooks: dict[str, Callable[..., Any]] = rules._hooks

    def recorder(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def record(*args: Any) -> Any:
            saved = tuple(a.getstate() if isinstance(a, random.Random) else a for a in args)
            result = call(*args)
            calls.append((name, saved, result))
            return result

        return record

    originals = dict(hooks)
    try:
        for name, call in originals.items():
            hooks[name] = recorder(name, call)
        # Played through the public API, which opens and scores every deal with the hooks.
        kinglib.play(rules, [RandomBot(seed + seat) for seat in range(rules.players)], seed)
    finally:
        hooks.update(originals)
    return calls


def _arguments(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The recorded arguments, a generator rebuilt from its recorded state."""
    out = []
    for a in args:
        if isinstance(a, tuple) and len(a) == 3 and isinstance(a[1], tuple) and len(a[1]) > 600:
            rng = random.Random()
            rng.setstate(a)
            out.append(rng)
        else:
            out.append(a)
    return tuple(out)


@pytest.mark.parametrize("house", sorted(HOUSE_RULES))
@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_the_direct_call_is_pluggys_call(variant: str, house: str) -> None:
    rules = kinglib.load_rules(variant, plugins=HOUSE_RULES[house])
    calls = recorded_calls(rules, 11)
    assert {name for name, _, _ in calls} == set(PER_DEAL_HOOKS)
    for name, args, result in calls:
        argnames = PER_DEAL_HOOKS[name]
        direct = per_deal_caller(getattr(rules.plugin_manager.hook, name), argnames)
        through_pluggy = getattr(rules.plugin_manager.hook, name)(
            **dict(zip(argnames, _arguments(args)))
        )
        assert direct(*_arguments(args)) == through_pluggy == result, (name, house)


def test_house_rules_change_what_the_hooks_return() -> None:
    # The house rules above are really called: the comparison is not between two no-ops.
    rules = kinglib.load_rules("simple", plugins=[OldWrapper(), NewWrapper()])
    plain = kinglib.load_rules("simple")
    wrapped = recorded_calls(rules, 3)
    alone = recorded_calls(plain, 3)
    scores = [result for name, _, result in wrapped if name == "kinglib_score_deal"]
    assert scores == [
        tuple(2 * p for p in result) for name, _, result in alone if name == "kinglib_score_deal"
    ]
    details = [result for name, _, result in wrapped if name == "kinglib_deal_details"]
    assert [some[-1] for some in details] == [[("wrapped", n + 1)] for n in range(len(details))]
