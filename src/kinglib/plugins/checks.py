"""Checks that :func:`kinglib.load_rules` makes once the rules are built.

They catch, when the rules are loaded, mistakes that would otherwise surface in the middle of a
match: a contract whose card groups or trick rules hold cards outside the pack, trick rules the
engine cannot honour (trump duties without a trump, jokers in the pack that no rule places, a
draw from the stock without a phase that has one, a play phase nobody supplies), and a
schedule marker (a deal of the schedule that names no contract, such as ``"choose"``) that no
``kinglib_begin_deal`` implementation handles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from kinglib.engine.flow import start_deal
from kinglib.engine.tricks import TrickPlay
from kinglib.values.cards import JOKERS_MASK, CardSet
from kinglib.values.contracts import Contract
from kinglib.values.deals import MatchSetup, Phase
from kinglib.values.errors import RulesError

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules

__all__ = ["UnhandledMarkerError", "check_loaded", "settled_contracts", "unhandled_marker"]


def settled_contracts(rules: Rules, contracts: Mapping[str, Contract]) -> dict[str, Contract]:
    """The contracts with every trick rule settled for these rules, each checked.

    A trump round whose trick rules do not say who may lead trumps gets the rule of the option
    ``only_maker_leads_trump`` (true when the variant does not declare it): only the maker may
    lead a trump while holding another suit. Raises :class:`~kinglib.values.errors.RulesError`
    naming the contract and the field for a rule the pack or the contract cannot honour.
    """
    maker_only = bool(rules.options.get("only_maker_leads_trump", True))
    out: dict[str, Contract] = {}
    for cid, contract in contracts.items():
        if not isinstance(contract, Contract):
            raise RulesError(
                f"kinglib_contracts of {rules.variant} gave {type(contract).__name__} for "
                f"{cid!r}: every contract is a kinglib.Contract"
            )
        play = contract.trick_rules
        if contract.trump_round and not any(key == "trump" for key, _ in play.lead):
            play = play.with_lead("trump", "maker" if maker_only else "free")
            contract = attrs.evolve(contract, trick_rules=play)
        _check_trick_rules(rules, contract)
        out[cid] = contract
    return out


def _check_trick_rules(rules: Rules, contract: Contract) -> None:
    play = contract.trick_rules
    where = f"contract {contract.id!r}: trick rule"
    deck = rules.deck.mask
    for field in ("void_duty", "follow_duty", "under_duty"):
        foreign = getattr(play, field).mask & ~deck
        if foreign:
            raise RulesError(
                f"{where} {field} names {CardSet.from_mask(foreign)}, which are not in the "
                f"{len(rules.deck)}-card pack of {rules.variant}"
            )
    if not contract.trump_round:
        if play.overtrump != "never":
            raise RulesError(
                f"{where} overtrump={play.overtrump!r} needs a trump, and {contract.id} is no "
                "trump round (set trump_round=True, or leave overtrump 'never')"
            )
        if play.lead_rule("trump") != "free":
            raise RulesError(
                f"{where} lead['trump']={play.lead_rule('trump')!r} needs a trump, and "
                f"{contract.id} is no trump round"
            )
    if play.phase is None and deck & JOKERS_MASK and play.joker_suit is None:
        raise RulesError(
            f"{where} joker_suit is not set, and the pack of {rules.variant} holds jokers: "
            "say how they play (joker_suit, joker_rank, joker_free)"
        )
    if play.joker_suit is not None and not deck & JOKERS_MASK:
        raise RulesError(
            f"{where} joker_suit={play.joker_suit.name.lower()} places jokers, and the pack "
            f"of {rules.variant} holds none"
        )


def _check_play_phases(rules: Rules) -> None:
    trick_play = rules.phases.get(Phase.PLAY)
    inner = getattr(trick_play, "trick_play", trick_play)
    for contract in rules.contracts.values():
        play = contract.trick_rules
        if play.phase is not None:
            if play.phase not in rules.play_phases:
                known = ", ".join(sorted(rules.play_phases)) or "none"
                raise RulesError(
                    f"contract {contract.id!r}: trick rule phase={play.phase!r} names no play "
                    f"phase of {rules.variant} (its kinglib_phases names: {known})"
                )
            continue
        if (
            play.void == "draw"
            and isinstance(inner, TrickPlay)
            and type(inner).stock_left is TrickPlay.stock_left
        ):
            raise RulesError(
                f"contract {contract.id!r}: trick rule void='draw' needs a play phase with "
                f"a stock to draw from, and the trick play of {rules.variant} has none"
            )


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

    Raises :class:`~kinglib.values.errors.RulesError` naming the contract and the cards, or the
    marker and the hook to implement (``kinglib_begin_deal``).
    """
    deck = rules.deck.mask
    _check_play_phases(rules)
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
    for deal_number in first.values():
        # Open the first deal scheduled with the marker: the default kinglib_begin_deal
        # raises UnhandledMarkerError when no plugin answered before it.
        start_deal(rules, MatchSetup(seed=0), deal_number)
