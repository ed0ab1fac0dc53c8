"""The immutable game state: :class:`State`, and the engine's builders of the next state.

One :class:`State` type covers a whole match; a single deal (``Rules.new_deal``) is a match of
one deal. The phase picks the :class:`~kinglib.engine.phases.PhaseRules` that list the legal moves
and apply them; those come from the rules, resolved once, so a move costs no hook call.

Hands, taken cards and piles are stored as integer bitmasks; the public accessors wrap them in
:class:`~kinglib.values.cards.CardSet`.

How a state is stored (a tuple of its fields) is known here only. The engine's trick play
builds the next state through the builders below, each one step: :func:`after_card` (a card
that does not complete its trick), :func:`after_trick` (the card that does),
:func:`after_deal_play` (the tricks the kernel played whole), :func:`make_trick`; it reads a
state through :data:`card_play_fields`, :data:`carried_legal` and :data:`move_chain`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from kinglib.engine.hook_calls import house_refusal
from kinglib.engine.view import View
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.deals import DealResult, DealSpec, MatchSetup, Phase, Record, Trick
from kinglib.values.errors import IllegalMoveError
from kinglib.values.moves import PLAYS_BY_MASK, Move, Play, plays_of

if TYPE_CHECKING:
    from kinglib.engine.phases import PhaseRules
    from kinglib.engine.rules import Rules
    from kinglib.values.contracts import Contract

_tuple_new = tuple.__new__
_tuple_eq = tuple.__eq__
_tuple_hash = tuple.__hash__

__all__ = ["DealResult", "DealSpec", "MatchSetup", "Phase", "State", "Trick"]


# Cons cells of the moves of the current deal: (previous cell, move) or None.
MoveChain = tuple[Any, Move] | None


def _chain_tuple(chain: MoveChain) -> tuple[Move, ...]:
    out: list[Move] = []
    while chain is not None:
        chain, move = chain
        out.append(move)
    out.reverse()
    return tuple(out)


#: The fields of a state, in storage order (a state is stored as a tuple of them).
_FIELDS = (
    # What a card play changes comes first, so that the engine copies the rest in one slice.
    "to_move",
    "hands_mask",
    "trick",
    "_chain",
    # The legal cards of the player to move when the stock trick play computed them with the
    # move that led here (see TrickPlay.fills_legal), else None. Derived: not compared.
    "_legal",
    "taken_mask",
    "tricks",
    "phase",
    "rules",
    "contract_info",
    "trump",
    "maker",
    "setup",
    "deal_number",
    "dealer",
    "piles_mask",
    "aux",
    "totals",
    "results",
    "past_moves",
)
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
# Positions the builders and the hot paths below read and write directly.
_CHAIN = _INDEX["_chain"]
_LEGAL = _INDEX["_legal"]
_TAKEN = _INDEX["taken_mask"]
_TRICKS = _INDEX["tricks"]
_PHASE = _INDEX["phase"]
_RULES = _INDEX["rules"]

_OVER = Phase.OVER
_chunk_plays_get = PLAYS_BY_MASK.get


class State(Record):
    """An immutable position in a match.

    Build the first state with :meth:`Rules.new_match` or :meth:`Rules.new_deal`; every later
    state comes from :meth:`apply`. States compare equal when the same rules, setup and moves
    led to them, and they hash accordingly.

    A state is stored as a tuple of its fields, so that a move copies it in one step and the
    states of a match share every field that did not change; read it through the attributes
    below, never by position.

    Attributes:
        rules: the :class:`~kinglib.engine.rules.Rules` of the match.
        setup: the seed or the given deal.
        deal_number: the current deal, counting from 1.
        dealer: the seat that dealt the current deal.
        phase: what the player to move is asked to do.
        to_move: the seat that must act, or ``None`` when the state is over.
        hands_mask: one bitmask per seat (see :meth:`hand` for card sets).
        taken_mask: one bitmask per seat of the cards taken in this deal.
        trick: the cards on the table, in play order, as ``(seat, Card)`` pairs.
        tricks: the completed tricks of this deal.
        contract_info: the current :class:`~kinglib.values.contracts.Contract`, or ``None``.
        trump: the trump of a trump round: a Suit, ``"notrump"``, ``"misere"``, or ``None``.
        maker: the seat whose declaration is played in a trump round, else ``None``.
        piles_mask: ``(name, mask)`` pairs of the other places cards lie (widow, stock, ...).
        aux: variant-specific data of the current deal (immutable and hashable).
        totals: the match totals per seat.
        results: one :class:`DealResult` per finished deal.
        past_moves: the moves of each finished deal.

    """

    __slots__ = ()

    if TYPE_CHECKING:
        rules: Rules
        setup: MatchSetup
        deal_number: int
        dealer: int
        phase: Phase
        to_move: int | None
        hands_mask: tuple[int, ...]
        taken_mask: tuple[int, ...]
        trick: tuple[tuple[int, Card], ...]
        tricks: tuple[Trick, ...]
        contract_info: Contract | None
        trump: Suit | str | None
        maker: int | None
        piles_mask: tuple[tuple[str, int], ...]
        aux: Any
        totals: tuple[int, ...]
        results: tuple[DealResult, ...]
        past_moves: tuple[tuple[Move, ...], ...]
        _chain: MoveChain
        _legal: int | None

    def __new__(
        cls,
        *,
        rules: Rules,
        setup: MatchSetup,
        deal_number: int,
        dealer: int,
        phase: Phase,
        to_move: int | None,
        hands_mask: tuple[int, ...],
        taken_mask: tuple[int, ...],
        trick: tuple[tuple[int, Card], ...] = (),
        tricks: tuple[Trick, ...] = (),
        contract_info: Contract | None = None,
        trump: Suit | str | None = None,
        maker: int | None = None,
        piles_mask: tuple[tuple[str, int], ...] = (),
        aux: Any = None,
        totals: tuple[int, ...] = (),
        results: tuple[DealResult, ...] = (),
        past_moves: tuple[tuple[Move, ...], ...] = (),
        chain: MoveChain = None,
    ) -> State:
        """Build a state from every field; engines and variants use :meth:`evolve` instead."""
        return _tuple_new(
            cls,
            (
                to_move,
                hands_mask,
                trick,
                chain,
                None,
                taken_mask,
                tricks,
                phase,
                rules,
                contract_info,
                trump,
                maker,
                setup,
                deal_number,
                dealer,
                piles_mask,
                aux,
                totals or (0,) * rules.players,
                results,
                past_moves,
            ),
        )

    @classmethod
    def _dealt(
        cls,
        rules: Rules,
        setup: MatchSetup,
        deal_number: int,
        dealer: int,
        hands_mask: tuple[int, ...],
        piles_mask: tuple[tuple[str, int], ...],
        totals: tuple[int, ...],
        results: tuple[DealResult, ...],
        past_moves: tuple[tuple[Move, ...], ...],
    ) -> State:
        """``State(...)`` of a deal just dealt (PLAY phase, nobody to move yet), in one step."""
        empty = (0,) * rules.players
        return _tuple_new(
            cls,
            (
                None,  # to_move
                hands_mask,
                (),  # trick
                None,  # _chain
                None,  # _legal
                empty,  # taken_mask
                (),  # tricks
                Phase.PLAY,
                rules,
                None,  # contract_info
                None,  # trump
                None,  # maker
                setup,
                deal_number,
                dealer,
                piles_mask,
                None,  # aux
                totals or empty,
                results,
                past_moves,
            ),
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("State is immutable: apply() returns a new state")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("State is immutable")

    def evolve(self, **changes: Any) -> State:
        """A copy with some fields changed; no checks are made (for phase rules and plugins).

        The move list is one of the fields (``_chain``); :meth:`after` appends a move too.
        Raises :class:`TypeError` for a name that is not a field.
        """
        values = list(self)
        values[_LEGAL] = None
        try:
            for name, value in changes.items():
                values[_INDEX[name]] = value
        except KeyError as exc:
            raise TypeError(f"State has no field {exc.args[0]!r}") from None
        return _tuple_new(State, values)

    def after(self, move: Move, **changes: Any) -> State:
        """A copy with ``move`` added to the current deal's moves and some fields changed."""
        values = list(self)
        values[_CHAIN] = (self[_CHAIN], move)
        values[_LEGAL] = None
        try:
            for name, value in changes.items():
                values[_INDEX[name]] = value
        except KeyError as exc:
            raise TypeError(f"State has no field {exc.args[0]!r}") from None
        return _tuple_new(State, values)

    def after_moves(self, moves: Iterable[Move], **changes: Any) -> State:
        """A copy with ``moves`` added, in order, to the current deal's moves, some fields changed.

        ``state.after_moves((a, b), **changes)`` is ``state.after(a).after(b, **changes)``,
        without the state between (for a phase that plays several moves in one step).
        """
        chain = self[_CHAIN]
        for move in moves:
            chain = (chain, move)
        return self.evolve(_chain=chain, **changes)

    # ----------------------------------------------------------------- public reading

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def seed(self) -> int | None:
        """The match seed, or ``None`` for a deal given in full."""
        return self.setup.seed

    @property
    def deal_spec(self) -> DealSpec | None:
        """The current deal as it was given (by ``new_deal``, or ``new_match(deals=...)``).

        Its ``orders`` say in which order each hand and pile was written; ``None`` for a deal
        dealt from a seed.
        """
        setup = self.setup
        if setup.deal is not None:
            return setup.deal
        if setup.deals and self.deal_number <= len(setup.deals):
            return setup.deals[self.deal_number - 1]
        return None

    @property
    def is_over(self) -> bool:
        """Whether the match (or the single deal) has ended."""
        return self.phase is Phase.OVER

    @property
    def contract(self) -> str | None:
        """The id of the current deal's contract, or ``None`` before it is chosen."""
        info = self.contract_info
        return None if info is None else info.id

    @property
    def eldest(self) -> int:
        """The seat after the dealer in the direction of play (left of him, clockwise)."""
        rules = self.rules
        return (self.dealer + rules.step) % rules.players

    def hand(self, seat: int) -> CardSet:
        """The cards that ``seat`` holds now."""
        self._check_seat(seat)
        return CardSet.from_mask(self.hands_mask[seat])

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's hand."""
        return tuple(CardSet.from_mask(m) for m in self.hands_mask)

    def taken(self, seat: int) -> CardSet:
        """The cards ``seat`` has taken in the current deal."""
        self._check_seat(seat)
        return CardSet.from_mask(self.taken_mask[seat])

    def pile(self, name: str) -> CardSet:
        """The cards of a named pile (``"widow"``, ``"stock"``, ``"kitty"``, ``"discard"``...).

        A pile the variant does not have is empty.
        """
        for key, mask in self.piles_mask:
            if key == name:
                return CardSet.from_mask(mask)
        return CardSet()

    @property
    def piles(self) -> dict[str, CardSet]:
        """Every named pile of the current deal."""
        return {k: CardSet.from_mask(m) for k, m in self.piles_mask}

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat has won in the current deal."""
        counts = [0] * self.rules.players
        for t in self.tricks:
            counts[t.winner] += 1
        return tuple(counts)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total once the match is over, else ``()``."""
        if self.phase is not Phase.OVER:
            return ()
        return self.rules.winners(self)

    @property
    def deal_moves(self) -> tuple[Move, ...]:
        """The moves made so far in the current deal."""
        return _chain_tuple(self._chain)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the match so far, in order."""
        out: list[Move] = []
        for deal in self.past_moves:
            out.extend(deal)
        out.extend(_chain_tuple(self._chain))
        return tuple(out)

    def iter_moves(self) -> Iterator[Move]:
        """Iterate over every move of the match so far."""
        yield from self.moves

    # ----------------------------------------------------------------- moving

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make, in a deterministic order.

        Empty only when the state is over.
        """
        # Two routes: the legal cards carried from the move that led here, or ask the phase.
        legal = self[_LEGAL]
        if legal is not None:
            plays = _chunk_plays_get(legal)
            return plays if plays is not None else plays_of(legal)
        phase = self[_PHASE]
        if phase is _OVER:
            return ()
        rules = self[_RULES]
        moves: tuple[Move, ...] = rules._phase_rules[phase].legal_moves(self)
        house = rules.legal_moves_filter
        if house is not None:
            moves = house(self, moves)
        return moves

    def apply(self, move: Move) -> State:
        """The state after ``move``.

        Raises :class:`~kinglib.values.errors.IllegalMoveError` saying why when the move is not
        legal here; this state never changes.
        """
        # Two routes: a card among the legal cards carried from the move that led here, or ask
        # the phase (which also explains a refusal).
        legal = self[_LEGAL]
        if legal is not None and move.__class__ is Play and move.card.mask & legal:
            after: State = self[_RULES]._phase_rules[self[_PHASE]].apply(self, move)
            return after
        phase = self[_PHASE]
        if phase is _OVER:
            raise IllegalMoveError(f"{move} is not possible: the {self._what()} is over")
        rules = self[_RULES]
        phase_rules: PhaseRules = rules._phase_rules[phase]
        if rules.legal_moves_filter is None:
            applied: State | None = phase_rules.apply_if_legal(self, move)
            if applied is not None:
                return applied
            reason: str | None = phase_rules.why_illegal(self, move) or "it is not legal now"
        else:
            reason = phase_rules.why_illegal(self, move)
            if reason is None and move not in self.legal_moves():
                reason = house_refusal(rules.plugin_manager, self, move)
            if reason is None:
                return phase_rules.apply(self, move)
        raise IllegalMoveError(f"seat {self.to_move} may not play {move}: {reason}")

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here."""
        if self.phase is Phase.OVER:
            return False
        return move in self.legal_moves()

    def view(self, seat: int) -> View:
        """What ``seat`` may know of this state."""
        self._check_seat(seat)
        return View.of(self, seat)

    # ----------------------------------------------------------------- dunder

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, State):
            return False  # not NotImplemented: a plain tuple of the same fields is no state
        # The move chain is a nested tuple: equal chains are equal move lists. The legal
        # cards are derived, and known to one state and not to another: not compared.
        return self[:_LEGAL] == other[:_LEGAL] and self[_LEGAL + 1 :] == other[_LEGAL + 1 :]

    def __hash__(self) -> int:
        return hash((self[:_LEGAL], self[_LEGAL + 1 :]))

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.variant} deal {self.deal_number} {self.phase.value}"
            f" contract={self.contract} to_move={self.to_move} totals={self.totals}>"
        )

    def __reduce__(self) -> Any:
        raise TypeError("States are not pickled: save a record with kinglib.to_json()")

    def _what(self) -> str:
        return "deal" if self.setup.deal is not None else "match"

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {seat!r}")
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat}: seats are 0 to {self.rules.players - 1}")


#: ``(to_move, hands_mask, trick, contract_info, trump, maker)`` of a state, in one call: what
#: a card play reads.
card_play_fields: Callable[[State], tuple[Any, ...]] = itemgetter(
    _INDEX["to_move"],
    _INDEX["hands_mask"],
    _INDEX["trick"],
    _INDEX["contract_info"],
    _INDEX["trump"],
    _INDEX["maker"],
)


#: The legal cards a state carries for its player to move (see ``TrickPlay.fills_legal``), or
#: ``None``: read by the trick play that computed them.
carried_legal: Callable[[State], int | None] = itemgetter(_LEGAL)

#: The moves of a state's current deal, as the chain of ``(previous, move)`` cells it stores.
move_chain: Callable[[State], MoveChain] = itemgetter(_CHAIN)


def make_trick(plays: tuple[tuple[int, Card], ...], winner: int) -> Trick:
    """``Trick(plays, winner)`` in one step (``plays`` is known to be a tuple)."""
    trick: Trick = _tuple_new(Trick, (plays, winner))
    return trick


def after_card(
    state: State,
    move: Move,
    to_move: int,
    hands: tuple[int, ...],
    trick: tuple[tuple[int, Card], ...],
    legal: int | None,
) -> State:
    """``state.after(move, to_move=..., hands_mask=..., trick=...)`` carrying ``legal``.

    The state after a card that does not complete its trick, built in one step; ``legal`` is
    the legal cards of ``to_move`` when the stock trick play computed them, else ``None``.
    """
    after: State = _tuple_new(
        State, (to_move, hands, trick, (state[_CHAIN], move), legal, *state[_TAKEN:])
    )
    return after


def after_trick(
    state: State,
    move: Move,
    to_move: int,
    hands: tuple[int, ...],
    taken: tuple[int, ...],
    trick: Trick,
    legal: int | None,
) -> State:
    """The state after the card that completes ``trick``: the table cleared, the trick taken.

    ``state.after(move, to_move=..., hands_mask=..., trick=(), taken_mask=..., tricks=...)``
    in one step, carrying ``legal`` as :func:`after_card` does.
    """
    after: State = _tuple_new(
        State,
        (
            to_move,
            hands,
            (),
            (state[_CHAIN], move),
            legal,
            taken,
            (*state[_TRICKS], trick),
            *state[_TRICKS + 1 :],
        ),
    )
    return after


def after_deal_play(
    state: State,
    to_move: int | None,
    hands: tuple[int, ...],
    chain: MoveChain,
    taken: tuple[int, ...],
    tricks: tuple[Trick, ...],
) -> State:
    """The state after the tricks played from ``state`` on, its moves ``chain``, in one step."""
    after: State = _tuple_new(
        State, (to_move, hands, (), chain, None, taken, tricks, *state[_PHASE:])
    )
    return after


for _i, _name in enumerate(_FIELDS):
    setattr(State, _name, property(itemgetter(_i), doc=f"The state's ``{_name}`` field."))
del _i, _name
