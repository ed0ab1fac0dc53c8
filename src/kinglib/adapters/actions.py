"""A fixed numbering of every move of a rules object: :class:`ActionSpace`.

Game-AI frameworks number their actions ``0 .. n-1``. :class:`ActionSpace` gives every move
that a rules object can produce one number, the same for every state of those rules, in
blocks laid out in this order:

============ ===========================================  ==================================
block        moves                                        size
============ ===========================================  ==================================
``play``     ``Play(card)`` for each card of the pack,    the pack's size
             in display order (spades A..2, hearts,
             diamonds, clubs, jokers)
``draw``     ``Draw()``                                   1
``pass``     ``Pass()``                                   1
``sell``     ``Sell()``                                   1
``keep``     ``Keep()``                                   1
``bid``      ``Bid(0)`` .. ``Bid(n)``, ``n`` the size     the pack's size + 1
             of the pack
``choose``   ``Choose(c)`` for each contract id of the    the number of contracts
             catalogue, in catalogue order
``declare``  ``Declare(t)`` for the four suits (S, H,     8, or 21 with the ranks
             D, C) then ``notrump``, ``misere``,
             ``last``, ``raspis``; then, when the
             rules name a layout's start rank
             (option ``fan_tan_start``), the
             thirteen ranks, ace first
``discard``  ``Discard(cards)`` for each one card, then   ``n + n(n-1)/2`` (``n`` the
             for each pair of cards of the pack (pairs    pack's size), only when the rules
             in display order of their first card)        have a discard phase, else 0
``double``   ``Double(seats)`` for every non-empty set    ``2**n - 1`` (``n`` the players),
             of seats, smallest sets first (each in       only when the rules have a
             ascending order)                             doubling phase, else 0
``redouble`` ``Redouble(seats)``, the same sets           the same
============ ===========================================  ==================================

A discard is one action (the whole set laid away), so the state between two discarded cards
never exists and every framework sees the rules' own moves. A 32-card pack with a discard
phase (``atomic``) has 32 + 4 + 33 + 7 + 8 + 528 = 612 actions; ``simple`` (32 cards, 15
contracts, no discard phase) has 92; ``barbu`` (52 cards, 7 contracts, the ranks declared,
doubling for four) has 52 + 4 + 53 + 7 + 21 + 15 + 15 = 167.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase
from kinglib.values.cards import CardSet, Rank, Suit
from kinglib.values.errors import IllegalMoveError
from kinglib.values.moves import (
    DECLARATIONS,
    Bid,
    Choose,
    Declare,
    Discard,
    Double,
    Draw,
    Keep,
    Move,
    Pass,
    Play,
    Redouble,
    Sell,
)

__all__ = ["ActionSpace"]


class ActionSpace:
    """The numbering of every move of ``rules``: :meth:`action` and :meth:`move`.

    Attributes:
        rules: the rules whose moves are numbered.
        moves: every move, by its number.
        blocks: ``(name, first number, size)`` of each block, in order.

    """

    rules: Rules
    moves: tuple[Move, ...]
    blocks: tuple[tuple[str, int, int], ...]

    def __init__(self, rules: Rules) -> None:
        """Number the moves of ``rules``."""
        pack = list(rules.deck)
        declare: list[Move] = [Declare(s) for s in Suit]
        declare += [Declare(d) for d in DECLARATIONS]
        if "fan_tan_start" in rules.options:
            declare += [Declare(r) for r in sorted(Rank, reverse=True)]
        discard: list[Move] = []
        if Phase.DISCARD in rules.phases:
            discard += [Discard(CardSet([c])) for c in pack]
            discard += [Discard(CardSet(pair)) for pair in combinations(pack, 2)]
        seats: list[tuple[int, ...]] = []
        if Phase.DOUBLE in rules.phases:
            every = range(rules.players)
            seats = [c for k in range(1, rules.players + 1) for c in combinations(every, k)]
        parts: list[tuple[str, list[Move]]] = [
            ("play", [Play(c) for c in pack]),
            ("draw", [Draw()]),
            ("pass", [Pass()]),
            ("sell", [Sell()]),
            ("keep", [Keep()]),
            ("bid", [Bid(n) for n in range(len(pack) + 1)]),
            ("choose", [Choose(c) for c in rules.contracts]),
            ("declare", declare),
            ("discard", discard),
            ("double", [Double(s) for s in seats]),
            ("redouble", [Redouble(s) for s in seats]),
        ]
        moves: list[Move] = []
        blocks: list[tuple[str, int, int]] = []
        for name, found in parts:
            blocks.append((name, len(moves), len(found)))
            moves += found
        self.rules = rules
        self.moves = tuple(moves)
        self.blocks = tuple(blocks)
        self._numbers = {m: i for i, m in enumerate(moves)}

    def __len__(self) -> int:
        """The number of actions."""
        return len(self.moves)

    def action(self, move: Move) -> int:
        """The number of ``move``.

        Raises :class:`~kinglib.values.errors.IllegalMoveError` for a move these rules never produce
        (a card outside the pack, a bid above the pack's size, an unknown contract).
        """
        found = self._numbers.get(move)
        if found is None:
            raise IllegalMoveError(
                f"{move!s} has no action number: the {self.rules.variant} rules never make it"
            )
        return found

    def move(self, action: int) -> Move:
        """The move numbered ``action``.

        Raises :class:`~kinglib.values.errors.IllegalMoveError` for a number outside ``0 .. len-1``.
        """
        if isinstance(action, bool) or not 0 <= action < len(self.moves):
            raise IllegalMoveError(
                f"no action {action!r}: the {self.rules.variant} actions are 0 to "
                f"{len(self.moves) - 1}"
            )
        return self.moves[int(action)]

    def actions(self, moves: Iterable[Move]) -> list[int]:
        """The numbers of ``moves``, sorted (the form game-AI frameworks expect)."""
        numbers = self._numbers
        try:
            found = [numbers[m] for m in moves]
        except KeyError:
            found = [self.action(m) for m in moves]
        found.sort()
        return found

    def mask(self, moves: Iterable[Move]) -> list[int]:
        """One 0/1 entry per action: 1 for each of ``moves``."""
        out = [0] * len(self.moves)
        for m in moves:
            out[self.action(m)] = 1
        return out
