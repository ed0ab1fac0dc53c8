"""House rule "clean-sheet": at the end of the match, a bonus for each clean no_tricks.

Once the match is over, every seat that took no trick in a ``no_tricks`` deal scores the bonus
(option ``clean_sheet_bonus``, 10 by default) for each such deal. The rule implements
``kinglib_match_end``, so the bonus comes once, after the last deal, in a fixed match as in an
open-ended one; it is a line of its own on the score sheet and in records. The bonus is not
balanced by anyone's loss, so the rule withdraws the variant's zero-sum promise
(``kinglib_invariants``). Rules without a ``no_tricks`` contract are left as they are.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import attrs

from kinglib import Option, Rules, State, hookimpl
from kinglib.plugins.invariants import Invariants

__all__ = ["CONTRACT", "kinglib_invariants", "kinglib_match_end", "kinglib_options"]

#: The contract whose clean sheets are rewarded.
CONTRACT = "no_tricks"


@hookimpl
def kinglib_options(variant: str) -> Sequence[Option]:
    """The size of the bonus."""
    return (
        Option(
            "clean_sheet_bonus",
            10,
            "the points a seat scores at the end of the match for each no_tricks deal in "
            "which it took no trick",
            kind=int,
        ),
    )


@hookimpl
def kinglib_match_end(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The bonus for every seat that took no trick in a no_tricks deal, once per such deal."""
    if CONTRACT not in rules.contracts:
        return None
    bonus = int(rules.options["clean_sheet_bonus"])
    points = [0] * rules.players
    for result in state.results:
        if result.contract == CONTRACT:
            for seat, scored in enumerate(result.points):
                if scored == 0:
                    points[seat] += bonus
    return tuple(points)


@hookimpl(wrapper=True)
def kinglib_invariants(rules: Rules) -> Generator[None, Invariants, Invariants]:
    """A bonus nobody pays for: the match is no longer zero-sum."""
    declared = yield
    if CONTRACT not in rules.contracts or rules.options["clean_sheet_bonus"] == 0:
        return declared
    return attrs.evolve(declared, zero_sum=False)
