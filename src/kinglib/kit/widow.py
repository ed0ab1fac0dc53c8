"""The widow and the discard: a pile shown to everyone, taken by one player, then discarded.

A variant with a widow deals it as a pile (``"widow"``, hidden until shown) next to an empty
``"discard"`` pile. Once the contract of the deal is fixed, :func:`take_widow` shows the widow
to everyone, adds it to the taker's hand and opens the DISCARD phase, in which
:class:`DiscardCards` asks him to lay as many cards face down as the widow held, never a card
that scores in the deal's contract. Discarded cards are taken by nobody, so they score for
nobody.

The views and the records of such a deal come from :func:`widow_of` (the widow's cards, once
shown): a variant reports them in its ``kinglib_view_extra`` (``"widow"``), its
``kinglib_deal_details``, its ``kinglib_visible_piles`` (``"widow"`` for everyone, ``"discard"``
for the taker) and its ``kinglib_invariants`` (the widow's cards are shown to every seat).
``atomic`` is built this way.
"""

from __future__ import annotations

import itertools

import attrs

from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.values.cards import CardSet, iter_indices
from kinglib.values.moves import Discard, Move

__all__ = ["DiscardCards", "WidowShown", "take_widow", "widow_of", "with_pile"]


@attrs.frozen
class WidowShown:
    """The deal's ``aux`` once the widow has been shown: the cards it held (a mask)."""

    widow: int


def with_pile(
    piles: tuple[tuple[str, int], ...], name: str, mask: int
) -> tuple[tuple[str, int], ...]:
    """``piles`` (a state's ``piles_mask``) with pile ``name`` set to ``mask``."""
    return tuple(sorted({**dict(piles), name: mask}.items()))


def take_widow(state: State, seat: int | None = None) -> State:
    """Show the widow, put it into ``seat``'s hand (the eldest by default), and ask for a discard.

    Use it as the ``proceed`` function of :class:`~kinglib.kit.choosing.ChooseContract` and
    :class:`~kinglib.kit.choosing.DeclareTrump`, so the widow is taken once the contract (and
    the trump) is fixed.
    """
    taker = state.eldest if seat is None else seat
    widow = state.pile("widow").mask
    hands = list(state.hands_mask)
    hands[taker] |= widow
    return state.evolve(
        phase=Phase.DISCARD,
        to_move=taker,
        hands_mask=tuple(hands),
        piles_mask=with_pile(state.piles_mask, "widow", 0),
        aux=WidowShown(widow),
    )


def widow_of(state: State) -> CardSet | None:
    """The widow's cards once shown in this deal, else ``None``."""
    aux = state.aux
    return CardSet.from_mask(aux.widow) if isinstance(aux, WidowShown) else None


class DiscardCards(PhaseRules):
    """The DISCARD phase: the player to move lays ``count`` cards away, none that scores.

    Every set of ``count`` cards of his hand that score nothing in the deal's contract is a
    legal move (``Discard``); the cards go to the ``"discard"`` pile and he leads to the first
    trick.
    """

    def __init__(self, count: int = 2) -> None:
        """Keep how many cards are discarded (the size of the widow)."""
        self.count = count

    def allowed_mask(self, state: State) -> int:
        """The cards of the player's hand he may discard."""
        seat = state.to_move
        assert seat is not None
        contract = state.contract_info
        assert contract is not None
        return state.hands_mask[seat] & ~contract.scoring_mask

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every set of cards that may be discarded, in display order."""
        cards = list(iter_indices(self.allowed_mask(state)))
        return tuple(
            Discard(CardSet.from_mask(sum(1 << c for c in chosen)))
            for chosen in itertools.combinations(cards, self.count)
        )

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a discard is refused: the wrong number, a card not held, a scoring card."""
        if not isinstance(move, Discard):
            words = {1: "one card", 2: "two cards", 3: "three cards", 4: "four cards"}
            what = words.get(self.count, f"{self.count} cards")
            return f"the declarer must discard {what}, not {move}"
        seat = state.to_move
        assert seat is not None
        cards = move.cards
        if len(cards) != self.count:
            return f"the declarer discards exactly {self.count} cards, not {len(cards)}"
        foreign = cards.mask & ~state.hands_mask[seat]
        if foreign:
            return f"seat {seat} does not hold {CardSet.from_mask(foreign)}"
        scoring = cards.mask & ~self.allowed_mask(state)
        if scoring:
            contract = state.contract_info
            assert contract is not None
            shown = CardSet.from_mask(scoring)
            verb = "scores" if len(shown) == 1 else "score"
            return f"{shown} {verb} in {contract.id} and may not be discarded"
        return None

    def apply(self, state: State, move: Move) -> State:
        """Lay the cards face down; the card play opens (the declarer, the maker, leads)."""
        assert isinstance(move, Discard)
        seat = state.to_move
        assert seat is not None
        hands = list(state.hands_mask)
        hands[seat] &= ~move.cards.mask
        discard = state.pile("discard").mask | move.cards.mask
        return start_play(
            state,
            move,
            hands_mask=tuple(hands),
            piles_mask=with_pile(state.piles_mask, "discard", discard),
        )
