"""Checks that :func:`kinglib.load_rules` makes once the rules are built.

They catch, when the rules are loaded, mistakes that would otherwise surface in the middle of a
match: a contract whose card groups hold cards outside the pack, and a schedule marker (a deal
of the schedule that names no contract, such as ``"choose"``) that no ``kinglib_begin_deal``
implementation handles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kinglib.cards import CardSet
from kinglib.errors import RulesError

if TYPE_CHECKING:
    from kinglib.rules import Rules

__all__ = ["UnhandledMarkerError", "check_loaded", "unhandled_marker"]


class UnhandledMarkerError(RulesError):
    """A deal of the schedule names neither a contract nor a marker some plugin handles."""


def unhandled_marker(rules: Rules, marker: str) -> UnhandledMarkerError:
    """The error of a schedule entry that is not a contract and that no plugin opened."""
    return UnhandledMarkerError(
        f"the schedule of {rules.variant} names {marker!r}, which is not one of its contracts "
        f"({', '.join(rules.contracts)}), and no kinglib_begin_deal implementation opens a deal "
        f"scheduled as {marker!r}: implement kinglib_begin_deal to handle the marker (set the "
        "phase, the contract once known, and the seat to move), or schedule a contract id"
    )


def check_loaded(rules: Rules) -> None:
    """Refuse contracts with cards outside the pack and schedule markers nobody handles.

    Raises :class:`~kinglib.errors.RulesError` naming the contract and the cards, or the
    marker and the hook to implement (``kinglib_begin_deal``).
    """
    deck = rules.deck.mask
    for contract in rules.contracts.values():
        for group, _ in contract.card_values:
            foreign = group & ~deck
            if foreign:
                raise RulesError(
                    f"contract {contract.id!r} prices {CardSet.from_mask(foreign)}, which are "
                    f"not in the {len(rules.deck)}-card pack of {rules.variant}"
                )
    schedule = rules.schedule
    entries = (schedule.repeat,) if schedule.repeat is not None else schedule.deals
    first: dict[str, int] = {}
    for number, entry in enumerate(entries, start=1):
        if entry not in rules.contracts and entry not in first:
            first[entry] = number
    if not first:
        return
    from kinglib.flow import start_deal
    from kinglib.state import MatchSetup

    for deal_number in first.values():
        # Open the first deal scheduled with the marker: the default kinglib_begin_deal
        # raises UnhandledMarkerError when no plugin answered before it.
        start_deal(rules, MatchSetup(seed=0), deal_number)
