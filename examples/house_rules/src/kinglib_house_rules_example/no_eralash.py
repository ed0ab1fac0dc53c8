"""House rule "no-eralash": the match drops eralash and plus-eralash (12 deals in simple).

The rule wraps two hooks: ``kinglib_schedule`` removes every ``eralash`` and ``plus_eralash``
deal from a fixed schedule, and ``kinglib_invariants`` tells the conformance checks the new
number of deals. In the classic scheme the match stays zero-sum, because each negative game
still meets its positive twin; in a scheme that balances the negative games with trump rounds
(simple's ``otygrysh``) the eralash's penalty is gone and the match no longer sums to 0, and
the rule declares so: a match is zero-sum when the totals of its scheduled contracts add up
to 0. An open-ended schedule (a repeated contract) is left as it is.
"""

from __future__ import annotations

from collections.abc import Generator

import attrs

from kinglib import Rules, Schedule, hookimpl
from kinglib.plugins.invariants import Invariants

__all__ = ["DROPPED", "kinglib_invariants", "kinglib_schedule"]

#: The contracts this rule removes from the match.
DROPPED: frozenset[str] = frozenset({"eralash", "plus_eralash"})


@hookimpl(wrapper=True)
def kinglib_schedule(rules: Rules) -> Generator[None, Schedule, Schedule]:
    """The variant's schedule without its eralash deals."""
    schedule = yield
    if schedule.repeat is not None:
        return schedule
    return attrs.evolve(schedule, deals=tuple(d for d in schedule.deals if d not in DROPPED))


@hookimpl(wrapper=True)
def kinglib_invariants(rules: Rules) -> Generator[None, Invariants, Invariants]:
    """The variant's invariants, with the shorter match when its length is fixed."""
    declared = yield
    schedule = rules.schedule
    if declared.deals is None or schedule.repeat is not None:
        return declared
    zero_sum = declared.zero_sum
    if zero_sum and all(d in rules.contracts for d in schedule.deals):
        zero_sum = sum(rules.contracts[d].total for d in schedule.deals) == 0
    return attrs.evolve(declared, deals=schedule.length, zero_sum=zero_sum)
