"""House rule "boys-jacks-kings": the boys are the jacks and the kings, 2 points each.

The rule wraps the ``kinglib_contracts`` hook: in every contract that counts boys (``no_boys``,
``boys``, ``eralash``, ``plus_eralash``) the boys' card group becomes the jacks and kings of the
pack at 2 points each, with the sign the contract gave the boys. Each contract's total is
recomputed, so the match stays zero-sum: in simple King the boys games still hand out 16.
Nothing else changes; the rule works over any variant that builds its contracts with
:func:`kinglib.values.contracts.king_contracts`.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping

import attrs

from kinglib import Contract, Rank, Rules, hookimpl
from kinglib.values.cards import RANK_MASKS

__all__ = ["BOY_PRICE", "kinglib_contracts", "with_boys"]

#: The price of one boy under this rule.
BOY_PRICE = 2

_JACKS = RANK_MASKS[Rank.JACK]
_KINGS = RANK_MASKS[Rank.KING]


def with_boys(contract: Contract, deck: int) -> Contract:
    """The contract with its boys group made the jacks and kings at :data:`BOY_PRICE` each."""
    jacks, both = _JACKS & deck, (_JACKS | _KINGS) & deck
    groups = []
    changed = False
    for mask, value in contract.card_values:
        if value and mask in (jacks, both):
            groups.append((both, BOY_PRICE if value > 0 else -BOY_PRICE))
            changed = True
        else:
            groups.append((mask, value))
    if not changed:
        return contract
    total = sum(contract.trick_values) + sum(v * m.bit_count() for m, v in groups)
    description = contract.description
    if contract.id in ("no_boys", "boys"):
        description = f"{BOY_PRICE} a boy (jacks and kings)"
    return attrs.evolve(contract, card_values=tuple(groups), total=total, description=description)


@hookimpl(wrapper=True)
def kinglib_contracts(
    rules: Rules,
) -> Generator[None, Mapping[str, Contract], Mapping[str, Contract]]:
    """Make the jacks and kings boys at 2 points each in every contract that counts boys."""
    contracts = yield
    return {cid: with_boys(c, rules.deck.mask) for cid, c in contracts.items()}
