"""Tools for plugin authors: invariant checks, hypothesis strategies and a conformance suite.

* :func:`check_invariants` plays a random match and checks every invariant of a match (each
  card in one place, one seat to move with a legal move, deal totals, totals, zero-sum, the
  threshold, the number of deals, replay, records, hidden cards) as the rules declare it
  (the ``kinglib_invariants`` hook, :class:`Invariants`);
* :func:`deal_from_text` starts a hand-built deal written as text (the contract, the dealer,
  the hands), :func:`play_out` plays it on to the end and :func:`deal_points` gives its points
  (:mod:`kinglib.testing.deals`);
* :mod:`kinglib.testing.strategies` holds hypothesis strategies of seeds, reachable states,
  moves and given deals (it needs ``hypothesis``);
* :class:`kinglib.testing.conformance.RulesConformance` is a pytest test class to subclass
  with your rules; the ``kinglib`` pytest plugin (installed with kinglib) adds its options.
"""

from kinglib.plugins.invariants import Invariants, contract_total, invariants_of
from kinglib.testing.checks import check_deal, check_invariants, check_state
from kinglib.testing.deals import HandBuilt, deal_from_text, deal_points, play_moves, play_out

__all__ = [
    "HandBuilt",
    "Invariants",
    "check_deal",
    "check_invariants",
    "check_state",
    "contract_total",
    "deal_from_text",
    "deal_points",
    "invariants_of",
    "play_moves",
    "play_out",
]
