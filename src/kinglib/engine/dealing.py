"""Dealing: the :class:`Deal` a variant hands out, and the plain even deal."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs

from kinglib.engine.kernel import DRAWS_LIKE_CHOICE, shuffle
from kinglib.values.cards import CardSet, iter_indices

__all__ = ["Deal", "deal_evenly", "deal_rng", "shuffle_cards"]


def _piles(
    value: Mapping[str, CardSet] | Iterable[tuple[str, CardSet]],
) -> tuple[tuple[str, CardSet], ...]:
    """Piles as sorted ``(name, cards)`` pairs, from a mapping or from pairs (default ``()``)."""
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted(pairs))


@attrs.frozen
class Deal:
    """The cards of one deal before anything is played.

    Attributes:
        hands: one card set per seat.
        piles: the other places cards lie face down, by name (``"widow"``, ``"stock"``,
            ``"kitty"``), as sorted ``(name, CardSet)`` pairs.

    """

    hands: tuple[CardSet, ...]
    piles: tuple[tuple[str, CardSet], ...] = attrs.field(default=(), converter=_piles)


def deal_rng(seed: int, deal_number: int) -> random.Random:
    """The random generator of one deal of a match: seeded from the match seed and the deal."""
    return random.Random(f"kinglib/{seed}/{deal_number}")


def shuffle_cards(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same permutation, drawn by the kernel for a plain ``Random``."""
    if DRAWS_LIKE_CHOICE and type(rng) is random.Random:
        shuffle(cards, rng.getrandbits)
    else:
        rng.shuffle(cards)


# The card bits (1 << index) of each pack dealt so far, in index order, by the pack's mask.
_PACKS: dict[int, tuple[int, ...]] = {}


def deal_evenly(
    deck: CardSet,
    players: int,
    rng: random.Random,
    *,
    seats: tuple[int, ...] | None = None,
    piles: Mapping[str, int] | None = None,
) -> Deal:
    """Shuffle ``deck`` and give each of ``seats`` (default: every seat) an equal hand.

    ``piles`` names the piles to set aside first with their sizes (``{"widow": 2}``); what is
    left is shared evenly and must divide exactly.
    """
    pack = _PACKS.get(deck.mask)
    if pack is None:
        pack = _PACKS[deck.mask] = tuple(1 << i for i in iter_indices(deck.mask))
    # The cards are shuffled as their bits, so that a hand's mask is the sum of its cards.
    cards = list(pack)
    shuffle_cards(cards, rng)
    from_mask = CardSet.from_mask
    pile_sets: dict[str, CardSet] = {}
    pos = 0
    if piles:
        for name, size in piles.items():
            pile_sets[name] = from_mask(sum(cards[pos : pos + size]))
            pos += size
    active = range(players) if seats is None else seats
    rest = len(cards) - pos
    if not active or rest % len(active):
        raise ValueError(f"{rest} cards do not divide among {len(active)} hands")
    size = rest // len(active)
    if seats is None:
        hands = [from_mask(sum(cards[k : k + size])) for k in range(pos, len(cards), size)]
    else:
        hands = [CardSet()] * players
        for seat in seats:
            hands[seat] = from_mask(sum(cards[pos : pos + size]))
            pos += size
    if not pile_sets:
        return _deal_of_hands(tuple(hands))
    return Deal(hands=tuple(hands), piles=pile_sets)


def _deal_of_hands(hands: tuple[CardSet, ...]) -> Deal:
    """``Deal(hands=hands)`` without attrs' ``__init__`` (no piles to sort)."""
    deal: Deal = _object_new(Deal)
    _set_hands(deal, hands)
    _set_piles(deal, ())
    return deal


_object_new = object.__new__
_set_hands = Deal.__dict__["hands"].__set__
_set_piles = Deal.__dict__["piles"].__set__
