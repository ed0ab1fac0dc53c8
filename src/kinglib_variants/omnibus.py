"""omnibus — Омнибус, the American cousin of King: hearts, Q♠ and a bonus 10♦.

Three or four players, the 52-card pack (three players: without 2♣, 17 cards each). Every deal
plays the one contract ``"omnibus"``: any card may be led at any time (hearts and spades
included), the others follow suit when they can, nothing is forced and no cards are passed.
Each heart taken costs 1, Q♠ costs 13, and the bonus card earns 10 (option ``bonus_card``:
``"TD"``, the ten of diamonds, by default; ``"JD"``, the jack of diamonds): −16 a deal in all.

The slam: 000 says only that the player who takes all the hearts, Q♠ and 10♦ "gets 26 plus
points". We read it as replacing the deal's scores, since those cards are all the deal's
scoring cards and he alone holds them (option ``slam``):

* ``"shooter"`` (default, 000's wording): he scores +26 and the others 0;
* ``"others"``: the others score −26 each and he 0 (the Hearts way of shooting the moon).

The match runs until some total is −100 or lower at the end of a deal; the highest total wins.

Early end (option ``early_end``): the core ends a deal once every scoring card has been taken.
The slam needs no special care: the cards it counts are exactly the scoring cards, so at that
moment it is settled too, and while a scoring card is still in a hand the deal goes on, whether
a slam is still possible or not (the scores of the cards still to fall are not known).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, State
from kinglib.kit.full_pack import full_pack
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.contracts import Contract
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule

__all__ = [
    "BONUS",
    "CONTRACT_ID",
    "QUEEN_OF_SPADES",
    "SLAM",
    "THRESHOLD",
    "omnibus_contract",
    "slam_taker",
]

#: The id of the single contract of the variant.
CONTRACT_ID = "omnibus"
#: The match ends when some total is at this or below at the end of a deal.
THRESHOLD = -100
#: What a slam is worth (to the shooter, or against each other player).
SLAM = 26
#: The bonus card's price.
BONUS = 10
#: The queen of spades and her price.
QUEEN_OF_SPADES = Card(Suit.SPADES, Rank.QUEEN)
_QUEEN_PRICE = -13
_HEART_PRICE = -1


def omnibus_contract(bonus_card: Card) -> Contract:
    """The ``"omnibus"`` contract: each heart −1, Q♠ −13, ``bonus_card`` +10 (−16 a deal)."""
    groups = (
        (SUIT_MASKS[Suit.HEARTS], _HEART_PRICE),
        (QUEEN_OF_SPADES.mask, _QUEEN_PRICE),
        (bonus_card.mask, BONUS),
    )
    return Contract(
        id=CONTRACT_ID,
        name="Омнибус",
        title="omnibus",
        card_values=groups,
        description=f"1 a heart, 13 for QS, +{BONUS} for {bonus_card}",
    )


def slam_taker(contract: Contract, taken: tuple[int, ...]) -> int | None:
    """The seat that took every scoring card of the deal (hearts, Q♠, bonus), or ``None``."""
    need = contract.scoring_mask
    for seat, mask in enumerate(taken):
        if mask & need == need:
            return seat
    return None


INFO = VariantInfo(
    name="omnibus",
    title="Омнибус",
    english_title="Omnibus Hearts",
    players=(3, 4),
    default_players=4,
    options=(
        Option(
            "bonus_card",
            "TD",
            "the card worth +10: the ten of diamonds (TD) or the jack of diamonds (JD)",
            choices=("TD", "JD"),
            kind=str,
        ),
        Option(
            "slam",
            "shooter",
            "taking every heart, QS and the bonus card: +26 to the taker and 0 to the others "
            "(shooter), or -26 to each other player and 0 to the taker (others)",
            choices=("shooter", "others"),
            kind=str,
        ),
    ),
    description=(
        "Each heart costs 1, QS 13, and the ten of diamonds earns 10; any card may be led. "
        "Taking them all is a slam worth 26. The match ends when some total reaches -100."
    ),
)


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The single contract ``"omnibus"``, with the bonus card of option ``bonus_card``."""
    return {CONTRACT_ID: omnibus_contract(Card.parse(rules.options["bonus_card"]))}


def kinglib_schedule() -> Schedule:
    """Every deal plays the contract ``"omnibus"``, until the match ends."""
    return Schedule(repeat=CONTRACT_ID, until=THRESHOLD)


def kinglib_score_deal(rules: Rules, state: State) -> tuple[int, ...]:
    """The scores of a finished deal: each seat the prices of the cards it took.

    A slam (one seat took every scoring card) replaces them: with option ``slam="shooter"``
    the taker scores +26 and the others 0; with ``slam="others"`` each other seat scores −26
    and the taker 0.
    """
    contract = state.contract_info
    assert contract is not None
    shooter = slam_taker(contract, state.taken_mask)
    if shooter is None:
        return tuple(contract.card_points(taken) for taken in state.taken_mask)
    if rules.options["slam"] == "shooter":
        return tuple(SLAM if seat == shooter else 0 for seat in range(rules.players))
    return tuple(0 if seat == shooter else -SLAM for seat in range(rules.players))


def kinglib_deal_details(state: State) -> Sequence[tuple[str, Any]]:
    """The deal's details: ``("slam", seat)``, the seat that made a slam, or ``None``."""
    contract = state.contract_info
    assert contract is not None
    return (("slam", slam_taker(contract, state.taken_mask)),)


def kinglib_view_extra(rules: Rules) -> Mapping[str, Any]:
    """The view extra ``"bonus_card"``: the bonus card in force, as the option's text."""
    return {"bonus_card": rules.options["bonus_card"]}


def deal_total(result: DealResult, rules: Rules) -> int:
    """What an Omnibus deal hands out: its contract's total, or the slam's 26.

    A slam gives +26 to the taker (option ``slam="shooter"``) or −26 to each other seat
    (``slam="others"``).
    """
    if result.detail("slam") is None:
        return rules.contracts[result.contract].total
    if rules.options["slam"] == "shooter":
        return SLAM
    return -SLAM * (rules.players - 1)


def kinglib_invariants() -> Invariants:
    """Not zero-sum; each deal hands out :func:`deal_total`; the match ends at :data:`THRESHOLD`."""
    return Invariants(deal_total=deal_total, threshold=THRESHOLD)


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe Omnibus."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """52 cards; without 2♣ for three players."""
    return full_pack(rules.players)
