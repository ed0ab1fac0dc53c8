"""What a variant promises about every match: :class:`Invariants`, declared by a hook.

Every variant keeps these properties in every match: each card of the pack is in exactly one
place (a hand, the trick, a seat's taken cards, a pile); a live state has exactly one seat to
move, with at least one legal move, and a finished one none; a match ends; a deal hands out
what it should; the totals are the sums of the deals' points (plus the end-of-match points);
the same seed and the same moves give the same state, and a record reads back to it; no view
shows a seat a card of another seat's hand that it has not been shown. Some of them depend on
the variant:
whether a match is zero-sum, what a deal hands out (the contract's total, except where a slam or
an auction payment changes it), when an open-ended match stops, and how many deals a fixed one
has. A variant (or a house rule that changes one of these) says so by implementing the
``kinglib_invariants`` hook; :mod:`kinglib.testing` reads the answer and checks it on random
play. A variant that declares nothing gets :class:`Invariants` ``()``: each deal hands out its
contract's total, and nothing more is promised.

How a variant declares its invariants, in its plugin module::

    from kinglib.plugins.invariants import Invariants

    @hookimpl
    def kinglib_invariants(rules):
        # simple, ordered, atomic: zero-sum, and a match of fixed length
        return Invariants(zero_sum=True, deals=rules.schedule.length)

    @hookimpl
    def kinglib_invariants(rules):
        # domino: open-ended, until some total is -31 or lower
        return Invariants(threshold=-31)

    def slam_total(result, rules):
        # Omnibus: a slam hands out +26 to the slammer (or -26 to each other seat), not the
        # contract's total
        if result.detail("slam") is None:
            return rules.contracts[result.contract].total
        return 26 if rules.options["slam"] == "shooter" else -26 * (rules.players - 1)

    @hookimpl
    def kinglib_invariants(rules):
        return Invariants(deal_total=slam_total, threshold=-100)

A house rule that changes one of these properties wraps the hook and edits the answer (see
``kinglib_invariants`` in :mod:`kinglib.plugins.hookspecs`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from kinglib.values.cards import Card, CardSet

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules
    from kinglib.engine.state import DealResult, State

__all__ = [
    "Invariants",
    "ShownInExtras",
    "contract_total",
    "invariants_of",
    "no_shown_cards",
    "shown_in_extras",
]


def contract_total(result: DealResult, rules: Rules) -> int:
    """The expected total of a finished deal: its contract's :attr:`Contract.total`."""
    return rules.contracts[result.contract].total


def no_shown_cards(state: State, seat: int) -> CardSet:
    """No card of another seat's hand has been shown to ``seat``: the default."""
    return CardSet()


@attrs.frozen
class ShownInExtras:
    """A ``shown_cards`` declaration: the cards a variant announces in its view extras.

    Calling it with ``(state, seat)`` gives the cards under its keys of that seat's view extras
    (a card, a card set, or a container of them). Build it with :func:`shown_in_extras`.

    Attributes:
        keys: the keys of the view extras that hold announced cards.

    """

    keys: frozenset[str]

    def __call__(self, state: State, seat: int) -> CardSet:
        """The cards under the keys in ``seat``'s view of ``state``."""
        extra = state.view(seat).extra
        mask = 0
        for key in self.keys & set(extra):
            mask |= _mask_of(extra[key])
        return CardSet.from_mask(mask)


def shown_in_extras(*keys: str) -> ShownInExtras:
    """Declare as shown the cards under these keys of the view extras.

    For a widow turned up for everyone (``"widow"``), or the card shown by a ``last``
    declaration of a trump round (``"last_card"``). Equal keys give equal declarations.
    """
    return ShownInExtras(frozenset(keys))


def _mask_of(value: object) -> int:
    if isinstance(value, (Card, CardSet)):
        return value.mask
    if isinstance(value, (tuple, list, set, frozenset)):
        mask = 0
        for item in value:
            mask |= _mask_of(item)
        return mask
    return 0


@attrs.frozen
class Invariants:
    """The properties a variant declares for its matches.

    The properties that hold for every variant (every card in exactly one place, one seat to
    move, replay, views that hide other hands) need no declaration; these are the ones that
    differ between variants.

    Attributes:
        zero_sum: the match totals always sum to 0 at the end of a match.
        deal_total: ``(result, rules) -> int``, the signed total a finished deal must hand
            out; by default its contract's total. A variant whose deals may differ from the
            contract (the Omnibus slam, the bidding payment) gives its own function.
        threshold: for a match that runs until some total falls to or below a number, that
            number: the match ends exactly when, after a deal, some total is at or below it.
            ``None`` when the match has no such threshold.
        deals: the number of deals of every match, when it is fixed; else ``None``.
        max_deals: an upper bound on the number of deals of a match that has no fixed
            length; a match longer than that counts as one that never ends.
        shown_cards: ``(state, seat) -> CardSet``, the cards now in another seat's hand that
            ``seat`` has legitimately been shown (a widow shown before the declarer takes it,
            a trump card turned up); by default none. It is asked only about cards a view
            shows; :func:`shown_in_extras` builds one from the keys of the view extras.

    """

    zero_sum: bool = False
    deal_total: Callable[[DealResult, Rules], int] = contract_total
    threshold: int | None = None
    deals: int | None = None
    max_deals: int = 1000
    shown_cards: Callable[[State, int], CardSet] = no_shown_cards


def invariants_of(rules: Rules) -> Invariants:
    """The invariants that ``rules`` declare (the ``kinglib_invariants`` hook)."""
    found: Invariants = rules.hook.kinglib_invariants(rules=rules)
    return found
