"""kierki — Polish Kierki: seven negatives, four trumps deals and a fan-tan, in a fixed order.

Four players, the 52-card pack, 13 cards each; play goes clockwise and the deal passes left
after every deal. The eldest (the dealer's left) leads to the first trick of every trick deal
and plays first in the fan-tan. Nobody chooses: ``Choose`` is never legal.

A **series** is 12 deals: the *rozgrywka*, seven negatives in the order of option ``order``
(by default ``no_tricks``, ``no_hearts``, ``no_queens``, ``no_kings_jacks``,
``no_king_of_hearts``, ``no_seventh_and_last``, ``robber``), then four ``trumps`` deals (each
seat deals one) and the *odgrywka*, ``fan_tan``. Option ``series`` (1 to 4) plays that many.

The prices are a table (:data:`TABLE`), on the short scale (option ``scale="short"``, the
default: the series is zero-sum, −260 against +260) or the long one (``scale="long"``: −1300 a
series). ``robber`` counts all six penalties at once, a card in every category it belongs to
(the K♥ is a heart, a king and the K♥). ``no_seventh_and_last`` counts the 7th trick (option
``early_trick``) and the 13th.

Play rules, all trick rules as data (:class:`~kinglib.trick_rules.TrickRules`):

* ``no_hearts``, ``no_king_of_hearts``, ``robber``: no heart lead while holding another suit;
* ``no_king_of_hearts``, ``robber``: a player holding K♥ who cannot follow suit must play it
  (never forced on a heart lead);
* ``trumps``: the dealer (option ``trump_chooser``: or the eldest) names the trump having seen
  only his first five cards (option ``trump_cards``: seven); during that declaration every
  seat holds only its first cards, the rest waiting in the hidden pile ``"undealt"``. A suit,
  or ``notrump`` with option ``notrump``. No duty to trump (option ``must_trump``) nor to
  overtrump (option ``must_overtrump``: whoever plays a trump must beat the highest trump in
  the trick if he can); trumps may be led at any time;
* ``fan_tan``: the fan-tan layout of the kit (:mod:`kinglib.kit.fan_tan`) from the sevens
  (option ``fan_tan_start``: another rank, or ``"any"``); the order of going out scores.

A deal built by hand (``Rules.new_deal``): a negative or the fan-tan is played at once;
``"trumps"`` with a trump is played at once, without one it opens at the declaration, each
hand dealt in the order written (its first five cards first).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kinglib.engine.kernel import Draws
from kinglib.engine.phases import Opening, PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import HiddenLayout, stock_layout
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.engine.view import View
from kinglib.kit import fan_tan
from kinglib.kit.choosing import check_given_trump, trump_declarations
from kinglib.kit.fan_tan import FAN_TAN, begin_fan_tan, fan_tan_layout, start_rank_option
from kinglib.kit.trump_rounds import UNDEALT, praise_layout
from kinglib.plugins.hookspecs import for_contracts
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import (
    RANK_MASKS,
    SUIT_MASKS,
    Card,
    CardSet,
    Rank,
    Suit,
    deck_mask,
    iter_indices,
)
from kinglib.values.contracts import Contract
from kinglib.values.moves import Declare, Move
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "COUNTED",
    "INFO",
    "MAX_SERIES",
    "NEGATIVES",
    "SCALES",
    "TABLE",
    "TRICKS",
    "TRUMPS_DEALS",
    "DeclareOnFirstCards",
    "TrumpCall",
    "kierki_trick_rules",
]

#: How many tricks a deal has: the 52 cards shared by four.
TRICKS = 13

#: The two price scales (option ``scale``), the column of :data:`TABLE` each one reads.
SCALES: tuple[str, ...] = ("short", "long")

#: Each contract: its Polish name, its English title, what it counts, and its signed price per
#: item on the short and the long scale. ``fan_tan``'s prices are by place of going out (1st,
#: 2nd, 3rd, last); ``robber``'s are the six penalties', which it counts all at once.
TABLE: dict[str, tuple[str, str, str, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    "no_tricks": ("Bez lew", "no tricks", "a trick", ((-2,), (-20,))),
    "no_hearts": ("Bez kierów", "no hearts", "a heart", ((-2,), (-20,))),
    "no_queens": ("Bez dam", "no queens", "a queen", ((-5,), (-60,))),
    "no_kings_jacks": ("Bez panów", "no kings or jacks", "a king or jack", ((-3,), (-30,))),
    "no_king_of_hearts": ("Bez króla kier", "no king of hearts", "for KH", ((-16,), (-150,))),
    "no_seventh_and_last": (
        "Bez siódmej i ostatniej",
        "no seventh and last trick",
        "for the early trick and for the last trick",
        ((-9,), (-75,)),
    ),
    "robber": ("Rozbójnik", "robber", "all six penalties at once", ((), ())),
    "trumps": ("Atu", "trumps", "a trick, with trumps", ((5,), (25,))),
    "fan_tan": (
        "Układanka",
        "fan-tan",
        "by the order of going out",
        ((10, 5, -5, -10), (100, 50, -50, -100)),
    ),
}

#: The seven negatives of a series, in the default order (option ``order``).
NEGATIVES: tuple[str, ...] = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_kings_jacks",
    "no_king_of_hearts",
    "no_seventh_and_last",
    "robber",
)

#: The cards each card-counting contract counts.
COUNTED: dict[str, int] = {
    "no_hearts": SUIT_MASKS[Suit.HEARTS],
    "no_queens": RANK_MASKS[Rank.QUEEN],
    "no_kings_jacks": RANK_MASKS[Rank.KING] | RANK_MASKS[Rank.JACK],
    "no_king_of_hearts": Card(Suit.HEARTS, Rank.KING).mask,
}

#: The contracts played with hearts barred from the lead, and those in which K♥ goes on a void.
_NO_HEART_LEAD = ("no_hearts", "no_king_of_hearts", "robber")
_KING_ON_VOID = ("no_king_of_hearts", "robber")
#: How many trumps deals a series has.
TRUMPS_DEALS = 4
#: How many series a match may have (option ``series``).
MAX_SERIES = 4


def _price(cid: str, scale: str) -> tuple[int, ...]:
    return TABLE[cid][3][SCALES.index(scale)]


def kierki_trick_rules(cid: str, options: Mapping[str, Any]) -> TrickRules:
    """The trick rules of contract ``cid`` with the options ``options``; the eldest leads."""
    if cid == FAN_TAN:
        return TrickRules(phase=FAN_TAN)
    if cid == "trumps":
        return TrickRules(
            lead={"trump": "free"},
            void="trump" if options["must_trump"] else "discard",
            overtrump="always" if options["must_overtrump"] else "never",
        )
    lead = {"hearts": "never"} if cid in _NO_HEART_LEAD else {}
    return TrickRules(lead=lead, void_duty="KH" if cid in _KING_ON_VOID else "")


def _counts(cid: str, scale: str, early_trick: int) -> tuple[list[int], list[tuple[int, int]]]:
    """The trick values and card values of one penalty (``robber`` sums the six)."""
    tricks = [0] * TRICKS
    cards: list[tuple[int, int]] = []
    if cid == "robber":
        for part in NEGATIVES[:-1]:
            more_tricks, more_cards = _counts(part, scale, early_trick)
            tricks = [a + b for a, b in zip(tricks, more_tricks)]
            cards += more_cards
        return tricks, cards
    (price,) = _price(cid, scale)
    if cid in ("no_tricks", "trumps"):
        tricks = [price] * TRICKS
    elif cid == "no_seventh_and_last":
        tricks[early_trick - 1] += price
        tricks[TRICKS - 1] += price
    else:
        cards.append((COUNTED[cid], price))
    return tricks, cards


#: The places of going out of a fan-tan, in the order of its prices.
_PLACES = ("first out", "second", "third", "last")


# --------------------------------------------------------------------- options


def _series(value: int, players: int) -> int:
    if not 1 <= value <= MAX_SERIES:
        raise ValueError(
            f"option 'series' is a number of series from 1 to {MAX_SERIES}, not {value}"
        )
    return value


def _order(value: tuple[Any, ...], players: int) -> tuple[str, ...]:
    words = [str(v).strip() for v in value]
    if sorted(words) != sorted(NEGATIVES):
        raise ValueError(
            "option 'order' lists each of the seven negatives exactly once: "
            f"{', '.join(NEGATIVES)}; got {', '.join(words) or 'nothing'}"
        )
    return tuple(words)


def _early_trick(value: int, players: int) -> int:
    if not 1 <= value < TRICKS:
        raise ValueError(
            f"option 'early_trick' is a trick from 1 to {TRICKS - 1} (the last, {TRICKS}, counts "
            f"anyway), not {value}"
        )
    return value


def _fan_tan_start(value: Any, players: int) -> str:
    word = start_rank_option(value)
    if word == "declare":
        raise ValueError(
            "option 'fan_tan_start' is a rank (2 to 9, T, J, Q, K, A) or 'any' in kierki; "
            "nobody declares the start rank, not 'declare'"
        )
    return word


#: What kierki is: its names, its player count, its options and the fan-tan kit it is made with.
INFO = VariantInfo(
    name="kierki",
    title="Kierki",
    english_title="Polish Kierki",
    players=(4,),
    default_players=4,
    options=(
        Option(
            "series",
            1,
            f"how many series of 12 deals the match has (1 to {MAX_SERIES})",
            kind=int,
            convert=_series,
        ),
        Option(
            "order",
            NEGATIVES,
            "the seven negatives of each series in the order played (each once); as text, "
            "their ids separated by commas or spaces",
            kind=tuple,
            convert=_order,
        ),
        Option(
            "scale",
            "short",
            "the prices: short (2, 2, 5, 3, 16, 9, robber 130, +5 a trick; zero-sum) or long "
            "(20, 20, 60, 30, 150, 75, robber 1300, +25 a trick; -1300 a series)",
            choices=SCALES,
            kind=str,
        ),
        Option(
            "early_trick",
            7,
            "the trick that no_seventh_and_last counts besides the last one",
            kind=int,
            convert=_early_trick,
        ),
        Option(
            "trump_chooser",
            "dealer",
            "who names the trump of a trumps deal, on his first cards: the dealer or the eldest",
            choices=("dealer", "eldest"),
            kind=str,
        ),
        Option(
            "trump_cards",
            5,
            "how many cards each player holds while the trump is named: 5 or 7",
            choices=(5, 7),
            kind=int,
        ),
        Option(
            "notrump",
            False,
            "the trump of a trumps deal may be named notrump",
            kind=bool,
        ),
        Option(
            "must_trump",
            False,
            "in trumps a player who cannot follow suit must play a trump if he holds one",
            kind=bool,
        ),
        Option(
            "must_overtrump",
            False,
            "in trumps whoever plays a trump (following a trump lead or trumping) must beat the "
            "highest trump in the trick if he can",
            kind=bool,
        ),
        Option(
            "fan_tan_start",
            "7",
            "the start rank of the fan-tan rows: a rank letter (2 to 9, T, J, Q, K, A), or any "
            "(the first card played sets it)",
            kind=str,
            convert=_fan_tan_start,
        ),
    ),
    description=(
        "Polish Kierki with the 52-card pack, in series of 12 deals played in a fixed order: "
        "seven negatives (the last, robber, counting all six penalties at once), four trumps "
        "deals named by the dealer on his first five cards, and a fan-tan from the sevens."
    ),
    parts=(fan_tan,),
)


# --------------------------------------------------------------------- the declaration


@attrs.frozen
class TrumpCall:
    """The declaration of a trumps deal (the state's ``aux``).

    Attributes:
        declarer: the seat that names the trump (the dealer, or the eldest).
        rest: per seat, the mask of the cards not dealt yet (all zero once dealt).

    """

    declarer: int
    rest: tuple[int, ...]


def _first_cards_seeded(state: State, count: int) -> tuple[int, ...]:
    """Each seat's first ``count`` cards of a seeded deal, drawn from the match seed."""
    rng = random.Random(f"kinglib/{state.setup.seed}/{state.deal_number}/kierki")
    return tuple(
        sum(1 << i for i in rng.sample(list(iter_indices(hand)), min(count, hand.bit_count())))
        for hand in state.hands_mask
    )


def _first_cards_given(state: State, count: int) -> tuple[int, ...]:
    """Each seat's first ``count`` cards of a given deal: the first written."""
    spec = state.deal_spec
    assert spec is not None
    firsts = []
    for seat, hand in enumerate(state.hands_mask):
        order = spec.order_of(f"hand:{seat}") or tuple(iter_indices(hand))
        firsts.append(sum(1 << i for i in order[:count]))
    return tuple(firsts)


class DeclareOnFirstCards(PhaseRules):
    """The DECLARE phase of a trumps deal: the declarer names the trump on his first cards.

    Every seat holds only its first cards (option ``trump_cards``); the declaration deals the
    rest (from the hidden pile ``"undealt"``) and the eldest leads.
    """

    def __init__(self, rules: Rules) -> None:
        """Read the option ``notrump``."""
        self.rules = rules
        self.declarations = trump_declarations(bool(rules.options["notrump"]))
        self.moves: tuple[Move, ...] = tuple(Declare(d) for d in self.declarations)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Declare`` for every suit (and ``notrump`` with the option)."""
        return self.moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a declaration is refused."""
        if not isinstance(move, Declare):
            return f"the trump of the trumps deal is being named: declare it, not {move}"
        if move in self.moves:
            return None
        allowed = ", ".join(str(d) for d in self.declarations)
        return f"{move.trump} may not be named as the trump here (allowed: {allowed})"

    def apply(self, state: State, move: Move) -> State:
        """Fix the trump, deal the rest of the cards; the eldest leads."""
        assert isinstance(move, Declare)
        call = state.aux
        assert isinstance(call, TrumpCall)
        hands = _dealt_in_full(state, call)
        piles = tuple((k, m) for k, m in state.piles_mask if k != UNDEALT)
        return start_play(
            state,
            move,
            hands_mask=hands,
            piles_mask=piles,
            trump=move.trump,
            maker=call.declarer,
            aux=TrumpCall(declarer=call.declarer, rest=(0,) * len(hands)),
        )

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The trump named at random and the rest of the cards dealt: the card play opens.

        That is when this class's own rules name it (else ``None``).
        """
        if not _own_rules(self):
            return None
        call = state.aux
        assert isinstance(call, TrumpCall)
        hands = _dealt_in_full(state, call)
        return _declared(self.moves, state.contract_info, call.declarer, draws, hands)

    def opens_every_deal(self) -> bool:
        """Whether :meth:`open_deal_at_random` may open every deal of a random match.

        It may when the declaration is this class's own (its legal moves and its ``apply``):
        the declaration is then the only move that opens a deal of the fixed schedule, and
        once it is made every seat holds the hand it was dealt.
        """
        return _own_rules(self)

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """Deal ``deal_number`` opened: a trumps deal by its declaration drawn at random.

        The declarer draws as :meth:`open_at_random` draws for the deal's state. A negative
        or the fan-tan opens with no move; every hand is the one dealt.
        """
        rules = self.rules
        contract = rules.contracts[rules.schedule.contract_for(deal_number)]
        if contract.id != "trumps":
            return Opening((), contract)
        dealer = rules.dealer_for(deal_number)
        chooser = rules.options["trump_chooser"]
        declarer = dealer if chooser == "dealer" else rules.next_seat(dealer)
        return _declared(self.moves, contract, declarer, draws, None)


def _own_rules(phase: DeclareOnFirstCards) -> bool:
    """Whether the declaration's moves and their effect are the class's own, not a subclass's."""
    own = type(phase)
    return (
        own.legal_moves is DeclareOnFirstCards.legal_moves
        and own.apply is DeclareOnFirstCards.apply
    )


def _declared(
    moves: tuple[Move, ...],
    contract: Contract | None,
    declarer: int,
    draws: Sequence[Draws],
    hands: tuple[int, ...] | None,
) -> Opening:
    """The trump named at random by ``declarer`` among ``moves``; the play opens with ``hands``."""
    named = moves[draws[declarer].below(len(moves))]
    assert isinstance(named, Declare) and not isinstance(named.trump, Rank)
    return Opening((named,), contract, named.trump, declarer, hands)


def _dealt_in_full(state: State, call: TrumpCall) -> tuple[int, ...]:
    """Each seat's hand once the rest of its cards (``call.rest``) is dealt, as card masks."""
    return tuple(h | r for h, r in zip(state.hands_mask, call.rest))


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe Polish Kierki."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """The 52-card pack."""
    return CardSet.from_mask(deck_mask(Rank.TWO))


def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
    """The nine contracts of :data:`TABLE` at the scale of the options, with their rules.

    ``no_tricks`` and ``trumps`` count every trick, ``no_seventh_and_last`` the early trick
    (option ``early_trick``) and the last, ``robber`` everything the six penalties count, each
    card in every group it belongs to, and the others the cards of :data:`COUNTED`.
    ``fan_tan``'s trick values are its prices by place of going out, the first out first.
    """
    options = rules.options
    scale = str(options["scale"])
    early = int(options["early_trick"])
    contracts: dict[str, Contract] = {}
    for cid, (name, title, counts, _) in TABLE.items():
        prices = _price(cid, scale)
        if cid == FAN_TAN:
            tricks, cards = list(prices), list[tuple[int, int]]()
            described = ", ".join(f"{p:+d} {place}" for p, place in zip(prices, _PLACES))
        else:
            tricks, cards = _counts(cid, scale, early)
            if cid == "robber":
                described = counts
            elif cid == "no_seventh_and_last":
                described = f"{abs(prices[0])} for trick {early} and for trick {TRICKS}"
            else:
                described = f"{abs(prices[0])} {counts}"
        contracts[cid] = Contract(
            id=cid,
            name=name,
            title=title,
            trick_values=tuple(tricks),
            card_values=tuple(cards),
            trump_round=cid == "trumps",
            description=described,
            trick_rules=kierki_trick_rules(cid, options),
        )
    return contracts


def kinglib_schedule(rules: Rules) -> Schedule:
    """``series`` times twelve deals: the negatives in ``order``, four trumps, the fan-tan."""
    series = (*rules.options["order"], *("trumps",) * TRUMPS_DEALS, FAN_TAN)
    return Schedule(deals=series * int(rules.options["series"]))


def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """The declaration of the trump on the first cards; trick play and fan-tan as given."""
    return {Phase.DECLARE: DeclareOnFirstCards(rules)}


@for_contracts("trumps", FAN_TAN)
def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a trumps deal at its declaration on the first cards, or lay out the fan-tan.

    A trumps deal built by hand with its trump is played at once; without one, each hand is
    dealt in the order written, its first cards before the declaration.
    """
    spec = state.setup.deal
    cid = spec.contract if spec is not None else rules.schedule.contract_for(state.deal_number)
    contract = rules.contracts[cid]
    if cid == FAN_TAN:
        return start_play(begin_fan_tan(state), contract_info=contract, trump=None)
    options = rules.options
    trump = spec.trump if spec is not None else None
    check_given_trump(rules, cid, trump, trump_declarations(bool(options["notrump"])))
    declarer = state.dealer if options["trump_chooser"] == "dealer" else state.eldest
    if trump is not None:
        return start_play(state, contract_info=contract, trump=trump, maker=declarer)
    count = int(options["trump_cards"])
    if state.deal_spec is None:
        firsts = _first_cards_seeded(state, count)
    else:
        firsts = _first_cards_given(state, count)
    rest = tuple(h & ~f for h, f in zip(state.hands_mask, firsts))
    undealt = 0
    for mask in rest:
        undealt |= mask
    return state.evolve(
        phase=Phase.DECLARE,
        contract_info=contract,
        trump=None,
        maker=declarer,
        to_move=declarer,
        hands_mask=firsts,
        piles_mask=tuple(sorted((*state.piles_mask, (UNDEALT, undealt)))),
        aux=TrumpCall(declarer=declarer, rest=rest),
    )


@for_contracts("trumps")
def kinglib_view_extra(state: State) -> dict[str, Any]:
    """The seat that names (or named) the trump of a trumps deal (``declarer``)."""
    call = state.aux
    if not isinstance(call, TrumpCall):
        return {}
    return {"declarer": call.declarer}


def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout:
    """Where the unseen cards may lie: the first cards and the rest of a declared trumps deal.

    A trumps deal whose trump was (or is being) named on the first cards is laid out as the
    trump rounds' staged deal (:func:`~kinglib.kit.trump_rounds.praise_layout`): while the
    rest is undealt each seat's rest is hidden, from itself too. The fan-tan's laid-out cards
    were dealt to the seats that laid them (:func:`~kinglib.kit.fan_tan.fan_tan_layout`). Any
    other deal is trick play from dealt hands.
    """
    if view.contract == "trumps" and "declarer" in view.extra:
        return praise_layout(rules, view)
    if view.contract == FAN_TAN:
        return fan_tan_layout(rules, view)
    return stock_layout(rules, view)


def kinglib_invariants(rules: Rules) -> Invariants:
    """12 deals a series; zero-sum on the short scale; every deal hands out its total."""
    return Invariants(
        zero_sum=rules.options["scale"] == "short",
        deals=len(rules.schedule.deals),
    )
