"""barbu — Barbu (Belgian/French King): each dealer plays his seven contracts, with doubles.

Four players, the 52-card pack, 13 cards each, play clockwise. The match has 28 deals. Seat
``first_dealer`` deals deals 1–7, its left-hand neighbour deals 8–14, and so on (option
``rotation``: ``"seven"``; ``"each"``: the deal passes left after every deal). The **dealer**
is the declarer: after the deal, his hand seen, he chooses the contract (``Choose``), names the
trump of ``trumps`` (``Declare(suit)``) or the start rank of ``fan_tan`` (``Declare(rank)``),
and leads (in ``fan_tan``: plays first). Among his seven deals each dealer chooses each of the
seven contracts exactly once; a contract he has chosen is no longer offered to him.

The contracts (French names) and their prices: ``no_tricks`` (pas de plis, −2 a trick),
``no_hearts`` (pas de cœurs, −6 for A♥ and −2 for each other heart), ``no_queens`` (pas de
dames, −6 a queen), ``no_king_of_hearts`` (barbu, −20 for K♥), ``no_last_two`` (les deux
dernières, −10 for the 12th trick and −20 for the 13th), ``trumps`` (atout, +5 a trick) and
``fan_tan`` (domino, +45, +20, +5 and −5 by the order of going out). Each dealer's seven
contracts hand out 0 in all, so the match is zero-sum.

Play rules, all trick rules as data (:class:`~kinglib.values.trick_rules.TrickRules`):

* ``no_hearts``, ``no_king_of_hearts``: hearts may not be led by a player holding another suit
  (option ``heart_lead``: ``"never"`` default; ``"broken"``: once a heart was discarded on an
  earlier trick led in another suit; ``"free"``).
* ``no_king_of_hearts``: a player holding K♥ who cannot follow suit must play it (option
  ``king_forced``, default true); never on a heart lead.
* ``trumps``: on a trump lead each player must beat the highest trump in the trick if he can
  (option ``trump_overtrump``, default true), else play any trump. A player who cannot follow a
  plain suit may trump or discard (option ``must_trump``, default false: when true he must
  trump if he can, with no duty to overtrump).
* ``fan_tan``: the layout of the kit (:mod:`kinglib.kit.fan_tan`); the dealer names the start
  rank (option ``fan_tan_start``: ``"declare"`` default, or a fixed rank such as ``"J"``).

**Doubling** (option ``doubling``, default true), in :attr:`~kinglib.Phase.DOUBLE`, after the
contract and its trump or start rank:

1. the doubling round: each non-dealer once, from the dealer's left, plays ``Double(seats)`` or
   ``Pass()``. In ``trumps`` and ``fan_tan`` the only target is the dealer; in the negative
   contracts any other player with whom he has no wager yet. The dealer does not double.
2. the redoubling round: every player who was doubled, from the dealer's left and ending with
   the dealer, plays ``Redouble(seats)`` (any of those who doubled him) or ``Pass()``.
3. the obligation (option ``min_doubles``, default 2; 0 switches it off): each non-dealer must
   double the dealer at least that often during the dealer's seven deals; when the doubles he
   still owes equal the dealer's deals left (this one included), each of his moves in the
   doubling round names the dealer and ``Pass()`` is refused. Redoubles do not count.
4. the settlement: for each wager between A and B, base points a and b, A gets ``m·(a − b)``
   and B ``m·(b − a)``, m = 1 doubled, 2 redoubled. The deal's points are its base points plus
   every settlement, so every deal still hands out its contract's total.

A deal built by hand (``Rules.new_deal``) is one its dealer has chosen: it opens with the
declaration (``trumps`` without a trump, ``fan_tan`` with ``fan_tan_start="declare"``), then
the doubling round (option ``doubling``), then play. It has no match, so no obligation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any

import attrs

from kinglib.engine.kernel import Draws
from kinglib.engine.phases import Opening, PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import HiddenLayout
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.engine.view import View
from kinglib.kit import fan_tan
from kinglib.kit.choosing import SUITS, ChoicePlan, ChooseContract, check_given_trump
from kinglib.kit.fan_tan import (
    FAN_TAN,
    begin_fan_tan,
    fan_tan_layout,
    fan_tan_points,
    start_rank_option,
)
from kinglib.plugins.defaults import COMMON_OPTIONS
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank, Suit, deck_mask
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError
from kinglib.values.moves import Choose, Declare, Double, Move, Pass, Redouble
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "CONTRACTS",
    "DEALS",
    "INFO",
    "PLAN",
    "BarbuChoice",
    "BarbuDeclaration",
    "DealerChooses",
    "Doubling",
    "DoublingRounds",
    "doubles_owed",
    "doubling_of",
    "rounds_of",
]

#: The seven contracts, in their usual order.
CONTRACTS: tuple[str, ...] = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_king_of_hearts",
    "no_last_two",
    "trumps",
    FAN_TAN,
)
#: The deals of a match: seven for each of the four dealers.
DEALS = 28
#: The contracts in which the dealer is the only player that may be doubled.
DEALER_ONLY: frozenset[str] = frozenset({"trumps", FAN_TAN})
#: How many tricks a deal has.
TRICKS = 13
#: The prices of ``fan_tan`` by the order of going out: first, second, third, last.
FAN_TAN_PRICES: tuple[int, ...] = (45, 20, 5, -5)

#: The marker of a deal whose contract its dealer chooses.
CHOOSE = "choose"

_HEARTS = SUIT_MASKS[Suit.HEARTS]
_ACE_OF_HEARTS = Card(Suit.HEARTS, Rank.ACE).mask
_KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING).mask
_PASS = Pass()
#: The ranks a start rank may be, ace first (the order of the DECLARE moves of ``fan_tan``).
_RANKS: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


@attrs.frozen
class DealerChooses(ChoicePlan):
    """A choice plan whose chooser is each deal's dealer (not the eldest)."""

    def chooser_of(self, rules: Rules, deal_number: int) -> int:
        """The dealer of deal ``deal_number``."""
        return rules.dealer_for(deal_number)


#: The choosing plan: each dealer chooses each of the seven contracts once.
PLAN = DealerChooses(deals=DEALS, per_player=tuple((cid, 1) for cid in CONTRACTS))


def _fan_tan_start(value: object, players: int) -> str:
    start = start_rank_option(value)
    if start == "any":
        raise ValueError(
            "option 'fan_tan_start' is 'declare' or a rank (2 to 9, T, J, Q, K, A), not 'any'"
        )
    return start


def _min_doubles(value: int, players: int) -> int:
    if not 0 <= value <= DEALS // players:
        raise ValueError(
            f"option 'min_doubles' is a whole number from 0 to {DEALS // players} (the dealer's "
            f"deals), not {value}"
        )
    return value


_FIRST_DEALER = next(o for o in COMMON_OPTIONS if o.name == "first_dealer")

INFO = VariantInfo(
    name="barbu",
    title="Barbu",
    english_title="Barbu",
    players=(4,),
    default_players=4,
    options=(
        Option(
            "rotation",
            "seven",
            "seven: each dealer deals seven deals in a row; each: the deal passes left after "
            "every deal",
            choices=("seven", "each"),
            kind=str,
        ),
        Option(
            "heart_lead",
            "never",
            "in no_hearts and no_king_of_hearts a heart may not be led while holding another "
            "suit (never), until hearts are broken (broken), or at any time (free)",
            choices=("never", "broken", "free"),
            kind=str,
        ),
        Option(
            "king_forced",
            True,
            "in no_king_of_hearts a player holding KH who cannot follow suit must play it",
            kind=bool,
        ),
        Option(
            "trump_overtrump",
            True,
            "in trumps, on a trump lead, each player must beat the highest trump if he can",
            kind=bool,
        ),
        Option(
            "must_trump",
            False,
            "in trumps a player who cannot follow a plain suit must trump if he can (false: he "
            "may discard)",
            kind=bool,
        ),
        Option(
            "fan_tan_start",
            "declare",
            "the start rank of fan_tan: declare (the dealer names it) or a fixed rank (J, 7...)",
            kind=str,
            convert=_fan_tan_start,
        ),
        Option(
            "doubling",
            True,
            "after the contract, a doubling round and a redoubling round settle wagers between "
            "players",
            kind=bool,
        ),
        Option(
            "min_doubles",
            2,
            "each non-dealer must double the dealer at least this often in the dealer's seven "
            "deals (0: no obligation)",
            kind=int,
            convert=_min_doubles,
        ),
        attrs.evolve(
            _FIRST_DEALER,
            doc="the seat that deals the first deal (the first seven with rotation seven); the "
            "deal then passes to the left",
        ),
    ),
    description=(
        "Barbu, the Belgian and French King, with the 52-card pack: in 28 deals each player "
        "deals seven times and chooses each of the seven contracts once, the domino (fan-tan) "
        "among them; after the contract the others may double the dealer or each other, and "
        "redouble."
    ),
    parts=(fan_tan,),
)


# --------------------------------------------------------------------- contracts


def barbu_trick_rules(cid: str, options: Mapping[str, Any]) -> TrickRules:
    """The trick rules of contract ``cid`` with the options ``options``; the dealer leads."""
    if cid == FAN_TAN:
        return TrickRules(phase=FAN_TAN, leader="dealer")
    if cid == "trumps":
        return TrickRules(
            void="trump" if options["must_trump"] else "discard",
            overtrump="trump_lead" if options["trump_overtrump"] else "never",
            leader="dealer",
        )
    if cid not in ("no_hearts", "no_king_of_hearts"):
        return TrickRules(leader="dealer")
    lead = {"hearts": options["heart_lead"]}
    king = cid == "no_king_of_hearts" and options["king_forced"]
    return TrickRules(lead=lead, void_duty="KH" if king else "", leader="dealer")


#: Each contract's French name, its English title, what it counts, and its prices: the signed
#: value of each trick, and ``(cards, signed price)`` groups of the cards taken.
_TABLE: dict[str, tuple[str, str, str, tuple[int, ...], tuple[tuple[int, int], ...]]] = {
    "no_tricks": ("Pas de plis", "no tricks", "2 a trick", (-2,) * TRICKS, ()),
    "no_hearts": (
        "Pas de cœurs",
        "no hearts",
        "6 for AH, 2 for each other heart",
        (),
        ((_ACE_OF_HEARTS, -6), (_HEARTS & ~_ACE_OF_HEARTS, -2)),
    ),
    "no_queens": ("Pas de dames", "no queens", "6 a queen", (), ((RANK_MASKS[Rank.QUEEN], -6),)),
    "no_king_of_hearts": ("Barbu", "no king of hearts", "20 for KH", (), ((_KING_OF_HEARTS, -20),)),
    "no_last_two": (
        "Les deux dernières",
        "no last two",
        "10 for the 12th trick, 20 for the 13th",
        (0,) * (TRICKS - 2) + (-10, -20),
        (),
    ),
    "trumps": ("Atout", "trumps", "5 a trick, with trumps", (5,) * TRICKS, ()),
    FAN_TAN: (
        "Domino",
        "fan-tan",
        "45, 20, 5 and -5 by the order of going out",
        FAN_TAN_PRICES,
        (),
    ),
}


def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
    """The seven contracts at the Barbu prices, with the trick rules of the options."""
    contracts = {}
    for cid, (name, title, counts, tricks, cards) in _TABLE.items():
        contracts[cid] = Contract(
            id=cid,
            name=name,
            title=title,
            trick_values=tricks,
            card_values=cards,
            trump_round=cid == "trumps",
            description=counts,
            trick_rules=barbu_trick_rules(cid, rules.options),
        )
    return contracts


def kinglib_dealer(rules: Rules, deal_number: int) -> int:
    """Seven deals in a row by each dealer, or a new dealer every deal (option ``rotation``)."""
    first = int(rules.options["first_dealer"])
    if rules.options["rotation"] == "each":
        return rules.next_seat(first, deal_number - 1)
    return rules.next_seat(first, (deal_number - 1) // (DEALS // rules.players))


# --------------------------------------------------------------------- the doubling rounds


@attrs.frozen
class Doubling:
    """The wagers of a deal so far, read from its moves (:func:`doubling_of`).

    Attributes:
        wagers: ``(doubler, doubled, multiplier)`` per wager, in the order they were made; the
            multiplier is 1, or 2 once the doubled player redoubled.
        speaker: the seat to speak next in the rounds, or ``None`` once they are over.
        redoubling: whether the redoubling round is on (``speaker`` redoubles or passes).
        length: how many moves of the rounds were read (the choice and declaration not
            counted).

    """

    wagers: tuple[tuple[int, int, int], ...] = ()
    speaker: int | None = None
    redoubling: bool = False
    length: int = 0

    def partners(self, seat: int) -> frozenset[int]:
        """The seats ``seat`` has a wager with, whoever doubled."""
        return _partners(((a, b) for a, b, _ in self.wagers), seat)

    def doublers_of(self, seat: int) -> tuple[int, ...]:
        """The seats that doubled ``seat``, in ascending order."""
        return _doublers(((a, b) for a, b, _ in self.wagers), seat)


def _partners(pairs: Iterable[tuple[int, int]], seat: int) -> frozenset[int]:
    """The seats ``seat`` has a wager with among the ``(doubler, doubled)`` ``pairs``."""
    return frozenset(b if a == seat else a for a, b in pairs if seat in (a, b))


def _doublers(pairs: Iterable[tuple[int, int]], seat: int) -> tuple[int, ...]:
    """The seats that doubled ``seat`` among the ``(doubler, doubled)`` ``pairs``, ascending."""
    return tuple(sorted(a for a, b in pairs if b == seat))


def doubling_of(rules: Rules, dealer: int, moves: Iterable[Move]) -> Doubling:
    """The doubling rounds of a deal dealt by ``dealer`` whose moves are ``moves``.

    The moves are the deal's in order: the choice and the declaration (skipped), then one move
    for each non-dealer from the dealer's left (the doubling round), then one for each player
    who was doubled, from the dealer's left and ending with the dealer (the redoubling round);
    whatever follows is the play. ``speaker`` is the next to speak when the moves stop first.
    """
    rest = _doubling_moves(moves)
    return walk_rounds(rules, dealer, lambda seat, redoubling, wagers: next(rest, None))


def _doubling_moves(moves: Iterable[Move]) -> Iterator[Move]:
    return (m for m in moves if not isinstance(m, (Choose, Declare)))


#: A speaker's move in the rounds: ``speak(seat, redoubling, wagers)`` with the wagers so far
#: (``{(doubler, doubled): multiplier}``), or ``None`` when the moves stop there.
Speak = Callable[[int, bool, Mapping[tuple[int, int], int]], Move | None]


def walk_rounds(rules: Rules, dealer: int, speak: Speak) -> Doubling:
    """The doubling rounds of a deal dealt by ``dealer``, each speaker's move asked of ``speak``.

    The doubling round asks each non-dealer from the dealer's left, the redoubling round each
    player who was doubled, from the dealer's left and ending with the dealer (see
    :func:`doubling_of`). When ``speak`` answers ``None`` the rounds stop, that seat to speak.
    """
    order = [rules.next_seat(dealer, k) for k in range(1, rules.players)]
    wagers: dict[tuple[int, int], int] = {}
    length = 0
    for seat in order:
        move = speak(seat, False, wagers)
        if move is None:
            return Doubling(_listed(wagers), speaker=seat, length=length)
        length += 1
        if isinstance(move, Double):
            for target in move.seats:
                wagers[(seat, target)] = 1
    doubled = {b for _, b in wagers}
    for seat in (*order, dealer):
        if seat not in doubled:
            continue
        move = speak(seat, True, wagers)
        if move is None:
            return Doubling(_listed(wagers), speaker=seat, redoubling=True, length=length)
        length += 1
        if isinstance(move, Redouble):
            for doubler in move.seats:
                wagers[(doubler, seat)] = 2
    return Doubling(_listed(wagers), length=length)


def _listed(wagers: Mapping[tuple[int, int], int]) -> tuple[tuple[int, int, int], ...]:
    return tuple((a, b, m) for (a, b), m in wagers.items())


def deal_wagers(state: State) -> tuple[tuple[int, int, int], ...]:
    """The wagers of the deal of ``state``: none when option ``doubling`` is off."""
    rules = state.rules
    if not rules.options["doubling"]:
        return ()
    return rounds_of(state).wagers


def rounds_of(state: State) -> Doubling:
    """:func:`doubling_of` the deal of ``state``, read once for a state asked about twice.

    The scoring of a deal and its details ask about its last state in turn, and the doubling
    phase asks about each state when it is reached and again for its legal moves.
    """
    phase = state.rules.phases.get(Phase.DOUBLE)
    if isinstance(phase, DoublingRounds):
        return phase.rounds(state)
    return doubling_of(state.rules, state.dealer, state.deal_moves)


def doubles_owed(state: State, seat: int) -> int:
    """How many more times ``seat`` must double the dealer of ``state``'s deal (0 for him).

    Option ``min_doubles`` less the doubles of the dealer that ``seat`` made in the dealer's
    finished deals (read from their results' ``wagers``); a deal built by hand, or a match
    without option ``doubling``, owes nothing.
    """
    rules = state.rules
    dealer = state.dealer
    wanted = int(rules.options["min_doubles"])
    if (
        seat == dealer
        or not wanted
        or not rules.options["doubling"]
        or state.setup.deal is not None
    ):
        return 0
    made = 0
    for result in state.results:
        if result.dealer != dealer:
            continue
        wagers = dict(result.details)["wagers"]
        made += sum(1 for a, b, _ in wagers if a == seat and b == dealer)
    return max(0, wanted - made)


def match_dealers(rules: Rules) -> tuple[int, ...]:
    """The dealer of every deal of a match of ``rules``, from the first."""
    return tuple(rules.dealer_for(k) for k in range(1, DEALS + 1))


def dealer_deals_left(state: State, dealers: tuple[int, ...]) -> int:
    """The deals of the dealer of ``state``'s deal from this one on, this one included.

    ``dealers`` is :func:`match_dealers` of the state's rules.
    """
    return dealers[state.deal_number - 1 :].count(state.dealer)


def must_double_dealer(state: State, seat: int, dealers: tuple[int, ...]) -> bool:
    """Whether ``seat`` owes the dealer as many doubles as the dealer has deals left.

    ``dealers`` is :func:`match_dealers` of the state's rules.
    """
    owed = doubles_owed(state, seat)
    return owed > 0 and owed >= dealer_deals_left(state, dealers)


def _subsets(seats: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of ``seats``, smallest first, each in ascending order."""
    pool = sorted(seats)
    return tuple(c for size in range(1, len(pool) + 1) for c in combinations(pool, size))


def open_doubling(state: State, move: Move | None = None) -> State:
    """Open the doubling round of ``state``'s deal (the dealer's left speaks), or start play.

    Without option ``doubling`` the play starts at once. ``move`` (the choice or declaration
    just made) is recorded when given.
    """
    rules = state.rules
    if not rules.options["doubling"]:
        return start_play(state, move)
    changes = {"phase": Phase.DOUBLE, "to_move": rules.next_seat(state.dealer)}
    return state.evolve(**changes) if move is None else state.after(move, **changes)


class DoublingRounds(PhaseRules):
    """The DOUBLE phase: the doubling round, then the redoubling round, then play.

    Attributes:
        rules: the rules.
        dealer_of_deals: the dealer of every deal of the match, once :meth:`dealers` is asked.
        double_moves: the ``Double`` moves made so far, by the seats they may name.
        redouble_moves: the ``Redouble`` moves made so far, by the seats they may name.
        choice_moves: the moves of the doubling round made so far (:meth:`doubling_choices`).
        speaker_moves: the moves of the speakers of the rounds drawn so far, by the rounds
            before them (:meth:`draw_rounds`).
        last_read: the moves and dealer of the last deal whose rounds were read, with them
            (see :meth:`rounds`); the moves, not the state, so that no view reaches a state.

    """

    def __init__(self, rules: Rules) -> None:
        """Keep the rules (the seats and the options); the moves are made once each."""
        self.rules = rules
        self.dealer_of_deals: tuple[int, ...] | None = None
        self.double_moves: dict[tuple[int, ...], tuple[Double, ...]] = {}
        self.redouble_moves: dict[tuple[int, ...], tuple[Redouble, ...]] = {}
        self.choice_moves: dict[tuple[tuple[int, ...], int | None], tuple[Move, ...]] = {}
        self.speaker_moves: dict[tuple[Any, ...], tuple[Move, ...]] = {}
        self.last_read: tuple[tuple[Move, ...], int, Doubling] | None = None

    def rounds(self, state: State) -> Doubling:
        """:func:`doubling_of` the deal of ``state``; the last deal read is kept with it.

        The rounds depend on the dealer and the deal's moves alone, so a deal with the same
        dealer and the same moves has the same rounds.
        """
        moves = state.deal_moves
        last = self.last_read
        if last is not None and last[1] == state.dealer and last[0] == moves:
            return last[2]
        found = doubling_of(self.rules, state.dealer, moves)
        self.last_read = (moves, state.dealer, found)
        return found

    def dealers(self) -> tuple[int, ...]:
        """The dealer of every deal of the match (:func:`match_dealers`), kept once asked."""
        if self.dealer_of_deals is None:
            self.dealer_of_deals = match_dealers(self.rules)
        return self.dealer_of_deals

    def doubles(self, seats: tuple[int, ...]) -> tuple[Double, ...]:
        """A ``Double`` of every non-empty set of ``seats``, smallest first."""
        found = self.double_moves.get(seats)
        if found is None:
            found = self.double_moves[seats] = tuple(Double(s) for s in _subsets(seats))
        return found

    def redoubles(self, seats: tuple[int, ...]) -> tuple[Redouble, ...]:
        """A ``Redouble`` of every non-empty set of ``seats``, smallest first."""
        found = self.redouble_moves.get(seats)
        if found is None:
            found = self.redouble_moves[seats] = tuple(Redouble(s) for s in _subsets(seats))
        return found

    def targets(self, state: State, rounds: Doubling, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` may double now."""
        contract = state.contract_info
        assert contract is not None
        pairs = ((a, b) for a, b, _ in rounds.wagers)
        return self.targets_after(contract.id, state.dealer, pairs, seat)

    def targets_after(
        self, contract_id: str, dealer: int, pairs: Iterable[tuple[int, int]], seat: int
    ) -> tuple[int, ...]:
        """The seats ``seat`` may double in a deal of ``contract_id`` after the wagers ``pairs``.

        ``pairs`` are the ``(doubler, doubled)`` wagers so far: in ``trumps`` and ``fan_tan``
        only the dealer, else every other seat with whom ``seat`` has no wager yet.
        """
        if contract_id in DEALER_ONLY:
            return (dealer,)
        partners = _partners(pairs, seat)
        return tuple(s for s in range(self.rules.players) if s != seat and s not in partners)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Pass, then every double (or redouble) allowed, smallest first.

        A player owing the dealer his last doubles may only double sets that name the dealer.
        """
        seat = state.to_move
        assert seat is not None
        return self.moves_of(state, self.rounds(state), seat)

    def moves_of(self, state: State, rounds: Doubling, seat: int) -> tuple[Move, ...]:
        """The legal moves of ``seat``, to speak next in the ``rounds`` of ``state``'s deal.

        ``state`` may be any state of the doubling rounds: the rounds so far are ``rounds``.
        """
        contract = state.contract_info
        assert contract is not None
        redoubling = rounds.redoubling
        owed_to = None
        if not redoubling and must_double_dealer(state, seat, self.dealers()):
            owed_to = state.dealer
        pairs = ((a, b) for a, b, _ in rounds.wagers)
        return self.speaker_moves_after(contract.id, state.dealer, seat, redoubling, owed_to, pairs)

    def speaker_moves_after(
        self,
        contract_id: str,
        dealer: int,
        seat: int,
        redoubling: bool,
        owed_to: int | None,
        pairs: Iterable[tuple[int, int]],
    ) -> tuple[Move, ...]:
        """The legal moves of ``seat`` in the rounds of a deal of ``contract_id``.

        ``pairs`` are the ``(doubler, doubled)`` wagers so far; ``owed_to`` the dealer when
        ``seat`` must double him (only doubles naming him, no pass), else ``None``. In the
        redoubling round: pass, or redouble any of those who doubled him.
        """
        if redoubling:
            return (_PASS, *self.redoubles(_doublers(pairs, seat)))
        return self.doubling_choices(self.targets_after(contract_id, dealer, pairs, seat), owed_to)

    def doubling_choices(self, free: tuple[int, ...], owed_to: int | None) -> tuple[Move, ...]:
        """The moves of a speaker in the doubling round who may double the seats ``free``.

        ``Pass()`` and every double, smallest first; only the doubles naming ``owed_to`` when
        the speaker must double that seat (the dealer). Kept once made.
        """
        key = (free, owed_to)
        found = self.choice_moves.get(key)
        if found is None:
            doubles = self.doubles(free)
            if owed_to is None:
                found = (_PASS, *doubles)
            else:
                found = tuple(m for m in doubles if owed_to in m.seats)
            self.choice_moves[key] = found
        return found

    def draw_rounds(
        self, contract_id: str, dealer: int, owing: Sequence[bool], draws: Sequence[Draws]
    ) -> tuple[tuple[Move, ...], Doubling]:
        """Both rounds of a deal of ``contract_id`` dealt by ``dealer``, drawn at random.

        Each speaker draws among his legal moves as :meth:`open_at_random` draws them;
        ``owing[seat]`` says whether ``seat`` must double the dealer (:func:`must_double_dealer`
        for the deal). Returns the moves drawn and the rounds they make.
        """
        drawn: list[Move] = []
        dealer_only = contract_id in DEALER_ONLY
        known = self.speaker_moves

        def speak(seat: int, redoubling: bool, wagers: Mapping[tuple[int, int], int]) -> Move:
            # A speaker's moves follow from who speaks, in which round, owing what, after
            # which wagers: the same rounds so far give the same moves, kept once made.
            owed_to = dealer if owing[seat] and not redoubling else None
            key = (dealer_only, dealer, seat, redoubling, owed_to, tuple(wagers))
            moves = known.get(key)
            if moves is None:
                moves = known[key] = self.speaker_moves_after(
                    contract_id, dealer, seat, redoubling, owed_to, wagers
                )
            move = moves[draws[seat].below(len(moves))]
            drawn.append(move)
            return move

        rounds = walk_rounds(self.rules, dealer, speak)
        return tuple(drawn), rounds

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The rest of both rounds drawn at random: the card play then opens.

        The opening of a trick deal settles its points by :func:`settle_wagers` on its
        wagers (the variant's own scoring) and gives its details; fan-tan is scored from the
        end of its layout. A subclass with legal moves or an ``apply`` of its own is played a
        move at a time (``None``).
        """
        kind = type(self)
        if (
            kind.legal_moves is not DoublingRounds.legal_moves
            or kind.apply is not DoublingRounds.apply
        ):
            return None
        made = _doubling_moves(state.deal_moves)
        drawn: list[Move] = []

        def speak(seat: int, redoubling: bool, wagers: Mapping[tuple[int, int], int]) -> Move:
            """The move made already, else one drawn from ``seat``'s legal moves."""
            move = next(made, None)
            if move is None:
                now = Doubling(_listed(wagers), speaker=seat, redoubling=redoubling)
                moves = self.moves_of(state, now, seat)
                move = moves[draws[seat].below(len(moves))]
                drawn.append(move)
            return move

        rounds = walk_rounds(self.rules, state.dealer, speak)
        contract = state.contract_info
        assert contract is not None
        if contract.trick_rules.phase is not None:
            # fan_tan: its places are scored, and given as details, from its layout's end.
            return Opening(tuple(drawn), contract, state.trump, state.maker)
        wagers = rounds.wagers
        return Opening(
            tuple(drawn),
            contract,
            state.trump,
            state.maker,
            settle=partial(settle_wagers, wagers),
            details=(("wagers", wagers),),
        )

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a double, a redouble or a pass is refused."""
        seat = state.to_move
        assert seat is not None
        rounds = self.rounds(state)
        dealer = state.dealer
        if rounds.redoubling:
            if isinstance(move, Pass):
                return None
            if not isinstance(move, Redouble):
                return f"the redoubling round: seat {seat} redoubles or passes, not {move}"
            doublers = rounds.doublers_of(seat)
            for other in move.seats:
                if other not in doublers:
                    return (
                        f"seat {other} did not double seat {seat}: seat {seat} may redouble "
                        f"only {', '.join(f'seat {s}' for s in doublers)}"
                    )
            return None
        must = must_double_dealer(state, seat, self.dealers())
        owing = (
            f"seat {seat} still owes the dealer (seat {dealer}) {doubles_owed(state, seat)} "
            f"double(s) with as many of his deals left, and must double him"
        )
        if isinstance(move, Pass):
            return owing if must else None
        if not isinstance(move, Double):
            return f"the doubling round: seat {seat} doubles or passes, not {move}"
        contract = state.contract_info
        assert contract is not None
        taken = rounds.partners(seat)
        for other in move.seats:
            if other >= self.rules.players:
                return f"there is no seat {other}: the seats are 0 to {self.rules.players - 1}"
            if other == seat:
                return f"seat {seat} may not double himself"
            if contract.id in DEALER_ONLY and other != dealer:
                return f"in {contract.id} only the dealer (seat {dealer}) may be doubled"
            if other in taken:
                return f"seat {seat} already has a wager with seat {other}"
        if must and dealer not in move.seats:
            return owing
        # A double past these checks names seats among the targets: it is a legal move.
        return None

    def apply(self, state: State, move: Move) -> State:
        """Record the move; once both rounds are over the play starts."""
        after = state.after(move)
        rounds = doubling_of(self.rules, state.dealer, after.deal_moves)
        if rounds.speaker is None:
            return start_play(after)
        # The next speaker's legal moves read these rounds again: they are kept with his state.
        self.last_read = (after.deal_moves, after.dealer, rounds)
        return after.evolve(to_move=rounds.speaker)


# --------------------------------------------------------------------- choosing and declaring


def after_choice(state: State) -> State:
    """What follows the choice of a contract that is no trump round.

    ``fan_tan`` asks its start rank when the dealer names it, else lays out from the fixed
    rank; either way (and for the negatives) the doubling round follows.
    """
    contract = state.contract_info
    assert contract is not None
    if contract.id == FAN_TAN:
        if state.rules.options["fan_tan_start"] == "declare":
            return state.evolve(phase=Phase.DECLARE, to_move=state.dealer)
        return open_doubling(begin_fan_tan(state))
    return open_doubling(state)


class BarbuChoice(ChooseContract):
    """The CHOOSE phase: the dealer chooses; his declaration and the doubling rounds follow."""

    def opens_every_deal(self) -> bool:
        """Whether :meth:`open_deal_at_random` may open every deal of a random match.

        It may when the choice, the declaration and the doubling rounds are the classes' own
        (their legal moves and their ``apply``) and the choice goes on by :func:`after_choice`.
        """
        phases = self.rules.phases
        return (
            type(self).legal_moves is ChooseContract.legal_moves
            and type(self).apply is ChooseContract.apply
            and self.proceed is after_choice
            and type(phases.get(Phase.DECLARE)) is BarbuDeclaration
            and type(phases.get(Phase.DOUBLE)) is DoublingRounds
        )

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """Deal ``deal_number`` opened at random: the choice, the declaration, the rounds.

        Each is drawn as a random player makes it move by move. The doubles owed are read
        from the wagers of ``openings`` (those of the deals before, each with its wagers in its
        ``details``); the opening settles the deal's points on its wagers
        (:func:`settle_wagers`).
        """
        rules = self.rules
        dealer, choice, contract = self.draw_choice_after(deal_number, openings, draws)
        declaration = rules.phases[Phase.DECLARE]
        assert isinstance(declaration, BarbuDeclaration)
        moves: list[Move] = [choice]
        trump: Suit | str | None = None
        declared: tuple[Move, ...] = ()
        if contract.trump_round:
            declared = declaration.suits
        elif contract.id == FAN_TAN and rules.options["fan_tan_start"] == "declare":
            declared = declaration.ranks
        if declared:
            named = declared[draws[dealer].below(len(declared))]
            assert isinstance(named, Declare)
            moves.append(named)
            if not isinstance(named.trump, Rank):
                trump = named.trump
        wagers: tuple[tuple[int, int, int], ...] = ()
        details: tuple[tuple[str, Any], ...] = ()
        if rules.options["doubling"]:
            rounds_phase = rules.phases[Phase.DOUBLE]
            assert isinstance(rounds_phase, DoublingRounds)
            owing = _owing_after(rules, rounds_phase.dealers(), deal_number, dealer, openings)
            drawn, rounds = rounds_phase.draw_rounds(contract.id, dealer, owing, draws)
            moves += drawn
            wagers = rounds.wagers
            details = (("wagers", wagers),)
        return Opening(
            tuple(moves),
            contract,
            trump,
            dealer,
            settle=partial(settle_wagers, wagers),
            details=details,
        )


def _owing_after(
    rules: Rules,
    dealers: tuple[int, ...],
    deal_number: int,
    dealer: int,
    openings: Sequence[Opening],
) -> tuple[bool, ...]:
    """Per seat, whether it must double ``dealer`` in deal ``deal_number``, after ``openings``.

    :func:`must_double_dealer` for the deal, the doubles made read from the openings of the
    dealer's deals before (their makers, and their wagers in their details).
    """
    wanted = int(rules.options["min_doubles"])
    left = dealers[deal_number - 1 :].count(dealer)
    if left > wanted:
        # Nobody owes more doubles than the option asks: none owes as many as the deals left.
        return (False,) * rules.players
    made = [0] * rules.players
    for opening in openings:
        if opening.maker != dealer:
            continue
        for a, b, _ in dict(opening.details)["wagers"]:
            if b == dealer:
                made[a] += 1
    owed = [0 if seat == dealer else max(0, wanted - made[seat]) for seat in range(rules.players)]
    return tuple(n > 0 and n >= left for n in owed)


class BarbuDeclaration(PhaseRules):
    """The DECLARE phase: the dealer names the trump of ``trumps`` or the start rank of fan-tan."""

    def __init__(self) -> None:
        """Make the declarations once: the four suits, and the thirteen ranks."""
        self.suits: tuple[Move, ...] = tuple(Declare(s) for s in SUITS)
        self.ranks: tuple[Move, ...] = tuple(Declare(r) for r in _RANKS)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A suit for ``trumps``, a rank for ``fan_tan``."""
        contract = state.contract_info
        return self.ranks if contract is not None and contract.id == FAN_TAN else self.suits

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a declaration is refused."""
        fan = self.legal_moves(state) is self.ranks
        if not isinstance(move, Declare):
            what = "the start rank of fan_tan" if fan else "the trump of trumps"
            return f"{what} is being named: declare it, not {move}"
        if move in self.legal_moves(state):
            return None
        if fan:
            return f"fan_tan starts at a rank (2 to A), not {move.trump}"
        return f"the trump of trumps is a suit (S, H, D, C), not {move.trump}"

    def apply(self, state: State, move: Move) -> State:
        """Fix the trump or the start rank; the doubling round follows."""
        assert isinstance(move, Declare)
        if move.rank is not None:
            return open_doubling(begin_fan_tan(state, move.rank), move)
        return open_doubling(state.after(move, trump=move.trump))


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe Barbu."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """The 52-card pack."""
    return CardSet.from_mask(deck_mask(Rank.TWO))


def kinglib_schedule(rules: Rules) -> Schedule:
    """Twenty-eight deals, each one's contract chosen by its dealer."""
    return Schedule(deals=(CHOOSE,) * DEALS)


def kinglib_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """The dealer's choice, his declaration, and the doubling rounds."""
    return {
        Phase.CHOOSE: BarbuChoice(rules, PLAN, after_choice),
        Phase.DECLARE: BarbuDeclaration(),
        Phase.DOUBLE: DoublingRounds(rules),
    }


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal: its dealer chooses the contract.

    A deal built by hand comes with its contract, the dealer's: it opens with the declaration
    it still needs (the trump of ``trumps`` given without one, the start rank of ``fan_tan``
    when the dealer names it), else with the doubling round, else with the play.
    """
    spec = state.setup.deal
    dealer = state.dealer
    if spec is None:
        return state.evolve(phase=Phase.CHOOSE, to_move=dealer)
    check_given_trump(rules, spec.contract, spec.trump, SUITS)
    contract = rules.contracts.get(spec.contract)
    if contract is None:
        raise RulesError(
            f"barbu has no contract {spec.contract!r} (its contracts: {', '.join(CONTRACTS)})"
        )
    opened = state.evolve(contract_info=contract, maker=dealer, to_move=dealer)
    if contract.trump_round:
        if spec.trump is None:
            return opened.evolve(phase=Phase.DECLARE)
        return open_doubling(opened.evolve(trump=spec.trump))
    return after_choice(opened)


def kinglib_score_deal(state: State) -> tuple[int, ...]:
    """The base points (tricks and cards taken, or the places of fan-tan), then the wagers.

    Each wager ``(a, b, m)`` gives ``a`` ``m·(base[a] − base[b])`` and ``b`` the opposite, so
    the deal still hands out its contract's total.
    """
    contract = state.contract_info
    assert contract is not None
    if contract.id == FAN_TAN:
        base = fan_tan_points(state)
    else:
        scoring = contract.scoring_mask
        points = [
            contract.card_points(taken) if taken & scoring else 0 for taken in state.taken_mask
        ]
        for trick, value in zip(state.tricks, contract.trick_values):
            points[trick.winner] += value
        base = tuple(points)
    return settle_wagers(deal_wagers(state), base)


def settle_wagers(
    wagers: tuple[tuple[int, int, int], ...], base: tuple[int, ...]
) -> tuple[int, ...]:
    """The points of a deal whose ``base`` points are paid on its ``wagers``.

    Each wager ``(a, b, m)`` gives ``a`` ``m·(base[a] − base[b])`` and ``b`` the opposite.
    """
    if not wagers:
        return base
    out = list(base)
    for a, b, m in wagers:
        out[a] += m * (base[a] - base[b])
        out[b] += m * (base[b] - base[a])
    return tuple(out)


def kinglib_deal_details(state: State) -> tuple[tuple[str, Any], ...]:
    """The wagers of the deal, ``(doubler, doubled, multiplier)`` each, when doubling is on."""
    rules = state.rules
    if not rules.options["doubling"]:
        return ()
    return (("wagers", rounds_of(state).wagers),)


def kinglib_view_extra(state: State) -> dict[str, Any]:
    """The dealer (``chooser``), what he has still to choose, the wagers and the doubles owed.

    ``owed`` lists per seat the contracts he must still choose (finished deals only);
    ``wagers`` the deal's wagers so far as ``(doubler, doubled, multiplier)``; ``doubles_owed``
    per seat how many more times he must double the dealer in the dealer's deals.
    """
    out: dict[str, Any] = {"chooser": state.dealer, **PLAN.sheet(state)}
    rules = state.rules
    if rules.options["doubling"]:
        out["wagers"] = deal_wagers(state)
        if state.setup.deal is None and rules.options["min_doubles"]:
            out["doubles_owed"] = tuple(doubles_owed(state, s) for s in range(rules.players))
    return out


def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout | None:
    """The hidden cards of a fan-tan deal: each card laid out came from the hand that played it.

    The kit's layout (:func:`~kinglib.kit.fan_tan.fan_tan_layout`) of the moves after the
    doubling rounds: the turns replayed from the dealer tell who laid out each card. Trick
    deals are kinglib's own case (``None``).
    """
    if view.contract != FAN_TAN:
        return None
    public = [m for m in view.deal_moves if m is not None]
    moves = [m for m in public if not isinstance(m, (Choose, Declare))]
    if rules.options["doubling"]:
        moves = moves[doubling_of(rules, view.dealer, public).length :]
    return fan_tan_layout(rules, view, moves)


def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum, 28 deals, every deal hands out its contract's total whatever the wagers."""
    return Invariants(zero_sum=True, deals=DEALS)
