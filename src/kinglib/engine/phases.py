"""The rules of one phase: :class:`PhaseRules`, the interface every phase implements.

A variant supplies one object per :class:`~kinglib.engine.state.Phase` it uses through the
``kinglib_phases`` hook. The state calls it on every move, so it makes no hook calls itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from kinglib.values.moves import Move

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from kinglib.engine.kernel import Draws
    from kinglib.engine.state import State
    from kinglib.values.cards import Card, Suit
    from kinglib.values.contracts import Contract

__all__ = ["ContractPlay", "Opening", "PhaseRules", "describe_moves"]


def describe_moves(moves: tuple[Move, ...], limit: int = 12) -> str:
    """A short list of moves for an error message."""
    text = ", ".join(str(m) for m in moves[:limit])
    if len(moves) > limit:
        text += f", … ({len(moves)} in all)"
    return text


@attrs.frozen
class Opening:
    """Moves drawn at random in one step, and how the deal's card play opens after them.

    With a ``contract``, applying ``moves`` one after the other from the state they were drawn
    in reaches the state that :func:`kinglib.engine.tricks.start_play` opens with this
    contract, trump and maker and these ``hands``, nothing else changed but the piles and the
    ``aux`` of the phase. Without one, the moves lead elsewhere (a trump round auctioned,
    say): the deal goes on from the state they reach (see :meth:`PhaseRules.open_at_random`).

    Attributes:
        moves: the moves drawn, in order.
        contract: the deal's contract, or ``None`` when the card play does not open yet.
        trump: the trump of the deal, if any.
        maker: the deal's maker (the seat that chose), if any.
        hands: each seat's hand as a card mask when the play opens, where the opening deals
            cards (the rest of each hand, dealt after a declaration on the first cards);
            ``None``: the hands of the state the moves were drawn in.
        settle: for a variant that scores its deals itself, how this deal's points follow
            from the points its contract gives for the tricks and cards taken (as kinglib
            scores them), given when the variant's scoring reads nothing else of the deal: a
            wager made in the opening and paid on those points, say. ``None``: the deal is
            scored from the state it ends in.
        details: with ``settle``, the deal's details as the variant's ``kinglib_deal_details``
            gives them for the state the deal ends in.

    """

    moves: tuple[Move, ...]
    contract: Contract | None = None
    trump: Suit | str | None = None
    maker: int | None = None
    hands: tuple[int, ...] | None = None
    settle: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None
    details: tuple[tuple[str, Any], ...] = ()


class PhaseRules:
    """The legal moves of one phase and what they do.

    Subclasses implement :meth:`legal_moves` and :meth:`apply`; :meth:`why_illegal` has a
    generic form that they refine with the precise reason a move is refused.
    """

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The moves the player to move may make, in a deterministic order."""
        raise NotImplementedError

    def apply(self, state: State, move: Move) -> State:
        """The state after a legal ``move`` (not checked again)."""
        raise NotImplementedError

    def apply_if_legal(self, state: State, move: Move) -> State | None:
        """The state after ``move`` if it is legal, else ``None`` (:meth:`why_illegal` says why).

        Subclasses may check legality more cheaply than :meth:`why_illegal` does.
        """
        if self.why_illegal(state, move) is not None:
            return None
        return self.apply(state, move)

    def why_illegal(self, state: State, move: Move) -> str | None:
        """``None`` if ``move`` is legal, else a sentence saying why it is not."""
        legal = self.legal_moves(state)
        if move in legal:
            return None
        return (
            f"it is not a legal move now (the {state.phase.value} phase: {describe_moves(legal)})"
        )

    def play_rest_at_random(self, state: State, draws: Sequence[Draws]) -> State | None:
        """The rest of the deal of ``state`` played at random in one step, or ``None``.

        A phase that can play on without a state per move (a fan-tan layout) returns the state
        that ends the deal, unscored: the one :meth:`apply` would reach just before the deal
        is scored, when each seat makes the move ``legal_moves(state)[draws[seat].below(n)]``
        of its ``n`` legal moves, as :func:`kinglib.engine.random_match.random_outcome` does.
        It is called only when no house rule filters the legal moves. The default is
        ``None``: the phase is played a move at a time.
        """
        return None

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The moves that open the card play of the deal of ``state``, drawn at random, or ``None``.

        A phase whose moves lead straight to the trick play (a choice of contract, a trump
        named) draws them as :meth:`play_rest_at_random` does, each seat's move
        ``legal_moves(s)[draws[seat].below(n)]`` in the state ``s`` it is made in, and says
        what they come to as an :class:`Opening`: a deal played at random can then go on on
        integers, without a state per move. Moves drawn that lead elsewhere are returned as an
        opening without a contract; a phase that does not know where its moves lead returns
        ``None`` before drawing anything. It is called only when no house rule filters the
        legal moves. The default is ``None``.
        """
        return None

    def opens_every_deal(self) -> bool:
        """Whether every deal of a random match may be opened by :meth:`open_deal_at_random`.

        True for a phase that opens each deal of its match (its variant's
        ``kinglib_begin_deal`` sets this phase, and changes nothing else of the deal as
        dealt) and whose opening reads nothing of the match but the openings of the deals
        before: then a random match that keeps nothing (:func:`kinglib.simulate`) plays on
        integers from the first deal to the last, no state built. The default is false.
        """
        return False

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """The opening of deal ``deal_number``, as :meth:`open_at_random` draws it for its state.

        ``openings`` holds the opening of each deal before it, in order. Called only where
        :meth:`opens_every_deal` is true, and when no house rule filters the legal moves; the
        opening must open the card play (its ``contract`` given), and settle the points of a
        contract that its variant scores itself (``settle`` given: a wager paid, say).
        """
        raise NotImplementedError(f"{type(self).__name__} opens no deal without its state")

    def plays_deals_at_random(self) -> bool:
        """Whether a deal of this play phase may be played by :meth:`play_deal_at_random`.

        True for a play phase (one a contract's trick rules name, such as a fan-tan layout)
        that can play a whole deal at random from the hands and its opening, without a state,
        and score it as the hooks of its own module do: a random match that keeps nothing may
        then play such a deal on integers, when no plugin but that module and the variant
        scores it, the variant's scoring settled by the deal's opening (see
        :meth:`opens_every_deal` and :attr:`Opening.settle`). The default is false.
        """
        return False

    def play_deal_at_random(
        self, opening: Opening, dealer: int, hands: Sequence[int], draws: Sequence[Draws]
    ) -> tuple[tuple[int, ...], int]:
        """The points of the deal that ``opening`` opens, played at random, and its moves' count.

        ``dealer`` is the deal's dealer and ``hands`` each seat's cards as the play opens
        (card masks); each seat draws its moves as :meth:`play_rest_at_random` draws them. The
        points are the deal's as the phase's own module scores it. Called only where
        :meth:`plays_deals_at_random` is true, and when no house rule filters the legal moves.
        """
        raise NotImplementedError(f"{type(self).__name__} plays no deal without its state")


class ContractPlay(PhaseRules):
    """The PLAY phase of a variant with play phases of its own: each deal to its contract's.

    A contract whose trick rules name a phase (``TrickRules(phase="fan_tan")``) is played by
    that phase; every other contract by trick play. ``load_rules`` builds it when a variant's
    ``kinglib_phases`` names a play phase.

    Args:
        trick_play: the rules of trick play (``None`` when no contract is played by tricks).
        named: the variant's own play phases, by name.

    """

    def __init__(self, trick_play: PhaseRules | None, named: dict[str, PhaseRules]) -> None:
        """Keep the phases to hand the deals to."""
        self.trick_play = trick_play
        self.named = dict(named)

    def phase_for(self, state: State) -> PhaseRules:
        """The phase that plays the deal of ``state``."""
        contract = state.contract_info
        name = None if contract is None else contract.trick_rules.phase
        chosen = self.trick_play if name is None else self.named[name]
        assert chosen is not None
        return chosen

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The legal moves of the deal's phase."""
        return self.phase_for(state).legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        """The deal's phase applies the move."""
        return self.phase_for(state).apply(state, move)

    def apply_if_legal(self, state: State, move: Move) -> State | None:
        """The deal's phase checks and applies the move."""
        return self.phase_for(state).apply_if_legal(state, move)

    def why_illegal(self, state: State, move: Move) -> str | None:
        """The deal's phase explains a refusal."""
        return self.phase_for(state).why_illegal(state, move)

    def trick_winner(self, state: State, plays: tuple[tuple[int, Card], ...]) -> int:
        """The winner of ``plays`` in the deal of ``state``, by the trick play that plays it.

        Raises :class:`AttributeError` for a deal whose phase plays no tricks.
        """
        phase: Any = self.phase_for(state)
        winner: int = phase.trick_winner(state, plays)
        return winner
