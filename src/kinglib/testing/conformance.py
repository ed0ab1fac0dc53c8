"""A ready conformance suite for rules: subclass :class:`RulesConformance` in your tests.

::

    import kinglib
    from kinglib.testing.conformance import RulesConformance

    class TestMyHouseRules(RulesConformance):
        rules = [
            kinglib.load_rules("simple", plugins=["my-house-rule"]),
            kinglib.load_rules("simple", players=3, plugins=["my-house-rule"]),
        ]

pytest then runs, for each rules object: :func:`~kinglib.testing.check_invariants` over several
seeded matches (``--kinglib-seeds N``, or the class attribute ``seeds``), hypothesis checks of
reachable states and of single deals dealt from given hands. Declare what your rules promise
with the ``kinglib_invariants`` hook (zero-sum, deal totals, threshold, number of deals).

This module needs ``pytest`` and ``hypothesis`` (``pip install kinglib[testing]``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.engine.tricks import PLAYS
from kinglib.testing import strategies
from kinglib.testing.checks import check_deal, check_invariants, check_state
from kinglib.testing.pytest_plugin import seed_count
from kinglib.values.errors import IllegalMoveError
from kinglib.values.moves import Play

__all__ = ["RulesConformance", "rules_id"]


def _rules_list(value: Any) -> list[Rules]:
    if isinstance(value, Rules):
        return [value]
    if isinstance(value, Sequence) and value and all(isinstance(r, Rules) for r in value):
        return list(value)
    raise TypeError(
        "set the class attribute 'rules' to a Rules object or a list of them "
        f"(kinglib.load_rules(...)), not {value!r}"
    )


def rules_id(rules: Rules) -> str:
    """A short, stable test id for rules: variant, players, changed options, plugins."""
    specs = rules.option_specs
    changed = [f"{k}={v}" for k, v in rules.options.items() if v != specs[k].default]
    return ",".join([rules.variant, f"players={rules.players}", *changed, *rules.plugin_names])


def _foreign_play(state: State) -> Play | None:
    """A card the player to move does not hold, if any: playing it must be refused."""
    seat = state.to_move
    assert seat is not None
    others = state.rules.deck.mask & ~state.hands_mask[seat]
    if not others:
        return None
    return PLAYS[(others & -others).bit_length() - 1]


class RulesConformance:
    """The conformance suite: set ``rules`` in a subclass whose name starts with ``Test``.

    Attributes:
        rules: a :class:`~kinglib.engine.rules.Rules` or a list of them; every test runs for each.
        seeds: how many seeded random matches each rules object plays; ``None`` takes the
            ``--kinglib-seeds`` option (or the ``kinglib_seeds`` ini value; default 3).
        examples: hypothesis examples per property; ``None`` takes the active hypothesis
            profile's ``max_examples``.
        max_moves: the most random moves the reachable-states strategy makes.
        views: check every seat's view for hidden cards at every state of the seeded
            matches (the costliest check; the hypothesis checks always look at views).
        shrink: let hypothesis shrink a failing example to a smaller one (slower to fail, easier
            to read); false reports the first failing example found.

    """

    rules: ClassVar[Rules | Sequence[Rules]]
    seeds: ClassVar[int | None] = None
    examples: ClassVar[int | None] = 20
    max_moves: ClassVar[int] = 400
    views: ClassVar[bool] = True
    shrink: ClassVar[bool] = True

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Run each test once per rules object (and each seeded test once per seed)."""
        if "kinglib_rules" in metafunc.fixturenames:
            listed = _rules_list(getattr(self, "rules", None))
            metafunc.parametrize("kinglib_rules", listed, ids=[rules_id(r) for r in listed])
        if "kinglib_seed" in metafunc.fixturenames:
            count = self.seeds if self.seeds is not None else seed_count(metafunc.config)
            metafunc.parametrize(
                "kinglib_seed", range(count), ids=[f"seed{s}" for s in range(count)]
            )

    def _settings(self) -> settings:
        chosen = settings(
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        if not self.shrink:
            chosen = settings(chosen, phases=[p for p in chosen.phases if p is not Phase.shrink])
        if self.examples is not None:
            chosen = settings(chosen, max_examples=self.examples)
        return chosen

    def test_random_match_keeps_the_invariants(
        self, kinglib_rules: Rules, kinglib_seed: int
    ) -> None:
        """A seeded random match keeps every invariant the rules declare, and replays."""
        check_invariants(kinglib_rules, kinglib_seed, views=self.views)

    def test_reachable_states_keep_the_invariants(self, kinglib_rules: Rules) -> None:
        """Any reachable state is sound; a legal move leads to a sound state; others are refused."""

        @self._settings()
        @given(state=strategies.states(kinglib_rules, max_moves=self.max_moves), data=st.data())
        def run(state: State, data: st.DataObject) -> None:
            check_state(state)
            if state.is_over:
                return
            move = data.draw(strategies.moves(state))
            check_state(state.apply(move))
            foreign = _foreign_play(state)
            if foreign is not None:
                before = state.view(state.to_move or 0).to_dict()
                try:
                    state.apply(foreign)
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError(
                        f"invariant 'a legal move' broken: seat {state.to_move} may play "
                        f"{foreign}, a card it does not hold"
                    )
                assert state.view(state.to_move or 0).to_dict() == before

        run()

    def test_given_deals_keep_the_invariants(self, kinglib_rules: Rules) -> None:
        """A deal from given hands, played at random, keeps the invariants and its total."""

        @self._settings()
        @given(state=strategies.deals(kinglib_rules), seed=strategies.seeds())
        def run(state: State, seed: int) -> None:
            final = check_deal(state, random.Random(seed))
            assert final.is_over and len(final.results) == 1

        run()
