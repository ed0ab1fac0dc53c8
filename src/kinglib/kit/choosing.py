"""Choosing the contract of a deal and ordering a trump round: shared by ordered and atomic.

The pool a player chooses from is kept by nobody: it is read from the match's
:class:`~kinglib.engine.state.DealResult` records, whose ``chooser`` is the seat that chose the deal
(``state.maker``, which the CHOOSE phase sets), so a match needs no extra state.

A :class:`ChoicePlan` says what may be chosen:

* ``shared`` contracts form one pool for the table: each may be chosen ``count`` times in all;
* ``per_player`` contracts are quotas: every player must choose each exactly ``count`` times.

The **forcing rule** follows from the quotas: a player whose remaining turns to choose equal
what his quotas still require may only choose from those quotas (a player with two trump
rounds still owed and two turns left must order a trump round now), and a quota once used up
is closed to him.

:class:`ChooseContract` is the CHOOSE phase, :class:`DeclareTrump` the DECLARE phase of a trump
round ordered with the hand seen (ordered mode: a suit, or ``notrump`` where an
option allows it; no misère, no ``last``, no buying). What follows the choice differs between
variants (play at once, or take the widow first), so both phases hand the state on to a
``proceed`` function of the variant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from kinglib.engine.kernel import Draws
from kinglib.engine.phases import Opening, PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.values.cards import Rank, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError
from kinglib.values.moves import Choose, Declare, Move

__all__ = [
    "SUITS",
    "ChoicePlan",
    "ChooseContract",
    "DeclareTrump",
    "Proceed",
    "check_given_trump",
    "trump_declarations",
]

#: The four suits in display order.
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: What a variant does once the contract (and the trump) is fixed: the state after the
#: choosing move, with ``contract_info``, ``maker`` and ``trump`` set, becomes the next phase.
Proceed = Callable[[State], State]


def trump_declarations(notrump: bool) -> tuple[Suit | str, ...]:
    """The trumps a player may order: the four suits, and ``notrump`` when allowed."""
    return (*SUITS, "notrump") if notrump else SUITS


@attrs.frozen
class ChoicePlan:
    """The pools and quotas of a match of chosen contracts.

    Attributes:
        deals: how many deals the match has.
        shared: ``(contract id, count)`` pairs: the table's common pool.
        per_player: ``(contract id, count)`` pairs: what every player must choose, exactly.

    """

    deals: int
    shared: tuple[tuple[str, int], ...] = ()
    per_player: tuple[tuple[str, int], ...] = ()

    @property
    def order(self) -> tuple[str, ...]:
        """Every contract of the plan, shared ones first, in the order given."""
        return tuple(c for c, _ in self.shared) + tuple(c for c, _ in self.per_player)

    def chooser_of(self, rules: Rules, deal_number: int) -> int:
        """The seat that chooses deal ``deal_number``: the eldest, after that deal's dealer."""
        return rules.next_seat(rules.dealer_for(deal_number))

    def turns_left(self, rules: Rules, seat: int, deal_number: int) -> int:
        """How many deals from ``deal_number`` on (that one included) ``seat`` chooses."""
        return sum(
            1 for k in range(deal_number, self.deals + 1) if self.chooser_of(rules, k) == seat
        )

    def choosers(self, rules: Rules) -> tuple[int, ...]:
        """The seat that chooses each deal of the match, from the first (:meth:`chooser_of`)."""
        return tuple(self.chooser_of(rules, k) for k in range(1, self.deals + 1))

    def forced(
        self,
        rules: Rules,
        seat: int,
        deal_number: int,
        owed: int,
        choosers: tuple[int, ...] | None = None,
    ) -> bool:
        """Whether ``seat``, owing ``owed`` choices, has no more turns left than that.

        It is ``turns_left(...) <= owed`` (false when he owes nothing), counting his turns only
        until they outnumber what he owes, or in ``choosers``: :meth:`choosers` for ``rules``,
        when the caller keeps it (the chooser of a deal depends on the rules and its number
        alone).
        """
        if owed <= 0:
            return False
        if choosers is not None:
            return choosers[deal_number - 1 :].count(seat) <= owed
        turns = 0
        for k in range(deal_number, self.deals + 1):
            if self.chooser_of(rules, k) == seat:
                turns += 1
                if turns > owed:
                    return False
        return True

    def used(self, state: State, seat: int) -> tuple[dict[str, int], dict[str, int]]:
        """How often each contract was chosen so far: by the table, and by ``seat``."""
        return _tally(((r.contract, r.chooser) for r in state.results), seat)

    def quotas_left(self, state: State, seat: int) -> dict[str, int]:
        """What ``seat`` must still choose: each per-player contract with its count left."""
        _, mine = self.used(state, seat)
        return {c: n - mine.get(c, 0) for c, n in self.per_player}

    def pool_left(self, state: State) -> dict[str, int]:
        """The table's shared pool: each shared contract with how often it may still come."""
        table, _ = self.used(state, -1)
        return {c: n - table.get(c, 0) for c, n in self.shared}

    def sheet(self, state: State) -> dict[str, Any]:
        """The score sheet of what is still to be chosen, for a view's extras.

        ``pool_left``: the shared contracts that may still come (when the plan has a shared
        pool); ``owed``: per seat, each per-player contract as many times as he must still
        choose it (when the plan has quotas). Both count finished deals only, so the deal in
        play is in them until it ends. A single deal given in full (``Rules.new_deal``) has no
        match to count: its sheet is empty.
        """
        if state.setup.deal is not None:
            return {}
        out: dict[str, Any] = {}
        if self.shared:
            out["pool_left"] = tuple(c for c, n in self.pool_left(state).items() if n > 0)
        if self.per_player:
            out["owed"] = tuple(
                tuple(c for c, n in self.quotas_left(state, s).items() for _ in range(n))
                for s in range(state.rules.players)
            )
        return out

    def choices(
        self, state: State, seat: int, choosers: tuple[int, ...] | None = None
    ) -> tuple[str, ...]:
        """The contracts ``seat`` may choose in ``state``'s deal, in the plan's order.

        ``choosers`` is :meth:`choosers` for the rules of ``state``, when the caller keeps it.
        """
        table, mine = self.used(state, seat)
        return self.choices_after(state.rules, seat, state.deal_number, table, mine, choosers)

    def choices_after(
        self,
        rules: Rules,
        seat: int,
        deal_number: int,
        table: Mapping[str, int],
        mine: Mapping[str, int],
        choosers: tuple[int, ...] | None = None,
    ) -> tuple[str, ...]:
        """The contracts ``seat`` may choose in deal ``deal_number``, in the plan's order.

        ``table`` counts how often each contract was chosen in the deals before, ``mine`` how
        often ``seat`` chose it (:meth:`used`); ``choosers`` as for :meth:`choices`.
        """
        quotas = [(c, n - mine.get(c, 0)) for c, n in self.per_player]
        out: list[str] = []
        owed = sum(n for _, n in quotas)
        if not self.forced(rules, seat, deal_number, owed, choosers):
            out.extend(c for c, n in self.shared if n > table.get(c, 0))
        out.extend(c for c, n in quotas if n > 0)
        return tuple(out)

    def why_not(self, state: State, seat: int, contract: str) -> str | None:
        """``None`` when ``seat`` may choose ``contract`` now, else why he may not."""
        if contract in self.choices(state, seat):
            return None
        quotas = self.quotas_left(state, seat)
        if contract in quotas:
            per = dict(self.per_player)[contract]
            times = "once" if per == 1 else f"{per} times"
            return f"seat {seat} has already chosen {contract} {times}, as often as he may"
        pool = self.pool_left(state)
        if contract not in pool:
            return f"{contract} is not one of the contracts chosen here ({', '.join(self.order)})"
        if pool[contract] <= 0:
            count = dict(self.shared)[contract]
            if count == 1:
                return f"{contract} has already been played and may not be chosen again"
            return (
                f"{contract} has already been played {count} times, as often as it may be, and "
                "may not be chosen again"
            )
        owed = ", ".join(
            f"{c} {n} more time{'s' if n > 1 else ''}" for c, n in quotas.items() if n > 0
        )
        return (
            f"seat {seat} has as many turns left as contracts he still owes ({owed}) "
            "and must choose one of them"
        )


def _tally(
    chosen: Iterable[tuple[str, int | None]], seat: int
) -> tuple[dict[str, int], dict[str, int]]:
    """How often each contract of the ``(contract, chooser)`` pairs came, and by ``seat``."""
    table: dict[str, int] = {}
    mine: dict[str, int] = {}
    for contract, chooser in chosen:
        table[contract] = table.get(contract, 0) + 1
        if chooser == seat:
            mine[contract] = mine.get(contract, 0) + 1
    return table, mine


class ChooseContract(PhaseRules):
    """The CHOOSE phase: the player to move chooses the deal's contract from the plan.

    A contract that is a trump round opens the DECLARE phase for the same player; any other
    contract goes to ``proceed``. Either way the chooser becomes the deal's ``maker``, which
    is what the deal's result records as its ``chooser``.

    ``opens_deals=True`` is the variant's word that its ``kinglib_begin_deal`` opens every deal
    of the match at this phase, the plan's chooser (:meth:`ChoicePlan.chooser_of`) to move,
    and changes nothing else of the deal as dealt (Turkish King's opening). With this class's
    own choice and ``start_play`` to follow, a random match that keeps nothing
    (:func:`kinglib.simulate`) then draws each choice from the contracts chosen before, and
    plays the whole match on integers (:meth:`open_deal_at_random`); the tests that compare random
    matches with matches played move by move hold the variant to its word.
    """

    def __init__(
        self, rules: Rules, plan: ChoicePlan, proceed: Proceed, *, opens_deals: bool = False
    ) -> None:
        """Keep the plan, what follows the choice and whether the variant opens every deal here."""
        self.rules = rules
        self.plan = plan
        self.proceed = proceed
        self.opens_deals = opens_deals
        # The moves are made once: a Choose for every contract of the plan; the choosers of
        # the deals once they are asked for.
        self._moves = {c: Choose(c) for c in plan.order}
        self._choosers: tuple[int, ...] | None = None

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Choose`` for every contract the player may still choose."""
        seat = state.to_move
        assert seat is not None
        moves = self._moves
        choices = self.plan.choices(state, seat, self._chooser_of_deals())
        return tuple(moves.get(c) or Choose(c) for c in choices)

    def _chooser_of_deals(self) -> tuple[int, ...]:
        """:meth:`ChoicePlan.choosers` for the rules, kept once asked."""
        choosers = self._choosers
        if choosers is None:
            choosers = self._choosers = self.plan.choosers(self.rules)
        return choosers

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a contract may not be chosen (used up, not in the pool, or forced)."""
        if not isinstance(move, Choose):
            return f"the contract of the deal is being chosen: choose one, not {move}"
        seat = state.to_move
        assert seat is not None
        return self.plan.why_not(state, seat, move.contract)

    def apply(self, state: State, move: Move) -> State:
        """Fix the contract; a trump round then asks for its trump."""
        assert isinstance(move, Choose)
        seat = state.to_move
        contract = self.rules.contracts[move.contract]
        if contract.trump_round:
            return state.after(
                move, phase=Phase.DECLARE, contract_info=contract, maker=seat, to_move=seat
            )
        return self.proceed(state.after(move, contract_info=contract, maker=seat))

    def draw_choice(self, state: State, draws: Sequence[Draws]) -> tuple[int, Choose, Contract]:
        """The seat to move, the choice it makes at random and its contract.

        The choice is ``legal_moves(state)[draws[seat].below(n)]`` of its ``n`` legal moves,
        as :meth:`open_at_random` draws it (a subclass's own ``open_at_random`` draws with it).
        """
        seat = state.to_move
        assert seat is not None
        moves = self.legal_moves(state)
        choice = moves[draws[seat].below(len(moves))]
        assert isinstance(choice, Choose)
        return seat, choice, self.rules.contracts[choice.contract]

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The choice drawn at random, with the trump of a trump round: the card play then opens.

        That is when the choice goes to :func:`~kinglib.engine.tricks.start_play` through this
        class's own :meth:`apply` (else ``None``). A trump round's trump is drawn too when its
        DECLARE phase is a :class:`DeclareTrump` that opens the play; else the opening is the
        choice alone, without a contract.
        """
        if type(self).apply is not ChooseContract.apply or self.proceed is not start_play:
            return None
        seat, choice, contract = self.draw_choice(state, draws)
        return self._opening(seat, choice, contract, draws)

    def _opening(
        self, seat: int, choice: Choose, contract: Contract, draws: Sequence[Draws]
    ) -> Opening:
        """The opening of ``seat``'s ``choice``: with its trump drawn, for a trump round."""
        if not contract.trump_round:
            return Opening((choice,), contract, None, seat)
        declare = self.rules.phases.get(Phase.DECLARE)
        if not (isinstance(declare, DeclareTrump) and declare.opens_to_play()):
            return Opening((choice,))
        named, trump = declare.draw_trump(seat, draws)
        return Opening((choice, named), contract, trump, seat)

    def opens_every_deal(self) -> bool:
        """Whether :meth:`open_deal_at_random` may open every deal of a random match.

        It may when the variant says so (``opens_deals``), the choice is this class's own
        (its legal moves and its ``apply``), the card play opens right after it (``proceed``
        is ``start_play``) and a trump round's trump is named in a :class:`DeclareTrump` that
        opens the play.
        """
        kind = type(self)
        if not (
            self.opens_deals
            and kind.legal_moves is ChooseContract.legal_moves
            and kind.apply is ChooseContract.apply
            and self.proceed is start_play
        ):
            return False
        if not any(self.rules.contracts[c].trump_round for c in self.plan.order):
            return True
        declare = self.rules.phases.get(Phase.DECLARE)
        return isinstance(declare, DeclareTrump) and declare.opens_to_play()

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """The choice of deal ``deal_number`` drawn as :meth:`open_at_random` draws it.

        The chooser is the plan's, and what he may choose is read from ``openings``, those of
        the deals before: their contracts and makers (:meth:`ChoicePlan.choices_after`).
        """
        seat, choice, contract = self.draw_choice_after(deal_number, openings, draws)
        return self._opening(seat, choice, contract, draws)

    def draw_choice_after(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> tuple[int, Choose, Contract]:
        """The chooser of deal ``deal_number``, the choice he makes at random and its contract.

        The choice is drawn as :meth:`draw_choice` draws it for the deal's state, what may be
        chosen read from ``openings``, those of the deals before (their contracts and makers:
        :meth:`ChoicePlan.choices_after`). A subclass's own :meth:`open_deal_at_random` draws
        with it.
        """
        seat = self.plan.chooser_of(self.rules, deal_number)
        chosen = ((o.contract.id if o.contract else "", o.maker) for o in openings)
        table, mine = _tally(chosen, seat)
        names = self.plan.choices_after(
            self.rules, seat, deal_number, table, mine, self._chooser_of_deals()
        )
        choice = self._moves[names[draws[seat].below(len(names))]]
        return seat, choice, self.rules.contracts[choice.contract]


class DeclareTrump(PhaseRules):
    """The DECLARE phase of an ordered trump round: the maker names the trump, hand seen."""

    def __init__(self, declarations: tuple[Suit | str, ...], proceed: Proceed) -> None:
        """Keep the declarations allowed and what follows the declaration."""
        self.declarations = declarations
        self.moves: tuple[Move, ...] = tuple(Declare(d) for d in declarations)
        self.proceed = proceed

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Declare`` for every suit (and ``notrump`` where allowed)."""
        return self.moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a declaration is refused."""
        if not isinstance(move, Declare):
            return f"the trump of the trump round is being named: declare it, not {move}"
        if move in self.moves:
            return None
        allowed = ", ".join(str(d) for d in self.declarations)
        return f"{move.trump} may not be ordered in this trump round (allowed: {allowed})"

    def apply(self, state: State, move: Move) -> State:
        """Fix the trump and go on."""
        assert isinstance(move, Declare)
        return self.proceed(state.after(move, trump=move.trump))

    def opens_to_play(self) -> bool:
        """Whether a declaration goes straight to the trick play (this class's own rules)."""
        return (
            type(self).legal_moves is DeclareTrump.legal_moves
            and type(self).apply is DeclareTrump.apply
            and self.proceed is start_play
        )

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The trump drawn at random, when the card play then opens (:meth:`opens_to_play`)."""
        if not self.opens_to_play():
            return None
        seat = state.to_move
        contract = state.contract_info
        assert seat is not None and contract is not None
        named, trump = self.draw_trump(seat, draws)
        return Opening((named,), contract, trump, state.maker)

    def draw_trump(self, seat: int, draws: Sequence[Draws]) -> tuple[Declare, Suit | str]:
        """The declaration ``seat`` makes at random (``moves[draws[seat].below(n)]``), its trump."""
        named = self.moves[draws[seat].below(len(self.moves))]
        assert isinstance(named, Declare) and not isinstance(named.trump, Rank)
        return named, named.trump


def check_given_trump(
    rules: Rules, contract_id: str, trump: Suit | str | None, declarations: tuple[Suit | str, ...]
) -> None:
    """Check the trump given with a hand-built deal (``Rules.new_deal``).

    Raises :class:`~kinglib.values.errors.RulesError` for a trump given with a contract that is no
    trump round, or a trump the variant does not allow.
    """
    if trump is None:
        return
    if not rules.contracts[contract_id].trump_round:
        raise RulesError(f"{contract_id} is not a trump round: it takes no trump ({trump})")
    if trump not in declarations:
        allowed = ", ".join(str(d) for d in declarations)
        raise RulesError(f"{trump} may not be ordered in {rules.variant} (allowed: {allowed})")
