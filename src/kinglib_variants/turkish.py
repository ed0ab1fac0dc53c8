"""turkish — Turkish King (Rıfkı): counter-clockwise, each declarer chooses his contract.

Four players, the 52-card pack, 13 cards each. Play goes **counter-clockwise** (option
``direction``): the seat after ``s`` is ``(s - 1) % 4``, the deal passes to the dealer's
right, and the **declarer** of a deal is the dealer's right-hand neighbour (the eldest). After
the deal, his hand seen, the declarer chooses the contract (``Choose``) and leads to the first
trick; the next deal's declarer is his right-hand neighbour.

The match has 20 deals, five choices each. Each of the six negative contracts may be chosen at
most twice in the match (so each is played exactly twice), and each player chooses ``trumps``
exactly twice: when his turns left (this one included) equal the trumps he still owes,
``Choose("trumps")`` is his only move, and once he has chosen it twice it is no longer offered.
The match is zero-sum (−5200 against +5200).

The contracts (Turkish names): ``no_tricks`` (el almaz, −50 a trick), ``no_hearts`` (kupa
almaz, −30 a heart), ``no_queens`` (kız almaz, −100 a queen), ``no_kings_jacks`` (erkek almaz,
−60 a king or jack), ``no_king_of_hearts`` (rıfkı, −320 for K♥), ``no_last_two`` (son iki,
−180 for each of tricks 12 and 13) and ``trumps`` (koz, +50 a trick).

Play rules, all trick rules as data (:class:`~kinglib.values.trick_rules.TrickRules`):

* *Penalty cards* are the cards a card-counting contract counts. In ``no_queens``,
  ``no_kings_jacks`` and ``no_king_of_hearts`` a player following suit who holds penalty cards
  of the led suit below the best card of that suit in the trick must play one of them
  (``under_duty``, "no withholding"), and a player who cannot follow suit and holds penalty
  cards must play one of them (``void_duty``, the forced discard). In ``no_hearts`` only the
  forced discard applies. Option ``penalty_duty`` (default true) switches both off together.
* In ``no_hearts`` and ``no_king_of_hearts`` a heart may not be led until hearts are broken
  (a heart played to an earlier trick led in another suit), unless the leader holds only
  hearts (option ``heart_lead``: ``"broken"`` default, ``"never"``: not while holding another
  suit).
* ``trumps``: the declarer names a suit (``Declare(suit)``, no no-trump). A player who cannot
  follow suit must play a trump if he holds one, with no duty to beat a higher trump. Trumps
  may be led at any time (option ``trump_lead``: ``"free"`` default, ``"broken"``: not until a
  trump has been played to an earlier trick led in another suit, unless the leader holds only
  trumps).

A deal built by hand (``Rules.new_deal``) is one already chosen by its declarer, the seat
after the dealer in the direction of play: he leads at once, or, for ``"trumps"`` given
without a trump, first names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import DIRECTIONS, Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import (
    SUITS,
    ChoicePlan,
    ChooseContract,
    DeclareTrump,
    check_given_trump,
)
from kinglib.plugins.defaults import COMMON_OPTIONS
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank, Suit, deck_mask
from kinglib.values.contracts import Contract
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "COUNTED",
    "FAMILY_CONTRACTS",
    "INFO",
    "PLAN",
    "PRICES",
    "family_contract",
]

#: The contracts of the family variants played on the 52-card pack, in their usual order.
FAMILY_CONTRACTS: tuple[str, ...] = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_kings_jacks",
    "no_king_of_hearts",
    "no_last_two",
    "trumps",
)

#: The cards each card-counting contract counts (its penalty cards).
COUNTED: dict[str, int] = {
    "no_hearts": SUIT_MASKS[Suit.HEARTS],
    "no_queens": RANK_MASKS[Rank.QUEEN],
    "no_kings_jacks": RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK],
    "no_king_of_hearts": Card(Suit.HEARTS, Rank.KING).mask,
}

#: How many tricks a deal has: the 52 cards shared by four.
TRICKS = 13

_ENGLISH = {
    "no_tricks": "no tricks",
    "no_hearts": "no hearts",
    "no_queens": "no queens",
    "no_kings_jacks": "no kings or jacks",
    "no_king_of_hearts": "no king of hearts",
    "no_last_two": "no last two",
    "trumps": "trumps",
}
_COUNTS = {
    "no_tricks": "a trick",
    "no_hearts": "a heart",
    "no_queens": "a queen",
    "no_kings_jacks": "a king or jack",
    "no_king_of_hearts": "for KH",
    "no_last_two": "for each of the last two tricks",
    "trumps": "a trick, with trumps",
}


def family_contract(cid: str, price: int, name: str, trick_rules: TrickRules) -> Contract:
    """One contract of :data:`FAMILY_CONTRACTS` at ``price`` (signed) for each thing it counts.

    ``no_tricks`` and ``trumps`` count every trick, ``no_last_two`` the last two tricks, and
    the others the cards of :data:`COUNTED`; ``trumps`` is a trump round. ``name`` is the
    contract's name in the game's language; its title is the English one.
    """
    trick_values: tuple[int, ...] = (0,) * TRICKS
    card_values: tuple[tuple[int, int], ...] = ()
    if cid in ("no_tricks", "trumps"):
        trick_values = (price,) * TRICKS
    elif cid == "no_last_two":
        trick_values = (0,) * (TRICKS - 2) + (price, price)
    else:
        card_values = ((COUNTED[cid], price),)
    return Contract(
        id=cid,
        name=name,
        title=_ENGLISH[cid],
        trick_values=trick_values,
        card_values=card_values,
        trump_round=cid == "trumps",
        description=f"{abs(price)} {_COUNTS[cid]}",
        trick_rules=trick_rules,
    )


#: Each contract's Turkish name and signed price per item counted.
PRICES: dict[str, tuple[str, int]] = {
    "no_tricks": ("El almaz", -50),
    "no_hearts": ("Kupa almaz", -30),
    "no_queens": ("Kız almaz", -100),
    "no_kings_jacks": ("Erkek almaz", -60),
    "no_king_of_hearts": ("Rıfkı", -320),
    "no_last_two": ("Son iki", -180),
    "trumps": ("Koz", 50),
}

#: The choosing plan: each negative at most twice in the match, ``trumps`` twice by each.
PLAN = ChoicePlan(
    deals=20,
    shared=tuple((cid, 2) for cid in FAMILY_CONTRACTS if cid != "trumps"),
    per_player=(("trumps", 2),),
)

#: The marker of a deal whose contract its declarer chooses.
CHOOSE = "choose"

_FIRST_DEALER = next(o for o in COMMON_OPTIONS if o.name == "first_dealer")

INFO = VariantInfo(
    name="turkish",
    title="Rıfkı",
    english_title="Turkish King",
    players=(4,),
    default_players=4,
    options=(
        Option(
            "direction",
            "counterclockwise",
            "the direction of play, of the deal and of the declarers: counterclockwise (the "
            "seat after s is s - 1) or clockwise",
            choices=DIRECTIONS[::-1],
            kind=str,
        ),
        Option(
            "penalty_duty",
            True,
            "a follower holding penalty cards of the led suit below its best card in the trick "
            "must play one (not in no_hearts), and a void player holding penalty cards must "
            "play one; false: neither",
            kind=bool,
        ),
        Option(
            "heart_lead",
            "broken",
            "in no_hearts and no_king_of_hearts a heart may not be led until hearts are broken "
            "(broken), or while holding another suit (never)",
            choices=("broken", "never"),
            kind=str,
        ),
        Option(
            "trump_lead",
            "free",
            "in trumps a trump may be led at any time (free), or not until trumps are broken "
            "(broken)",
            choices=("free", "broken"),
            kind=str,
        ),
        attrs.evolve(
            _FIRST_DEALER,
            doc="the seat that deals the first deal; the deal then passes to the next seat in "
            "the direction of play (to the right, counter-clockwise)",
        ),
    ),
    description=(
        "Turkish King (Rıfkı), played counter-clockwise with the 52-card pack: in 20 deals each "
        "player, as declarer, chooses five contracts with his hand seen: the six negatives at "
        "most twice each in the match, and trumps exactly twice each. Penalty cards must not be "
        "withheld, hearts are led once broken."
    ),
)


def turkish_trick_rules(cid: str, options: Mapping[str, Any]) -> TrickRules:
    """The trick rules of contract ``cid`` with the options ``options``; the declarer leads."""
    if cid == "trumps":
        return TrickRules(lead={"trump": options["trump_lead"]}, void="trump", leader="maker")
    lead = {"hearts": options["heart_lead"]} if cid in ("no_hearts", "no_king_of_hearts") else {}
    penalty = CardSet.from_mask(COUNTED.get(cid, 0) if options["penalty_duty"] else 0)
    under = penalty if cid != "no_hearts" else CardSet()
    return TrickRules(lead=lead, void_duty=penalty, under_duty=under, leader="maker")


def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
    """The seven contracts at the Turkish prices, with the trick rules of the options."""
    return {
        cid: family_contract(cid, price, name, turkish_trick_rules(cid, rules.options))
        for cid, (name, price) in PRICES.items()
    }


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal: its declarer, the eldest, chooses the contract.

    A deal built by hand comes with its contract: the declarer leads at once, or names the
    trump first for ``"trumps"`` given without one.
    """
    spec = state.setup.deal
    declarer = state.eldest
    if spec is None:
        return state.evolve(phase=Phase.CHOOSE, to_move=declarer)
    check_given_trump(rules, spec.contract, spec.trump, SUITS)
    contract = rules.contracts[spec.contract]
    opened = state.evolve(contract_info=contract, maker=declarer, to_move=declarer)
    if contract.trump_round and spec.trump is None:
        return opened.evolve(phase=Phase.DECLARE)
    return start_play(opened, trump=spec.trump)


def kinglib_view_extra(state: State) -> dict[str, Any]:
    """The deal's declarer (``chooser``), and what is still to be chosen in the match."""
    chooser = state.maker if state.maker is not None else state.eldest
    return {"chooser": chooser, **PLAN.sheet(state)}


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe Turkish King."""
    return INFO


def kinglib_direction(rules: Rules) -> str:
    """Counter-clockwise, unless option ``direction`` says clockwise."""
    return str(rules.options["direction"])


def kinglib_deck(rules: Rules) -> CardSet:
    """The 52-card pack."""
    return CardSet.from_mask(deck_mask(Rank.TWO))


def kinglib_schedule(rules: Rules) -> Schedule:
    """Twenty deals, each one's contract chosen by its declarer."""
    return Schedule(deals=(CHOOSE,) * PLAN.deals)


def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """Choosing the contract, and naming the trump of ``trumps``; trick play is the default."""
    return {
        Phase.CHOOSE: ChooseContract(rules, PLAN, start_play, opens_deals=True),
        Phase.DECLARE: DeclareTrump(SUITS, start_play),
    }


def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum, 20 deals, every deal hands out its contract's total."""
    return Invariants(zero_sum=True, deals=PLAN.deals)
